import { QueryClient } from '@tanstack/react-query';
import { isNavigationAbort } from '../lib/api-client';

/**
 * The API client already retries timeouts and network errors (5 times, 3 s apart), so queries
 * do not retry on their own, except a request that a navigation aborted while its query is still
 * shown (e.g. the header's): that one is fetched again at once under the new navigation.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isNavigationAbort(error) && failureCount < 2,
        retryDelay: 0,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

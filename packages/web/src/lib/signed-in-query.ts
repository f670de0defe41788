import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { AnswerSchema, QueryValue } from './api-client';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { FRESH_ON_MOUNT } from './page-data';

/**
 * A `GET` of the signed-in customer's own records (order lists, quotes, approvals, company users):
 * asked only while someone is signed in (and `enabled`), fetched again whenever its page mounts
 * (FRESH_ON_MOUNT), the answer checked by the shared contract `schema` loads with the request.
 * `single`: one record by its id, not retried (its 404 is the answer).
 */
export function useSignedInQuery<T>({
  queryKey,
  path,
  schema,
  query,
  enabled = true,
  single = false,
}: {
  queryKey: QueryKey;
  path: string;
  schema: () => Promise<AnswerSchema<T>>;
  query?: Record<string, QueryValue>;
  enabled?: boolean;
  single?: boolean;
}) {
  const api = useApiClient();
  const signedIn = useAuth() !== null;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, { signal, schema: schema(), ...(query ? { query } : {}) }),
    enabled: signedIn && enabled,
    ...(single ? { retry: false } : {}),
    ...FRESH_ON_MOUNT,
  });
}

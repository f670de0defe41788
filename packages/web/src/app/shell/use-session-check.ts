import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResponse } from '@shop/shared/contracts/auth';
import { useApiClient } from '../../lib/api-client-context';
import { useAuth } from '../../lib/auth-store';
import { passwordChangeStore } from '../../lib/password-change-store';

/** The query key of `GET /api/auth/me` for a token (a new token asks again). */
export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

function mustChangePassword(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as Partial<MeResponse>).mustChangePassword === true
  );
}

/**
 * For a signed-in visitor, asks the server once per token whether the account must change its
 * password first (docs/product.md §§2 and 4); if so the forced-reset dialog opens. A failure is
 * ignored here: an expired or revoked token ends the session through the API client.
 */
export function useSessionCheck(): void {
  const auth = useAuth();
  const client = useApiClient();
  const token = auth?.token ?? null;
  const me = useQuery({
    queryKey: meQueryKey(token),
    queryFn: ({ signal }) => client.get<unknown>('/auth/me', { signal }),
    enabled: token !== null,
    staleTime: Infinity,
  });
  const forced = token !== null && mustChangePassword(me.data);
  useEffect(() => {
    if (forced) passwordChangeStore.require();
  }, [forced]);
}

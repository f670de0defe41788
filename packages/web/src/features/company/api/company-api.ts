import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyUser,
  CompanyUsersResponse,
  InviteCompanyUserRequest,
  UpdateCompanyUserRequest,
} from '@shop/shared/contracts/company';
import { useApiClient } from '../../../lib/api-client-context';
import type { ApiClient } from '../../../lib/api-client';
import { useSignedInQuery } from '../../../lib/signed-in-query';

/**
 * Company users (issue 15, docs/product.md §3.4): the owner's calls of /api/company/users as
 * TanStack Query hooks; answers are checked by the shared contracts, loaded with the request.
 */
const contracts = () => import('@shop/shared/contracts/company');

export const COMPANY_USERS_KEY = ['company', 'users'] as const;

/** `GET /api/company/users`: users, the company's addresses and the latest changes. */
export function useCompanyUsers(enabled = true) {
  return useSignedInQuery<CompanyUsersResponse>({
    queryKey: COMPANY_USERS_KEY,
    path: '/company/users',
    schema: () => contracts().then((c) => c.companyUsersResponseSchema),
    enabled,
  });
}

type UserAnswer = { data: true; user: CompanyUser };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: COMPANY_USERS_KEY });
}

/** `POST /api/company/users`: the invitation (its mail goes out from the server). */
export function useInviteCompanyUser() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InviteCompanyUserRequest) =>
      api.post<UserAnswer>('/company/users', body, {
        retry: false,
        navigationScoped: false,
        schema: contracts().then((c) => c.companyUserResponseSchema),
      }),
    onSuccess: refresh,
  });
}

/** `PATCH /api/company/users/{userId}`: role, limits, addresses, disabled. */
export function useUpdateCompanyUser() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: UpdateCompanyUserRequest }) =>
      api.patch<UserAnswer>(`/company/users/${userId}`, change, {
        retry: false,
        navigationScoped: false,
        schema: contracts().then((c) => c.companyUserResponseSchema),
      }),
    onSuccess: refresh,
  });
}

/** `DELETE /api/company/users/{userId}`. */
export function useRemoveCompanyUser() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ data: true }>(`/company/users/${userId}`, { retry: false, navigationScoped: false }),
    onSuccess: refresh,
  });
}

/** `POST /api/users/{userId}/accept-invite/{code}`: sets the invited login's password. */
export async function acceptInvite(client: ApiClient, userId: string, code: string, newPassword: string) {
  await client.post<{ data: true }>(
    `/users/${encodeURIComponent(userId)}/accept-invite/${encodeURIComponent(code)}`,
    { newPassword },
    { retry: false, navigationScoped: false },
  );
}

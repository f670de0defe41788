import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalDetailResponse,
  ApprovalsResponse,
  ApproveResponse,
  RejectResponse,
} from '@shop/shared/contracts/approvals';
import { useApiClient } from '../../../lib/api-client-context';
import { useSignedInQuery } from '../../../lib/signed-in-query';

/**
 * Order approvals (issue 15, docs/product.md §3.4): the calls of /api/company/approvals as
 * TanStack Query queries and mutations. Answers are checked by the shared contracts, loaded with
 * the request.
 */
const contracts = () => import('@shop/shared/contracts/approvals');

export const APPROVAL_KEYS = {
  all: ['approvals'] as const,
  one: (approvalId: number) => ['approvals', approvalId] as const,
  /** The header badge's count (approvals-badge.tsx keeps the same key). */
  pendingCount: ['approvals', 'pending-count'] as const,
};

/** `GET /api/company/approvals`. */
export function useApprovals() {
  return useSignedInQuery<ApprovalsResponse>({
    queryKey: APPROVAL_KEYS.all,
    path: '/company/approvals',
    schema: () => contracts().then((c) => c.approvalsResponseSchema),
  });
}

/** `GET /api/company/approvals/{approvalId}`. */
export function useApproval(approvalId: number) {
  return useSignedInQuery<ApprovalDetailResponse>({
    queryKey: APPROVAL_KEYS.one(approvalId),
    path: `/company/approvals/${approvalId}`,
    schema: () => contracts().then((c) => c.approvalDetailResponseSchema),
    enabled: Number.isInteger(approvalId) && approvalId > 0,
    single: true,
  });
}

function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // The list, the detail and the header badge.
      queryClient.invalidateQueries({ queryKey: APPROVAL_KEYS.all }),
      // The order history shows the new order.
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      // A quote's request decided: the quote is accepted or offered again (features/quotes' key).
      queryClient.invalidateQueries({ queryKey: ['quotes'] }),
    ]);
}

/** `POST /api/company/approvals/{approvalId}/approve`: the order, or place-order's refusals. */
export function useApprove(approvalId: number) {
  const api = useApiClient();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: () =>
      api.post<ApproveResponse>(`/company/approvals/${approvalId}/approve`, undefined, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.approveResponseSchema),
      }),
    onSettled: refresh,
  });
}

/** `POST /api/company/approvals/{approvalId}/reject` with the reason. */
export function useReject(approvalId: number) {
  const api = useApiClient();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<RejectResponse>(
        `/company/approvals/${approvalId}/reject`,
        { reason },
        { navigationScoped: false, retry: false, schema: contracts().then((c) => c.rejectResponseSchema) },
      ),
    onSettled: refresh,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptQuoteResponse, QuoteDetail, QuoteSummary } from '@shop/shared/contracts/quotes';
import { useApiClient } from '../../../lib/api-client-context';
import { useSignedInQuery } from '../../../lib/signed-in-query';

/**
 * Quotes (issue 16, docs/product.md §5.12): the calls of /api/quotes as TanStack Query queries and
 * mutations. Answers are checked by the shared contracts, loaded with the request.
 */
const contracts = () => import('@shop/shared/contracts/quotes');

export const QUOTE_KEYS = {
  all: ['quotes'] as const,
  one: (quoteId: number) => ['quotes', quoteId] as const,
};

/** `GET /api/quotes`. */
export function useQuotes() {
  return useSignedInQuery<QuoteSummary[]>({
    queryKey: QUOTE_KEYS.all,
    path: '/quotes',
    schema: () => contracts().then((c) => c.quoteListResponseSchema),
  });
}

/** `GET /api/quotes/{quoteId}`. */
export function useQuote(quoteId: number) {
  return useSignedInQuery<QuoteDetail>({
    queryKey: QUOTE_KEYS.one(quoteId),
    path: `/quotes/${quoteId}`,
    schema: () => contracts().then((c) => c.quoteDetailSchema),
    enabled: Number.isInteger(quoteId) && quoteId > 0,
    single: true,
  });
}

/** `POST /api/quotes/{quoteId}/accept`: the order at the quoted prices, or place-order's refusals. */
export function useAcceptQuote(quoteId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<AcceptQuoteResponse>(`/quotes/${quoteId}/accept`, undefined, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.acceptQuoteResponseSchema),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUOTE_KEYS.all }),
        // The order history shows the new order.
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        // Issue 15: or the approval request it went into (features/approvals' APPROVAL_KEYS.all).
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
      ]),
  });
}

/** `POST /api/quotes/{quoteId}/reject` with the reason. */
export function useRejectQuote(quoteId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<QuoteDetail>(
        `/quotes/${quoteId}/reject`,
        { reason },
        { navigationScoped: false, retry: false, schema: contracts().then((c) => c.quoteDetailSchema) },
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(QUOTE_KEYS.one(quoteId), detail);
      return queryClient.invalidateQueries({ queryKey: QUOTE_KEYS.all, exact: true });
    },
  });
}

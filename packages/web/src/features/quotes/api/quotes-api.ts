import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptQuoteResponse, QuoteDetail, QuoteSummary } from '@shop/shared/contracts/quotes';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
import { FRESH_ON_MOUNT } from '../../../lib/page-data';

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
  const api = useApiClient();
  const signedIn = useAuth() !== null;
  return useQuery({
    queryKey: QUOTE_KEYS.all,
    queryFn: ({ signal }) =>
      api.get<QuoteSummary[]>('/quotes', {
        signal,
        schema: contracts().then((c) => c.quoteListResponseSchema),
      }),
    enabled: signedIn,
    ...FRESH_ON_MOUNT,
  });
}

/** `GET /api/quotes/{quoteId}`. */
export function useQuote(quoteId: number) {
  const api = useApiClient();
  const signedIn = useAuth() !== null;
  return useQuery({
    queryKey: QUOTE_KEYS.one(quoteId),
    queryFn: ({ signal }) =>
      api.get<QuoteDetail>(`/quotes/${quoteId}`, {
        signal,
        schema: contracts().then((c) => c.quoteDetailSchema),
      }),
    enabled: signedIn && Number.isInteger(quoteId) && quoteId > 0,
    retry: false,
    ...FRESH_ON_MOUNT,
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeclineQuoteRequest,
  OfferQuoteRequest,
  QuoteDetail,
  QuoteStatus,
  QuoteSummary,
} from '@shop/shared/contracts/quotes';
import { useApiClient } from '../../../lib/api-client-context';
import { useSignedInQuery } from '../../../lib/signed-in-query';
import { QUOTE_KEYS } from './quotes-api';

/**
 * The sales agent's side of quotes (issue 16 point 2, docs/product.md §5.12): the quotes of all its
 * customers narrowed by status (`GET /api/quotes?status=`), its offer (`POST /api/quotes/{id}/offer`)
 * and its decline (`POST /api/quotes/{id}/decline`). Answers are checked by the shared contracts.
 */
const contracts = () => import('@shop/shared/contracts/quotes');

export const AGENT_QUOTE_KEYS = {
  list: (status: QuoteStatus | null) => ['quotes', 'agent', status ?? 'all'] as const,
};

/** `GET /api/quotes?status=`: every customer's quotes in that status (null: all of them). */
export function useAgentQuotes(status: QuoteStatus | null) {
  return useSignedInQuery<QuoteSummary[]>({
    queryKey: AGENT_QUOTE_KEYS.list(status),
    path: '/quotes',
    schema: () => contracts().then((c) => c.quoteListResponseSchema),
    query: { status: status ?? undefined },
  });
}

/** The answered quote replaces the cached one; every list of quotes is read again. */
function useAnswered(quoteId: number) {
  const queryClient = useQueryClient();
  return (detail: QuoteDetail) => {
    queryClient.setQueryData(QUOTE_KEYS.one(quoteId), detail);
    return queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'quotes' && query.queryKey[1] !== quoteId,
    });
  };
}

/** `POST /api/quotes/{quoteId}/offer`: prices in forints, quantities, the last valid day, a message. */
export function useOfferQuote(quoteId: number) {
  const api = useApiClient();
  const answered = useAnswered(quoteId);
  return useMutation({
    mutationFn: (body: OfferQuoteRequest) =>
      api.post<QuoteDetail>(`/quotes/${quoteId}/offer`, body, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.quoteDetailSchema),
      }),
    onSuccess: answered,
  });
}

/** `POST /api/quotes/{quoteId}/decline` with the reason the customer is mailed. */
export function useDeclineQuote(quoteId: number) {
  const api = useApiClient();
  const answered = useAnswered(quoteId);
  return useMutation({
    mutationFn: (body: DeclineQuoteRequest) =>
      api.post<QuoteDetail>(`/quotes/${quoteId}/decline`, body, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.quoteDetailSchema),
      }),
    onSuccess: answered,
  });
}

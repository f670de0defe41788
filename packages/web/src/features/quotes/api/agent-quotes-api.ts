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

/**
 * The agent's answer to a quote (`offer` or `decline`): the answered quote replaces the cached one;
 * every list of quotes is read again.
 */
function useAnswerQuote<Body>(quoteId: number, answer: 'offer' | 'decline') {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      api.post<QuoteDetail>(`/quotes/${quoteId}/${answer}`, body, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.quoteDetailSchema),
      }),
    onSuccess: (detail: QuoteDetail) => {
      queryClient.setQueryData(QUOTE_KEYS.one(quoteId), detail);
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'quotes' && query.queryKey[1] !== quoteId,
      });
    },
  });
}

/** `POST /api/quotes/{quoteId}/offer`: prices in forints, quantities, the last valid day, a message. */
export function useOfferQuote(quoteId: number) {
  return useAnswerQuote<OfferQuoteRequest>(quoteId, 'offer');
}

/** `POST /api/quotes/{quoteId}/decline` with the reason the customer is mailed. */
export function useDeclineQuote(quoteId: number) {
  return useAnswerQuote<DeclineQuoteRequest>(quoteId, 'decline');
}

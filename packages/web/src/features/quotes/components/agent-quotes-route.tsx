import { useParams } from 'react-router';
import { AgentQuotePage } from './agent-quote-page';
import { AgentQuotesPage } from './agent-quotes-page';

/**
 * /profile/quotes and /profile/quotes/:quoteId for a sales agent (issue 16 point 2): its customers'
 * quotes, or one with the answer form. Loaded on its own, only for agents (quotes-route.tsx).
 */
export function AgentQuotesRoute() {
  const { quoteId } = useParams();
  return quoteId === undefined ? <AgentQuotesPage /> : <AgentQuotePage />;
}

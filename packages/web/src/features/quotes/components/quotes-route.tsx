import { useParams } from 'react-router';
import { QuotePage } from './quote-page';
import { QuotesPage } from './quotes-page';

/**
 * /profile/quotes and /profile/quotes/:quoteId in one lazy route (one route entry less in the first
 * page's route table): the list, or one quote.
 */
export function QuotesRoute() {
  const { quoteId } = useParams();
  return quoteId === undefined ? <QuotesPage /> : <QuotePage />;
}

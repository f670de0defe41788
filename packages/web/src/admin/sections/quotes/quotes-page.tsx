import { messageLoaders } from '../../admin-i18n';
import { ListAndDetailRoutes } from '../../components/list-and-detail-routes';
import { QuoteDetailView } from './quote-detail';
import { QuoteList } from './quote-list';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Quotes (issue 16): the inbox of requests for quote, and one quote with its answer form. */
export default function QuotesPage() {
  return (
    <ListAndDetailRoutes
      namespace="admin-quotes"
      loaders={loaders}
      param="quoteId"
      List={QuoteList}
      Detail={QuoteDetailView}
    />
  );
}

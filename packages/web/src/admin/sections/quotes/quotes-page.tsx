import { Route, Routes } from 'react-router';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { QuoteDetailView } from './quote-detail';
import { QuoteList } from './quote-list';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Quotes (issue 16): the inbox of requests for quote, and one quote with its answer form. */
export default function QuotesPage() {
  const { t, ready } = useAdminMessages('admin-quotes', loaders);
  if (!ready) return null;
  return (
    <Routes>
      <Route index element={<QuoteList t={t} />} />
      <Route path=":quoteId" element={<QuoteDetailView t={t} />} />
    </Routes>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { loadMessages } from '../../../i18n/i18n';
import { useAuth } from '../../../lib/auth-store';
import { QuotePage } from './quote-page';
import { QuotesPage } from './quotes-page';

/** A sales agent's list and answer form (issue 16 point 2): a chunk of their own, loaded for agents only. */
const AgentQuotesRoute = lazy(() =>
  Promise.all([import('./agent-quotes-route'), loadMessages('account', 'feedback')]).then(([module]) => ({
    default: module.AgentQuotesRoute,
  })),
);

/**
 * /profile/quotes and /profile/quotes/:quoteId in one lazy route (one route entry less in the first
 * page's route table): the list, or one quote; for a sales agent, its customers' quotes to answer.
 */
export function QuotesRoute() {
  const { t } = useTranslation();
  const { quoteId } = useParams();
  const isAgent = useAuth()?.claims.isAgent === true;
  if (isAgent) {
    return (
      <Suspense fallback={<div role="status">{t('quotes.loading')}</div>}>
        <AgentQuotesRoute />
      </Suspense>
    );
  }
  return quoteId === undefined ? <QuotesPage /> : <QuotePage />;
}

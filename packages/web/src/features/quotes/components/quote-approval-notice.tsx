import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QuoteDetail } from '@shop/shared/contracts/quotes';
import { useAuth } from '../../../lib/auth-store';

/**
 * A quote and the company's approval (issue 15; docs/product.md §5.12):
 * - accepted by a login that may not order alone, it waits for the approvers: says so in the cart's
 *   words, with the request's number and a link to it (right after the accept, and whenever the
 *   quote is opened while it waits);
 * - before that, a requester is told that accepting sends it for approval (a buyer's limits are the
 *   server's to judge: the accept's answer says whether it went for approval).
 */
export function QuoteApprovalNotice({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const auth = useAuth();
  if (quote.status === 'pending_approval' && quote.approvalId !== null) {
    return (
      <Alert severity="success" role="status" data-testid="quote-sent-for-approval">
        <AlertTitle>{t('quotes.sentTitle')}</AlertTitle>
        {t('quotes.sent', { id: quote.approvalId })}{' '}
        <Link component={RouterLink} to={`/profile/approvals/${quote.approvalId}`}>
          {t('quotes.toApproval')}
        </Link>
      </Alert>
    );
  }
  if (quote.canAccept && auth && !auth.claims.isAgent && auth.claims.companyRole === 'requester') {
    return (
      <Alert severity="info" data-testid="quote-needs-approval">
        {t('quotes.requesterNote')}
      </Alert>
    );
  }
  return null;
}

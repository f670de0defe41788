import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { QuoteDetail } from '@shop/shared/contracts/quotes';

/**
 * A quote accepted by a login that may not order alone waits for the company's approval (issue 15;
 * docs/product.md §5.12): says so in the cart's words, with the request's number and a link to it.
 * Shown right after the accept and whenever the quote is opened while it waits.
 */
export function QuoteApprovalNotice({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  if (quote.status !== 'pending_approval' || quote.approvalId === null) return null;
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

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { QuoteDetail } from '@shop/shared/contracts/quotes';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import {
  DecisionButtons,
  DetailBackLink,
  DetailField,
  DetailFields,
  DetailHeading,
  DetailLinesTable,
  DetailQueryState,
  type LinesColumn,
  MutationErrorAlert,
  OrderedNotice,
  PlaceOrderErrors,
} from '../../../components/detail-page-parts';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useAcceptQuote, useQuote, useRejectQuote } from '../api/quotes-api';
import { QuoteApprovalNotice } from './quote-approval-notice';
import { QuoteStatusChip } from './quote-status-chip';

function Lines({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const columns: LinesColumn<QuoteDetail['lines'][number]>[] = [
    // The requested quantity is left out on a phone: the offered one is what gets ordered.
    { header: t('quotes.requested'), hiddenOnPhone: true, cell: (line) => line.requestedQuantity },
    { header: t('quotes.offeredQuantity'), cell: (line) => line.offeredQuantity ?? '—' },
    {
      header: t('quotes.offeredPrice'),
      nowrap: true,
      cell: (line) =>
        line.offeredPrice === null
          ? '—'
          : formatMoney(line.offeredPrice, line.offeredPrice % 100 === 0 ? 0 : 2),
    },
    {
      header: t('quotes.lineTotal'),
      nowrap: true,
      cell: (line) => (line.lineGross === null ? '—' : formatMoney(line.lineGross)),
    },
  ];
  const total = quote.totalGross === null ? null : formatMoney(quote.totalGross);
  return (
    <DetailLinesTable
      label={t('quotes.linesLabel')}
      productHeader={t('quotes.product')}
      lines={quote.lines}
      columns={columns}
      total={total === null ? null : { label: t('quotes.total'), amount: total, testId: 'quote-total' }}
    />
  );
}

function RejectDialog({ quoteId, onClose }: { quoteId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectQuote(quoteId);
  const label = t('quotes.rejectReason');
  return <ReasonDialog section="quotes" label={label} maxLength={2000} mutation={reject} onClose={onClose} />;
}

/**
 * /profile/quotes/:quoteId: a quote's lines with the offered prices and validity; an offer can be
 * accepted (an order at these prices, with the checkout choices of the cart) or rejected with a reason.
 */
export function QuotePage() {
  const { t } = useTranslation();
  const params = useParams();
  const quoteId = Number(params.quoteId);
  const quote = useQuote(quoteId);
  const accept = useAcceptQuote(quoteId);
  const [rejecting, setRejecting] = useState(false);

  if (!quote.data) return <DetailQueryState query={quote} section="quotes" backTo="/profile/quotes" />;
  const q = quote.data;
  const placed = accept.data && 'orderId' in accept.data ? accept.data : null;
  // Issue 15: sent for the company's approval instead (QuoteApprovalNotice says so).
  const sent = accept.data && 'approvalRequired' in accept.data ? accept.data : null;
  const refusals = accept.data && Array.isArray(accept.data.data) ? accept.data.data : null;
  const shown = placed ? placed.quote : sent ? sent.quote : q;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailHeading
        title={t('quotes.title', { id: shown.id })}
        status={<QuoteStatusChip status={shown.status} />}
      />
      <DetailFields>
        <DetailField label={t('quotes.requestedAt')}>
          {formatDateTime(shown.createdAt)} · {shown.requestedByName}
        </DetailField>
        {shown.wishedDeliveryDate && (
          <DetailField label={t('quotes.wishedDeliveryDate')}>{shown.wishedDeliveryDate}</DetailField>
        )}
        <DetailField label={t('quotes.yourMessage')}>{shown.message || '—'}</DetailField>
        {shown.validUntil && <DetailField label={t('quotes.validUntil')}>{shown.validUntil}</DetailField>}
        {shown.staffMessage !== null && (
          <DetailField label={t('quotes.ourMessage')}>{shown.staffMessage || '—'}</DetailField>
        )}
        {shown.rejectReason !== null && (
          <DetailField label={t('quotes.rejectReason')}>{shown.rejectReason || '—'}</DetailField>
        )}
      </DetailFields>
      <Lines quote={shown} />
      <QuoteApprovalNotice quote={shown} />
      {placed && <OrderedNotice section="quotes" orderId={placed.orderId} testId="quote-ordered" />}
      {!placed && shown.status === 'accepted' && shown.orderId !== null && (
        <OrderedNotice section="quotes" orderId={shown.orderId} />
      )}
      {shown.status === 'requested' && <Alert severity="info">{t('quotes.waiting')}</Alert>}
      {shown.status === 'expired' && <Alert severity="info">{t('quotes.expiredNote')}</Alert>}
      {refusals && (
        <PlaceOrderErrors errors={refusals} title={t('quotes.acceptRefused')} testId="accept-errors">
          <Link component={RouterLink} to="/receipt-and-payment">
            {t('quotes.toCheckout')}
          </Link>
        </PlaceOrderErrors>
      )}
      <MutationErrorAlert error={accept.error} />
      {!placed && shown.canAccept && (
        <>
          <Alert severity="info">
            {t('quotes.acceptNote')}{' '}
            <Link component={RouterLink} to="/receipt-and-payment">
              {t('quotes.toCheckout')}
            </Link>
          </Alert>
          <DecisionButtons
            accept={t('quotes.accept')}
            reject={t('quotes.reject')}
            mutation={accept}
            onReject={() => setRejecting(true)}
          />
        </>
      )}
      {!placed && shown.status === 'requested' && !shown.canAnswer && (
        <Box>
          <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
            {t('quotes.withdraw')}
          </Button>
        </Box>
      )}
      {rejecting && <RejectDialog quoteId={shown.id} onClose={() => setRejecting(false)} />}
      <DetailBackLink to="/profile/quotes">{t('quotes.backToList')}</DetailBackLink>
    </Box>
  );
}

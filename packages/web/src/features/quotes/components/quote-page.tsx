import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import type { QuoteDetail } from '@shop/shared/contracts/quotes';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { ApiError } from '../../../lib/api-client';
import { useAcceptQuote, useQuote, useRejectQuote } from '../api/quotes-api';
import { QuoteApprovalNotice } from './quote-approval-notice';
import { QuoteStatusChip } from './quote-status-chip';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Place-order's refusals of an accept, each translated (with its SKU when it names one). */
function AcceptErrors({ errors }: { errors: PlaceOrderError[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="accept-errors">
      <AlertTitle>{t('quotes.acceptRefused')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {errors.map((entry, index) => {
          const sku = entry.params?.sku;
          const text = t(`errors.${entry.error}`, { ...(entry.params ?? {}) });
          return (
            <li key={`${entry.error}-${index}`}>{typeof sku === 'string' ? `${sku}: ${text}` : text}</li>
          );
        })}
      </Box>
      <Link component={RouterLink} to="/receipt-and-payment">
        {t('quotes.toCheckout')}
      </Link>
    </Alert>
  );
}

/** The requested quantity is left out on a phone: the offered one is what gets ordered. */
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

function Lines({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
      <Table size="small" aria-label={t('quotes.linesLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('quotes.product')}</TableCell>
            <TableCell align="right" sx={NARROW_HIDDEN}>
              {t('quotes.requested')}
            </TableCell>
            <TableCell align="right">{t('quotes.offeredQuantity')}</TableCell>
            <TableCell align="right">{t('quotes.offeredPrice')}</TableCell>
            <TableCell align="right">{t('quotes.lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.lines.map((line) => (
            <TableRow key={line.sku}>
              <TableCell>
                <Typography variant="body2">{line.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {line.sku}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={NARROW_HIDDEN}>
                {line.requestedQuantity}
              </TableCell>
              <TableCell align="right">{line.offeredQuantity ?? '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {line.offeredPrice === null
                  ? '—'
                  : formatMoney(line.offeredPrice, line.offeredPrice % 100 === 0 ? 0 : 2)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {line.lineGross === null ? '—' : formatMoney(line.lineGross)}
              </TableCell>
            </TableRow>
          ))}
          {quote.totalGross !== null && (
            <TableRow>
              <TableCell
                colSpan={4}
                align="right"
                sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}
              >
                {t('quotes.total')}
              </TableCell>
              <TableCell
                colSpan={3}
                align="right"
                sx={{ fontWeight: 600, display: { xs: 'table-cell', sm: 'none' } }}
              >
                {t('quotes.total')}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                data-testid="quote-total"
              >
                {formatMoney(quote.totalGross)}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

function RejectDialog({ quoteId, onClose }: { quoteId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectQuote(quoteId);
  const [reason, setReason] = useState('');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('quotes.rejectTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label={t('quotes.rejectReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {reject.error instanceof ApiError && (
          <Alert severity="error">{t(`errors.${reject.error.code}`, { ...reject.error.params })}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('quotes.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={reject.isPending}
          onClick={() => reject.mutate(reason, { onSuccess: onClose })}
        >
          {t('quotes.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
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

  if (quote.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden />
        {t('quotes.loading')}
      </Box>
    );
  }
  if (quote.isError || !quote.data) {
    return (
      <Alert severity="error">
        {quote.error instanceof ApiError ? t(`errors.${quote.error.code}`) : t('quotes.loadError')}{' '}
        <Link component={RouterLink} to="/profile/quotes">
          {t('quotes.backToList')}
        </Link>
      </Alert>
    );
  }
  const q = quote.data;
  const placed = accept.data && 'orderId' in accept.data ? accept.data : null;
  // Issue 15: sent for the company's approval instead (QuoteApprovalNotice says so).
  const sent = accept.data && 'approvalRequired' in accept.data ? accept.data : null;
  const refusals = accept.data && Array.isArray(accept.data.data) ? accept.data.data : null;
  const shown = placed ? placed.quote : sent ? sent.quote : q;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6">
          {t('quotes.title', { id: shown.id })}
        </Typography>
        <QuoteStatusChip status={shown.status} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Field label={t('quotes.requestedAt')}>
          {formatDateTime(shown.createdAt)} · {shown.requestedByName}
        </Field>
        {shown.wishedDeliveryDate && (
          <Field label={t('quotes.wishedDeliveryDate')}>{shown.wishedDeliveryDate}</Field>
        )}
        <Field label={t('quotes.yourMessage')}>{shown.message || '—'}</Field>
        {shown.validUntil && <Field label={t('quotes.validUntil')}>{shown.validUntil}</Field>}
        {shown.staffMessage !== null && (
          <Field label={t('quotes.ourMessage')}>{shown.staffMessage || '—'}</Field>
        )}
        {shown.rejectReason !== null && (
          <Field label={t('quotes.rejectReason')}>{shown.rejectReason || '—'}</Field>
        )}
      </Box>
      <Lines quote={shown} />
      <QuoteApprovalNotice quote={shown} />
      {placed && (
        <Alert severity="success" data-testid="quote-ordered">
          {t('quotes.ordered', { orderId: placed.orderId })}{' '}
          <Link component={RouterLink} to="/profile/order-history">
            {t('quotes.toOrderHistory')}
          </Link>
        </Alert>
      )}
      {!placed && shown.status === 'accepted' && shown.orderId !== null && (
        <Alert severity="success">
          {t('quotes.ordered', { orderId: shown.orderId })}{' '}
          <Link component={RouterLink} to="/profile/order-history">
            {t('quotes.toOrderHistory')}
          </Link>
        </Alert>
      )}
      {shown.status === 'requested' && <Alert severity="info">{t('quotes.waiting')}</Alert>}
      {shown.status === 'expired' && <Alert severity="info">{t('quotes.expiredNote')}</Alert>}
      {refusals && <AcceptErrors errors={refusals} />}
      {accept.error instanceof ApiError && (
        <Alert severity="error">{t(`errors.${accept.error.code}`, { ...accept.error.params })}</Alert>
      )}
      {!placed && shown.canAccept && (
        <>
          <Alert severity="info">
            {t('quotes.acceptNote')}{' '}
            <Link component={RouterLink} to="/receipt-and-payment">
              {t('quotes.toCheckout')}
            </Link>
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={accept.isPending} onClick={() => accept.mutate()}>
              {t('quotes.accept')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
              {t('quotes.reject')}
            </Button>
          </Box>
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
      <Box>
        <Link component={RouterLink} to="/profile/quotes">
          {t('quotes.backToList')}
        </Link>
      </Box>
    </Box>
  );
}

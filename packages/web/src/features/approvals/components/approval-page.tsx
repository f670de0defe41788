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
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { ApprovalDetail } from '@shop/shared/contracts/approvals';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import { formatDate, formatDateTime, formatMoney } from '@shop/shared/format/format';
import { ApiError } from '../../../lib/api-client';
import { useApproval, useApprove, useReject } from '../api/approvals-api';
import { ApprovalStatusChip } from './approval-status-chip';

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

/** Place-order's refusals of an approval, each translated (with its SKU when it names one). */
function ApproveErrors({ errors }: { errors: PlaceOrderError[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="approve-errors">
      <AlertTitle>{t('approvals.approveRefused')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {errors.map((entry, index) => {
          const sku = entry.params?.sku;
          const text = t(`errors.${entry.error}`, { ...(entry.params ?? {}) });
          return (
            <li key={`${entry.error}-${index}`}>{typeof sku === 'string' ? `${sku}: ${text}` : text}</li>
          );
        })}
      </Box>
    </Alert>
  );
}

function Lines({ approval }: { approval: ApprovalDetail }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
      {/* Narrower cells on a phone: the four columns then fit 390 px without scrolling. */}
      <Table
        size="small"
        aria-label={t('approvals.linesLabel')}
        sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('approvals.product')}</TableCell>
            <TableCell align="right">{t('approvals.quantity')}</TableCell>
            <TableCell align="right">{t('approvals.unitPrice')}</TableCell>
            <TableCell align="right">{t('approvals.lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {approval.lines.map((line) => (
            <TableRow key={line.sku}>
              <TableCell>
                <Typography variant="body2">{line.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {line.sku}
                </Typography>
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.unitPrice, line.unitPrice % 100 === 0 ? 0 : 2)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.lineGross)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
              {t('approvals.grandTotal')}
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              data-testid="approval-total"
            >
              {formatMoney(approval.grandTotal)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

function RejectDialog({ approvalId, onClose }: { approvalId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useReject(approvalId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const send = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    reject.mutate(reason, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('approvals.rejectTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          required
          minRows={3}
          margin="dense"
          label={t('approvals.reason')}
          value={reason}
          error={missing}
          helperText={missing ? t('approvals.reasonRequired') : t('approvals.reasonHint')}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {reject.error instanceof ApiError && (
          <Alert severity="error">{t(`errors.${reject.error.code}`, { ...reject.error.params })}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('approvals.cancel')}</Button>
        <Button color="error" variant="contained" disabled={reject.isPending} onClick={send}>
          {t('approvals.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /profile/approvals/:approvalId (issue 15): a request's lines at the prices they were asked for,
 * its checkout choices and decision; an owner or approver approves it (the order is placed at these
 * prices) or rejects it with a reason.
 */
export function ApprovalPage() {
  const { t } = useTranslation();
  const params = useParams();
  const approvalId = Number(params.approvalId);
  // Just sent from the checkout (`?sent=1`): say clearly that it went for approval.
  const [search] = useSearchParams();
  const justSent = search.get('sent') === '1';
  const approval = useApproval(approvalId);
  const approve = useApprove(approvalId);
  const [rejecting, setRejecting] = useState(false);

  if (approval.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden />
        {t('approvals.loading')}
      </Box>
    );
  }
  if (approval.isError || !approval.data) {
    return (
      <Alert severity="error">
        {approval.error instanceof ApiError ? t(`errors.${approval.error.code}`) : t('approvals.loadError')}{' '}
        <Link component={RouterLink} to="/profile/approvals">
          {t('approvals.backToList')}
        </Link>
      </Alert>
    );
  }
  const placed = approve.data && approve.data.data === true ? approve.data : null;
  const refusals = approve.data && Array.isArray(approve.data.data) ? approve.data.data : null;
  const a = placed ? placed.approval : approval.data.approval;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {justSent && a.status === 'pending' && (
        <Alert severity="success" role="status" data-testid="approval-sent">
          <AlertTitle>{t('approvals.sentTitle')}</AlertTitle>
          {t('approvals.sent', { id: a.approvalId })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6">
          {t('approvals.title', { id: a.approvalId })}
        </Typography>
        <ApprovalStatusChip status={a.status} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Field label={t('approvals.requestedAt')}>
          {formatDateTime(a.createdAt)} · {a.requesterName}
        </Field>
        <Field label={t('approvals.validUntil')}>{formatDateTime(a.expiresAt)}</Field>
        <Field label={t('approvals.shipping')}>
          {[a.shippingMethod, a.deliveryDate ? formatDate(a.deliveryDate) : null]
            .filter(Boolean)
            .join(' · ') || '—'}
        </Field>
        <Field label={t('approvals.payment')}>{a.paymentMethod ?? '—'}</Field>
        <Field label={t('approvals.address')}>{a.shippingAddress ?? '—'}</Field>
        {a.purchaseOrderNumber && (
          <Field label={t('approvals.purchaseOrderNumber')}>{a.purchaseOrderNumber}</Field>
        )}
        {a.commentWebshop && <Field label={t('approvals.comment')}>{a.commentWebshop}</Field>}
        {a.decidedAt && (
          <Field label={t('approvals.decidedAt')}>
            {formatDateTime(a.decidedAt)}
            {a.decidedByName ? ` · ${a.decidedByName}` : ''}
          </Field>
        )}
        {a.reason && <Field label={t('approvals.reason')}>{a.reason}</Field>}
        {a.quoteId !== null && (
          <Field label={t('approvals.quote')}>
            <Link component={RouterLink} to={`/profile/quotes/${a.quoteId}`}>
              {t('approvals.quoteLink', { id: a.quoteId })}
            </Link>
          </Field>
        )}
      </Box>
      <Lines approval={a} />
      {a.status === 'approved' && a.orderId !== null && (
        <Alert severity="success" data-testid="approval-ordered">
          {t('approvals.ordered', { orderId: a.orderId })}{' '}
          <Link component={RouterLink} to="/profile/order-history">
            {t('approvals.toOrderHistory')}
          </Link>
        </Alert>
      )}
      {a.status === 'pending' && !a.canDecide && <Alert severity="info">{t('approvals.waiting')}</Alert>}
      {a.status === 'expired' && <Alert severity="info">{t('approvals.expiredNote')}</Alert>}
      {refusals && <ApproveErrors errors={refusals} />}
      {approve.error instanceof ApiError && (
        <Alert severity="error">{t(`errors.${approve.error.code}`, { ...approve.error.params })}</Alert>
      )}
      {a.canDecide && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={approve.isPending} onClick={() => approve.mutate()}>
            {t('approvals.approve')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
            {t('approvals.reject')}
          </Button>
        </Box>
      )}
      {rejecting && <RejectDialog approvalId={a.approvalId} onClose={() => setRejecting(false)} />}
      <Box>
        <Link component={RouterLink} to="/profile/approvals">
          {t('approvals.backToList')}
        </Link>
      </Box>
    </Box>
  );
}

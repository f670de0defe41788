import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { ApprovalDetail } from '@shop/shared/contracts/approvals';
import { formatDate, formatDateTime, formatMoney } from '@shop/shared/format/format';
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
import { useApproval, useApprove, useReject } from '../api/approvals-api';
import { ApprovalStatusChip } from './approval-status-chip';

function Lines({ approval }: { approval: ApprovalDetail }) {
  const { t } = useTranslation();
  const columns: LinesColumn<ApprovalDetail['lines'][number]>[] = [
    { header: t('approvals.quantity'), cell: (line) => line.quantity },
    {
      header: t('approvals.unitPrice'),
      nowrap: true,
      cell: (line) => formatMoney(line.unitPrice, line.unitPrice % 100 === 0 ? 0 : 2),
    },
    { header: t('approvals.lineTotal'), nowrap: true, cell: (line) => formatMoney(line.lineGross) },
  ];
  // Narrower cells on a phone: the four columns then fit 390 px without scrolling.
  return (
    <DetailLinesTable
      dense
      label={t('approvals.linesLabel')}
      productHeader={t('approvals.product')}
      lines={approval.lines}
      columns={columns}
      total={{
        label: t('approvals.grandTotal'),
        amount: formatMoney(approval.grandTotal),
        testId: 'approval-total',
      }}
    />
  );
}

function RejectDialog({ approvalId, onClose }: { approvalId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const required = { missing: t('approvals.reasonRequired'), hint: t('approvals.reasonHint') };
  const reject = useReject(approvalId);
  return (
    <ReasonDialog
      section="approvals"
      label={t('approvals.reason')}
      maxLength={1000}
      required={required}
      mutation={reject}
      onClose={onClose}
    />
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

  if (!approval.data)
    return <DetailQueryState query={approval} section="approvals" backTo="/profile/approvals" />;
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
      <DetailHeading
        title={t('approvals.title', { id: a.approvalId })}
        status={<ApprovalStatusChip status={a.status} />}
      />
      <DetailFields>
        <DetailField label={t('approvals.requestedAt')}>
          {formatDateTime(a.createdAt)} · {a.requesterName}
        </DetailField>
        <DetailField label={t('approvals.validUntil')}>{formatDateTime(a.expiresAt)}</DetailField>
        <DetailField label={t('approvals.shipping')}>
          {[a.shippingMethod, a.deliveryDate ? formatDate(a.deliveryDate) : null]
            .filter(Boolean)
            .join(' · ') || '—'}
        </DetailField>
        <DetailField label={t('approvals.payment')}>{a.paymentMethod ?? '—'}</DetailField>
        <DetailField label={t('approvals.address')}>{a.shippingAddress ?? '—'}</DetailField>
        {a.purchaseOrderNumber && (
          <DetailField label={t('approvals.purchaseOrderNumber')}>{a.purchaseOrderNumber}</DetailField>
        )}
        {a.commentWebshop && <DetailField label={t('approvals.comment')}>{a.commentWebshop}</DetailField>}
        {a.decidedAt && (
          <DetailField label={t('approvals.decidedAt')}>
            {formatDateTime(a.decidedAt)}
            {a.decidedByName ? ` · ${a.decidedByName}` : ''}
          </DetailField>
        )}
        {a.reason && <DetailField label={t('approvals.reason')}>{a.reason}</DetailField>}
        {a.quoteId !== null && (
          <DetailField label={t('approvals.quote')}>
            <Link component={RouterLink} to={`/profile/quotes/${a.quoteId}`}>
              {t('approvals.quoteLink', { id: a.quoteId })}
            </Link>
          </DetailField>
        )}
      </DetailFields>
      <Lines approval={a} />
      {a.status === 'approved' && a.orderId !== null && (
        <OrderedNotice section="approvals" orderId={a.orderId} testId="approval-ordered" />
      )}
      {a.status === 'pending' && !a.canDecide && <Alert severity="info">{t('approvals.waiting')}</Alert>}
      {a.status === 'expired' && <Alert severity="info">{t('approvals.expiredNote')}</Alert>}
      {refusals && (
        <PlaceOrderErrors errors={refusals} title={t('approvals.approveRefused')} testId="approve-errors" />
      )}
      <MutationErrorAlert error={approve.error} />
      {a.canDecide && (
        <DecisionButtons
          accept={t('approvals.approve')}
          reject={t('approvals.reject')}
          mutation={approve}
          onReject={() => setRejecting(true)}
        />
      )}
      {rejecting && <RejectDialog approvalId={a.approvalId} onClose={() => setRejecting(false)} />}
      <DetailBackLink to="/profile/approvals">{t('approvals.backToList')}</DetailBackLink>
    </Box>
  );
}

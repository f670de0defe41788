import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApprovalSummary } from '@shop/shared/contracts/approvals';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { LoadingStatus } from '../../../components/loading-status';
import { useApprovals } from '../api/approvals-api';
import { ApprovalStatusChip } from './approval-status-chip';

function ApprovalTable({ rows, label }: { rows: ApprovalSummary[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('approvals.number')}</TableCell>
            <TableCell>{t('approvals.requester')}</TableCell>
            <TableCell>{t('approvals.requestedAt')}</TableCell>
            <TableCell>{t('approvals.statusLabel')}</TableCell>
            <TableCell align="right">{t('approvals.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.approvalId} data-approval-id={row.approvalId}>
              <TableCell>
                <Link component={RouterLink} to={`/profile/approvals/${row.approvalId}`}>
                  {t('approvals.title', { id: row.approvalId })}
                </Link>
              </TableCell>
              <TableCell>{row.requesterName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell>
                <ApprovalStatusChip status={row.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.grandTotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A heading and its requests (the table is labelled by the heading), or `none` when there are none. */
function ApprovalSection({
  heading,
  none,
  rows,
}: {
  heading: string;
  none: string;
  rows: ApprovalSummary[];
}) {
  return (
    <>
      <Typography component="h2" variant="h6">
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Alert severity="info">{none}</Alert>
      ) : (
        <ApprovalTable rows={rows} label={heading} />
      )}
    </>
  );
}

/**
 * /profile/approvals (issue 15): owners and approvers see the company's order requests, buyers and
 * requesters their own; pending ones first, then the decided ones.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const approvals = useApprovals();
  const pending = approvals.data?.approvals.filter((a) => a.status === 'pending') ?? [];
  const decided = approvals.data?.approvals.filter((a) => a.status !== 'pending') ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">{t('approvals.intro')}</Typography>
      {approvals.isPending && <LoadingStatus text={t('approvals.loading')} />}
      {approvals.isError && <Alert severity="error">{t('approvals.loadError')}</Alert>}
      {approvals.data && (
        <>
          <ApprovalSection
            heading={t('approvals.pendingHeading')}
            none={t('approvals.nonePending')}
            rows={pending}
          />
          <ApprovalSection
            heading={t('approvals.decidedHeading')}
            none={t('approvals.noneDecided')}
            rows={decided}
          />
        </>
      )}
    </Box>
  );
}

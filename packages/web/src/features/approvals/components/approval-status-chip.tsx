import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@shop/shared/contracts/approvals';

const COLORS: Record<ApprovalStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
};

/** A request's status as a small chip (its text is the status in words, not only a colour). */
export function ApprovalStatusChip({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`approvals.status.${status}`)} />;
}

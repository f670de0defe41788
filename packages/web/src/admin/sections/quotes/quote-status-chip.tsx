import Chip from '@mui/material/Chip';
import type { QuoteStatus } from '@shop/shared/contracts/quotes';
import type { AdminT } from '../../admin-i18n';

const COLORS: Record<QuoteStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  requested: 'warning',
  offered: 'info',
  pending_approval: 'warning',
  accepted: 'success',
  rejected: 'default',
  declined: 'default',
  expired: 'default',
};

export function QuoteStatusChip({ status, t }: { status: QuoteStatus; t: AdminT }) {
  return <Chip size="small" color={COLORS[status]} label={t(`status.${status}`)} />;
}

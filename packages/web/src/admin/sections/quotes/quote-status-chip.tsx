import Chip from '@mui/material/Chip';
import type { QuoteStatus } from '@shop/shared/contracts/quotes';
import { QUOTE_STATUS_COLORS as COLORS } from '../../../features/quotes/quote-status-colors';
import type { AdminT } from '../../admin-i18n';

export function QuoteStatusChip({ status, t }: { status: QuoteStatus; t: AdminT }) {
  return <Chip size="small" color={COLORS[status]} label={t(`status.${status}`)} />;
}

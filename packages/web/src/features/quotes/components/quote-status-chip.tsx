import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@shop/shared/contracts/quotes';

const COLORS: Record<QuoteStatus, 'default' | 'success' | 'warning' | 'info'> = {
  requested: 'warning',
  offered: 'info',
  pending_approval: 'warning',
  accepted: 'success',
  rejected: 'default',
  declined: 'default',
  expired: 'default',
};

/** A quote's status as a small chip (its text is the status in words, not only a colour). */
export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`quotes.status.${status}`)} />;
}

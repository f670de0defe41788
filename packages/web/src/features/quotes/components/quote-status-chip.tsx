import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@shop/shared/contracts/quotes';
import { QUOTE_STATUS_COLORS as COLORS } from '../quote-status-colors';

/** A quote's status as a small chip (its text is the status in words, not only a colour). */
export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`quotes.status.${status}`)} />;
}

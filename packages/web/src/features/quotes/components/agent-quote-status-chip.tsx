import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '@shop/shared/contracts/quotes';
import { AGENT_QUOTE_STATUS_COLORS as COLORS } from '../quote-status-colors';

/** A quote's status as the sales agent reads it ("waiting for your answer", "offer sent", ...). */
export function AgentQuoteStatusChip({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`quotes.agent.status.${status}`)} />;
}

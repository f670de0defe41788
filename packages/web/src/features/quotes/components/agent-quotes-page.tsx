import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QUOTE_STATUSES, type QuoteStatus } from '@shop/shared/contracts/quotes';
import { formatDateTime } from '@shop/shared/format/format';
import { useAgentQuotes } from '../api/agent-quotes-api';
import { AgentQuoteStatusChip } from './agent-quote-status-chip';
import { QuoteLink, QuoteListView, QuoteTotalCell } from './quote-list-view';

/** The filter of the URL (`?status=`): a status, `all`, or none (the open requests). */
function statusOf(value: string | null): QuoteStatus | null {
  if (value === 'all') return null;
  return QUOTE_STATUSES.find((status) => status === value) ?? 'requested';
}

/** Left out on a phone: who asked, when, and how many lines (the quote's page shows them). */
const NARROW_HIDDEN = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * /profile/quotes for a sales agent: the quotes of all its customers, whichever it acts for now,
 * newest first, with the customer's name; filtered by status (the open requests first).
 */
export function AgentQuotesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusOf(searchParams.get('status'));
  const quotes = useAgentQuotes(status);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography color="text.secondary">{t('quotes.agent.intro')}</Typography>
      <TextField
        select
        size="small"
        label={t('quotes.agent.filter')}
        value={status ?? 'all'}
        onChange={(event) => setSearchParams({ status: event.target.value }, { replace: true })}
        sx={{ maxWidth: 320 }}
      >
        {QUOTE_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`quotes.agent.filterStatus.${value}`)}
          </MenuItem>
        ))}
        <MenuItem value="all">{t('quotes.agent.filterStatus.all')}</MenuItem>
      </TextField>
      <QuoteListView
        query={quotes}
        emptyText={status === 'requested' ? t('quotes.agent.emptyOpen') : t('quotes.agent.empty')}
        tableLabel={t('quotes.agent.tableLabel')}
        head={
          <>
            <TableCell>{t('quotes.number')}</TableCell>
            <TableCell>{t('quotes.agent.customer')}</TableCell>
            <TableCell sx={NARROW_HIDDEN}>{t('quotes.agent.requestedBy')}</TableCell>
            <TableCell sx={NARROW_HIDDEN}>{t('quotes.requestedAt')}</TableCell>
            <TableCell>{t('quotes.statusLabel')}</TableCell>
            <TableCell align="right" sx={NARROW_HIDDEN}>
              {t('quotes.lines')}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {t('quotes.total')}
            </TableCell>
          </>
        }
        cells={(quote) => (
          <>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <QuoteLink id={quote.id} />
            </TableCell>
            <TableCell sx={{ minWidth: 120 }}>{quote.customerName}</TableCell>
            <TableCell sx={NARROW_HIDDEN}>{quote.requestedByName}</TableCell>
            <TableCell sx={{ ...NARROW_HIDDEN, whiteSpace: 'nowrap' }}>
              {formatDateTime(quote.createdAt)}
            </TableCell>
            <TableCell>
              <AgentQuoteStatusChip status={quote.status} />
            </TableCell>
            <TableCell align="right" sx={NARROW_HIDDEN}>
              {quote.lineCount}
            </TableCell>
            <QuoteTotalCell totalGross={quote.totalGross} />
          </>
        )}
      />
    </Box>
  );
}

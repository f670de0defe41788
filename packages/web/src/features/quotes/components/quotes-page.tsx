import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shop/shared/format/format';
import { useQuotes } from '../api/quotes-api';
import { QuoteStatusChip } from './quote-status-chip';
import { QuoteLink, QuoteListView, QuoteTotalCell } from './quote-list-view';

/** /profile/quotes: the quotes asked for from the cart, newest first (issue 16). */
export function QuotesPage() {
  const { t } = useTranslation();
  const quotes = useQuotes();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">{t('quotes.intro')}</Typography>
      <QuoteListView
        query={quotes}
        emptyText={t('quotes.empty')}
        tableLabel={t('quotes.tableLabel')}
        head={
          <>
            <TableCell>{t('quotes.number')}</TableCell>
            <TableCell>{t('quotes.requestedAt')}</TableCell>
            <TableCell>{t('quotes.statusLabel')}</TableCell>
            <TableCell align="right">{t('quotes.lines')}</TableCell>
            <TableCell>{t('quotes.validUntil')}</TableCell>
            <TableCell align="right">{t('quotes.total')}</TableCell>
          </>
        }
        cells={(quote) => (
          <>
            <TableCell>
              <QuoteLink id={quote.id} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(quote.createdAt)}</TableCell>
            <TableCell>
              <QuoteStatusChip status={quote.status} />
            </TableCell>
            <TableCell align="right">{quote.lineCount}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{quote.validUntil ?? '—'}</TableCell>
            <QuoteTotalCell totalGross={quote.totalGross} />
          </>
        )}
      />
    </Box>
  );
}

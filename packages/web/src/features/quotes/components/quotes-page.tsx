import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { useQuotes } from '../api/quotes-api';
import { QuoteStatusChip } from './quote-status-chip';

/** /profile/quotes: the quotes asked for from the cart, newest first (issue 16). */
export function QuotesPage() {
  const { t } = useTranslation();
  const quotes = useQuotes();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">{t('quotes.intro')}</Typography>
      {quotes.isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          {t('quotes.loading')}
        </Box>
      )}
      {quotes.isError && <Alert severity="error">{t('quotes.loadError')}</Alert>}
      {quotes.data?.length === 0 && <Alert severity="info">{t('quotes.empty')}</Alert>}
      {quotes.data && quotes.data.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
          <Table size="small" aria-label={t('quotes.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('quotes.number')}</TableCell>
                <TableCell>{t('quotes.requestedAt')}</TableCell>
                <TableCell>{t('quotes.statusLabel')}</TableCell>
                <TableCell align="right">{t('quotes.lines')}</TableCell>
                <TableCell>{t('quotes.validUntil')}</TableCell>
                <TableCell align="right">{t('quotes.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quotes.data.map((quote) => (
                <TableRow key={quote.id} data-quote-id={quote.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/profile/quotes/${quote.id}`}>
                      {t('quotes.title', { id: quote.id })}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(quote.createdAt)}</TableCell>
                  <TableCell>
                    <QuoteStatusChip status={quote.status} />
                  </TableCell>
                  <TableCell align="right">{quote.lineCount}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{quote.validUntil ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quote.totalGross === null ? '—' : formatMoney(quote.totalGross)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

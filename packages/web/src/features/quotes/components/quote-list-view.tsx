import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@shop/shared/format/format';
import { LoadingStatus } from '../../../components/loading-status';

/**
 * A list of quotes (the customer's, or an agent's customers'): a spinner while it loads, an error,
 * `emptyText` for no quote, and the quotes there are in a small table labelled `tableLabel` that
 * scrolls sideways on a phone: `head` the header cells, `cells` a quote's row.
 */
export function QuoteListView<Q extends { id: number }>({
  query,
  emptyText,
  tableLabel,
  head,
  cells,
}: {
  query: { isPending: boolean; isError: boolean; data: Q[] | undefined };
  emptyText: string;
  tableLabel: string;
  head: ReactNode;
  cells: (quote: Q) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending && <LoadingStatus text={t('quotes.loading')} />}
      {query.isError && <Alert severity="error">{t('quotes.loadError')}</Alert>}
      {query.data?.length === 0 && <Alert severity="info">{emptyText}</Alert>}
      {query.data && query.data.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
          <Table size="small" aria-label={tableLabel}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>
              {query.data.map((quote) => (
                <TableRow key={quote.id} data-quote-id={quote.id}>
                  {cells(quote)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}

/** A quote's number as the link to its page. */
export function QuoteLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={`/profile/quotes/${id}`}>
      {t('quotes.title', { id })}
    </Link>
  );
}

/** A quote's gross total in the list (a dash while the quote has no offer). */
export function QuoteTotalCell({ totalGross }: { totalGross: number | null }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {totalGross === null ? '—' : formatMoney(totalGross)}
    </TableCell>
  );
}

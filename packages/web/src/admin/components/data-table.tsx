import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@shop/shared/format/format';
import { translateError } from '../../lib/api-client';
import { useAdminCommonMessages } from '../admin-i18n';

export interface DataTableColumn<Row> {
  /** Stable id of the column. */
  id: string;
  /** The translated header. */
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hide below this width (the back office is desktop-first but must work at 390 px). */
  hideBelow?: 'sm' | 'md';
  width?: number | string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Server-side paging: 0-based page, page size and the total count of matching rows. */
  page: number;
  pageSize: number;
  total: number;
  /**
   * At least `total` rows match: the server stopped counting (docs/decisions/0021). The pager shows
   * "10 000+" and its next button stays on.
   */
  totalIsLowerBound?: boolean | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: number[];
  loading?: boolean;
  error?: unknown;
  /** Filters above the table. */
  toolbar?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Shown when there are no rows (default: the shared "nothing found"). */
  emptyText?: string;
}

/**
 * The rows as cards on a phone: each row a list item whose cells stand under their column's
 * header (every column, also those the table hides below a width), the actions last.
 */
function StackedRows<Row>({
  label,
  columns,
  rows,
  rowKey,
  onRowClick,
}: Pick<DataTableProps<Row>, 'label' | 'columns' | 'rowKey' | 'onRowClick'> & { rows: readonly Row[] }) {
  const actions = columns.find((column) => column.id === 'actions');
  const fields = columns.filter((column) => column !== actions);
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={rowKey(row)}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          sx={{
            px: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            cursor: onRowClick ? 'pointer' : undefined,
          }}
        >
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(96px, 40%) 1fr',
              columnGap: 1.5,
              rowGap: 0.5,
              alignItems: 'baseline',
            }}
          >
            {fields.map((column) => (
              <Box key={column.id} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                  {column.header}
                </Box>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {column.render(row)}
                </Box>
              </Box>
            ))}
          </Box>
          {actions ? (
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>{actions.render(row)}</Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** The paging props of a table that shows the whole list on one page (short lists the server sends whole). */
export function wholeListPaging(rows: readonly unknown[]) {
  return { page: 0, pageSize: Math.max(rows.length, 1), total: rows.length, onPageChange: () => undefined };
}

/**
 * A DataTable of a short list the server sends whole, all of it on one page (WholeListTable pages
 * such a list instead): rows keyed by their `id`, loading and error as `query` (the list's) says.
 */
export function SinglePageTable<Row extends { id: string | number }>({
  rows,
  query,
  ...props
}: Omit<
  DataTableProps<Row>,
  'rowKey' | 'page' | 'pageSize' | 'total' | 'onPageChange' | 'loading' | 'error'
> & {
  rows: readonly Row[];
  query: { isFetching: boolean; error: unknown };
}) {
  return (
    <DataTable
      {...props}
      rows={rows}
      rowKey={(row) => row.id}
      {...wholeListPaging(rows)}
      loading={query.isFetching}
      error={query.error}
    />
  );
}

/**
 * The back office's list: a paged table whose paging and filters the caller keeps (usually in the
 * URL query); rows come from the server page by page. Below 600 px the rows are stacked cards
 * (label and value per column), so nothing needs scrolling sideways.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = [10, 25, 50, 100],
  loading = false,
  error,
  toolbar,
  onRowClick,
  emptyText,
}: DataTableProps<Row>) {
  const { t: tShop } = useTranslation();
  const { t } = useAdminCommonMessages();
  const stacked = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const hide = (column: DataTableColumn<Row>) =>
    column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {};
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {toolbar ? (
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>{toolbar}</Box>
      ) : null}
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={t('table.loading')} /> : null}</Box>
      {error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {translateError(tShop, error)}
        </Alert>
      ) : null}
      {stacked ? (
        rows && rows.length === 0 && !loading ? (
          <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
            {emptyText ?? t('table.empty')}
          </Box>
        ) : (
          <StackedRows
            label={label}
            columns={columns}
            rows={rows ?? []}
            rowKey={rowKey}
            {...(onRowClick ? { onRowClick } : {})}
          />
        )
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align ?? 'left'}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: column.width, ...hide(column) }}
                  >
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows && rows.length === 0 && !loading ? (
                <TableRow>
                  <TableCell
                    colSpan={columns.length}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {emptyText ?? t('table.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
              {(rows ?? []).map((row) => (
                <TableRow
                  key={rowKey(row)}
                  hover={Boolean(onRowClick)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.align ?? 'left'} sx={hide(column)}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        // On a phone the pager wraps to a second line rather than pushing the page buttons off the edge
        // (a long count such as "第 1–25 条，共 10 000+ 条" leaves no room for them on one line).
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5 },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
        component="div"
        count={totalIsLowerBound ? -1 : total}
        page={
          totalIsLowerBound
            ? page
            : total === 0
              ? 0
              : Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))
        }
        rowsPerPage={pageSize}
        rowsPerPageOptions={onPageSizeChange ? pageSizeOptions : [pageSize]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          t(totalIsLowerBound ? 'table.displayedRowsAtLeast' : 'table.displayedRows', {
            from: formatNumber(from, 0),
            to: formatNumber(to, 0),
            count: formatNumber(totalIsLowerBound ? total : count, 0),
          })
        }
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
      />
    </Paper>
  );
}

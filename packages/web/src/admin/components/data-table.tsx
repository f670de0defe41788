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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
 * The back office's list: a paged table whose paging and filters the caller keeps (usually in the
 * URL query); rows come from the server page by page.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  page,
  pageSize,
  total,
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
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={onPageSizeChange ? pageSizeOptions : [pageSize]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
      />
    </Paper>
  );
}

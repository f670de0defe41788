import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  QUOTE_STATUSES,
  type AdminQuoteListResponse,
  type QuoteSummary,
} from '@shop/shared/contracts/quotes';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { type AdminT } from '../../admin-i18n';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { QuoteStatusChip } from './quote-status-chip';

const FILTER_KEYS = ['status', 'customer', 'from', 'to'];

/** The quote inbox: filters in the address (status, customer, day), paging, newest first. */
export function QuoteList({ t }: { t: AdminT }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const list = useListParams();
  const query = list.query(FILTER_KEYS);
  const quotes = useQuery({
    queryKey: ['admin', 'quotes', query],
    queryFn: ({ signal }) => api.get<AdminQuoteListResponse>('/admin/quotes', { query, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: DataTableColumn<QuoteSummary>[] = [
    {
      id: 'id',
      header: t('columns.id'),
      render: (row) => (
        <Button
          component={RouterLink}
          to={`${row.id}?${searchParams.toString()}`}
          size="small"
          sx={{ minWidth: 0 }}
        >
          #{row.id}
        </Button>
      ),
    },
    { id: 'date', header: t('columns.createdAt'), render: (row) => formatDateTime(row.createdAt) },
    {
      id: 'customer',
      header: t('columns.customer'),
      render: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.customerName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.requestedByName}
          </Typography>
        </>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) => <QuoteStatusChip status={row.status} t={t} />,
    },
    {
      id: 'lines',
      header: t('columns.lines'),
      hideBelow: 'sm',
      align: 'right',
      render: (row) => row.lineCount,
    },
    {
      id: 'validUntil',
      header: t('columns.validUntil'),
      hideBelow: 'md',
      render: (row) => row.validUntil ?? '—',
    },
    {
      id: 'total',
      header: t('columns.total'),
      align: 'right',
      render: (row) => (row.totalGross === null ? '—' : formatMoney(row.totalGross)),
    },
  ];

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rowKey={(row) => row.id}
        {...list.table(quotes)}
        emptyText={t('empty')}
        onRowClick={(row) => void navigate(`${row.id}?${searchParams.toString()}`)}
        toolbar={
          <>
            <TextField
              select
              size="small"
              label={t('filters.status')}
              value={list.get('status')}
              onChange={(event) => list.set({ status: event.target.value })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('filters.any')}</MenuItem>
              {QUOTE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`status.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            <SearchField
              label={t('filters.customer')}
              value={list.get('customer')}
              onChange={(customer) => list.set({ customer })}
              width={260}
            />
            <TextField
              size="small"
              type="date"
              label={t('filters.from')}
              value={list.get('from')}
              onChange={(event) => list.set({ from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('filters.to')}
              value={list.get('to')}
              onChange={(event) => list.set({ to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        }
      />
    </Box>
  );
}

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type {
  AdminOrderAgent,
  AdminOrderListResponse,
  AdminOrderSummary,
} from '@shop/shared/contracts/admin-orders';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { ORDER_STATUSES } from '@shop/shared/rules/order-status';
import { currentLanguage } from '../../../i18n/i18n';
import { downloadFile } from '../../../lib/download-file';
import { useAdminApi } from '../../admin-api';
import { adminAuthStore } from '../../admin-auth-store';
import { type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { StatusChip } from './order-status-chip';

const FILTER_KEYS = ['from', 'to', 'customer', 'agentUserId', 'status'];

/** The orders list: filters in the address, paging, CSV export. */
export function OrderList({ t }: { t: AdminT }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const list = useListParams();
  const query = list.query(FILTER_KEYS);
  const orders = useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: ({ signal }) => api.get<AdminOrderListResponse>('/admin/orders', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const agents = useQuery({
    queryKey: ['admin', 'orders', 'agents'],
    queryFn: ({ signal }) => api.get<AdminOrderAgent[]>('/admin/orders/agents', { signal }),
  });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const filters = new URLSearchParams();
      for (const key of FILTER_KEYS) {
        const value = list.get(key);
        if (value) filters.set(key, value);
      }
      const suffix = filters.toString();
      await downloadFile({
        path: `/admin/orders/export.csv${suffix ? `?${suffix}` : ''}`,
        fileName: 'orders.csv',
        token: adminAuthStore.getToken(),
        language: currentLanguage(i18n),
      });
    } catch (error) {
      toast.apiError(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<AdminOrderSummary>[] = [
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
            {row.customerEmail}
          </Typography>
        </>
      ),
    },
    { id: 'agent', header: t('columns.agent'), hideBelow: 'md', render: (row) => row.agentName ?? '—' },
    {
      id: 'placedBy',
      header: t('columns.placedBy'),
      hideBelow: 'md',
      render: (row) => (
        <>
          <Typography variant="body2">{row.placedByName ?? '—'}</Typography>
          {row.approvedByName ? (
            <Typography variant="caption" color="text.secondary">
              {t('columns.approvedBy', { name: row.approvedByName })}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'po',
      header: t('columns.purchaseOrderNumber'),
      hideBelow: 'md',
      render: (row) => row.purchaseOrderNumber ?? '—',
    },
    { id: 'status', header: t('columns.status'), render: (row) => <StatusChip status={row.status} t={t} /> },
    {
      id: 'shipping',
      header: t('columns.shipping'),
      hideBelow: 'md',
      render: (row) =>
        row.deliveryDate ? `${row.shippingMethod} · ${row.deliveryDate}` : row.shippingMethod,
    },
    {
      id: 'lines',
      header: t('columns.lines'),
      hideBelow: 'sm',
      align: 'right',
      render: (row) => row.itemsCount,
    },
    { id: 'total', header: t('columns.total'), align: 'right', render: (row) => formatMoney(row.total) },
  ];

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {t('export')}
          </Button>
        }
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rowKey={(row) => row.id}
        {...list.table(orders)}
        emptyText={t('empty')}
        onRowClick={(row) => void navigate(`${row.id}?${searchParams.toString()}`)}
        toolbar={
          <>
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
            <SearchField
              label={t('filters.customer')}
              value={list.get('customer')}
              onChange={(customer) => list.set({ customer })}
              width={260}
            />
            <TextField
              select
              size="small"
              label={t('filters.agent')}
              value={list.get('agentUserId')}
              onChange={(event) => list.set({ agentUserId: event.target.value })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('filters.any')}</MenuItem>
              {(agents.data ?? []).map((agent) => (
                <MenuItem key={agent.id} value={String(agent.id)}>
                  {agent.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('filters.status')}
              value={list.get('status')}
              onChange={(event) => list.set({ status: event.target.value })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('filters.any')}</MenuItem>
              {ORDER_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`status.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            {FILTER_KEYS.some((key) => list.get(key)) ? (
              <Button
                onClick={() => list.set(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
                size="small"
              >
                {t('filters.clear')}
              </Button>
            ) : null}
          </>
        }
      />
    </Box>
  );
}

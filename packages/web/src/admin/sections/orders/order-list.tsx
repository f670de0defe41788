import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminOrderAgent,
  AdminOrderListResponse,
  AdminOrderSummary,
} from '@shop/shared/contracts/admin-orders';
import { formatMoney } from '@shop/shared/format/format';
import { ORDER_STATUSES } from '@shop/shared/rules/order-status';
import { currentLanguage } from '../../../i18n/i18n';
import { downloadFile } from '../../../lib/download-file';
import { adminAuthStore } from '../../admin-auth-store';
import { type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import type { DataTableColumn } from '../../components/data-table';
import {
  DateRangeFilter,
  NameAndDetail,
  RecordTable,
  SelectFilter,
  useRecordPage,
} from '../../components/record-list';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { StatusChip } from './order-status-chip';
import { useAdminQuery } from '../../components/use-admin-query';

const FILTER_KEYS = ['from', 'to', 'customer', 'agentUserId', 'status'];

/** The orders list: filters in the address, paging, CSV export. */
export function OrderList({ t }: { t: AdminT }) {
  const toast = useAdminToast();
  const { i18n } = useTranslation();
  const { list, result: orders } = useRecordPage<AdminOrderListResponse>('orders', FILTER_KEYS);
  const agents = useAdminQuery<AdminOrderAgent[]>(['admin', 'orders', 'agents'], '/admin/orders/agents');
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
      id: 'customer',
      header: t('columns.customer'),
      render: (row) => <NameAndDetail name={row.customerName} detail={row.customerEmail} />,
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
      <RecordTable
        t={t}
        list={list}
        result={orders}
        columns={columns}
        toolbar={
          <>
            <DateRangeFilter list={list} fromLabel={t('filters.from')} toLabel={t('filters.to')} />
            <SearchField
              label={t('filters.customer')}
              value={list.get('customer')}
              onChange={(customer) => list.set({ customer })}
              width={260}
            />
            <SelectFilter
              t={t}
              list={list}
              name="agentUserId"
              label={t('filters.agent')}
              options={(agents.data ?? []).map((agent) => ({ value: String(agent.id), label: agent.name }))}
            />
            <SelectFilter
              t={t}
              list={list}
              name="status"
              label={t('filters.status')}
              options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
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

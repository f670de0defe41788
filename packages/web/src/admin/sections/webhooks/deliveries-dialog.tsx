import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type { WebhookDelivery, WebhookEndpoint } from '@shop/shared/contracts/admin-webhooks';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import type { AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const STATUS_COLOR = {
  pending: 'warning',
  sending: 'info',
  delivered: 'success',
  failed: 'error',
} as const;

/** The delivery log of one endpoint (event, attempts, last status, next try) with resend and a test event. */
export function DeliveriesDialog({
  endpoint,
  t,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  t: AdminT;
  onClose: () => void;
}) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const key = ['admin', 'webhooks', endpoint.id, 'deliveries', page, pageSize];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<AdminPage<WebhookDelivery>>(
        `/admin/webhooks/${endpoint.id}/deliveries?page=${page + 1}&pageSize=${pageSize}`,
        { signal },
      ),
    // While something is on its way, look again now and then.
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 2000 : false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks', endpoint.id] });
  const sendTest = useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`/admin/webhooks/${endpoint.id}/test`, {}, { retry: false }),
    onSuccess: () => {
      toast.done('admin-webhooks:testSent');
      setPage(0);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<WebhookDelivery>(
        `/admin/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`,
        {},
        { retry: false },
      ),
    onSuccess: () => {
      toast.done('admin-webhooks:resent');
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      id: 'event',
      header: t('log.event'),
      render: (row) => (
        <Box>
          <code>{row.eventType}</code>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', wordBreak: 'break-all' }}
          >
            {row.webhookId}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'status',
      header: t('log.status'),
      render: (row) => (
        <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`status.${row.status}`)} />
      ),
    },
    { id: 'attempts', header: t('log.attempts'), align: 'right', render: (row) => row.attempts },
    {
      id: 'lastStatus',
      header: t('log.lastStatus'),
      render: (row) =>
        row.lastStatusCode !== null ? (
          String(row.lastStatusCode)
        ) : row.lastError ? (
          <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
            {row.lastError}
          </Typography>
        ) : (
          '—'
        ),
    },
    {
      id: 'nextTry',
      header: t('log.nextTry'),
      hideBelow: 'sm',
      render: (row) => (row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : '—'),
    },
    {
      id: 'createdAt',
      header: t('log.createdAt'),
      hideBelow: 'md',
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Button
          size="small"
          disabled={!endpoint.enabled || row.status === 'sending' || resend.isPending}
          onClick={() => resend.mutate(row.id)}
          aria-label={t('log.resendFor', { event: row.eventType, id: row.webhookId })}
        >
          {t('log.resend')}
        </Button>
      ),
    },
  ];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('log.title', { url: endpoint.url })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<SendOutlined />}
            disabled={!endpoint.enabled || sendTest.isPending}
            onClick={() => sendTest.mutate()}
          >
            {t('log.sendTest')}
          </Button>
          {!endpoint.enabled ? <Typography color="text.secondary">{t('log.disabledNote')}</Typography> : null}
        </Box>
        <DataTable
          label={t('log.label')}
          columns={columns}
          rows={deliveries.data?.items}
          rowKey={(row) => row.id}
          page={page}
          pageSize={pageSize}
          total={deliveries.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          loading={deliveries.isFetching}
          error={deliveries.error}
          emptyText={t('log.empty')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('log.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

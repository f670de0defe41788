import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  OutboxMessageView,
  OutboxPage as OutboxPageData,
  OutboxView,
} from '@shop/shared/contracts/admin-webhooks';
import { OUTBOX_VIEWS } from '@shop/shared/contracts/admin-webhooks';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';

/** The list's query key prefix, defined once: read by the list and refreshed after a retry. */
const OUTBOX_KEY = ['admin', 'outbox'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/**
 * The outbox (issue 14 point 8, docs/decisions/0019-outbox.md): the messages waiting, the failed
 * ones (retry one), and those sent in the last 7 days.
 */
export default function OutboxPage() {
  const { t, ready } = useAdminMessages('admin-outbox', loaders);
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const [view, setView] = useState<OutboxView>('pending');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const list = useQuery({
    queryKey: [...OUTBOX_KEY, view, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<OutboxPageData>(`/admin/outbox?status=${view}&page=${page + 1}&pageSize=${pageSize}`, {
        signal,
      }),
    refetchInterval: view === 'pending' ? 5000 : false,
  });
  const retry = useMutation({
    mutationFn: (id: number) =>
      api.post<OutboxMessageView>(`/admin/outbox/${id}/retry`, {}, { retry: false }),
    onSuccess: () => {
      toast.done('admin-outbox:retried');
      void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;

  const counts = list.data?.counts;
  const columns: DataTableColumn<OutboxMessageView>[] = [
    {
      id: 'kind',
      header: t('columns.kind'),
      render: (row) => <Chip size="small" variant="outlined" label={t(`kind.${row.kind}`)} />,
    },
    {
      id: 'message',
      header: t('columns.message'),
      render: (row) => (
        <Box>
          <Typography variant="body2">{row.topic}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {row.target}
          </Typography>
        </Box>
      ),
    },
    { id: 'attempts', header: t('columns.attempts'), align: 'right', render: (row) => row.attempts },
    {
      id: 'when',
      header:
        view === 'sent'
          ? t('columns.sentAt')
          : view === 'failed'
            ? t('columns.createdAt')
            : t('columns.nextTry'),
      hideBelow: 'sm',
      render: (row) =>
        formatDateTime(
          view === 'sent'
            ? (row.sentAt ?? row.createdAt)
            : view === 'failed'
              ? row.createdAt
              : row.nextAttemptAt,
        ),
    },
    {
      id: 'error',
      header: t('columns.lastError'),
      hideBelow: 'md',
      render: (row) =>
        row.lastError ? (
          <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
            {row.lastError}
          </Typography>
        ) : (
          '—'
        ),
    },
    ...(view === 'failed'
      ? [
          {
            id: 'actions',
            header: t('columns.actions'),
            align: 'right' as const,
            render: (row: OutboxMessageView) => (
              <Button
                size="small"
                disabled={retry.isPending}
                onClick={() => retry.mutate(row.id)}
                aria-label={t('retryFor', { topic: row.topic, target: row.target })}
              >
                {t('retry')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{t('intro')}</Typography>
      <Tabs
        value={view}
        onChange={(_event, value: OutboxView) => {
          setView(value);
          setPage(0);
        }}
        aria-label={t('views')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {OUTBOX_VIEWS.map((v) => (
          <Tab
            key={v}
            value={v}
            label={counts ? t(`view.${v}Count`, { count: counts[v] }) : t(`view.${v}`)}
          />
        ))}
      </Tabs>
      <DataTable
        label={t(`view.${view}`)}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        loading={list.isFetching}
        error={list.error}
        emptyText={t(`empty.${view}`)}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  apiKeyCreateSchema,
  type ApiKey,
  type ApiKeyCreated,
} from '@shop/shared/contracts/admin-integration';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { useAdminForm } from '../../components/admin-form';
import { FormDialog } from '../../components/form-dialog';
import { SectionHeading } from '../../components/section-heading';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { WholeListTable } from '../../components/whole-list-table';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const API_KEYS_KEY = ['admin', 'api-keys'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** API keys of the ERP integration: create (the key is shown once), list, revoke. */
export default function ApiKeysPage() {
  const { t, ready } = useAdminMessages('admin-api-keys', loaders);
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const keys = useAdminQuery<{ items: ApiKey[] }>(API_KEYS_KEY, '/admin/integration/api-keys');
  const [naming, setNaming] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
  const {
    form,
    errors: nameErrors,
    onSubmit,
    bind,
  } = useAdminForm<{ name: string }, { name: string }>({
    toBody: (draft) => draft,
    schema: apiKeyCreateSchema,
    fieldErrors: { labels: { name: t('name') }, limits: { name: { max: 100 } } },
  });
  const create = useMutation({
    mutationFn: (name: string) =>
      api.post<ApiKeyCreated>('/admin/integration/api-keys', { name }, { retry: false }),
    onSuccess: (answer) => {
      setNaming(false);
      setCreated(answer);
      refresh();
    },
    onError: (error) => {
      if (!nameErrors.fromApi(error)) toast.apiError(error);
    },
  });
  const submitName = onSubmit((body) => create.mutate(body.name));
  const revoke = useMutation({
    mutationFn: (id: number) =>
      api.post<ApiKey>(`/admin/integration/api-keys/${id}/revoke`, {}, { retry: false }),
    onSuccess: (key) => {
      toast.done('admin-api-keys:revoked', { name: key.name });
      setRevoking(null);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;

  const columns: DataTableColumn<ApiKey>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    { id: 'prefix', header: t('columns.prefix'), render: (row) => <code>{`shk_${row.prefix}_…`}</code> },
    {
      id: 'createdBy',
      header: t('columns.createdBy'),
      hideBelow: 'md',
      render: (row) => row.createdBy ?? '—',
    },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      hideBelow: 'md',
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      id: 'lastUsedAt',
      header: t('columns.lastUsedAt'),
      hideBelow: 'sm',
      render: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('never')),
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) =>
        row.revokedAt ? (
          <Chip size="small" label={t('revokedAt', { date: formatDateTime(row.revokedAt) })} />
        ) : (
          <Chip size="small" color="success" label={t('active')} />
        ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) =>
        row.revokedAt ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => setRevoking(row)}
            aria-label={t('revokeFor', { name: row.name })}
          >
            {t('revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{
          label: t('new'),
          onClick: () => {
            form.reset({ name: '' });
            setNaming(true);
          },
        }}
      />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{t('intro')}</Typography>
      <WholeListTable label={t('title')} columns={columns} query={keys} emptyText={t('empty')} />
      <FormDialog
        open={naming}
        title={t('newTitle')}
        submitLabel={t('create')}
        busy={create.isPending}
        onSubmit={submitName}
        onClose={() => setNaming(false)}
        fieldErrors={nameErrors}
      >
        <TextField
          label={t('name')}
          {...nameErrors.props('name', t('nameHelp'))}
          {...bind('name')}
          required
          autoFocus
        />
      </FormDialog>
      <ShownOnceDialog
        value={created?.key ?? null}
        title={t('createdTitle')}
        warning={t('shownOnce')}
        label={t('key')}
        testId="new-api-key"
        copyLabel={t('copy')}
        doneLabel={t('done')}
        onCopied={() => toast.done('admin-api-keys:copied')}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle')}
        message={t('revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}

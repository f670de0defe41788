import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  webhookCreateSchema,
  webhookUpdateSchema,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@shop/shared/contracts/admin-webhooks';
import { EVENT_TYPES, type EventType } from '@shop/shared/contracts/events';
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
import { DeliveriesDialog } from './deliveries-dialog';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
export const WEBHOOKS_KEY = ['admin', 'webhooks'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface WebhookDraft {
  url: string;
  description: string;
  events: EventType[];
  enabled: boolean;
}

const EMPTY: WebhookDraft = { url: '', description: '', events: [], enabled: true };

/**
 * Webhooks for the ERP (issue 14, docs/decisions/0020-webhooks.md): endpoints with their events,
 * the secret shown once (at creation and rotation), the delivery log with resend and test event.
 */
export default function WebhooksPage() {
  const { t, ready } = useAdminMessages('admin-webhooks', loaders);
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const list = useAdminQuery<{ items: WebhookEndpoint[] }>(WEBHOOKS_KEY, '/admin/webhooks');
  /** null: closed; 'new' or the endpoint being changed. */
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });

  const { form, errors, onSubmit, bind } = useAdminForm<WebhookDraft, WebhookDraft>({
    toBody: (draft) => ({ ...draft, url: draft.url.trim(), description: draft.description.trim() }),
    schema: () => (editing === 'new' ? webhookCreateSchema : webhookUpdateSchema),
    fieldErrors: {
      labels: { url: t('url'), description: t('description') },
      limits: { url: { max: 2000 }, description: { max: 500 } },
      fieldOfCode: { ERR_WEBHOOK_TARGET_FORBIDDEN: 'url', ERR_WEBHOOK_HOST_UNKNOWN: 'url' },
      fields: ['url', 'description', 'events', 'enabled'],
    },
    defaultValues: EMPTY,
  });

  const save = useMutation({
    mutationFn: (body: WebhookDraft) =>
      editing === 'new' || editing === null
        ? api.post<WebhookWithSecret>('/admin/webhooks', body, { retry: false })
        : api.patch<WebhookEndpoint>(`/admin/webhooks/${editing.id}`, body, { retry: false }),
    onSuccess: (answer) => {
      if ('secret' in answer) setSecret(answer as WebhookWithSecret);
      else toast.done('admin-webhooks:saved');
      setEditing(null);
      refresh();
    },
    onError: (error) => {
      if (!errors.fromApi(error)) toast.apiError(error);
    },
  });
  const rotate = useMutation({
    mutationFn: (id: number) =>
      api.post<WebhookWithSecret>(
        `/admin/webhooks/${id}/rotate-secret`,
        { overlapHours: 24 },
        { retry: false },
      ),
    onSuccess: (answer) => {
      setRotating(null);
      setSecret(answer);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/admin/webhooks/${id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-webhooks:deleted');
      setDeleting(null);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;

  const open = (endpoint: WebhookEndpoint | 'new') => {
    errors.clear();
    form.reset(
      endpoint === 'new'
        ? EMPTY
        : {
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events.filter((e): e is EventType => (EVENT_TYPES as string[]).includes(e)),
            enabled: endpoint.enabled,
          },
    );
    setEditing(endpoint);
  };

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('columns.url'),
      render: (row) => (
        <Box>
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {row.url}
          </Box>
          {row.description ? (
            <Typography variant="body2" color="text.secondary">
              {row.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'events',
      header: t('columns.events'),
      hideBelow: 'md',
      render: (row) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {row.events.map((event) => (
            <Chip key={event} size="small" variant="outlined" label={event} />
          ))}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) =>
        row.enabled ? (
          <Chip size="small" color="success" label={t('enabled')} />
        ) : (
          <Chip
            size="small"
            color={row.disabledReason ? 'error' : 'default'}
            label={row.disabledReason ? t(`disabledReason.${row.disabledReason}`) : t('disabled')}
          />
        ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setLogOf(row)}
            aria-label={t('deliveriesFor', { url: row.url })}
          >
            {t('deliveries')}
          </Button>
          <Button size="small" onClick={() => open(row)} aria-label={t('editFor', { url: row.url })}>
            {t('edit')}
          </Button>
          <Button size="small" onClick={() => setRotating(row)} aria-label={t('rotateFor', { url: row.url })}>
            {t('rotate')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { url: row.url })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];

  const submit = onSubmit((body) => save.mutate(body));

  return (
    <Box>
      <SectionHeading title={t('title')} add={{ label: t('new'), onClick: () => open('new') }} />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{t('intro')}</Typography>
      <WholeListTable label={t('title')} columns={columns} query={list} emptyText={t('empty')} />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t('newTitle') : t('editTitle')}
        submitLabel={editing === 'new' ? t('create') : t('save')}
        busy={save.isPending}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        fieldErrors={errors}
        maxWidth="sm"
      >
        <TextField
          label={t('url')}
          type="url"
          {...errors.props('url', t('urlHelp'))}
          {...bind('url')}
          required
          autoFocus
        />
        <TextField
          label={t('description')}
          {...errors.props('description', t('descriptionHelp'))}
          {...bind('description')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <FormControl component="fieldset" error={errors.message('events') !== undefined}>
              <FormLabel component="legend">{t('events')}</FormLabel>
              <FormGroup>
                {EVENT_TYPES.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={
                      <Checkbox
                        checked={field.value.includes(event)}
                        onChange={(change) => {
                          errors.clear('events');
                          field.onChange(
                            change.target.checked
                              ? EVENT_TYPES.filter((e) => e === event || field.value.includes(e))
                              : field.value.filter((e) => e !== event),
                          );
                        }}
                      />
                    }
                    label={
                      <span>
                        <code>{event}</code> — {t(`eventHelp.${event.replace('.', '_')}`)}
                      </span>
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{errors.message('events') ?? t('eventsHelp')}</FormHelperText>
            </FormControl>
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label={t('enabledLabel')}
            />
          )}
        />
      </FormDialog>
      <ShownOnceDialog
        value={secret?.secret ?? null}
        title={t('secretTitle')}
        warning={
          secret?.previousSecretExpiresAt
            ? t('secretRotated', { date: formatDateTime(secret.previousSecretExpiresAt) })
            : t('secretShownOnce')
        }
        label={t('secret')}
        testId="webhook-secret"
        copyLabel={t('copy')}
        doneLabel={t('done')}
        onCopied={() => toast.done('admin-webhooks:copied')}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('rotateTitle')}
        message={t('rotateMessage', { url: rotating?.url ?? '' })}
        confirmLabel={t('rotate')}
        busy={rotate.isPending}
        onConfirm={() => rotating && rotate.mutate(rotating.id)}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      {logOf ? <DeliveriesDialog endpoint={logOf} t={t} onClose={() => setLogOf(null)} /> : null}
    </Box>
  );
}

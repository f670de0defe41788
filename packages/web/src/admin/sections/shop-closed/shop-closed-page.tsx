import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  saveClosedWindowSchema,
  type AdminClosedWindow,
  type AdminClosedWindowList,
  type ForceDisabled,
} from '@shop/shared/contracts/admin-logistics';
import { localDateTime } from '@shop/shared/rules/calendar-date';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type DataTableColumn, SinglePageTable } from '../../components/data-table';
import { actionsColumn, CrudDeleteDialog, CrudFormDialog, useAdminCrud } from '../../components/crud';
import { SectionHeading } from '../../components/section-heading';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const SHOP_CLOSED_WINDOWS_KEY = ['admin', 'shop-closed-windows'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  startsAt: string;
  endsAt: string;
  note: string;
}

type SaveClosedWindowBody = z.input<typeof saveClosedWindowSchema>;

const show = (local: string) => local.replace('T', ' ');

/**
 * Shop closed: the force-disabled switch (ordering stops at once, whatever the time) and the
 * closed windows, in the shop's time zone (the server's SHOP_TIME_ZONE, shown on the page).
 */
export default function ShopClosedPage() {
  const { t, ready } = useAdminMessages('admin-shop-closed', loaders);
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const [confirmForce, setConfirmForce] = useState<boolean | null>(null);
  const windows = useAdminQuery<AdminClosedWindowList>(SHOP_CLOSED_WINDOWS_KEY, '/admin/shop-closed-windows');
  const force = useAdminQuery<ForceDisabled>(['admin', 'force-disabled'], '/admin/shop-state/force-disabled');

  const setForce = useMutation({
    mutationFn: (forceDisabled: boolean) =>
      api.put<ForceDisabled>('/admin/shop-state/force-disabled', { forceDisabled }, { retry: false }),
    onSuccess: (result) => {
      queryClient.setQueryData(['admin', 'force-disabled'], result);
      toast.done(result.forceDisabled ? 'admin-shop-closed:forceOn' : 'admin-shop-closed:forceOff');
      setConfirmForce(null);
    },
    onError: (error) => toast.apiError(error),
  });
  const crud = useAdminCrud<AdminClosedWindow, Draft, SaveClosedWindowBody, AdminClosedWindow>({
    queryKey: SHOP_CLOSED_WINDOWS_KEY,
    path: '/admin/shop-closed-windows',
    toBody: (value) => ({ startsAt: value.startsAt, endsAt: value.endsAt, note: value.note.trim() || null }),
    schema: saveClosedWindowSchema,
    rowId: (row) => row.id,
    savedText: () => ['admin-shop-closed:saved'],
    deletedText: () => ['admin-shop-closed:deleted'],
    fieldErrors: {
      fields: ['startsAt', 'endsAt', 'note'],
      labels: { note: t('fields.note') },
      messages: {
        invalid_datetime: t('fields.dateTimeRequired'),
        start_after_end: t('fields.endAfterStart'),
      },
    },
  });

  if (!ready) return null;
  const timeZone = windows.data?.timeZone ?? 'Europe/Budapest';
  const local = localDateTime(new Date(), timeZone);
  const nowLocal = `${local.date}T${local.time}`;
  const rows = windows.data?.windows ?? [];
  const forceOn = force.data?.forceDisabled === true;
  const stateOf = (row: AdminClosedWindow) =>
    nowLocal >= row.startsAt && nowLocal < row.endsAt ? 'now' : nowLocal < row.startsAt ? 'upcoming' : 'past';

  const columns: DataTableColumn<AdminClosedWindow>[] = [
    { id: 'start', header: t('columns.startsAt'), render: (row) => show(row.startsAt) },
    { id: 'end', header: t('columns.endsAt'), render: (row) => show(row.endsAt) },
    {
      id: 'state',
      header: t('columns.state'),
      render: (row) => {
        const state = stateOf(row);
        return (
          <Chip
            size="small"
            label={t(`state.${state}`)}
            color={state === 'now' ? 'error' : state === 'upcoming' ? 'warning' : 'default'}
            variant={state === 'past' ? 'outlined' : 'filled'}
          />
        );
      },
    },
    { id: 'note', header: t('columns.note'), hideBelow: 'sm', render: (row) => row.note ?? '—' },
    actionsColumn(t, {
      params: (row) => ({ start: show(row.startsAt) }),
      onEdit: (row) =>
        crud.edit(row.id, { startsAt: row.startsAt, endsAt: row.endsAt, note: row.note ?? '' }),
      onDelete: crud.askDelete,
    }),
  ];

  /** The start or the end of a window: a shop-local time to the minute. */
  const windowEnd = (key: 'startsAt' | 'endsAt', helper?: string) => (
    <TextField
      label={t(`fields.${key}`)}
      type="datetime-local"
      value={crud.editing?.draft[key] ?? ''}
      onChange={(event) => crud.setDraft({ [key]: event.target.value.slice(0, 16) })}
      required
      {...crud.errors.props(key, helper)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('forceTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('forceHelp')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={forceOn}
              disabled={!force.data || setForce.isPending}
              onChange={(event) => setConfirmForce(event.target.checked)}
              color="error"
            />
          }
          label={t('forceLabel')}
        />
        <Alert severity={forceOn ? 'error' : 'success'} sx={{ mt: 1 }} role="status">
          {forceOn ? t('forceIsOn') : t('forceIsOff')}
        </Alert>
      </Paper>
      <SectionHeading
        title={t('windowsTitle')}
        add={{ label: t('add'), onClick: () => crud.edit(null, { startsAt: '', endsAt: '', note: '' }) }}
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('timeZoneNote', { timeZone, now: show(nowLocal) })}
      </Typography>
      <SinglePageTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        query={windows}
        emptyText={t('empty')}
      />
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('addTitle') : t('editTitle'))}>
        {(draft) => (
          <>
            <Typography color="text.secondary">{t('timeZoneField', { timeZone })}</Typography>
            {windowEnd('startsAt')}
            {windowEnd('endsAt', t('fields.endHelp'))}
            <TextField
              label={t('fields.note')}
              value={draft.note}
              onChange={(event) => crud.setDraft({ note: event.target.value })}
              {...crud.errors.props('note', t('fields.noteHelp'))}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </>
        )}
      </CrudFormDialog>
      <ConfirmDialog
        open={confirmForce !== null}
        title={confirmForce ? t('forceOnTitle') : t('forceOffTitle')}
        message={confirmForce ? t('forceOnMessage') : t('forceOffMessage')}
        confirmLabel={confirmForce ? t('forceOnConfirm') : t('forceOffConfirm')}
        danger={confirmForce === true}
        busy={setForce.isPending}
        onConfirm={() => confirmForce !== null && setForce.mutate(confirmForce)}
        onClose={() => setConfirmForce(null)}
      />
      <CrudDeleteDialog
        crud={crud}
        t={t}
        message={(row) => t('deleteMessage', { start: show(row.startsAt), end: show(row.endsAt) })}
      />
    </Box>
  );
}

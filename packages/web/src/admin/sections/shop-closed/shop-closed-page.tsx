import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  AdminClosedWindow,
  AdminClosedWindowList,
  ForceDisabled,
} from '@shop/shared/contracts/admin-logistics';
import { localDateTime } from '@shop/shared/rules/calendar-date';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SectionHeading } from '../../components/section-heading';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  id: number | null;
  startsAt: string;
  endsAt: string;
  note: string;
}

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
  const [draft, setDraft] = useState<Draft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<AdminClosedWindow | null>(null);
  const [confirmForce, setConfirmForce] = useState<boolean | null>(null);
  const windows = useQuery({
    queryKey: ['admin', 'shop-closed-windows'],
    queryFn: ({ signal }) => api.get<AdminClosedWindowList>('/admin/shop-closed-windows', { signal }),
  });
  const force = useQuery({
    queryKey: ['admin', 'force-disabled'],
    queryFn: ({ signal }) => api.get<ForceDisabled>('/admin/shop-state/force-disabled', { signal }),
  });

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
  const save = useMutation({
    mutationFn: (value: Draft) => {
      const body = { startsAt: value.startsAt, endsAt: value.endsAt, note: value.note.trim() || null };
      return value.id === null
        ? api.post<AdminClosedWindow>('/admin/shop-closed-windows', body, { retry: false })
        : api.put<AdminClosedWindow>(`/admin/shop-closed-windows/${value.id}`, body, { retry: false });
    },
    onSuccess: () => {
      toast.done('admin-shop-closed:saved');
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'shop-closed-windows'] });
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (row: AdminClosedWindow) =>
      api.delete<{ ok: true }>(`/admin/shop-closed-windows/${row.id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-shop-closed:deleted');
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'shop-closed-windows'] });
    },
    onError: (error) => toast.apiError(error),
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
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => {
              setSubmitted(false);
              setDraft({ id: row.id, startsAt: row.startsAt, endsAt: row.endsAt, note: row.note ?? '' });
            }}
            aria-label={t('editFor', { start: show(row.startsAt) })}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { start: show(row.startsAt) })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  const orderBad = draft
    ? draft.startsAt === '' || draft.endsAt === '' || draft.startsAt >= draft.endsAt
    : false;

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
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => {
              setSubmitted(false);
              setDraft({ id: null, startsAt: '', endsAt: '', note: '' });
            }}
          >
            {t('add')}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('timeZoneNote', { timeZone, now: show(nowLocal) })}
      </Typography>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={0}
        pageSize={Math.max(rows.length, 1)}
        total={rows.length}
        onPageChange={() => undefined}
        loading={windows.isFetching}
        error={windows.error}
        emptyText={t('empty')}
      />
      <FormDialog
        open={draft !== null}
        title={draft?.id === null ? t('addTitle') : t('editTitle')}
        busy={save.isPending}
        onClose={() => setDraft(null)}
        onSubmit={() => {
          setSubmitted(true);
          if (draft && !orderBad) save.mutate(draft);
        }}
      >
        {draft ? (
          <>
            <Typography color="text.secondary">{t('timeZoneField', { timeZone })}</Typography>
            <TextField
              label={t('fields.startsAt')}
              type="datetime-local"
              value={draft.startsAt}
              onChange={(event) => setDraft({ ...draft, startsAt: event.target.value.slice(0, 16) })}
              required
              error={submitted && draft.startsAt === ''}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('fields.endsAt')}
              type="datetime-local"
              value={draft.endsAt}
              onChange={(event) => setDraft({ ...draft, endsAt: event.target.value.slice(0, 16) })}
              required
              error={submitted && orderBad}
              helperText={submitted && orderBad ? t('fields.endAfterStart') : t('fields.endHelp')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('fields.note')}
              value={draft.note}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
              helperText={t('fields.noteHelp')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </>
        ) : null}
      </FormDialog>
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
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', {
          start: deleting ? show(deleting.startsAt) : '',
          end: deleting ? show(deleting.endsAt) : '',
        })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

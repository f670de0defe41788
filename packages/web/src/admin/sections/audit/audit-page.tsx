import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuditEntryOut, AuditPage as AuditPageData } from '@shop/shared/contracts/admin-accounts';
import { formatDateTime } from '@shop/shared/format/format';
import { messageLoaders, useAdminCommonMessages, useAdminMessages } from '../../admin-i18n';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';
import { DateRangeFilter } from '../../components/record-list';
import { useListParams } from '../../components/use-list-params';
import { usePageQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields whose value differs between before and after (top level of the stored objects). */
export function changedFields(
  before: unknown,
  after: unknown,
): { key: string; before: unknown; after: unknown }[] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({ key, before: b[key], after: a[key] }));
}

/** The audit log (administrators only): who changed what and when, with before and after. */
export default function AuditPage() {
  const { t, ready } = useAdminMessages('admin-audit', loaders);
  const { t: common } = useAdminCommonMessages();
  const list = useListParams(50);
  const query = list.query(['entity', 'action', 'entityId', 'actorUserId', 'from', 'to']);
  const log = usePageQuery<AuditPageData>('audit', '/admin/audit', query);
  const [open, setOpen] = useState<AuditEntryOut | null>(null);
  if (!ready) return null;

  const columns: DataTableColumn<AuditEntryOut>[] = [
    { id: 'at', header: t('columns.at'), render: (row) => formatDateTime(row.at) },
    {
      id: 'who',
      header: t('columns.who'),
      render: (row) => (
        <Button
          size="small"
          sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
          onClick={() => list.set({ actorUserId: row.actorUserId })}
          disabled={row.actorUserId === null}
        >
          {row.actorName ?? t('unknownActor')}
        </Button>
      ),
    },
    { id: 'action', header: t('columns.action'), render: (row) => row.action },
    {
      id: 'what',
      header: t('columns.what'),
      render: (row) => `${row.entity}${row.entityId ? ` #${row.entityId}` : ''}`,
    },
    {
      id: 'changes',
      header: t('columns.changes'),
      hideBelow: 'md',
      render: (row) => {
        const changes = changedFields(row.before, row.after);
        return (
          <Box component="ul" sx={{ m: 0, pl: 2, fontSize: '0.8125rem' }}>
            {changes.slice(0, 4).map((change) => (
              <li key={change.key}>
                <strong>{change.key}</strong>: {show(change.before)} → {show(change.after)}
              </li>
            ))}
            {changes.length > 4 ? <li>{t('more', { count: changes.length - 4 })}</li> : null}
          </Box>
        );
      },
    },
    {
      id: 'details',
      header: common('common.details'),
      align: 'right',
      render: (row) => (
        <Button size="small" onClick={() => setOpen(row)}>
          {common('common.details')}
        </Button>
      ),
    },
  ];

  const select = (key: 'entity' | 'action', options: string[]) => (
    <TextField
      select
      size="small"
      label={t(`filters.${key}`)}
      value={list.get(key)}
      onChange={(event) => list.set({ [key]: event.target.value })}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{common('common.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <DataTable
        label={t('title')}
        columns={columns}
        rowKey={(row) => row.id}
        {...list.table(log)}
        toolbar={
          <>
            {select('entity', log.data?.entities ?? [])}
            {select('action', log.data?.actions ?? [])}
            <TextField
              size="small"
              label={t('filters.entityId')}
              value={list.get('entityId')}
              onChange={(event) => list.set({ entityId: event.target.value })}
              sx={{ width: 120 }}
            />
            <DateRangeFilter list={list} fromLabel={common('common.from')} toLabel={common('common.to')} />
            <Button
              onClick={() =>
                list.set({
                  entity: null,
                  action: null,
                  entityId: null,
                  actorUserId: null,
                  from: null,
                  to: null,
                })
              }
            >
              {common('common.clearFilters')}
            </Button>
          </>
        }
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        maxWidth="md"
        fullWidth
        aria-labelledby="audit-detail-title"
      >
        <DialogTitle id="audit-detail-title">
          {open ? `${open.action} · ${open.entity}${open.entityId ? ` #${open.entityId}` : ''}` : ''}
        </DialogTitle>
        <DialogContent>
          {open ? (
            <>
              <Typography variant="body2" gutterBottom>
                {t('detailWho', {
                  name: open.actorName ?? t('unknownActor'),
                  email: open.actorEmail ?? '',
                  at: formatDateTime(open.at),
                })}
              </Typography>
              <Grid container spacing={2}>
                {(['before', 'after'] as const).map((side) => (
                  <Grid key={side} size={{ xs: 12, md: 6 }}>
                    <Typography variant="subtitle2" component="h2">
                      {t(`columns.${side}`)}
                    </Typography>
                    <Box
                      component="pre"
                      sx={{
                        bgcolor: 'grey.100',
                        p: 1.5,
                        borderRadius: 1,
                        overflow: 'auto',
                        fontSize: '0.8125rem',
                        m: 0,
                      }}
                    >
                      {open[side] === null ? '∅' : JSON.stringify(open[side], null, 2)}
                    </Box>
                  </Grid>
                ))}
              </Grid>
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{common('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '@shop/shared/format/format';
import type { AdminT } from '../admin-i18n';
import { DataTable, type DataTableColumn } from './data-table';
import { SectionHeading } from './section-heading';
import { useAdminQuery, usePageQuery } from './use-admin-query';
import { useListParams } from './use-list-params';

/** A list's paging and filters in the URL query (see useListParams). */
export type ListParams = ReturnType<typeof useListParams>;

/**
 * A page of a section's records (GET /api/admin/<section> with the page and the filters `filterKeys`
 * from the address; query key `['admin', section, query]`), the last page kept on screen while the
 * next one loads; with the list's params.
 */
export function useRecordPage<Response>(section: 'orders' | 'quotes', filterKeys: string[]) {
  const list = useListParams();
  const result = usePageQuery<Response>(section, `/admin/${section}`, list.query(filterKeys));
  return { list, result };
}

/**
 * The list of a back-office section whose records have a page of their own (orders, quotes): the
 * record's number (a link to its page) and the day it was made come first, then `columns`; a click
 * on a row opens the record too, the list's filters kept in the address for the way back. The
 * section's messages have `tableLabel`, `empty`, `columns.id` and `columns.createdAt`.
 */
export function RecordTable<Row extends { id: number; createdAt: string }>({
  t,
  list,
  result,
  columns,
  toolbar,
}: {
  t: AdminT;
  list: ListParams;
  /** The page query. */
  result: {
    data?: { items: Row[]; total: number; totalIsLowerBound?: boolean | undefined } | undefined;
    isFetching: boolean;
    error: unknown;
  };
  columns: DataTableColumn<Row>[];
  toolbar: ReactNode;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const pageOf = (row: Row) => `${row.id}?${searchParams.toString()}`;
  const first: DataTableColumn<Row>[] = [
    {
      id: 'id',
      header: t('columns.id'),
      render: (row) => (
        <Button component={RouterLink} to={pageOf(row)} size="small" sx={{ minWidth: 0 }}>
          #{row.id}
        </Button>
      ),
    },
    { id: 'date', header: t('columns.createdAt'), render: (row) => formatDateTime(row.createdAt) },
  ];
  return (
    <DataTable
      label={t('tableLabel')}
      columns={[...first, ...columns]}
      rowKey={(row) => row.id}
      {...list.table(result)}
      emptyText={t('empty')}
      onRowClick={(row) => void navigate(pageOf(row))}
      toolbar={toolbar}
    />
  );
}

/** A cell of two lines: `name` (medium weight) above `detail` (small, grey). */
export function NameAndDetail({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {detail}
      </Typography>
    </>
  );
}

/** The `from` and `to` day filters of a list (inclusive days, `YYYY-MM-DD` in the address). */
export function DateRangeFilter({
  list,
  fromLabel,
  toLabel,
  shown,
}: {
  list: ListParams;
  fromLabel: string;
  toLabel: string;
  /** The range shown while the address names none (e.g. the one the server chose). */
  shown?: { from: string; to: string } | undefined;
}) {
  return (
    <>
      {(
        [
          ['from', fromLabel],
          ['to', toLabel],
        ] as const
      ).map(([key, label]) => (
        <TextField
          key={key}
          size="small"
          type="date"
          label={label}
          value={list.get(key) || shown?.[key] || ''}
          onChange={(event) => list.set({ [key]: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
}

/**
 * A select filter of a list kept in the address under `name`: "any" (`filters.any` of the section's
 * messages) first, then `options`.
 */
export function SelectFilter({
  t,
  list,
  name,
  label,
  options,
}: {
  t: AdminT;
  list: ListParams;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={list.get(name)}
      onChange={(event) => list.set({ [name]: event.target.value })}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The way back from a record's page to its list, the list's filters kept (`back` of the section's messages). */
export function BackToList({ t }: { t: AdminT }) {
  const [searchParams] = useSearchParams();
  return (
    <Button
      component={RouterLink}
      to={`..?${searchParams.toString()}`}
      relative="path"
      startIcon={<ArrowBack />}
    >
      {t('back')}
    </Button>
  );
}

/** A record's page before its data are there: the way back, and `notFound` when the query failed. */
export function RecordPageWaiting({ t, failed }: { t: AdminT; failed: boolean }) {
  if (!failed) return <BackToList t={t} />;
  return (
    <Box>
      <BackToList t={t} />
      <Alert severity="error" sx={{ mt: 2 }}>
        {t('notFound')}
      </Alert>
    </Box>
  );
}

/** The top of a record's page: the way back to the list, then `detailTitle` with the record's status. */
export function RecordHeading({ t, id, status }: { t: AdminT; id: number; status: ReactNode }) {
  return (
    <>
      <BackToList t={t} />
      <SectionHeading title={t('detailTitle', { id })} actions={status} />
    </>
  );
}

/** A panel of a record's page: an outlined paper with a heading, then its content. */
export function RecordPanel({
  title,
  sx,
  children,
}: {
  title: ReactNode;
  /** Spacing or height besides the padding. */
  sx?: { mb?: number; height?: string };
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, ...sx }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The record a page shows, named by the route's `param` (asked for only when it is a positive whole
 * number): its id, its query key `['admin', kind, id]` and the query of GET `path/id`.
 */
export function useRouteRecord<Data>(kind: string, param: string, path: string) {
  const id = Number(useParams()[param]);
  const key = ['admin', kind, id];
  const query = useAdminQuery<Data>(key, `${path}/${id}`, { enabled: Number.isInteger(id) && id > 0 });
  return { id, key, query };
}

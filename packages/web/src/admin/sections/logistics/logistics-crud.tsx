import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { AdminT } from '../../admin-i18n';
import { CrudDeleteDialog, CrudFormDialog, actionsColumn, useAdminCrud } from '../../components/crud';
import { type DataTableColumn, SinglePageTable } from '../../components/data-table';
import type { FieldErrors } from '../../components/field-errors';
import { useAdminQuery } from '../../components/use-admin-query';

export type Change<Draft> = (changes: Partial<Draft>) => void;
export type Errors = FieldErrors;

interface CrudProps<Row, Draft> {
  t: AdminT;
  name: string;
  url: string;
  columns: DataTableColumn<Row>[];
  empty: Draft;
  toDraft: (row: Row) => Draft;
  toBody: (draft: Draft) => unknown;
  /** The shared contract the server checks: its issues show under the fields. */
  schema: ZodType;
  form: (draft: Draft, set: Change<Draft>, errors: Errors) => ReactNode;
  deletable?: boolean;
}

/**
 * A small list of one kind of named record with a create button and a form dialog: the name
 * column and the name field come first, then the kind's own `columns` and `form`.
 */
export function Crud<Row extends { id: number; name: string }, Draft extends FieldValues & { name: string }>({
  t,
  name,
  url,
  columns,
  empty,
  toDraft,
  toBody,
  schema,
  form,
  deletable,
}: CrudProps<Row, Draft>) {
  const listKey = ['admin', url];
  const rows = useAdminQuery<Row[]>(listKey, url);
  const crud = useAdminCrud<Row, Draft, unknown, Row>({
    queryKey: listKey,
    path: url,
    toBody,
    schema,
    rowId: (row) => row.id,
    savedText: () => ['admin-logistics:saved'],
    deletedText: () => ['admin-logistics:deleted'],
    fieldErrors: {
      labels: { name: t('fields.name'), routeTime: t('fields.routeTime') },
      limits: { name: { max: 100 }, routeTime: { max: 50 } },
      messages: {
        invalid_code: t('fields.codeHelp'),
        invalid_number: t('fields.costHelp'),
        start_after_end: t('fields.endAfterStart'),
        replacement_inside_period: t('fields.replacementHelp'),
      },
    },
  });
  const list = rows.data ?? [];
  const withActions: DataTableColumn<Row>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    ...columns,
    actionsColumn(t, {
      params: (row) => ({ name: row.name }),
      onEdit: (row) => crud.edit(row.id, toDraft(row)),
      ...(deletable ? { onDelete: crud.askDelete } : {}),
    }),
  ];
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => crud.edit(null, empty)}>
          {t(`${name}.create`)}
        </Button>
      </Box>
      <SinglePageTable
        label={t(`${name}.tableLabel`)}
        columns={withActions}
        rows={list}
        query={rows}
        emptyText={t(`${name}.empty`)}
      />
      <CrudFormDialog
        crud={crud}
        title={(isNew) => (isNew ? t(`${name}.createTitle`) : t(`${name}.editTitle`))}
      >
        {(draft) => (
          <>
            {nameField(t, draft, crud.setDraft, crud.errors)}
            {form(draft, crud.setDraft, crud.errors)}
          </>
        )}
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={(row) => t('deleteMessage', { name: row.name })} />
    </Box>
  );
}

export const yesNo = (t: AdminT, value: boolean) => (
  <Chip
    size="small"
    label={value ? t('yes') : t('no')}
    variant={value ? 'filled' : 'outlined'}
    color={value ? 'success' : 'default'}
  />
);

/** The name field every kind starts with. */
function nameField<D extends { name: string }>(t: AdminT, d: D, set: Change<D>, errors: Errors) {
  return (
    <TextField
      label={t('fields.name')}
      value={d.name}
      required
      {...errors.props('name')}
      onChange={(e) => set({ name: e.target.value } as Partial<D>)}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
}
/** The fields every method shares besides its name: code, sort order and the "active" switch. */
export function codeFields<D extends { code: string; sortOrder: string; isActive: boolean }>(
  t: AdminT,
  d: D,
  set: Change<D>,
  errors: Errors,
) {
  return {
    code: (
      <TextField
        label={t('fields.code')}
        value={d.code}
        required
        {...errors.props('code', t('fields.codeHelp'))}
        onChange={(e) => set({ code: e.target.value.toLowerCase() } as Partial<D>)}
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
    ),
    sortOrder: (
      <TextField
        label={t('fields.sortOrder')}
        type="number"
        value={d.sortOrder}
        {...errors.props('sortOrder')}
        onChange={(e) => set({ sortOrder: e.target.value } as Partial<D>)}
      />
    ),
    active: switchField(t('fields.active'), d.isActive, (isActive) => set({ isActive } as Partial<D>)),
  };
}

/** A labelled on/off switch of the draft. */
export function switchField(label: string, checked: boolean, onChange: (checked: boolean) => void) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}
export const sortNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** What every method (shipping, payment) has: in its saved row, its form draft and its body. */
interface MethodRow {
  id: number;
  code: string;
  name: string;
  isActive: boolean;
  sortOrder: number;
}
interface MethodDraft {
  code: string;
  name: string;
  isActive: boolean;
  sortOrder: string;
}

const methodDraft = (row: MethodRow): MethodDraft => ({
  code: row.code,
  name: row.name,
  isActive: row.isActive,
  sortOrder: String(row.sortOrder),
});

const methodBody = (d: MethodDraft) => ({
  code: d.code.trim(),
  name: d.name.trim(),
  isActive: d.isActive,
  sortOrder: sortNumber(d.sortOrder),
});

/** A method list's columns after the name: code first, the kind's own columns, then "active". */
function methodColumns<Row extends MethodRow>(
  t: AdminT,
  own: DataTableColumn<Row>[],
): DataTableColumn<Row>[] {
  return [
    { id: 'code', header: t('columns.code'), hideBelow: 'sm', render: (row) => row.code },
    ...own,
    { id: 'active', header: t('columns.active'), render: (row) => yesNo(t, row.isActive) },
  ];
}

const EMPTY_METHOD: MethodDraft = { code: '', name: '', isActive: true, sortOrder: '0' };

/**
 * The list of one kind of method (shipping, payment): what every method has (columns, draft,
 * body, the code, sort order and "active" fields as `shared`) around the kind's `Own` part.
 */
export function MethodCrud<Row extends MethodRow, Own extends FieldValues>({
  t,
  name,
  url,
  schema,
  columns,
  empty,
  toDraft,
  toBody,
  form,
}: Pick<CrudProps<Row, MethodDraft & Own>, 't' | 'name' | 'url' | 'schema'> & {
  /** The kind's own columns, between the code and "active". */
  columns: DataTableColumn<Row>[];
  empty: Own;
  toDraft: (row: Row) => Own;
  toBody: (draft: MethodDraft & Own) => object;
  form: (
    draft: MethodDraft & Own,
    set: Change<MethodDraft & Own>,
    errors: Errors,
    shared: ReturnType<typeof codeFields<MethodDraft & Own>>,
  ) => ReactNode;
}) {
  return (
    <Crud<Row, MethodDraft & Own>
      t={t}
      name={name}
      url={url}
      columns={methodColumns(t, columns)}
      empty={{ ...EMPTY_METHOD, ...empty }}
      toDraft={(row) => ({ ...methodDraft(row), ...toDraft(row) })}
      toBody={(d) => ({ ...methodBody(d), ...toBody(d) })}
      schema={schema}
      form={(d, set, errors) => form(d, set, errors, codeFields(t, d, set, errors))}
    />
  );
}

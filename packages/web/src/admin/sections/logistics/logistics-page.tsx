import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FormHelperText from '@mui/material/FormHelperText';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ZodType } from 'zod';
import {
  saveDeliveryRouteSchema,
  saveHolidayPeriodSchema,
  savePaymentMethodSchema,
  saveShippingMethodSchema,
  type AdminDeliveryRoute,
  type AdminHolidayPeriod,
  type AdminPaymentMethod,
  type AdminShippingMethod,
} from '@shop/shared/contracts/admin-logistics';
import { formatMoney } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { type AdminT, messageLoaders, useAdminMessages } from '../../admin-i18n';
import {
  CrudDeleteDialog,
  CrudFormDialog,
  actionsColumn,
  useAdminCrud,
  type AdminCrud,
} from '../../components/crud';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));
const TABS = ['shipping', 'payment', 'routes', 'holidays'] as const;
type TabName = (typeof TABS)[number];

/** Forints typed by staff ("1 500,50") → minor units, or null when unreadable. */
function parseForints(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
const forints = (minor: number) => (minor / 100).toString().replace('.', ',');

type Change<Draft> = (changes: Partial<Draft>) => void;
type Errors = AdminCrud<unknown, unknown>['errors'];

/** A small list of one kind of record with a create button and a form dialog. */
function Crud<Row extends { id: number }, Draft>({
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
  rowLabel,
}: {
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
  rowLabel: (row: Row) => string;
}) {
  const api = useAdminApi();
  const rows = useQuery({
    queryKey: ['admin', url],
    queryFn: ({ signal }) => api.get<Row[]>(url, { signal }),
  });
  const crud = useAdminCrud<Row, Draft, unknown, Row>({
    queryKey: ['admin', url],
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
    ...columns,
    actionsColumn(t, {
      params: (row) => ({ name: rowLabel(row) }),
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
      <DataTable
        label={t(`${name}.tableLabel`)}
        columns={withActions}
        rows={list}
        rowKey={(row) => row.id}
        page={0}
        pageSize={Math.max(list.length, 1)}
        total={list.length}
        onPageChange={() => undefined}
        loading={rows.isFetching}
        error={rows.error}
        emptyText={t(`${name}.empty`)}
      />
      <CrudFormDialog
        crud={crud}
        title={(isNew) => (isNew ? t(`${name}.createTitle`) : t(`${name}.editTitle`))}
      >
        {(draft) => form(draft, crud.setDraft, crud.errors)}
      </CrudFormDialog>
      <CrudDeleteDialog
        crud={crud}
        title={t('deleteTitle')}
        message={(row) => t('deleteMessage', { name: rowLabel(row) })}
        confirmLabel={t('delete')}
      />
    </Box>
  );
}

const yesNo = (t: AdminT, value: boolean) => (
  <Chip
    size="small"
    label={value ? t('yes') : t('no')}
    variant={value ? 'filled' : 'outlined'}
    color={value ? 'success' : 'default'}
  />
);

/** The fields several kinds share: name, code, sort order and the "active" switch. */
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
function codeFields<D extends { code: string; sortOrder: string; isActive: boolean }>(
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
    active: (
      <FormControlLabel
        control={
          <Switch checked={d.isActive} onChange={(e) => set({ isActive: e.target.checked } as Partial<D>)} />
        }
        label={t('fields.active')}
      />
    ),
  };
}
const sortNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

function ShippingMethods({ t }: { t: AdminT }) {
  type Draft = {
    code: string;
    name: string;
    cost: string;
    isHomeDelivery: boolean;
    isActive: boolean;
    sortOrder: string;
  };
  return (
    <Crud<AdminShippingMethod, Draft>
      t={t}
      name="shipping"
      url="/admin/shipping-methods"
      rowLabel={(row) => row.name}
      columns={[
        { id: 'name', header: t('columns.name'), render: (row) => row.name },
        { id: 'code', header: t('columns.code'), hideBelow: 'sm', render: (row) => row.code },
        { id: 'cost', header: t('columns.cost'), align: 'right', render: (row) => formatMoney(row.cost) },
        {
          id: 'home',
          header: t('columns.homeDelivery'),
          hideBelow: 'sm',
          render: (row) => yesNo(t, row.isHomeDelivery),
        },
        { id: 'active', header: t('columns.active'), render: (row) => yesNo(t, row.isActive) },
      ]}
      empty={{ code: '', name: '', cost: '0', isHomeDelivery: false, isActive: true, sortOrder: '0' }}
      toDraft={(row) => ({
        code: row.code,
        name: row.name,
        cost: forints(row.cost),
        isHomeDelivery: row.isHomeDelivery,
        isActive: row.isActive,
        sortOrder: String(row.sortOrder),
      })}
      toBody={(d) => ({
        code: d.code.trim(),
        name: d.name.trim(),
        cost: parseForints(d.cost),
        isHomeDelivery: d.isHomeDelivery,
        isActive: d.isActive,
        sortOrder: sortNumber(d.sortOrder),
      })}
      schema={saveShippingMethodSchema}
      form={(d, set, errors) => {
        const shared = codeFields(t, d, set, errors);
        return (
          <>
            {nameField(t, d, set, errors)}
            {shared.code}
            <TextField
              label={t('fields.cost')}
              value={d.cost}
              required
              {...errors.props('cost', t('fields.costHelp'))}
              onChange={(e) => set({ cost: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            {shared.sortOrder}
            <FormControlLabel
              control={
                <Switch
                  checked={d.isHomeDelivery}
                  onChange={(e) => set({ isHomeDelivery: e.target.checked })}
                />
              }
              label={t('fields.homeDelivery')}
            />
            {shared.active}
          </>
        );
      }}
    />
  );
}

function PaymentMethods({ t }: { t: AdminT }) {
  type Draft = { code: string; name: string; termDays: string; isActive: boolean; sortOrder: string };
  return (
    <Crud<AdminPaymentMethod, Draft>
      t={t}
      name="payment"
      url="/admin/payment-methods"
      rowLabel={(row) => row.name}
      columns={[
        { id: 'name', header: t('columns.name'), render: (row) => row.name },
        { id: 'code', header: t('columns.code'), hideBelow: 'sm', render: (row) => row.code },
        { id: 'term', header: t('columns.termDays'), align: 'right', render: (row) => row.termDays },
        {
          id: 'customers',
          header: t('columns.customers'),
          hideBelow: 'sm',
          align: 'right',
          render: (row) => row.customerCount,
        },
        { id: 'active', header: t('columns.active'), render: (row) => yesNo(t, row.isActive) },
      ]}
      empty={{ code: '', name: '', termDays: '0', isActive: true, sortOrder: '0' }}
      toDraft={(row) => ({
        code: row.code,
        name: row.name,
        termDays: String(row.termDays),
        isActive: row.isActive,
        sortOrder: String(row.sortOrder),
      })}
      toBody={(d) => ({
        code: d.code.trim(),
        name: d.name.trim(),
        termDays: d.termDays.trim() === '' ? null : Number(d.termDays),
        isActive: d.isActive,
        sortOrder: sortNumber(d.sortOrder),
      })}
      schema={savePaymentMethodSchema}
      form={(d, set, errors) => {
        const shared = codeFields(t, d, set, errors);
        return (
          <>
            {nameField(t, d, set, errors)}
            {shared.code}
            <TextField
              label={t('fields.termDays')}
              type="number"
              value={d.termDays}
              required
              {...errors.props('termDays')}
              onChange={(e) => set({ termDays: e.target.value })}
              slotProps={{ htmlInput: { min: 0, max: 365 } }}
            />
            {shared.sortOrder}
            {shared.active}
          </>
        );
      }}
    />
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

function DeliveryRoutes({ t }: { t: AdminT }) {
  type Draft = { name: string; weekdays: number[]; cutoffTime: string; routeTime: string };
  return (
    <Crud<AdminDeliveryRoute, Draft>
      t={t}
      name="routes"
      url="/admin/delivery-routes"
      deletable
      rowLabel={(row) => row.name}
      columns={[
        { id: 'name', header: t('columns.name'), render: (row) => row.name },
        {
          id: 'weekdays',
          header: t('columns.weekdays'),
          render: (row) => row.weekdays.map((d) => t(`weekdays.${d}`)).join(', '),
        },
        { id: 'cutoff', header: t('columns.cutoffTime'), render: (row) => row.cutoffTime },
        {
          id: 'time',
          header: t('columns.routeTime'),
          hideBelow: 'sm',
          render: (row) => row.routeTime ?? '—',
        },
        {
          id: 'addresses',
          header: t('columns.addresses'),
          hideBelow: 'sm',
          align: 'right',
          render: (row) => row.addressCount,
        },
      ]}
      empty={{ name: '', weekdays: [], cutoffTime: '14:00', routeTime: '' }}
      toDraft={(row) => ({
        name: row.name,
        weekdays: row.weekdays,
        cutoffTime: row.cutoffTime,
        routeTime: row.routeTime ?? '',
      })}
      toBody={(d) => ({
        name: d.name.trim(),
        weekdays: d.weekdays,
        cutoffTime: d.cutoffTime,
        routeTime: d.routeTime.trim() || null,
      })}
      schema={saveDeliveryRouteSchema}
      form={(d, set, errors) => (
        <>
          {nameField(t, d, set, errors)}
          <Box>
            <FormLabel component="legend" error={errors.message('weekdays') !== undefined}>
              {t('fields.weekdays')}
            </FormLabel>
            <FormGroup row>
              {WEEKDAYS.map((day) => (
                <FormControlLabel
                  key={day}
                  control={
                    <Checkbox
                      checked={d.weekdays.includes(day)}
                      onChange={(e) =>
                        set({
                          weekdays: e.target.checked
                            ? [...d.weekdays, day].sort((a, b) => a - b)
                            : d.weekdays.filter((x) => x !== day),
                        })
                      }
                    />
                  }
                  label={t(`weekdays.${day}`)}
                />
              ))}
            </FormGroup>
            {errors.message('weekdays') ? (
              <FormHelperText error>{errors.message('weekdays')}</FormHelperText>
            ) : null}
          </Box>
          <TextField
            label={t('fields.cutoffTime')}
            type="time"
            value={d.cutoffTime}
            required
            {...errors.props('cutoffTime', t('fields.cutoffHelp'))}
            onChange={(e) => set({ cutoffTime: e.target.value.slice(0, 5) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('fields.routeTime')}
            value={d.routeTime}
            {...errors.props('routeTime', t('fields.routeTimeHelp'))}
            onChange={(e) => set({ routeTime: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </>
      )}
    />
  );
}

function Holidays({ t }: { t: AdminT }) {
  type Draft = {
    name: string;
    startDate: string;
    endDate: string;
    replacementDates: string;
    hidesRouteTimes: boolean;
  };
  const dates = (text: string) =>
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const dateField = (d: Draft, set: Change<Draft>, errors: Errors, key: 'startDate' | 'endDate') => (
    <TextField
      label={t(`fields.${key}`)}
      type="date"
      value={d[key]}
      required
      {...errors.props(key)}
      onChange={(e) => set({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
    />
  );
  return (
    <Crud<AdminHolidayPeriod, Draft>
      t={t}
      name="holidays"
      url="/admin/holiday-periods"
      deletable
      rowLabel={(row) => row.name}
      columns={[
        { id: 'name', header: t('columns.name'), render: (row) => row.name },
        { id: 'period', header: t('columns.period'), render: (row) => `${row.startDate} – ${row.endDate}` },
        {
          id: 'replacement',
          header: t('columns.replacementDates'),
          render: (row) => row.replacementDates.join(', ') || '—',
        },
        {
          id: 'hides',
          header: t('columns.hidesRouteTimes'),
          hideBelow: 'sm',
          render: (row) => yesNo(t, row.hidesRouteTimes),
        },
      ]}
      empty={{ name: '', startDate: '', endDate: '', replacementDates: '', hidesRouteTimes: true }}
      toDraft={(row) => ({
        name: row.name,
        startDate: row.startDate,
        endDate: row.endDate,
        replacementDates: row.replacementDates.join(', '),
        hidesRouteTimes: row.hidesRouteTimes,
      })}
      toBody={(d) => ({
        name: d.name.trim(),
        startDate: d.startDate,
        endDate: d.endDate,
        replacementDates: [...new Set(dates(d.replacementDates))],
        hidesRouteTimes: d.hidesRouteTimes,
      })}
      schema={saveHolidayPeriodSchema}
      form={(d, set, errors) => (
        <>
          {nameField(t, d, set, errors)}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {dateField(d, set, errors, 'startDate')}
            {dateField(d, set, errors, 'endDate')}
          </Stack>
          <TextField
            label={t('fields.replacementDates')}
            value={d.replacementDates}
            {...errors.props('replacementDates', t('fields.replacementHelp'))}
            onChange={(e) => set({ replacementDates: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch
                checked={d.hidesRouteTimes}
                onChange={(e) => set({ hidesRouteTimes: e.target.checked })}
              />
            }
            label={t('fields.hidesRouteTimes')}
          />
        </>
      )}
    />
  );
}

/** Shipping and payment methods, delivery routes and holiday periods, one tab each. */
export default function LogisticsPage() {
  const { t, ready } = useAdminMessages('admin-logistics', loaders);
  const [params, setParams] = useSearchParams();
  if (!ready) return null;
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'shipping';
  return (
    <Box>
      <SectionHeading title={t('title')} />
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) =>
          setParams(value === 'shipping' ? {} : { tab: value }, { replace: true })
        }
        aria-label={t('tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`${name}.tab`)} />
        ))}
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`${tab}.help`)}
      </Typography>
      {tab === 'shipping' ? <ShippingMethods t={t} /> : null}
      {tab === 'payment' ? <PaymentMethods t={t} /> : null}
      {tab === 'routes' ? <DeliveryRoutes t={t} /> : null}
      {tab === 'holidays' ? <Holidays t={t} /> : null}
    </Box>
  );
}

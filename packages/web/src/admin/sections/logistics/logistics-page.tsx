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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import type {
  AdminDeliveryRoute,
  AdminHolidayPeriod,
  AdminPaymentMethod,
  AdminShippingMethod,
} from '@shop/shared/contracts/admin-logistics';
import { formatMoney } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { type AdminT, messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
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

/** A small list of one kind of record with a create button and a form dialog. */
function Crud<Row extends { id: number }, Draft>({
  t,
  name,
  url,
  columns,
  empty,
  toDraft,
  toBody,
  validate,
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
  validate: (draft: Draft) => boolean;
  form: (draft: Draft, set: (draft: Draft) => void, submitted: boolean) => ReactNode;
  deletable?: boolean;
  rowLabel: (row: Row) => string;
}) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const rows = useQuery({
    queryKey: ['admin', url],
    queryFn: ({ signal }) => api.get<Row[]>(url, { signal }),
  });
  const save = useMutation({
    mutationFn: (value: { id: number | null; draft: Draft }) =>
      value.id === null
        ? api.post<Row>(url, toBody(value.draft), { retry: false })
        : api.put<Row>(`${url}/${value.id}`, toBody(value.draft), { retry: false }),
    onSuccess: () => {
      toast.done('admin-logistics:saved');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', url] });
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (row: Row) => api.delete<{ ok: true }>(`${url}/${row.id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-logistics:deleted');
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', url] });
    },
    onError: (error) => {
      toast.apiError(error);
      setDeleting(null);
    },
  });
  const list = rows.data ?? [];
  const withActions: DataTableColumn<Row>[] = [
    ...columns,
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
              setEditing({ id: row.id, draft: toDraft(row) });
            }}
            aria-label={t('editFor', { name: rowLabel(row) })}
          >
            {t('edit')}
          </Button>
          {deletable ? (
            <Button
              size="small"
              color="error"
              onClick={() => setDeleting(row)}
              aria-label={t('deleteFor', { name: rowLabel(row) })}
            >
              {t('delete')}
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setSubmitted(false);
            setEditing({ id: null, draft: empty });
          }}
        >
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
      <FormDialog
        open={editing !== null}
        title={editing?.id === null ? t(`${name}.createTitle`) : t(`${name}.editTitle`)}
        busy={save.isPending}
        onClose={() => setEditing(null)}
        onSubmit={() => {
          setSubmitted(true);
          if (editing && validate(editing.draft)) save.mutate(editing);
        }}
      >
        {editing ? form(editing.draft, (draft) => setEditing({ ...editing, draft }), submitted) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting ? rowLabel(deleting) : '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
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
const CODE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

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
        sortOrder: Number(d.sortOrder) || 0,
      })}
      validate={(d) => CODE.test(d.code.trim()) && d.name.trim() !== '' && parseForints(d.cost) !== null}
      form={(d, set, submitted) => (
        <>
          <TextField
            label={t('fields.name')}
            value={d.name}
            required
            error={submitted && d.name.trim() === ''}
            onChange={(e) => set({ ...d, name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('fields.code')}
            value={d.code}
            required
            error={submitted && !CODE.test(d.code.trim())}
            helperText={t('fields.codeHelp')}
            onChange={(e) => set({ ...d, code: e.target.value.toLowerCase() })}
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
          <TextField
            label={t('fields.cost')}
            value={d.cost}
            required
            error={submitted && parseForints(d.cost) === null}
            helperText={t('fields.costHelp')}
            onChange={(e) => set({ ...d, cost: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('fields.sortOrder')}
            type="number"
            value={d.sortOrder}
            onChange={(e) => set({ ...d, sortOrder: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch
                checked={d.isHomeDelivery}
                onChange={(e) => set({ ...d, isHomeDelivery: e.target.checked })}
              />
            }
            label={t('fields.homeDelivery')}
          />
          <FormControlLabel
            control={
              <Switch checked={d.isActive} onChange={(e) => set({ ...d, isActive: e.target.checked })} />
            }
            label={t('fields.active')}
          />
        </>
      )}
    />
  );
}

function PaymentMethods({ t }: { t: AdminT }) {
  type Draft = { code: string; name: string; termDays: string; isActive: boolean; sortOrder: string };
  const termOk = (d: Draft) => /^\d{1,3}$/.test(d.termDays.trim()) && Number(d.termDays) <= 365;
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
        termDays: Number(d.termDays),
        isActive: d.isActive,
        sortOrder: Number(d.sortOrder) || 0,
      })}
      validate={(d) => CODE.test(d.code.trim()) && d.name.trim() !== '' && termOk(d)}
      form={(d, set, submitted) => (
        <>
          <TextField
            label={t('fields.name')}
            value={d.name}
            required
            error={submitted && d.name.trim() === ''}
            onChange={(e) => set({ ...d, name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('fields.code')}
            value={d.code}
            required
            error={submitted && !CODE.test(d.code.trim())}
            helperText={t('fields.codeHelp')}
            onChange={(e) => set({ ...d, code: e.target.value.toLowerCase() })}
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
          <TextField
            label={t('fields.termDays')}
            type="number"
            value={d.termDays}
            required
            error={submitted && !termOk(d)}
            onChange={(e) => set({ ...d, termDays: e.target.value })}
            slotProps={{ htmlInput: { min: 0, max: 365 } }}
          />
          <TextField
            label={t('fields.sortOrder')}
            type="number"
            value={d.sortOrder}
            onChange={(e) => set({ ...d, sortOrder: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch checked={d.isActive} onChange={(e) => set({ ...d, isActive: e.target.checked })} />
            }
            label={t('fields.active')}
          />
        </>
      )}
    />
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

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
      validate={(d) => d.name.trim() !== '' && d.weekdays.length > 0 && TIME.test(d.cutoffTime)}
      form={(d, set, submitted) => (
        <>
          <TextField
            label={t('fields.name')}
            value={d.name}
            required
            error={submitted && d.name.trim() === ''}
            onChange={(e) => set({ ...d, name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Box>
            <FormLabel component="legend" error={submitted && d.weekdays.length === 0}>
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
                          ...d,
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
          </Box>
          <TextField
            label={t('fields.cutoffTime')}
            type="time"
            value={d.cutoffTime}
            required
            error={submitted && !TIME.test(d.cutoffTime)}
            helperText={t('fields.cutoffHelp')}
            onChange={(e) => set({ ...d, cutoffTime: e.target.value.slice(0, 5) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('fields.routeTime')}
            value={d.routeTime}
            helperText={t('fields.routeTimeHelp')}
            onChange={(e) => set({ ...d, routeTime: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </>
      )}
    />
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function Holidays({ t }: { t: AdminT }) {
  type Draft = {
    name: string;
    startDate: string;
    endDate: string;
    replacement: string;
    hidesRouteTimes: boolean;
  };
  const dates = (text: string) =>
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const ok = (d: Draft) =>
    d.name.trim() !== '' &&
    DATE.test(d.startDate) &&
    DATE.test(d.endDate) &&
    d.startDate <= d.endDate &&
    dates(d.replacement).every((x) => DATE.test(x) && (x < d.startDate || x > d.endDate));
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
      empty={{ name: '', startDate: '', endDate: '', replacement: '', hidesRouteTimes: true }}
      toDraft={(row) => ({
        name: row.name,
        startDate: row.startDate,
        endDate: row.endDate,
        replacement: row.replacementDates.join(', '),
        hidesRouteTimes: row.hidesRouteTimes,
      })}
      toBody={(d) => ({
        name: d.name.trim(),
        startDate: d.startDate,
        endDate: d.endDate,
        replacementDates: [...new Set(dates(d.replacement))],
        hidesRouteTimes: d.hidesRouteTimes,
      })}
      validate={ok}
      form={(d, set, submitted) => (
        <>
          <TextField
            label={t('fields.name')}
            value={d.name}
            required
            error={submitted && d.name.trim() === ''}
            onChange={(e) => set({ ...d, name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('fields.startDate')}
              type="date"
              value={d.startDate}
              required
              error={submitted && !DATE.test(d.startDate)}
              onChange={(e) => set({ ...d, startDate: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              label={t('fields.endDate')}
              type="date"
              value={d.endDate}
              required
              error={submitted && (!DATE.test(d.endDate) || d.endDate < d.startDate)}
              onChange={(e) => set({ ...d, endDate: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <TextField
            label={t('fields.replacementDates')}
            value={d.replacement}
            helperText={t('fields.replacementHelp')}
            error={
              submitted && !ok(d) && d.name.trim() !== '' && DATE.test(d.startDate) && DATE.test(d.endDate)
            }
            onChange={(e) => set({ ...d, replacement: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch
                checked={d.hidesRouteTimes}
                onChange={(e) => set({ ...d, hidesRouteTimes: e.target.checked })}
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

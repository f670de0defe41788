import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  addressInputSchema,
  type AdminAddress,
  type CustomerDetail,
} from '@shop/shared/contracts/admin-customers';
import { formatMoney } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { useAdminCommonMessages, useAdminMessages, type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { CrudFormDialog, useAdminCrud } from '../../components/crud';
import { SectionHeading } from '../../components/section-heading';
import { customerMessages } from './messages';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

type Patch = Record<string, unknown>;

function useSave(userId: number) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Patch) =>
      api.patch<CustomerDetail>(`/admin/customers/${userId}`, patch, { retry: false }),
    onSuccess: (detail) => {
      queryClient.setQueryData(['admin', 'customer', userId], detail);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      toast.done('admin:common.saved');
    },
    onError: (error) => toast.apiError(error),
  });
}

function AccountCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const save = useSave(detail.userId);
  const [name, setName] = useState(detail.name);
  const [phone, setPhone] = useState(detail.phone ?? '');
  const [mustChange, setMustChange] = useState(detail.mustChangePassword);
  return (
    <Card title={t('detail.account')}>
      <TextField label={t('fields.email')} value={detail.email} disabled />
      <TextField
        label={t('fields.contactName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField label={t('fields.phone')} value={phone} onChange={(event) => setPhone(event.target.value)} />
      {detail.role === 'customer' ? (
        <FormControlLabel
          control={<Switch checked={mustChange} onChange={(event) => setMustChange(event.target.checked)} />}
          label={t('fields.mustChangePassword')}
        />
      ) : null}
      <Box>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              name,
              phone: phone.trim() || null,
              ...(detail.role === 'customer' ? { mustChangePassword: mustChange } : {}),
            })
          }
        >
          {common('common.save')}
        </Button>
      </Box>
    </Card>
  );
}

function CustomerCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const save = useSave(detail.userId);
  const customer = detail.customer!;
  const [form, setForm] = useState({
    name: customer.name,
    email: customer.email,
    taxNumber: customer.taxNumber ?? '',
    companyRegistrationNumber: customer.companyRegistrationNumber ?? '',
    zip: customer.billing.zip,
    city: customer.billing.city,
    aptSuite: customer.billing.aptSuite,
    country: customer.billing.country,
    agentUserId: customer.agentUserId === null ? '' : String(customer.agentUserId),
    priceGroup: customer.priceGroup ?? '',
    discountPercent: String(customer.discountBp / 100),
    paymentMethodIds: customer.paymentMethodIds,
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const discount = Math.round(Number(form.discountPercent.replace(',', '.')) * 100);
  const discountInvalid = !Number.isFinite(discount) || discount < 0 || discount > 10_000;
  return (
    <Card title={t('detail.customer')}>
      <TextField label={t('fields.customerName')} value={form.name} onChange={set('name')} />
      <TextField label={t('fields.customerEmail')} value={form.email} onChange={set('email')} type="email" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('fields.taxNumber')}
            value={form.taxNumber}
            onChange={set('taxNumber')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('fields.companyRegistrationNumber')}
            value={form.companyRegistrationNumber}
            onChange={set('companyRegistrationNumber')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField fullWidth label={t('fields.zip')} value={form.zip} onChange={set('zip')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField fullWidth label={t('fields.city')} value={form.city} onChange={set('city')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            fullWidth
            label={t('fields.aptSuite')}
            value={form.aptSuite}
            onChange={set('aptSuite')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField fullWidth label={t('fields.country')} value={form.country} onChange={set('country')} />
        </Grid>
      </Grid>
      <TextField select label={t('fields.agent')} value={form.agentUserId} onChange={set('agentUserId')}>
        <MenuItem value="">{common('common.none')}</MenuItem>
        {detail.options.agents.map((agent) => (
          <MenuItem key={agent.userId} value={String(agent.userId)}>
            {agent.name}
          </MenuItem>
        ))}
      </TextField>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label={t('fields.priceGroup')}
            value={form.priceGroup}
            onChange={set('priceGroup')}
          >
            <MenuItem value="">{t('listPrice')}</MenuItem>
            {[
              ...new Set([
                ...detail.options.priceGroups,
                ...(customer.priceGroup ? [customer.priceGroup] : []),
              ]),
            ].map((group) => (
              <MenuItem key={group} value={group}>
                {group}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('fields.discount')}
            value={form.discountPercent}
            onChange={set('discountPercent')}
            error={discountInvalid}
            helperText={discountInvalid ? t('discountRule') : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
      </Grid>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('fields.paymentMethods')}</FormLabel>
        <FormGroup row>
          {detail.options.paymentMethods.map((method) => (
            <FormControlLabel
              key={method.id}
              control={
                <Checkbox
                  checked={form.paymentMethodIds.includes(method.id)}
                  onChange={(event) =>
                    setForm({
                      ...form,
                      paymentMethodIds: event.target.checked
                        ? [...form.paymentMethodIds, method.id]
                        : form.paymentMethodIds.filter((id) => id !== method.id),
                    })
                  }
                />
              }
              label={method.name}
            />
          ))}
        </FormGroup>
      </Box>
      <Box>
        <Button
          variant="contained"
          disabled={save.isPending || discountInvalid}
          onClick={() =>
            save.mutate({
              customer: {
                name: form.name,
                email: form.email,
                taxNumber: form.taxNumber || null,
                companyRegistrationNumber: form.companyRegistrationNumber || null,
                billing: {
                  zip: form.zip,
                  city: form.city,
                  aptSuite: form.aptSuite,
                  country: form.country,
                  countryCode: customer.billing.countryCode,
                },
                agentUserId: form.agentUserId ? Number(form.agentUserId) : null,
                priceGroup: form.priceGroup || null,
                discountBp: discount,
                paymentMethodIds: form.paymentMethodIds,
              },
            })
          }
        >
          {common('common.save')}
        </Button>
      </Box>
    </Card>
  );
}

interface AddressDraft {
  zip: string;
  city: string;
  aptSuite: string;
  country: string;
  logisticsCostFt: string;
  deliveryRouteId: string;
  note: string;
  isActive: boolean;
}

const ADDRESS_FIELDS = ['zip', 'city', 'aptSuite', 'country'] as const;

function AddressesCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const crud = useAdminCrud<AdminAddress, AddressDraft, Record<string, unknown>, AdminAddress>({
    queryKey: ['admin', 'customer', detail.userId],
    path: `/admin/customers/${detail.userId}/addresses`,
    toBody: (value) => ({
      zip: value.zip,
      city: value.city,
      aptSuite: value.aptSuite,
      country: value.country,
      logisticsCost: Math.round(Number(value.logisticsCostFt.replace(/\s/g, '').replace(',', '.')) * 100),
      deliveryRouteId: value.deliveryRouteId ? Number(value.deliveryRouteId) : null,
      note: value.note || null,
      isActive: value.isActive,
    }),
    schema: addressInputSchema,
    rowId: (row) => row.id,
    savedText: () => ['admin:common.saved'],
    deletedText: () => ['admin:common.saved'],
    fieldErrors: {
      labels: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, t(`fields.${field}`)])),
      fieldOfCode: { ERR_INVALID_DELIVERY_ROUTE: 'deliveryRouteId' },
    },
  });
  const routes = new Map(detail.options.deliveryRoutes.map((route) => [route.id, route.name]));
  const addresses = detail.customer?.addresses ?? [];
  const edit = (address: AdminAddress | null) =>
    crud.edit(
      address?.id ?? null,
      address
        ? {
            zip: address.zip,
            city: address.city,
            aptSuite: address.aptSuite,
            country: address.country,
            logisticsCostFt: String(address.logisticsCost / 100),
            deliveryRouteId: address.deliveryRouteId === null ? '' : String(address.deliveryRouteId),
            note: address.note ?? '',
            isActive: address.isActive,
          }
        : {
            zip: '',
            city: '',
            aptSuite: '',
            country: 'Magyarország',
            logisticsCostFt: '0',
            deliveryRouteId: '',
            note: '',
            isActive: true,
          },
    );
  return (
    <Card title={t('detail.addresses')}>
      <DataTable
        label={t('detail.addresses')}
        rows={addresses}
        rowKey={(row) => row.id}
        page={0}
        pageSize={Math.max(addresses.length, 1)}
        total={addresses.length}
        onPageChange={() => undefined}
        emptyText={t('noAddresses')}
        columns={[
          {
            id: 'address',
            header: t('fields.address'),
            render: (row) => `${row.zip} ${row.city}, ${row.aptSuite}`,
          },
          {
            id: 'cost',
            header: t('fields.logisticsCost'),
            align: 'right',
            render: (row) => formatMoney(row.logisticsCost),
          },
          {
            id: 'route',
            header: t('fields.deliveryRoute'),
            hideBelow: 'sm',
            render: (row) =>
              row.deliveryRouteId === null ? '—' : (routes.get(row.deliveryRouteId) ?? row.deliveryRouteId),
          },
          {
            id: 'active',
            header: t('columns.status'),
            hideBelow: 'sm',
            render: (row) => (row.isActive ? common('common.enabled') : common('common.disabled')),
          },
          {
            id: 'edit',
            header: common('common.actions'),
            align: 'right',
            render: (row) => (
              <Button
                size="small"
                onClick={() => edit(row)}
                aria-label={t('editAddress', { address: `${row.zip} ${row.city}` })}
              >
                {common('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Box>
        <Button variant="outlined" onClick={() => edit(null)}>
          {t('addAddress')}
        </Button>
      </Box>
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('addAddress') : t('editAddressTitle'))}>
        {(draft) => (
          <>
            {ADDRESS_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`fields.${field}`)}
                required
                value={draft[field]}
                {...crud.errors.props(field)}
                onChange={(e) => crud.setDraft({ [field]: e.target.value })}
              />
            ))}
            <TextField
              label={t('fields.logisticsCostFt')}
              value={draft.logisticsCostFt}
              {...crud.errors.props('logisticsCost')}
              onChange={(e) => {
                crud.errors.clear('logisticsCost');
                crud.setDraft({ logisticsCostFt: e.target.value });
              }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              label={t('fields.deliveryRoute')}
              value={draft.deliveryRouteId}
              {...crud.errors.props('deliveryRouteId')}
              onChange={(e) => crud.setDraft({ deliveryRouteId: e.target.value })}
            >
              <MenuItem value="">{common('common.none')}</MenuItem>
              {detail.options.deliveryRoutes.map((route) => (
                <MenuItem key={route.id} value={String(route.id)}>
                  {route.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('fields.note')}
              value={draft.note}
              {...crud.errors.props('note')}
              onChange={(e) => crud.setDraft({ note: e.target.value })}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isActive}
                  onChange={(e) => crud.setDraft({ isActive: e.target.checked })}
                />
              }
              label={t('fields.addressActive')}
            />
          </>
        )}
      </CrudFormDialog>
    </Card>
  );
}

/** One customer or agent account: data, pricing, agent link, payment methods, addresses, disable. */
export function CustomerDetailPage() {
  const { t, ready } = useAdminMessages('admin-customers', customerMessages);
  const { t: common } = useAdminCommonMessages();
  const api = useAdminApi();
  const userId = Number(useParams().userId);
  const detail = useQuery({
    queryKey: ['admin', 'customer', userId],
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/admin/customers/${userId}`, { signal }),
    enabled: Number.isInteger(userId) && userId > 0,
  });
  const save = useSave(userId);
  const [confirming, setConfirming] = useState(false);
  if (!ready) return null;
  const back = (
    <Button component={RouterLink} to="/admin/customers" startIcon={<ArrowBackOutlined />}>
      {common('common.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Box>
        {back}
        {detail.error ? <Typography sx={{ mt: 2 }}>{t('notFound')}</Typography> : null}
      </Box>
    );
  }
  const data = detail.data;
  return (
    <Box>
      {back}
      <SectionHeading
        title={data.customer?.name ?? data.name}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip label={t(`kinds.${data.role}`)} />
            {data.isDisabled ? <Chip color="error" label={common('common.disabled')} /> : null}
            <Button
              variant="outlined"
              color={data.isDisabled ? 'primary' : 'error'}
              onClick={() => setConfirming(true)}
            >
              {data.isDisabled ? t('enable') : t('disable')}
            </Button>
          </Stack>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <AccountCard
              key={`account-${data.userId}-${data.name}-${String(data.mustChangePassword)}`}
              detail={data}
              t={t}
            />
            {data.role === 'agent' ? (
              <Card title={t('detail.agentCustomers')}>
                {data.agentCustomers.length === 0 ? (
                  <Typography color="text.secondary">{t('noAgentCustomers')}</Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {data.agentCustomers.map((customer) => (
                      <li key={customer.id}>{customer.name}</li>
                    ))}
                  </Box>
                )}
              </Card>
            ) : null}
          </Stack>
        </Grid>
        {data.customer ? (
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={2}>
              <CustomerCard key={`customer-${JSON.stringify(data.customer)}`} detail={data} t={t} />
              <AddressesCard detail={data} t={t} />
            </Stack>
          </Grid>
        ) : null}
      </Grid>
      <ConfirmDialog
        open={confirming}
        title={data.isDisabled ? t('enable') : t('disable')}
        message={t(data.isDisabled ? 'enableMessage' : 'disableMessage', {
          name: data.customer?.name ?? data.name,
        })}
        danger={!data.isDisabled}
        confirmLabel={data.isDisabled ? t('enable') : t('disable')}
        busy={save.isPending}
        onConfirm={() =>
          save.mutate({ disabled: !data.isDisabled }, { onSuccess: () => setConfirming(false) })
        }
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  addressInputSchema,
  type AdminAddress,
  type CustomerDetail,
} from '@shop/shared/contracts/admin-customers';
import { formatMoney } from '@shop/shared/format/format';
import { useAdminCommonMessages, type AdminT } from '../../admin-i18n';
import { CrudFormDialog, useAdminCrud } from '../../components/crud';
import { CrudTextField } from '../../components/crud-text-field';
import { DataTable, wholeListPaging } from '../../components/data-table';
import { forintsText, parseForints } from '../../components/forints';
import { DetailCard } from './detail-card';

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

/** The customer's delivery addresses: logistics cost, delivery route, note; add and change. */
export function AddressesCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const crud = useAdminCrud<AdminAddress, AddressDraft, Record<string, unknown>, AdminAddress>({
    queryKey: ['admin', 'customer', detail.userId],
    path: `/admin/customers/${detail.userId}/addresses`,
    toBody: (value) => ({
      zip: value.zip,
      city: value.city,
      aptSuite: value.aptSuite,
      country: value.country,
      logisticsCost: parseForints(value.logisticsCostFt) ?? Number.NaN,
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
            logisticsCostFt: forintsText(address.logisticsCost),
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
    <DetailCard title={t('detail.addresses')}>
      <DataTable
        label={t('detail.addresses')}
        rows={addresses}
        rowKey={(row) => row.id}
        {...wholeListPaging(addresses)}
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
            <CrudTextField crud={crud} select label={t('fields.deliveryRoute')} name="deliveryRouteId">
              <MenuItem value="">{common('common.none')}</MenuItem>
              {detail.options.deliveryRoutes.map((route) => (
                <MenuItem key={route.id} value={String(route.id)}>
                  {route.name}
                </MenuItem>
              ))}
            </CrudTextField>
            <CrudTextField crud={crud} label={t('fields.note')} name="note" />
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
    </DetailCard>
  );
}

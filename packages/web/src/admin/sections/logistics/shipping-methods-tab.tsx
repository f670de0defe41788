import TextField from '@mui/material/TextField';
import { saveShippingMethodSchema, type AdminShippingMethod } from '@shop/shared/contracts/admin-logistics';
import { formatMoney } from '@shop/shared/format/format';
import type { AdminT } from '../../admin-i18n';
import { forintsText, parseForints } from '../../components/forints';
import { MethodCrud, switchField, yesNo } from './logistics-crud';

export function ShippingMethods({ t }: { t: AdminT }) {
  return (
    <MethodCrud<AdminShippingMethod, { cost: string; isHomeDelivery: boolean; minimumOrderValue: string }>
      t={t}
      name="shipping"
      url="/admin/shipping-methods"
      columns={[
        { id: 'cost', header: t('columns.cost'), align: 'right', render: (row) => formatMoney(row.cost) },
        {
          id: 'home',
          header: t('columns.homeDelivery'),
          hideBelow: 'sm',
          render: (row) => yesNo(t, row.isHomeDelivery),
        },
        {
          id: 'minimum',
          header: t('columns.minimumOrderValue'),
          align: 'right',
          hideBelow: 'sm',
          render: (row) => (row.minimumOrderValue > 0 ? formatMoney(row.minimumOrderValue * 100) : '–'),
        },
      ]}
      empty={{ cost: '0', isHomeDelivery: false, minimumOrderValue: '0' }}
      toDraft={(row) => ({
        cost: forintsText(row.cost),
        isHomeDelivery: row.isHomeDelivery,
        minimumOrderValue: String(row.minimumOrderValue),
      })}
      toBody={(d) => ({
        cost: parseForints(d.cost),
        isHomeDelivery: d.isHomeDelivery,
        // Whole forints in the API (issue 16).
        minimumOrderValue: /^\d+$/.test(d.minimumOrderValue.replace(/\s/g, ''))
          ? Number(d.minimumOrderValue.replace(/\s/g, ''))
          : null,
      })}
      schema={saveShippingMethodSchema}
      form={(d, set, errors, shared) => (
        <>
          {shared.code}
          <TextField
            label={t('fields.cost')}
            value={d.cost}
            required
            {...errors.props('cost', t('fields.costHelp'))}
            onChange={(e) => set({ cost: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('fields.minimumOrderValue')}
            value={d.minimumOrderValue}
            {...errors.props('minimumOrderValue', t('fields.minimumOrderValueHelp'))}
            onChange={(e) => set({ minimumOrderValue: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {shared.sortOrder}
          {switchField(t('fields.homeDelivery'), d.isHomeDelivery, (isHomeDelivery) =>
            set({ isHomeDelivery }),
          )}
          {shared.active}
        </>
      )}
    />
  );
}

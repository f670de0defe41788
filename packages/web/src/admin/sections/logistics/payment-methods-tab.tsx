import TextField from '@mui/material/TextField';
import { savePaymentMethodSchema, type AdminPaymentMethod } from '@shop/shared/contracts/admin-logistics';
import type { AdminT } from '../../admin-i18n';
import { MethodCrud, switchField, yesNo } from './logistics-crud';

export function PaymentMethods({ t }: { t: AdminT }) {
  return (
    <MethodCrud<AdminPaymentMethod, { termDays: string; isDeferred: boolean }>
      t={t}
      name="payment"
      url="/admin/payment-methods"
      columns={[
        { id: 'term', header: t('columns.termDays'), align: 'right', render: (row) => row.termDays },
        {
          id: 'deferred',
          header: t('columns.deferred'),
          hideBelow: 'sm',
          render: (row) => yesNo(t, row.isDeferred),
        },
        {
          id: 'customers',
          header: t('columns.customers'),
          hideBelow: 'sm',
          align: 'right',
          render: (row) => row.customerCount,
        },
      ]}
      empty={{ termDays: '0', isDeferred: false }}
      toDraft={(row) => ({ termDays: String(row.termDays), isDeferred: row.isDeferred })}
      toBody={(d) => ({
        termDays: d.termDays.trim() === '' ? null : Number(d.termDays),
        isDeferred: d.isDeferred,
      })}
      schema={savePaymentMethodSchema}
      form={(d, set, errors, shared) => (
        <>
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
          {switchField(t('fields.deferred'), d.isDeferred, (isDeferred) => set({ isDeferred }))}
          {shared.sortOrder}
          {shared.active}
        </>
      )}
    />
  );
}

import TextField from '@mui/material/TextField';
import { savePaymentMethodSchema, type AdminPaymentMethod } from '@shop/shared/contracts/admin-logistics';
import type { AdminT } from '../../admin-i18n';
import type { MethodDraft } from './logistics-crud';
import {
  Crud,
  codeFields,
  methodBody,
  methodColumns,
  methodDraft,
  nameField,
  switchField,
  yesNo,
} from './logistics-crud';

export function PaymentMethods({ t }: { t: AdminT }) {
  type Draft = MethodDraft & { termDays: string; isDeferred: boolean };
  return (
    <Crud<AdminPaymentMethod, Draft>
      t={t}
      name="payment"
      url="/admin/payment-methods"
      rowLabel={(row) => row.name}
      columns={methodColumns(t, [
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
      ])}
      empty={{ code: '', name: '', termDays: '0', isActive: true, sortOrder: '0', isDeferred: false }}
      toDraft={(row) => ({
        ...methodDraft(row),
        termDays: String(row.termDays),
        isDeferred: row.isDeferred,
      })}
      toBody={(d) => ({
        ...methodBody(d),
        termDays: d.termDays.trim() === '' ? null : Number(d.termDays),
        isDeferred: d.isDeferred,
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
            {switchField(t('fields.deferred'), d.isDeferred, (isDeferred) => set({ isDeferred }))}
            {shared.sortOrder}
            {shared.active}
          </>
        );
      }}
    />
  );
}

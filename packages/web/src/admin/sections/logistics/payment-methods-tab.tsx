import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { savePaymentMethodSchema, type AdminPaymentMethod } from '@shop/shared/contracts/admin-logistics';
import type { AdminT } from '../../admin-i18n';
import { Crud, codeFields, nameField, sortNumber, yesNo } from './logistics-crud';

export function PaymentMethods({ t }: { t: AdminT }) {
  type Draft = {
    code: string;
    name: string;
    termDays: string;
    isActive: boolean;
    sortOrder: string;
    isDeferred: boolean;
  };
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
        { id: 'active', header: t('columns.active'), render: (row) => yesNo(t, row.isActive) },
      ]}
      empty={{ code: '', name: '', termDays: '0', isActive: true, sortOrder: '0', isDeferred: false }}
      toDraft={(row) => ({
        code: row.code,
        name: row.name,
        termDays: String(row.termDays),
        isActive: row.isActive,
        sortOrder: String(row.sortOrder),
        isDeferred: row.isDeferred,
      })}
      toBody={(d) => ({
        code: d.code.trim(),
        name: d.name.trim(),
        termDays: d.termDays.trim() === '' ? null : Number(d.termDays),
        isActive: d.isActive,
        sortOrder: sortNumber(d.sortOrder),
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
            <FormControlLabel
              control={
                <Switch checked={d.isDeferred} onChange={(e) => set({ isDeferred: e.target.checked })} />
              }
              label={t('fields.deferred')}
            />
            {shared.sortOrder}
            {shared.active}
          </>
        );
      }}
    />
  );
}

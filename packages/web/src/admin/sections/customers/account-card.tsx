import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import {
  updateCustomerSchema,
  type CustomerDetail,
  type UpdateCustomerRequest,
} from '@shop/shared/contracts/admin-customers';
import type { AdminT } from '../../admin-i18n';
import { useAdminForm } from '../../components/admin-form';
import { DetailCard, useSaveCustomer } from './detail-card';

interface AccountDraft {
  name: string;
  phone: string;
  mustChangePassword: boolean;
}

/** The login account: contact name, phone and (for a customer) the forced password change. */
export function AccountCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const isCustomer = detail.role === 'customer';
  const { form, errors, onSubmit, bind } = useAdminForm<AccountDraft, UpdateCustomerRequest>({
    defaultValues: {
      name: detail.name,
      phone: detail.phone ?? '',
      mustChangePassword: detail.mustChangePassword,
    },
    toBody: (draft) => ({
      name: draft.name,
      phone: draft.phone.trim() || null,
      ...(isCustomer ? { mustChangePassword: draft.mustChangePassword } : {}),
    }),
    schema: updateCustomerSchema,
    fieldErrors: {
      labels: { name: t('fields.contactName'), phone: t('fields.phone') },
      fields: ['name', 'phone'],
    },
  });
  const save = useSaveCustomer(detail.userId, errors.fromApi);
  return (
    <DetailCard
      title={t('detail.account')}
      onSubmit={onSubmit((body) => save.mutate(body))}
      busy={save.isPending}
      shown={errors.shown}
    >
      <TextField label={t('fields.email')} value={detail.email} disabled />
      <TextField label={t('fields.contactName')} required {...errors.props('name')} {...bind('name')} />
      <TextField label={t('fields.phone')} type="tel" {...errors.props('phone')} {...bind('phone')} />
      {isCustomer ? (
        <Controller
          control={form.control}
          name="mustChangePassword"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label={t('fields.mustChangePassword')}
            />
          )}
        />
      ) : null}
    </DetailCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COMPANY_ROLES,
  companyRoleSchema,
  type CompanyAddress,
  type CompanyUser,
  type InviteCompanyUserRequest,
  type UpdateCompanyUserRequest,
} from '@shop/shared/contracts/company';
import { emailSchema } from '@shop/shared/contracts/users';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressCheckboxes } from '../../../components/address-checkboxes';
import { FormTextField } from '../../../components/form-text-field';
import { translateError } from '../../../lib/api-client';
import { lengthLimits } from '../../../lib/form-validation';

const nameSchema = z.string().trim().min(1, { error: 'required', abort: true }).max(255, 'too_long');
/** Whole forints as typed; empty = no limit. */
const limitSchema = z
  .string()
  .trim()
  .regex(/^\d{0,11}$/, 'invalid_number');

const editSchema = z.object({
  email: z.string(),
  name: nameSchema,
  role: companyRoleSchema,
  orderLimit: limitSchema,
  monthlyLimit: limitSchema,
  shippingAddressIds: z.array(z.number()),
});
const inviteSchema = editSchema.extend({ email: emailSchema });

type Draft = z.input<typeof editSchema>;
type Parsed = z.output<typeof editSchema>;

const inviteResolver = zodResolver(inviteSchema);
const editResolver = zodResolver(editSchema);
const limits = { name: lengthLimits(nameSchema), email: lengthLimits(emailSchema) };

/** The two spending limits, typed the same way (whole forints, empty = none). */
const LIMIT_FIELDS = ['orderLimit', 'monthlyLimit'] as const;

const toLimit = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The body of an invitation from the form's values. */
export function inviteBody(values: Parsed): InviteCompanyUserRequest {
  return {
    email: values.email,
    name: values.name,
    role: values.role,
    orderLimit: toLimit(values.orderLimit),
    monthlyLimit: toLimit(values.monthlyLimit),
    shippingAddressIds: values.shippingAddressIds,
  };
}

/** The body of a change from the form's values. */
export function changeBody(values: Parsed): UpdateCompanyUserRequest {
  const { email: _email, ...rest } = inviteBody(values);
  return rest;
}

/**
 * The invitation and the change of a company user (react-hook-form + zod): e-mail (invitation
 * only), name, role, per-order and monthly limit in whole forints (empty = none), and the shipping
 * addresses the user may use (none ticked = all). `error` is the failed call's error.
 */
export function CompanyUserDialog({
  user,
  addresses,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  /** The user to change; null for a new invitation. */
  user: CompanyUser | null;
  addresses: CompanyAddress[];
  pending: boolean;
  error: unknown;
  onSubmit: (values: Parsed) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const roleHelpId = useId();
  const form = useForm<Draft, unknown, Parsed>({
    resolver: user ? editResolver : inviteResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      email: user?.email ?? '',
      name: user?.name ?? '',
      role: user?.role ?? 'buyer',
      orderLimit: user?.orderLimit === null || user === null ? '' : String(user.orderLimit),
      monthlyLimit: user?.monthlyLimit === null || user === null ? '' : String(user.monthlyLimit),
      shippingAddressIds: user?.shippingAddressIds ?? [],
    },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <DialogTitle id={titleId}>
          {user ? t('company.editTitle', { name: user.name }) : t('company.inviteTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {user ? (
              <TextField label={t('company.fields.email')} value={user.email} disabled fullWidth />
            ) : (
              <FormTextField
                control={form.control}
                name="email"
                type="email"
                label={t('company.fields.email')}
                limits={limits.email}
                autoComplete="off"
                autoFocus
                fullWidth
              />
            )}
            <FormTextField
              control={form.control}
              name="name"
              label={t('company.fields.name')}
              limits={limits.name}
              autoFocus={user !== null}
              fullWidth
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={t('company.fields.role')}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={t(`company.roleHelp.${role}`)}
                  slotProps={{ formHelperText: { id: roleHelpId } }}
                  fullWidth
                >
                  {COMPANY_ROLES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`company.roles.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {LIMIT_FIELDS.map((name) => (
                <FormTextField
                  key={name}
                  control={form.control}
                  name={name}
                  label={t(`company.fields.${name}`)}
                  hint={t('company.fields.limitHint')}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  fullWidth
                />
              ))}
            </Stack>
            {addresses.length > 0 && (
              <Controller
                control={form.control}
                name="shippingAddressIds"
                render={({ field }) => (
                  <FormControl component="fieldset" variant="standard">
                    <FormLabel component="legend">{t('company.fields.addresses')}</FormLabel>
                    <AddressCheckboxes addresses={addresses} value={field.value} onChange={field.onChange} />
                    <FormHelperText>{t('company.fields.addressesHint')}</FormHelperText>
                  </FormControl>
                )}
              />
            )}
            {error !== null && error !== undefined && (
              <FormHelperText error role="alert">
                {translateError(t, error)}
              </FormHelperText>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('company.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {user ? t('company.save') : t('company.sendInvite')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

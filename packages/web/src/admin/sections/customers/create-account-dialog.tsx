import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { createAccountSchema, type CreateAccountRequest } from '@shop/shared/contracts/admin-customers';
import { checkCompanyFields } from '@shop/shared/contracts/users';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-language-names';
import { useAdminApi } from '../../admin-api';
import { type AdminT } from '../../admin-i18n';
import { useAdminForm } from '../../components/admin-form';
import { useAdminToast } from '../../components/admin-toast';
import { FormDialog } from '../../components/form-dialog';

interface NewAccount {
  role: 'customer' | 'agent';
  email: string;
  name: string;
  phone: string;
  language: string;
  customerName: string;
  isCompany: boolean;
  taxNumber: string;
  companyRegistrationNumber: string;
  zip: string;
  city: string;
  aptSuite: string;
  country: string;
}

type TextKey = Exclude<keyof NewAccount, 'role' | 'isCompany' | 'language'>;

const EMPTY: NewAccount = {
  role: 'customer',
  email: '',
  name: '',
  phone: '',
  language: 'hu',
  customerName: '',
  isCompany: true,
  taxNumber: '',
  companyRegistrationNumber: '',
  zip: '',
  city: '',
  aptSuite: '',
  country: 'Magyarország',
};

/** Where each field of the dialog stands in the request body (the paths of its errors). */
const PATH: Record<TextKey, string> = {
  email: 'email',
  name: 'name',
  phone: 'phone',
  customerName: 'customer.name',
  taxNumber: 'customer.taxNumber',
  companyRegistrationNumber: 'customer.companyRegistrationNumber',
  zip: 'customer.billing.zip',
  city: 'customer.billing.city',
  aptSuite: 'customer.billing.aptSuite',
  country: 'customer.billing.country',
};

/** The company rules on their own, so they show at the first submit with the other errors. */
const companyRules = z.object({
  customer: z
    .object({
      isCompany: z.boolean(),
      companyRegistrationNumber: z.string().nullable(),
      taxNumber: z.string().nullable(),
    })
    .transform((c) => ({
      isCompany: c.isCompany,
      companyRegistrationNumber: c.companyRegistrationNumber?.trim() || null,
      taxNumber: c.taxNumber?.trim() || null,
    }))
    .superRefine(checkCompanyFields),
});

function bodyOf(draft: NewAccount): CreateAccountRequest {
  const account = { email: draft.email, name: draft.name, phone: draft.phone, language: draft.language };
  if (draft.role === 'agent') return { role: 'agent', ...account } as CreateAccountRequest;
  return {
    role: 'customer',
    ...account,
    customer: {
      name: draft.customerName || draft.name,
      isCompany: draft.isCompany,
      taxNumber: draft.taxNumber || null,
      companyRegistrationNumber: draft.companyRegistrationNumber || null,
      billing: {
        country: draft.country,
        countryCode: null,
        zip: draft.zip,
        city: draft.city,
        aptSuite: draft.aptSuite,
      },
    },
  } as CreateAccountRequest;
}

/**
 * A new customer or agent. A customer is asked what the shop's registration asks of a company
 * (registration and tax numbers, billing address), checked with the same shared rules; errors
 * show under their fields, the server's too (e.g. a tax number already registered).
 */
export function CreateAccountDialog({ t, onClose }: { t: AdminT; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const labels: Record<TextKey, string> = {
    email: t('fields.email'),
    name: t('fields.contactName'),
    phone: t('fields.phone'),
    customerName: t('fields.customerName'),
    taxNumber: t('fields.taxNumber'),
    companyRegistrationNumber: t('fields.companyRegistrationNumber'),
    zip: t('fields.zip'),
    city: t('fields.city'),
    aptSuite: t('fields.aptSuite'),
    country: t('fields.country'),
  };
  const { form, errors, onSubmit, bind } = useAdminForm<NewAccount, CreateAccountRequest>({
    defaultValues: EMPTY,
    toBody: bodyOf,
    schema: createAccountSchema,
    alsoCheck: (draft) => (draft.role === 'customer' ? [companyRules] : []),
    fieldErrors: {
      labels: Object.fromEntries(Object.entries(PATH).map(([key, path]) => [path, labels[key as TextKey]])),
      fieldOfCode: {
        ERR_DUP_EMAIL: 'email',
        ERR_DUP_TAX_NUM: 'customer.taxNumber',
        ERR_DUP_COMP_REG_NUM: 'customer.companyRegistrationNumber',
      },
      fields: Object.values(PATH),
    },
  });
  const role = form.watch('role');
  const isCompany = form.watch('isCompany');
  const create = useMutation({
    mutationFn: (body: CreateAccountRequest) =>
      api.post<{ userId: number; mailSent: boolean }>('/admin/customers', body, { retry: false }),
    onSuccess: (result, body) => {
      toast.done(result.mailSent ? 'admin-customers:created' : 'admin-customers:createdNoMail', {
        email: body.email,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      onClose();
      void navigate(`/admin/customers/${result.userId}`);
    },
    onError: (error) => {
      if (!errors.fromApi(error)) toast.apiError(error);
    },
  });
  const field = (key: TextKey, required = true, type = 'text') => (
    <TextField
      label={labels[key]}
      type={type}
      required={required}
      {...errors.props(PATH[key])}
      {...bind(key, PATH[key])}
    />
  );
  const submit = onSubmit((body) => create.mutate(body));
  return (
    <FormDialog
      open
      title={t('createTitle')}
      submitLabel={t('createSubmit')}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      fieldErrors={errors}
    >
      <TextField
        select
        label={t('kind')}
        value={role}
        onChange={(event) => form.setValue('role', event.target.value as NewAccount['role'])}
      >
        <MenuItem value="customer">{t('kinds.customer')}</MenuItem>
        <MenuItem value="agent">{t('kinds.agent')}</MenuItem>
      </TextField>
      {field('email', true, 'email')}
      {field('name')}
      {field('phone', true, 'tel')}
      <TextField
        select
        label={t('fields.language')}
        value={form.watch('language')}
        onChange={(event) => form.setValue('language', event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {NATIVE_LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </TextField>
      {role === 'customer' ? (
        <>
          {field('customerName', false)}
          <FormControlLabel
            control={
              <Switch
                checked={isCompany}
                onChange={(event) => {
                  errors.clear(PATH.taxNumber);
                  errors.clear(PATH.companyRegistrationNumber);
                  form.setValue('isCompany', event.target.checked);
                }}
              />
            }
            label={t('fields.isCompany')}
          />
          {field('companyRegistrationNumber', isCompany)}
          {field('taxNumber', isCompany)}
          {field('zip')}
          {field('city')}
          {field('aptSuite')}
          {field('country')}
        </>
      ) : null}
      <Box sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {t(role === 'customer' ? 'createHelp' : 'createHelpAgent')}
      </Box>
    </FormDialog>
  );
}

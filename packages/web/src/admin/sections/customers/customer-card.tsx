import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import { Controller, type Path } from 'react-hook-form';
import {
  updateCustomerSchema,
  type CustomerDetail,
  type UpdateCustomerRequest,
} from '@shop/shared/contracts/admin-customers';
import { useAdminCommonMessages, type AdminT } from '../../admin-i18n';
import { useAdminForm } from '../../components/admin-form';
import { FormSelectField, FormTextField } from '../../components/form-text-field';
import { DetailCard, useSaveCustomer } from './detail-card';

interface CustomerDraft {
  name: string;
  email: string;
  taxNumber: string;
  companyRegistrationNumber: string;
  zip: string;
  city: string;
  aptSuite: string;
  country: string;
  agentUserId: string;
  priceGroup: string;
  discountPercent: string;
  paymentMethodIds: number[];
}

type TextKey = Exclude<keyof CustomerDraft, 'agentUserId' | 'priceGroup' | 'paymentMethodIds'>;

/** Where each text field stands in the request body (the paths of its errors). */
const PATH: Record<TextKey, string> = {
  name: 'customer.name',
  email: 'customer.email',
  taxNumber: 'customer.taxNumber',
  companyRegistrationNumber: 'customer.companyRegistrationNumber',
  zip: 'customer.billing.zip',
  city: 'customer.billing.city',
  aptSuite: 'customer.billing.aptSuite',
  country: 'customer.billing.country',
  discountPercent: 'customer.discountBp',
};
const LABEL: Record<TextKey, string> = {
  name: 'customerName',
  email: 'customerEmail',
  taxNumber: 'taxNumber',
  companyRegistrationNumber: 'companyRegistrationNumber',
  zip: 'zip',
  city: 'city',
  aptSuite: 'aptSuite',
  country: 'country',
  discountPercent: 'discount',
};

/** The customer company: name, e-mail, numbers, billing address, agent, pricing and payment methods. */
export function CustomerCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const customer = detail.customer!;
  const { form, errors, onSubmit } = useAdminForm<CustomerDraft, UpdateCustomerRequest>({
    defaultValues: {
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
    },
    toBody: (draft) => ({
      customer: {
        name: draft.name,
        email: draft.email,
        taxNumber: draft.taxNumber || null,
        companyRegistrationNumber: draft.companyRegistrationNumber || null,
        billing: {
          zip: draft.zip,
          city: draft.city,
          aptSuite: draft.aptSuite,
          country: draft.country,
          countryCode: customer.billing.countryCode,
        },
        agentUserId: draft.agentUserId ? Number(draft.agentUserId) : null,
        priceGroup: draft.priceGroup || null,
        discountBp: Math.round(Number(draft.discountPercent.trim().replace(',', '.') || '0') * 100),
        paymentMethodIds: draft.paymentMethodIds,
      },
    }),
    schema: updateCustomerSchema,
    fieldErrors: {
      labels: Object.fromEntries(
        Object.entries(PATH).map(([key, path]) => [path, t(`fields.${LABEL[key as TextKey]}`)]),
      ),
      invalidText: (name) => (name === PATH.discountPercent ? t('discountRule') : undefined),
      fieldOfCode: { ERR_DUP_TAX_NUM: PATH.taxNumber, ERR_DUP_COMP_REG_NUM: PATH.companyRegistrationNumber },
      fields: Object.values(PATH),
    },
  });
  const save = useSaveCustomer(detail.userId, errors.fromApi);
  const text = (key: TextKey, type = 'text') => (
    <FormTextField
      control={form.control}
      name={key as Path<CustomerDraft>}
      errorName={PATH[key]}
      errors={errors}
      type={type}
      label={t(`fields.${LABEL[key]}`)}
      {...(key === 'discountPercent' ? { slotProps: { htmlInput: { inputMode: 'decimal' } } } : {})}
    />
  );
  return (
    <DetailCard
      title={t('detail.customer')}
      onSubmit={onSubmit((body) => save.mutate(body))}
      busy={save.isPending}
      shown={errors.shown}
    >
      {text('name')}
      {text('email', 'email')}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{text('taxNumber')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('companyRegistrationNumber')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{text('zip')}</Grid>
        <Grid size={{ xs: 12, sm: 8 }}>{text('city')}</Grid>
        <Grid size={{ xs: 12, sm: 8 }}>{text('aptSuite')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{text('country')}</Grid>
      </Grid>
      <FormSelectField
        control={form.control}
        name="agentUserId"
        errorName="customer.agentUserId"
        errors={errors}
        label={t('fields.agent')}
        empty={common('common.none')}
        options={detail.options.agents.map((agent) => ({ value: String(agent.userId), label: agent.name }))}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={form.control}
            name="priceGroup"
            errorName="customer.priceGroup"
            errors={errors}
            label={t('fields.priceGroup')}
            empty={t('listPrice')}
            options={[
              ...new Set([
                ...detail.options.priceGroups,
                ...(customer.priceGroup ? [customer.priceGroup] : []),
              ]),
            ].map((group) => ({ value: group, label: group }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('discountPercent')}</Grid>
      </Grid>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('fields.paymentMethods')}</FormLabel>
        <Controller
          control={form.control}
          name="paymentMethodIds"
          render={({ field }) => (
            <FormGroup row>
              {detail.options.paymentMethods.map((method) => (
                <FormControlLabel
                  key={method.id}
                  control={
                    <Checkbox
                      checked={field.value.includes(method.id)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, method.id]
                            : field.value.filter((id) => id !== method.id),
                        )
                      }
                    />
                  }
                  label={method.name}
                />
              ))}
            </FormGroup>
          )}
        />
      </Box>
    </DetailCard>
  );
}

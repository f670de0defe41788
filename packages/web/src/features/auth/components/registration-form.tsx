import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ErrorCode } from '@shop/shared/errors/error-codes';
import type { RegisterData } from '@shop/shared/contracts/users';
import { FormTextField } from '../../../components/form-text-field';
import { currentLanguage } from '../../../i18n/i18n';
import { ApiError, translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useToast } from '../../../lib/toast-store';
import { register } from '../api/auth.api';
import { AttemptErrorAlert, useAuthForm } from './auth-form';
import {
  registrationDefaults,
  registrationLimits as limits,
  registrationResolver,
  toRegisterRequest,
  type RegistrationOutput,
  type RegistrationValues,
} from '../forms/registration-schema';

/** Server codes that belong to one field: shown under it as well. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, 'email' | 'companyRegistrationNumber' | 'taxNumber'>> = {
  ERR_DUP_EMAIL: 'email',
  ERR_DUP_COMP_REG_NUM: 'companyRegistrationNumber',
  ERR_DUP_TAX_NUM: 'taxNumber',
};

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  rowGap: 2,
} as const;

/** The billing address's fields, in the order of the form (the street line spans the grid). */
const BILLING_FIELDS = [
  { name: 'country', label: 'registration.country', autoComplete: 'billing country-name', required: true },
  {
    name: 'countryCode',
    label: 'registration.countryCode',
    autoComplete: 'billing country',
    required: false,
  },
  { name: 'zip', label: 'registration.zip', autoComplete: 'billing postal-code', required: true },
  { name: 'city', label: 'registration.city', autoComplete: 'billing address-level2', required: true },
  {
    name: 'aptSuite',
    label: 'registration.aptSuite',
    autoComplete: 'billing street-address',
    required: true,
  },
] as const;

function RegistrationSuccess({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleRef = useRef<HTMLDivElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Alert severity="success" role="status">
        <AlertTitle ref={titleRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
          {t('registration.successTitle')}
        </AlertTitle>
        {t('registration.successText', { email })}
      </Alert>
      <Button
        variant="contained"
        onClick={() => void navigate('/', { replace: true })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('dialog.close')}
      </Button>
    </Stack>
  );
}

/**
 * Registration (docs/product.md §§2, 4, 5 and 8): every field of docs/product.md §2.4, the company option, the
 * rules of the shared schemas switched on at the first submit, a form-level message while the
 * form is invalid, the server's codes translated, and a success message that tells about the
 * staff approval within 48-72 hours.
 */
export function RegistrationForm() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const toast = useToast();
  const formMessageId = useId();
  const form = useAuthForm<RegistrationValues, RegistrationOutput>(
    registrationResolver,
    registrationDefaults,
  );
  const isCompany = useWatch({ control: form.control, name: 'isCompany' }) === true;
  const [registered, setRegistered] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (request: RegisterData) => register(client, request),
    onSuccess: (_answer, request) => {
      toast.success('toasts.registration_success');
      setRegistered(request.email);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field && error instanceof ApiError) form.setError(field, { type: 'server', message: error.code });
    },
  });

  if (registered !== null) return <RegistrationSuccess email={registered} />;

  const { isSubmitted, errors } = form.formState;
  const invalid = isSubmitted && Object.keys(errors).length > 0;
  const control = form.control;

  const onValid = (values: RegistrationOutput) => {
    mutation.reset();
    mutation.mutate(toRegisterRequest(values, currentLanguage(i18n)));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      aria-describedby={invalid ? formMessageId : undefined}
      sx={{ pt: 1 }}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('registration.intro')}
        </Typography>
        <Controller
          control={control}
          name="isCompany"
          rules={{ deps: ['companyRegistrationNumber', 'taxNumber'] }}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  autoFocus
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={t('registration.isCompany')}
            />
          )}
        />
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="name"
            label={isCompany ? t('registration.companyName') : t('registration.name')}
            limits={limits.name}
            autoComplete={isCompany ? 'organization' : 'name'}
            required
          />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('registration.phone')}
            limits={limits.phone}
            autoComplete="tel"
            required
          />
          <FormTextField
            control={control}
            name="email"
            deps={['emailConfirmation']}
            type="email"
            label={t('auth.email')}
            limits={limits.email}
            autoComplete="email"
            required
          />
          <FormTextField
            control={control}
            name="emailConfirmation"
            type="email"
            label={t('registration.emailConfirmation')}
            limits={limits.email}
            autoComplete="email"
            required
          />
          <FormTextField
            control={control}
            name="password"
            deps={['passwordConfirmation']}
            label={t('auth.password')}
            hint={t('password.lengthHint', { min: limits.password.min, max: limits.password.max })}
            limits={limits.password}
            autoComplete="new-password"
            password
            required
          />
          <FormTextField
            control={control}
            name="passwordConfirmation"
            label={t('registration.passwordConfirmation')}
            autoComplete="new-password"
            password
            required
          />
          <FormTextField
            control={control}
            name="companyRegistrationNumber"
            label={t('registration.companyRegistrationNumber')}
            hint={t('registration.formatHint', { example: '01-09-123456' })}
            limits={limits.companyRegistrationNumber}
            required={isCompany}
          />
          <FormTextField
            control={control}
            name="taxNumber"
            label={t('registration.taxNumber')}
            hint={t('registration.formatHint', { example: '12345676-2-41' })}
            limits={limits.taxNumber}
            required={isCompany}
          />
        </Box>
        <Typography component="h3" variant="h3" sx={{ pt: 1 }}>
          {t('registration.billingHeading')}
        </Typography>
        <Box sx={grid}>
          {BILLING_FIELDS.map((field) => (
            <FormTextField
              key={field.name}
              control={control}
              name={`billing.${field.name}`}
              label={t(field.label)}
              limits={limits[field.name]}
              autoComplete={field.autoComplete}
              required={field.required}
              sx={field.name === 'aptSuite' ? { gridColumn: '1 / -1' } : undefined}
            />
          ))}
        </Box>
        {invalid && (
          <Alert id={formMessageId} severity="warning" role="alert">
            {t('toasts.form_validation')}
          </Alert>
        )}
        {mutation.error && (
          <AttemptErrorAlert attempt={mutation.submittedAt}>
            {translateError(t, mutation.error)}
          </AttemptErrorAlert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
            {t('registration.submit')}
          </Button>
          <Link component={RouterLink} to="/login" replace>
            {t('registration.haveAccount')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { loginRequestSchema, type LoginRequest } from '@shop/shared/contracts/auth';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError, translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { authStore } from '../../../lib/auth-store';
import { lengthLimits } from '../../../lib/form-validation';
import { passwordChangeStore } from '../../../lib/password-change-store';
import { login, resendVerification } from '../api/auth.api';
import { AttemptErrorAlert, AuthFormStack, useAuthForm } from './auth-form';

type LoginValues = z.input<typeof loginRequestSchema>;

const resolver = zodResolver(loginRequestSchema);
const limits = {
  emailorusername: lengthLimits(loginRequestSchema.shape.emailorusername),
  password: lengthLimits(loginRequestSchema.shape.password),
};

/** The token could not be read: treated like an answer without a usable token. */
class UnreadableTokenError extends Error {}

/**
 * Login (docs/product.md §§2, 5 and 8): e-mail or user name, password, keep me logged in; both
 * fields required. Any 401 shows ERR_WRONG_LOGIN_CRED, other failures their translated code.
 * On success the token is stored, the forced-reset popup opens when the answer carries the reset
 * flag, and the dialog closes to the shop root. A registration whose address is not confirmed yet
 * (INACTIVE_USER, emailVerified false) can ask for its confirmation mail again.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useAuthForm<LoginValues, LoginRequest>(resolver, {
    emailorusername: '',
    password: '',
    keepMeLoggedIn: false,
  });

  const mutation = useMutation({
    mutationFn: (request: LoginRequest) => login(client, request),
    onSuccess: async (answer) => {
      if (!authStore.login(answer.access_token)) throw new UnreadableTokenError();
      if (answer.reset) passwordChangeStore.require();
      await queryClient.invalidateQueries();
      await navigate('/', { replace: true });
    },
  });

  const resend = useMutation({ mutationFn: (email: string) => resendVerification(client, email) });

  const error = mutation.error;
  const unconfirmed =
    error instanceof ApiError && error.code === 'INACTIVE_USER' && error.params.emailVerified === false;
  const errorText =
    error === null
      ? null
      : error instanceof ApiError && error.status === 401
        ? t('errors.ERR_WRONG_LOGIN_CRED')
        : translateError(t, error);

  return (
    <AuthFormStack form={form} onValid={(values) => mutation.mutate(values)}>
      {errorText && <AttemptErrorAlert attempt={mutation.submittedAt}>{errorText}</AttemptErrorAlert>}
      {unconfirmed && (
        <Button
          variant="outlined"
          loading={resend.isPending}
          onClick={() => resend.mutate(form.getValues('emailorusername').trim())}
        >
          {t('auth.resendVerification')}
        </Button>
      )}
      {resend.isSuccess && (
        <Alert severity="success" role="status">
          {t('auth.resendVerificationSent', { email: resend.variables })}
        </Alert>
      )}
      {resend.error && (
        <AttemptErrorAlert attempt={resend.submittedAt}>{translateError(t, resend.error)}</AttemptErrorAlert>
      )}
      <FormTextField
        control={form.control}
        name="emailorusername"
        label={t('auth.emailOrUsername')}
        limits={limits.emailorusername}
        autoComplete="username"
        required
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="password"
        label={t('auth.password')}
        limits={limits.password}
        autoComplete="current-password"
        password
        required
      />
      <Controller
        control={form.control}
        name="keepMeLoggedIn"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={t('auth.keepMeLoggedIn')}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
        {t('auth.submit')}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Link component={RouterLink} to="/forgot-password" replace>
          {t('auth.forgotPassword')}
        </Link>
        <Link component={RouterLink} to="/registration" replace>
          {t('auth.register')}
        </Link>
      </Box>
    </AuthFormStack>
  );
}

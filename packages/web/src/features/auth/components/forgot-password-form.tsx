import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { emailSchema, forgotPasswordRequestSchema } from '@shop/shared/contracts/users';
import { FormTextField } from '../../../components/form-text-field';
import { translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { lengthLimits } from '../../../lib/form-validation';
import { useToast } from '../../../lib/toast-store';
import { requestPasswordReset } from '../api/auth.api';
import { AttemptErrorAlert, AuthFormStack, useAuthForm } from './auth-form';

type ForgotValues = z.input<typeof forgotPasswordRequestSchema>;
type ForgotRequest = z.output<typeof forgotPasswordRequestSchema>;

const resolver = zodResolver(forgotPasswordRequestSchema);
const emailLimits = lengthLimits(emailSchema);

/**
 * Forgot password (docs/product.md §§2 and 5): the e-mail address is required; the server mails a
 * reset link, a toast says so and the dialog closes to the shop root.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const client = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useAuthForm<ForgotValues, ForgotRequest>(resolver, { email: '' });
  const mutation = useMutation({
    mutationFn: (request: ForgotRequest) => requestPasswordReset(client, request.email),
    onSuccess: async () => {
      toast.success('toasts.reset_link_sent');
      await navigate('/', { replace: true });
    },
  });

  return (
    <AuthFormStack form={form} onValid={(values) => mutation.mutate(values)}>
      <Typography>{t('auth.forgotIntro')}</Typography>
      {mutation.error && (
        <AttemptErrorAlert attempt={mutation.submittedAt}>
          {translateError(t, mutation.error)}
        </AttemptErrorAlert>
      )}
      <FormTextField
        control={form.control}
        name="email"
        type="email"
        label={t('auth.email')}
        limits={emailLimits}
        autoComplete="email"
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
        {t('auth.sendLink')}
      </Button>
      <Link component={RouterLink} to="/login" replace sx={{ alignSelf: 'flex-start' }}>
        {t('auth.backToLogin')}
      </Link>
    </AuthFormStack>
  );
}

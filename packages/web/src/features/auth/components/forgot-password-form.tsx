import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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
  const form = useForm<ForgotValues, unknown, ForgotRequest>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (request: ForgotRequest) => requestPasswordReset(client, request.email),
    onSuccess: async () => {
      toast.success('toasts.reset_link_sent');
      await navigate('/', { replace: true });
    },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void form.handleSubmit((values) => mutation.mutate(values))(event)}
      sx={{ pt: 1 }}
    >
      <Typography>{t('auth.forgotIntro')}</Typography>
      {mutation.error && (
        // A new alert for every failed attempt, so the same message is announced again.
        <Alert key={mutation.submittedAt} severity="error" role="alert">
          {translateError(t, mutation.error)}
        </Alert>
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
    </Stack>
  );
}

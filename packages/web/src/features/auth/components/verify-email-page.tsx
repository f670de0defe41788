import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { toastStore } from '../../../lib/toast-store';
import { verifyEmail } from '../api/auth.api';

/** After a confirmation the page goes home after this long (docs/product.md §§2 and 9). */
export const VERIFY_REDIRECT_MS = 7500;

const alertSx = { width: 550, maxWidth: '80%' } as const;

/**
 * /user/:userId/verify/:emailVerificationCode (docs/product.md §§2 and 4): confirms the e-mail address
 * at once. Pending, then a success alert that mentions the 48-72 hour staff approval and goes home
 * after 7,500 ms, or an error alert with the translated error.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const { userId = '', emailVerificationCode = '' } = useParams();
  // A query, not an effect: the confirmation is sent once even when the page renders twice.
  const verification = useQuery({
    queryKey: ['users', 'verify', userId, emailVerificationCode],
    queryFn: ({ signal }) => verifyEmail(client, userId, emailVerificationCode, signal).then(() => true),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
  const confirmed = verification.isSuccess;

  useEffect(() => {
    if (!confirmed) return;
    toastStore.show('success', { key: 'toasts.email_confirmed' });
    const timer = setTimeout(() => void navigate('/', { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmed, navigate]);

  return (
    <Box component="section">
      <PageHeading>{t('routes.verifyEmail')}</PageHeading>
      {verification.isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('verify.pending')}</Typography>
        </Box>
      )}
      {confirmed && (
        <Alert severity="success" role="status" sx={alertSx}>
          <AlertTitle>{t('verify.successTitle')}</AlertTitle>
          {t('verify.successText')}
        </Alert>
      )}
      {verification.isError && (
        <>
          <Alert severity="error" role="alert" sx={alertSx}>
            <AlertTitle>{t('verify.failureTitle')}</AlertTitle>
            {translateError(t, verification.error)}
          </Alert>
          <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
            {t('notFound.home')}
          </Button>
        </>
      )}
    </Box>
  );
}

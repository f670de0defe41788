import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NewPasswordForm } from '../../../components/new-password-form';
import { PageHeading } from '../../../components/page-heading';
import { useApiClient } from '../../../lib/api-client-context';
import { authStore } from '../../../lib/auth-store';
import { useToast } from '../../../lib/toast-store';
import { resetPassword } from '../api/auth.api';

/**
 * /user/:userId/reset-password/:resetPasswordCode (docs/product.md §§2 and 4): a new password and its
 * verification. A rejected link or password shows the translated code as an error toast; on
 * success the reset-success dialog leads to the login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { userId = '', resetPasswordCode = '' } = useParams();
  const [succeeded, setSucceeded] = useState(false);
  const titleId = useId();
  const textId = useId();

  const submit = async (password: string) => {
    try {
      await resetPassword(client, userId, resetPasswordCode, password);
    } catch (error) {
      toast.apiError(error);
      throw error;
    }
    // The reset revoked every older token of the account, so a stored session is over.
    if (authStore.getState()) authStore.logout();
    toast.success('toasts.reset_success');
    setSucceeded(true);
  };

  return (
    <Box component="section" sx={{ maxWidth: 480 }}>
      <PageHeading>{t('routes.resetPassword')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('password.resetIntro')}</Typography>
      <NewPasswordForm onSubmit={submit} submitLabel={t('password.save')} autoFocus />
      <Dialog
        open={succeeded}
        onClose={() => void navigate('/', { replace: true })}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('password.resetSuccessTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('toasts.reset_success')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" autoFocus onClick={() => void navigate('/login', { replace: true })}>
            {t('header.login')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

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
import { acceptInvite } from '../api/company-api';

/**
 * /user/:userId/invite/:code (issue 15): the invited person sets a password; then a dialog leads
 * to the login. A wrong, used or expired link shows ERR_INVITE_LINK as an error toast.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { userId = '', code = '' } = useParams();
  const [succeeded, setSucceeded] = useState(false);
  const titleId = useId();
  const textId = useId();

  const submit = async (password: string) => {
    try {
      await acceptInvite(client, userId, code, password);
    } catch (error) {
      toast.apiError(error);
      throw error;
    }
    // Another account signed in on this browser is not the invited one.
    if (authStore.getState()) authStore.logout();
    setSucceeded(true);
  };

  return (
    <Box component="section" sx={{ maxWidth: 480 }}>
      <PageHeading>{t('routes.acceptInvite')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('company.accept.intro')}</Typography>
      <NewPasswordForm onSubmit={submit} submitLabel={t('company.accept.submit')} autoFocus />
      <Dialog
        open={succeeded}
        onClose={() => void navigate('/', { replace: true })}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('company.accept.successTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('company.accept.successText')}</DialogContentText>
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

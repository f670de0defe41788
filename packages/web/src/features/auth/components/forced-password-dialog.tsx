import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../../../components/new-password-form';
import { useApiClient } from '../../../lib/api-client-context';
import { authStore } from '../../../lib/auth-store';
import { passwordChangeStore } from '../../../lib/password-change-store';
import { useToast } from '../../../lib/toast-store';
import { changePassword } from '../api/auth.api';

/**
 * The forced password-reset dialog (docs/product.md §§2 and 4): persistent (neither Escape nor a click
 * outside closes it), at most 800 px wide, addressed to the dear customer, a red description and
 * the new-password form in forced mode. The change answers a new token (older ones are revoked):
 * it is stored, the dialog closes and every query runs again, so the shop unlocks without a
 * reload. Logging out is the only other way out.
 */
export function ForcedPasswordDialog({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const textId = useId();

  const submit = async (password: string) => {
    let token: string;
    try {
      token = await changePassword(client, password);
    } catch (error) {
      toast.apiError(error);
      throw error;
    }
    authStore.login(token);
    passwordChangeStore.clear();
    toast.success('toasts.password_changed');
    await queryClient.invalidateQueries();
  };

  return (
    <Dialog
      open
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 800 } } }}
    >
      <DialogTitle id={titleId}>{t('password.forcedTitle')}</DialogTitle>
      <DialogContent>
        <Typography id={textId} color="error" sx={{ mb: 3 }}>
          {t('password.forcedText')}
        </Typography>
        <NewPasswordForm onSubmit={submit} submitLabel={t('password.save')} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>{t('header.logout')}</Button>
      </DialogActions>
    </Dialog>
  );
}

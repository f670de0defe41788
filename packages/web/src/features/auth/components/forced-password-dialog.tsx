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
import { useChangePassword } from '../../../lib/change-password';
import { passwordChangeStore } from '../../../lib/password-change-store';

/**
 * The forced password-reset dialog (docs/product.md §§2 and 4): persistent (neither Escape nor a click
 * outside closes it), at most 800 px wide, addressed to the dear customer, a red description and
 * the new-password form in forced mode. The change answers a new token (older ones are revoked):
 * it is stored, the dialog closes and every query runs again, so the shop unlocks without a
 * reload. Logging out is the only other way out.
 */
export function ForcedPasswordDialog({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();

  const submit = async (password: string) => {
    await changePassword(password);
    passwordChangeStore.clear();
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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../lib/api-client-context';
import type { ApiClient } from '../lib/api-client';
import { authStore } from '../lib/auth-store';
import { useToast } from '../lib/toast-store';
import { NewPasswordForm } from './new-password-form';
import { PageHeading } from './page-heading';

/** The texts of a page reached from an e-mailed link (translation keys). */
export interface SetPasswordTexts {
  heading: ParseKeys;
  intro: ParseKeys;
  submit: ParseKeys;
  successTitle: ParseKeys;
  successText: ParseKeys;
}

/**
 * A page reached from an e-mailed link where someone sets a password (password reset, company
 * invitation): a rejected link or password shows the translated error code as a toast; on success
 * a stored session of this browser ends (it is not, or no longer, valid for this account) and a
 * dialog leads to the login.
 */
export function SetPasswordPage({
  texts,
  save,
  onSaved,
}: {
  texts: SetPasswordTexts;
  save: (client: ApiClient, password: string) => Promise<unknown>;
  /** Runs after a successful save, before the dialog opens. */
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [succeeded, setSucceeded] = useState(false);
  const titleId = useId();
  const textId = useId();

  const submit = async (password: string) => {
    try {
      await save(client, password);
    } catch (error) {
      toast.apiError(error);
      throw error;
    }
    if (authStore.getState()) authStore.logout();
    onSaved?.();
    setSucceeded(true);
  };

  return (
    <Box component="section" sx={{ maxWidth: 480 }}>
      <PageHeading>{t(texts.heading)}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t(texts.intro)}</Typography>
      <NewPasswordForm onSubmit={submit} submitLabel={t(texts.submit)} autoFocus />
      <Dialog
        open={succeeded}
        onClose={() => void navigate('/', { replace: true })}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t(texts.successTitle)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t(texts.successText)}</DialogContentText>
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

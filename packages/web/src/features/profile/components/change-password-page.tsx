import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../../../components/new-password-form';
import { useAuth } from '../../../lib/auth-store';
import { useChangePassword } from '../../../lib/change-password';

/**
 * /profile/change-password (docs/product.md §§2, 4 and 6): two password fields with show/hide, the
 * rules on after the first submit, emptied after a success. The change answers a new token that
 * replaces the revoked one. Agents change their password in the back office and see only a
 * warning.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const submit = useChangePassword();
  const isAgent = useAuth()?.claims.isAgent === true;

  if (isAgent) {
    return (
      <Alert severity="warning" sx={{ maxWidth: 720 }}>
        {t('errors.ERR_AGENT_CANNOT_CHANGE_PASSWORD')}
      </Alert>
    );
  }

  return (
    <Box sx={{ maxWidth: 480 }}>
      <NewPasswordForm onSubmit={submit} submitLabel={t('password.save')} clearOnSuccess />
    </Box>
  );
}

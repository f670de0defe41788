import { useParams } from 'react-router';
import { SetPasswordPage } from '../../../components/set-password-page';
import { useToast } from '../../../lib/toast-store';
import { resetPassword } from '../api/auth.api';

/**
 * /user/:userId/reset-password/:resetPasswordCode (docs/product.md §§2 and 4): a new password and its
 * verification. A rejected link or password shows the translated code as an error toast; on
 * success (which revoked every older token of the account, so a stored session is over) the
 * reset-success dialog leads to the login.
 */
export function ResetPasswordPage() {
  const toast = useToast();
  const { userId = '', resetPasswordCode = '' } = useParams();
  return (
    <SetPasswordPage
      texts={{
        heading: 'routes.resetPassword',
        intro: 'password.resetIntro',
        submit: 'password.save',
        successTitle: 'password.resetSuccessTitle',
        successText: 'toasts.reset_success',
      }}
      save={(client, password) => resetPassword(client, userId, resetPasswordCode, password)}
      onSaved={() => toast.success('toasts.reset_success')}
    />
  );
}

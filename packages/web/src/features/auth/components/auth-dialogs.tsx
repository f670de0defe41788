import { useTranslation } from 'react-i18next';
import { RouteDialog } from '../../../components/route-dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/** Login, registration and forgot-password open as dialogs over the home listing (docs/product.md §2). */
export function LoginDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.login')} maxWidth="xs">
      <LoginForm />
    </RouteDialog>
  );
}

export function RegistrationDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.registration')} maxWidth="md">
      <RegistrationForm />
    </RouteDialog>
  );
}

export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.forgotPassword')} maxWidth="xs">
      <ForgotPasswordForm />
    </RouteDialog>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteDialog } from '../../../components/route-dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/** A guest's form in the dialog of its route, titled by the route. */
function AuthDialog({
  titleKey,
  maxWidth,
  form,
}: {
  titleKey: 'routes.login' | 'routes.registration' | 'routes.forgotPassword';
  maxWidth: 'xs' | 'md';
  form: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t(titleKey)} maxWidth={maxWidth}>
      {form}
    </RouteDialog>
  );
}

/** Login, registration and forgot-password open as dialogs over the home listing (docs/product.md §2). */
export const LoginDialog = () => <AuthDialog titleKey="routes.login" maxWidth="xs" form={<LoginForm />} />;

export const RegistrationDialog = () => (
  <AuthDialog titleKey="routes.registration" maxWidth="md" form={<RegistrationForm />} />
);

export const ForgotPasswordDialog = () => (
  <AuthDialog titleKey="routes.forgotPassword" maxWidth="xs" form={<ForgotPasswordForm />} />
);

import { useTranslation } from 'react-i18next';
import { ComingSoonView } from '../../../components/coming-soon-view';
import { RouteDialog } from '../../../components/route-dialog';

/** Login, registration and forgot-password open as dialogs over the home listing (spec section 2). */
export function LoginDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.login')}>
      <ComingSoonView />
    </RouteDialog>
  );
}

export function RegistrationDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.registration')} maxWidth="md">
      <ComingSoonView />
    </RouteDialog>
  );
}

export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  return (
    <RouteDialog title={t('routes.forgotPassword')}>
      <ComingSoonView />
    </RouteDialog>
  );
}

import { useParams } from 'react-router';
import { SetPasswordPage } from '../../../components/set-password-page';
import { acceptInvite } from '../api/company-api';

/**
 * /user/:userId/invite/:code (issue 15): the invited person sets a password (another account
 * signed in on this browser is not the invited one, so its session ends); then a dialog leads to
 * the login. A wrong, used or expired link shows ERR_INVITE_LINK as an error toast.
 */
export function AcceptInvitePage() {
  const { userId = '', code = '' } = useParams();
  return (
    <SetPasswordPage
      texts={{
        heading: 'routes.acceptInvite',
        intro: 'company.accept.intro',
        submit: 'company.accept.submit',
        successTitle: 'company.accept.successTitle',
        successText: 'company.accept.successText',
      }}
      save={(client, password) => acceptInvite(client, userId, code, password)}
    />
  );
}

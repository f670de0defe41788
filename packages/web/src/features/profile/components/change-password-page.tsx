import { ComingSoonView } from '../../../components/coming-soon-view';

/** /profile/change-password (the profile work fills this in). */
export function ChangePasswordPage() {
  return <ComingSoonView />;
}

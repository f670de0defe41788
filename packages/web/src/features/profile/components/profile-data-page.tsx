import { ComingSoonView } from '../../../components/coming-soon-view';

/** /profile — own data (the profile work fills this in). */
export function ProfileDataPage() {
  return <ComingSoonView />;
}

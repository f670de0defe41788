import { ComingSoonView } from '../../../components/coming-soon-view';

/** /profile/order-history (the profile work fills this in). */
export function OrderHistoryPage() {
  return <ComingSoonView />;
}

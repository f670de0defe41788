import { ComingSoonView } from '../../../components/coming-soon-view';

/** /cart — the cart lines (the cart work fills this in). */
export function CartPage() {
  return <ComingSoonView />;
}

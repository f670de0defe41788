import { ComingSoonView } from '../../../components/coming-soon-view';

/** /cart/receipt-and-payment — shipping, payment and placing the order (the checkout work fills this in). */
export function ReceiptAndPaymentPage() {
  return <ComingSoonView />;
}

import { messageLoaders } from '../../admin-i18n';
import { ListAndDetailRoutes } from '../../components/list-and-detail-routes';
import { OrderDetailView } from './order-detail';
import { OrderList } from './order-list';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Orders: the filtered list with CSV export, and one order's detail with its status changes. */
export default function OrdersPage() {
  return (
    <ListAndDetailRoutes
      namespace="admin-orders"
      loaders={loaders}
      param="orderId"
      List={OrderList}
      Detail={OrderDetailView}
    />
  );
}

import { Route, Routes } from 'react-router';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { OrderDetailView } from './order-detail';
import { OrderList } from './order-list';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Orders: the filtered list with CSV export, and one order's detail with its status changes. */
export default function OrdersPage() {
  const { t, ready } = useAdminMessages('admin-orders', loaders);
  if (!ready) return null;
  return (
    <Routes>
      <Route index element={<OrderList t={t} />} />
      <Route path=":orderId" element={<OrderDetailView t={t} />} />
    </Routes>
  );
}

import { useParams } from 'react-router';
import { OrderListPage } from './order-list-page';
import { OrderListsPage } from './order-lists-page';

/**
 * /profile/order-lists and /profile/order-lists/:listId in one lazy route (one route entry less in
 * the first page's route table, issue 20): the lists, or one list.
 */
export function OrderListsRoute() {
  const { listId } = useParams();
  return listId === undefined ? <OrderListsPage /> : <OrderListPage />;
}

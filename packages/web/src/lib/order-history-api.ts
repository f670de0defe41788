import { useQuery } from '@tanstack/react-query';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { FRESH_ON_MOUNT } from './page-data';

/** The order history's key: the profile lists it, placing an order makes it stale. */
export const ORDER_HISTORY_QUERY_KEY = ['orders', 'history'] as const;

/**
 * `GET /api/orders/history`; `userId` narrows a company owner's or approver's list to the orders
 * one login placed (issue 15).
 */
export function useOrderHistory(userId?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: userId === undefined ? ORDER_HISTORY_QUERY_KEY : [...ORDER_HISTORY_QUERY_KEY, userId],
    queryFn: ({ signal }) =>
      api.get<OrderHistoryItem[]>(
        userId === undefined ? '/orders/history' : `/orders/history?userId=${userId}`,
        {
          signal,
        },
      ),
    enabled: useAuth() !== null,
    ...FRESH_ON_MOUNT,
  });
}

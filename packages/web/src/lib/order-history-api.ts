import { useQuery } from '@tanstack/react-query';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { FRESH_ON_MOUNT } from './page-data';

/** The order history's key: the profile lists it, placing an order makes it stale. */
export const ORDER_HISTORY_QUERY_KEY = ['orders', 'history'] as const;

/** `GET /api/orders/history`. */
export function useOrderHistory() {
  const api = useApiClient();
  return useQuery({
    queryKey: ORDER_HISTORY_QUERY_KEY,
    queryFn: ({ signal }) => api.get<OrderHistoryItem[]>('/orders/history', { signal }),
    enabled: useAuth() !== null,
    ...FRESH_ON_MOUNT,
  });
}

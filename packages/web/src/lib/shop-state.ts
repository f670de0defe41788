import { useQuery } from '@tanstack/react-query';
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import { useApiClient } from './api-client-context';
import { FRESH_ON_MOUNT } from './page-data';

export const SHOP_STATE_QUERY_KEY = ['shop-state'] as const;

/**
 * `GET /api/shop/state`: closed window, force-disabled, and the advance notice (public). On its
 * own (no messages) so the shell's closure notice loads no message namespace.
 */
export function useShopState() {
  const api = useApiClient();
  return useQuery({
    queryKey: SHOP_STATE_QUERY_KEY,
    queryFn: ({ signal }) => api.get<ShopStateResponse>('/shop/state', { signal }),
    ...FRESH_ON_MOUNT,
  });
}

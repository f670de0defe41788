import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backInStockListSchema, type BackInStockList } from '@shop/shared/contracts/back-in-stock';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { useToast } from './toast-store';

/**
 * Back-in-stock alerts (issue 17): the signed-in user's waiting requests, asking for one on a
 * sold-out product and cancelling one. The product box's button and the profile page share the
 * query, so a change in one shows in the other.
 */
export const BACK_IN_STOCK_QUERY_KEY = ['back-in-stock'] as const;

/** `GET /api/back-in-stock` (only for a signed-in user). */
export function useBackInStockRequests() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: [...BACK_IN_STOCK_QUERY_KEY, auth?.claims.userId ?? null],
    queryFn: ({ signal }) =>
      api.get<BackInStockList>('/back-in-stock', { signal, schema: backInStockListSchema }),
    enabled: auth !== null,
  });
}

/** `POST /api/back-in-stock` and `DELETE /api/back-in-stock/{sku}`; each says so in a toast. */
export function useBackInStockChange() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const done = (list: BackInStockList) => {
    queryClient.setQueriesData({ queryKey: BACK_IN_STOCK_QUERY_KEY }, list);
  };
  const request = useMutation({
    mutationFn: (productSku: string) =>
      api.post<BackInStockList>(
        '/back-in-stock',
        { productSku },
        { retry: false, schema: backInStockListSchema },
      ),
    onSuccess: (list) => {
      done(list);
      toast.success('toasts.back_in_stock_requested');
    },
    onError: (error) => toast.apiError(error),
  });
  const cancel = useMutation({
    mutationFn: (productSku: string) =>
      api.delete<BackInStockList>(`/back-in-stock/${encodeURIComponent(productSku)}`, {
        retry: false,
        schema: backInStockListSchema,
      }),
    onSuccess: (list) => {
      done(list);
      toast.success('toasts.back_in_stock_cancelled');
    },
    onError: (error) => toast.apiError(error),
  });
  return { request, cancel };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  CartResponse,
  SetProductQuantityRequest,
  SetProductQuantityResponse,
} from '@shop/shared/contracts/cart';
import { ApiError, isAbortError } from './api-client';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { toastStore, useToast, type ToastStore } from './toast-store';

/**
 * The cart calls the catalogue needs (docs/product.md §7): the quantities in the cart, and setting a
 * product's quantity (`POST /api/cart/set-product-quantity`, quantity 0 removes the line). The cart
 * feature shows the cart itself; every cart change invalidates the `['cart']` query.
 */
export const CART_QUERY_KEY = ['cart'] as const;

/** Codes that mean "choose a shipping address first": a warning, not a failure (docs/product.md §8). */
const NO_SHIPPING_CODES = new Set(['ERR_NO_CURRENT_SHIPPING', 'ERR_NO_SHIPPING']);

export type SetProductQuantityInput = Pick<SetProductQuantityRequest, 'productSku' | 'quantity'>;

/** `GET /api/cart` for a logged-in buyer (shared with the cart feature through the query key). */
export function useCart() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => api.get<CartResponse>('/cart', { signal }),
    enabled: auth !== null,
  });
}

/** Pieces of each product in the cart, by SKU (empty while unknown or for anonymous visitors). */
export function useCartQuantities(): ReadonlyMap<string, number> {
  const { data } = useCart();
  return useMemo(
    () => new Map((data?.cartItems ?? []).map((item) => [item.product.sku, item.quantity] as const)),
    [data],
  );
}

/**
 * The success toast of a quantity change, from the line's quantity before and the server's
 * corrected quantity after: removed (0), added (more), reduced (fewer), or none when the
 * correction left the line as it was (its warnings say why).
 */
export function quantityChangeToast(
  before: number,
  after: number,
): 'product.addedToCart' | 'product.removedFromCart' | 'product.quantityReduced' | null {
  if (after === before) return null;
  if (after <= 0) return 'product.removedFromCart';
  return after > before ? 'product.addedToCart' : 'product.quantityReduced';
}

/**
 * Sets a product's quantity in the cart. The server corrects the quantity again; its warnings show
 * as warning toasts, then the success toast of `quantityChangeToast` (compared with the line as the
 * cached cart had it); a failure shows product_quantity_update_unsuccessful. A navigation does not
 * abort it.
 */
export function useSetProductQuantity(store: ToastStore = toastStore) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(store);
  return useMutation({
    mutationFn: (input: SetProductQuantityInput) =>
      api.post<SetProductQuantityResponse>(
        '/cart/set-product-quantity',
        { productSku: input.productSku, quantity: input.quantity },
        { navigationScoped: false },
      ),
    onMutate: (input) => {
      const cart = queryClient.getQueryData<CartResponse>(CART_QUERY_KEY);
      const line = cart?.cartItems.find((item) => item.product.sku === input.productSku);
      return { before: line?.quantity ?? 0 };
    },
    onSuccess: (result, _input, context) => {
      for (const warning of result.warnings ?? []) toast.warning(`toasts.${warning}`);
      const success = quantityChangeToast(context.before, result.quantity);
      if (success) toast.success(success);
    },
    onError: (error) => {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && NO_SHIPPING_CODES.has(error.code)) {
        toast.warning(`errors.${error.code}`);
        return;
      }
      toast.error('toasts.product_quantity_update_unsuccessful');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}

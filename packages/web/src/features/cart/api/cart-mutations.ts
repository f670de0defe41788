import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartResponse, SetProductQuantityRequest } from '@shop/shared/contracts/cart';
import { isAbortError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { isNoShippingError } from '../../../lib/shipping-address-api';
import {
  toastStore,
  useToast,
  type ToastApi,
  type ToastStore,
  type TranslationKey,
} from '../../../lib/toast-store';
import { CART_KEYS } from './cart-queries';

/**
 * The cart writes the product boxes use on every page (quantity, order again; the checkout's writes
 * are in checkout-mutations.ts, loaded with the cart pages), each a TanStack Query mutation whose answer is checked by its shared
 * contract (a different answer fails with ERR_UNKNOWN_ERROR). The contracts load lazily, while the
 * request runs, so zod stays out of the first page. None is aborted by a navigation.
 */
const cartContracts = () => import('@shop/shared/contracts/cart');

/** The warning toast for a missing shipping address, else the given error toast. */
export function toastFailure(toast: ToastApi, error: unknown, key: TranslationKey): void {
  if (isAbortError(error)) return;
  if (isNoShippingError(error)) toast.warning(`errors.${error.code}`);
  else toast.error(key);
}

/** The cart changed on the server: fetch it again (exactly the cart, not the queries under its key). */
export function refreshCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CART_KEYS.cart, exact: true });
}

/**
 * The cart to keep when a change answers `answered`: it, unless the cache holds a later state of
 * the same cart (two quick changes whose answers arrive in the other order).
 */
export function laterCart(cached: CartResponse | undefined, answered: CartResponse): CartResponse {
  return cached && cached.cartId === answered.cartId && cached.version > answered.version ? cached : answered;
}

function putCart(queryClient: QueryClient, cart: CartResponse): void {
  queryClient.setQueryData<CartResponse>(CART_KEYS.cart, (cached) => laterCart(cached, cart));
}

export type SetProductQuantityInput = Pick<SetProductQuantityRequest, 'productSku' | 'quantity'>;

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
 * `POST /api/cart/set-product-quantity`: one request per change. The server corrects the quantity
 * again and answers the cart as the change left it, which replaces the cached cart (no refetch).
 * Its warnings show as warning toasts, then the success toast of `quantityChangeToast` (compared
 * with the line as the cached cart had it); a failure shows product_quantity_update_unsuccessful
 * (a missing shipping address a warning) and fetches the cart again.
 */
export function useSetProductQuantity(store: ToastStore = toastStore) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(store);
  return useMutation({
    mutationFn: (input: SetProductQuantityInput) =>
      api.post(
        '/cart/set-product-quantity',
        { productSku: input.productSku, quantity: input.quantity },
        {
          navigationScoped: false,
          schema: cartContracts().then((contracts) => contracts.setProductQuantityResponseSchema),
        },
      ),
    onMutate: (input) => {
      const cart = queryClient.getQueryData<CartResponse>(CART_KEYS.cart);
      const line = cart?.cartItems.find((item) => item.product.sku === input.productSku);
      return { before: line?.quantity ?? 0 };
    },
    onSuccess: (result, _input, context) => {
      putCart(queryClient, result.cart);
      for (const warning of result.warnings) toast.warning(`toasts.${warning}`);
      const success = quantityChangeToast(context.before, result.quantity);
      if (success) toast.success(success);
    },
    onError: (error) => {
      toastFailure(toast, error, 'toasts.product_quantity_update_unsuccessful');
      void refreshCart(queryClient);
    },
  });
}

/** Lines added to the cart (quick order, order again): not retried, the cart is fetched again. */
export function useCartAddition<T>(path: (input: T) => string, toBody: (input: T) => unknown) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (input: T) =>
      api.post(path(input), toBody(input), {
        navigationScoped: false,
        retry: false,
        schema: cartContracts().then((contracts) => contracts.cartAdditionResponseSchema),
      }),
    onError: (error) => toastFailure(toast, error, 'toasts.product_quantity_update_unsuccessful'),
    onSettled: () => refreshCart(queryClient),
  });
}

/** `POST /api/orders/:orderId/order-again`. */
export function useOrderAgain() {
  return useCartAddition(
    (orderId: number) => `/orders/${orderId}/order-again`,
    () => undefined,
  );
}

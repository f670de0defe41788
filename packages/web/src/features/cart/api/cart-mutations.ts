import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CartResponse,
  SetCartCommentsRequest,
  SetProductQuantityRequest,
} from '@shop/shared/contracts/cart';
import type { PlaceOrderResponse } from '@shop/shared/contracts/orders';
import { isAbortError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ORDER_HISTORY_QUERY_KEY } from '../../../lib/order-history-api';
import { isNoShippingError } from '../../../lib/shipping-address-api';
import { SHOP_STATE_QUERY_KEY } from '../../../lib/shop-state';
import {
  toastStore,
  useToast,
  type ToastApi,
  type ToastStore,
  type TranslationKey,
} from '../../../lib/toast-store';
import { CART_KEYS } from './cart-queries';

/**
 * The cart feature's writes, each a TanStack Query mutation whose answer is checked by its shared
 * contract (a different answer fails with ERR_UNKNOWN_ERROR). The contracts load lazily, while the
 * request runs, so zod stays out of the first page. None is aborted by a navigation.
 */
const cartContracts = () => import('@shop/shared/contracts/cart');
const checkoutContracts = () => import('@shop/shared/contracts/checkout');
const orderContracts = () => import('@shop/shared/contracts/orders');

/** The warning toast for a missing shipping address, else the given error toast. */
export function toastFailure(toast: ToastApi, error: unknown, key: TranslationKey): void {
  if (isAbortError(error)) return;
  if (isNoShippingError(error)) toast.warning(`errors.${error.code}`);
  else toast.error(key);
}

/** The cart changed on the server: fetch it again (exactly the cart, not the queries under its key). */
function refreshCart(queryClient: QueryClient): Promise<void> {
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

/** A save call of the checkout (`{ data: true }`): refreshes the cart afterwards; a failure shows `errorKey`. */
function useCheckoutSave<T>(path: string, toBody: (value: T) => unknown, errorKey: TranslationKey) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (value: T) =>
      api.put(path, toBody(value), {
        navigationScoped: false,
        schema: checkoutContracts().then((contracts) => contracts.checkoutSaveResponseSchema),
      }),
    onError: (error) => toastFailure(toast, error, errorKey),
    onSettled: () => refreshCart(queryClient),
  });
}

/** `PUT /api/cart/shipping-method`; the delivery days depend on it, so they are fetched again too. */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  const mutation = useCheckoutSave<string>(
    '/cart/shipping-method',
    (shippingMethodCode) => ({ shippingMethodCode }),
    'checkout.saveShippingMethodError',
  );
  return {
    ...mutation,
    mutate: (code: string) =>
      mutation.mutate(code, {
        onSettled: () => void queryClient.invalidateQueries({ queryKey: CART_KEYS.deliveryDays }),
      }),
  };
}

export function useSavePaymentMethod() {
  return useCheckoutSave<number>(
    '/cart/payment-method',
    (paymentMethodId) => ({ paymentMethodId }),
    'checkout.savePaymentMethodError',
  );
}

export function useSaveDeliveryDate() {
  return useCheckoutSave<string | null>(
    '/cart/delivery-date',
    (deliveryDate) => ({ deliveryDate }),
    'checkout.saveDeliveryDateError',
  );
}

/** `PUT /api/cart/purchase-order-number` (issue 16): '' clears it. */
export function useSavePurchaseOrderNumber() {
  return useCheckoutSave<string>(
    '/cart/purchase-order-number',
    (purchaseOrderNumber) => ({ purchaseOrderNumber }),
    'checkout.rules.savePurchaseOrderNumberError',
  );
}

/** `PUT /api/cart/comments`: the saved comments go into the comments query. */
export function useSaveComments() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (comments: SetCartCommentsRequest) =>
      api.put('/cart/comments', comments, {
        navigationScoped: false,
        schema: checkoutContracts().then((contracts) => contracts.checkoutSaveResponseSchema),
      }),
    onSuccess: (_result, comments) => {
      queryClient.setQueryData(CART_KEYS.comments, {
        commentWebshop: comments.commentWebshop ?? '',
        commentSupplier: comments.commentSupplier ?? '',
      });
    },
    onError: (error) => toastFailure(toast, error, 'checkout.saveCommentsError'),
  });
}

/** `DELETE /api/cart/delete` with the cart-deleted toast. */
export function useDeleteCart() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: () =>
      api.delete('/cart/delete', {
        navigationScoped: false,
        schema: cartContracts().then((contracts) => contracts.deleteCartResponseSchema),
      }),
    onSuccess: () => toast.success('cart.deleted'),
    onError: (error) => toastFailure(toast, error, 'cart.deleteError'),
    onSettled: () => refreshCart(queryClient),
  });
}

/** Lines added to the cart (quick order, order again): not retried, the cart is fetched again. */
function useCartAddition<T>(path: (input: T) => string, toBody: (input: T) => unknown) {
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

/** `POST /api/cart/quick-order` with pasted lines. */
export function useQuickOrder() {
  return useCartAddition(
    () => '/cart/quick-order',
    (lines: string) => ({ lines }),
  );
}

/** `POST /api/orders/:orderId/order-again`. */
export function useOrderAgain() {
  return useCartAddition(
    (orderId: number) => `/orders/${orderId}/order-again`,
    () => undefined,
  );
}

/**
 * `POST /api/orders/place-order` (no body). Not retried (a timeout must not send the order twice;
 * the server also refuses a second order of the same cart). Placed: the cached cart is emptied and
 * the order history is stale. Refused: the cart is fetched again, and the shop's state when it
 * closed meanwhile. An answer outside the contract fails with ERR_UNKNOWN_ERROR.
 */
export function usePlaceOrder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PlaceOrderResponse> =>
      api.post('/orders/place-order', undefined, {
        navigationScoped: false,
        retry: false,
        schema: orderContracts().then((contracts) => contracts.placeOrderResponseSchema),
      }),
    onSuccess: (answer) => {
      if (answer.data === true) {
        queryClient.setQueryData<CartResponse>(CART_KEYS.cart, (old) =>
          old ? { ...old, cartItems: [], cartItemIds: [], count: 0 } : old,
        );
        void queryClient.invalidateQueries({ queryKey: ORDER_HISTORY_QUERY_KEY });
        return;
      }
      if (
        answer.data.some(
          (entry) => entry.error === 'ERR_SHOP_CLOSED' || entry.error === 'ERR_SHOP_FORCE_CLOSED',
        )
      )
        void queryClient.invalidateQueries({ queryKey: SHOP_STATE_QUERY_KEY });
      void refreshCart(queryClient);
    },
  });
}

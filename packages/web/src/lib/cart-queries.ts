import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CartAdditionResponse,
  CartComments,
  CartResponse,
  SetCartCommentsRequest,
} from '@shop/shared/contracts/cart';
import type { DeliveryDaysResponse, PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import type { OrderHistoryItem, PlaceOrderResponse } from '@shop/shared/contracts/orders';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import type { CurrentShippingData, ShippingAddress } from '@shop/shared/contracts/shipping';
import { ApiError, isAbortError } from './api-client';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { CART_QUERY_KEY } from './cart-api';
import { FRESH_ON_MOUNT } from './page-data';
import { SHOP_STATE_QUERY_KEY } from './shop-state';
import { toastStore, useToast, type ToastApi, type TranslationKey } from './toast-store';

/**
 * The cart, checkout, order and shipping-address calls of the cart feature (docs/product.md §7 and the
 * "not shown" save calls of decision 0006). The cart itself is `useCart()` of `cart-api.ts` on the
 * query key ['cart']; every change here invalidates it.
 */
export const QUERY_KEYS = {
  comments: ['cart', 'comments'],
  deliveryDays: ['cart', 'delivery-days'],
  shippingMethods: ['shipping-methods'],
  paymentMethods: ['payment-methods'],
  shopState: SHOP_STATE_QUERY_KEY,
  shippingAddresses: ['shipping-addresses'],
  currentShipping: ['shipping-addresses', 'current'],
  orderHistory: ['orders', 'history'],
} as const;

/** ERR_NO_CURRENT_SHIPPING / ERR_NO_SHIPPING: "choose a shipping address first" (docs/product.md §8). */
export function isNoShippingError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'ERR_NO_CURRENT_SHIPPING' || error.code === 'ERR_NO_SHIPPING')
  );
}

/** The warning toast for a missing shipping address, else the given error toast. */
export function toastFailure(toast: ToastApi, error: unknown, key: TranslationKey): void {
  if (isAbortError(error)) return;
  if (isNoShippingError(error)) toast.warning(`errors.${error.code}`);
  else toast.error(key);
}

/** Queries of a signed-in buyer only. */
function useSignedIn(): boolean {
  return useAuth() !== null;
}

export function useShippingMethods() {
  const api = useApiClient();
  return useQuery({
    queryKey: QUERY_KEYS.shippingMethods,
    queryFn: ({ signal }) => api.get<ShippingMethod[]>('/shipping-methods', { signal }),
    enabled: useSignedIn(),
    staleTime: 10 * 60_000,
  });
}

export function usePaymentMethods() {
  const api = useApiClient();
  return useQuery({
    queryKey: QUERY_KEYS.paymentMethods,
    queryFn: ({ signal }) => api.get<PaymentMethod[]>('/payment-methods/available-for-customer', { signal }),
    enabled: useSignedIn(),
  });
}

export function useDeliveryDays(enabled: boolean) {
  const api = useApiClient();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: QUERY_KEYS.deliveryDays,
    queryFn: ({ signal }) => api.get<DeliveryDaysResponse>('/cart/delivery-days', { signal }),
    enabled: signedIn && enabled,
    ...FRESH_ON_MOUNT,
  });
}

export { useShopState } from './shop-state';

export function useCartComments() {
  const api = useApiClient();
  return useQuery({
    queryKey: QUERY_KEYS.comments,
    queryFn: ({ signal }) => api.get<CartComments>('/cart/comments', { signal }),
    enabled: useSignedIn(),
    ...FRESH_ON_MOUNT,
  });
}

export function useCurrentShippingData() {
  const api = useApiClient();
  return useQuery({
    queryKey: QUERY_KEYS.currentShipping,
    queryFn: ({ signal }) =>
      api.get<CurrentShippingData>('/shipping-addresses/get-current-data-extended', { signal }),
    enabled: useSignedIn(),
    ...FRESH_ON_MOUNT,
  });
}

export function useShippingAddresses(enabled = true) {
  const api = useApiClient();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: QUERY_KEYS.shippingAddresses,
    queryFn: ({ signal }) => api.get<ShippingAddress[]>('/shipping-addresses', { signal }),
    enabled: signedIn && enabled,
    ...FRESH_ON_MOUNT,
  });
}

/** A save call of the checkout: refreshes the cart afterwards; a failure shows `errorKey`. */
function useCheckoutSave<T>(path: string, toBody: (value: T) => unknown, errorKey: TranslationKey) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (value: T) => api.put<{ data: true }>(path, toBody(value), { navigationScoped: false }),
    onError: (error) => toastFailure(toast, error, errorKey),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, exact: true });
    },
  });
}

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
        onSettled: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.deliveryDays }),
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

export function useSaveComments() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (comments: SetCartCommentsRequest) =>
      api.put<{ data: true }>('/cart/comments', comments, { navigationScoped: false }),
    onSuccess: (_result, comments) => {
      queryClient.setQueryData<CartComments>(QUERY_KEYS.comments, {
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
    mutationFn: () => api.delete<{ data: true }>('/cart/delete', { navigationScoped: false }),
    onSuccess: () => toast.success('cart.deleted'),
    onError: (error) => toastFailure(toast, error, 'cart.deleteError'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, exact: true }),
  });
}

/** `POST /api/cart/quick-order` with pasted lines. */
export function useQuickOrder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (lines: string) =>
      api.post<CartAdditionResponse>(
        '/cart/quick-order',
        { lines },
        { navigationScoped: false, retry: false },
      ),
    onError: (error) => toastFailure(toast, error, 'toasts.product_quantity_update_unsuccessful'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, exact: true }),
  });
}

/** `POST /api/orders/:orderId/order-again`. */
export function useOrderAgain() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<CartAdditionResponse>(`/orders/${orderId}/order-again`, undefined, {
        navigationScoped: false,
        retry: false,
      }),
    onError: (error) => toastFailure(toast, error, 'toasts.product_quantity_update_unsuccessful'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, exact: true }),
  });
}

/** `GET /api/orders/history`. */
export function useOrderHistory() {
  const api = useApiClient();
  return useQuery({
    queryKey: QUERY_KEYS.orderHistory,
    queryFn: ({ signal }) => api.get<OrderHistoryItem[]>('/orders/history', { signal }),
    enabled: useSignedIn(),
    ...FRESH_ON_MOUNT,
  });
}

/**
 * `POST /api/orders/place-order` (no body). Not retried (a timeout must not send the order twice;
 * the server also refuses a second order of the same cart) and not aborted by a navigation.
 */
export function usePlaceOrderRequest() {
  const api = useApiClient();
  return (): Promise<PlaceOrderResponse | unknown> =>
    api.post<unknown>('/orders/place-order', undefined, { navigationScoped: false, retry: false });
}

/** `POST /api/shipping-addresses/set-current`; the caller reloads the page on success. */
export function useSetCurrentShippingAddress() {
  const api = useApiClient();
  const toast = useToast(toastStore);
  return useMutation({
    mutationFn: (shippingAddressId: number) =>
      api.post<{ data: true }>(
        '/shipping-addresses/set-current',
        { shippingAddressId },
        { navigationScoped: false, retry: false },
      ),
    onError: (error) => {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.code === 'ERR_INVALID_SHIPPING_ADDRESS_ID') {
        toast.error('errors.ERR_INVALID_SHIPPING_ADDRESS_ID');
      } else toast.error('shippingAddress.saveError');
    },
  });
}

/**
 * The cart for the cart pages: the same ['cart'] query as `useCart()`, fetched again whenever a cart
 * page mounts (docs/product.md §9: the cart page loads without caching).
 */
export function useFreshCart() {
  const api = useApiClient();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => api.get<CartResponse>('/cart', { signal }),
    enabled: signedIn,
    ...FRESH_ON_MOUNT,
  });
}

/**
 * The cart page's products (docs/product.md §9): `products/all` with the cart filter, the infinity page
 * size, the first page and caching off, fetched again whenever the page mounts or the set of lines
 * changes (a quantity change alone keeps them; the quantities and totals come from `GET /api/cart`).
 */
export function useCartProducts(cart: CartResponse | undefined, language: string) {
  const api = useApiClient();
  const signedIn = useSignedIn();
  const skus = cart ? [...cart.cartItemIds].sort() : [];
  return useQuery({
    queryKey: ['cart-products', language, cart?.customerId ?? null, skus],
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products/all', {
        query: { inCart: true, productsPerPage: 99999, currentPage: 1, caching: false },
        signal,
      }),
    enabled: signedIn && cart !== undefined && cart.count > 0,
    placeholderData: keepPreviousData,
    ...FRESH_ON_MOUNT,
  });
}

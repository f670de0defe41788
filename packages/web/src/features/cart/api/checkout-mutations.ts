import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse, SetCartCommentsRequest } from '@shop/shared/contracts/cart';
import type { PlaceOrderOrApprovalResponse } from '@shop/shared/contracts/orders';
import { useApiClient } from '../../../lib/api-client-context';
import { ORDER_HISTORY_QUERY_KEY } from '../../../lib/order-history-api';
import { SHOP_STATE_QUERY_KEY } from '../../../lib/shop-state';
import { toastStore, useToast, type TranslationKey } from '../../../lib/toast-store';
import { refreshCart, toastFailure, useCartAddition } from './cart-mutations';
import { CART_KEYS } from './cart-queries';

/**
 * The checkout's writes (methods, delivery day, purchase-order number, comments, emptying the cart,
 * quick order, place-order): only the cart pages use them, so they load with those pages and stay out
 * of the first page's script. Answers are checked by their shared contracts, loaded lazily.
 */
const cartContracts = () => import('@shop/shared/contracts/cart');
const checkoutContracts = () => import('@shop/shared/contracts/checkout');
const orderContracts = () => import('@shop/shared/contracts/orders');

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

/** `POST /api/cart/quick-order` with pasted lines. */
export function useQuickOrder() {
  return useCartAddition(
    () => '/cart/quick-order',
    (lines: string) => ({ lines }),
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
    // Issue 15: a company login that needs approval gets `{ data: true, approvalRequired, approvalId }`.
    mutationFn: (): Promise<PlaceOrderOrApprovalResponse> =>
      api.post('/orders/place-order', undefined, {
        navigationScoped: false,
        retry: false,
        schema: orderContracts().then((contracts) => contracts.placeOrderOrApprovalResponseSchema),
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

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartComments, CartResponse } from '@shop/shared/contracts/cart';
import type { DeliveryDaysResponse, PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { useApiClient } from '../../../lib/api-client-context';
import { FRESH_ON_MOUNT } from '../../../lib/page-data';
import { CART_KEYS, cartQuery, useSignedIn } from './cart-queries';

/** The reads of the cart pages only (the cart, checkout choices, comments, the cart's products). */

/**
 * The cart for the cart pages: the same query, fetched again whenever a cart page mounts
 * (docs/product.md §9: the cart page loads without caching).
 */
export function useFreshCart() {
  return useQuery({ ...cartQuery(useApiClient()), enabled: useSignedIn(), ...FRESH_ON_MOUNT });
}

export function useShippingMethods() {
  const api = useApiClient();
  return useQuery({
    queryKey: CART_KEYS.shippingMethods,
    queryFn: ({ signal }) => api.get<ShippingMethod[]>('/shipping-methods', { signal }),
    enabled: useSignedIn(),
    staleTime: 10 * 60_000,
  });
}

export function usePaymentMethods() {
  const api = useApiClient();
  return useQuery({
    queryKey: CART_KEYS.paymentMethods,
    queryFn: ({ signal }) => api.get<PaymentMethod[]>('/payment-methods/available-for-customer', { signal }),
    enabled: useSignedIn(),
  });
}

export function useDeliveryDays(enabled: boolean) {
  const api = useApiClient();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: CART_KEYS.deliveryDays,
    queryFn: ({ signal }) => api.get<DeliveryDaysResponse>('/cart/delivery-days', { signal }),
    enabled: signedIn && enabled,
    ...FRESH_ON_MOUNT,
  });
}

export function useCartComments() {
  const api = useApiClient();
  return useQuery({
    queryKey: CART_KEYS.comments,
    queryFn: ({ signal }) => api.get<CartComments>('/cart/comments', { signal }),
    enabled: useSignedIn(),
    ...FRESH_ON_MOUNT,
  });
}

/**
 * The cart page's products (docs/product.md §9): `products/all` with the cart filter, the infinity page
 * size, the first page and caching off, fetched again whenever the page mounts or the set of lines
 * changes (a quantity change alone keeps them; the quantities and totals come from the cart).
 */
export function useCartProducts(cart: CartResponse | undefined, language: string) {
  const api = useApiClient();
  const signedIn = useSignedIn();
  const skus = cart ? [...cart.cartItemIds].sort() : [];
  return useQuery({
    queryKey: CART_KEYS.products(language, cart?.customerId ?? null, skus),
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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartComments, CartResponse } from '@shop/shared/contracts/cart';
import type { DeliveryDaysResponse, PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
import { FRESH_ON_MOUNT } from '../../../lib/page-data';

/**
 * The cart feature's reads (docs/product.md §7 and the "not shown" calls of decision 0006). Every
 * query key of the feature is defined here, once.
 */
export const CART_KEYS = {
  cart: ['cart'],
  comments: ['cart', 'comments'],
  deliveryDays: ['cart', 'delivery-days'],
  shippingMethods: ['shipping-methods'],
  paymentMethods: ['payment-methods'],
  products: (language: string, customerId: number | null, skus: readonly string[]) =>
    ['cart-products', language, customerId, skus] as const,
} as const;

/** `GET /api/cart`: the one definition of the cart query (set-product-quantity answers feed it too). */
export function cartQuery(api: ApiClient) {
  return queryOptions({
    queryKey: CART_KEYS.cart,
    queryFn: ({ signal }) => api.get<CartResponse>('/cart', { signal }),
  });
}

/** Queries of a signed-in buyer only. */
function useSignedIn(): boolean {
  return useAuth() !== null;
}

/** The cart wherever it is only shown (drawer, quantities in the catalogue): cached as usual. */
export function useCart() {
  return useQuery({ ...cartQuery(useApiClient()), enabled: useSignedIn() });
}

/**
 * The cart for the cart pages: the same query, fetched again whenever a cart page mounts
 * (docs/product.md §9: the cart page loads without caching).
 */
export function useFreshCart() {
  return useQuery({ ...cartQuery(useApiClient()), enabled: useSignedIn(), ...FRESH_ON_MOUNT });
}

/** Pieces of each product in the cart, by SKU (empty while unknown or for anonymous visitors). */
export function useCartQuantities(): ReadonlyMap<string, number> {
  const { data } = useCart();
  return useMemo(
    () => new Map((data?.cartItems ?? []).map((item) => [item.product.sku, item.quantity] as const)),
    [data],
  );
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

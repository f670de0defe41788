import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@shop/shared/contracts/cart';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';

/**
 * The cart feature's reads (docs/product.md §7 and the "not shown" calls of decision 0006). Every
 * query key of the feature is defined here, once. The reads only the cart pages make are in
 * checkout-queries.ts, which loads with those pages.
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
export function useSignedIn(): boolean {
  return useAuth() !== null;
}

/** The cart wherever it is only shown (drawer, quantities in the catalogue): cached as usual. */
export function useCart() {
  return useQuery({ ...cartQuery(useApiClient()), enabled: useSignedIn() });
}

/** Pieces of each product in the cart, by SKU (empty while unknown or for anonymous visitors). */
export function useCartQuantities(): ReadonlyMap<string, number> {
  const { data } = useCart();
  return useMemo(
    () => new Map((data?.cartItems ?? []).map((item) => [item.product.sku, item.quantity] as const)),
    [data],
  );
}

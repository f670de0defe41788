import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentShippingData, ShippingAddress } from '@shop/shared/contracts/shipping';
import { ApiError, isAbortError } from './api-client';
import { useApiClient } from './api-client-context';
import { useAuth } from './auth-store';
import { FRESH_ON_MOUNT } from './page-data';
import { toastStore, useToast } from './toast-store';

/**
 * The shipping-address calls (docs/product.md §7) the cart, the checkout and the address chooser
 * share, and the "choose a shipping address first" answer they all handle alike.
 */
export const SHIPPING_ADDRESS_KEYS = {
  list: ['shipping-addresses'],
  current: ['shipping-addresses', 'current'],
} as const;

/** ERR_NO_CURRENT_SHIPPING / ERR_NO_SHIPPING: "choose a shipping address first" (docs/product.md §8). */
export function isNoShippingError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'ERR_NO_CURRENT_SHIPPING' || error.code === 'ERR_NO_SHIPPING')
  );
}

export function useCurrentShippingData() {
  const api = useApiClient();
  return useQuery({
    queryKey: SHIPPING_ADDRESS_KEYS.current,
    queryFn: ({ signal }) =>
      api.get<CurrentShippingData>('/shipping-addresses/get-current-data-extended', { signal }),
    enabled: useAuth() !== null,
    ...FRESH_ON_MOUNT,
  });
}

export function useShippingAddresses(enabled = true) {
  const api = useApiClient();
  const signedIn = useAuth() !== null;
  return useQuery({
    queryKey: SHIPPING_ADDRESS_KEYS.list,
    queryFn: ({ signal }) => api.get<ShippingAddress[]>('/shipping-addresses', { signal }),
    enabled: signedIn && enabled,
    ...FRESH_ON_MOUNT,
  });
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

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loadMessages } from '../../../i18n/i18n';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import { toastStore } from '../../../lib/toast-store';

/** The success marker the checkout stores in localStorage after an order was placed (docs/product.md §4). */
export const ORDER_SUCCESS_KEY = 'order_success';

export function markOrderSuccess(orderId: number | null): void {
  writeStorage(ORDER_SUCCESS_KEY, JSON.stringify({ orderId, at: new Date().toISOString() }));
}

/**
 * Mounted in the shell: when a page shows after an order was placed (the checkout went to the root,
 * or the page was reloaded meanwhile), it removes the marker and shows the order-placed toast.
 */
export function useOrderSuccessNotice(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (readStorage(ORDER_SUCCESS_KEY) === null) return;
    removeStorage(ORDER_SUCCESS_KEY);
    // The message is in the cart namespace, which a reloaded page has not loaded yet.
    void loadMessages('cart').then(() => toastStore.show('success', { key: 'checkout.orderPlaced' }));
  }, [pathname]);
}

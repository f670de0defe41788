import { describe, expect, it, vi } from 'vitest';
import { ApiError, RequestAbortedError } from './api-client';
import { createToastStore, MAX_TOASTS, TOAST_AUTO_HIDE_MS, toastApi } from './toast-store';

describe('toast store', () => {
  it('keeps the durations of docs/product.md §8.1: success 5 s, warning 10 s, error until closed', () => {
    expect(TOAST_AUTO_HIDE_MS).toMatchObject({ success: 5000, warning: 10_000, error: null });
    const store = createToastStore();
    const toast = toastApi(store);
    toast.success('toasts.place_order_error');
    toast.warning('toasts.minimum_order_quantity');
    toast.error('toasts.product_quantity_update_unsuccessful');
    expect(store.getToasts().map((t) => [t.severity, t.autoHideMs])).toEqual([
      ['success', 5000],
      ['warning', 10_000],
      ['error', null],
    ]);
  });

  it('shows the same message once while it is visible, and keeps at most a few', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.show('error', { key: 'errors.ERR_NO_RES' });
    expect(store.show('error', { key: 'errors.ERR_NO_RES' })).toBe(first);
    expect(store.getToasts()).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_TOASTS + 2; i += 1) store.show('info', { key: 'app.loading', params: { i } });
    expect(store.getToasts()).toHaveLength(MAX_TOASTS);
    store.dismiss(store.getToasts()[0]!.id);
    expect(store.getToasts()).toHaveLength(MAX_TOASTS - 1);
    store.clear();
    expect(store.getToasts()).toEqual([]);
  });

  it('turns an API failure into its translated error code and ignores aborts', () => {
    const store = createToastStore();
    const toast = toastApi(store);
    toast.apiError(new ApiError('ERR_VALIDATION', 400, { field: 'email' }));
    toast.apiError(new Error('network'));
    expect(toast.apiError(new RequestAbortedError('navigation'))).toBeNull();
    expect(store.getToasts().map((t) => t.message)).toEqual([
      { key: 'errors.ERR_VALIDATION', params: { field: 'email' } },
      { key: 'errors.ERR_NO_RES' },
    ]);
  });
});

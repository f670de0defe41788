import { useMemo } from 'react';
import { toastApi, toastStore, type TranslationKey } from '../../lib/toast-store';

/**
 * Toasts in the back office: the shop's toast stack (the layout shows it). `apiError` shows the
 * translated error code (`errors.<CODE>`); `done` shows an already translated admin text.
 */
export function useAdminToast() {
  return useMemo(() => {
    const api = toastApi(toastStore);
    return {
      apiError: api.apiError,
      /** A success toast for a key of an admin namespace, e.g. `done('admin:common.saved')`. */
      done: (namespacedKey: string, params?: Record<string, string | number>) =>
        api.success(namespacedKey as TranslationKey, params),
      error: (namespacedKey: string, params?: Record<string, string | number>) =>
        api.error(namespacedKey as TranslationKey, params),
    };
  }, []);
}

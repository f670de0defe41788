import { useMemo, useSyncExternalStore } from 'react';
import type { ParseKeys } from 'i18next';
import { errorCodeOf, isAbortError, ApiError } from './api-client';
import { createListeners } from './listeners';

/**
 * Toasts (docs/product.md §8): bottom-left; success 5 s, warning 10 s, error until closed.
 * Messages are translation keys, translated when shown, so they follow a language switch.
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export type TranslationKey = ParseKeys;

export interface ToastMessage {
  key: TranslationKey;
  params?: Record<string, string | number | boolean | null>;
}

export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: ToastMessage;
  /** Milliseconds until it hides by itself; null = until closed. */
  autoHideMs: number | null;
}

export const TOAST_AUTO_HIDE_MS: Record<ToastSeverity, number | null> = {
  success: 5000,
  info: 5000,
  warning: 10_000,
  error: null,
};

/** At most this many toasts at once; the oldest go first. */
export const MAX_TOASTS = 5;

export interface ToastStore {
  subscribe(listener: () => void): () => void;
  getToasts(): readonly Toast[];
  show(severity: ToastSeverity, message: ToastMessage): number;
  dismiss(id: number): void;
  clear(): void;
}

function sameMessage(a: ToastMessage, b: ToastMessage): boolean {
  return a.key === b.key && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const { subscribe, emit } = createListeners();
  return {
    subscribe,
    getToasts: () => toasts,
    show(severity, message) {
      // The same message twice in a row (e.g. a repeated failure) is shown once.
      const existing = toasts.find(
        (toast) => toast.severity === severity && sameMessage(toast.message, message),
      );
      if (existing) return existing.id;
      const toast: Toast = { id: nextId++, severity, message, autoHideMs: TOAST_AUTO_HIDE_MS[severity] };
      toasts = [...toasts, toast].slice(-MAX_TOASTS);
      emit();
      return toast.id;
    },
    dismiss(id) {
      const next = toasts.filter((toast) => toast.id !== id);
      if (next.length === toasts.length) return;
      toasts = next;
      emit();
    },
    clear() {
      if (toasts.length === 0) return;
      toasts = [];
      emit();
    },
  };
}

export const toastStore = createToastStore();

export function useToasts(store: ToastStore = toastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
}

type Params = ToastMessage['params'];

export interface ToastApi {
  success(key: TranslationKey, params?: Params): number;
  info(key: TranslationKey, params?: Params): number;
  warning(key: TranslationKey, params?: Params): number;
  error(key: TranslationKey, params?: Params): number;
  /** An error toast with the translated error code (`errors.<CODE>`); aborts show nothing. */
  apiError(error: unknown): number | null;
}

export function toastApi(store: ToastStore = toastStore): ToastApi {
  const show = (severity: ToastSeverity) => (key: TranslationKey, params?: Params) =>
    store.show(severity, params ? { key, params } : { key });
  return {
    success: show('success'),
    info: show('info'),
    warning: show('warning'),
    error: show('error'),
    apiError(error) {
      if (isAbortError(error)) return null;
      const params = error instanceof ApiError ? error.params : undefined;
      const key: TranslationKey = `errors.${errorCodeOf(error)}`;
      return store.show('error', params && Object.keys(params).length > 0 ? { key, params } : { key });
    },
  };
}

export function useToast(store: ToastStore = toastStore): ToastApi {
  return useMemo(() => toastApi(store), [store]);
}

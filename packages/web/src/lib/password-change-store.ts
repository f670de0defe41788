import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

/**
 * Forced password change (docs/product.md §§2 and 4): set when `/api/auth/me` says so, when a login
 * answer carries the reset flag, or when any call answers ERR_PASSWORD_CHANGE_REQUIRED. While it
 * is set the shell shows the persistent forced-reset dialog; a successful change clears it.
 */
export interface PasswordChangeStore {
  subscribe(listener: () => void): () => void;
  isRequired(): boolean;
  require(): void;
  clear(): void;
}

export function createPasswordChangeStore(): PasswordChangeStore {
  let required = false;
  const { subscribe, emit } = createListeners();
  const set = (value: boolean) => {
    if (required === value) return;
    required = value;
    emit();
  };
  return {
    subscribe,
    isRequired: () => required,
    require: () => set(true),
    clear: () => set(false),
  };
}

export const passwordChangeStore = createPasswordChangeStore();

export function usePasswordChangeRequired(store: PasswordChangeStore = passwordChangeStore): boolean {
  return useSyncExternalStore(store.subscribe, store.isRequired, store.isRequired);
}

import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, subscribeToStored, writeStorage } from './storage';

/** The visitor's cookie choice, kept in localStorage `cookie_consent`; null until they choose. */
export type CookieConsent = 'accepted' | 'declined';

const listeners = new Set<() => void>();

export function getCookieConsent(): CookieConsent | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function setCookieConsent(value: CookieConsent): void {
  writeStorage(STORAGE_KEYS.cookieConsent, value);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  return subscribeToStored(listeners, STORAGE_KEYS.cookieConsent, listener);
}

export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribe, getCookieConsent, () => null);
}

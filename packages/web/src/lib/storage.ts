/**
 * localStorage access that never throws (storage can be disabled, full, or missing in a private
 * window). Keys used by the shop are listed here so they are easy to find.
 */
export const STORAGE_KEYS = {
  language: 'language',
  accessToken: 'access_token',
  sessionExpired: 'session_expired',
  productNewsShown: 'product_news_shown',
  cookieConsent: 'cookie_consent',
  closureNoticeDismissed: 'closure_notice_dismissed',
  /** Whose catalogue is kept offline (features/offline), JSON `{ userId }`; absent: none. */
  offlineCatalogue: 'offline_catalogue',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only for this page view.
  }
}

export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/**
 * Subscribes `listener` to a stored value: it joins `listeners` (called on this page's changes) and
 * is called when another tab changes `key` or clears the storage. The returned function ends both.
 */
export function subscribeToStored(listeners: Set<() => void>, key: string, listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

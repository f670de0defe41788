import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';

/** The device's offline catalogue belongs to this user (localStorage, read by offline-fetch.ts). */
export interface OfflineFlag {
  userId: number;
}

const listeners = new Set<() => void>();

/** Sets (or, null, clears) the flag and tells the shell (useFlagValue), which starts or ends the offline session. */
export function writeFlag(flag: OfflineFlag | null): void {
  if (flag) writeStorage(STORAGE_KEYS.offlineCatalogue, JSON.stringify(flag));
  else removeStorage(STORAGE_KEYS.offlineCatalogue);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: changes written by this page, and by the shop's other tabs. */
export function subscribeFlag(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.offlineCatalogue) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The stored flag as text (a stable snapshot for useSyncExternalStore; parse it with parseFlag). */
export function flagValue(): string | null {
  return readStorage(STORAGE_KEYS.offlineCatalogue);
}

export function readFlag(): OfflineFlag | null {
  return parseFlag(flagValue());
}

export function parseFlag(value: string | null): OfflineFlag | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<OfflineFlag>;
    return typeof parsed.userId === 'number' ? { userId: parsed.userId } : null;
  } catch {
    return null;
  }
}

/** The user id in a shop token (its payload's `userId`), or null. */
export function userIdOfToken(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const id = Number((JSON.parse(json) as { userId?: unknown }).userId);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

import { readStorage, STORAGE_KEYS } from '../../lib/storage';

/** The device's offline catalogue belongs to this user (localStorage, read by offline-fetch.ts). */
export interface OfflineFlag {
  userId: number;
}

export function readFlag(): OfflineFlag | null {
  const value = readStorage(STORAGE_KEYS.offlineCatalogue);
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

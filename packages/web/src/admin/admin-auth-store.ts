import { useSyncExternalStore } from 'react';
import { adminSessionSchema, type AdminSession } from '@shop/shared/contracts/admin-auth';
import type { AdminPermission } from '@shop/shared/rules/admin-permissions';
import { decodeTokenClaims } from '../lib/auth-store';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';

/**
 * The back-office session, kept apart from the shop's: its own storage keys, so signing in to the
 * back office never signs anybody in to the shop (administrators cannot use the shop) and the
 * shop's token is never sent to admin endpoints.
 */
export const ADMIN_STORAGE_KEYS = {
  token: 'admin_access_token',
  session: 'admin_session',
} as const;

export interface AdminAuthState {
  token: string;
  session: AdminSession;
}

export type AdminSignOutReason = 'logout' | 'expired';

export interface AdminAuthStore {
  subscribe(listener: () => void): () => void;
  getState(): AdminAuthState | null;
  /** The token to send, or null when there is none or it has expired. */
  getToken(): string | null;
  signIn(token: string, session: AdminSession): boolean;
  /** Replaces the session (e.g. after GET /api/admin/auth/me). */
  updateSession(session: AdminSession): void;
  signOut(reason?: AdminSignOutReason): void;
  /** Why the last session ended (shown once on the login screen), then forgotten. */
  takeSignOutReason(): AdminSignOutReason | null;
  can(permission: AdminPermission): boolean;
}

function readStoredState(now: () => number): AdminAuthState | null {
  const token = readStorage(ADMIN_STORAGE_KEYS.token);
  const raw = readStorage(ADMIN_STORAGE_KEYS.session);
  if (!token || !raw) return null;
  const claims = decodeTokenClaims(token);
  if (!claims || claims.exp * 1000 <= now()) return null;
  try {
    const parsed = adminSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { token, session: parsed.data } : null;
  } catch {
    return null;
  }
}

export function createAdminAuthStore(now: () => number = () => Date.now()): AdminAuthStore {
  let state: AdminAuthState | null | undefined;
  let lastReason: AdminSignOutReason | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const current = (): AdminAuthState | null => {
    if (state === undefined) state = readStoredState(now);
    return state;
  };
  const store: AdminAuthStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: current,
    getToken() {
      const value = current();
      if (!value) return null;
      const claims = decodeTokenClaims(value.token);
      if (!claims || claims.exp * 1000 <= now()) {
        store.signOut('expired');
        return null;
      }
      return value.token;
    },
    signIn(token, session) {
      const claims = decodeTokenClaims(token);
      if (!claims || claims.exp * 1000 <= now()) return false;
      writeStorage(ADMIN_STORAGE_KEYS.token, token);
      writeStorage(ADMIN_STORAGE_KEYS.session, JSON.stringify(session));
      state = { token, session };
      lastReason = null;
      emit();
      return true;
    },
    updateSession(session) {
      const value = current();
      if (!value || JSON.stringify(value.session) === JSON.stringify(session)) return;
      writeStorage(ADMIN_STORAGE_KEYS.session, JSON.stringify(session));
      state = { token: value.token, session };
      emit();
    },
    signOut(reason = 'logout') {
      removeStorage(ADMIN_STORAGE_KEYS.token);
      removeStorage(ADMIN_STORAGE_KEYS.session);
      const had = current() !== null;
      state = null;
      lastReason = reason;
      if (had) emit();
    },
    takeSignOutReason() {
      const reason = lastReason;
      lastReason = null;
      return reason;
    },
    can(permission) {
      return current()?.session.permissions.includes(permission) ?? false;
    },
  };
  return store;
}

export const adminAuthStore = createAdminAuthStore();

export function useAdminAuth(store: AdminAuthStore = adminAuthStore): AdminAuthState | null {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

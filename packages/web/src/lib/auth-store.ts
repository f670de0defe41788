import { SSR_AUTH_COOKIE, SSR_AUTH_COOKIE_PATH } from '@shop/shared/ssr/ssr-contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CompanyRole } from '@shop/shared/contracts/company';
import { readStorage, removeStorage, STORAGE_KEYS, subscribeToStored, writeStorage } from './storage';

/**
 * Authentication state (docs/product.md §4): with a stored access token the visitor is authenticated.
 * The token's claims are read without verifying it (the server verifies every call). An expired
 * token is removed, a `session_expired` flag is stored and the page reloads; after the reload the
 * shell shows the session-expired toast. Logout removes the token and the product-news flag.
 * The session cookie (decision 0017) follows the stored token, so the server can render the
 * personal pages (cart, checkout) for the same account.
 */

/** Login token claims (docs/product.md §3). */
export interface TokenClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
  isAgent: boolean;
  /** Customer id (null for an agent without a selected customer). */
  id: number | string | null;
  userId: number | string;
  /** The login's role in its company (issue 15); null for agents and older tokens. */
  companyRole: CompanyRole | null;
}

export interface AuthState {
  token: string;
  claims: TokenClaims;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const COMPANY_ROLE_NAMES: readonly string[] = ['owner', 'approver', 'buyer', 'requester'];
function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && COMPANY_ROLE_NAMES.includes(value);
}

function isId(value: unknown): value is number | string {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '');
}

/** The claims of a JWT, or null when it is not a readable token with exp and userId. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.exp !== 'number' || !Number.isFinite(record.exp) || !isId(record.userId)) return null;
  return {
    exp: record.exp,
    isAgent: record.isAgent === true,
    id: isId(record.id) ? record.id : null,
    userId: record.userId,
    companyRole: isCompanyRole(record.companyRole) ? record.companyRole : null,
  };
}

export interface AuthStoreOptions {
  now?: () => number;
  /** Reloads the page after the session expired (default `location.reload()`). */
  reload?: () => void;
}

export interface AuthStore {
  subscribe(listener: () => void): () => void;
  /** The current state; the same object while the token does not change. */
  getState(): AuthState | null;
  /** The token to send, or null; an expired token ends the session first. */
  getToken(): string | null;
  /** Stores a token from a login answer; false when it is unreadable or already expired. */
  login(token: string): boolean;
  /** Removes the token and the product-news flag. */
  logout(): void;
  /** Ends the session: removes the token, stores the session-expired flag, reloads when asked. */
  expireSession(options?: { reload?: boolean }): void;
  /**
   * Start-up check: an unreadable token is dropped; an expired one ends the session without a
   * reload (the page is loading anyway). Starts the timer that ends the session at expiry.
   */
  init(): void;
  /** Ends the session (with reload) when the token has expired; true when it did. */
  checkExpiry(): boolean;
  /** True once after a session expired (the flag is removed). */
  consumeSessionExpired(): boolean;
}

/**
 * Sets the session cookie to the token (until the token expires), or removes it. It goes only with
 * requests for the personal pages (`SSR_AUTH_COOKIE_PATH`). SameSite=Lax: it goes with the
 * visitor's own navigations to the shop, never with another site's requests inside it. Not
 * HttpOnly: the same token is in localStorage already, and the app must keep both equal.
 */
export function writeSessionCookie(token: string | null, expiresAt?: number, now = Date.now()): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge =
    token && expiresAt !== undefined ? Math.max(0, Math.floor((expiresAt * 1000 - now) / 1000)) : 0;
  document.cookie =
    token && maxAge > 0
      ? `${SSR_AUTH_COOKIE}=${encodeURIComponent(token)}; Path=${SSR_AUTH_COOKIE_PATH}; Max-Age=${maxAge}; SameSite=Lax${secure}`
      : `${SSR_AUTH_COOKIE}=; Path=${SSR_AUTH_COOKIE_PATH}; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * The session as server-rendered pages name it (`data-ssr-user`): "userId/customerId", or "" for
 * none. The check script of ssr-pages.ts computes the same from the stored token.
 */
export function sessionKey(state: AuthState | null): string {
  if (!state || state.claims.exp * 1000 <= Date.now()) return '';
  return `${state.claims.userId}/${state.claims.id ?? ''}`;
}

/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2_147_483_647;

export function createAuthStore(options: AuthStoreOptions = {}): AuthStore {
  const now = options.now ?? (() => Date.now());
  const reload = options.reload ?? (() => window.location.reload());
  const listeners = new Set<() => void>();
  let cachedToken: string | null = null;
  let cachedState: AuthState | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function notify() {
    for (const listener of listeners) listener();
  }

  function getState(): AuthState | null {
    const token = readStorage(STORAGE_KEYS.accessToken);
    if (token === cachedToken) return cachedState;
    cachedToken = token;
    const claims = token ? decodeTokenClaims(token) : null;
    cachedState = token && claims ? { token, claims } : null;
    return cachedState;
  }

  function isExpired(claims: TokenClaims): boolean {
    return claims.exp * 1000 <= now();
  }

  function scheduleExpiry() {
    clearTimeout(expiryTimer);
    const state = getState();
    if (!state) return;
    const delay = Math.min(Math.max(state.claims.exp * 1000 - now(), 0), MAX_TIMER_MS);
    expiryTimer = setTimeout(() => {
      if (!store.checkExpiry()) scheduleExpiry();
    }, delay);
  }

  const store: AuthStore = {
    subscribe: (listener) => subscribeToStored(listeners, STORAGE_KEYS.accessToken, listener),
    getState,
    getToken() {
      const state = getState();
      if (!state) return null;
      if (isExpired(state.claims)) {
        store.expireSession({ reload: true });
        return null;
      }
      return state.token;
    },
    login(token) {
      const claims = decodeTokenClaims(token);
      if (!claims || isExpired(claims)) return false;
      writeStorage(STORAGE_KEYS.accessToken, token);
      writeSessionCookie(token, claims.exp, now());
      removeStorage(STORAGE_KEYS.sessionExpired);
      scheduleExpiry();
      notify();
      return true;
    },
    logout() {
      clearTimeout(expiryTimer);
      removeStorage(STORAGE_KEYS.accessToken);
      writeSessionCookie(null);
      removeStorage(STORAGE_KEYS.productNewsShown);
      notify();
    },
    expireSession({ reload: shouldReload = false } = {}) {
      clearTimeout(expiryTimer);
      removeStorage(STORAGE_KEYS.accessToken);
      writeSessionCookie(null);
      removeStorage(STORAGE_KEYS.productNewsShown);
      writeStorage(STORAGE_KEYS.sessionExpired, '1');
      notify();
      if (shouldReload) reload();
    },
    init() {
      const token = readStorage(STORAGE_KEYS.accessToken);
      if (token === null) {
        // Logged out in a way that may have left the cookie (storage cleared by hand): it goes too.
        writeSessionCookie(null);
        return;
      }
      const state = getState();
      if (!state) {
        removeStorage(STORAGE_KEYS.accessToken);
        writeSessionCookie(null);
        notify();
        return;
      }
      if (isExpired(state.claims)) {
        store.expireSession({ reload: false });
        return;
      }
      // A session from before the cookie existed, or a cookie lost: the next page load has it. (A
      // page outside the cookie's path cannot read it, so it is simply written again.)
      writeSessionCookie(token, state.claims.exp, now());
      scheduleExpiry();
    },
    checkExpiry() {
      const state = getState();
      if (!state || !isExpired(state.claims)) return false;
      store.expireSession({ reload: true });
      return true;
    },
    consumeSessionExpired() {
      const flagged = readStorage(STORAGE_KEYS.sessionExpired) !== null;
      if (flagged) removeStorage(STORAGE_KEYS.sessionExpired);
      return flagged;
    },
  };
  return store;
}

/** The shop's auth store. */
export const authStore = createAuthStore();

/**
 * A fixed session for one server render of a personal page (decision 0017): the token the server
 * checked. Nothing changes it; its actions are never called on the server (events do not run).
 */
export function createFixedAuthStore(token: string | null): AuthStore {
  const claims = token ? decodeTokenClaims(token) : null;
  const state: AuthState | null = token && claims ? { token, claims } : null;
  const unused = () => {
    throw new Error('a server render cannot change the session');
  };
  return {
    subscribe: () => () => undefined,
    getState: () => state,
    getToken: () => state?.token ?? null,
    login: unused,
    logout: unused,
    expireSession: unused,
    init: () => undefined,
    checkExpiry: () => false,
    consumeSessionExpired: () => false,
  };
}

/** The session components render for: the browser's store, or a server render's fixed one. */
export const AuthStoreContext = createContext<AuthStore>(authStore);

/**
 * The session, or null. Hydration reads it too (the server snapshot): a server-rendered page is
 * kept only when the stored session is the one it was rendered for (ssr-pages.ts check script),
 * so the browser's own state is what the server rendered with.
 */
export function useAuth(store?: AuthStore): AuthState | null {
  const context = useContext(AuthStoreContext);
  const active = store ?? context;
  return useSyncExternalStore(active.subscribe, active.getState, active.getState);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SSR_AUTH_COOKIE } from '@shop/shared/ssr/ssr-contract';
import { fakeToken } from '../test/tokens';
import { createAuthStore, createFixedAuthStore, decodeTokenClaims, writeSessionCookie } from './auth-store';

/**
 * The session cookie's token, or null (the app itself never reads document.cookie: Chrome reports
 * reading it as a performance issue, and a page sees the cookie only below its path).
 */
function readSessionCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SSR_AUTH_COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

const NOW = Date.parse('2026-11-21T10:00:00Z');
const nowSeconds = NOW / 1000;

describe('decodeTokenClaims', () => {
  it('reads exp, isAgent, id and userId without verifying', () => {
    const token = fakeToken({
      exp: nowSeconds + 60,
      isAgent: true,
      id: null,
      userId: 'u-1',
      name: 'Kovács Árpád',
    });
    expect(decodeTokenClaims(token)).toEqual({
      exp: nowSeconds + 60,
      isAgent: true,
      id: null,
      userId: 'u-1',
      companyRole: null,
    });
  });

  it('reads the company role of a customer login (issue 15)', () => {
    const token = fakeToken({ exp: nowSeconds + 60, isAgent: false, id: 3, userId: 9, companyRole: 'buyer' });
    expect(decodeTokenClaims(token)?.companyRole).toBe('buyer');
    const unknown = fakeToken({
      exp: nowSeconds + 60,
      isAgent: false,
      id: 3,
      userId: 9,
      companyRole: 'boss',
    });
    expect(decodeTokenClaims(unknown)?.companyRole).toBeNull();
  });

  it('rejects what is not a readable token', () => {
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.c')).toBeNull();
    expect(decodeTokenClaims(fakeToken({ userId: 1 }))).toBeNull();
    expect(decodeTokenClaims(fakeToken({ exp: nowSeconds }))).toBeNull();
  });
});

describe('auth store', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let now: number;

  beforeEach(() => {
    reload = vi.fn<() => void>();
    now = NOW;
  });
  afterEach(() => vi.useRealTimers());

  const store = () => createAuthStore({ now: () => now, reload });
  const token = (secondsLeft: number) =>
    fakeToken({ exp: nowSeconds + secondsLeft, isAgent: false, id: 3, userId: 9 });

  it('is anonymous without a token and authenticated with one', () => {
    const auth = store();
    expect(auth.getState()).toBeNull();
    const listener = vi.fn();
    auth.subscribe(listener);
    expect(auth.login(token(600))).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBe(token(600));
    expect(auth.getState()?.claims).toEqual({
      exp: nowSeconds + 600,
      isAgent: false,
      id: 3,
      userId: 9,
      companyRole: null,
    });
    // The same snapshot object while the token does not change (useSyncExternalStore needs it).
    expect(auth.getState()).toBe(auth.getState());
    expect(auth.getToken()).toBe(token(600));
  });

  it('refuses an unreadable or already expired token at login', () => {
    const auth = store();
    expect(auth.login('garbage')).toBe(false);
    expect(auth.login(token(-1))).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logout removes the token and the product-news flag', () => {
    const auth = store();
    auth.login(token(600));
    localStorage.setItem('product_news_shown', '1');
    auth.logout();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('product_news_shown')).toBeNull();
    expect(auth.getState()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('at start-up removes an expired token and flags the session as expired, without reloading', () => {
    localStorage.setItem('access_token', token(-10));
    const auth = store();
    auth.init();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(auth.consumeSessionExpired()).toBe(true);
    expect(auth.consumeSessionExpired()).toBe(false);
  });

  it('at start-up drops an unreadable token silently', () => {
    localStorage.setItem('access_token', 'garbage');
    const auth = store();
    auth.init();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(auth.consumeSessionExpired()).toBe(false);
  });

  it('an expired token is removed and the page reloads with the session-expired flag', () => {
    const auth = store();
    auth.login(token(60));
    now += 61_000;
    expect(auth.getToken()).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('session_expired')).toBe('1');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checkExpiry does nothing while the token is valid', () => {
    const auth = store();
    auth.login(token(60));
    expect(auth.checkExpiry()).toBe(false);
    now += 60_000;
    expect(auth.checkExpiry()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the token expires while the page is open', () => {
    vi.useFakeTimers({ now: NOW });
    const auth = createAuthStore({ now: () => Date.now(), reload });
    auth.login(token(120));
    vi.advanceTimersByTime(119_000);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('follows a logout in another tab (storage event)', () => {
    const auth = store();
    auth.login(token(600));
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    localStorage.removeItem('access_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(auth.getState()).toBeNull();
    unsubscribe();
  });

  describe('the session cookie (decision 0017)', () => {
    // The cookie is visible on the cart pages only (its path).
    beforeEach(() => {
      window.history.replaceState(null, '', '/cart');
      writeSessionCookie(null);
    });
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('goes with the cart pages only', () => {
      store().login(token(600));
      expect(readSessionCookie()).not.toBeNull();
      window.history.replaceState(null, '', '/profile');
      expect(readSessionCookie()).toBeNull();
      window.history.replaceState(null, '', '/cart/receipt-and-payment');
      expect(readSessionCookie()).not.toBeNull();
    });

    it('follows the stored token: login sets it, logout and an expired session remove it', () => {
      const auth = store();
      const first = token(600);
      auth.login(first);
      expect(readSessionCookie()).toBe(first);
      auth.logout();
      expect(readSessionCookie()).toBeNull();
      auth.login(first);
      auth.expireSession();
      expect(readSessionCookie()).toBeNull();
    });

    it('at start-up is set for a session that has none and removed without a session', () => {
      const stored = token(600);
      localStorage.setItem('access_token', stored);
      store().init();
      expect(readSessionCookie()).toBe(stored);
      localStorage.removeItem('access_token');
      store().init();
      expect(readSessionCookie()).toBeNull();
      // An unreadable or expired stored token leaves no cookie either.
      writeSessionCookie(stored, nowSeconds + 600, now);
      localStorage.setItem('access_token', 'garbage');
      store().init();
      expect(readSessionCookie()).toBeNull();
      writeSessionCookie(stored, nowSeconds + 600, now);
      localStorage.setItem('access_token', token(-5));
      store().init();
      expect(readSessionCookie()).toBeNull();
    });

    it('is not written for a token that has already expired', () => {
      writeSessionCookie(token(-5), nowSeconds - 5, now);
      expect(readSessionCookie()).toBeNull();
    });
  });
});

describe('the fixed session of a server render', () => {
  it('holds the checked token and cannot be changed', () => {
    const token = fakeToken({ exp: nowSeconds + 60, isAgent: false, id: 3, userId: 9 });
    const fixed = createFixedAuthStore(token);
    expect(fixed.getState()?.claims.userId).toBe(9);
    expect(fixed.getToken()).toBe(token);
    expect(() => fixed.logout()).toThrow();
    expect(createFixedAuthStore(null).getState()).toBeNull();
    expect(createFixedAuthStore('garbage').getState()).toBeNull();
  });
});

import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/**
 * When the news pop-up and the product-news dialog show (docs/product.md §§2 and 9):
 * - the pop-up at most once per 24 hours: localStorage `news_last_shown` holds the time of the last
 *   showing (milliseconds since the epoch);
 * - the product-news dialog once per login session: localStorage `product_news_shown` holds the id
 *   of the user it was shown to; logout and an expired session remove it (lib/auth-store.ts).
 * The clock is a parameter so tests can move it.
 */
export const NEWS_LAST_SHOWN_KEY = 'news_last_shown';
export const NEWS_POPUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** True when the pop-up may show now: never shown, 24 hours passed, or an unreadable or future stamp. */
export function isNewsPopupDue(lastShown: string | null, nowMs: number): boolean {
  if (lastShown === null) return true;
  const at = Number(lastShown);
  if (!Number.isFinite(at) || at > nowMs) return true;
  return nowMs - at >= NEWS_POPUP_INTERVAL_MS;
}

export function newsPopupDueNow(nowMs: number): boolean {
  return isNewsPopupDue(readStorage(NEWS_LAST_SHOWN_KEY), nowMs);
}

export function markNewsPopupShown(nowMs: number): void {
  writeStorage(NEWS_LAST_SHOWN_KEY, String(Math.floor(nowMs)));
}

/** True when the product-news dialog was already shown in this login session of the user. */
export function isProductNewsShown(flag: string | null, userId: number | string): boolean {
  return flag !== null && flag === String(userId);
}

export function productNewsShownFor(userId: number | string): boolean {
  return isProductNewsShown(readStorage(STORAGE_KEYS.productNewsShown), userId);
}

export function markProductNewsShown(userId: number | string): void {
  writeStorage(STORAGE_KEYS.productNewsShown, String(userId));
}

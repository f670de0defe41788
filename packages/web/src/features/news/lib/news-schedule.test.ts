import { afterEach, describe, expect, it } from 'vitest';
import {
  isNewsPopupDue,
  isProductNewsShown,
  markNewsPopupShown,
  markProductNewsShown,
  NEWS_LAST_SHOWN_KEY,
  NEWS_POPUP_INTERVAL_MS,
  newsPopupDueNow,
  productNewsShownFor,
} from './news-schedule';

const T0 = Date.parse('2026-03-15T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;

describe('the news pop-up’s 24-hour rule', () => {
  afterEach(() => localStorage.clear());

  it('is due when it was never shown', () => {
    expect(isNewsPopupDue(null, T0)).toBe(true);
  });

  it('is not due again until 24 hours passed', () => {
    const shown = String(T0);
    expect(isNewsPopupDue(shown, T0)).toBe(false);
    expect(isNewsPopupDue(shown, T0 + 23 * HOUR)).toBe(false);
    expect(isNewsPopupDue(shown, T0 + NEWS_POPUP_INTERVAL_MS - 1)).toBe(false);
    expect(isNewsPopupDue(shown, T0 + NEWS_POPUP_INTERVAL_MS)).toBe(true);
    expect(isNewsPopupDue(shown, T0 + 100 * HOUR)).toBe(true);
  });

  it('treats an unreadable or future stamp as never shown', () => {
    expect(isNewsPopupDue('yesterday', T0)).toBe(true);
    expect(isNewsPopupDue(String(T0 + HOUR), T0)).toBe(true);
  });

  it('keeps the last showing in localStorage news_last_shown', () => {
    expect(newsPopupDueNow(T0)).toBe(true);
    markNewsPopupShown(T0);
    expect(localStorage.getItem(NEWS_LAST_SHOWN_KEY)).toBe(String(T0));
    expect(newsPopupDueNow(T0 + 12 * HOUR)).toBe(false);
    expect(newsPopupDueNow(T0 + 24 * HOUR)).toBe(true);
  });
});

describe('the product-news once-per-login-session rule', () => {
  afterEach(() => localStorage.clear());

  it('is shown once per user until the flag is removed (logout)', () => {
    expect(isProductNewsShown(null, 42)).toBe(false);
    expect(productNewsShownFor(42)).toBe(false);
    markProductNewsShown(42);
    expect(localStorage.getItem('product_news_shown')).toBe('42');
    expect(productNewsShownFor(42)).toBe(true);
    expect(productNewsShownFor('42')).toBe(true);
    // Another user logging in on the same browser sees it too.
    expect(productNewsShownFor(7)).toBe(false);
    localStorage.removeItem('product_news_shown');
    expect(productNewsShownFor(42)).toBe(false);
  });
});

import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { withoutOverlays } from './accounts';
import { shopToken } from './orders';

/**
 * Waits for the page's service worker to be ready, reloads the page and waits (at most 20 s) until
 * that worker controls it: from then on the page is served from the worker's cache.
 */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
}

/**
 * The start of an offline journey: five minutes at most, the screenshot folder `shots`, no overlays,
 * and the API token of `account` (the demo customer by default) with its authorization header.
 */
export async function startOfflineJourney(
  page: Page,
  request: APIRequestContext,
  shots: string,
  account?: { login: string; password: string },
): Promise<{ token: string; auth: { authorization: string } }> {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  await withoutOverlays(page);
  const token = await shopToken(request, account);
  return { token, auth: { authorization: `Bearer ${token}` } };
}

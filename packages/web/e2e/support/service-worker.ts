import { expect, type Page } from '@playwright/test';

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

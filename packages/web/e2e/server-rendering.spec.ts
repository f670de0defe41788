import { expect, test, type Page } from '@playwright/test';
import { logIn, expectLoggedIn, withoutOverlays } from './support/accounts';
import { expectVisibleFocus, tabTo } from './support/keyboard';

/**
 * Issue 8 / decision 0016: the public catalogue pages come rendered in the HTML. A visitor sees the
 * listing before any JavaScript runs; the app then hydrates that markup (no error, no layout shift,
 * the page works); a logged-in customer, another language or a screen on the other side of 1280 px
 * never sees the anonymous markup: the check script hides it and the app renders the page anew.
 */

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/140.0.0.0 Mobile Safari/537.36';
const PHONE = { width: 412, height: 823 };

/** Console errors and warnings (a hydration mismatch is reported there), and uncaught errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // withoutOverlays answers the news with a 404, which the browser reports.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const holder = window as unknown as { __cls: number };
    holder.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) holder.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('without JavaScript the home listing and the categories are in the page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('article[data-sku]').count()).toBeGreaterThanOrEqual(4);
  await expect(page.locator('aside').getByRole('link').first()).toBeVisible();
  // Anonymous: no prices in the page.
  await expect(page.locator('article [data-testid="price"]')).toHaveCount(0);
  await context.close();
});

test('a phone hydrates the rendered page without an error or a layout shift, and it works', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent: PHONE_UA });
  const page = await context.newPage();
  await withoutOverlays(page);
  await recordLayoutShifts(page);
  const problems = collectProblems(page);
  await page.goto('/category/kave-tea');
  const markup = page.locator('#root > [data-ssr]');
  await expect(markup).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-off'))).toBe(false);
  // Hydrated: the listing grows to the whole page in the browser, inside the server's markup.
  await expect(markup.locator('article[data-sku]')).toHaveCount(29, { timeout: 15_000 });
  // The manufacturer filter answers: the markup now has its events.
  const group = page.getByRole('group', { name: 'Gyártók' });
  await group.getByRole('button', { name: 'Teaház' }).click();
  await expect(page).toHaveURL(/manufacturers=/);
  await expect(page.locator('article[data-sku]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
  expect(problems).toEqual([]);
  await context.close();
});

test('a logged-in customer gets the page rendered for them, never the anonymous one', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await withoutOverlays(page);
  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);
  const problems = collectProblems(page);
  // What the first paint shows: the markup is there but hidden by the check script.
  await page.route('**/assets/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-off'))).toBe(true);
  // The app replaces it with the customer's own listing: prices, and the quantity fields.
  await expect(page.locator('#root > [data-ssr]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('article [data-testid="price"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test('a wide-screen browser at phone width gets the page for its width', async ({ browser, baseURL }) => {
  // The server guesses a wide screen from the desktop User-Agent; the window is 390 px.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await withoutOverlays(page);
  await recordLayoutShifts(page);
  const problems = collectProblems(page);
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-off'))).toBe(true);
  await expect(page.locator('article[data-sku]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kategóriák' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
  await context.close();
});

test('before the app has loaded, keyboard focus on the rendered header is visible', async ({ page }) => {
  // The app's scripts never arrive: the visitor works with the server's markup and its CSS alone.
  await withoutOverlays(page);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.locator('article[data-sku]').first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', /.*/);
  // Every stop up to the search field shows its focus, the field its thick border.
  await tabTo(page, page.getByRole('searchbox').first());
  const field = await expectVisibleFocus(page);
  expect(field.indicator).toMatch(/^field border 2px/);
});

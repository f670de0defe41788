import { expect, test, type Browser, type Page } from '@playwright/test';
import { logIn, expectLoggedIn, storedToken, withoutOverlays } from './support/accounts';
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
    // The journeys block service workers (playwright.config.ts); Playwright says so when the shop
    // registers its worker after the load. That is the test set-up, not a problem of the page.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const holder = window as unknown as { __cls: number; __shifts: string[] };
    holder.__cls = 0;
    holder.__shifts = [];
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Source[];
      })[]) {
        if (entry.hadRecentInput) continue;
        holder.__cls += entry.value;
        // What moved, so that a failure names it (tag, classes, text, rectangles before and after).
        for (const source of entry.sources ?? []) {
          const node = source.node as HTMLElement | undefined;
          const name = node
            ? `${node.nodeName}.${String(node.className)} "${(node.textContent ?? '').slice(0, 60)}"`
            : '?';
          const rect = (r: DOMRectReadOnly) => `${Math.round(r.y)}+${Math.round(r.height)}`;
          holder.__shifts.push(
            `${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)} ${name} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A desktop browser in which the demo customer has logged in through the login dialog. */
async function loggedInCustomer(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await withoutOverlays(page);
  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);
  return { context, page };
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
  // A phone registers the shop's service worker (issue 19) while it hydrates: allowed here, as on a
  // real phone (the other journeys block it, playwright.config.ts).
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    userAgent: PHONE_UA,
    serviceWorkers: 'allow',
  });
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
  const shifts = await page.evaluate(() => {
    const holder = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: holder.__cls, sources: holder.__shifts };
  });
  expect(shifts.cls, shifts.sources.join('\n')).toBeLessThan(0.01);
  expect(problems).toEqual([]);
  await context.close();
});

test('a logged-in customer gets the page rendered for them, never the anonymous one', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await loggedInCustomer(browser, baseURL);
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

test('a logged-in customer gets the cart and the checkout rendered for them, and they work at once', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await loggedInCustomer(browser, baseURL);
  // Logging in set the session cookie that the server renders the personal pages for.
  const token = await storedToken(page);
  // It goes with the cart pages' requests only, not with API calls or pictures.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'shop_session');
  expect(session?.value).toBe(encodeURIComponent(token ?? ''));
  expect(session?.path).toBe('/cart');
  const auth = { authorization: `Bearer ${token ?? ''}` };
  const listing = (await (
    await page.request.get('/api/products/all?productsPerPage=50', { headers: auth })
  ).json()) as { products: { sku: string; isOrderable: boolean; stock: number; prices: unknown[] }[] };
  const product = listing.products.find((item) => item.isOrderable && item.stock > 100 && item.prices.length);
  await page.request.delete('/api/cart/delete', { headers: auth });
  await page.request.post('/api/cart/set-product-quantity', {
    headers: auth,
    data: { productSku: product?.sku, quantity: 1 },
  });
  try {
    await recordLayoutShifts(page);
    const problems = collectProblems(page);
    // The app's scripts come late: the first paint is the server's page.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/cart');
    const markup = page.locator('#root > [data-ssr]');
    await expect(markup).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-off'))).toBe(false);
    await expect(markup.getByText(product?.sku ?? '-').first()).toBeVisible();
    await expect(markup.getByTestId('cart-summary')).toBeVisible();
    // Its text fields take no typing yet: the app would drop what was typed.
    const quickOrder = markup.getByRole('textbox', { name: 'Rendelési sorok' });
    await expect(quickOrder).toHaveAttribute('readonly', '');
    // The app takes the same markup over (hydrated, not replaced) and the page works.
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '', { timeout: 15_000 });
    await expect(markup).toHaveCount(1);
    await expect(quickOrder).not.toHaveAttribute('readonly');
    await expect(quickOrder).toBeEditable();
    await page.screenshot({ path: 'test-results/screenshots/ssr-cart-desktop.png' });
    await markup.getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' }).click();
    await expect(page).toHaveURL(/\/cart\/receipt-and-payment$/);
    await expect(page.getByRole('radiogroup', { name: 'Szállítási mód' })).toBeVisible();
    // The checkout itself comes rendered too.
    await page.reload();
    await expect(
      page.locator('#root > [data-ssr]').getByRole('radiogroup', { name: 'Fizetési mód' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '', { timeout: 15_000 });
    await page.getByRole('radio', { name: 'Kiszállítás' }).check();
    await expect(page.getByRole('radio', { name: 'Kiszállítás' })).toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
    expect(problems).toEqual([]);

    // Storage lost its session (cleared by hand) while the cookie stayed: the markup rendered for
    // the cookie's account is hidden, the app shows the page of a visitor without a session and
    // removes the cookie.
    await page.evaluate(() => localStorage.removeItem('access_token'));
    await page.goto('/cart');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-off'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Bejelentkezés' }).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(product?.sku ?? '-')).toHaveCount(0);
    expect((await context.cookies()).some((cookie) => cookie.name === 'shop_session')).toBe(false);
  } finally {
    await page.request.delete('/api/cart/delete', { headers: auth });
    await context.close();
  }
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillCartByApi, shopToken } from './support/orders';
import { settleFiniteAnimations } from './support/screens';

/**
 * Accessibility (issue 8): axe-core finds no serious or critical violation on any shop page:
 * home, category, search, product dialog, news pop-up, login, registration, forgot password,
 * content page, newspapers (special offer), downloads, not found, and logged in: cart, checkout,
 * order history, profile.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  await settleFiniteAnimations(page);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${page.url()} ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function storage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

const quiet = { cookie_consent: 'accepted', news_last_shown: String(Date.now()) };

const guestPages: [string, (page: Page) => Promise<void>][] = [
  ['/', (p) => expect(p.getByRole('article').first()).toBeVisible({ timeout: 30_000 })],
  ['/category/kave-tea', (p) => expect(p.getByRole('article').first()).toBeVisible({ timeout: 30_000 })],
  [
    '/search?q=k%C3%A1v%C3%A9',
    (p) => expect(p.getByRole('heading', { level: 1 })).toContainText('kávé', { timeout: 30_000 }),
  ],
  ['/login', (p) => expect(p.getByRole('dialog')).toBeVisible({ timeout: 30_000 })],
  ['/registration', (p) => expect(p.getByRole('dialog')).toBeVisible({ timeout: 30_000 })],
  ['/forgot-password', (p) => expect(p.getByRole('dialog')).toBeVisible({ timeout: 30_000 })],
  [
    '/legal-information',
    (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
  ],
  ['/special-offer', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })],
  ['/downloads', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })],
  [
    '/no-such-page',
    (p) => expect(p.getByRole('heading', { level: 1, name: 'Az oldal nem található' })).toBeVisible(),
  ],
];

for (const [path, ready] of guestPages) {
  test(`guest page ${path} has no serious or critical axe violation`, async ({ page }) => {
    await storage(page, quiet);
    await page.goto(path);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the news pop-up of a first visit has no serious or critical axe violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the product dialog has no serious or critical axe violation', async ({ page }) => {
  await storage(page, quiet);
  await page.goto('/');
  await page.getByRole('article').first().getByRole('heading').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('logged-in pages have no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await shopToken(page.request);
  // A line in the cart, so that the cart and the checkout show their lines and totals.
  await fillCartByApi(page.request, token);
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    userId?: unknown;
  };
  await storage(page, { ...quiet, access_token: token, product_news_shown: String(sub.userId ?? '') });

  const found: string[] = [];
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/cart', (p) => expect(p.getByRole('article').first()).toBeVisible({ timeout: 30_000 })],
    [
      '/cart/receipt-and-payment',
      (p) => expect(p.getByRole('button', { name: 'Rendelés leadása' }).first()).toBeVisible(),
    ],
    [
      '/profile/order-history',
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
    ],
    ['/profile', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })],
    [
      '/profile/change-password',
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 }),
    ],
  ];
  try {
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      found.push(...(await seriousViolations(page)));
    }
  } finally {
    // The journeys share one demo database: leave the customer's cart empty, as we found it.
    const emptied = await page.request.delete('/api/cart/delete', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(emptied.ok()).toBe(true);
  }
  expect(found).toEqual([]);
});

test('the loading bar shown while a request runs is inside a landmark', async ({ page }) => {
  await storage(page, quiet);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  // Hold every API answer from now on, so the shell's busy bar stays while axe looks at the page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/**', async (route) => {
    await held;
    await route.continue();
  });
  const search = page.getByRole('searchbox', { name: 'Keresés a termékek között' });
  await search.fill('kávé');
  await search.press('Enter');
  await expect(page.getByRole('progressbar', { name: 'Betöltés…', exact: true })).toHaveCount(1);
  const result = await new AxeBuilder({ page }).withRules(['region']).analyze();
  const inMain = await page
    .getByRole('main')
    .getByRole('progressbar', { name: 'Betöltés…', exact: true })
    .count();
  release();
  expect(result.violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual(
    [],
  );
  expect(inMain).toBe(1);
});

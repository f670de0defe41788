import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, screenshots, withoutOverlays, withoutOverlaysEach } from './support/accounts';
import { adminLogIn } from './support/admin';
import { shopToken } from './support/orders';

test.beforeEach(withoutOverlaysEach);

/**
 * Issue 7: staff import a CSV that changes a price in the back office (dry run first, then the
 * all-or-nothing import); the demo customer sees the new price in the shop at once.
 */
test('a CSV import changes a price that the customer sees in the shop', async ({
  page,
  browser,
}, testInfo) => {
  // What the demo customer pays for NK10001 now, as the shop's API answers it.
  const customerToken = await shopToken(page.request);
  const priceNow = async () => {
    const answer = await page.request.get(
      '/api/products/search?searchType=product-by-sku&searchSku=NK10001',
      {
        headers: { authorization: `Bearer ${customerToken}` },
      },
    );
    expect(answer.ok()).toBe(true);
    const { products } = (await answer.json()) as {
      products: { sku: string; currentPrice: number | null }[];
    };
    expect(products.map((product) => product.sku)).toEqual(['NK10001']);
    return products[0]!.currentPrice;
  };
  const before = await priceNow();

  const admin = await (await browser.newContext()).newPage();
  await withoutOverlays(admin);
  await adminLogIn(admin);

  // Products: search by SKU.
  await admin.goto('/admin/products?q=NK10001');
  await expect(admin.getByRole('heading', { level: 1, name: 'Termékek' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /NK10001/ })).toBeVisible();
  // The pager's count (docs/decisions/0021): under 10,000 matches it is exact, with no "+".
  await expect(admin.getByText('1–1 / 1', { exact: true })).toBeVisible();
  await screenshots(admin, 'admin-products');
  await admin.getByRole('button', { name: 'NK10001 szerkesztése' }).click();
  await expect(admin.getByRole('dialog', { name: 'Termék szerkesztése: NK10001' })).toBeVisible();
  await screenshots(admin, 'admin-product-edit');
  await admin.getByRole('button', { name: 'Mégse' }).click();
  // The whole list: the demo's few hundred products, counted exactly, the next page on.
  await admin.goto('/admin/products');
  await expect(admin.getByText(/^1–25 \/ \d+$/)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Következő oldal' })).toBeEnabled();

  // A bad file first: the dry run lists the row and writes nothing.
  const bad = testInfo.outputPath('bad.csv');
  writeFileSync(bad, 'sku,price\nNK10001,abc\n');
  await admin.goto('/admin/import');
  await expect(admin.getByRole('heading', { level: 1, name: 'Termékimport' })).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(bad);
  await admin.getByRole('button', { name: 'Próbaellenőrzés' }).click();
  await expect(admin.getByText(/1 hibát találtunk/)).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Hibák soronként' })).toContainText('price');
  await expect(admin.getByRole('button', { name: 'Importálás' })).toBeDisabled();
  expect(await priceNow()).toBe(before);
  await screenshots(admin, 'admin-import-errors');

  // The good file: dry run, then import.
  const good = testInfo.outputPath('prices.csv');
  writeFileSync(good, 'sku,prices,special_price\nNK10001,piece:1:175|carton:12:160|pallet:480:140,none\n');
  await admin.locator('input[type="file"]').setInputFiles(good);
  await admin.getByRole('button', { name: 'Próbaellenőrzés' }).click();
  await expect(admin.getByText(/^1 sor rendben/)).toBeVisible();
  // A dry run writes nothing, even for a good file.
  expect(await priceNow()).toBe(before);
  await admin.getByRole('button', { name: 'Importálás' }).click();
  await expect(admin.getByText(/^Kész: 1 sor/)).toBeVisible();
  expect(await priceNow()).not.toBe(before);
  await screenshots(admin, 'admin-import-done');

  for (const [path, heading] of [
    ['/admin/categories', 'Kategóriák'],
    ['/admin/manufacturers', 'Gyártók'],
    ['/admin/api-keys', 'ERP API-kulcsok'],
  ] as const) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(admin.getByRole('row').nth(1)).toBeVisible();
    await screenshots(admin, `admin-${path.split('/').pop()}`);
  }

  // The customer sees the new price.
  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Keresés a termékek között' });
  await search.fill('NK10001');
  await search.press('Enter');
  const box = page.getByRole('article').filter({ hasText: 'Ásványvíz, szénsavas 0,5 l' }).first();
  await expect(box).toContainText('160 Ft / db');
  await expect(box).toContainText('Árváltozás');
  await screenshots(page, 'shop-after-import');
});

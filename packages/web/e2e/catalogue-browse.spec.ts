import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  expectLoggedIn,
  logIn,
  MOBILE,
  screenshots,
  storedToken,
  withoutOverlays,
} from './support/accounts';
import { axeViolations } from './support/axe';

/**
 * The catalogue journey (issue "Catalogue"): log in, browse a category, page, change the page
 * size, filter by a manufacturer, search by a word without accents and by a barcode, open a
 * product, with screenshots at desktop and mobile widths; and the anonymous listing.
 */

const CUSTOMER = { email: 'customer@example.com', password: 'customer123' };

/**
 * Logs in through the login dialog only (the journey's first step), then empties the cart: the
 * journeys share one demo database, so start from an empty cart whatever ran before.
 */
async function logInThroughTheForm(page: Page): Promise<void> {
  await logIn(page, CUSTOMER.email, CUSTOMER.password);
  await expectLoggedIn(page);
  const token = await storedToken(page);
  expect(token).not.toBeNull();
  const emptied = await page.request.delete('/api/cart/delete', {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(emptied.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
}

/** No WCAG 2.1 A/AA violations on the page as it is now (the toasts come and go on their own). */
async function expectAccessible(page: Page): Promise<void> {
  expect(
    await axeViolations(page, (axe) =>
      axe.exclude('section[aria-label="Értesítések"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']),
    ),
  ).toEqual([]);
}

const boxes = (page: Page) => page.getByRole('article');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Keresés a termékek között' });

test('a customer browses, pages, filters and searches the catalogue and opens a product', async ({
  page,
}) => {
  // A long journey with two viewport sizes and axe scans: more than the default minute on 2 cores.
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await withoutOverlays(page);
  await logInThroughTheForm(page);

  // Browse a category from the sidebar: 72 products, 50 on a page.
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Termékkategóriák' });
  await sidebar.getByRole('link', { name: /Ázsiai élelmiszerek/ }).click();
  await expect(page).toHaveURL(/\/category\/azsiai-elelmiszerek$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ázsiai élelmiszerek' })).toBeVisible();
  // The browser tab names the category.
  await expect(page).toHaveTitle('Ázsiai élelmiszerek | Nagyker Webshop');
  await expect(page.getByText('Termékek: 72')).toBeVisible();
  await expect(boxes(page)).toHaveCount(50);
  // The customer's prices, gross and net, and the quantity field.
  const first = boxes(page).first();
  await expect(first.getByText(/Ft \/ db/).first()).toBeVisible();
  await expect(first.getByText(/^nettó .*\sFt \/ db$/)).toBeVisible();
  await expect(first.getByRole('textbox', { name: 'Mennyiség (db)' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'catalogue-category', { animations: false });

  // Page 2 (the pagination above the grid), then 100 per page.
  await page
    .getByRole('navigation', { name: 'Lapozás (fent)' })
    .getByRole('button', { name: '2. oldal' })
    .click();
  await expect(page).toHaveURL(/\?page=2&ppp=50$/);
  await expect(boxes(page)).toHaveCount(22);
  await page.getByRole('combobox', { name: 'Oldalanként' }).selectOption('100');
  await expect(page).toHaveURL(/\?ppp=100$/);
  await expect(boxes(page)).toHaveCount(72);
  await expect(page.getByRole('navigation', { name: 'Lapozás (fent)' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('productsPerPage'))).toBe('100');

  // Filter by a manufacturer: every box is of that manufacturer.
  const manufacturers = page.getByRole('group', { name: 'Gyártók' });
  await manufacturers.getByRole('button', { name: 'Hoa Mai' }).click();
  await expect(page).toHaveURL(/manufacturers=hoa-mai/);
  await expect(page.getByText('Termékek: 13')).toBeVisible();
  await expect(boxes(page)).toHaveCount(13);
  for (const box of await boxes(page).all()) await expect(box).toContainText('Gyártó: Hoa Mai');
  await expect(manufacturers.getByRole('button', { name: 'Hoa Mai' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await screenshots(page, 'catalogue-manufacturer', { animations: false });

  // The page size is remembered: another category opens with 100 per page.
  await sidebar.getByRole('link', { name: /Italok/ }).click();
  await expect(page).toHaveURL(/\/category\/italok$/);
  await expect(page.getByText('Termékek: 40')).toBeVisible();
  await expect(boxes(page)).toHaveCount(40);
  await expect(page.getByRole('combobox', { name: 'Oldalanként' })).toHaveValue('100');

  // Add to the cart from a box: the quantity is corrected and the success toast shows.
  const drink = boxes(page).first();
  const quantity = drink.getByRole('textbox', { name: 'Mennyiség (db)' });
  await quantity.fill('1');
  await quantity.press('Enter');
  await expect(page.getByText('A mennyiséget a rendelési egység többszörösére igazítottuk.')).toBeVisible();
  const corrected = await quantity.inputValue();
  expect(Number(corrected)).toBeGreaterThan(1);
  await drink.getByRole('button', { name: 'Kosárba' }).click();
  await expect(page.getByText('A termék a kosárba került.')).toBeVisible();
  await expect(drink.getByText(`Kosárban: ${corrected} db`)).toBeVisible();

  // A barcode from a product box, for the search below.
  const barcode = (await drink.locator('span[title="Vonalkód"]').first().textContent())?.trim() ?? '';
  expect(barcode).toMatch(/^\d{8,14}$/);

  // Search by a word without accents: "kave" finds "Kávé".
  await searchBox(page).fill('kave');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=kave$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Találatok erre: „kave”' })).toBeVisible();
  await expect(page).toHaveTitle('Találatok erre: „kave” | Nagyker Webshop');
  const byName = page.getByRole('region', { name: /^Név szerint \(\d+\)$/ });
  await expect(byName.getByRole('link', { name: 'Kávé, őrölt 250 g' })).toBeVisible();
  const categories = page.getByRole('region', { name: /^Kategóriák \(\d+\)$/ });
  await expect(categories.getByRole('link', { name: 'Kávé és tea', exact: true })).toHaveAttribute(
    'href',
    '/category/kave-tea',
  );
  await expect(page.getByRole('progressbar', { name: 'Keresés…' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'catalogue-search-word', { animations: false });

  // A whole barcode typed into the search field is a scan (keyboard wedge, issue 19): its product
  // opens at once (scan.spec.ts checks the pack). The search page by the barcode's URL: the
  // exact-barcode group shows the product with all its barcodes.
  // Retried: once in a full run the field still showed the previous term when Enter was pressed.
  await expect(async () => {
    await searchBox(page).fill(barcode);
    await expect(searchBox(page)).toHaveValue(barcode, { timeout: 1000 });
    await searchBox(page).press('Enter');
    await expect(
      page.getByRole('dialog', { name: 'Vonalkód beolvasása' }).getByText(`Beolvasott vonalkód: ${barcode}`, {
        exact: false,
      }),
    ).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await page
    .getByRole('dialog', { name: 'Vonalkód beolvasása' })
    .getByRole('button', { name: 'Bezárás' })
    .click();
  await page.goto(`/search?q=${barcode}`);
  const exactBarcode = page.getByRole('region', { name: 'Pontos vonalkód (1)' });
  await expect(exactBarcode).toBeVisible();
  await expect(exactBarcode.getByText(/^Vonalkódok: /)).toContainText(barcode);
  await screenshots(page, 'catalogue-search-barcode', { animations: false });

  // Open the product: a dialog whose state is in the URL.
  await exactBarcode.getByRole('link').first().click();
  await expect(page).toHaveURL(/[?&]product=/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Árlépcsők' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Leírás' })).toBeVisible();
  await expect(dialog.getByText(barcode)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'catalogue-product-dialog', { animations: false });

  // The dialog's URL can be shared: a reload opens it again.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Árlépcsők' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Bezárás' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/product=/);

  // "All" on the whole catalogue: the first page of 100 loaded, only the boxes near the viewport in
  // the DOM (the scrolling is all-products.spec.ts).
  await page.goto('/');
  const totalText = (await page.getByText(/^Termékek: /).textContent()) ?? '';
  const total = Number(totalText.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(200);
  await page.getByRole('combobox', { name: 'Oldalanként' }).selectOption('99999');
  await expect(page).toHaveURL(/\?ppp=99999$/);
  await expect(page.getByText(`100 / ${total} termék betöltve`)).toBeVisible();
  await expect(boxes(page).first()).toBeVisible();
  expect(await boxes(page).count()).toBeLessThan(100);
  await page.getByRole('combobox', { name: 'Oldalanként' }).selectOption('50');

  // Mobile: the categories are in a drawer opened by a button.
  await page.setViewportSize(MOBILE);
  await page.goto('/category/kave-tea');
  await expect(page.getByRole('navigation', { name: 'Termékkategóriák' })).toBeHidden();
  await page.getByRole('button', { name: 'Kategóriák' }).click();
  const drawer = page.getByRole('dialog', { name: 'Kategóriák' });
  await expect(drawer).toBeVisible();
  await page.screenshot({
    path: 'test-results/screenshots/catalogue-drawer-mobile.png',
    animations: 'disabled',
  });
  await drawer.getByRole('link', { name: /^Tea/ }).click();
  await expect(page).toHaveURL(/\/category\/kave-tea\/kave-tea-tea$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Tea' })).toBeVisible();
});

test('an anonymous visitor sees the listing without prices and a prompt to log in', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await withoutOverlays(page);
  await page.goto('/category/kave-tea');
  await expect(page.getByRole('heading', { level: 1, name: 'Kávé és tea' })).toBeVisible();
  await expect(boxes(page).first()).toBeVisible();
  const first = boxes(page).first();
  await expect(first.getByText('Az árakat és a rendelést bejelentkezés után látja.')).toBeVisible();
  await expect(first.getByRole('link', { name: 'Bejelentkezés' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('main')).not.toContainText('Ft');
  await expect(page.getByRole('textbox', { name: 'Mennyiség (db)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Kosárba' })).toHaveCount(0);
  await expectAccessible(page);
  // The ordered products need a login.
  await page.goto('/ordered-products');
  await expect(page.getByText('A korábban rendelt termékeket bejelentkezés után látja.')).toBeVisible();
  await screenshots(page, 'catalogue-anonymous', { animations: false });
  await page.goto('/category/kave-tea');
  await expect(boxes(page).first()).toBeVisible();
  await screenshots(page, 'catalogue-anonymous-listing', { animations: false });
});

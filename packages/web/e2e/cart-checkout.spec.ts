import { expect, test, type Page } from '@playwright/test';

/**
 * The cart and checkout journeys (issue "Cart, checkout and orders"): a customer fills the cart from
 * the listing and by quick order, chooses home delivery, a delivery day and bank transfer, places the
 * order and finds it in the order history; an agent picks a customer's address and orders for it.
 * Screenshots of the cart, the checkout and the order history at 1440 and 390 px.
 */

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 390, height: 844 };

async function withoutOverlays(page: Page): Promise<void> {
  await page.route(/\/api\/news\/current/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'NOT_FOUND' }),
    }),
  );
  await page.addInitScript(() => {
    if (localStorage.getItem('cookie_consent') === null) localStorage.setItem('cookie_consent', 'accepted');
  });
}

async function logIn(page: Page, emailorusername: string, password: string): Promise<void> {
  const answer = await page.request.post('/api/auth/login', { data: { emailorusername, password } });
  expect(answer.ok()).toBe(true);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  await page.goto('/about-blank-for-token');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({
      path: `test-results/screenshots/cart-${name}-${suffix}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Adds the first orderable product of the listing; returns the SKU of another one. */
async function addFromListing(page: Page): Promise<string> {
  await page.goto('/');
  const boxes = page.getByRole('article');
  await expect(boxes.first()).toBeVisible();
  const orderable = boxes.filter({ has: page.getByRole('button', { name: 'Kosárba', disabled: false }) });
  await orderable.first().getByRole('button', { name: 'Kosárba' }).click();
  await expect(page.getByText('A termék a kosárba került.')).toBeVisible();
  return (await orderable.nth(1).getAttribute('data-sku')) ?? '';
}

async function placeOrder(page: Page): Promise<void> {
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders/place-order'));
  await page.getByRole('button', { name: 'Rendelés leadása' }).first().click();
  const answer = (await (await placed).json()) as { data: unknown };
  expect(answer.data).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Rendelését rögzítettük, a visszaigazolást e-mailben elküldtük.'),
  ).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await withoutOverlays(page);
});

test('a customer fills the cart, chooses home delivery, a day and bank transfer, and orders', async ({
  page,
}) => {
  await logIn(page, 'customer@example.com', 'customer123');
  const otherSku = await addFromListing(page);
  expect(otherSku).not.toBe('');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Kosár' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rendelési sorok' }).fill(`${otherSku}; 1\nNINCS-ILYEN-TERMEK; 2`);
  await page.getByRole('button', { name: 'Hozzáadás a kosárhoz' }).click();
  const report = page.getByTestId('cart-addition-report');
  await expect(report).toBeVisible();
  await expect(report.getByText(/NINCS-ILYEN-TERMEK: A termék nem található\./)).toBeVisible();
  await expect(page.locator(`article[data-sku="${otherSku}"]`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await screenshots(page, 'page');

  // The cart drawer in the shell shows the same cart.
  await page.getByRole('banner').getByRole('button', { name: 'Kosár' }).click();
  const drawer = page.getByRole('dialog', { name: 'Kosár' });
  await expect(drawer.getByRole('article')).toHaveCount(2);
  await expect(drawer.getByTestId('cart-summary')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'test-results/screenshots/cart-drawer-desktop.png', animations: 'disabled' });
  await drawer.getByRole('button', { name: 'Kosár bezárása' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Átvétel és fizetés' })).toBeVisible();
  await page.getByRole('radio', { name: 'Kiszállítás' }).check();
  const day = page.getByRole('combobox', { name: 'Szállítási nap' });
  await expect(day.locator('option').nth(2)).toBeAttached();
  const value = await day.locator('option').nth(2).getAttribute('value');
  const savedDay = page.waitForResponse((response) => response.url().endsWith('/api/cart/delivery-date'));
  await day.selectOption(value ?? '');
  expect((await savedDay).ok()).toBe(true);
  const savedPayment = page.waitForResponse((response) =>
    response.url().endsWith('/api/cart/payment-method'),
  );
  await page.getByRole('radio', { name: 'Banki átutalás (8 nap)' }).check();
  expect((await savedPayment).ok()).toBe(true);
  await page
    .getByRole('textbox', { name: 'Megjegyzés a webáruháznak' })
    .fill('Kérjük, hívjanak érkezés előtt.');
  await expect(page.getByRole('heading', { name: 'Szállítási adatok' })).toBeVisible();
  // Survives a reload.
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Kiszállítás' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Banki átutalás (8 nap)' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Megjegyzés a webáruháznak' })).toHaveValue(
    'Kérjük, hívjanak érkezés előtt.',
  );
  await expect(page.getByRole('combobox', { name: 'Szállítási nap' })).toHaveValue(value ?? '');
  await screenshots(page, 'checkout');

  await placeOrder(page);

  await page.goto('/profile/order-history');
  const table = page.getByRole('table', { name: 'Leadott rendelések' });
  await expect(table).toBeVisible();
  const toggle = table.getByRole('button', { name: /rendelés részletei$/ }).first();
  await toggle.click();
  await expect(page.getByText('Banki átutalás (8 nap)').first()).toBeVisible();
  await expect(page.getByText(otherSku).first()).toBeVisible();
  await screenshots(page, 'order-history');
});

test('an agent picks a customer address and orders for it', async ({ page }) => {
  await logIn(page, 'agent', 'agent123');
  await page.getByRole('button', { name: 'Szállítási cím' }).click();
  const dialog = page.getByRole('dialog', { name: 'Szállítási cím kiválasztása' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Hoa Sen Élelmiszer Kft.')).toBeVisible();
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: /^Kiválasztás: Hoa Sen Élelmiszer Kft\./ }).click(),
  ]);
  await addFromListing(page);

  await page.goto('/cart/receipt-and-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Átvétel és fizetés' })).toBeVisible();
  await expect(page.getByText('hoasen@example.com')).toBeVisible();
  const savedMethod = page.waitForResponse((response) =>
    response.url().endsWith('/api/cart/shipping-method'),
  );
  await page.getByRole('radio', { name: 'Személyes átvétel (vevő szállítja)' }).check();
  expect((await savedMethod).ok()).toBe(true);
  const savedPayment = page.waitForResponse((response) =>
    response.url().endsWith('/api/cart/payment-method'),
  );
  await page.getByRole('radio', { name: 'Készpénz', exact: true }).check();
  expect((await savedPayment).ok()).toBe(true);
  await placeOrder(page);

  await page.goto('/profile/order-history');
  const table = page.getByRole('table', { name: 'Leadott rendelések' });
  await expect(table).toBeVisible();
  await table
    .getByRole('button', { name: /rendelés részletei$/ })
    .first()
    .click();
  await expect(page.getByText('Üzletkötő adta le')).toBeVisible();
});

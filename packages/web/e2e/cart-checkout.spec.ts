import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, screenshots, withoutOverlays } from './support/accounts';
import { mailsTo, type ReceivedMail } from './support/mailbox';
import { addFirstOrderableFromListing, placeOrderFromCheckout, shopToken } from './support/orders';
import { signInWithToken } from './support/screens';

/**
 * The cart and checkout journeys (issue "Cart, checkout and orders"): a customer fills the cart from
 * the listing and by quick order, chooses home delivery, a delivery day and bank transfer, places the
 * order and finds it in the order history; an agent picks a customer's address and orders for it.
 * Screenshots of the cart, the checkout and the order history at 1440 and 390 px.
 */

async function logIn(page: Page, login: string, password: string): Promise<void> {
  await signInWithToken(page, await shopToken(page.request, { login, password }));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
}

/** Adds the first orderable product of the listing; returns the SKUs of the next two. */
async function addFromListing(page: Page): Promise<[string, string]> {
  const orderable = await addFirstOrderableFromListing(page);
  return [
    (await orderable.nth(1).getAttribute('data-sku')) ?? '',
    (await orderable.nth(2).getAttribute('data-sku')) ?? '',
  ];
}

/** The confirmation mail of an order to an address, as the journeys' SMTP server received it. */
async function confirmationMail(address: string, orderId: number): Promise<ReceivedMail> {
  const subject = `Rendelés visszaigazolása – ${orderId}. sz. rendelés`;
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = mailsTo(address).find((mail) => mail.subject === subject)) !== undefined, {
      timeout: 15_000,
    })
    .toBe(true);
  return found!;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await withoutOverlays(page);
});

test('a customer fills the cart, chooses home delivery, a day and bank transfer, and orders', async ({
  page,
}) => {
  await logIn(page, 'customer@example.com', 'customer123');
  const [otherSku, thirdSku] = await addFromListing(page);
  expect(otherSku).not.toBe('');
  expect(thirdSku).not.toBe('');

  // The cart page comes rendered by the server (decision 0017) with its products.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Kosár' })).toBeVisible();
  await expect(page).toHaveTitle('Kosár | Nagyker Webshop');
  // When its lines change, it loads their products with products/all: cart filter, all of them,
  // page 1, no caching. (Typing waits until the app has taken the rendered page over.)
  const cartProducts = page.waitForResponse(
    (response) => response.url().includes('/api/products/all?') && response.url().includes('inCart=true'),
  );
  await page
    .getByRole('textbox', { name: 'Rendelési sorok' })
    .fill(`${otherSku}; 1\n${thirdSku}; 1\nNINCS-ILYEN-TERMEK; 2`);
  await page.getByRole('button', { name: 'Hozzáadás a kosárhoz' }).click();
  const productsQuery = new URL((await cartProducts).url()).searchParams;
  expect([productsQuery.get('productsPerPage'), productsQuery.get('currentPage')]).toEqual(['99999', '1']);
  expect(productsQuery.get('caching')).toBe('false');
  const report = page.getByTestId('cart-addition-report');
  await expect(report).toBeVisible();
  await expect(report.getByText(/NINCS-ILYEN-TERMEK: A termék nem található\./)).toBeVisible();
  await expect(page.locator(`article[data-sku="${otherSku}"]`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  // The boxes show the products/all data: pack sizes with their barcodes.
  await expect(
    page
      .locator(`article[data-sku="${otherSku}"]`)
      .getByText(/^\d{13}$/)
      .first(),
  ).toBeVisible();

  // More, then fewer pieces of a line, then a line deleted: each with its own toast.
  const line = page.locator(`article[data-sku="${otherSku}"]`);
  const quantityOf = async () =>
    Number(await line.getByRole('textbox', { name: 'Mennyiség (db)' }).inputValue());
  const start = await quantityOf();
  await line.getByRole('button', { name: /^Növelés/ }).click();
  await expect.poll(quantityOf).toBeGreaterThan(start);
  await line.getByRole('button', { name: /^Csökkentés/ }).click();
  await expect(page.getByText('A termék mennyiségét csökkentettük a kosárban.')).toBeVisible();
  await expect.poll(quantityOf).toBe(start);
  await page
    .locator(`article[data-sku="${thirdSku}"]`)
    .getByRole('button', { name: /^Eltávolítás a kosárból/ })
    .click();
  await expect(page.getByText('A terméket eltávolítottuk a kosárból.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await screenshots(page, 'cart-page', { fullPage: true, animations: false });

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
  await screenshots(page, 'cart-checkout', { fullPage: true, animations: false });

  const orderId = await placeOrderFromCheckout(page, () =>
    page.getByRole('button', { name: 'Rendelés leadása' }).first().click(),
  );
  // The confirmation mail, in Hungarian with the lines and totals, to the customer and its agent.
  const mail = await confirmationMail('customer@example.com', orderId);
  expect(mail.text).toContain(otherSku);
  expect(mail.text).toContain('Ft');
  await confirmationMail('agent@example.com', orderId);

  await page.goto('/profile/order-history');
  const table = page.getByRole('table', { name: 'Leadott rendelések' });
  await expect(table).toBeVisible();
  // The order number's cell also names who placed the order (company users, issue 15).
  await expect(table.getByRole('cell', { name: new RegExp(`^${orderId}\\b`) })).toBeVisible();
  const toggle = table.getByRole('button', { name: `A(z) ${orderId} számú rendelés részletei` });
  await toggle.click();
  await expect(page.getByText('Banki átutalás (8 nap)').first()).toBeVisible();
  await expect(page.getByText(otherSku).first()).toBeVisible();
  await screenshots(page, 'cart-order-history', { fullPage: true, animations: false });

  // Order again: the lines go back into the (now empty) cart through the correction rule.
  await page.getByRole('button', { name: 'Újrarendelés' }).first().click();
  const again = page.getByRole('dialog', { name: `Újrarendelés: a(z) ${orderId} számú rendelés` });
  await expect(again).toBeVisible();
  await expect(again.getByText(new RegExp(otherSku)).first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.locator(`article[data-sku="${otherSku}"]`)).toBeVisible();
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
  // The checkout comes rendered by the server: a choice made before the app has taken it over is
  // kept and made as soon as it has.
  const pickup = page.getByRole('radio', { name: 'Személyes átvétel (vevő szállítja)' });
  await pickup.click();
  await expect(pickup).toBeChecked();
  expect((await savedMethod).ok()).toBe(true);
  const savedPayment = page.waitForResponse((response) =>
    response.url().endsWith('/api/cart/payment-method'),
  );
  await page.getByRole('radio', { name: 'Készpénz', exact: true }).check();
  expect((await savedPayment).ok()).toBe(true);
  const orderId = await placeOrderFromCheckout(page, () =>
    page.getByRole('button', { name: 'Rendelés leadása' }).first().click(),
  );
  // The customer and the agent who placed it both get the confirmation.
  await confirmationMail('hoasen@example.com', orderId);
  const agentMail = await confirmationMail('agent@example.com', orderId);
  expect(agentMail.text).toContain('Hoa Sen Élelmiszer Kft.');

  await page.goto('/profile/order-history');
  const table = page.getByRole('table', { name: 'Leadott rendelések' });
  await expect(table).toBeVisible();
  await table
    .getByRole('button', { name: /rendelés részletei$/ })
    .first()
    .click();
  await expect(page.getByText('Üzletkötő adta le')).toBeVisible();
});

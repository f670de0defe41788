import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, withoutOverlays } from './support/accounts';
import { expectFocused, expectVisibleFocus, tabTo } from './support/keyboard';
import { placeOrderFromCheckout } from './support/orders';
import { settleFiniteAnimations } from './support/screens';

/**
 * Issue 8 (front-end quality gates), keyboard and mobile: the main journey of the shop — log in,
 * search, add to cart, check out with home delivery, a delivery day and a payment method, place the
 * order — first by keyboard alone at 1440 px (Tab, Shift+Tab, Enter, Space and arrows; at every
 * stop focus must be visible), then at 390 px by touch, where the categories are a drawer.
 * Screenshots of both widths go to test-results/screenshots/keyboard-*.png.
 */

const CUSTOMER = { login: 'customer@example.com', password: 'customer123' };

async function shot(page: Page, name: string): Promise<void> {
  await settleFiniteAnimations(page);
  await page.screenshot({ path: `test-results/screenshots/keyboard-${name}.png` });
}

/** Empties the demo customer's cart through the API (the journeys share the demo data). */
async function emptyCart(page: Page): Promise<void> {
  const answer = await page.request.post('/api/auth/login', {
    data: { emailorusername: CUSTOMER.login, password: CUSTOMER.password },
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  await page.request.delete('/api/cart/delete', { headers: { authorization: `Bearer ${token}` } });
}

/** The search page for "kávé": its first match by name, shown, and that product's SKU. */
async function firstNameMatch(page: Page): Promise<{ result: Locator; sku: string }> {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kávé');
  const result = page
    .getByRole('region', { name: /^Név szerint/ })
    .getByRole('listitem')
    .first();
  await expect(result).toBeVisible();
  return { result, sku: (await result.getAttribute('data-sku')) ?? '' };
}

test.beforeEach(async ({ page }) => {
  await withoutOverlays(page);
  await emptyCart(page);
});

test.afterEach(async ({ page }) => {
  await emptyCart(page);
});

test('the main journey by keyboard alone at 1440 px, with visible focus at every stop', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();

  // The first Tab reaches the skip link, shown on screen while focused.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Ugrás a tartalomra' });
  await expectFocused(skip);
  await expectVisibleFocus(page);
  expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);

  // Log in: the header's login button opens the dialog with focus in its first field.
  const banner = page.getByRole('banner');
  await tabTo(page, banner.getByRole('button', { name: 'Bejelentkezés' }));
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await expect(login).toBeVisible();
  await expectFocused(login.getByRole('textbox', { name: 'E-mail-cím vagy felhasználónév' }));
  await page.keyboard.type(CUSTOMER.login);
  await tabTo(page, login.locator('input[name="password"]'));
  await page.keyboard.type(CUSTOMER.password);
  await shot(page, 'login-desktop');
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
  await expect(login).toHaveCount(0);
  // Focus is not lost when the dialog closes: the next Tab goes on from a visible place.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);

  // Search by keyboard: into the search field, type, Enter.
  const searchField = banner.getByRole('searchbox', { name: 'Keresés a termékek között' });
  await tabTo(page, searchField, { backwards: true });
  await page.keyboard.type('kávé');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=k%C3%A1v%C3%A9/);
  // The first name match opens the product dialog from its link; focus moves into the dialog.
  const { result, sku } = await firstNameMatch(page);
  expect(sku).not.toBe('');
  const resultLink = result.getByRole('link');
  await tabTo(page, resultLink, { max: 150 });
  await shot(page, 'search-focus-desktop');
  await page.keyboard.press('Enter');
  const productDialog = page.getByRole('dialog', { name: (await resultLink.innerText()).trim() });
  await expect(productDialog).toBeVisible();
  await expect
    .poll(() => productDialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);

  // Add it to the cart: Tab to the dialog's cart button, Enter; focus stays in the dialog.
  await tabTo(page, productDialog.getByRole('button', { name: 'Kosárba' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('A termék a kosárba került.')).toBeVisible();
  await expect(productDialog.getByText(/^Kosárban: /)).toBeVisible();
  // Focus stays on the (now unavailable) cart button instead of dropping to <body>.
  await expectFocused(productDialog.getByRole('button', { name: 'Módosítás' }));
  await expectVisibleFocus(page);
  await shot(page, 'product-dialog-desktop');

  // Escape closes the dialog and focus returns to the result link that opened it.
  await page.keyboard.press('Escape');
  await expect(productDialog).toBeHidden();
  await expectFocused(resultLink);
  await expectVisibleFocus(page);

  // The header's cart button opens the cart drawer; Escape closes it and focus returns to the button.
  const cartButton = banner.getByRole('button', { name: 'Kosár' });
  await tabTo(page, cartButton, { backwards: true, max: 150 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Kosár' });
  await expect(drawer.locator(`article[data-sku="${sku}"]`)).toBeVisible();
  await shot(page, 'cart-drawer-desktop');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expectFocused(cartButton);
  await expectVisibleFocus(page);

  // Again into the drawer, and on to checkout through its checkout link.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/receipt-and-payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Átvétel és fizetés' })).toBeVisible();
  await expect(drawer).toBeHidden();

  // Home delivery: Tab into the shipping method group, then arrows to the option.
  const homeDelivery = page.getByRole('radio', { name: 'Kiszállítás' });
  await expect(homeDelivery).toBeVisible();
  const shippingGroup = page.getByRole('radiogroup', { name: 'Szállítási mód' });
  await tabTo(page, shippingGroup.getByRole('radio').and(page.locator(':focus')));
  for (let press = 0; press < 6 && !(await homeDelivery.isChecked()); press += 1) {
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
  }
  await expect(homeDelivery).toBeChecked();
  // The delivery day appears; focus stays on the chosen option.
  await expect(page.getByRole('combobox', { name: 'Szállítási nap' })).toBeVisible();
  await expectFocused(homeDelivery);

  // A delivery day: Tab to the select; on a closed select the arrows move to the next (or, from the
  // last day an earlier journey chose, the previous) day, saved at once.
  const day = page.getByRole('combobox', { name: 'Szállítási nap' });
  await expect(day).toBeEnabled();
  const before = await day.inputValue();
  const last = await day.locator('option').last().getAttribute('value');
  const savedDay = page.waitForResponse((response) => response.url().endsWith('/api/cart/delivery-date'));
  await tabTo(page, day);
  await page.keyboard.press(before !== '' && before === last ? 'ArrowUp' : 'ArrowDown');
  expect((await savedDay).ok()).toBe(true);
  await expect(day).not.toHaveValue('');
  await expect(day).not.toHaveValue(before);
  await expectFocused(day);

  // Bank transfer: Tab into the payment group, arrows to the option.
  const transfer = page.getByRole('radio', { name: 'Banki átutalás (8 nap)' });
  const paymentGroup = page.getByRole('radiogroup', { name: 'Fizetési mód' });
  await tabTo(page, paymentGroup.getByRole('radio').and(page.locator(':focus')));
  for (let press = 0; press < 8 && !(await transfer.isChecked()); press += 1) {
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/cart/payment-method'));
    await page.keyboard.press('ArrowDown');
    await expectVisibleFocus(page);
    expect((await saved).ok()).toBe(true);
  }
  await expect(transfer).toBeChecked();
  await expectFocused(transfer);

  // A comment, typed.
  const comment = page.getByRole('textbox', { name: 'Megjegyzés a webáruháznak' });
  await tabTo(page, comment);
  await page.keyboard.type('Billentyűzettel leadott rendelés.');
  await shot(page, 'checkout-desktop');

  // Place the order with the bottom button.
  const place = page.getByRole('button', { name: 'Rendelés leadása' }).last();
  await tabTo(page, place);
  await placeOrderFromCheckout(page, () => page.keyboard.press('Enter'));
  await shot(page, 'order-placed-desktop');
  // After the page change focus is on the main region, and the next Tab goes on visibly.
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
});

test('the main journey at 390 px: categories drawer, search, cart and checkout by touch', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  // No horizontal scrolling at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'home-mobile');

  // The categories are a drawer below 1280 px.
  await page.getByRole('button', { name: 'Kategóriák' }).click();
  const categories = page.getByRole('dialog', { name: 'Kategóriák' });
  await expect(categories).toBeVisible();
  await shot(page, 'categories-mobile');
  await categories.getByRole('button', { name: 'Kategóriák bezárása' }).click();
  await expect(categories).toBeHidden();

  // Log in from the header's icon button.
  await page.getByRole('banner').getByRole('button', { name: 'Bejelentkezés' }).click();
  const login = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await login.getByRole('textbox', { name: 'E-mail-cím vagy felhasználónév' }).fill(CUSTOMER.login);
  await login.locator('input[name="password"]').fill(CUSTOMER.password);
  await shot(page, 'login-mobile');
  await login.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();

  // Search.
  const searchField = page.getByRole('banner').getByRole('searchbox', { name: 'Keresés a termékek között' });
  await searchField.fill('kávé');
  await searchField.press('Enter');
  const { result, sku } = await firstNameMatch(page);
  await shot(page, 'search-mobile');
  const name = (await result.getByRole('link').innerText()).trim();
  await result.getByRole('link').click();
  const productDialog = page.getByRole('dialog', { name });
  await expect(productDialog).toBeVisible();
  await shot(page, 'product-dialog-mobile');
  await productDialog.getByRole('button', { name: 'Kosárba' }).click();
  await expect(page.getByText('A termék a kosárba került.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await productDialog.getByRole('button', { name: 'Bezárás' }).click();
  await expect(productDialog).toBeHidden();

  // The cart drawer fills the narrow screen; on to checkout.
  await page.getByRole('banner').getByRole('button', { name: 'Kosár' }).click();
  const drawer = page.getByRole('dialog', { name: 'Kosár' });
  await expect(drawer.locator(`article[data-sku="${sku}"]`)).toBeVisible();
  await shot(page, 'cart-drawer-mobile');
  await drawer.getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Átvétel és fizetés' })).toBeVisible();

  // Each choice is saved as it changes (earlier journeys may have left it chosen already).
  const choose = async (choice: Locator, endpoint: string, act: () => Promise<void>) => {
    if (!(await choice.isChecked())) {
      const saved = page.waitForResponse((response) => response.url().endsWith(endpoint));
      await act();
      expect((await saved).ok()).toBe(true);
    }
    await expect(choice).toBeChecked();
  };
  const homeDelivery = page.getByRole('radio', { name: 'Kiszállítás' });
  await choose(homeDelivery, '/api/cart/shipping-method', () => homeDelivery.check());
  const day = page.getByRole('combobox', { name: 'Szállítási nap' });
  await expect(day.locator('option').nth(1)).toBeAttached();
  const value = (await day.locator('option').nth(1).getAttribute('value')) ?? '';
  if ((await day.inputValue()) !== value) {
    const savedDay = page.waitForResponse((response) => response.url().endsWith('/api/cart/delivery-date'));
    await day.selectOption(value);
    expect((await savedDay).ok()).toBe(true);
  }
  await expect(day).toHaveValue(value);
  const transfer = page.getByRole('radio', { name: 'Banki átutalás (8 nap)' });
  await choose(transfer, '/api/cart/payment-method', () => transfer.check());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({
    path: 'test-results/screenshots/keyboard-checkout-mobile-full.png',
    fullPage: true,
  });

  await placeOrderFromCheckout(page, () =>
    page.getByRole('button', { name: 'Rendelés leadása' }).last().click(),
  );
  await shot(page, 'order-placed-mobile');
});

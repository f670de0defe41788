import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, withoutOverlays } from './support/accounts';
import { expectFocused, expectVisibleFocus } from './support/keyboard';
import { CUSTOMER, shopToken } from './support/orders';

/**
 * Issue 8, dialogs: every dialog of the shop keeps Tab and Shift+Tab inside while it is open, and
 * when it closes focus goes back to the control that opened it (or, when that control is gone, to
 * the page's main region, never to <body>). Dialogs: login, product details, cart drawer, delete-cart
 * confirmation, shipping-address picker, news pop-up and the categories drawer at 390 px.
 */

async function logIn(page: Page): Promise<void> {
  const value = await shopToken(page.request);
  await page.addInitScript((accessToken) => {
    if (localStorage.getItem('access_token') === null) localStorage.setItem('access_token', accessToken);
  }, value);
}

async function emptyCart(page: Page): Promise<void> {
  await page.request.delete('/api/cart/delete', {
    headers: { authorization: `Bearer ${await shopToken(page.request)}` },
  });
}

/** Enter on the dialog's `button` (focused first) closes the dialog; focus goes back to `opener`. */
async function closeWithButton(page: Page, dialog: Locator, button: string, opener: Locator): Promise<void> {
  await dialog.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expectFocused(opener);
}

/** Escape hides the dialog (or drawer); focus goes back to `opener`. */
async function closeWithEscape(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(opener);
}

/** Tab and Shift+Tab `presses` times each: focus never leaves the dialog and is always visible. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 20): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<string>();
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      const info = await expectVisibleFocus(page);
      expect(inside, `${key} ${press + 1}: ${info.description} is outside the dialog`).toBe(true);
      seen.add(info.description);
    }
    // Focus went round inside the dialog, not stuck on one element.
    expect(seen.size).toBeGreaterThan(1);
  }
}

/** Moves focus to the target by keyboard (Tab from the page's start) without clicking. */
async function focusByTab(page: Page, target: Locator, max = 150): Promise<void> {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press('Tab');
    if (
      await target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))
    )
      return;
  }
  throw new Error('target not reached by Tab');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

test('the login dialog traps focus and gives it back to the login button', async ({ page }) => {
  await withoutOverlays(page);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  const opener = page.getByRole('banner').getByRole('button', { name: 'Bejelentkezés' });
  await focusByTab(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocused(opener);
  await expectVisibleFocus(page);
});

test('a failed login pressed on the busy submit button keeps focus on it', async ({ page }) => {
  await withoutOverlays(page);
  // The answer takes a moment, so the button is busy (disabled) while focused.
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(CUSTOMER.login);
  await page.keyboard.press('Tab');
  await page.keyboard.type('nem-ez-a-jelszo');
  const submit = dialog.getByRole('button', { name: 'Bejelentkezés' });
  for (let press = 0; press < 6 && !(await submit.evaluate((b) => b === document.activeElement)); press += 1)
    await page.keyboard.press('Tab');
  await expectFocused(submit);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Hibás e-mail-cím vagy jelszó.');
  await expectFocused(submit);
  await expectVisibleFocus(page);
});

test('the product dialog traps focus and gives it back to the product link', async ({ page }) => {
  await withoutOverlays(page);
  await logIn(page);
  await page.goto('/');
  const link = page.getByRole('article').first().getByRole('heading').getByRole('link');
  await expect(link).toBeVisible();
  await focusByTab(page, link);
  const name = (await link.innerText()).trim();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog, 30);
  // The close button closes it too; focus returns to the link.
  await closeWithButton(page, dialog, 'Bezárás', link);
});

test('the cart drawer and the delete-cart confirmation trap focus and give it back', async ({ page }) => {
  await withoutOverlays(page);
  await logIn(page);
  try {
    // One product in the cart (through the API: this test is about the dialogs).
    const authorization = `Bearer ${await shopToken(page.request)}`;
    const list = await page.request.get('/api/products/all?productsPerPage=50', {
      headers: { authorization },
    });
    const { products } = (await list.json()) as { products: { sku: string }[] };
    for (const product of products) {
      const added = await page.request.post('/api/cart/set-product-quantity', {
        headers: { authorization },
        data: { productSku: product.sku, quantity: 1 },
      });
      if (added.ok()) break;
    }

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Kosár' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    const cartButton = page.getByRole('banner').getByRole('button', { name: 'Kosár' });
    await focusByTab(page, cartButton);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Kosár' });
    await expect(drawer.getByRole('article')).toHaveCount(1);
    await expectFocusTrapped(page, drawer);
    await closeWithEscape(page, drawer, cartButton);

    // Delete-cart confirmation: Cancel gives focus back to the button.
    const deleteButton = page.getByRole('main').getByRole('button', { name: 'Kosár ürítése' });
    await focusByTab(page, deleteButton);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Biztosan üríti a kosarat?' });
    await expect(confirm).toBeVisible();
    await expectFocusTrapped(page, confirm, 6);
    await closeWithButton(page, confirm, 'Mégse', deleteButton);
    await expectVisibleFocus(page);

    // Confirming empties the cart: the button is gone, focus goes to the page, not to <body>.
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Kosár ürítése' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('A kosarat kiürítettük.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName))
      .toBe('main-content');
  } finally {
    await emptyCart(page);
  }
});

test('the shipping-address picker traps focus and gives it back to its button', async ({ page }) => {
  await withoutOverlays(page);
  await logIn(page);
  await page.goto('/');
  const opener = page.getByRole('banner').getByRole('button', { name: 'Szállítási cím' });
  await focusByTab(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Szállítási cím kiválasztása' });
  await expect(dialog.getByRole('button', { name: /^Kiválasztás: / }).first()).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await closeWithEscape(page, dialog, opener);
});

test('the news pop-up traps focus and, closed, leaves focus on the page', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('cookie_consent') === null) localStorage.setItem('cookie_consent', 'accepted');
  });
  await page.goto('/');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expectFocusTrapped(page, dialog, 4);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // It opened by itself, so there is no control to go back to: focus is on the main region.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName))
    .toBe('main-content');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
});

test('the categories drawer at 390 px traps focus and gives it back to its button', async ({ page }) => {
  await withoutOverlays(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  const opener = page.getByRole('button', { name: 'Kategóriák' });
  await focusByTab(page, opener);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Kategóriák' });
  await expect(drawer).toBeVisible();
  await expectFocusTrapped(page, drawer);
  await closeWithEscape(page, drawer, opener);
  await expectVisibleFocus(page);
});

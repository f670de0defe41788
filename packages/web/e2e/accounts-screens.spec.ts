import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, screenshots, withoutOverlaysEach } from './support/accounts';
import { axeViolations } from './support/axe';

test.beforeEach(withoutOverlaysEach);

/** Screenshots (desktop 1440 px, mobile 390 px) of the account screens, and an accessibility scan. */
async function expectNoA11yViolations(page: Page, selector: string) {
  expect(await axeViolations(page, (axe) => axe.include(selector))).toEqual([]);
}

test('login dialog', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await expect(dialog).toBeVisible();
  await screenshots(page, 'login-dialog');
  await dialog.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(dialog.getByText('Kötelező mező.')).toHaveCount(2);
  await screenshots(page, 'login-dialog-required');
  await expectNoA11yViolations(page, '[role="dialog"]');
  // Closing returns to the listing.
  await dialog.getByRole('button', { name: 'Bezárás' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('registration dialog', async ({ page }) => {
  await page.goto('/registration');
  const dialog = page.getByRole('dialog', { name: 'Regisztráció' });
  await expect(dialog).toBeVisible();
  await screenshots(page, 'registration-dialog');
  await dialog.getByLabel('Cégként regisztrálok').check();
  await dialog.getByLabel('Adószám').fill('12345678-2-41');
  await dialog.getByRole('button', { name: 'Regisztráció' }).click();
  await expect(dialog.getByText('Az adószám ellenőrző számjegye (8. számjegy) hibás.')).toBeVisible();
  await expect(dialog.getByText('Kérjük, ellenőrizze a megadott adatokat.')).toBeVisible();
  await screenshots(page, 'registration-dialog-errors');
  await expectNoA11yViolations(page, '[role="dialog"]');
});

test('profile page', async ({ page }) => {
  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);
  await page.goto('/profile');
  await expect(page.getByLabel('E-mail-cím')).toHaveValue('customer@example.com');
  await screenshots(page, 'profile-page');
  await expectNoA11yViolations(page, 'main');
  await page.goto('/profile/change-password');
  await expect(page.locator('input[name="newPassword"]')).toBeVisible();
  await screenshots(page, 'change-password-page');
});

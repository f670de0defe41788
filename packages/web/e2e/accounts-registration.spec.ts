import { expect, test } from '@playwright/test';
import {
  approveWithCommand,
  expectLoggedIn,
  logIn,
  randomCompanyRegistrationNumber,
  randomTaxNumber,
  waitForLink,
  withoutOverlaysEach,
} from './support/accounts';

test.beforeEach(withoutOverlaysEach);

/**
 * The whole account path with real mail (issue 3): register as a company, confirm the address
 * from the received mail, be refused as not yet approved, get approved by the staff command, log
 * in, change the password, log out, reset it through the mailed link, and log in with the new one.
 */
test('register as a company, confirm, get approved, change and reset the password', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `ceg-${Date.now()}@example.com`;
  const firstPassword = 'Elso-jelszo-1';
  const changedPassword = 'Masodik-jelszo-2';
  const resetPassword = 'Harmadik-jelszo-3';
  const taxNumber = randomTaxNumber();

  // Registration as a company.
  await page.goto('/registration');
  const dialog = page.getByRole('dialog', { name: 'Regisztráció' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Cégként regisztrálok').check();
  await dialog.getByLabel('Cégnév').fill('Próba Nagyker Kft.');
  await dialog.getByLabel('Telefonszám').fill('+36 1 555 0100');
  await dialog.locator('input[name="email"]').fill(email);
  await dialog.locator('input[name="emailConfirmation"]').fill(email);
  await dialog.locator('input[name="password"]').fill(firstPassword);
  await dialog.locator('input[name="passwordConfirmation"]').fill(firstPassword);
  await dialog.getByLabel('Cégjegyzékszám').fill(randomCompanyRegistrationNumber());
  await dialog.getByLabel('Adószám').fill(taxNumber);
  await dialog.getByLabel('Ország', { exact: false }).first().fill('Magyarország');
  await dialog.getByLabel('Országkód').fill('HU');
  await dialog.getByLabel('Irányítószám').fill('1139');
  await dialog.getByLabel('Település').fill('Budapest');
  await dialog.getByLabel('Utca, házszám').fill('Váci út 1.');
  await dialog.getByRole('button', { name: 'Regisztráció' }).click();
  await expect(dialog.getByRole('status')).toContainText('Sikeres regisztráció');
  await expect(dialog.getByRole('status')).toContainText('48–72 órán belül');
  await expect(page.getByText('Sikeres regisztráció! Kérjük, erősítse meg e-mail-címét')).toBeVisible();

  // The confirmation link from the received mail.
  const verifyLink = await waitForLink(email, /^\/user\/\d+\/verify\/[A-Za-z0-9_-]+$/);
  await page.goto(verifyLink);
  await expect(page.getByRole('status').filter({ hasText: 'E-mail-cím megerősítve' })).toContainText(
    '48–72 órán belül',
  );
  // After 7.5 s the page goes home by itself.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  // Not yet approved: the login says so.
  await logIn(page, email, firstPassword);
  await expect(page.getByRole('dialog', { name: 'Bejelentkezés' }).getByRole('alert')).toContainText(
    'Regisztrációját munkatársaink még nem hagyták jóvá',
  );

  // Staff approve it with the documented command.
  expect(approveWithCommand(email)).toContain('approved');

  await logIn(page, email, firstPassword);
  await expectLoggedIn(page);
  await expect(page).toHaveURL(/\/$/);

  // Own data, then a password change.
  await page.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saját adatok' })).toBeVisible();
  await expect(page.getByLabel('E-mail-cím')).toHaveValue(email);
  await expect(page.getByLabel('Név vagy cégnév')).toHaveValue('Próba Nagyker Kft.');
  await expect(page.getByLabel('Adószám')).toHaveValue(taxNumber);
  await page
    .getByRole('navigation', { name: 'Profil menü' })
    .getByRole('link', { name: 'Jelszó módosítása' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jelszó módosítása' })).toBeVisible();
  await page.locator('input[name="newPassword"]').fill(changedPassword);
  await page.locator('input[name="verifyPassword"]').fill(changedPassword);
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Jelszavát sikeresen megváltoztattuk.')).toBeVisible();
  await expect(page.locator('input[name="newPassword"]')).toHaveValue('');
  // The new token works: the own data still loads.
  await page
    .getByRole('navigation', { name: 'Profil menü' })
    .getByRole('link', { name: 'Saját adatok' })
    .click();
  await expect(page.getByLabel('E-mail-cím')).toHaveValue(email);

  // Log out.
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await expect(page.getByRole('button', { name: 'Bejelentkezés' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // Forgot password: the reset link arrives by mail.
  await page.goto('/forgot-password');
  const forgot = page.getByRole('dialog', { name: 'Elfelejtett jelszó' });
  await forgot.getByLabel('E-mail-cím').fill(email);
  await forgot.getByRole('button', { name: 'Link küldése' }).click();
  await expect(page.getByText('A jelszó-visszaállító linket elküldtük e-mailben.')).toBeVisible();
  const resetLink = await waitForLink(email, /^\/user\/\d+\/reset-password\/[A-Za-z0-9_-]+$/);

  await page.goto(resetLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Új jelszó beállítása' })).toBeVisible();
  await page.locator('input[name="newPassword"]').fill(resetPassword);
  await page.locator('input[name="verifyPassword"]').fill(resetPassword);
  await page.getByRole('button', { name: 'Mentés' }).click();
  const success = page.getByRole('dialog', { name: 'Új jelszó beállítva' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Bejelentkezés' }).click();

  // The changed password no longer works; the reset one does.
  const login = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await login.getByLabel('E-mail-cím vagy felhasználónév').fill(email);
  await login.locator('input[name="password"]').fill(changedPassword);
  await login.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(login.getByRole('alert')).toHaveText('Hibás e-mail-cím vagy jelszó.');
  await login.locator('input[name="password"]').fill(resetPassword);
  await login.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expectLoggedIn(page);

  // The used reset link does not work twice.
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await page.goto(resetLink);
  await page.locator('input[name="newPassword"]').fill('Negyedik-jelszo-4');
  await page.locator('input[name="verifyPassword"]').fill('Negyedik-jelszo-4');
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A jelszó-visszaállító link érvénytelen vagy lejárt.')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, waitForLink } from './support/accounts';
import { axeViolations } from './support/axe';
import { desktopWithoutOverlays, screenshotsInto } from './support/screens';

/**
 * Company users (issue 15): the demo customer's owner invites a buyer with a 50,000 Ft per-order
 * limit from /profile/company-users (keyboard only), the buyer accepts the invitation from the
 * mail the SMTP server received, sets a password, logs in and sees their own empty cart. Axe on the
 * new pages; screenshots at 1440 and 390 px in Hungarian and Chinese.
 */

const SHOTS = '/tmp/shots/company';

const screenshots = screenshotsInto(SHOTS);

test.beforeEach(desktopWithoutOverlays);

test('an owner invites a buyer with a 50,000 Ft limit; the buyer accepts from the mail and sees an empty cart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `beszerzo-${Date.now()}@example.com`;
  const password = 'Beszerzo-jelszo-1';

  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);

  // The owner's profile offers the company users.
  await page.goto('/profile');
  const nav = page.getByRole('navigation', { name: 'Profil menü' });
  await nav.getByRole('link', { name: 'Cég felhasználói' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cég felhasználói' })).toBeVisible();
  const table = page.getByRole('table', { name: 'A cég felhasználói' });
  await expect(table.getByRole('row', { name: /buyer@example\.com/ })).toContainText('Beszerző');
  await expect(table.getByRole('row', { name: /buyer@example\.com/ })).toContainText('50 000 Ft');
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: focus the invite button, open the dialog, fill it, send it with Enter.
  const invite = page.getByRole('button', { name: 'Felhasználó meghívása' });
  await invite.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Felhasználó meghívása' });
  await expect(dialog).toBeVisible();
  // The e-mail field has the focus; an empty submit names the missing fields.
  await expect(dialog.getByLabel('E-mail-cím')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Kötelező mező.').first()).toBeVisible();
  expect(await axeViolations(page, (axe) => axe.include('[role="dialog"]'))).toEqual([]);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Kiss Beszerző');
  await dialog.getByLabel('Rendelésenkénti keret (Ft, bruttó)').focus();
  await page.keyboard.type('50000');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Meghívót küldtünk ide: ${email}.`)).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('Meghívva');
  await expect(row).toContainText('Beszerző');
  await expect(row).toContainText('50 000 Ft');
  await expect(page.getByRole('list').filter({ hasText: 'meghívta: Kiss Beszerző' })).toBeVisible();
  await screenshots(page, 'company-users-hu');

  // The dialog in Chinese, then the page.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '公司用户' })).toBeVisible();
  await expect(page.getByRole('table', { name: '公司用户' })).toContainText('采购员');
  await screenshots(page, 'company-users-zh');
  await page.getByRole('button', { name: '邀请用户' }).click();
  await expect(page.getByRole('dialog', { name: '邀请用户' })).toBeVisible();
  await screenshots(page, 'company-invite-zh');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.reload();
  await page.getByRole('button', { name: 'Felhasználó meghívása' }).click();
  await expect(page.getByRole('dialog', { name: 'Felhasználó meghívása' })).toBeVisible();
  await screenshots(page, 'company-invite-hu');
  await page.keyboard.press('Escape');

  // The owner logs out; the invitation arrives by mail.
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  const link = await waitForLink(email, /^\/user\/\d+\/invite\/[A-Za-z0-9_-]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Meghívó elfogadása' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'accept-invite-hu');
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '接受邀请' })).toBeVisible();
  await screenshots(page, 'accept-invite-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.reload();

  // Set the password with the keyboard.
  await expect(page.locator('input[name="newPassword"]')).toBeFocused();
  await page.keyboard.type(password);
  await page.locator('input[name="verifyPassword"]').focus();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  const success = page.getByRole('dialog', { name: 'Fiókja elkészült' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Bejelentkezés' }).click();
  const login = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await login.getByLabel('E-mail-cím vagy felhasználónév').fill(email);
  await login.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(password);
  await login.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expectLoggedIn(page);

  // The buyer's own cart is empty (the owner's cart is not theirs), and the company page is the owners'.
  await page.goto('/cart');
  await expect(page.getByText('A kosár üres.')).toBeVisible();
  await page.goto('/profile/company-users');
  await expect(page.getByText('A cég felhasználóit csak a tulajdonosok kezelhetik.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Profil menü' }).getByRole('link', { name: 'Cég felhasználói' }),
  ).toHaveCount(0);

  // The link works once.
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await page.goto(link);
  await page.locator('input[name="newPassword"]').fill('Masik-jelszo-2');
  await page.locator('input[name="verifyPassword"]').fill('Masik-jelszo-2');
  await page.getByRole('button', { name: 'Jelszó beállítása' }).click();
  await expect(
    page.getByText('A meghívó linkje hibás, már felhasználták, vagy lejárt.', { exact: false }),
  ).toBeVisible();
});

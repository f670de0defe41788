import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, screenshots, storedToken, withoutOverlaysEach } from './support/accounts';

test.beforeEach(withoutOverlaysEach);

/**
 * The demo account on an auto-generated password (README: forced@example.com / forced123) must
 * change its password before it can use the shop; after the change the shop works without a reload.
 */
test('the forced account must change its password first', async ({ page }) => {
  await logIn(page, 'forced@example.com', 'forced123');
  const forced = page.getByRole('dialog', { name: 'Kedves Vásárlónk!' });
  await expect(forced).toBeVisible();
  await expect(forced.getByText('automatikusan létrehozott jelszót')).toHaveCSS('color', 'rgb(198, 40, 40)');
  await screenshots(page, 'forced-dialog');

  // Persistent: neither Escape nor a click outside closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(forced).toBeVisible();

  // Until the change every other shop call is refused.
  const oldToken = await storedToken(page);
  expect(oldToken).not.toBeNull();
  const blocked = await page.request.get('/api/users/get-user-data', {
    headers: { Authorization: `Bearer ${oldToken}` },
  });
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()) as unknown).toMatchObject({ error: 'ERR_PASSWORD_CHANGE_REQUIRED' });

  // The rules: required, then 6-128 characters and equal.
  await forced.getByRole('button', { name: 'Mentés' }).click();
  await expect(forced.getByText('Kötelező mező.')).toHaveCount(2);
  await forced.locator('input[name="newPassword"]').fill('Uj-jelszo-77');
  await forced.locator('input[name="verifyPassword"]').fill('Uj-jelszo-78');
  await expect(forced.getByText('A két jelszó nem egyezik.')).toBeVisible();
  await forced.locator('input[name="verifyPassword"]').fill('Uj-jelszo-77');

  // No reload may happen: a marker on window survives only without one.
  await page.evaluate(() => {
    (window as unknown as { noReload?: boolean }).noReload = true;
  });
  await forced.getByRole('button', { name: 'Mentés' }).click();
  await expect(forced).toHaveCount(0);
  await expect(page.getByText('Jelszavát sikeresen megváltoztattuk.')).toBeVisible();
  const newToken = await storedToken(page);
  expect(newToken).not.toBe(oldToken);

  // The shop works now, in the same page.
  await page.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByLabel('E-mail-cím')).toHaveValue('forced@example.com');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  const allowed = await page.request.get('/api/users/get-user-data', {
    headers: { Authorization: `Bearer ${newToken}` },
  });
  expect(allowed.status()).toBe(200);
  // The old token was revoked by the change.
  const revoked = await page.request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${oldToken}` },
  });
  expect(revoked.status()).toBe(401);

  // A later login with the new password is not forced any more.
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await logIn(page, 'forced@example.com', 'Uj-jelszo-77');
  await expectLoggedIn(page);
  await expect(page.getByRole('dialog', { name: 'Kedves Vásárlónk!' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, screenshots, withoutOverlays, withoutOverlaysEach } from './support/accounts';
import { adminLogIn } from './support/admin';
import { waitForMail } from './support/mailbox';
import { axeViolations } from './support/axe';
import { CUSTOMER, shopToken } from './support/orders';

const AGENT = { login: 'agent@example.com', password: 'agent123' };

test.beforeEach(withoutOverlaysEach);

test('customers and agents are refused at the back-office login and by its API', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés a háttérirodába' })).toBeVisible();
  await screenshots(page, 'admin-login');
  for (const account of [CUSTOMER, AGENT]) {
    await page.getByLabel('E-mail-cím vagy felhasználónév').fill(account.login);
    await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Bejelentkezés' }).click();
    await expect(
      page.getByText('A háttérirodába csak adminisztrátorok és munkatársak jelentkezhetnek be.'),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_access_token'))).toBeNull();
    await expect(page.getByRole('navigation', { name: 'A háttériroda részei' })).toHaveCount(0);
    // Their shop tokens open no door of the back office's API either.
    const token = await shopToken(page.request, account);
    for (const path of ['/api/admin/auth/me', '/api/admin/orders', '/api/admin/statistics']) {
      const answer = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status(), `${account.login} ${path}`).toBe(403);
      expect(await answer.json()).toMatchObject({ error: 'ERR_NOT_STAFF' });
    }
    await page.reload();
  }
});

/**
 * Issue 7: staff approve a pending registration in the back office; the customer gets the mail
 * and can log in to the shop.
 */
test('approving a pending registration lets the customer log in to the shop', async ({ page, browser }) => {
  // Before the approval the shop refuses the pending customer.
  await logIn(page, 'pending@example.com', 'pending123');
  await expect(page.getByRole('dialog', { name: 'Bejelentkezés' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bejelentkezés' }).getByRole('alert')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withoutOverlays(admin);
  await adminLogIn(admin);
  await expect(admin).toHaveURL(/\/admin\/registrations$/);
  const row = admin.getByRole('row', { name: /pending@example\.com/ });
  await expect(row).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-registrations');

  await row.getByRole('button', { name: 'Friss Pont Kft. jóváhagyása' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Regisztráció jóváhagyása' });
  await expect(confirm).toContainText('pending@example.com');
  await screenshots(admin, 'admin-registrations-approve');
  await confirm.getByRole('button', { name: 'Jóváhagyás' }).click();
  await expect(
    admin.getByText('pending@example.com jóváhagyva; a jóváhagyó e-mailt elküldtük.'),
  ).toBeVisible();
  await expect(admin.getByRole('row', { name: /pending@example\.com/ })).toHaveCount(0);

  const mail = await waitForMail('pending@example.com');
  expect(mail.subject).toMatch(/jóváhagytuk|approved/);

  await adminContext.close();

  await logIn(page, 'pending@example.com', 'pending123');
  await expectLoggedIn(page);
});

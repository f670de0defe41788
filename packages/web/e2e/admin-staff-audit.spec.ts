import { expect, test } from '@playwright/test';
import { screenshots, withoutOverlays, withoutOverlaysEach } from './support/accounts';
import { formatMoney, formatNumber } from '@shop/shared/format/format';
import { adminLogIn, adminToken } from './support/admin';
import { axeViolations } from './support/axe';
import { fillCartByApi, placeCartByApi, shopToken } from './support/orders';

test.beforeEach(withoutOverlaysEach);

test('an administrator creates a staff account; staff see only their sections; the audit log shows it', async ({
  page,
  browser,
}) => {
  const email = `staff-${Date.now()}@example.com`;
  await adminLogIn(page);
  await page.getByRole('link', { name: 'Munkatársi fiókok' }).click();
  await expect(page.getByRole('heading', { name: 'Munkatársi fiókok' })).toBeVisible();
  await page.getByRole('button', { name: 'Új fiók' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új fiók' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Név' }).fill('Próba Munkatárs');
  await dialog.getByLabel('Jelszó', { exact: false }).fill('Titok-123');
  await screenshots(page, 'admin-staff-create');
  await dialog.getByRole('button', { name: 'Mentés' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'admin-staff');

  await page.getByRole('link', { name: 'Napló' }).click();
  const row = page
    .getByRole('row', { name: /create/ })
    .filter({ hasText: 'staff' })
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rendszergazda');
  await row.getByRole('button', { name: 'Részletek' }).click();
  await expect(page.getByRole('dialog')).toContainText(email);
  await screenshots(page, 'admin-audit-detail');
  await page.getByRole('button', { name: 'Bezárás' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'admin-audit');

  // The new staff member signs in and sees no staff accounts or audit log.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await withoutOverlays(staff);
  await adminLogIn(staff, email, 'Titok-123');
  const nav = staff.getByRole('navigation', { name: 'A háttériroda részei' });
  await expect(nav.getByRole('link', { name: 'Regisztrációk' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Munkatársi fiókok' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Napló' })).toHaveCount(0);
  await staff.goto('/admin/audit');
  await expect(staff.getByRole('heading', { name: 'Az oldal nem található' })).toBeVisible();
  await context.close();
});

test('statistics show orders, revenue, page views and top products as charts; today counts the orders placed', async ({
  page,
}) => {
  await adminLogIn(page);
  // Today in the shop's time zone (SHOP_TIME_ZONE, Europe/Budapest by default), as the statistics count days.
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(new Date());
  const figuresOfToday = async () => {
    const answer = await page.request.get(`/api/admin/statistics?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${await adminToken(page)}` },
    });
    expect(answer.ok()).toBe(true);
    const { totals } = (await answer.json()) as { totals: { orders: number; revenue: number } };
    return { orders: totals.orders, revenue: totals.revenue };
  };
  const before = await figuresOfToday();

  // The demo customer places two orders of different products.
  const token = await shopToken(page.request);
  const placed = [];
  for (const [cartons, skip] of [
    [1, 0],
    [3, 1],
  ] as const) {
    await fillCartByApi(page.request, token, { cartons, skip });
    placed.push(await placeCartByApi(page.request, token));
  }
  const placedGross = placed.reduce((sum, order) => sum + order.itemsGross, 0);
  expect(placedGross).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Statisztika' }).click();
  await expect(page.getByRole('heading', { name: 'Statisztika' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rendelések naponta' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Bevétel naponta (bruttó)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Oldalmegtekintések naponta' })).toBeVisible();
  // Today's figures (the charts' tables, as a screen reader reads them) went up by exactly the two
  // orders and their items' gross.
  const todayIn = (chart: string) =>
    page
      .getByRole('table', { name: chart })
      .getByRole('row', { name: new RegExp(`^${today} `) })
      .getByRole('cell');
  await expect(todayIn('Rendelések naponta')).toHaveText(formatNumber(before.orders + 2));
  await expect(todayIn('Bevétel naponta (bruttó)')).toHaveText(formatMoney(before.revenue + placedGross));
  expect(await figuresOfToday()).toEqual({
    orders: before.orders + 2,
    revenue: before.revenue + placedGross,
  });

  // The demo seed's order history falls in a wide enough range.
  await page.getByLabel('Ettől').fill('2025-12-01');
  await expect(page.getByRole('img', { name: 'Legtöbb bevételt hozó termékek' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'admin-statistics');
});

import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, withoutOverlaysEach } from './support/accounts';
import { adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';

test.beforeEach(withoutOverlaysEach);

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(MOBILE.width);
}

/** A control lies wholly inside the viewport. */
async function expectOnScreen(page: Page, name: string | RegExp) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
}

/** Opens a section from the navigation drawer. */
async function openSection(page: Page, name: string) {
  await page.getByRole('button', { name: 'A menü megnyitása' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * The back office on a 390 px phone: the navigation is a drawer, the lists are stacked cards whose
 * actions stay on screen, and the dialogs fill the screen.
 */
test('the back-office lists and dialogs are usable at 390 px', async ({ page }) => {
  await adminLogIn(page);
  await page.setViewportSize(MOBILE);
  await expect(page.getByRole('navigation', { name: 'A háttériroda részei' })).toBeHidden();

  await openSection(page, 'Kategóriák');
  const categories = page.getByRole('list', { name: 'Kategóriák' });
  await expect(categories.getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(page, / szerkesztése$/);
  await expectOnScreen(page, / törlése$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/admin-mobile-categories.png' });
  await page
    .getByRole('button', { name: / szerkesztése$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Kategória szerkesztése' });
  await expect(dialog).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox?.width).toBe(MOBILE.width);
  await dialog.getByRole('button', { name: 'Mégse' }).click();
  await expect(dialog).toHaveCount(0);

  await openSection(page, 'Zárva tartás');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screenshots/admin-mobile-shop-closed.png' });

  await openSection(page, 'Szállítás és kiszállítás');
  await page.getByRole('tab', { name: 'Járatok' }).click();
  await expect(page.getByRole('list', { name: 'Járatok' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(page, / törlése$/);
  await page.screenshot({ path: 'test-results/screenshots/admin-mobile-routes.png' });

  await openSection(page, 'Rendelések');
  await expect(page.getByRole('list', { name: 'Rendelések' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/admin-mobile-orders.png' });

  await openSection(page, 'Termékek');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/screenshots/admin-mobile-products.png' });
  await page.setViewportSize(DESKTOP);
});

import { expect, test } from '@playwright/test';

test('the home page opens in Hungarian and switches to English', async ({ page }) => {
  // This visitor has already seen today's news pop-up (it shows at most once per 24 hours).
  await page.addInitScript(() => {
    if (!localStorage.getItem('news_last_shown')) localStorage.setItem('news_last_shown', String(Date.now()));
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
  await expect(page.getByRole('link', { name: 'Jogi információk' })).toBeVisible();

  await page.getByRole('button', { name: /Nyelv/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Legal information' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  await page.screenshot({ path: 'test-results/screenshots/home-en.png', fullPage: true });

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Legal information' })).toBeVisible();
});

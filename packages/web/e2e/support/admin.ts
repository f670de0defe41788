import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of the back-office journeys (admin-*.spec.ts). */

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };

/** Signs in at /admin/login (Hungarian, the default language) and waits for the layout. */
export async function adminLogIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail-cím vagy felhasználónév').fill(email);
  await page.getByLabel('Jelszó').fill(password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page.getByRole('navigation', { name: 'A háttériroda részei' })).toBeVisible();
}

/** A back-office token for a journey's own API calls (set-up, clean-up), from the admin login API. */
export async function adminApiToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/admin/auth/login', { data: ADMIN });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The back-office token in localStorage. */
export async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('admin_access_token'));
  if (!token) throw new Error('no admin token stored');
  return token;
}

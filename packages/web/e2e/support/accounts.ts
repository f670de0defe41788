import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { huTaxNumberCheckDigit } from '@shop/shared/rules/hu-tax-number';
import { mailsTo, type ReceivedMail } from './mailbox';

/** Helpers of the account journeys (accounts-*.spec.ts). */

/** The e2e shop's data folder (playwright.config.ts), where the admin command finds the database. */
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');

/** Staff approval through the documented command: `node packages/server/dist/cli.js admin approve EMAIL`. */
export function approveWithCommand(email: string): string {
  return execFileSync(process.execPath, ['packages/server/dist/cli.js', 'admin', 'approve', email], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', SMTP_URL: '' },
    encoding: 'utf8',
  });
}

/** A valid Hungarian tax number: seven random digits, their check digit, VAT code 2, territorial code 41. */
export function randomTaxNumber(): string {
  const firstSeven = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  return `${firstSeven}${huTaxNumberCheckDigit(firstSeven)}-2-41`;
}

/** A company registration number of the Budapest court, form 09 (Kft.), random serial. */
export function randomCompanyRegistrationNumber(): string {
  return `01-09-${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/** Waits for a mail to the address that carries a link whose path matches, and returns the link. */
export async function waitForLink(address: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of mailsTo(address).reverse()) {
      const link = linkOf(mail, pattern);
      if (link) return link;
    }
    if (Date.now() > end) throw new Error(`no mail to ${address} with a link matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function linkOf(mail: ReceivedMail, pattern: RegExp): string | null {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return links.find((link) => pattern.test(new URL(link).pathname)) ?? null;
}

/**
 * The account journeys look at account screens only: the news pop-ups (another feature, shown
 * once a day and once per login) are switched off by answering "no current news", and the cookie
 * notice is answered beforehand.
 */
export async function withoutOverlays(page: Page): Promise<void> {
  // The current news and its product news (`/api/news/current/products`).
  await page.route(/\/api\/news\/current/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'NOT_FOUND' }),
    }),
  );
  await page.addInitScript(() => {
    if (localStorage.getItem('cookie_consent') === null) localStorage.setItem('cookie_consent', 'accepted');
  });
}

/** `withoutOverlays` as a `test.beforeEach`: every test of the file starts without them. */
export function withoutOverlaysEach({ page }: { page: Page }): Promise<void> {
  return withoutOverlays(page);
}

/** Opens the login dialog and logs in; the dialog stays open when the server refuses. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Bejelentkezés' });
  await dialog.getByLabel('E-mail-cím vagy felhasználónév').fill(login);
  await dialog.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Bejelentkezés' }).click();
}

export async function expectLoggedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bejelentkezés' })).toHaveCount(0);
}

/** The access token the shop keeps in localStorage. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

export const DESKTOP = { width: 1440, height: 900 };

type ScreenshotOptions = NonNullable<Parameters<Page['screenshot']>[0]>;

/**
 * `page.screenshot`, once more if it hangs: Chromium sometimes never answers a capture taken right
 * after a resize (seen once in a full CI run: the test timed out inside the screenshot, and the same
 * test alone passed in 5 s). The first try gets 20 s; the second waits for the next frames and stops
 * animations. A page that cannot be captured twice still fails the test.
 */
export async function captureScreenshot(page: Page, options: ScreenshotOptions): Promise<void> {
  try {
    await page.screenshot({ timeout: 20_000, ...options });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    await page.waitForTimeout(500);
    await page.screenshot({ timeout: 20_000, ...options, animations: 'disabled' });
  }
}
export const MOBILE = { width: 390, height: 844 };

/**
 * Desktop and mobile screenshots into test-results/screenshots/: the window only unless `fullPage`,
 * with animations stopped unless `animations` is left on.
 */
export async function screenshots(
  page: Page,
  name: string,
  { fullPage = false, animations = true }: { fullPage?: boolean; animations?: boolean } = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    // Let layout and transitions settle after the resize.
    await page.waitForTimeout(400);
    await captureScreenshot(page, {
      path: `test-results/screenshots/${name}-${suffix}.png`,
      fullPage,
      ...(animations ? {} : { animations: 'disabled' as const }),
    });
  }
  if (before) await page.setViewportSize(before);
}

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { captureScreenshot } from './support/accounts';

/**
 * Content pages, the news pop-up, the special-offer newspaper and the downloads page in the
 * built shop on the demo data (README: demo accounts).
 */

const LEGAL_PAGES = [
  {
    path: '/legal-information',
    hu: 'Jogi információk',
    en: 'Legal information',
    huText: 'Cégjegyzékszám',
    enText: 'Company registration number',
  },
  {
    path: '/how-to-buy',
    hu: 'Hogyan vásárolhatok?',
    en: 'How to buy',
    huText: 'Regisztráció',
    enText: 'Registration',
  },
  { path: '/contact', hu: 'Kapcsolat', en: 'Contact', huText: 'Nyitvatartás', enText: 'Opening hours' },
  {
    path: '/privacy-policy',
    hu: 'Adatvédelmi tájékoztató',
    en: 'Privacy policy',
    huText: 'Oldalmegtekintések',
    enText: 'Page views',
  },
] as const;

const NEWS_TITLE = 'Új termékek érkeztek';
const CUSTOMER = { emailorusername: 'customer@example.com', password: 'customer123' };

/** Screenshots at 1440 and 390 px wide (the whole page, or only the window for a dialog). */
async function screenshots(page: Page, name: string, fullPage = true) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(200);
  await captureScreenshot(page, { path: `test-results/screenshots/${name}-1440.png`, fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await captureScreenshot(page, { path: `test-results/screenshots/${name}-390.png`, fullPage });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Storage set before the shop's scripts run on every page of the test. */
async function initStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      if (window.localStorage.getItem(`e2e-set-${key}`) === null) {
        window.localStorage.setItem(key, value);
        window.localStorage.setItem(`e2e-set-${key}`, '1');
      }
    }
  }, values);
}

async function logIn(page: Page): Promise<{ token: string; userId: string }> {
  const response = await page.request.post('/api/auth/login', { data: CUSTOMER });
  expect(response.ok()).toBe(true);
  const { access_token: token } = (await response.json()) as { access_token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    userId: number;
  };
  return { token, userId: String(claims.userId) };
}

test('the legal pages open in Hungarian and in English', async ({ page }) => {
  // The news pop-up was shown a minute ago, so it does not cover the pages.
  await initStorage(page, { news_last_shown: String(Date.now() - 60_000) });
  for (const language of ['hu', 'en'] as const) {
    await page.goto('/');
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    for (const legal of LEGAL_PAGES) {
      await page.goto(legal.path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: legal[language] })).toBeVisible();
      await expect(page.getByRole('article')).toContainText(language === 'hu' ? legal.huText : legal.enText);
      await expect(page).toHaveTitle(new RegExp(`^${legal[language].replace('?', '\\?')} \\| `));
    }
  }
  // Unknown paths are the not-found view.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await page.goto('/privacy-policy');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Adatvédelmi tájékoztató' })).toBeVisible();
  await screenshots(page, 'content-privacy-policy');
});

test('a navigation reports the page view; the user id only goes with analytics consent', async ({ page }) => {
  const { token, userId } = await logIn(page);
  // The pop-up and the product news were shown already in this session.
  await initStorage(page, {
    news_last_shown: String(Date.now()),
    access_token: token,
    product_news_shown: userId,
  });
  await page.goto('/legal-information');
  await expect(page.getByRole('heading', { level: 1, name: 'Jogi információk' })).toBeVisible();
  await page.getByRole('button', { name: 'Elfogadom' }).click();

  const accepted = page.waitForRequest((request) => request.url().endsWith('/api/tracking/page-view'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Kapcsolat' }).click();
  const withConsent = await accepted;
  expect(withConsent.postDataJSON()).toEqual({ path: '/contact', language: 'hu', consent: true });
  expect(withConsent.headers().authorization).toBe(`Bearer ${token}`);
  expect((await withConsent.response())?.status()).toBe(204);

  await page.evaluate(() => localStorage.setItem('cookie_consent', 'declined'));
  const declined = page.waitForRequest((request) => request.url().endsWith('/api/tracking/page-view'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Adatkezelési tájékoztató' }).click();
  const anonymous = await declined;
  expect(anonymous.postDataJSON()).toEqual({ path: '/privacy-policy', language: 'hu', consent: false });
  expect(anonymous.headers().authorization).toBeUndefined();
});

test('the news pop-up shows once and the floating button opens it again', async ({ page }) => {
  await initStorage(page, { cookie_consent: 'accepted' });
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: NEWS_TITLE });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Megérkeztek az új ázsiai és szezonális termékek');
  await expect(page.locator('.MuiBackdrop-root').first()).toHaveCSS('opacity', '1');
  await screenshots(page, 'content-news-popup', false);
  await popup.getByRole('button', { name: 'Rendben' }).click();
  await expect(popup).toBeHidden();

  // Within 24 hours it does not open by itself again.
  await page.reload();
  const button = page.getByRole('button', { name: 'Hírek' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await button.click();
  await expect(page.getByRole('dialog', { name: NEWS_TITLE })).toBeVisible();
});

test('a logged-in customer sees the product news once and downloads the newspaper and the price list', async ({
  page,
}) => {
  const { token } = await logIn(page);
  await initStorage(page, {
    access_token: token,
    cookie_consent: 'accepted',
    news_last_shown: String(Date.now() - 60_000),
  });

  // The product news of the current news item, once per login session.
  await page.goto('/');
  const productNews = page.getByRole('dialog', { name: 'Újdonságaink' });
  await expect(productNews).toBeVisible();
  await expect(productNews.getByRole('listitem').first()).toContainText('Ft / db');
  await screenshots(page, 'content-product-news', false);
  await productNews.getByRole('button', { name: 'Rendben' }).click();
  await expect(productNews).toBeHidden();

  await page.goto('/special-offer');
  await expect(page.getByRole('heading', { level: 1, name: 'Akciós újság' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const generated = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: 'A mai akciókból, az Ön áraival' });
  await expect(generated).toContainText(/Érvényes: \d{4}\.\d{2}\.\d{2}/);
  await screenshots(page, 'content-special-offer');

  const pdfDownload = page.waitForEvent('download');
  await generated.getByRole('button', { name: /^Letöltés \(PDF\)/ }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^akcios-ujsag-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfPath = await pdf.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  await pdf.saveAs('test-results/content-newspaper.pdf');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Letöltések' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Letöltések' })).toBeVisible();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Árlista letöltése (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^arlista-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await screenshots(page, 'content-downloads');
});

test('the special-offer page asks anonymous visitors to log in', async ({ page }) => {
  await initStorage(page, { news_last_shown: String(Date.now()), cookie_consent: 'declined' });
  await page.goto('/special-offer');
  await expect(page.getByRole('heading', { level: 1, name: 'Bejelentkezés szükséges' })).toBeVisible();
  expect((await page.request.get('/api/newspapers')).status()).toBe(401);
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { withGs1CheckDigit } from '@shop/shared/rules/gs1-barcode';
import { axeViolations } from './support/axe';
import { ean13Picture, writeY4m } from './support/barcode-video';
import { MOBILE, withoutOverlays } from './support/accounts';

/**
 * Scanning (issue 19 points 5, 6 and 8): a hardware scanner typing a carton's barcode and Enter into
 * the search field opens the product with the carton chosen; the camera scanner reads an EAN-13 from
 * Chromium's fake camera (a video of the barcode this test draws) through the ZXing WebAssembly
 * polyfill served by the shop itself, opens the product with the carton chosen, and in continuous
 * mode puts a carton into the cart. Axe on the scanner; screenshots at 390 px in Hungarian and Chinese.
 */

const SHOTS = 'test-results/screenshots';

interface ListedProduct {
  sku: string;
  stock: number;
  isOrderable: boolean;
  packSizes: { unit: string; pieces: number; barcode: string | null }[];
}

interface Carton {
  sku: string;
  barcode: string;
  pieces: number;
  pieceBarcode: string;
}

/** A demo product in stock whose piece and carton have barcodes. */
async function cartonOfDemoProduct(request: APIRequestContext): Promise<Carton> {
  const answer = await request.get('/api/products/all?productsPerPage=50');
  expect(answer.ok()).toBe(true);
  const { products } = (await answer.json()) as { products: ListedProduct[] };
  for (const product of products) {
    const carton = product.packSizes.find((pack) => pack.unit === 'carton' && pack.barcode);
    const piece = product.packSizes.find((pack) => pack.unit === 'piece');
    if (carton?.barcode && piece?.barcode && product.isOrderable && product.stock >= carton.pieces * 2) {
      return {
        sku: product.sku,
        barcode: carton.barcode,
        pieces: carton.pieces,
        pieceBarcode: piece.barcode,
      };
    }
  }
  throw new Error('no demo product with a carton barcode');
}

/** Logs the demo customer in; returns the access token. */
async function logIn(page: Page): Promise<string> {
  const answer = await page.request.post('/api/auth/login', {
    data: { emailorusername: 'customer@example.com', password: 'customer123' },
  });
  expect(answer.ok()).toBe(true);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  await page.goto('/about-blank-for-token');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  return token;
}

async function emptyLine(page: Page, token: string, sku: string): Promise<void> {
  const answer = await page.request.post('/api/cart/set-product-quantity', {
    headers: { authorization: `Bearer ${token}` },
    data: { productSku: sku, quantity: 0 },
  });
  expect(answer.ok()).toBe(true);
}

test('a hardware scanner typing a barcode into the search field opens its product with the scanned pack', async ({
  page,
}) => {
  await withoutOverlays(page);
  const carton = await cartonOfDemoProduct(page.request);
  await logIn(page);
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Keresés a termékek között' });
  const scanner = page.getByRole('dialog', { name: 'Vonalkód beolvasása' });
  // The piece's barcode chooses the piece (the demo products step by the carton by default).
  await search.fill(carton.pieceBarcode);
  await search.press('Enter');
  await expect(scanner.getByText(`Beolvasott vonalkód: ${carton.pieceBarcode} (Darab)`)).toBeVisible();
  await expect(scanner.getByRole('combobox', { name: 'Lépésköz' })).toHaveValue('piece');
  await scanner.getByRole('button', { name: 'Bezárás' }).click();
  await expect(scanner).toBeHidden();

  await search.fill(carton.barcode);
  await search.press('Enter');
  await expect(scanner.getByText(`Cikkszám: ${carton.sku}`)).toBeVisible();
  await expect(scanner.getByText(`Beolvasott vonalkód: ${carton.barcode} (Karton)`)).toBeVisible();
  await expect(scanner.getByRole('combobox', { name: 'Lépésköz' })).toHaveValue('carton');
  await expect(scanner.getByRole('textbox', { name: 'Mennyiség' })).toBeVisible();
  // Straight to the product: no search results page.
  await expect(page).toHaveURL(/\/$/);

  await scanner.getByRole('button', { name: 'Bezárás' }).click();
  await expect(scanner).toBeHidden();
  // A valid code that no product carries says so.
  const unknown = withGs1CheckDigit('599999999999');
  await search.fill(unknown);
  await search.press('Enter');
  await expect(
    page.getByRole('dialog').getByText(`Nincs termék ezzel a vonalkóddal: ${unknown}.`),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Bezárás' }).click();

  // Text that is not a barcode still searches.
  await search.fill('5991234');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=5991234$/);
});

test.describe('the camera scanner', () => {
  let browser: Browser;
  let carton: Carton;

  test.beforeAll(async ({ request }, testInfo) => {
    carton = await cartonOfDemoProduct(request);
    const video = testInfo.outputPath('carton-barcode.y4m');
    mkdirSync(path.dirname(video), { recursive: true });
    writeY4m(video, ean13Picture(carton.barcode));
    const launch = testInfo.project.use.launchOptions ?? {};
    browser = await chromium.launch({
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  test('reads the carton barcode from the camera, opens its product with the carton and adds cartons in continuous mode', async ({
    baseURL,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ baseURL, viewport: MOBILE, permissions: ['camera'] });
    const page = await context.newPage();
    await withoutOverlays(page);
    const token = await logIn(page);
    await emptyLine(page, token, carton.sku);
    // The polyfill's WebAssembly comes from the shop, never from a CDN.
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.wasm')) wasm.push(request.url());
    });
    await page.goto('/');

    await page.getByRole('button', { name: 'Vonalkód beolvasása' }).click();
    const scanner = page.getByRole('dialog', { name: 'Vonalkód beolvasása' });
    await expect(scanner.getByText(`Cikkszám: ${carton.sku}`)).toBeVisible({ timeout: 20_000 });
    await expect(scanner.getByText(`Beolvasott vonalkód: ${carton.barcode} (Karton)`)).toBeVisible();
    await expect(scanner.getByRole('combobox', { name: 'Lépésköz' })).toHaveValue('carton');
    await expect(scanner.getByRole('textbox', { name: 'Mennyiség' })).toBeVisible();
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(new URL(url).origin).toBe(new URL(baseURL as string).origin);

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/scanner-hu-390.png`, animations: 'disabled' });

    // Continuous mode: the scan puts one carton into the cart, with the sound and the vibration.
    const additions: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cart/set-product-quantity')) additions.push(request.postDataJSON());
    });
    const added = page.waitForRequest((request) => request.url().endsWith('/api/cart/set-product-quantity'));
    await scanner.getByRole('switch', { name: 'Minden beolvasott termék kerüljön a kosárba' }).check();
    const request = await added;
    expect(request.postDataJSON()).toEqual({ productSku: carton.sku, quantity: carton.pieces });
    await expect(scanner.getByText(/^A kosárba került: .+ \(1 × Karton\)$/)).toBeVisible();
    // The carton stays in front of the camera: it counts once, not once per frame.
    await page.waitForTimeout(3000);
    expect(additions).toEqual([{ productSku: carton.sku, quantity: carton.pieces }]);
    expect(await axeViolations(page)).toEqual([]);
    await emptyLine(page, token, carton.sku);

    // Chinese.
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.reload();
    await page.getByRole('button', { name: '扫描条形码' }).click();
    const zhScanner = page.getByRole('dialog', { name: '扫描条形码' });
    await expect(zhScanner.getByText(`已扫描条形码：${carton.barcode}`, { exact: false })).toBeVisible({
      timeout: 20_000,
    });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/scanner-zh-390.png`, animations: 'disabled' });
    await context.close();
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { MOBILE, withoutOverlays } from './support/accounts';
import { adminApiToken } from './support/admin';
import { reloadUnderServiceWorker, startOfflineJourney } from './support/service-worker';
import { shopToken } from './support/orders';

/**
 * The installable, offline shop (issue 19 points 1–3 and 8): the customer keeps the catalogue on
 * the phone (/profile/offline), the service worker takes over, the connection goes
 * (`context.setOffline`), and the shop still opens, browses a category, searches, scans a barcode
 * with the keyboard wedge and fills the cart from the stored data under the "offline, prices as of"
 * banner. Meanwhile the shop raises one product's prices and sells the other out; when the
 * connection returns the queued changes are sent in order and the server's corrections are shown
 * line by line. Axe on the new views; screenshots at 390 px in Hungarian and Chinese.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test.use({ serviceWorkers: 'allow', viewport: MOBILE });

interface ListedProduct {
  id: number;
  image: string | null;
  sku: string;
  stock: number;
  isOrderable: boolean;
  minOrderQuantity: string | null;
  productDetails: { name: string }[];
  packSizes: { unit: string; pieces: number; barcode: string | null }[];
  categories: { slug: string; parentSlug: string | null }[];
}

type AdminProduct = Record<string, unknown> & { stock: number; prices: { price: number }[] };

async function adminProduct(request: APIRequestContext, token: string, id: number): Promise<AdminProduct> {
  const answer = await request.get(`/api/admin/catalogue/products/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as AdminProduct;
}

async function saveProduct(request: APIRequestContext, token: string, id: number, product: AdminProduct) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...input } = product;
  const answer = await request.put(`/api/admin/catalogue/products/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: input,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Two demo products that are in stock and orderable by the piece, with a piece barcode and a category. */
async function twoProducts(
  request: APIRequestContext,
  token: string,
): Promise<[ListedProduct, ListedProduct]> {
  const answer = await request.get('/api/products/all?productsPerPage=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const { products } = (await answer.json()) as { products: ListedProduct[] };
  const fit = products.filter(
    (p) =>
      p.isOrderable &&
      p.stock >= 200 &&
      p.categories.length > 0 &&
      p.packSizes.some((pack) => pack.unit === 'piece' && pack.barcode),
  );
  expect(fit.length).toBeGreaterThanOrEqual(2);
  return [fit[0]!, fit[1]!];
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

test('keeps the catalogue offline, browses, searches, scans and fills the cart without a connection, then shows the server’s corrections', async ({
  page,
  context,
  request,
}) => {
  const { token, auth } = await startOfflineJourney(page, request, SHOTS);
  expect((await request.delete('/api/cart/delete', { headers: auth })).ok()).toBe(true);
  const [first, second] = await twoProducts(request, token);
  const category = first.categories[0]!;
  const main = category.parentSlug ?? category.slug;
  const categoryPath = category.parentSlug ? `/category/${main}/${category.slug}` : `/category/${main}`;
  const inCategory = await request.get(
    `/api/products/all?productsPerPage=50&mainCategorySlug=${main}${
      category.parentSlug ? `&subCategorySlug=${category.slug}` : ''
    }`,
    { headers: auth },
  );
  const firstOfCategory = ((await inCategory.json()) as { products: ListedProduct[] }).products[0]!;
  const secondBarcode = second.packSizes.find((pack) => pack.unit === 'piece')!.barcode!;

  await page.goto('/about-blank-for-token');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);

  // Keep the catalogue on this device.
  await page.goto('/profile/offline');
  await expect(page.getByRole('heading', { name: 'Offline katalógus' })).toBeVisible();
  await expect(page.getByText('A katalógus még nincs tárolva ezen az eszközön.')).toBeVisible();
  // The shell's loading bar (outside the landmarks while a page loads) is gone.
  await expect(page.locator('[role="progressbar"][aria-label]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'offline-page-hu-390');
  await page.getByRole('button', { name: 'Elérhetővé tétel offline' }).click();
  await expect(page.getByTestId('offline-status')).toContainText('termék tárolva', { timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Frissítés most' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'offline-page-stored-hu-390');

  // The service worker has precached the shell; after a reload it controls the page.
  await reloadUnderServiceWorker(page);

  // The pictures are kept in the background.
  await expect
    .poll(
      () =>
        page.evaluate(
          async (url) => (await (await caches.open('product-images')).match(url)) !== undefined,
          firstOfCategory.image!,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);

  // No connection: the shop still opens, from the service worker and the stored catalogue.
  await context.setOffline(true);
  await page.goto('/');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline mód: az árak és a készlet', { timeout: 20_000 });

  // Browse a category; the stored pictures show.
  await page.goto(categoryPath);
  const firstBox = page.getByRole('article', { name: firstOfCategory.productDetails[0]!.name }).first();
  await expect(firstBox).toBeVisible();
  await expect
    .poll(() =>
      firstBox
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(banner).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'offline-category-hu-390');

  // Search by SKU and put the first product into the cart.
  const search = page.getByRole('searchbox', { name: 'Keresés a termékek között' });
  await search.fill(first.sku);
  await search.press('Enter');
  // The results page lists the SKU match; its link opens the product dialog.
  const bySku = page.getByRole('region', { name: 'Cikkszám szerint (1)' });
  await expect(bySku).toBeVisible();
  // The category search of the results page is answered from the stored categories too (no error).
  await expect(page.getByText('Ismeretlen hiba a kategóriákra keresésnél.')).toHaveCount(0);
  await bySku.getByRole('link', { name: first.productDetails[0]!.name }).click();
  const productDialog = page.getByRole('dialog', { name: first.productDetails[0]!.name });
  await productDialog.getByRole('button', { name: 'Kosárba' }).click();
  await expect(banner).toContainText('Elküldésre váró kosármódosítások: 1.');
  await page.keyboard.press('Escape');
  await expect(productDialog).toBeHidden();

  // A hardware scanner types the second product's barcode: the stored catalogue finds it.
  await page.goto('/');
  await expect(banner).toContainText('Elküldésre váró kosármódosítások: 1.');
  await search.fill(secondBarcode);
  await search.press('Enter');
  const scanner = page.getByRole('dialog', { name: 'Vonalkód beolvasása' });
  await expect(scanner.getByText(`Cikkszám: ${second.sku}`)).toBeVisible();
  await scanner.getByRole('button', { name: 'Kosárba' }).click();
  await expect(banner).toContainText('Elküldésre váró kosármódosítások: 2.');
  await scanner.getByRole('button', { name: 'Bezárás' }).click();
  await shot(page, 'offline-cart-queued-hu-390');

  // Meanwhile the shop raises the first product's prices and sells the second out.
  const admin = await adminApiToken(request);
  const firstBefore = await adminProduct(request, admin, first.id);
  const secondBefore = await adminProduct(request, admin, second.id);
  try {
    await saveProduct(request, admin, first.id, {
      ...firstBefore,
      prices: firstBefore.prices.map((entry) => ({ ...entry, price: entry.price + 10_000 })),
    });
    await saveProduct(request, admin, second.id, { ...secondBefore, stock: 0 });

    // The connection returns: the queued changes are sent in order, the corrections shown.
    await context.setOffline(false);
    const corrections = page.getByRole('dialog', { name: 'Az offline kosármódosításokat elküldtük' });
    await expect(corrections).toBeVisible({ timeout: 30_000 });
    const lines = corrections.getByTestId('offline-correction');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(first.sku);
    await expect(lines.nth(0)).toContainText('Az ár megváltozott');
    await expect(lines.nth(1)).toContainText(second.sku);
    await expect(lines.nth(1)).toContainText('A kért mennyiség nem áll rendelkezésre.');
    // The corrections dialog (the page behind it is the listing journeys').
    expect(await axeViolations(page, (axe) => axe.include('[role="dialog"]'))).toEqual([]);
    await shot(page, 'offline-corrections-hu-390');
    await corrections.getByRole('button', { name: 'Rendben' }).click();
    await expect(banner).toBeHidden();

    // The server's cart: the first product, the sold-out one not.
    const cart = (await (await request.get('/api/cart', { headers: auth })).json()) as {
      cartItemIds: string[];
    };
    expect(cart.cartItemIds).toContain(first.sku);
    expect(cart.cartItemIds).not.toContain(second.sku);
  } finally {
    await saveProduct(request, admin, first.id, firstBefore);
    await saveProduct(request, admin, second.id, secondBefore);
    await request.delete('/api/cart/delete', { headers: auth });
  }

  // Chinese: the names are synced again in Chinese; the banner and the offline page in Chinese.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.goto('/profile/offline');
  await page.getByRole('button', { name: '立即更新' }).click();
  await expect(page.getByTestId('offline-status')).toContainText('已保存', { timeout: 90_000 });
  await expect(page.getByRole('button', { name: '立即更新' })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'offline-page-zh-390');
  await context.setOffline(true);
  await page.goto('/');
  await expect(banner).toContainText('离线模式', { timeout: 20_000 });
  // The banner (the listing's own views are the catalogue journeys').
  expect(await axeViolations(page, (axe) => axe.include('[data-testid="offline-banner"]'))).toEqual([]);
  await shot(page, 'offline-home-zh-390');
  await context.setOffline(false);
});

/**
 * What the page asks of IndexedDB, recorded from before the app starts: the reads of many records
 * (getAll and cursors) per store, and the read-write transactions with their stores.
 */
async function recordIndexedDb(page: Page) {
  await page.addInitScript(() => {
    const log = { reads: [] as string[], writes: [] as string[][] };
    (window as unknown as { idbLog: typeof log }).idbLog = log;
    const storeOf = (source: IDBObjectStore | IDBIndex) =>
      source instanceof IDBIndex ? source.objectStore.name : source.name;
    for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as (IDBObjectStore | IDBIndex)[]) {
      for (const name of ['getAll', 'openCursor'] as const) {
        const original = proto[name] as (...args: unknown[]) => IDBRequest;
        Object.defineProperty(proto, name, {
          value(this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
            log.reads.push(storeOf(this));
            return original.apply(this, args);
          },
        });
      }
    }
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: unknown[]) {
      const [stores, mode] = args as [string | string[], IDBTransactionMode | undefined];
      if (mode === 'readwrite') log.writes.push([stores].flat().sort());
      return (transaction as (...a: unknown[]) => IDBTransaction).apply(this, args);
    } as typeof IDBDatabase.prototype.transaction;
  });
}

/**
 * Holds the shell's idle-time work (requestIdleCallback, use-when-idle.ts) until the test releases it:
 * a busy phone, where the shell mounts its offline host only after the first keep has finished and
 * the offline session starts then. The fresh-clone CI run that failed was such a case: the session
 * started a delta sync of its own between the test's stock changes and its click.
 */
async function holdIdleWork(page: Page) {
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    let released = false;
    const run = (callback: IdleRequestCallback) =>
      callback({ didTimeout: false, timeRemaining: () => 0 } as IdleDeadline);
    window.requestIdleCallback = ((callback: IdleRequestCallback) => {
      if (released) setTimeout(() => run(callback), 0);
      else held.push(callback);
      return 0;
    }) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = () => undefined;
    (window as unknown as { releaseIdleWork: () => void }).releaseIdleWork = () => {
      released = true;
      for (const callback of held.splice(0)) run(callback);
    };
  });
}

test('a delta sync reads the stored fingerprints in one record and writes the changed products in one transaction', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await withoutOverlays(page);
  await recordIndexedDb(page);
  await holdIdleWork(page);
  const token = await shopToken(request);
  const [first, second] = await twoProducts(request, token);
  await page.goto('/about-blank-for-token');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/profile/offline');
  await page.getByRole('button', { name: 'Elérhetővé tétel offline' }).click();
  await expect(page.getByTestId('offline-status')).toContainText('termék tárolva', { timeout: 90_000 });
  // Only now does the shell mount its offline host, and the offline session starts (its code loads).
  await page.evaluate(() => (window as unknown as { releaseIdleWork: () => void }).releaseIdleWork());
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/offline-session-[^/]*\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  const update = page.getByRole('button', { name: 'Frissítés most' });
  await expect(update).toBeEnabled();
  const deltas = () =>
    page.evaluate(() => performance.getEntriesByName('offline-sync:delta', 'measure').length);
  const deltasBefore = await deltas();
  // The session's start did not compare the catalogue again right after the first keep.
  expect(deltasBefore).toBe(0);

  // Two products change on the server: their stock.
  const admin = await adminApiToken(request);
  const firstBefore = await adminProduct(request, admin, first.id);
  const secondBefore = await adminProduct(request, admin, second.id);
  try {
    await saveProduct(request, admin, first.id, { ...firstBefore, stock: firstBefore.stock + 3 });
    await saveProduct(request, admin, second.id, { ...secondBefore, stock: secondBefore.stock + 5 });
    await page.evaluate(() => {
      const log = (window as unknown as { idbLog: { reads: string[]; writes: string[][] } }).idbLog;
      log.reads.length = 0;
      log.writes.length = 0;
    });
    await update.click();
    await expect(page.getByText('A legutóbbi frissítéskor 2 termék változott.')).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(deltas).toBe(deltasBefore + 1);
    const log = await page.evaluate(
      () => (window as unknown as { idbLog: { reads: string[]; writes: string[][] } }).idbLog,
    );
    // No stored price row was read to tell the server what the device holds.
    expect(log.reads.filter((store) => store === 'prices' || store === 'items')).toEqual([]);
    // The two products, their prices and the fingerprints: one transaction.
    expect(log.writes.filter((stores) => stores.includes('prices'))).toEqual([
      ['fingerprints', 'items', 'prices'],
    ]);
    // The stored products carry the new stock.
    const stored = await page.evaluate(
      async (ids) => {
        const open = indexedDB.open(
          (await indexedDB.databases()).find((db) => db.name?.startsWith('shop-offline-'))!.name!,
        );
        const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
        const items = db.transaction('items').objectStore('items');
        const read = (id: number) =>
          new Promise<{ stock: number }>((resolve) => {
            const get = items.get(id);
            get.onsuccess = () => resolve(get.result as { stock: number });
          });
        const rows = [await read(ids[0]!), await read(ids[1]!)];
        db.close();
        return rows.map((row) => row.stock);
      },
      [first.id, second.id],
    );
    expect(stored).toEqual([firstBefore.stock + 3, secondBefore.stock + 5]);
  } finally {
    await saveProduct(request, admin, first.id, firstBefore);
    await saveProduct(request, admin, second.id, secondBefore);
  }
});

test('a sync whose connection stalls is given up after a minute with a message, and keeping the catalogue works when tried again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await withoutOverlays(page);
  // The page's timers run on Playwright's clock, so a minute can pass at once.
  await page.clock.install();
  const token = await shopToken(request);
  // The connection stalls: the catalogue's chunks are never answered (nor refused).
  const stalled: string[] = [];
  await page.route('**/api/offline/catalogue?**', (route) => {
    stalled.push(route.request().url());
  });
  await page.goto('/about-blank-for-token');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/profile/offline');
  const keep = page.getByRole('button', { name: 'Elérhetővé tétel offline' });
  await keep.click();
  await expect.poll(() => stalled.length).toBe(1);
  await expect(keep).toBeDisabled();
  const failed = page.getByText(
    'A frissítés nem sikerült: Hiba történt a szerverrel való kapcsolatban. Kérjük, próbálja újra később.',
  );
  // Just under a minute: still waiting for the answer.
  await page.clock.fastForward('00:59');
  await expect(keep).toBeDisabled();
  await expect(failed).toHaveCount(0);
  // Past the minute the call is given up: the sync fails with a message instead of running for ever.
  await page.clock.fastForward('00:02');
  await expect(failed).toBeVisible();
  await expect(keep).toBeEnabled();
  expect(stalled).toHaveLength(1);

  // The connection is back: the same button keeps the catalogue (the failed sync did not hold the queue).
  await page.unroute('**/api/offline/catalogue?**');
  await keep.click();
  await expect(page.getByTestId('offline-status')).toContainText('termék tárolva', { timeout: 90_000 });
  await expect(failed).toHaveCount(0);
});

test('the web app manifest and the service worker are served by the shop', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as { icons: { src: string; purpose: string }[]; display: string };
  expect(body.display).toBe('standalone');
  expect(body.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
  for (const icon of body.icons) {
    const answer = await request.get(icon.src);
    expect(answer.ok(), icon.src).toBe(true);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // Pages still come from the server: the worker falls back to the shell only without a connection.
  const html = await request.get('/');
  expect(await html.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
});

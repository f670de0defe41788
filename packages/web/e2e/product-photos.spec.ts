import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { logIn, expectLoggedIn } from './support/accounts';
import { adminApiToken, adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';
import { mailsTo } from './support/mailbox';
import { desktopWithoutOverlays, screenshotsInto } from './support/screens';

/**
 * Issue 17: staff upload a photo in the back office and the shop shows it (desktop and phone,
 * Hungarian and Chinese); a customer asks to be told when a sold-out product is back, an ERP stock
 * batch brings it back and the mail arrives. The demo data is put back at the end (the photo goes,
 * the stock returns to 0), so the journeys after this one see the shop as before.
 */

const SHOTS = '/tmp/shots/photos';
const SOLD_OUT = 'QC-OUT-OF-STOCK';
const CUSTOMER = { email: 'customer@example.com', password: 'customer123' };

// Several screens, two languages and two widths each, with axe on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(desktopWithoutOverlays);

/** The window (what a visitor sees first) at 1440 and 390 px: /tmp/shots/photos/<name>-<language>-<width>.png. */
const shoot = screenshotsInto(SHOTS, { fullPage: false });

/** A photo made for the test: a landscape picture with a blue and an orange half. */
async function testPhoto(): Promise<Buffer> {
  const half = await sharp({ create: { width: 800, height: 900, channels: 3, background: '#1f5fa8' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f08a24' } })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

test('a photo uploaded in the back office shows in the shop at desktop and phone widths', async ({
  page,
}) => {
  // The first product of the home listing: its box loads the photo at once (eager).
  const listing = await page.request.get('/api/products/all?currentPage=1');
  expect(listing.ok()).toBe(true);
  const first = (
    (await listing.json()) as { products: { sku: string; productDetails: { name: string }[] }[] }
  ).products[0]!;
  const sku = first.sku;

  await adminLogIn(page);
  await page.goto(`/admin/products?q=${encodeURIComponent(sku)}`);
  await page.getByRole('button', { name: `${sku} szerkesztése` }).click();
  const dialog = page.getByRole('dialog', { name: `Termék szerkesztése: ${sku}` });
  await expect(dialog.getByRole('heading', { name: 'Fényképek' })).toBeVisible();
  await expect(dialog.getByText('Ennek a terméknek még nincs fényképe')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: `${sku}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await testPhoto(),
  });
  const row = dialog.locator('[data-photo-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1280 × 720');
  await row.getByLabel('Leírás (HU)').fill('Kék és narancs termékfotó');
  await row.getByLabel('Leírás (ZH)').fill('蓝橙两色产品照片');
  await row.getByRole('button', { name: 'Leírások mentése' }).click();
  await expect(page.getByText('A fényképek mentve')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'admin-photos-card-hu');
  await dialog.getByRole('button', { name: 'Mégse' }).click();

  // The shop's home listing: the first box shows the photo through srcset, loaded at once.
  for (const language of ['hu', 'zh'] as const) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/');
    const box = page.locator(`article[data-sku="${sku}"]`);
    const image = box.locator('picture img');
    await expect(image).toHaveAttribute(
      'alt',
      language === 'hu' ? 'Kék és narancs termékfotó' : '蓝橙两色产品照片',
    );
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('width', '160');
    await expect(image).toHaveAttribute('height', '160');
    await expect(box.locator('picture source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /-320\.webp 320w/,
    );
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/photos\/[0-9a-f]+-\d+\.webp$/,
    );
    // axe on the product boxes (the listing's own pagination landmarks are another journey's subject).
    expect(await axeViolations(page, (builder) => builder.include('article[data-sku]'))).toEqual([]);
    await box.scrollIntoViewIfNeeded();
    await shoot(page, `shop-listing-${language}`);
    // The product dialog: the larger picture.
    await page.goto(`/?product=${encodeURIComponent(sku)}`);
    const productDialog = page.getByRole('dialog');
    await expect(productDialog.locator('picture img')).toHaveAttribute('width', '240');
    await expect
      .poll(() =>
        productDialog
          .locator('picture img')
          .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      )
      .toBeGreaterThan(0);
    await shoot(page, `shop-dialog-${language}`);
  }
  await page.evaluate(() => localStorage.setItem('language', 'hu'));

  // The bulk page in the back office (the report of an archive with a file that is no photo).
  await page.goto('/admin/product-photos');
  await expect(page.getByRole('heading', { name: 'Fényképek feltöltése ZIP-ben' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'admin-zip-hu');

  // Put the demo data back: the photo goes, the shop shows the drawn picture again.
  const token = await adminApiToken(page.request);
  const photos = await page.request.get(`/api/admin/products/${encodeURIComponent(sku)}/photos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  for (const photo of ((await photos.json()) as { photos: { id: number }[] }).photos) {
    const removed = await page.request.delete(
      `/api/admin/products/${encodeURIComponent(sku)}/photos/${photo.id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(removed.ok()).toBe(true);
  }
});

test('a back-in-stock request is fulfilled by an ERP stock batch and the mail arrives', async ({ page }) => {
  const token = await adminApiToken(page.request);
  const key = await page.request.post('/api/admin/integration/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Photos journey ERP' },
  });
  expect(key.status()).toBe(201);
  const apiKey = ((await key.json()) as { key: string }).key;
  const stock = (value: number, batchId: string) =>
    page.request.post('/api/integration/stock/batch', {
      headers: { 'x-api-key': apiKey },
      data: { batchId, items: [{ sku: SOLD_OUT, stock: value }] },
    });

  await logIn(page, CUSTOMER.email, CUSTOMER.password);
  await expectLoggedIn(page);
  await page.goto(`/?product=${SOLD_OUT}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Értesítsen, ha újra kapható' }).click();
  await expect(dialog.getByText('E-mailt küldünk, amikor újra kapható.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'notify-me-hu');

  await page.goto('/profile/back-in-stock');
  const item = page.locator(`li[data-sku="${SOLD_OUT}"]`);
  await expect(item).toContainText('Tamarindpaszta');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'profile-alerts-hu');
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(item).toContainText('罗望子酱');
  await shoot(page, 'profile-alerts-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));

  const before = mailsTo(CUSTOMER.email).filter((m) => m.subject.includes(SOLD_OUT)).length;
  const batch = await stock(30, `photos-journey-${Date.now()}`);
  expect(batch.ok()).toBe(true);
  await expect
    .poll(() => mailsTo(CUSTOMER.email).filter((m) => m.subject.includes(SOLD_OUT)).length, {
      timeout: 20_000,
    })
    .toBe(before + 1);
  const mail = mailsTo(CUSTOMER.email)
    .filter((m) => m.subject.includes(SOLD_OUT))
    .pop()!;
  expect(mail.subject).toContain('Újra kapható');
  expect(mail.text).toContain(`Cikkszám: ${SOLD_OUT}`);
  expect(mail.text).toMatch(new RegExp(`/\\?product=${SOLD_OUT}`));

  // The request is closed: the profile list is empty.
  await page.goto('/profile/back-in-stock');
  await expect(page.getByText('Nincs várakozó értesítéskérése.')).toBeVisible();

  // Put the demo data back: the product is sold out again.
  expect((await stock(0, `photos-journey-reset-${Date.now()}`)).ok()).toBe(true);
});

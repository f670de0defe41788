import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '@shop/shared/contracts/admin-integration';
import type { AdminProductPhotosResponse, ZipUploadResult } from '@shop/shared/contracts/product-photos';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { adminCallers, callAs, type AdminCallers } from '../../../test/admin-fixtures';
import { startTestApp, stopTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DIALECTS } from '../../../test/test-db';
import { makeZip } from '../../../test/test-zip';
import { insertProduct } from '../cart/checkout-fixtures';
import { photoDir } from './photo-images';

/** Images made by the test with sharp: a gradient-ish photo of the given size. */
async function jpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).composite([
    {
      input: await sharp({
        create: {
          width: Math.ceil(width / 2),
          height: Math.ceil(height / 2),
          channels: 3,
          background: '#1050a0',
        },
      })
        .png()
        .toBuffer(),
      left: 0,
      top: 0,
    },
  ]);
  image = image.withMetadata({
    ...(options.orientation ? { orientation: options.orientation } : {}),
    exif: { IFD0: { Copyright: 'secret-camera-owner', Make: 'TestCam' } },
  });
  return image.jpeg({ quality: 90 }).toBuffer();
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

describe.each(TEST_DIALECTS)('product photos on %s', (dialect) => {
  let t: TestApp;
  let callers: AdminCallers;
  let apiKey: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    callers = await adminCallers(t.ctx, t.testDb.handle);
    const created = await callAs(t.app, callers.admin, {
      method: 'POST',
      url: '/api/admin/integration/api-keys',
      payload: { name: 'ERP' },
    });
    expect(created.statusCode).toBe(201);
    apiKey = (created.json() as ApiKeyCreated).key;
  }, 60_000);
  afterAll(async () => {
    await stopTestApp(t?.app, t?.testDb);
  });

  const upload = (sku: string, body: Buffer, type = 'image/jpeg', token = callers.staff) =>
    callAs(t.app, token, {
      method: 'POST',
      url: `/api/admin/products/${encodeURIComponent(sku)}/photos`,
      headers: { 'content-type': type },
      payload: body,
    });
  const uploadZip = (zip: Buffer) =>
    callAs(t.app, callers.staff, {
      method: 'POST',
      url: '/api/admin/product-photos/zip',
      headers: { 'content-type': 'application/zip' },
      payload: zip,
    });
  const photoRows = (productId: number) =>
    t.testDb.handle.db.selectFrom('product_photos').selectAll().where('product_id', '=', productId).execute();
  const files = () => {
    const dir = photoDir(t.ctx.config.dataDir);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const shopProduct = async (sku: string, language = 'hu') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?searchType=product-by-sku&searchSku=${encodeURIComponent(sku)}`,
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = (res.json() as ProductListResponse).products.find((p) => p.sku === sku);
    if (!product) throw new Error(`${sku} not in the shop`);
    return product;
  };

  it('re-encodes an upload into the widths in WebP and JPEG, drops its metadata, and the shop shows it', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'PH-1001' });
    const res = await upload('PH-1001', await jpeg(1600, 1200));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as AdminProductPhotosResponse;
    expect(body.photos).toHaveLength(1);
    const photo = body.photos[0]!;
    expect(photo).toMatchObject({ width: 1280, height: 960, position: 1 });
    expect(photo.sizes.map((s) => [s.width, s.height])).toEqual([
      [160, 120],
      [320, 240],
      [640, 480],
      [1280, 960],
    ]);
    const served = await t.app.inject({ method: 'GET', url: photo.sizes[2]!.webp });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const webp = await sharp(served.rawPayload).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(webp.exif).toBeUndefined();
    const fallback = await t.app.inject({ method: 'GET', url: photo.sizes[3]!.jpeg });
    expect(fallback.statusCode).toBe(200);
    const jpegMeta = await sharp(fallback.rawPayload).metadata();
    expect(jpegMeta).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    expect(jpegMeta.exif).toBeUndefined();
    expect(fallback.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const shown = await shopProduct('PH-1001');
    expect(shown.photos).toEqual([{ id: photo.id, width: 1280, height: 960, alt: '', sizes: photo.sizes }]);
    expect(await photoRows(product.id)).toHaveLength(1);
  });

  it('applies the EXIF orientation (a quarter turn swaps width and height) and never upscales', async () => {
    await insertProduct(t.testDb.handle, { sku: 'PH-ROT' });
    const res = await upload('PH-ROT', await jpeg(400, 200, { orientation: 6 }));
    expect(res.statusCode, res.body).toBe(201);
    const photo = (res.json() as AdminProductPhotosResponse).photos[0]!;
    expect(photo).toMatchObject({ width: 200, height: 400 });
    expect(photo.sizes.map((s) => s.width)).toEqual([160, 200]);
    const served = await t.app.inject({ method: 'GET', url: photo.sizes[1]!.jpeg });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
    // The turned picture: its blue quarter (top-left before the turn) is now top-right.
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    expect(pixel(190, 10)[2]).toBeGreaterThan(120);
    expect(pixel(10, 10)[0]).toBeGreaterThan(150);
  });

  it('refuses a non-image, a wrong type, a decompression bomb over 40 MP and a body over 20 MB, changing nothing', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'PH-BAD' });
    const before = files();
    const notImage = await upload('PH-BAD', Buffer.from('this is not a picture at all'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({ error: 'ERR_NOT_AN_IMAGE' });
    const wrongType = await upload('PH-BAD', await jpeg(300, 200), 'text/plain');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ error: 'ERR_NOT_AN_IMAGE' });
    const truncated = (await jpeg(800, 600)).subarray(0, 900);
    const broken = await upload('PH-BAD', truncated);
    expect(broken.statusCode).toBe(415);
    expect(broken.json()).toEqual({ error: 'ERR_NOT_AN_IMAGE' });
    // 8000 × 6000 = 48 MP of one colour: a small file that would decode into 144 MB.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const huge = await upload('PH-BAD', bomb, 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'ERR_IMAGE_TOO_LARGE' });
    const tooBig = await upload('PH-BAD', Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'ERR_IMAGE_TOO_LARGE' });
    const unknown = await upload('NO-SUCH-SKU', await jpeg(300, 200));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'ERR_PRODUCT_NOT_FOUND' });
    expect(await photoRows(product.id)).toEqual([]);
    expect(files()).toEqual(before);
    expect((await shopProduct('PH-BAD')).photos).toEqual([]);
  }, 60_000);

  it('orders photos, keeps alt text per language, deletes a photo with its files', async () => {
    await insertProduct(t.testDb.handle, { sku: 'PH-ORD' });
    const first = (await upload('PH-ORD', await jpeg(700, 500))).json() as AdminProductPhotosResponse;
    const second = (
      await upload('PH-ORD', await png(500, 500), 'image/png')
    ).json() as AdminProductPhotosResponse;
    const [a, b] = second.photos;
    expect(first.photos[0]!.id).toBe(a!.id);
    const order = await callAs(t.app, callers.staff, {
      method: 'PUT',
      url: '/api/admin/products/PH-ORD/photos/order',
      payload: { photoIds: [b!.id, a!.id] },
    });
    expect(order.statusCode, order.body).toBe(200);
    expect((order.json() as AdminProductPhotosResponse).photos.map((p) => [p.id, p.position])).toEqual([
      [b!.id, 1],
      [a!.id, 2],
    ]);
    const badOrder = await callAs(t.app, callers.staff, {
      method: 'PUT',
      url: '/api/admin/products/PH-ORD/photos/order',
      payload: { photoIds: [b!.id, b!.id] },
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const alt = await callAs(t.app, callers.staff, {
      method: 'PUT',
      url: `/api/admin/products/PH-ORD/photos/${b!.id}/alt`,
      payload: { alt: { hu: 'Zöld doboz', en: 'Green box', vi: '', zh: '绿色盒子' } },
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect((await shopProduct('PH-ORD', 'en')).photos?.map((p) => p.alt)).toEqual(['Green box', '']);
    expect((await shopProduct('PH-ORD', 'zh')).photos?.map((p) => p.alt)).toEqual(['绿色盒子', '']);
    // An empty language shows the Hungarian text.
    expect((await shopProduct('PH-ORD', 'vi')).photos?.[0]?.alt).toBe('Zöld doboz');

    const hashOfA = a!.sizes[0]!.webp.split('/').pop()!.split('-')[0]!;
    expect(files().some((f) => f.startsWith(hashOfA))).toBe(true);
    const removed = await callAs(t.app, callers.staff, {
      method: 'DELETE',
      url: `/api/admin/products/PH-ORD/photos/${a!.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as AdminProductPhotosResponse).photos.map((p) => p.id)).toEqual([b!.id]);
    expect(files().some((f) => f.startsWith(hashOfA))).toBe(false);
    expect((await shopProduct('PH-ORD')).photos?.map((p) => p.id)).toEqual([b!.id]);
    const again = await callAs(t.app, callers.staff, {
      method: 'DELETE',
      url: `/api/admin/products/PH-ORD/photos/${a!.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'ERR_PHOTO_NOT_FOUND' });
  });

  it('numbers photos uploaded at the same time to one product without gaps or repeats', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'PH-RACE' });
    const images = await Promise.all([jpeg(300, 200), jpeg(301, 200), jpeg(302, 200), jpeg(303, 200)]);
    const answers = await Promise.all(images.map((image) => upload('PH-RACE', image)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await photoRows(product.id);
    expect(rows.map((r) => Number(r.position)).sort()).toEqual([1, 2, 3, 4]);
    expect((await shopProduct('PH-RACE')).photos).toHaveLength(4);
  }, 60_000);

  it('takes the same body from the ERP with an API key, and refuses it without one', async () => {
    await insertProduct(t.testDb.handle, { sku: 'PH-ERP' });
    const image = await jpeg(640, 480);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/integration/products/PH-ERP/photos',
      headers: { 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integration/products/PH-ERP/photos',
      headers: { 'content-type': 'image/jpeg', 'x-api-key': apiKey },
      payload: image,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as AdminProductPhotosResponse).photos[0]!.sizes.map((s) => s.width)).toEqual([
      160, 320, 640,
    ]);
    expect((await shopProduct('PH-ERP')).photos).toHaveLength(1);
  });

  it('bulk-uploads a ZIP with mixed files and reports each one', async () => {
    const nk = await insertProduct(t.testDb.handle, { sku: 'NK10001' });
    const dashed = await insertProduct(t.testDb.handle, { sku: 'KV-001' });
    const zip = makeZip([
      { name: 'NK10001-2.jpg', data: await jpeg(500, 400) },
      { name: 'NK10001.jpg', data: await jpeg(520, 400) },
      { name: 'KV-001.png', data: await png(300, 300) },
      { name: 'UNKNOWN-9.jpg', data: await jpeg(300, 200) },
      { name: 'notes.txt', data: Buffer.from('hello') },
      { name: 'KV-001-2.jpg', data: Buffer.from('not really a jpeg') },
      { name: '__MACOSX/._NK10001.jpg', data: Buffer.from('resource fork') },
    ]);
    const res = await uploadZip(zip);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ZipUploadResult;
    expect(result.files.map((f) => [f.file, f.outcome, f.sku])).toEqual([
      ['NK10001-2.jpg', 'matched', 'NK10001'],
      ['NK10001.jpg', 'matched', 'NK10001'],
      ['KV-001.png', 'matched', 'KV-001'],
      ['UNKNOWN-9.jpg', 'unknown_sku', null],
      ['notes.txt', 'unknown_sku', null],
      ['KV-001-2.jpg', 'not_an_image', 'KV-001'],
      ['__MACOSX/._NK10001.jpg', 'skipped', null],
    ]);
    expect(result).toMatchObject({ matched: 3, refused: 3 });
    // NK10001.jpg first, then -2, whatever their order in the archive.
    const nkRows = await photoRows(nk.id);
    const byFile = new Map(result.files.map((f) => [f.file, f.photoId]));
    expect(nkRows.sort((x, y) => x.position - y.position).map((r) => r.id)).toEqual([
      byFile.get('NK10001.jpg'),
      byFile.get('NK10001-2.jpg'),
    ]);
    expect(await photoRows(dashed.id)).toHaveLength(1);
  }, 60_000);

  it('refuses a ZIP bomb by its directory and a file that is no ZIP, changing nothing', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'PH-ZIPBOMB' });
    const before = files();
    const bomb = makeZip([
      { name: 'PH-ZIPBOMB.jpg', data: Buffer.alloc(1000), declaredSize: 700 * 1024 * 1024 },
      { name: 'PH-ZIPBOMB-2.jpg', data: Buffer.alloc(1000), declaredSize: 700 * 1024 * 1024 },
    ]);
    const refused = await uploadZip(bomb);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'ERR_ZIP_TOO_LARGE' });
    const many = makeZip(
      Array.from({ length: 501 }, (_, i) => ({ name: `PH-ZIPBOMB-${i}.jpg`, data: Buffer.from('x') })),
    );
    const tooMany = await uploadZip(many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ error: 'ERR_ZIP_TOO_LARGE' });
    const notZip = await uploadZip(await jpeg(100, 100));
    expect(notZip.statusCode).toBe(415);
    expect(notZip.json()).toEqual({ error: 'ERR_NOT_A_ZIP' });
    // A file that declares less than it holds is cut off while unpacking, never read whole.
    const liar = makeZip([{ name: 'PH-ZIPBOMB.jpg', data: await jpeg(400, 300), declaredSize: 100 }]);
    const lied = await uploadZip(liar);
    expect(lied.statusCode).toBe(200);
    expect((lied.json() as ZipUploadResult).files[0]).toMatchObject({ outcome: 'not_an_image' });
    expect(await photoRows(product.id)).toEqual([]);
    expect(files()).toEqual(before);
  }, 60_000);
});

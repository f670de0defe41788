import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { useTestDatabase } from '../../../test/use-test-database';
import { insertBuyer, insertProduct } from '../cart/checkout-fixtures';
import { findProductsForOrder } from '../cart/cart.repository';
import type { StoredPhoto } from '../product-photos/photo-json';
import { MAIL_PHOTO_WIDTH, type OrderMailData, renderOrderConfirmation, withLinePhotos } from './order-mail';

const data: OrderMailData = {
  orderId: 42,
  createdAt: '2025-03-04T09:00:00.000Z',
  timeZone: 'Europe/Budapest',
  customerName: 'Alma <b>Kft.</b>',
  agentName: null,
  lines: [
    { sku: 'KAV-1', name: 'Kávé 1 kg', quantity: 2, unitPrice: 12700, lineGross: 25400 },
    { sku: 'RIZ-5', name: 'Rizs & co', quantity: 10, unitPrice: 1050, lineGross: 10500 },
  ],
  itemsGross: 35900,
  itemsNet: 30000,
  weight: 3200,
  logisticsCost: 150000,
  shippingCost: 0,
  shippingMethod: 'Kiszállítás',
  paymentMethod: 'Átutalás',
  paymentTermDays: 8,
  deliveryDate: '2025-03-06',
  shippingAddress: '6720, Szeged, Kárász utca 1.',
  commentWebshop: 'Hívjanak\nelőtte',
  commentSupplier: '',
};

describe('renderOrderConfirmation', () => {
  it.each(LANGUAGES)('renders the lines, totals and choices in %s', (language) => {
    const mail = renderOrderConfirmation(language, 'customer', 'Alma Kft.', data);
    expect(mail.subject).toContain('42');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('KAV-1');
      expect(part).toContain('Kávé 1 kg');
      expect(part).toMatch(/254\sFt/);
      expect(part).toMatch(/10,50\sFt/);
      expect(part).toMatch(/1\s?859\sFt/); // grand total with the logistics cost
      expect(part).toContain('2025.03.06');
      expect(part).toContain('3,2 kg');
      expect(part).toContain('2025.03.04 10:00:00');
    }
    expect(mail.html).toContain(`lang="${language}"`);
  });

  it('escapes HTML and keeps the text part on one line per value', () => {
    const mail = renderOrderConfirmation('en', 'agent', 'Agent <x>', { ...data, agentName: 'Agent <x>' });
    expect(mail.html).not.toContain('<b>Kft.</b>');
    expect(mail.html).toContain('Alma &lt;b&gt;Kft.&lt;/b&gt;');
    expect(mail.html).toContain('Rizs &amp; co');
    expect(mail.text).toContain('We have recorded the following order for your customer, Alma <b>Kft.</b>:');
    expect(mail.text).toContain('Note for the web shop:\nHívjanak\nelőtte');
    expect(mail.text).not.toContain('Comment for the supplier');
  });

  it('tells the customer when its agent placed the order', () => {
    const mail = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', {
      ...data,
      agentName: 'Kovács Péter',
    });
    expect(mail.text).toContain('Értékesítője, Kovács Péter az Ön nevében');
    const own = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', data);
    expect(own.text).toContain('Köszönjük a rendelését');
    expect(own.text).toContain('Fizetési mód: Átutalás (8 nap)');
  });
});

describe('order mail photos (issue 17 point 3)', () => {
  it('shows a line’s photo as a small JPEG with its srcset before its name, and nothing for a line without one', () => {
    const srcset =
      'https://shop.example/images/photos/abc-160.jpg 160w, https://shop.example/images/photos/abc-320.jpg 320w';
    const mail = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', {
      ...data,
      lines: [
        {
          ...data.lines[0]!,
          photo: { src: 'https://shop.example/images/photos/abc-160.jpg', srcset, height: 48 },
        },
        { ...data.lines[1]!, photo: null },
      ],
    });
    expect(mail.html).toContain(
      `<img src="https://shop.example/images/photos/abc-160.jpg" srcset="${srcset}" sizes="${MAIL_PHOTO_WIDTH}px" ` +
        `width="${MAIL_PHOTO_WIDTH}" height="48" alt=""`,
    );
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    expect(mail.text).not.toContain('abc-160');
  });
});

describe.each(TEST_DIALECTS)('withLinePhotos over findProductsForOrder on %s', (dialect) => {
  const testDb = useTestDatabase(dialect);

  it('adds the 160 and 320 px JPEGs of each line’s first photo under the public URL, by SKU', async () => {
    const withPhoto = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-1' });
    const without = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-2' });
    const small = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-3' });
    const tiny = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-4' });
    const stored: StoredPhoto[] = [
      {
        id: 1,
        hash: 'a1b2c3',
        width: 1600,
        height: 1200,
        widths: [160, 320, 640, 1280],
        alt: { hu: '', en: '', vi: '', zh: '' },
      },
      {
        id: 2,
        hash: 'ffffff',
        width: 800,
        height: 800,
        widths: [160, 320],
        alt: { hu: '', en: '', vi: '', zh: '' },
      },
    ];
    await testDb.handle.db
      .updateTable('products')
      .set({ photos: JSON.stringify(stored) })
      .where('id', '=', withPhoto.id)
      .execute();
    // Originals narrower than 320 px: their own width is their largest size (widthsFor).
    const only = (hash: string, width: number, widths: number[]): StoredPhoto[] => [
      { id: 3, hash, width, height: width, widths, alt: { hu: '', en: '', vi: '', zh: '' } },
    ];
    await testDb.handle.db
      .updateTable('products')
      .set({ photos: JSON.stringify(only('eeeeee', 200, [160, 200])) })
      .where('id', '=', small.id)
      .execute();
    await testDb.handle.db
      .updateTable('products')
      .set({ photos: JSON.stringify(only('dddddd', 100, [100])) })
      .where('id', '=', tiny.id)
      .execute();
    const products = await findProductsForOrder(testDb.handle.db, [
      withPhoto.id,
      without.id,
      small.id,
      tiny.id,
    ]);
    const result = withLinePhotos(products, 'https://shop.example', {
      ...data,
      lines: [
        { ...data.lines[0]!, sku: withPhoto.sku },
        { ...data.lines[1]!, sku: without.sku },
        { ...data.lines[1]!, sku: small.sku },
        { ...data.lines[1]!, sku: tiny.sku },
      ],
    });
    const url = (name: string) => `https://shop.example/images/photos/${name}`;
    expect(result.lines.map((line) => line.photo)).toEqual([
      {
        src: url('a1b2c3-160.jpg'),
        srcset: `${url('a1b2c3-160.jpg')} 160w, ${url('a1b2c3-320.jpg')} 320w`,
        height: 48,
      },
      null,
      {
        src: url('eeeeee-160.jpg'),
        srcset: `${url('eeeeee-160.jpg')} 160w, ${url('eeeeee-200.jpg')} 200w`,
        height: 64,
      },
      { src: url('dddddd-100.jpg'), srcset: `${url('dddddd-100.jpg')} 100w`, height: 64 },
    ]);
  });
});

describe.each(TEST_DIALECTS)('the order mail’s photo over SMTP on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T09:00:00Z'), smtp: true, staff: true });

  it('points its src and 160w/320w srcset at the sizes the photo upload wrote, with width and height', async () => {
    const product = await insertProduct(world.testDb.handle, { sku: 'MAIL-SMTP-1' });
    // A 1600×1200 photo through the back office's upload (re-encoded into the responsive sizes).
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    const uploaded = await world.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.sku}/photos`,
      headers: { authorization: `Bearer ${world.staff.token}`, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const buyer = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash] });
    await world.fillCart(buyer.token, [[product, 2]]);
    await world.ok('POST', '/api/orders/place-order', buyer.token);

    const mail = await world.smtp.waitFor((m) => m.to.includes(buyer.email));
    const images = [...mail.html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(1);
    const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(images[0]!)?.[1];
    expect(attribute('width')).toBe(String(MAIL_PHOTO_WIDTH));
    expect(attribute('height')).toBe('48');
    expect(attribute('sizes')).toBe(`${MAIL_PHOTO_WIDTH}px`);
    const candidates = (attribute('srcset') ?? '').split(', ').map((entry) => entry.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['160w', '320w']);
    expect(attribute('src')).toBe(candidates[0]![0]);
    // Each URL is a file the shop serves: a JPEG of the width its descriptor says.
    for (const [url, width] of candidates) {
      expect(url).toMatch(/^http:\/\/shop\.test\/images\/photos\/[0-9a-f]+-\d+\.jpg$/);
      const served = await world.app.inject({ method: 'GET', url: new URL(url!).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/jpeg/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(`${meta.width}w`).toBe(width);
      expect(meta.height).toBe(Math.round((1200 * meta.width) / 1600));
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { insertProduct } from '../cart/checkout-fixtures';
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
  it('shows a line’s photo as a small JPEG before its name, and nothing for a line without one', () => {
    const mail = renderOrderConfirmation('hu', 'customer', 'Alma Kft.', {
      ...data,
      lines: [
        { ...data.lines[0]!, photo: { src: 'https://shop.example/images/photos/abc-160.jpg', height: 48 } },
        { ...data.lines[1]!, photo: null },
      ],
    });
    expect(mail.html).toContain(
      `<img src="https://shop.example/images/photos/abc-160.jpg" width="${MAIL_PHOTO_WIDTH}" height="48" alt=""`,
    );
    expect(mail.html.match(/<img /g)).toHaveLength(1);
    expect(mail.text).not.toContain('abc-160');
  });
});

describe.each(TEST_DIALECTS)('withLinePhotos over findProductsForOrder on %s', (dialect) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('adds the 160 px JPEG of each line’s first photo under the public URL, by SKU', async () => {
    const withPhoto = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-1' });
    const without = await insertProduct(testDb.handle, { sku: 'MAIL-PHOTO-2' });
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
    const products = await findProductsForOrder(testDb.handle.db, [withPhoto.id, without.id]);
    const result = withLinePhotos(products, 'https://shop.example', {
      ...data,
      lines: [
        { ...data.lines[0]!, sku: withPhoto.sku },
        { ...data.lines[1]!, sku: without.sku },
      ],
    });
    expect(result.lines.map((line) => line.photo)).toEqual([
      { src: 'https://shop.example/images/photos/a1b2c3-160.jpg', height: 48 },
      null,
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCategory,
  AdminManufacturer,
  AdminProduct,
  AdminProductListResponse,
  ImportResult,
  ProductInput,
} from '@shop/shared/contracts/admin-catalogue';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import { fixtureBarcodes } from '../products/catalogue.fixture';
import { type AdminWorld, createAdminWorld } from './admin-catalogue-test-setup';
import { buildXlsx } from './import-file';

const toInput = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: AdminProduct): ProductInput => rest;

describe.each(TEST_DIALECTS)('back-office catalogue on %s', (dialect) => {
  let w: AdminWorld;
  const count = async (table: 'products' | 'audit_log' | 'price_history' | 'categories' | 'manufacturers') =>
    Number(
      (
        await w.testDb.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const product = async (n: number) =>
    (
      await w.call<AdminProduct>('GET', `/api/admin/catalogue/products/${w.fx.productId.get(n)}`, {
        token: w.admin.token,
      })
    ).body;
  const shopPrice = async (sku: string) => {
    const answer = await w.call<ProductListResponse>(
      'GET',
      `/api/products/search?searchType=product-by-sku&searchSku=${sku}`,
      {
        token: w.tokens.b,
      },
    );
    return answer.body.products[0]?.currentPrice;
  };

  beforeAll(async () => {
    w = await createAdminWorld(dialect);
  });
  afterAll(async () => {
    await w.close();
  });

  describe('role checks', () => {
    it('refuses no token (401), a customer and an agent (403 ERR_NOT_STAFF), and changes nothing', async () => {
      const productBody = toInput(await product(1));
      const categoryBody = {
        slug: 'role-check',
        parentId: null,
        translations: ['hu', 'en', 'vi', 'zh'].map((language) => ({ language, name: `Szerep ${language}` })),
      };
      const manufacturerBody = { name: 'Role Check', slug: 'role-check' };
      const endpoints: [string, string, unknown?][] = [
        ['GET', '/api/admin/catalogue/products'],
        ['GET', '/api/admin/catalogue/products/1'],
        ['POST', '/api/admin/catalogue/products', { ...productBody, sku: 'ROLE-1', packSizes: [] }],
        ['PUT', `/api/admin/catalogue/products/${w.fx.productId.get(1)}`, { ...productBody, stock: 1 }],
        ['GET', '/api/admin/catalogue/categories'],
        ['POST', '/api/admin/catalogue/categories', categoryBody],
        ['PUT', `/api/admin/catalogue/categories/${w.fx.categoryId.get('ures-kategoria')}`, categoryBody],
        ['DELETE', `/api/admin/catalogue/categories/${w.fx.categoryId.get('ures-kategoria')}`],
        ['GET', '/api/admin/catalogue/manufacturers'],
        ['POST', '/api/admin/catalogue/manufacturers', manufacturerBody],
        ['PUT', `/api/admin/catalogue/manufacturers/${w.fx.manufacturerId.get('delta')}`, manufacturerBody],
        ['DELETE', `/api/admin/catalogue/manufacturers/${w.fx.manufacturerId.get('delta')}`],
        ['POST', '/api/admin/catalogue/import?format=csv&dryRun=false', 'sku,price\nKV-001,1\n'],
        ['GET', '/api/admin/catalogue/import/template'],
      ];
      const state = async () => [
        await count('products'),
        await count('audit_log'),
        await count('categories'),
        await count('manufacturers'),
        JSON.stringify(toInput(await product(1))),
      ];
      const before = await state();
      for (const [method, url, body] of endpoints) {
        const payload =
          typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> =
          payload === undefined
            ? {}
            : { 'content-type': typeof body === 'string' ? 'text/csv' : 'application/json' };
        const none = await w.call<{ error: string }>(method as never, url, { payload, headers });
        expect(none.status, `${method} ${url}`).toBe(401);
        expect(none.body.error).toBe('ERR_UNAUTHORIZED');
        for (const token of [w.tokens.a, w.tokens.agent]) {
          const answer = await w.call<{ error: string }>(method as never, url, { token, payload, headers });
          expect(answer.status, `${method} ${url}`).toBe(403);
          expect(answer.body.error).toBe('ERR_NOT_STAFF');
        }
      }
      expect(await state()).toEqual(before);
    });

    it('lets staff with the catalogue permission in', async () => {
      const answer = await w.call('GET', '/api/admin/catalogue/products', { token: w.staff.token });
      expect(answer.status).toBe(200);
    });
  });

  describe('product search and list', () => {
    const list = (query: string) =>
      w.call<AdminProductListResponse>('GET', `/api/admin/catalogue/products?${query}`, {
        token: w.admin.token,
      });

    it('pages through every product sorted by SKU', async () => {
      const first = await list('pageSize=5');
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(await count('products'));
      expect(first.body.items).toHaveLength(5);
      const skus = first.body.items.map((i) => i.sku);
      expect(skus).toEqual([...skus].sort());
      const second = await list('pageSize=5&page=2');
      expect(second.body.items[0]!.sku > skus[4]!).toBe(true);
    });

    it('finds by SKU, by a name in any language and by barcode', async () => {
      const bySku = await list('q=KV-002');
      expect(bySku.body.items.map((i) => i.sku)).toEqual(['KV-002']);
      const byName = await list('q=ground%20coffee');
      expect(byName.body.items.map((i) => i.sku)).toContain('KV-002');
      const barcode = fixtureBarcodes(2).carton!;
      const byBarcode = await list(`q=${barcode}`);
      expect(byBarcode.body.items.map((i) => i.sku)).toEqual(['KV-002']);
      expect(byBarcode.body.items[0]!.price).toBe(12000);
    });

    it('filters inactive products and validates the query', async () => {
      const inactive = await list('active=false');
      expect(inactive.body.items.every((i) => !i.isActive)).toBe(true);
      expect(inactive.body.total).toBeGreaterThan(0);
      const bad = await list('pageSize=1000');
      expect(bad.status).toBe(400);
      expect((bad.body as unknown as { error: string }).error).toBe('ERR_VALIDATION');
    });
  });

  describe('editing a product', () => {
    it('saves a new price, records price history and an audit entry, and the shop shows it at once', async () => {
      expect(await shopPrice('KV-001')).toBe(11000);
      const before = await product(1);
      const input = toInput(before);
      input.prices = input.prices.map((e) => (e.quantitativeUnit === 'piece' ? { ...e, price: 12345 } : e));
      input.stock = 77;
      input.isSeasonal = true;
      const audits = await count('audit_log');
      const saved = await w.call<AdminProduct>('PUT', `/api/admin/catalogue/products/${before.id}`, {
        token: w.staff.token,
        body: input,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.stock).toBe(77);
      expect(saved.body.isSeasonal).toBe(true);
      expect(saved.body.prices.find((e) => e.quantitativeUnit === 'piece')!.price).toBe(12345);
      expect(await shopPrice('KV-001')).toBe(12345);
      expect(await count('audit_log')).toBe(audits + 1);
      const audit = await w.testDb.handle.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_user_id: w.staff.id,
        action: 'product.update',
        entity: 'product',
        entity_id: String(before.id),
      });
      expect(JSON.parse(audit.before_json!).stock).toBe(before.stock);
      expect(JSON.parse(audit.after_json!).stock).toBe(77);
      const history = await w.testDb.handle.db
        .selectFrom('price_history')
        .selectAll()
        .where('product_id', '=', before.id)
        .where('quantitative_unit', '=', 'piece')
        .where('price_group', 'is', null)
        .orderBy('recorded_on')
        .execute();
      expect(history.at(-1)).toMatchObject({ price: 12345, recorded_on: '2026-03-15' });
      // Saving the same product again changes nothing and writes no audit entry.
      const again = await w.call('PUT', `/api/admin/catalogue/products/${before.id}`, {
        token: w.admin.token,
        body: input,
      });
      expect(again.status).toBe(200);
      expect(await count('audit_log')).toBe(audits + 1);
    });

    it('saves a special price with dates, limits and pack sizes', async () => {
      const before = await product(3);
      const input = toInput(before);
      input.packSizes = [
        { unit: 'piece', pieces: 1, barcode: '5990000099997' },
        { unit: 'carton', pieces: 6, barcode: null },
      ];
      input.orderQuantityStep = 6;
      input.minOrderQuantity = 'carton';
      input.prices = [
        {
          priceGroup: null,
          price: 20000,
          specialPrice: 15000,
          specialPriceStart: '2026-03-01T00:00:00.000Z',
          specialPriceEnd: '2026-03-31T21:59:59.999Z',
          quantityDiscount: 1,
          quantitativeUnit: 'piece',
        },
        {
          priceGroup: null,
          price: 18000,
          specialPrice: null,
          specialPriceStart: null,
          specialPriceEnd: null,
          quantityDiscount: 6,
          quantitativeUnit: 'carton',
        },
      ];
      const saved = await w.call<AdminProduct>('PUT', `/api/admin/catalogue/products/${before.id}`, {
        token: w.admin.token,
        body: input,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.packSizes).toEqual(input.packSizes);
      expect(saved.body.orderQuantityStep).toBe(6);
      // In the shop: the minimum is a carton of 6, at the special price 150.00 Ft per piece.
      expect(await shopPrice(before.sku)).toBe(15000);
      const found = await w.call<AdminProductListResponse>(
        'GET',
        '/api/admin/catalogue/products?q=5990000099997',
        { token: w.admin.token },
      );
      expect(found.body.items.map((i) => i.sku)).toEqual([before.sku]);
    });

    it('refuses inconsistent products with a code and changes nothing', async () => {
      const base = toInput(await product(4));
      const audits = await count('audit_log');
      const cases: [ProductInput, number, string, string][] = [
        [
          {
            ...base,
            packSizes: base.packSizes.map((p) =>
              p.unit === 'piece' ? { ...p, barcode: fixtureBarcodes(1).piece } : p,
            ),
          },
          409,
          'ERR_BARCODE_TAKEN',
          'packSizes.0.barcode',
        ],
        [
          {
            ...base,
            packSizes: base.packSizes.map((p) =>
              p.unit === 'piece' ? { ...p, barcode: '5991004000012' } : p,
            ),
          },
          400,
          'ERR_INVALID_BARCODE',
          'packSizes.0.barcode',
        ],
        [{ ...base, orderQuantityStep: 5 }, 400, 'ERR_STEP_NOT_PACK_SIZE', 'orderQuantityStep'],
        [{ ...base, maxOrderQuantity: 'pallet' }, 400, 'ERR_UNIT_NOT_PACK_SIZE', 'maxOrderQuantity'],
        [
          { ...base, packSizes: [...base.packSizes, { unit: 'carton', pieces: 24, barcode: null }] },
          400,
          'ERR_DUPLICATE_PACK_UNIT',
          'packSizes.2.unit',
        ],
        [
          { ...base, prices: base.prices.map((e) => ({ ...e, specialPrice: e.price + 1 })) },
          400,
          'ERR_INVALID_PRICE',
          'prices.0.specialPrice',
        ],
        [
          { ...base, prices: base.prices.map((e) => ({ ...e, priceGroup: 'VIP' })) },
          400,
          'ERR_NO_LIST_PRICE',
          'prices',
        ],
        [{ ...base, sku: 'KV-001' }, 409, 'ERR_SKU_TAKEN', 'sku'],
        [{ ...base, manufacturerId: 999999 }, 404, 'ERR_MANUFACTURER_NOT_FOUND', 'manufacturerId'],
      ];
      for (const [input, status, code, field] of cases) {
        const answer = await w.call<{ error: string; params: { field: string } }>(
          'PUT',
          `/api/admin/catalogue/products/${w.fx.productId.get(4)}`,
          {
            token: w.admin.token,
            body: input,
          },
        );
        expect([answer.status, answer.body.error, answer.body.params?.field]).toEqual([status, code, field]);
      }
      const bad = await w.call<{ error: string }>(
        'PUT',
        `/api/admin/catalogue/products/${w.fx.productId.get(4)}`,
        {
          token: w.admin.token,
          body: { ...base, vat: 'x' },
        },
      );
      expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
      expect(toInput(await product(4))).toEqual(base);
      expect(await count('audit_log')).toBe(audits);
      const missing = await w.call<{ error: string }>('PUT', '/api/admin/catalogue/products/999999', {
        token: w.admin.token,
        body: base,
      });
      expect([missing.status, missing.body.error]).toEqual([404, 'ERR_PRODUCT_NOT_FOUND']);
    });

    it('creates a product that the shop lists', async () => {
      const input: ProductInput = {
        ...toInput(await product(5)),
        sku: 'NEW-100',
        details: [
          { language: 'hu', name: 'Új termék', description: '' },
          { language: 'en', name: 'Brand new thing', description: '' },
        ],
        packSizes: [{ unit: 'piece', pieces: 1, barcode: '5990000100006' }],
        prices: [
          {
            priceGroup: null,
            price: 4990,
            specialPrice: null,
            specialPriceStart: null,
            specialPriceEnd: null,
            quantityDiscount: 1,
            quantitativeUnit: 'piece',
          },
        ],
        minOrderQuantity: null,
        maxOrderQuantity: null,
        orderQuantityStep: 1,
      };
      const created = await w.call<AdminProduct>('POST', '/api/admin/catalogue/products', {
        token: w.admin.token,
        body: input,
      });
      expect(created.status).toBe(201);
      expect(created.body.sku).toBe('NEW-100');
      expect(await shopPrice('NEW-100')).toBe(4990);
      const search = await w.call<ProductListResponse>(
        'GET',
        '/api/products/search?searchType=all&searchString=brand%20new',
        { token: w.tokens.b },
      );
      expect(search.body.products.map((p) => p.sku)).toEqual(['NEW-100']);
    });
  });

  describe('categories and manufacturers', () => {
    const translations = [
      { language: 'hu', name: 'Édességek' },
      { language: 'en', name: 'Sweets' },
      { language: 'vi', name: 'Đồ ngọt' },
      { language: 'zh', name: '甜食' },
    ];

    it('creates, edits and deletes an unused category; refuses one in use', async () => {
      const parent = w.fx.categoryId.get('elelmiszer')!;
      const created = await w.call<AdminCategory>('POST', '/api/admin/catalogue/categories', {
        token: w.staff.token,
        body: { slug: 'edessegek', parentId: parent, translations },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ slug: 'edessegek', parentId: parent, productCount: 0 });
      const tree = await w.call<{ data: { slug: string; children: { slug: string; name: string }[] }[] }>(
        'GET',
        '/api/categories',
        {
          headers: { 'accept-language': 'en' },
        },
      );
      expect(tree.body.data.find((c) => c.slug === 'elelmiszer')!.children.map((c) => c.name)).toContain(
        'Sweets',
      );

      const dup = await w.call<{ error: string }>('POST', '/api/admin/catalogue/categories', {
        token: w.admin.token,
        body: { slug: 'edessegek', parentId: null, translations },
      });
      expect([dup.status, dup.body.error]).toEqual([409, 'ERR_SLUG_TAKEN']);
      const deep = await w.call<{ error: string }>('POST', '/api/admin/catalogue/categories', {
        token: w.admin.token,
        body: { slug: 'harmadik-szint', parentId: created.body.id, translations },
      });
      expect([deep.status, deep.body.error]).toEqual([400, 'ERR_CATEGORY_PARENT']);
      const missingLanguage = await w.call<{ error: string }>('POST', '/api/admin/catalogue/categories', {
        token: w.admin.token,
        body: { slug: 'hianyos', parentId: null, translations: translations.slice(0, 3) },
      });
      expect([missingLanguage.status, missingLanguage.body.error]).toEqual([400, 'ERR_VALIDATION']);

      const edited = await w.call<AdminCategory>(
        'PUT',
        `/api/admin/catalogue/categories/${created.body.id}`,
        {
          token: w.admin.token,
          body: {
            slug: 'edes',
            parentId: parent,
            translations: translations.map((t) => (t.language === 'en' ? { ...t, name: 'Candy' } : t)),
          },
        },
      );
      expect(edited.status).toBe(200);
      expect(edited.body.translations.find((t) => t.language === 'en')!.name).toBe('Candy');

      const inUse = await w.call<{ error: string }>(
        'DELETE',
        `/api/admin/catalogue/categories/${w.fx.categoryId.get('kave')}`,
        {
          token: w.admin.token,
        },
      );
      expect([inUse.status, inUse.body.error]).toEqual([409, 'ERR_CATEGORY_IN_USE']);
      const withChildren = await w.call<{ error: string }>(
        'DELETE',
        `/api/admin/catalogue/categories/${parent}`,
        { token: w.admin.token },
      );
      expect(withChildren.status).toBe(409);
      const deleted = await w.call('DELETE', `/api/admin/catalogue/categories/${created.body.id}`, {
        token: w.admin.token,
      });
      expect(deleted.status).toBe(204);
      const audit = await w.testDb.handle.db
        .selectFrom('audit_log')
        .select('action')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.action).toBe('category.delete');
    });

    it('creates, edits and deletes an unused manufacturer; refuses one in use', async () => {
      const created = await w.call<AdminManufacturer>('POST', '/api/admin/catalogue/manufacturers', {
        token: w.admin.token,
        body: { name: 'Epszilon Kft.', slug: 'epszilon' },
      });
      expect(created.status).toBe(201);
      const dup = await w.call<{ error: string }>(
        'PUT',
        `/api/admin/catalogue/manufacturers/${created.body.id}`,
        {
          token: w.admin.token,
          body: { name: 'Epszilon Kft.', slug: 'alfa' },
        },
      );
      expect([dup.status, dup.body.error]).toEqual([409, 'ERR_SLUG_TAKEN']);
      const inUse = await w.call<{ error: string }>(
        'DELETE',
        `/api/admin/catalogue/manufacturers/${w.fx.manufacturerId.get('alfa')}`,
        {
          token: w.admin.token,
        },
      );
      expect([inUse.status, inUse.body.error]).toEqual([409, 'ERR_MANUFACTURER_IN_USE']);
      const list = await w.call<{ items: AdminManufacturer[] }>('GET', '/api/admin/catalogue/manufacturers', {
        token: w.admin.token,
      });
      expect(list.body.items.find((m) => m.slug === 'alfa')!.productCount).toBeGreaterThan(0);
      expect(
        (
          await w.call('DELETE', `/api/admin/catalogue/manufacturers/${created.body.id}`, {
            token: w.admin.token,
          })
        ).status,
      ).toBe(204);
      const gone = await w.call<{ error: string }>(
        'DELETE',
        `/api/admin/catalogue/manufacturers/${created.body.id}`,
        { token: w.admin.token },
      );
      expect([gone.status, gone.body.error]).toEqual([404, 'ERR_MANUFACTURER_NOT_FOUND']);
    });
  });

  describe('import', () => {
    const importCsv = (csv: string, dryRun: boolean, token = w.admin.token) =>
      w.call<ImportResult>('POST', `/api/admin/catalogue/import?format=csv&dryRun=${dryRun}`, {
        token,
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
    const snapshot = async () => ({
      products: await count('products'),
      history: await count('price_history'),
      audit: await count('audit_log'),
      kv6: toInput(await product(6)),
      kv7: toInput(await product(7)),
    });

    const badFile = [
      'sku;name_hu;vat;price;packs;step;active;special_price;special_end;categories;manufacturer',
      'KV-006;;;150,00;;;;;;;',
      'TE-001;;;abc;;;maybe;;;;',
      'IMP-NEW-1;Import új;27;99.90;piece:1:' + fixtureBarcodes(1).piece + ';;;;;;',
      'IMP-NEW-2;;27;10;;;;;;;',
      'IMP-NEW-3;Harmadik;27;10;carton:6;5;;;2026-13-01;nincs-ilyen;senki',
      'KV-006;;;1;;;;;;;',
      'TE-002;;;100;;;;200;;;',
    ].join('\r\n');

    it('a dry run lists every bad row (row, column, code, message) and writes nothing', async () => {
      const before = await snapshot();
      const answer = await importCsv(badFile, true);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ dryRun: true, applied: false, rows: 7 });
      const errors = answer.body.errors.map((e) => [e.row, e.column, e.code]);
      expect(errors).toEqual(
        expect.arrayContaining([
          [3, 'price', 'INVALID_MONEY'],
          [3, 'active', 'INVALID_FLAG'],
          [4, 'packs', 'ERR_BARCODE_TAKEN'],
          [5, 'name_hu', 'REQUIRED'],
          [6, 'special_end', 'INVALID_DATE'],
          [6, 'categories', 'UNKNOWN_CATEGORY'],
          [6, 'manufacturer', 'UNKNOWN_MANUFACTURER'],
          [7, 'sku', 'DUPLICATE_SKU'],
          [8, 'special_price', 'ERR_INVALID_PRICE'],
        ]),
      );
      expect(errors.some(([row]) => row === 2)).toBe(false);
      expect(answer.body.errors.every((e) => e.message.length > 0)).toBe(true);
      expect(answer.body.errorCount).toBe(answer.body.errors.length);
      expect(await snapshot()).toEqual(before);
    });

    it('an import with one bad row writes nothing at all', async () => {
      const before = await snapshot();
      const answer = await importCsv('sku,price,stock\nKV-006,150.00,5\nTE-001,-1,5\n', false);
      expect(answer.body).toMatchObject({ dryRun: false, applied: false, errorCount: 1 });
      expect(answer.body.errors[0]).toMatchObject({ row: 3, column: 'price', code: 'INVALID_MONEY' });
      expect(await snapshot()).toEqual(before);
    });

    it('a barcode with a wrong check digit is ERR_INVALID_BARCODE and nothing is written', async () => {
      const before = await snapshot();
      const csv = [
        'sku;name_hu;vat;price;packs',
        'KV-006;;;150;piece:1:5990000400002|carton:12:5990000400014',
        'IMP-BAD-1;Rossz vonalkód;27;10;piece:1:59900004000',
        'IMP-BAD-2;Betűs vonalkód;27;10;piece:1:599000040000A',
      ].join('\r\n');
      const answer = await importCsv(csv, false);
      expect(answer.body).toMatchObject({ applied: false, errorCount: 3 });
      expect(answer.body.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [2, 'packs', 'ERR_INVALID_BARCODE'],
        [3, 'packs', 'ERR_INVALID_BARCODE'],
        [4, 'packs', 'ERR_INVALID_BARCODE'],
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('a CSV syntax error is refused with the line where it is', async () => {
      const answer = await w.call<{ error: string; params: Record<string, unknown> }>(
        'POST',
        '/api/admin/catalogue/import?format=csv&dryRun=true',
        {
          token: w.admin.token,
          payload: 'sku;price\nKV-006;150\nTE-001;"170"x\n',
          headers: { 'content-type': 'text/csv' },
        },
      );
      expect([answer.status, answer.body.error, answer.body.params]).toEqual([
        400,
        'ERR_IMPORT_FILE',
        { reason: 'csv_syntax', line: 3 },
      ]);
    });

    it('step that is not a pack size is a row error', async () => {
      const answer = await importCsv('sku,step\nKV-006,7\n', true);
      expect(answer.body.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [2, 'step', 'ERR_STEP_NOT_PACK_SIZE'],
      ]);
    });

    it('a good import updates prices, creates products, records history and audit; the shop shows it', async () => {
      const before = await snapshot();
      const csv =
        'sku,name_hu,name_en,vat,price,stock,categories,manufacturer,packs,special_price,special_start,special_end\n' +
        'KV-006,,,,"155,50",42,,,,,,\n' +
        'TE-001,,,,170,,,,,none,,\n' +
        'IMP-NEW-1,"Import, új","Imported",27,99.90,10,tea,beta,piece:1:5990000200003|carton:6:5990000200010,,,\n';
      const dry = await importCsv(csv, true);
      expect(dry.body).toMatchObject({ applied: false, created: 1, updated: 2, errorCount: 0 });
      expect(await snapshot()).toEqual(before);
      const answer = await importCsv(csv, false, w.staff.token);
      expect(answer.body).toMatchObject({ applied: true, created: 1, updated: 2, errorCount: 0, rows: 3 });
      expect(await shopPrice('KV-006')).toBe(15550);
      expect(await shopPrice('TE-001')).toBe(17000);
      expect(await shopPrice('IMP-NEW-1')).toBe(9990);
      const created = await w.call<AdminProductListResponse>(
        'GET',
        '/api/admin/catalogue/products?q=IMP-NEW-1',
        { token: w.admin.token },
      );
      expect(created.body.items[0]).toMatchObject({
        name: 'Import, új',
        stock: 10,
        manufacturer: 'Béta Zrt.',
      });
      expect(await count('audit_log')).toBe(before.audit + 3);
      expect(await count('price_history')).toBeGreaterThan(before.history);
      expect(await count('products')).toBe(before.products + 1);
      // The same file again: nothing changes.
      const again = await importCsv(csv, false);
      expect(again.body).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    });

    it('reads XLSX the same way', async () => {
      const file = await buildXlsx(['sku', 'price', 'stock'], [['TE-003', '222.22', '9']]);
      const answer = await w.call<ImportResult>(
        'POST',
        '/api/admin/catalogue/import?format=xlsx&dryRun=false',
        {
          token: w.admin.token,
          payload: file,
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        },
      );
      expect(answer.body).toMatchObject({ applied: true, updated: 1 });
      expect(await shopPrice('TE-003')).toBe(22222);
    });

    it('refuses unreadable files, unknown columns and files over the limit', async () => {
      const unknown = await importCsv('sku,colour\nKV-006,red\n', true);
      expect([unknown.status, (unknown.body as unknown as { error: string }).error]).toEqual([
        400,
        'ERR_IMPORT_FILE',
      ]);
      const noSku = await importCsv('price\n100\n', true);
      expect(noSku.status).toBe(400);
      const xlsx = await w.call<{ error: string }>(
        'POST',
        '/api/admin/catalogue/import?format=xlsx&dryRun=true',
        {
          token: w.admin.token,
          payload: Buffer.from('not a zip'),
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        },
      );
      expect([xlsx.status, xlsx.body.error]).toEqual([400, 'ERR_IMPORT_FILE']);
      const huge = await importCsv('sku\n' + 'X'.repeat(11 * 1024 * 1024), true);
      expect([huge.status, (huge.body as unknown as { error: string }).error]).toEqual([
        413,
        'ERR_PAYLOAD_TOO_LARGE',
      ]);
    });

    it('offers the template as CSV and XLSX', async () => {
      const csv = await w.call('GET', '/api/admin/catalogue/import/template?format=csv', {
        token: w.admin.token,
      });
      expect(csv.status).toBe(200);
      // For Hungarian Excel: a byte-order mark, `;` between fields, CRLF after every line.
      expect(csv.raw.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.raw.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'sku;name_hu;name_en;name_vi;name_zh;manufacturer;categories;vat;weight;stock;active;orderable;seasonal;min_unit;max_unit;step;packs;price;prices;special_price;special_start;special_end',
      );
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe('');
      expect(csv.raw.slice(1)).not.toMatch(/[^\r]\n/);
      const dry = await importCsv(csv.raw, true);
      expect(dry.body).toMatchObject({ errorCount: 0, created: 2 });
      const xlsx = await w.call('GET', '/api/admin/catalogue/import/template?format=xlsx', {
        token: w.admin.token,
      });
      expect(xlsx.status).toBe(200);
      expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  productListResponseSchema,
  productSchema,
  type Product,
  type ProductListResponse,
} from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import * as repo from './products.repository';
import { FEW_STOCK_THRESHOLD_KEY } from './catalogue-cache.service';
import { bumpCatalogueVersion } from './catalogue-version';
import { getJson } from './catalogue-test-setup';
import { useCatalogueWorld } from './catalogue-world.fixture';
import { FIXTURE_NOW, FIXTURE_PRODUCTS, fixtureBarcodes } from './catalogue.fixture';

const ACTIVE = FIXTURE_PRODUCTS.filter((p) => p.active !== false).map((p) => p.n);

describe.each(TEST_DIALECTS)('products/all and products/ordered-products on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  const list = (query: string, options: { token?: string; language?: string } = {}) =>
    getJson<ProductListResponse>(w.app, `/api/products/all${query ? `?${query}` : ''}`, options);
  const ordered = (query: string, token?: string) =>
    getJson<ProductListResponse>(
      w.app,
      `/api/products/ordered-products${query ? `?${query}` : ''}`,
      token ? { token } : {},
    );
  const ns = (body: ProductListResponse) => body.products.map((p) => w.fx.idToN.get(p.id));
  const product = (body: ProductListResponse, n: number): Product => {
    const found = body.products.find((p) => p.id === w.fx.productId.get(n));
    if (!found) throw new Error(`product ${n} not in the answer`);
    return found;
  };
  const makers = (body: ProductListResponse) => body.manufacturers.map((m) => m.slug);

  describe('anonymous listing', () => {
    it('lists every active product, 50 per page by default, in catalogue order, with the result manufacturers', async () => {
      const { status, body } = await list('');
      expect(status).toBe(200);
      expect(productListResponseSchema.safeParse(body).success).toBe(true);
      expect(body.count).toBe(29);
      expect(ns(body)).toEqual(ACTIVE);
      expect(makers(body)).toEqual(['alfa', 'beta', 'gamma']); // delta has only an inactive product
    });

    it('shows no prices, no price flags and no order history to anonymous visitors', async () => {
      const { body } = await list('productsPerPage=100');
      expect(body.products.length).toBeGreaterThan(0);
      for (const p of body.products) {
        expect(p.prices).toEqual([]);
        expect(p.currentPrice).toBeNull();
        expect(p.priceChanged).toBe(false);
        expect(p.lastOrderedQuantity).toBe(0);
      }
      const text = JSON.stringify(body);
      expect(text).not.toContain('"price"');
      expect(text).not.toContain('specialPrice');
      expect(text).not.toContain('customerDiscount');
      // The On sale badge is not a price: it stays.
      expect(product(body, 2).discount).toBe(true);
    });

    it('returns products in the shape of docs/product.md §3.1', async () => {
      const { body } = await list('', { token: w.tokens.b });
      const p = product(body, 2);
      expect(productSchema.safeParse(p).success).toBe(true);
      const codes = fixtureBarcodes(2);
      expect(p).toMatchObject({
        sku: 'KV-002',
        productDetails: [
          { language: 'hu', name: 'Kávé őrölt 250 g', description: 'Kávé őrölt 250 g — hu leírás' },
        ],
        prices: [
          {
            price: 12000,
            specialPrice: 9900,
            specialPriceStart: '2026-03-01T00:00:00.000Z',
            specialPriceEnd: '2026-03-31T23:59:59.999Z',
            quantityDiscount: 1,
            quantitativeUnit: 'piece',
            customerDiscount: 0,
          },
          {
            price: 10800,
            specialPrice: null,
            quantityDiscount: 12,
            quantitativeUnit: 'carton',
            customerDiscount: 0,
          },
          {
            price: 9600,
            specialPrice: null,
            quantityDiscount: 480,
            quantitativeUnit: 'pallet',
            customerDiscount: 0,
          },
        ],
        currentPrice: 9900,
        vat: 27,
        weight: 252,
        image: '/images/products/kv-002.webp',
        stock: 500,
        stockStatus: 'in_stock',
        isActive: true,
        isOrderable: true,
        isSeasonal: false,
        minOrderQuantity: 'carton',
        maxOrderQuantity: 'pallet',
        orderQuantityStep: 12,
        lastOrderedQuantity: 0,
        packSizes: [
          { unit: 'piece', pieces: 1, barcode: codes.piece },
          { unit: 'carton', pieces: 12, barcode: codes.carton },
          { unit: 'pallet', pieces: 480, barcode: codes.pallet },
        ],
        categories: [{ slug: 'kave', name: 'Kávé', parentSlug: 'italok' }],
        manufacturer: { id: w.fx.manufacturerId.get('alfa'), name: 'Alfa Kft.', slug: 'alfa' },
        description: 'Kávé őrölt 250 g — hu leírás',
        discount: true,
        priceChanged: false,
      });
      expect(p.barcodes).toBeUndefined();
      expect(product(body, 30).manufacturer).toBeNull();
      // A product in two categories lists both, main categories first.
      expect(product(body, 29).categories).toEqual([
        { slug: 'elelmiszer', name: 'Élelmiszer', parentSlug: null },
        { slug: 'kave', name: 'Kávé', parentSlug: 'italok' },
      ]);
    });

    it('names products and categories in the request language, falling back to Hungarian', async () => {
      const en = (await list('', { language: 'en-US,en;q=0.9' })).body;
      expect(product(en, 1).productDetails).toEqual([
        { language: 'en', name: 'Coffee', description: 'Coffee — en leírás' },
      ]);
      expect(product(en, 1).categories[0]?.name).toBe('Coffee');
      expect(product(en, 30).productDetails[0]).toMatchObject({ language: 'hu', name: 'Ecet' });
      const zh = (await list('', { language: 'zh' })).body;
      expect(product(zh, 10).productDetails[0]?.name).toBe('河粉汤底');
      const vi = (await list('', { language: 'vi' })).body;
      expect(product(vi, 10).productDetails[0]?.name).toBe('Nước dùng phở');
      expect(product(vi, 10).categories[0]?.name).toBe('Súp');
      const de = (await list('', { language: 'de' })).body;
      expect(product(de, 1).productDetails[0]?.name).toBe('Kávé');
    });

    it('refuses a bad token even where a token is optional', async () => {
      const { status, body } = await list('', { token: 'not-a-token' });
      expect(status).toBe(401);
      expect(body).toMatchObject({ error: 'ERR_UNAUTHORIZED' });
    });
  });

  describe('paging', () => {
    it('pages with productsPerPage 1', async () => {
      const third = (await list('productsPerPage=1&currentPage=3')).body;
      expect(ns(third)).toEqual([3]);
      expect(third.count).toBe(29);
      expect(ns((await list('productsPerPage=1&currentPage=29')).body)).toEqual([30]);
      const beyond = (await list('productsPerPage=1&currentPage=30')).body;
      expect(beyond.products).toEqual([]);
      expect(beyond.count).toBe(29);
      expect(makers(beyond)).toEqual(['alfa', 'beta', 'gamma']);
    });

    it.each(['100', '99999', '50'])(
      'productsPerPage %s gives the whole catalogue on one page',
      async (ppp) => {
        const { body } = await list(`productsPerPage=${ppp}`);
        expect(ns(body)).toEqual(ACTIVE);
      },
    );

    it.each(['7', '0', '2', '1000', 'abc', '50.5', '-1', '99998', '%20'])(
      'productsPerPage=%s → 400 ERR_INVALID_PPP',
      async (ppp) => {
        const { status, body } = await list(`productsPerPage=${ppp}`);
        expect(status).toBe(400);
        expect(body).toMatchObject({ error: 'ERR_INVALID_PPP' });
      },
    );

    it.each(['0', '-1', 'x', '1.5'])('currentPage=%s → 400 ERR_VALIDATION', async (page) => {
      const { status, body } = await list(`currentPage=${page}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_VALIDATION' });
    });

    it('also checks the page size of ordered-products', async () => {
      const { status, body } = await ordered('productsPerPage=3', w.tokens.a);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_INVALID_PPP' });
    });
  });

  describe('filters', () => {
    it('mainCategorySlug lists the main category and its subcategories', async () => {
      const { body } = await list('mainCategorySlug=italok');
      expect(ns(body)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 20, 21, 22, 23, 29]);
      expect(body.count).toBe(13);
    });

    it('subCategorySlug with or without its main category', async () => {
      expect(ns((await list('mainCategorySlug=italok&subCategorySlug=kave')).body)).toEqual([
        1, 2, 4, 5, 6, 29,
      ]);
      expect(ns((await list('subCategorySlug=tea')).body)).toEqual([7, 8, 9]);
      const mismatch = (await list('mainCategorySlug=elelmiszer&subCategorySlug=kave')).body;
      expect(mismatch.products).toEqual([]);
      expect(mismatch.count).toBe(0);
      expect(mismatch.manufacturers).toEqual([]);
    });

    it('an unknown category gives an empty result, not an error', async () => {
      const { status, body } = await list('mainCategorySlug=nincs-ilyen');
      expect(status).toBe(200);
      expect(body).toEqual({ products: [], count: 0, manufacturers: [] });
    });

    it('a main category without subcategories and an empty one', async () => {
      const house = (await list('mainCategorySlug=haztartas')).body;
      expect(ns(house)).toEqual([3, 16, 17, 18]);
      expect(makers(house)).toEqual(['beta', 'gamma']);
      expect((await list('mainCategorySlug=ures-kategoria')).body.count).toBe(0);
    });

    it('seasonal=true lists seasonal products; false does not filter', async () => {
      expect(ns((await list('seasonal=true')).body)).toEqual([5, 8]);
      expect(ns((await list('seasonal=1')).body)).toEqual([5, 8]);
      expect((await list('seasonal=false')).body.count).toBe(29);
    });

    it('onSale=true lists products whose special price is valid now, per price group', async () => {
      // 2 and 8 have a valid special price; 6's expired, 7's starts in April.
      expect(ns((await list('onSale=true')).body)).toEqual([2, 8]);
      expect(ns((await list('onSale=true', { token: w.tokens.b })).body)).toEqual([2, 8]);
      // Customer A's VIP piece price of 8 replaces the list entry that carries the special price.
      const vip = (await list('onSale=true', { token: w.tokens.a })).body;
      expect(ns(vip)).toEqual([2]);
      expect(vip.count).toBe(1);
      expect((await list('onSale=false')).body.count).toBe(29);
    });

    it('selectedManufacturers by slug, id, comma list or repeated, with the manufacturers of the unfiltered result', async () => {
      const alfa = (await list('selectedManufacturers=alfa')).body;
      expect(ns(alfa)).toEqual([1, 2, 6, 11, 12, 20, 24, 25]);
      expect(alfa.count).toBe(8);
      expect(makers(alfa)).toEqual(['alfa', 'beta', 'gamma']);
      const betaId = w.fx.manufacturerId.get('beta')!;
      expect(ns((await list(`selectedManufacturers=${betaId}`)).body)).toEqual([
        3, 4, 7, 9, 14, 15, 18, 21, 22, 28, 29,
      ]);
      const both = (
        await list(`selectedManufacturers=alfa,${w.fx.manufacturerId.get('gamma')}&productsPerPage=100`)
      ).body;
      expect(both.count).toBe(8 + 9);
      const repeated = (
        await list('selectedManufacturers=alfa&selectedManufacturers=gamma&productsPerPage=100')
      ).body;
      expect(repeated.count).toBe(17);
      const unknown = (await list('selectedManufacturers=nincs')).body;
      expect(unknown.count).toBe(0);
      expect(makers(unknown)).toEqual(['alfa', 'beta', 'gamma']);
      expect((await list('selectedManufacturers=')).body.count).toBe(29);
    });

    it('combines filters; the manufacturers list follows the other filters', async () => {
      const { body } = await list('mainCategorySlug=italok&selectedManufacturers=beta');
      expect(ns(body)).toEqual([4, 7, 9, 21, 22, 29]);
      expect(makers(body)).toEqual(['alfa', 'beta', 'gamma']);
      const seasonalTea = (await list('subCategorySlug=tea&seasonal=true&onSale=true')).body;
      expect(ns(seasonalTea)).toEqual([8]);
      expect(makers(seasonalTea)).toEqual(['gamma']);
    });

    it.each([
      ['selectedManufacturers=al fa'],
      ['selectedManufacturers=' + Array.from({ length: 101 }, (_, i) => `m${i}`).join(',')],
      ['onSale=maybe'],
      ['seasonal=yes'],
      ['mainCategorySlug=a%2Fb'],
      ['orderBy=price'],
      ['caching=sometimes'],
    ])('%s → 400 ERR_VALIDATION', async (query) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_VALIDATION' });
    });

    it('orderBy sku, name, name-desc and newest', async () => {
      const bySku = (await list('orderBy=sku')).body.products.map((p) => p.sku);
      expect(bySku).toEqual([...bySku].sort());
      const bySkuDesc = (await list('orderBy=sku-desc')).body.products.map((p) => p.sku);
      expect(bySkuDesc).toEqual([...bySku].reverse());
      expect(ns((await list('subCategorySlug=tea&orderBy=name')).body)).toEqual([9, 8, 7]); // Fekete, Jázmin, Zöld
      expect(ns((await list('subCategorySlug=tea&orderBy=name-desc')).body)).toEqual([7, 8, 9]);
      expect(ns((await list('subCategorySlug=tea&orderBy=name', { language: 'en' })).body)).toEqual([
        9, 7, 8,
      ]); // Black, Green, Jasmine
      expect(ns((await list('orderBy=newest&productsPerPage=1')).body)).toEqual([30]);
      expect(ns((await list('orderBy=default&subCategorySlug=tea')).body)).toEqual([7, 8, 9]);
    });

    it('caching=true allows the browser a private minute; otherwise no-cache', async () => {
      expect((await list('caching=true')).headers['cache-control']).toBe('private, max-age=60');
      expect((await list('caching=false')).headers['cache-control']).toBe('private, no-cache');
      expect((await list('')).headers['cache-control']).toBe('private, no-cache');
    });
  });

  describe('stock display', () => {
    it('uses the larger of one carton and the shop setting', async () => {
      const db = w.testDb.handle.db;
      const set = async (value: string) =>
        db
          .insertInto('settings')
          .values({ key: FEW_STOCK_THRESHOLD_KEY, value, updated_at: FIXTURE_NOW.toISOString() })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
      let body = (await list('')).body;
      expect(product(body, 16).stockStatus).toBe('out_of_stock');
      expect(product(body, 18).stockStatus).toBe('few_stock'); // 5 < one carton (12)
      expect(product(body, 1).stockStatus).toBe('in_stock');
      await set('600');
      body = (await list('')).body;
      expect(product(body, 1).stockStatus).toBe('few_stock'); // 500 < 600
      expect(product(body, 16).stockStatus).toBe('out_of_stock');
      await set('3');
      body = (await list('')).body;
      expect(product(body, 18).stockStatus).toBe('few_stock'); // the carton still wins
      await db.deleteFrom('settings').where('key', '=', FEW_STOCK_THRESHOLD_KEY).execute();
    });

    it('shows non-orderable and out-of-stock products with their flags', async () => {
      const body = (await list('')).body;
      expect(product(body, 17)).toMatchObject({ isOrderable: false, isActive: true });
      expect(product(body, 16)).toMatchObject({ stock: 0, stockStatus: 'out_of_stock' });
    });
  });

  describe('prices per customer', () => {
    it('customer A (VIP group, 5 %) gets its group price and discount', async () => {
      const body = (await list('', { token: w.tokens.a })).body;
      const nine = product(body, 9);
      expect(nine.prices).toEqual([
        {
          price: 5000,
          specialPrice: null,
          specialPriceStart: null,
          specialPriceEnd: null,
          quantityDiscount: 1,
          quantitativeUnit: 'piece',
          customerDiscount: 5,
        },
        {
          price: 17100,
          specialPrice: null,
          specialPriceStart: null,
          specialPriceEnd: null,
          quantityDiscount: 12,
          quantitativeUnit: 'carton',
          customerDiscount: 5,
        },
      ]);
      expect(nine.currentPrice).toBe(4750);
      expect(product(body, 1).currentPrice).toBe(10450); // 110.00 Ft − 5 %
      expect(product(body, 2).currentPrice).toBe(9900); // the special price; no discount on top
      expect(product(body, 11).currentPrice).toBe(17955); // at the minimum of one carton: 189.00 Ft − 5 %
      expect(product(body, 8).discount).toBe(false); // the VIP entry has no special price
      expect(product(body, 8).currentPrice).toBe(16625); // VIP 175.00 Ft − 5 %
    });

    it('customer B (no group, no discount) never sees the VIP prices or another discount', async () => {
      const body = (await list('', { token: w.tokens.b })).body;
      expect(product(body, 9).currentPrice).toBe(19000);
      expect(product(body, 9).prices.map((p) => p.price)).toEqual([19000, 17100]);
      expect(product(body, 8).discount).toBe(true);
      expect(product(body, 8).currentPrice).toBe(15000);
      expect(product(body, 11).currentPrice).toBe(18900);
      for (const p of body.products) {
        for (const entry of p.prices) expect(entry.customerDiscount).toBe(0);
      }
      const text = JSON.stringify(body);
      expect(text).not.toContain('"price":5000');
      expect(text).not.toContain('"price":17500');
      expect(text).not.toContain('VIP');
    });

    it('customer C (10 %) gets its own discount on list prices', async () => {
      const body = (await list('', { token: w.tokens.c })).body;
      expect(product(body, 9).currentPrice).toBe(17100);
      expect(product(body, 9).prices[0]?.customerDiscount).toBe(10);
      expect(product(body, 2).currentPrice).toBe(9720); // the carton tier 108.00 Ft − 10 % beats the special 99.00 Ft
    });

    it('priceChanged compares the piece price with the one 14 days ago', async () => {
      const b = (await list('', { token: w.tokens.b })).body;
      expect(product(b, 1).priceChanged).toBe(true); // 140.00 → 110.00 Ft
      expect(product(b, 3).priceChanged).toBe(false); // same as on 2026-03-01
      expect(product(b, 4).priceChanged).toBe(false); // no record 14 days back
      expect(product(b, 9).priceChanged).toBe(false); // list price unchanged
      expect(product(b, 20).priceChanged).toBe(false); // no history
      const a = (await list('', { token: w.tokens.a })).body;
      expect(product(a, 9).priceChanged).toBe(true); // VIP 60.00 → 50.00 Ft
    });

    it('lastOrderedQuantity is the quantity of the most recent order line of the customer', async () => {
      const a = (await list('', { token: w.tokens.a })).body;
      expect(product(a, 1).lastOrderedQuantity).toBe(36);
      expect(product(a, 5).lastOrderedQuantity).toBe(12);
      expect(product(a, 10).lastOrderedQuantity).toBe(0);
      const b = (await list('', { token: w.tokens.b })).body;
      expect(product(b, 10).lastOrderedQuantity).toBe(6);
      expect(product(b, 1).lastOrderedQuantity).toBe(0);
    });

    it('the stock and last ordered quantities in one statement equal the two separate queries', async () => {
      const { db } = w.testDb.handle;
      const ids = [1, 5, 10, 20].map((n) => w.fx.productId.get(n)!);
      for (const customerId of [w.customers.a, w.customers.b, w.customers.c]) {
        const both = await repo.findStockAndLastOrdered(db, dialect, ids, customerId);
        expect(both.stock).toEqual(await repo.findStock(db, dialect, ids));
        const separate = await repo.findLastOrderedQuantities(db, dialect, ids, customerId);
        expect(both.lastOrdered).toEqual(new Map(separate.map((row) => [row.product_id, row.quantity])));
      }
      const a = await repo.findStockAndLastOrdered(db, dialect, ids, w.customers.a);
      expect(a.stock.size).toBe(4);
      expect([a.lastOrdered.get(ids[0]!), a.lastOrdered.get(ids[1]!), a.lastOrdered.get(ids[2]!)]).toEqual([
        36,
        12,
        undefined,
      ]);
      const none = await repo.findStockAndLastOrdered(db, dialect, [], w.customers.a);
      expect([none.stock.size, none.lastOrdered.size]).toEqual([0, 0]);
    });
  });

  describe('agents', () => {
    it("an agent sees the prices and orders of its current address's customer", async () => {
      const db = w.testDb.handle.db;
      let body = (await list('', { token: w.tokens.agent })).body;
      expect(product(body, 9).currentPrice).toBe(19000); // customer B
      expect(product(body, 10).lastOrderedQuantity).toBe(6);
      expect(ns((await ordered('', w.tokens.agent)).body)).toEqual([10]);
      await db
        .updateTable('users')
        .set({ current_shipping_address_id: w.addresses.a })
        .where('id', '=', w.users.agent)
        .execute();
      try {
        body = (await list('', { token: w.tokens.agent })).body;
        expect(product(body, 9).currentPrice).toBe(4750); // customer A
        expect(product(body, 1).lastOrderedQuantity).toBe(36);
        expect(ns((await ordered('', w.tokens.agent)).body)).toEqual([1, 5]);
      } finally {
        await db
          .updateTable('users')
          .set({ current_shipping_address_id: w.addresses.b })
          .where('id', '=', w.users.agent)
          .execute();
      }
    });

    it("an agent whose current address belongs to someone else's customer gets list prices only", async () => {
      const body = (await list('', { token: w.tokens.agent2 })).body;
      expect(product(body, 9).currentPrice).toBe(19000);
      expect(product(body, 9).prices[0]?.customerDiscount).toBe(0);
      expect(product(body, 1).lastOrderedQuantity).toBe(0);
      expect(JSON.stringify(body)).not.toContain('"price":5000');
      const { status, body: error } = await ordered('', w.tokens.agent2);
      expect(status).toBe(409);
      expect(error).toMatchObject({ error: 'ERR_NO_CURRENT_SHIPPING' });
    });

    it('an agent without a current address gets list prices and no ordered products', async () => {
      const body = (await list('', { token: w.tokens.agent3 })).body;
      expect(product(body, 1).currentPrice).toBe(11000);
      expect((await ordered('', w.tokens.agent3)).status).toBe(409);
    });
  });

  describe('ordered-products', () => {
    it('needs a login', async () => {
      const { status, body } = await ordered('');
      expect(status).toBe(401);
      expect(body).toMatchObject({ error: 'ERR_UNAUTHORIZED' });
    });

    it("lists the customer's ordered products, most recently ordered first, with the last quantity", async () => {
      const a = (await ordered('', w.tokens.a)).body;
      expect(ns(a)).toEqual([1, 5]);
      expect(a.count).toBe(2);
      expect(a.products.map((p) => p.lastOrderedQuantity)).toEqual([36, 12]);
      expect(makers(a)).toEqual(['alfa', 'gamma']);
      expect(product(a, 1).currentPrice).toBe(10450);
      const b = (await ordered('', w.tokens.b)).body;
      expect(ns(b)).toEqual([10]);
      const c = (await ordered('', w.tokens.c)).body;
      expect(c).toEqual({ products: [], count: 0, manufacturers: [] });
    });

    it('applies the same filters, paging and order', async () => {
      expect(ns((await ordered('seasonal=true', w.tokens.a)).body)).toEqual([5]);
      expect(ns((await ordered('selectedManufacturers=alfa', w.tokens.a)).body)).toEqual([1]);
      const page2 = (await ordered('productsPerPage=1&currentPage=2', w.tokens.a)).body;
      expect(ns(page2)).toEqual([5]);
      expect(page2.count).toBe(2);
      expect(ns((await ordered('orderBy=sku-desc', w.tokens.a)).body)).toEqual([5, 1]);
    });
  });

  describe('special prices in a running process', () => {
    it('start and end at their instants, whatever was answered before', async () => {
      // Product 2: special from 2026-03-01T00:00:00.000Z to 2026-03-31T23:59:59.999Z; product 7:
      // from 2026-04-01T00:00:00.000Z, open-ended. A visitor sees the On sale flag (no prices, and
      // a customer's token would expire over these weeks); the flag and currentPrice come from the
      // same per-process computation.
      const onSale = async (iso: string) => {
        w.ctx.clock.set(new Date(iso));
        const body = (await list('productsPerPage=100')).body;
        return [product(body, 2).discount, product(body, 7).discount];
      };
      try {
        expect(await onSale('2026-02-28T23:59:59.999Z')).toEqual([false, false]);
        expect(await onSale('2026-03-01T00:00:00.000Z')).toEqual([true, false]);
        expect(await onSale('2026-03-31T23:59:59.999Z')).toEqual([true, false]);
        expect(await onSale('2026-04-01T00:00:00.000Z')).toEqual([false, true]);
        // Back in time (a test clock): the earlier answers again.
        expect(await onSale('2026-02-28T23:59:59.999Z')).toEqual([false, false]);
        expect(await onSale('2026-03-15T12:00:00.000Z')).toEqual([true, false]);
      } finally {
        w.ctx.clock.set(FIXTURE_NOW);
      }
      const body = (await list('productsPerPage=100', { token: w.tokens.b })).body;
      expect(product(body, 2).currentPrice).toBe(9900);
    });
  });

  describe('cached counts', () => {
    it('keeps the count per filter until the catalogue version changes', async () => {
      const db = w.testDb.handle.db;
      const id30 = w.fx.productId.get(30)!;
      expect((await list('mainCategorySlug=elelmiszer')).body.count).toBe(13);
      await db.updateTable('products').set({ is_active: 0 }).where('id', '=', id30).execute();
      try {
        const stale = (await list('mainCategorySlug=elelmiszer')).body;
        // The result and its count are cached for this catalogue version (writers bump it).
        expect(stale.count).toBe(13);
        expect(stale.products).toHaveLength(13);
        await bumpCatalogueVersion(db, FIXTURE_NOW);
        const fresh = (await list('mainCategorySlug=elelmiszer')).body;
        expect(fresh.count).toBe(12);
        expect(fresh.products).toHaveLength(12);
        expect(fresh.products.map((p) => p.id)).not.toContain(id30);
      } finally {
        await db.updateTable('products').set({ is_active: 1 }).where('id', '=', id30).execute();
        await bumpCatalogueVersion(db, FIXTURE_NOW);
      }
      expect((await list('mainCategorySlug=elelmiszer')).body.count).toBe(13);
    });

    it('expires a cached count after a minute even without a version change', async () => {
      const db = w.testDb.handle.db;
      const id24 = w.fx.productId.get(24)!;
      expect((await list('selectedManufacturers=alfa&mainCategorySlug=elelmiszer')).body.count).toBe(4);
      await db.updateTable('products').set({ is_active: 0 }).where('id', '=', id24).execute();
      try {
        expect((await list('selectedManufacturers=alfa&mainCategorySlug=elelmiszer')).body.count).toBe(4);
        w.ctx.clock.advance(61_000);
        expect((await list('selectedManufacturers=alfa&mainCategorySlug=elelmiszer')).body.count).toBe(3);
      } finally {
        w.ctx.clock.set(FIXTURE_NOW);
        await db.updateTable('products').set({ is_active: 1 }).where('id', '=', id24).execute();
        await bumpCatalogueVersion(db, FIXTURE_NOW);
      }
    });
  });
});

import { Migrator, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ProductListResponse, SimpleSearchResponse } from '@shop/shared/contracts/products';
import { productListResponseSchema, simpleSearchResponseSchema } from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import { MIGRATIONS } from '../../db/migrate';
import { getJson } from './catalogue-test-setup';
import { useCatalogueWorld } from './catalogue-world.fixture';
import { FIXTURE_PRODUCTS, fixtureBarcodes, setProductName } from './catalogue.fixture';
import { refreshProductSearchText } from './product-search-text.service';

describe.each(TEST_DIALECTS)('products/search on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  const search = (query: Record<string, string>, options: { token?: string; language?: string } = {}) =>
    getJson<ProductListResponse>(
      w.app,
      `/api/products/search?${new URLSearchParams({ searchType: 'all', ...query })}`,
      options,
    );
  const simple = (searchType: string, query: Record<string, string>, options: { token?: string } = {}) =>
    getJson<SimpleSearchResponse>(
      w.app,
      `/api/products/search?${new URLSearchParams({ selectType: 'simple', searchType, ...query })}`,
      options,
    );
  const ns = (products: { id: number }[]) => products.map((p) => w.fx.idToN.get(p.id));
  const all = async (searchString: string, extra: Record<string, string> = {}) => {
    const { status, body } = await search({ searchString, ...extra });
    expect(status).toBe(200);
    return ns(body.products);
  };

  describe('searchType=all', () => {
    it('ranks exact names first, then name prefixes, then word prefixes, then other matches', async () => {
      const { body } = await search({ searchString: 'kave' });
      expect(productListResponseSchema.safeParse(body).success).toBe(true);
      // Kávé | Kávé őrölt, Kávéfőző, Kávébab, Kávés keksz | Instant kávé | Jegeskávé. Régi kávé is inactive.
      expect(ns(body.products)).toEqual([1, 2, 3, 6, 29, 4, 5]);
      expect(body.count).toBe(7);
      expect(body.manufacturers.map((m) => m.slug)).toEqual(['alfa', 'beta', 'gamma']);
    });

    it('is case- and accent-insensitive', async () => {
      const expected = [1, 2, 3, 6, 29, 4, 5];
      expect(await all('KÁVÉ')).toEqual(expected);
      expect(await all('Kávé')).toEqual(expected);
      expect(await all('kAvE')).toEqual(expected);
    });

    it('finds Vietnamese names without tones: pho finds Phở', async () => {
      expect(await all('pho')).toEqual([10, 13]); // Phở leves alap (name prefix), Bánh phở (word prefix)
      expect(await all('Phở')).toEqual([10, 13]);
      expect(await all('PHO')).toEqual([10, 13]);
      expect(await all('nuoc dung')).toEqual([10]);
      expect(await all('cà phê xay')).toEqual([2]);
      expect(await all('ca phe')).toEqual([1, 2, 4, 5, 3, 6, 29]);
    });

    it('finds English names', async () => {
      expect(await all('coffee')).toEqual([1, 29, 2, 4, 5, 6]);
      expect(await all('Goulash')).toEqual([11]);
    });

    it('finds Chinese names by substring', async () => {
      expect(await all('咖啡豆')).toEqual([6]);
      expect(await all('拉比卡')).toEqual([6]); // the middle of 阿拉比卡咖啡豆
      expect(await all('咖啡饼')).toEqual([29]);
      expect(await all('牛肉汤')).toEqual([11]);
    });

    it('matches prefixes and parts of words; every word must match, in any order', async () => {
      expect(await all('arab')).toEqual([6]);
      expect(await all('nood')).toEqual([13, 15]);
      expect(await all('kave orolt')).toEqual([2]);
      expect(await all('orolt kave')).toEqual([2]);
      expect(await all('kave tea')).toEqual([]);
      expect(await all('kotyog')).toEqual([3]);
      // Words shorter than 3 characters are checked too; product 25's barcode 599102500001x holds "250".
      expect(await all('250 g')).toEqual([2, 25]);
    });

    it('finds SKUs and barcodes through the search text, exact codes first', async () => {
      expect(await all('kv-004')).toEqual([4, 2]); // the exact SKU first; 2 has "kv" and a barcode with "004"
      expect(await all('kv-0')).toEqual([1, 2, 3, 4, 5, 6]);
      expect((await all('TE 003'))[0]).toBe(9);
      expect(await all(fixtureBarcodes(5).carton!)).toEqual([5]);
    });

    it('never finds inactive products', async () => {
      expect(await all('regi kave')).toEqual([]);
      expect(await all('old coffee')).toEqual([]);
    });

    it('pages, filters and orders like products/all', async () => {
      const page2 = (await search({ searchString: 'kave', productsPerPage: '1', currentPage: '2' })).body;
      expect(ns(page2.products)).toEqual([2]);
      expect(page2.count).toBe(7);
      expect(await all('kave', { mainCategorySlug: 'elelmiszer' })).toEqual([29]);
      const beta = (await search({ searchString: 'kave', selectedManufacturers: 'beta' })).body;
      expect(ns(beta.products)).toEqual([3, 29, 4]);
      expect(beta.manufacturers.map((m) => m.slug)).toEqual(['alfa', 'beta', 'gamma']);
      expect(await all('kave', { seasonal: 'true' })).toEqual([5]);
      expect(await all('kave', { onSale: 'true' })).toEqual([2]);
      expect(await all('kave', { orderBy: 'sku-desc' })).toEqual([6, 5, 4, 3, 2, 1, 29]);
      const bad = await search({ searchString: 'kave', productsPerPage: '10' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'ERR_INVALID_PPP' });
    });

    it('prices follow the caller like the listing', async () => {
      const anonymous = (await search({ searchString: 'fekete tea' })).body.products[0]!;
      expect(anonymous.prices).toEqual([]);
      expect(anonymous.currentPrice).toBeNull();
      const a = (await search({ searchString: 'fekete tea' }, { token: w.tokens.a })).body.products[0]!;
      expect(a.currentPrice).toBe(4750);
      const b = (await search({ searchString: 'fekete tea' }, { token: w.tokens.b })).body.products[0]!;
      expect(b.currentPrice).toBe(19000);
    });

    it('names the products in the request language', async () => {
      const { body } = await search({ searchString: 'kave' }, { language: 'en' });
      expect(body.products[0]?.productDetails[0]?.name).toBe('Coffee');
    });
  });

  describe('searchType=product-by-sku', () => {
    it('finds one product by its SKU, case-insensitively, forcing page 1 of size 1', async () => {
      const { status, body } = await search({
        searchType: 'product-by-sku',
        searchSku: 'kv-002',
        productsPerPage: '50',
        currentPage: '3',
      });
      expect(status).toBe(200);
      expect(ns(body.products)).toEqual([2]);
      expect(body.count).toBe(1);
      expect(ns((await search({ searchType: 'product-by-sku', searchSku: 'KV-002' })).body.products)).toEqual(
        [2],
      );
      expect((await search({ searchType: 'product-by-sku', searchSku: 'KV-00' })).body).toEqual({
        products: [],
        count: 0,
        manufacturers: [],
      });
      expect((await search({ searchType: 'product-by-sku', searchSku: 'X-OLD' })).body.count).toBe(0);
      // The page size sent does not matter: it is forced to 1.
      const anySize = await search({
        searchType: 'product-by-sku',
        searchSku: 'kv-002',
        productsPerPage: '7',
      });
      expect(anySize.status).toBe(200);
      expect(ns(anySize.body.products)).toEqual([2]);
    });
  });

  describe('selectType=simple', () => {
    it('products-by-name-exact finds exact names in any language', async () => {
      const { status, body } = await simple('products-by-name-exact', { searchString: 'kávé' });
      expect(status).toBe(200);
      expect(simpleSearchResponseSchema.safeParse(body).success).toBe(true);
      expect(ns(body.data.products)).toEqual([1]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: 'Coffee' })).body.data.products),
      ).toEqual([1]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: 'CA PHE' })).body.data.products),
      ).toEqual([1]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: 'kave orolt 250 g' })).body.data.products),
      ).toEqual([2]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: '咖啡豆' })).body.data.products),
      ).toEqual([]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: 'kave orolt' })).body.data.products),
      ).toEqual([]);
    });

    it('products-by-name ranks like searchType=all and returns at most 20', async () => {
      expect(ns((await simple('products-by-name', { searchString: 'kave' })).body.data.products)).toEqual([
        1, 2, 3, 6, 29, 4, 5,
      ]);
      // Every product with barcodes has "5991" in its search text: 28 active ones, 20 returned.
      const many = (await simple('products-by-name', { searchString: '5991' })).body.data.products;
      expect(many).toHaveLength(20);
    });

    it('products-by-barcode-exact carries all pack barcodes joined with commas', async () => {
      const codes = fixtureBarcodes(2);
      const { body } = await simple('products-by-barcode-exact', { searchString: codes.carton! });
      expect(ns(body.data.products)).toEqual([2]);
      expect(body.data.products[0]?.barcodes).toBe(`${codes.piece},${codes.carton},${codes.pallet}`);
      // Product 17 has no carton barcode: only the piece barcode is listed.
      const seventeen = (
        await simple('products-by-barcode-exact', { searchString: fixtureBarcodes(17).piece! })
      ).body.data.products;
      expect(seventeen.map((p) => p.barcodes)).toEqual([fixtureBarcodes(17).piece]);
      expect(
        (await simple('products-by-barcode-exact', { searchString: codes.carton!.slice(0, 12) })).body.data
          .products,
      ).toEqual([]);
      expect(
        (await simple('products-by-barcode-exact', { searchString: fixtureBarcodes(19).piece! })).body.data
          .products,
      ).toEqual([]);
    });

    it('products-by-barcode finds parts of barcodes and leaves out products without barcodes', async () => {
      const part = '1002000';
      const expected = FIXTURE_PRODUCTS.filter((p) => p.active !== false)
        .filter((p) => Object.values(fixtureBarcodes(p.n)).some((code) => code?.includes(part)))
        .map((p) => p.n);
      expect(expected.length).toBeGreaterThan(0);
      const { body } = await simple('products-by-barcode', { searchString: part });
      expect(ns(body.data.products)).toEqual(expected);
      for (const p of body.data.products) {
        expect(p.barcodes).toBe(p.packSizes.flatMap((s) => (s.barcode ? [s.barcode] : [])).join(','));
      }
      const wide = (await simple('products-by-barcode', { searchString: '5991' })).body.data.products;
      expect(wide).toHaveLength(20);
      expect(ns(wide)).not.toContain(12); // product 12 has no barcodes
      expect(
        (await simple('products-by-barcode', { searchString: '1002004' })).body.data.products.map(
          (p) => p.sku,
        ),
      ).toEqual(['KV-002']);
      expect((await simple('products-by-barcode', { searchString: '%%%' })).body.data.products).toEqual([]);
      expect((await simple('products-by-barcode', { searchString: '___' })).body.data.products).toEqual([]);
    });

    it('product-by-sku uses searchSku', async () => {
      expect(ns((await simple('product-by-sku', { searchSku: 'te-003' })).body.data.products)).toEqual([9]);
      expect((await simple('product-by-sku', { searchSku: 'nincs ilyen' })).body.data.products).toEqual([]);
    });

    it('shows the caller its own prices only', async () => {
      const anonymous = (await simple('products-by-name', { searchString: 'fekete' })).body.data.products[0]!;
      expect(anonymous.prices).toEqual([]);
      const a = (await simple('products-by-name', { searchString: 'fekete' }, { token: w.tokens.a })).body
        .data.products[0]!;
      expect(a.currentPrice).toBe(4750);
      expect(a.lastOrderedQuantity).toBe(0);
    });
  });

  describe('validation', () => {
    it.each([
      [{ searchString: 'ka' }],
      [{ searchString: '  ka  ' }],
      [{ searchString: '咖啡' }],
      [{}],
      [{ searchString: '' }],
      [{ searchType: 'product-by-sku', searchSku: 'kv' }],
      [{ searchType: 'product-by-sku', searchString: 'kv-002' }],
      [{ searchType: 'products-by-name', searchString: 'kave' }],
      [{ searchType: 'everything', searchString: 'kave' }],
      [{ searchString: 'x'.repeat(201) }],
      [{ searchString: 'kave', currentPage: '0' }],
    ])('%j → 400 ERR_VALIDATION', async (query) => {
      const { status, body } = await search(query as Record<string, string>);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_VALIDATION' });
    });

    it('the simple form checks the length too', async () => {
      const { status, body } = await simple('products-by-barcode', { searchString: '59' });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'ERR_VALIDATION' });
      expect((await simple('product-by-sku', {})).status).toBe(400);
    });

    it('a query of punctuation only finds nothing', async () => {
      expect(await all('---')).toEqual([]);
      expect(ns((await simple('products-by-name', { searchString: '...' })).body.data.products)).toEqual([]);
    });
  });

  describe('search text upkeep', () => {
    it('refreshProductSearchText makes new names findable and old ones not', async () => {
      const db = w.testDb.handle.db;
      const id = w.fx.productId.get(24)!;
      await setProductName(db, id, 'hu', 'Finomliszt BL55');
      await setProductName(db, id, 'en', 'Wheat flour');
      expect(await all('finomliszt')).toEqual([]); // not yet refreshed
      await refreshProductSearchText(db, [id]);
      try {
        expect(await all('finomliszt')).toEqual([24]);
        expect(await all('wheat')).toEqual([24]);
        expect(await all('bl55')).toEqual([24]);
        expect(await all('flour')).toEqual([24]);
        expect(
          ns((await simple('products-by-name-exact', { searchString: 'liszt' })).body.data.products),
        ).toEqual([]);
      } finally {
        await setProductName(db, id, 'hu', 'Liszt');
        await setProductName(db, id, 'en', 'Flour');
        await refreshProductSearchText(db, [id]);
      }
      expect(await all('finomliszt')).toEqual([]);
      expect(
        ns((await simple('products-by-name-exact', { searchString: 'liszt' })).body.data.products),
      ).toEqual([24]);
    });

    it('a new product is searchable once its search text is written, and gone when deleted', async () => {
      const db = w.testDb.handle.db;
      const row = await db
        .insertInto('products')
        .values({
          sku: 'NEW-1',
          vat: 27,
          manufacturer_id: null,
          image: null,
          min_order_quantity: null,
          max_order_quantity: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('product_details')
        .values({ product_id: row.id, language: 'vi', name: 'Bánh mì đặc biệt' })
        .execute();
      await refreshProductSearchText(db, [row.id]);
      const found = (await search({ searchString: 'banh mi dac' })).body.products;
      expect(found.map((p) => p.sku)).toEqual(['NEW-1']);
      expect(found[0]?.productDetails[0]?.name).toBe('Bánh mì đặc biệt'); // no hu name: the one it has
      await db.deleteFrom('product_details').where('product_id', '=', row.id).execute();
      await db.deleteFrom('products').where('id', '=', row.id).execute();
      expect((await search({ searchString: 'banh mi dac' })).body.products).toEqual([]);
    });

    it('migration 002 goes down and up again, rebuilding the index from the stored search text', async () => {
      const db = w.testDb.handle.db;
      const provider = {
        // Every migration (later ones go down first), so the database's history matches the list.
        getMigrations: async (): Promise<Record<string, Migration>> => ({ ...MIGRATIONS }),
      };
      const migrator = new Migrator({ db, provider });
      const down = await migrator.migrateTo('001-initial-schema');
      expect(down.error).toBeUndefined();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await all('kave')).toEqual([1, 2, 3, 6, 29, 4, 5]);
      expect(await all('拉比卡')).toEqual([6]);
    });
  });
});

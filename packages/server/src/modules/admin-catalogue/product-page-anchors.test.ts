import { describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';
import { largeCatalogueWorld, productListQuery } from './admin-product-list-test-setup';
import { listProductRows, type ProductListFilter } from './admin-products.repository';
import { getProduct, saveProduct } from './admin-products.service';
import { ProductPageAnchors, type AnchorFilter } from './product-page-anchors.repository';

/**
 * Deep pages of the back office's product list from remembered anchor SKUs (issue 18 point 5,
 * docs/decisions/0023): the same rows as the plain offset query, and anchors dropped when a product is
 * inserted or its SKU or active flag changes, also when another process (another anchors store on the
 * same database) made the change.
 */

const NOW = new Date('2026-11-20T10:00:00.000Z');
const PRODUCTS = 1_000;
/** Small, so that the 1,000 products have 9 anchors (all) and the filters several each. */
const INTERVAL = 100;

describe.each(TEST_DIALECTS)('product list anchors on %s', (dialect) => {
  const live = largeCatalogueWorld(dialect, PRODUCTS, NOW);
  const db = () => live().ctx.database.db;
  const query = (extra: Partial<ProductListFilter>) => productListQuery(25, extra);

  /** The filter's SKUs in list order, by the plain query (no anchors). */
  async function plainSkus(filter: AnchorFilter): Promise<string[]> {
    let rows = db().selectFrom('products').select('sku');
    if (filter !== 'all') rows = rows.where('is_active', '=', filter === 'active' ? 1 : 0);
    return (await rows.orderBy('sku').execute()).map((row) => row.sku);
  }

  const active = (filter: AnchorFilter) => (filter === 'all' ? undefined : filter === 'active');

  /** Every page of the filter through `anchors`, compared with the same slice of the plain order. */
  async function expectSamePages(anchors: ProductPageAnchors, filter: AnchorFilter, pageSize: number) {
    const expected = await plainSkus(filter);
    const pages = Math.ceil(expected.length / pageSize) + 1;
    for (let page = 1; page <= pages; page++) {
      const found = await listProductRows(
        db(),
        dialect,
        query({ page, pageSize, active: active(filter), anchors }),
      );
      const plain = await listProductRows(db(), dialect, query({ page, pageSize, active: active(filter) }));
      const slice = expected.slice((page - 1) * pageSize, page * pageSize);
      expect(
        found.rows.map((row) => row.sku),
        `${filter} page ${page}`,
      ).toEqual(slice);
      expect(found.rows.map((row) => row.id)).toEqual(plain.rows.map((row) => row.id));
      expect(found.total).toBe(plain.total);
    }
    return expected.length;
  }

  it('gives every page of the whole list and of both filters exactly the rows of the offset query', async () => {
    const anchors = new ProductPageAnchors(INTERVAL);
    for (const filter of ['all', 'active', 'inactive'] as const) {
      // 25 divides the interval, 30 and 7 do not: pages that straddle an anchor.
      for (const pageSize of [25, 30, 7]) {
        const length = await expectSamePages(anchors, filter, pageSize);
        expect(anchors.held(filter)).toBe(Math.floor(length / INTERVAL));
      }
    }
    expect(anchors.held('all')).toBe(PRODUCTS / INTERVAL);
    expect(anchors.held('all')).toBeGreaterThan(2);
    expect(anchors.held('active')).toBeGreaterThan(2);
  });

  it('starts a deep page from the nearest anchor, walking fewer rows than one interval', async () => {
    const anchors = new ProductPageAnchors(INTERVAL);
    const skus = await plainSkus('all');
    const start = await anchors.pageStart(db(), 'all', 725);
    expect(start).toEqual({ afterSku: skus[699], offset: 25 });
    // Only the anchors this page needs were found.
    expect(anchors.held('all')).toBe(7);
    // Past the end: the last anchor bounds the walk and the page is empty.
    const past = await anchors.pageStart(db(), 'all', 5_000);
    expect(past).toEqual({ afterSku: skus[999], offset: 5_000 - 1_000 });
    const empty = await listProductRows(db(), dialect, query({ page: 201, anchors }));
    expect(empty.rows).toEqual([]);
  });

  it('drops the anchors of every process after an insert, a SKU change or an active flag change', async () => {
    // Two server processes on one database: the write goes through one, the other reads next.
    const here = new ProductPageAnchors(INTERVAL);
    const other = new ProductPageAnchors(INTERVAL);
    const pageSize = 25;
    const deep = 30;
    const check = async () => {
      for (const anchors of [here, other]) {
        const all = await plainSkus('all');
        const found = await listProductRows(db(), dialect, query({ page: deep, pageSize, anchors }));
        expect(found.rows.map((row) => row.sku)).toEqual(all.slice((deep - 1) * pageSize, deep * pageSize));
        const act = await plainSkus('active');
        const activePage = await listProductRows(
          db(),
          dialect,
          query({ page: 20, pageSize, active: true, anchors }),
        );
        expect(activePage.rows.map((row) => row.sku)).toEqual(act.slice(19 * pageSize, 20 * pageSize));
      }
    };
    await check();
    expect(here.held('all')).toBe(7);
    expect(other.held('all')).toBe(7);
    const actor = live().callers.adminUser.id;
    const skus = await plainSkus('all');
    const template = await getProduct(
      live().ctx,
      (await db().selectFrom('products').select('id').orderBy('sku').executeTakeFirstOrThrow()).id,
    );
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = template;
    // An insert before the deep page's anchor: every later row moves one place.
    const inserted = await saveProduct(live().ctx, actor, null, {
      ...input,
      sku: `${skus[3]}-A`,
      isActive: true,
      packSizes: input.packSizes.map((pack) => ({ ...pack, barcode: null })),
    });
    await check();
    // A SKU change that moves a product from the start to the end of the order.
    const first = await getProduct(live().ctx, inserted.id);
    await saveProduct(live().ctx, actor, inserted.id, { ...first, sku: `ZZZ-${skus[0]}` });
    await check();
    // An active product becomes inactive: the active filter's anchors move.
    const target = (await plainSkus('active'))[10]!;
    const row = await db()
      .selectFrom('products')
      .select('id')
      .where('sku', '=', target)
      .executeTakeFirstOrThrow();
    const product = await getProduct(live().ctx, row.id);
    await saveProduct(live().ctx, actor, row.id, { ...product, isActive: false });
    await check();
  });

  it('answers hostile pages through the API with a clear error or an empty page, never a 500', async () => {
    const token = live().callers.admin;
    const get = (url: string) => callAs(live().app, token, { method: 'GET', url });
    for (const url of [
      '/api/admin/catalogue/products?page=0',
      '/api/admin/catalogue/products?page=-3',
      '/api/admin/catalogue/products?page=abc',
      '/api/admin/catalogue/products?page=100001',
      '/api/admin/catalogue/products?page=1e400',
      '/api/admin/catalogue/products?pageSize=0',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toBe('ERR_VALIDATION');
    }
    const last = await get('/api/admin/catalogue/products?page=100000&pageSize=100');
    expect(last.statusCode).toBe(200);
    expect(last.json().items).toEqual([]);
    const deep = await get('/api/admin/catalogue/products?page=38&pageSize=25&active=true');
    expect(deep.statusCode).toBe(200);
    const act = await plainSkus('active');
    expect(deep.json().items.map((item: { sku: string }) => item.sku)).toEqual(act.slice(37 * 25, 38 * 25));
  });
});

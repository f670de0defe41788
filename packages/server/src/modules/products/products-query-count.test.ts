import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/connection';
import { countingHandle } from '../../../test/query-counter';
import { type CatalogueWorld, createCatalogueWorld, getJson } from './catalogue-test-setup';

/**
 * The catalogue answers with a fixed number of SQL queries whatever the page size (no N+1):
 * the queries of each request are counted through a Kysely plugin on the app's database.
 * Cold (a fresh app): the result, its tally, the category names and the static products are loaded in
 * batches; warm (docs/decisions/0008-catalogue-read-model.md): only the catalogue version and what is
 * live per request (token, customer, stock, last ordered quantities).
 */
describe.each(TEST_DIALECTS)('SQL queries per catalogue request on %s', (dialect) => {
  let w: CatalogueWorld;
  let counter: { queries: number };
  let counting: DatabaseHandle;

  beforeAll(async () => {
    w = await createCatalogueWorld(dialect);
    ({ handle: counting, counter } = countingHandle(w.testDb.handle));
  });
  afterAll(async () => {
    await w.close();
  });

  /** Queries of one request on a fresh app (cold caches), and of the same request again (warm). */
  async function measure(
    url: string,
    token?: string,
  ): Promise<{ cold: number; warm: number; body: ProductListResponse }> {
    // The outbox dispatcher is a background job, not part of a request: it does not run here.
    const app = await buildApp({ ...w.ctx, database: counting }, { logger: false, outbox: false });
    await app.ready();
    try {
      counter.queries = 0;
      const first = await getJson<ProductListResponse>(app, url, token ? { token } : {});
      expect(first.status).toBe(200);
      const cold = counter.queries;
      counter.queries = 0;
      await getJson(app, url, token ? { token } : {});
      return { cold, warm: counter.queries, body: first.body };
    } finally {
      await app.close();
    }
  }

  const cases: [string, string, keyof CatalogueWorld['tokens'] | null][] = [
    ['products/all, anonymous', '/api/products/all?currentPage=1', null],
    ['products/all, customer', '/api/products/all?currentPage=1', 'a'],
    [
      'products/all, agent, filtered',
      '/api/products/all?currentPage=1&mainCategorySlug=italok&onSale=false&selectedManufacturers=alfa,beta,gamma',
      'agent',
    ],
    ['products/ordered-products', '/api/products/ordered-products?currentPage=1', 'a'],
    ['products/search all', '/api/products/search?searchType=all&searchString=ca%20phe&currentPage=1', 'b'],
  ];

  it.each(cases)(
    '%s: the same number of queries for 1 and 100 products per page',
    async (_name, url, who) => {
      const token = who ? w.tokens[who] : undefined;
      const one = await measure(`${url}&productsPerPage=1`, token);
      const hundred = await measure(`${url}&productsPerPage=100`, token);
      expect(one.body.products).toHaveLength(1);
      expect(hundred.body.products.length).toBeGreaterThan(1);
      expect(hundred.cold).toBe(one.cold);
      expect(hundred.warm).toBe(one.warm);
      expect(one.cold).toBeLessThanOrEqual(16);
      expect(one.warm).toBeLessThanOrEqual(6);
    },
  );

  it('the whole catalogue (99999 per page) costs no more than one product', async () => {
    const one = await measure('/api/products/all?productsPerPage=1', w.tokens.a);
    const all = await measure('/api/products/all?productsPerPage=99999', w.tokens.a);
    expect(all.body.products).toHaveLength(29);
    expect(all.cold).toBe(one.cold);
    expect(all.warm).toBe(one.warm);
  });

  it('a repeated listing reads only the catalogue version and the live data', async () => {
    const anonymous = await measure('/api/products/all?productsPerPage=50');
    // settings, whole result, tally, category names (2), static products (6), stock
    expect(anonymous.cold).toBe(12);
    // settings with the page's stock (the page guessed from the process's latest version: decision 0026)
    expect(anonymous.warm).toBe(1);
    const customer = await measure('/api/products/all?productsPerPage=50', w.tokens.a);
    // + the token check, which reads the customer's pricing and assortment and the catalogue settings
    // with the user (acting-customer.service.ts), so the settings' own statement is not run; its last
    // ordered quantities come in the stock's statement (no replica)
    expect(customer.cold).toBe(12);
    // warm: the token check alone, which also reads the page's stock and last ordered quantities (the
    // route guessed the page from the user's previous request: decision 0026)
    expect(customer.warm).toBe(1);
    // Another manufacturer selection of the same filter reuses the result, the tally and the products.
    // The outbox dispatcher is a background job, not part of a request: it does not run here.
    const app = await buildApp({ ...w.ctx, database: counting }, { logger: false, outbox: false });
    await app.ready();
    try {
      await getJson(app, '/api/products/all?mainCategorySlug=italok');
      counter.queries = 0;
      const { body } = await getJson<ProductListResponse>(
        app,
        '/api/products/all?mainCategorySlug=italok&selectedManufacturers=beta',
      );
      expect(body.count).toBe(6);
      expect(body.products).toHaveLength(6);
      // settings with the stock of the selection's page, guessed from the cached result and tally
      expect(counter.queries).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('the simple search needs neither a count nor the manufacturers', async () => {
    const { cold, warm } = await measure(
      '/api/products/search?selectType=simple&searchType=products-by-name&searchString=kave',
    );
    // settings, whole result, category names (2), static products (6), stock: no tally
    expect(cold).toBe(11);
    // settings with the stock of the guessed page
    expect(warm).toBe(1);
  });
});

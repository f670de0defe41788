import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  productListResponseSchema,
  simpleSearchResponseSchema,
  type ProductListResponse,
} from '@shop/shared/contracts/products';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildApp } from '../../app';
import type { AuthUser } from '../../http/auth';
import { readCatalogueSettings } from './catalogue-cache.service';
import { bumpCatalogueVersion } from './catalogue-version';
import { type CatalogueWorld, getJson } from './catalogue-test-setup';
import { useCatalogueWorld } from './catalogue-world.fixture';
import { FIXTURE_NOW, setProductName } from './catalogue.fixture';
import { findProductPage } from './products.repository';
import { loadProducts, resolvePricingContext } from './products.service';

/**
 * The listing and the search write their JSON from the read model (decision 0008) instead of letting
 * Fastify serialise objects through the response schema, so these tests hold them to that schema, to
 * the object form other modules use, and to the catalogue version contract.
 */
describe.each(TEST_DIALECTS)('the catalogue read model on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  type Who = keyof CatalogueWorld['tokens'] | null;
  const callers: Who[] = [null, 'a', 'b', 'c', 'agent'];

  function authOf(who: Who): AuthUser | null {
    if (who === null) return null;
    const agent = who === 'agent';
    return {
      userId: w.users[who],
      customerId: agent ? null : w.customers[who as 'a' | 'b' | 'c'],
      isAgent: agent,
      role: agent ? 'agent' : 'customer',
      mustChangePassword: false,
      tokenVersion: 0,
    };
  }

  it('answers exactly the contract: every answer parses with its schema and nothing is lost or added', async () => {
    const listings = [
      '/api/products/all?productsPerPage=100',
      '/api/products/all?productsPerPage=1&currentPage=3&orderBy=name-desc',
      '/api/products/all?mainCategorySlug=italok&selectedManufacturers=beta',
      '/api/products/all?onSale=true',
      '/api/products/search?searchType=all&searchString=kave',
      '/api/products/search?searchType=product-by-sku&searchSku=kv-001',
    ];
    const simple = [
      'products-by-name-exact&searchString=kave',
      'products-by-name&searchString=kave',
      'products-by-barcode&searchString=599',
      'products-by-barcode-exact&searchString=5990000000011',
      'product-by-sku&searchSku=kv-001',
    ].map((rest) => `/api/products/search?selectType=simple&searchType=${rest}`);
    const check = async (url: string, who: Who, language: string, schema: z.ZodType) => {
      const token = who ? w.tokens[who] : undefined;
      const response = await w.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body: unknown = response.json();
      expect(schema.parse(body), `${url} ${who} ${language}`).toEqual(body);
    };
    for (const who of callers) {
      for (const language of LANGUAGES) {
        for (const url of listings) await check(url, who, language, productListResponseSchema);
        for (const url of simple) await check(url, who, language, simpleSearchResponseSchema);
      }
      await check('/api/products/ordered-products?productsPerPage=100', 'a', 'hu', productListResponseSchema);
    }
  });

  it('writes the same products as the object form the news, newspaper and price list use', async () => {
    const db = w.testDb.handle.db;
    const settings = await readCatalogueSettings(db);
    for (const who of callers) {
      const pricing = await resolvePricingContext(w.ctx, authOf(who));
      const rows = await findProductPage(
        db,
        dialect,
        {
          nowIso: FIXTURE_NOW.toISOString(),
          priceGroup: pricing.kind === 'customer' ? pricing.priceGroup : null,
        },
        { kind: 'catalogue' },
        100,
        0,
      );
      for (const language of LANGUAGES) {
        const objects = await loadProducts(w.ctx, rows, pricing, language, settings);
        const { body } = await getJson<ProductListResponse>(w.app, '/api/products/all?productsPerPage=100', {
          ...(who ? { token: w.tokens[who] } : {}),
          language,
        });
        expect(body.products).toHaveLength(29);
        expect(body.products, `${who} ${language}`).toEqual(objects);
      }
    }
  });

  it('shows stock live, without a catalogue version change', async () => {
    const db = w.testDb.handle.db;
    const id = w.fx.productId.get(1)!;
    const stockOf = async () =>
      (
        await getJson<ProductListResponse>(w.app, '/api/products/all?productsPerPage=100', {
          token: w.tokens.a,
        })
      ).body.products.find((p) => p.id === id)!;
    const before = await stockOf();
    expect(before.stockStatus).toBe('in_stock');
    await db.updateTable('products').set({ stock: 0 }).where('id', '=', id).execute();
    try {
      const after = await stockOf();
      expect(after.stock).toBe(0);
      expect(after.stockStatus).toBe('out_of_stock');
    } finally {
      await db.updateTable('products').set({ stock: before.stock }).where('id', '=', id).execute();
    }
    expect((await stockOf()).stock).toBe(before.stock);
  });

  it('shows a catalogue change in every process once the writer bumps the version', async () => {
    const db = w.testDb.handle.db;
    const id = w.fx.productId.get(2)!;
    // A second server process on the same database, with its own caches.
    const other = await buildApp(w.ctx, { logger: false });
    await other.ready();
    const nameIn = async (app: typeof other) =>
      (await getJson<ProductListResponse>(app, '/api/products/all?productsPerPage=100')).body.products.find(
        (p) => p.id === id,
      )!.productDetails[0]!.name;
    try {
      const original = await nameIn(w.app);
      expect(await nameIn(other)).toBe(original);
      await setProductName(db, id, 'hu', 'Átnevezett termék');
      try {
        // Not yet announced: both processes still answer from their read model.
        expect(await nameIn(w.app)).toBe(original);
        await bumpCatalogueVersion(db, FIXTURE_NOW);
        expect(await nameIn(w.app)).toBe('Átnevezett termék');
        expect(await nameIn(other)).toBe('Átnevezett termék');
      } finally {
        await setProductName(db, id, 'hu', original);
        await bumpCatalogueVersion(db, FIXTURE_NOW);
      }
      expect(await nameIn(other)).toBe(original);
    } finally {
      await other.close();
    }
  });
});

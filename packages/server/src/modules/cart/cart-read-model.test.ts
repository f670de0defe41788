import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import { countingHandle } from '../../../test/query-counter';
import { buildApp } from '../../app';
import type { AppContext } from '../../app-context';
import { CatalogueReadModel } from '../products/catalogue-read-model';
import { bumpCatalogueVersion, CATALOGUE_VERSION_KEY } from '../products/catalogue-version';
import { type CatalogueWorld, createCatalogueWorld, getJson } from '../products/catalogue-test-setup';
import { cartReadModel } from './cart-pricing.service';

/**
 * A new catalogue version whose bumps name their products (decision 0008, "Which products a bump
 * changed") drops only those products from the listing's and the cart's read models: a price change
 * of one product is seen at once in the listing and in the cart, and every other product stays
 * cached (CatalogueReadModel.adopt), on both databases.
 */
describe.each(TEST_DIALECTS)(
  'the read models keep what a catalogue bump did not change, on %s',
  (dialect) => {
    let w: CatalogueWorld;
    let app: FastifyInstance;
    let ctx: AppContext;
    let counter: { queries: number };

    beforeAll(async () => {
      w = await createCatalogueWorld(dialect);
      const counting = countingHandle(w.testDb.handle);
      counter = counting.counter;
      ctx = { ...w.ctx, database: counting.handle };
      app = await buildApp(ctx, { logger: false, outbox: false });
      await app.ready();
      // The first bump of a database names no products: the chain starts here.
      await bumpCatalogueVersion(w.testDb.handle.db, w.ctx.now());
    });
    afterAll(async () => {
      await app?.close();
      await w?.close();
    });

    async function version(): Promise<string> {
      const row = await w.testDb.handle.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', CATALOGUE_VERSION_KEY)
        .executeTakeFirstOrThrow();
      return row.value;
    }

    async function setQuantity(sku: string, quantity: number): Promise<SetProductQuantityResponse> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/cart/set-product-quantity',
        headers: { authorization: `Bearer ${w.tokens.b}` },
        payload: { productSku: sku, quantity },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SetProductQuantityResponse;
    }

    const listing = '/api/products/all?currentPage=1&productsPerPage=100';
    // A category with KV-003 but without KV-001.
    const household = '/api/products/all?currentPage=1&productsPerPage=100&mainCategorySlug=haztartas';

    it('a price change of one product: seen at once in the listing and the cart, the others stay cached', async () => {
      const repriced = w.fx.productId.get(1)!;
      const kept = w.fx.productId.get(3)!;
      const priceOf = (body: ProductListResponse, sku: string) =>
        body.products.find((p) => p.sku === sku)?.currentPrice;

      // Warm: both read models hold both products.
      const before = await getJson<ProductListResponse>(app, listing, { token: w.tokens.b });
      expect(priceOf(before.body, 'KV-001')).toBe(11000);
      expect(priceOf(before.body, 'KV-003')).toBe(13000);
      const page = await getJson<ProductListResponse>(app, household, { token: w.tokens.b });
      const householdSkus = page.body.products.map((p) => p.sku);
      expect(householdSkus).toContain('KV-003');
      expect(householdSkus).not.toContain('KV-001');
      await setQuantity('KV-001', 2);
      const filled = await setQuantity('KV-003', 1);
      expect(filled.cart.cartItems.map((item) => [item.product.sku, item.currentPrice])).toEqual([
        ['KV-001', 11000],
        ['KV-003', 13000],
      ]);
      const cartModel = await cartReadModel(ctx, await version());
      const keptInCart = cartModel.cached(kept);
      const repricedInCart = cartModel.cached(repriced);
      expect(keptInCart).toBeDefined();
      expect(repricedInCart).toBeDefined();
      counter.queries = 0;
      await getJson(app, household, { token: w.tokens.b });
      const warm = counter.queries;

      // The back office's way: the price written, then a bump naming the product.
      await w.testDb.handle.db
        .updateTable('price_entries')
        .set({ price: 55_500 })
        .where('product_id', '=', repriced)
        .execute();
      await bumpCatalogueVersion(w.testDb.handle.db, w.ctx.now(), [repriced]);

      // The page without the repriced product: the bumps' products read once (one query) and the
      // version's whole result and tally again; no product and no category name loaded again (a
      // model that dropped everything would read the category names (2) and the products (6)).
      counter.queries = 0;
      const again = await getJson<ProductListResponse>(app, household, { token: w.tokens.b });
      expect(again.body.products.map((p) => p.sku)).toEqual(householdSkus);
      expect(counter.queries).toBe(warm + 3);

      const after = await getJson<ProductListResponse>(app, listing, { token: w.tokens.b });
      expect(priceOf(after.body, 'KV-001')).toBe(55_500);
      expect(priceOf(after.body, 'KV-003')).toBe(13000);

      // The cart: the next click answers the new price; its read model reloaded only that product.
      const clicked = await setQuantity('KV-003', 2);
      expect(
        clicked.cart.cartItems.map((item) => [item.product.sku, item.currentPrice, item.lineGross]),
      ).toEqual([
        ['KV-001', 55_500, 111_000],
        ['KV-003', 13000, 26000],
      ]);
      const model = await cartReadModel(ctx, await version());
      expect(model).toBe(cartModel);
      expect(model.cached(kept)).toBe(keptInCart);
      expect(model.cached(repriced)).toBeDefined();
      expect(model.cached(repriced)).not.toBe(repricedInCart);
      const read = await app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { authorization: `Bearer ${w.tokens.b}` },
      });
      expect((read.json() as CartResponse).cartItems).toEqual(clicked.cart.cartItems);

      // A bump of everything (a category, a setting): nothing is kept.
      await bumpCatalogueVersion(w.testDb.handle.db, w.ctx.now());
      await setQuantity('KV-003', 1);
      expect(model.cached(kept)).toBeDefined();
      expect(model.cached(kept)).not.toBe(keptInCart);
    });

    it('requests that bring the same new version at once read its bumps once', async () => {
      const model = new CatalogueReadModel();
      const db = ctx.database.db;
      await model.adopt(db, await version());
      const ids = [w.fx.productId.get(1)!, w.fx.productId.get(3)!];
      await model.staticProducts(db, dialect, ids);
      await bumpCatalogueVersion(w.testDb.handle.db, w.ctx.now(), [ids[0]!]);
      const next = await version();
      counter.queries = 0;
      const answers = await Promise.all(Array.from({ length: 5 }, () => model.adopt(db, next)));
      expect(counter.queries).toBe(1);
      expect(answers.filter((dropped) => dropped === 1)).toHaveLength(1);
      expect(answers.filter((dropped) => dropped === 0)).toHaveLength(4);
      expect(model.cached(ids[0]!)).toBeUndefined();
      expect(model.cached(ids[1]!)).toBeDefined();
      // The version held answers without a query.
      counter.queries = 0;
      expect(await model.adopt(db, next)).toBe(0);
      expect(counter.queries).toBe(0);
    });
  },
);

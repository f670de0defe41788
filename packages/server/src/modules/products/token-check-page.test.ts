import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product, ProductListResponse } from '@shop/shared/contracts/products';
import { countingHandle } from '../../../test/query-counter';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildApp } from '../../app';
import { type CatalogueWorld, createCatalogueWorld, getJson } from './catalogue-test-setup';
import { FIXTURE_NOW, insertOrder } from './catalogue.fixture';
import { bumpCatalogueVersion } from './catalogue-version';

/**
 * Decision 0026: a customer's `products/all` guesses its page before the token check, which then
 * reads the page's live data (stock, last ordered quantities) in the same statement as the user. The
 * guess may be wrong; the answer never is: these tests change what the guess was made from between
 * two requests and check the answer against the database, and that a right guess costs one statement.
 */
/** Six requests sent at once reach the token check in one turn of the event loop: one batch. */
const BATCHED_STATEMENTS = 1;

describe.each(TEST_DIALECTS)('the listing page read with the token check on %s', (dialect) => {
  let w: CatalogueWorld;
  let app: FastifyInstance;
  let counter: { queries: number };
  const url = '/api/products/all?currentPage=1&productsPerPage=50';

  beforeAll(async () => {
    w = await createCatalogueWorld(dialect);
    const counting = countingHandle(w.testDb.handle);
    counter = counting.counter;
    app = await buildApp({ ...w.ctx, database: counting.handle }, { logger: false, outbox: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await w.close();
  });

  const productOf = (body: ProductListResponse, n: number): Product => {
    const product = body.products.find((p) => p.id === w.fx.productId.get(n));
    if (!product) throw new Error(`product ${n} is not on the page`);
    return product;
  };

  async function list(token: string): Promise<{ body: ProductListResponse; queries: number }> {
    counter.queries = 0;
    const answer = await getJson<ProductListResponse>(app, url, { token });
    expect(answer.status).toBe(200);
    return { body: answer.body, queries: counter.queries };
  }

  it('a warm page costs the token check alone and shows the stock written just before', async () => {
    await list(w.tokens.a);
    await list(w.tokens.a);
    await w.testDb.handle.db
      .updateTable('products')
      .set({ stock: 777 })
      .where('id', '=', w.fx.productId.get(1)!)
      .execute();
    const { body, queries } = await list(w.tokens.a);
    expect(queries).toBe(1);
    expect(productOf(body, 1).stock).toBe(777);
    expect(productOf(body, 1).lastOrderedQuantity).toBe(36);
  });

  it.each([
    [
      'the paged search',
      '/api/products/search?searchType=all&searchString=kave&currentPage=1&productsPerPage=50',
    ],
    [
      'the simple search',
      '/api/products/search?selectType=simple&searchType=products-by-name&searchString=kave',
    ],
  ])(
    '%s: a warm page costs the token check alone and shows the stock written just before',
    async (_name, search) => {
      const get = async () => {
        counter.queries = 0;
        const answer = await getJson<{ products?: Product[]; data?: { products: Product[] } }>(app, search, {
          token: w.tokens.a,
        });
        expect(answer.status).toBe(200);
        const products = answer.body.products ?? answer.body.data?.products ?? [];
        return { products, queries: counter.queries };
      };
      const first = await get();
      const product = first.products[0];
      if (!product) throw new Error('the search found nothing');
      await get();
      await w.testDb.handle.db
        .updateTable('products')
        .set({ stock: 4321 })
        .where('id', '=', product.id)
        .execute();
      const warm = await get();
      expect(warm.queries).toBe(1);
      expect(warm.products.find((p) => p.id === product.id)?.stock).toBe(4321);
    },
  );

  it('an anonymous warm page costs one statement and shows the stock written just before', async () => {
    const anonymous = async () => {
      counter.queries = 0;
      const answer = await getJson<ProductListResponse>(app, url);
      expect(answer.status).toBe(200);
      return { body: answer.body, queries: counter.queries };
    };
    await anonymous();
    await anonymous();
    await w.testDb.handle.db
      .updateTable('products')
      .set({ stock: 555 })
      .where('id', '=', w.fx.productId.get(2)!)
      .execute();
    const warm = await anonymous();
    expect(warm.queries).toBe(1);
    expect(productOf(warm.body, 2).stock).toBe(555);
  });

  it('an anonymous page after a catalogue change shows the new page, not the guessed one', async () => {
    const before = (await getJson<ProductListResponse>(app, url)).body;
    const first = before.products[0]!;
    const db = w.testDb.handle.db;
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', first.id).execute();
    try {
      await bumpCatalogueVersion(db, FIXTURE_NOW);
      // The guess (the previous version's page) still starts with the product taken out.
      const after = (await getJson<ProductListResponse>(app, url)).body;
      expect(after.products.map((p) => p.id)).toEqual(before.products.slice(1).map((p) => p.id));
      expect(after.count).toBe(before.count - 1);
    } finally {
      await db.updateTable('products').set({ is_active: 1 }).where('id', '=', first.id).execute();
      await bumpCatalogueVersion(db, FIXTURE_NOW);
    }
  });

  it('an order placed between two requests shows in the next page', async () => {
    await list(w.tokens.c);
    const before = await list(w.tokens.c);
    expect(productOf(before.body, 3).lastOrderedQuantity).toBe(0);
    await insertOrder(w.testDb.handle, w.fx, {
      customerId: w.customers.c,
      userId: w.users.c,
      createdAt: '2026-04-01T10:00:00.000Z',
      lines: [[3, 48]],
    });
    const after = await list(w.tokens.c);
    expect(after.queries).toBe(1);
    expect(productOf(after.body, 3).lastOrderedQuantity).toBe(48);
  });

  it("an agent who switched customer gets the new customer's page, not the guessed one", async () => {
    const forB = await list(w.tokens.agent);
    expect(productOf(forB.body, 10).lastOrderedQuantity).toBe(6);
    expect(productOf(forB.body, 1).lastOrderedQuantity).toBe(0);
    await w.testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: w.addresses.a })
      .where('id', '=', w.users.agent)
      .execute();
    // The guess was customer B's page (the agent's last request); the token check reads customer A.
    const forA = await list(w.tokens.agent);
    expect(productOf(forA.body, 10).lastOrderedQuantity).toBe(0);
    expect(productOf(forA.body, 1).lastOrderedQuantity).toBe(36);
    const direct = await list(w.tokens.a);
    expect(forA.body.products.map((p) => [p.id, p.currentPrice, p.lastOrderedQuantity])).toEqual(
      direct.body.products.map((p) => [p.id, p.currentPrice, p.lastOrderedQuantity]),
    );
    await w.testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: w.addresses.b })
      .where('id', '=', w.users.agent)
      .execute();
  });

  it('several users at once each get their own page; on PostgreSQL their token checks share statements', async () => {
    const tokens = [w.tokens.a, w.tokens.c, w.tokens.agent];
    const alone = new Map<string, unknown>();
    const shape = (body: ProductListResponse) =>
      body.products.map((p) => [p.id, p.currentPrice, p.lastOrderedQuantity, p.stock]);
    for (const token of tokens) {
      await list(token);
      alone.set(token, shape((await list(token)).body));
    }
    counter.queries = 0;
    const sent = [...tokens, ...tokens];
    const together = await Promise.all(
      sent.map((token) => getJson<ProductListResponse>(app, url, { token })),
    );
    expect(together.map((answer) => answer.status)).toEqual(sent.map(() => 200));
    expect(together.map((answer) => shape(answer.body))).toEqual(sent.map((token) => alone.get(token)));
    // Six warm pages: one statement each on SQLite; on PostgreSQL the token checks that arrive
    // together go in one statement (decision 0027), at most two statements out at once.
    expect(counter.queries).toBe(dialect === 'postgres' ? BATCHED_STATEMENTS : sent.length);
  });

  it('a revoked token or a disabled user is refused even when the page was guessed', async () => {
    await list(w.tokens.b);
    await list(w.tokens.b);
    await w.testDb.handle.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', w.users.b)
      .execute();
    // Sent together with a valid user's request: on PostgreSQL both token checks share a statement.
    const [revoked, valid] = await Promise.all([
      getJson<{ error: string }>(app, url, { token: w.tokens.b }),
      getJson<ProductListResponse>(app, url, { token: w.tokens.a }),
    ]);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe('ERR_TOKEN_REVOKED');
    expect(valid.status).toBe(200);

    await list(w.tokens.agent2);
    await w.testDb.handle.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', w.users.agent2)
      .execute();
    const disabled = await getJson<{ error: string }>(app, url, { token: w.tokens.agent2 });
    expect(disabled.status).toBe(401);
    expect(disabled.body.error).toBe('ERR_TOKEN_REVOKED');
  });
});

import { createHash } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OfflineCatalogueResponse, OfflineProduct } from '@shop/shared/contracts/offline';
import { offlineCatalogueResponseSchema } from '@shop/shared/contracts/offline';
import type { Product } from '@shop/shared/contracts/products';
import { changedTables, dataSnapshot } from '../../../test/data-snapshot';
import { TEST_DIALECTS } from '../../../test/test-db';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import { getJson } from '../products/catalogue-test-setup';
import { useCatalogueWorld } from '../products/catalogue-world.fixture';
import {
  loadCategoryDictionary,
  loadStaticProducts,
  priceViewKey,
  productObject,
  writeProductJson,
  type ViewContext,
} from '../products/catalogue-read-model';
import { setProductName } from '../products/catalogue.fixture';
import { JsonPieces } from '../products/json-pieces';
import { productHash } from './offline.service';

/** Issue 19: the offline catalogue's full and delta sync, on both databases. */
describe.each(TEST_DIALECTS)('offline catalogue on %s', (dialect) => {
  const world = useCatalogueWorld(dialect);

  async function page(query: string, token: string, language = 'hu') {
    const answer = await getJson<OfflineCatalogueResponse>(world.app, `/api/offline/catalogue${query}`, {
      token,
      language,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return offlineCatalogueResponseSchema.parse(answer.body);
  }

  async function fullSync(token: string, limit: number, language = 'hu', extra = '') {
    const products: OfflineProduct[] = [];
    let cursor: number | null = 0;
    let pages = 0;
    while (cursor !== null) {
      const answer = await page(`?cursor=${cursor}&limit=${limit}${extra}`, token, language);
      products.push(...answer.products);
      cursor = answer.next;
      pages += 1;
      expect(pages).toBeLessThan(100);
    }
    return { products, pages };
  }

  async function changes(body: unknown, token: string) {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/offline/catalogue/changes',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return offlineCatalogueResponseSchema.parse(res.json());
  }

  async function listing(token: string, language: string): Promise<Product[]> {
    const answer = await getJson<{ products: Product[] }>(
      world.app,
      '/api/products/all?productsPerPage=99999',
      { token, language },
    );
    expect(answer.status).toBe(200);
    return answer.body.products;
  }

  const withoutHash = ({ hash: _hash, ...product }: OfflineProduct) => product;

  it('pages through every active product in id order, as the listing shows it to the customer', async () => {
    const { products, pages } = await fullSync(world.tokens.a, 4, 'zh');
    const active = await world.testDb.handle.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    expect(products.map((p) => p.id)).toEqual(active.map((row) => row.id));
    expect(pages).toBeGreaterThan(2);
    const shown = new Map((await listing(world.tokens.a, 'zh')).map((p) => [p.id, p]));
    expect(shown.size).toBe(products.length);
    for (const product of products) expect(withoutHash(product)).toEqual(shown.get(product.id));
    // Chinese names, the customer's (VIP) prices, barcodes of the packs.
    const coffee = products.find((p) => p.sku === 'KV-001')!;
    expect(coffee.productDetails[0]?.name).toBe('咖啡');
    expect(coffee.packSizes.some((size) => size.barcode)).toBe(true);
  });

  it('prices for the customer asked: the agent’s own customers only', async () => {
    const first = await page('?limit=1000', world.tokens.a);
    expect(first.customerId).toBe(world.customers.a);
    expect(first.next).toBeNull();
    const ofC = await page('?limit=1000', world.tokens.c);
    expect(ofC.customerId).toBe(world.customers.c);
    // Customer A (VIP, 5 %) and C (10 %) see different prices of the same product.
    const priceOf = (answer: OfflineCatalogueResponse, sku: string) =>
      answer.products.find((p) => p.sku === sku)!.currentPrice;
    expect(priceOf(first, 'KV-001')).not.toBe(priceOf(ofC, 'KV-001'));
    // The agent asks for customer A, one of its customers: A's prices.
    const agentForA = await page(`?limit=1000&customerId=${world.customers.a}`, world.tokens.agent);
    expect(agentForA.customerId).toBe(world.customers.a);
    expect(agentForA.products).toEqual(first.products);
    // Without customerId: the customer of its current shipping address (B).
    expect((await page('?limit=1', world.tokens.agent)).customerId).toBe(world.customers.b);
    // agent3 has no current customer: list prices.
    expect((await page('?limit=1', world.tokens.agent3)).customerId).toBeNull();
    for (const [token, customerId] of [
      [world.tokens.agent, world.customers.c],
      [world.tokens.agent2, world.customers.a],
      [world.tokens.b, world.customers.a],
    ] as const) {
      const refused = await getJson<{ error: string }>(
        world.app,
        `/api/offline/catalogue?customerId=${customerId}`,
        { token },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('ERR_FORBIDDEN');
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/offline/catalogue/changes',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ customerId, known: [] }),
      });
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await getJson<{ error: string }>(world.app, '/api/offline/catalogue');
    expect(anonymous.status).toBe(401);
  });

  it('the delta sync sends only what changed: stock, names, deactivated and new products', async () => {
    const db = world.testDb.handle.db;
    const { products } = await fullSync(world.tokens.b, 1000);
    const known = products.map((p) => [p.id, p.hash] as [number, string]);
    // Nothing changed: nothing sent.
    const none = await changes({ known }, world.tokens.b);
    expect(none.products).toEqual([]);
    expect(none.removed).toEqual([]);
    expect(none.next).toBeNull();

    const [stocked, renamed, deactivated] = products;
    const inactive = await db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 0)
      .executeTakeFirstOrThrow();
    await db.updateTable('products').set({ stock: 3 }).where('id', '=', stocked!.id).execute();
    await setProductName(db, renamed!.id, 'hu', 'Átnevezett termék');
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', deactivated!.id).execute();
    await db.updateTable('products').set({ is_active: 1 }).where('id', '=', inactive.id).execute();
    await bumpCatalogueVersion(db);

    const delta = await changes({ known }, world.tokens.b);
    expect(delta.products.map((p) => p.id).sort((x, y) => x - y)).toEqual(
      [stocked!.id, renamed!.id, inactive.id].sort((x, y) => x - y),
    );
    expect(delta.products.find((p) => p.id === stocked!.id)!.stock).toBe(3);
    expect(delta.products.find((p) => p.id === renamed!.id)!.productDetails[0]!.name).toBe(
      'Átnevezett termék',
    );
    expect(delta.removed).toEqual([deactivated!.id]);

    // In chunks: a range (after, through] and a limit continue with `next`.
    const middle = products[Math.floor(products.length / 2)]!.id;
    const lower = await changes(
      { after: 0, through: middle, known: known.filter(([id]) => id <= middle), limit: 1 },
      world.tokens.b,
    );
    expect(lower.products).toHaveLength(1);
    expect(lower.next).toBe(lower.products[0]!.id);
    const rest = await changes(
      {
        after: lower.next,
        through: middle,
        known: known.filter(([id]) => id > lower.next! && id <= middle),
        limit: 1000,
      },
      world.tokens.b,
    );
    const upper = await changes(
      { after: middle, through: null, known: known.filter(([id]) => id > middle) },
      world.tokens.b,
    );
    expect([...lower.products, ...rest.products, ...upper.products].map((p) => p.id)).toEqual(
      delta.products.map((p) => p.id),
    );
    expect([...lower.removed, ...rest.removed, ...upper.removed]).toEqual([deactivated!.id]);

    // Restored: the next delta from the changed store sends nothing again.
    const store = new Map(known);
    for (const p of delta.products) store.set(p.id, p.hash);
    for (const id of delta.removed) store.delete(id);
    const after = await changes({ known: [...store] }, world.tokens.b);
    expect(after.products).toEqual([]);
    expect(after.removed).toEqual([]);
  });

  it('after a price change of one product the delta sends it with each customer’s new prices, and nothing else', async () => {
    const db = world.testDb.handle.db;
    const tokens = [world.tokens.a, world.tokens.b, world.tokens.c];
    // The read model holds every product (the full syncs), for the version before the change.
    const before = await Promise.all(tokens.map((token) => fullSync(token, 1000)));
    // A product with a VIP price (customer A's group) beside its list price.
    const vip = await db
      .selectFrom('price_entries')
      .select('product_id')
      .where('price_group', '=', 'VIP')
      .orderBy('product_id')
      .execute();
    const repriced = before[0]!.products.find((p) => vip.some((row) => row.product_id === p.id))!;
    const restocked = before[0]!.products.find((p) => p.id !== repriced.id && p.stock > 0)!;
    const entries = await db
      .selectFrom('price_entries')
      .select(['id', 'price', 'price_group'])
      .where('product_id', '=', repriced.id)
      .execute();
    expect(entries.map((e) => e.price_group)).toContain(null);
    for (const entry of entries) {
      await db
        .updateTable('price_entries')
        .set({ price: Number(entry.price) + (entry.price_group === 'VIP' ? 20_000 : 10_000) })
        .where('id', '=', entry.id)
        .execute();
    }
    // As the back office's save does: the bump names the product it changed.
    await bumpCatalogueVersion(db, new Date(), [repriced.id]);
    // Stock is live: no bump.
    await db.updateTable('products').set({ stock: 1 }).where('id', '=', restocked.id).execute();
    try {
      for (const [index, token] of tokens.entries()) {
        const known = before[index]!.products.map((p) => [p.id, p.hash] as [number, string]);
        const delta = await changes({ known }, token);
        expect(delta.products.map((p) => p.id).sort((x, y) => x - y)).toEqual(
          [repriced.id, restocked.id].sort((x, y) => x - y),
        );
        expect(delta.removed).toEqual([]);
        // What is sent is what the listing now shows this customer (its price group and discount).
        const listed = await listing(token, 'hu');
        for (const product of delta.products) {
          expect(withoutHash(product)).toEqual(listed.find((p) => p.id === product.id));
        }
        // The tiers' prices rose by the group's step (10.00 Ft on the list, 20.00 Ft on VIP).
        const oldTiers = before[index]!.products.find((p) => p.id === repriced.id)!.prices;
        const newTiers = delta.products.find((p) => p.id === repriced.id)!.prices;
        expect(newTiers.map((tier) => tier.price)).not.toEqual(oldTiers.map((tier) => tier.price));
        expect(newTiers).toHaveLength(oldTiers.length);
        for (const [n, tier] of newTiers.entries()) {
          expect([10_000, 20_000]).toContain(tier.price - oldTiers[n]!.price);
        }
        expect(delta.products.find((p) => p.id === restocked.id)!.stock).toBe(1);
      }
      // Customers A (VIP) and B (list) got different new prices.
      const priceFor = async (token: string) =>
        (await page('?limit=1000', token)).products.find((p) => p.id === repriced.id)!.currentPrice;
      expect(await priceFor(world.tokens.a)).not.toBe(await priceFor(world.tokens.b));
    } finally {
      for (const entry of entries) {
        await db
          .updateTable('price_entries')
          .set({ price: entry.price })
          .where('id', '=', entry.id)
          .execute();
      }
      await db
        .updateTable('products')
        .set({ stock: restocked.stock })
        .where('id', '=', restocked.id)
        .execute();
      await bumpCatalogueVersion(db, new Date(), [repriced.id]);
    }
  });

  it('an agent keeps each of its customers with that customer’s prices and a delta sync of its own (issue 19 point 2)', async () => {
    const db = world.testDb.handle.db;
    const extra = (customerId: number) => `&customerId=${customerId}`;
    const ofA = (await fullSync(world.tokens.agent, 5, 'hu', extra(world.customers.a))).products;
    const ofB = (await fullSync(world.tokens.agent, 5, 'hu', extra(world.customers.b))).products;
    // The same products, each customer's own prices: where the prices differ, so do the fingerprints.
    expect(ofA.map((p) => p.id)).toEqual(ofB.map((p) => p.id));
    const bById = new Map(ofB.map((p) => [p.id, p]));
    const differing = ofA.filter((p) => p.currentPrice !== bById.get(p.id)!.currentPrice);
    expect(differing.length).toBeGreaterThan(0);
    for (const product of differing) expect(product.hash).not.toBe(bById.get(product.id)!.hash);
    // What every customer sees alike is the same (names, pack sizes, stock).
    for (const product of ofA) {
      const other = bById.get(product.id)!;
      expect([product.productDetails, product.packSizes, product.stock]).toEqual([
        other.productDetails,
        other.packSizes,
        other.stock,
      ]);
    }
    const knownA = ofA.map((p) => [p.id, p.hash] as [number, string]);
    const knownB = ofB.map((p) => [p.id, p.hash] as [number, string]);

    // A's discount changes: A's delta sends A's priced products again, B's delta sends nothing.
    const before = await db
      .selectFrom('customers')
      .select('customer_discount_bp')
      .where('id', '=', world.customers.a)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('customers')
      .set({ customer_discount_bp: 700 })
      .where('id', '=', world.customers.a)
      .execute();
    try {
      const deltaA = await changes({ customerId: world.customers.a, known: knownA }, world.tokens.agent);
      const pricedA = ofA.filter((p) => p.prices.length > 0).map((p) => p.id);
      expect(pricedA.length).toBeGreaterThan(0);
      expect(deltaA.customerId).toBe(world.customers.a);
      expect(deltaA.products.map((p) => p.id)).toEqual(pricedA);
      expect(deltaA.removed).toEqual([]);
      const deltaB = await changes({ customerId: world.customers.b, known: knownB }, world.tokens.agent);
      expect(deltaB.customerId).toBe(world.customers.b);
      expect(deltaB.products).toEqual([]);
      expect(deltaB.removed).toEqual([]);
      // B's hashes sent as A's are not A's: A's view of every differing product comes back.
      const crossed = await changes({ customerId: world.customers.a, known: knownB }, world.tokens.agent);
      expect(crossed.products.length).toBeGreaterThanOrEqual(differing.length);
    } finally {
      await db
        .updateTable('customers')
        .set({ customer_discount_bp: before.customer_discount_bp })
        .where('id', '=', world.customers.a)
        .execute();
    }

    // A customer handed to another agent is no longer this agent's to keep, and is the new agent's.
    await db
      .updateTable('customers')
      .set({ agent_user_id: world.users.agent2 })
      .where('id', '=', world.customers.b)
      .execute();
    try {
      const refused = await getJson<{ error: string }>(
        world.app,
        `/api/offline/catalogue?customerId=${world.customers.b}`,
        { token: world.tokens.agent },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('ERR_FORBIDDEN');
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/offline/catalogue/changes',
        headers: { authorization: `Bearer ${world.tokens.agent}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ customerId: world.customers.b, known: knownB }),
      });
      expect(res.statusCode).toBe(403);
      expect((res.json() as { error: string }).error).toBe('ERR_FORBIDDEN');
      const ofNewAgent = await changes({ customerId: world.customers.b, known: knownB }, world.tokens.agent2);
      expect(ofNewAgent.customerId).toBe(world.customers.b);
      expect(ofNewAgent.products).toEqual([]);
    } finally {
      await db
        .updateTable('customers')
        .set({ agent_user_id: world.users.agent })
        .where('id', '=', world.customers.b)
        .execute();
    }
  });

  it('the fingerprint is the SHA-1 of the product’s JSON as the listing writes it, which is the product sent', async () => {
    const db = world.testDb.handle.db;
    const rows = await db.selectFrom('products').select(['id', 'stock']).orderBy('id').execute();
    const statics = await loadStaticProducts(
      db,
      dialect,
      rows.map((row) => row.id),
      await loadCategoryDictionary(db),
    );
    const now = new Date('2026-03-15T12:00:00.000Z');
    const audience = { priced: true, priceGroup: 'VIP', discountBp: 500, key: '' };
    audience.key = priceViewKey(audience);
    const view: ViewContext = {
      audience,
      language: 'zh',
      now,
      priceChangeDay: '2026-03-01',
      fewStockThreshold: 10,
    };
    expect(statics.size).toBe(rows.length);
    const hashes = new Set<string>();
    for (const row of rows) {
      const product = statics.get(row.id)!;
      const live = { stock: row.stock, lastOrderedQuantity: row.id };
      const json = new JsonPieces();
      writeProductJson(json, product, live, view);
      const bytes = json.toBuffer('', '');
      const hash = productHash(product, live, view);
      expect(hash).toBe(createHash('sha1').update(bytes).digest('base64url').slice(0, 16));
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(productObject(product, live, view));
      // Any live field that differs gives another fingerprint.
      expect(productHash(product, { ...live, stock: live.stock + 1 }, view)).not.toBe(hash);
      hashes.add(hash);
    }
    expect(hashes.size).toBe(rows.length);
  });

  it('refuses bad input with ERR_VALIDATION and changes nothing', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    for (const query of ['?cursor=-1', '?limit=0', '?limit=5000', '?customerId=abc', '?cursor=1e99']) {
      const answer = await getJson<{ error: string }>(world.app, `/api/offline/catalogue${query}`, {
        token: world.tokens.a,
      });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBe('ERR_VALIDATION');
    }
    const tooMany = Array.from({ length: 2001 }, (_, i) => [i + 1, 'abc']);
    for (const body of [
      { known: tooMany },
      { known: [[1, 'not a hash!']] },
      { known: [[0, 'abc']] },
      { known: [['1', 'abc']] },
      { after: -1 },
      { through: 0 },
      { limit: 100000 },
      { customerId: 'x' },
      { known: 'all' },
    ]) {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/offline/catalogue/changes',
        headers: { authorization: `Bearer ${world.tokens.a}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((res.json() as { error: string }).error).toBe('ERR_VALIDATION');
    }
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });
  it('a delta request compares the range of the ids it holds in one batch of queries, however many', async () => {
    const db = world.testDb.handle.db;
    // 1,200 more products: the delta of 1,250 stored products reads them with the queries of a delta of 10.
    const extra = Array.from({ length: 1200 }, (_, i) => ({
      sku: `OFFLINE-BATCH-${i}`,
      manufacturer_id: null,
      vat: 27,
      image: null,
      stock: i,
    }));
    for (let i = 0; i < extra.length; i += 200) {
      await db
        .insertInto('products')
        .values(extra.slice(i, i + 200))
        .execute();
    }
    await bumpCatalogueVersion(db);
    const { products } = await fullSync(world.tokens.b, 1000);
    expect(products.length).toBeGreaterThan(1200);
    const known = products.map((p) => [p.id, p.hash] as [number, string]);

    const database = world.ctx.database;
    const plain = database.db;
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const countQueries = async (body: unknown) => {
      database.db = plain.withPlugin(counting);
      queries = 0;
      try {
        const answer = await changes(body, world.tokens.b);
        return { answer, queries };
      } finally {
        database.db = plain;
      }
    };
    // The same catalogue version for both (a new one also reloads the read model).
    const few = known.slice(0, 10);
    await countQueries({ through: few[few.length - 1]![0], known: few });
    const small = await countQueries({ through: few[few.length - 1]![0], known: few });
    const all = await countQueries({ known });
    expect(small.answer.products).toEqual([]);
    expect(all.answer.products).toEqual([]);
    expect(all.answer.next).toBeNull();
    // At most one more: the id lookup that finds the end of the catalogue (per 500 it was 3 per batch).
    expect(all.queries).toBeLessThanOrEqual(small.queries + 1);
    // With the read model emptied by a new catalogue version: the recorded bumps (which products it
    // changed: here all), its six static queries and the two of the category names once, not per 500
    // products.
    await bumpCatalogueVersion(db);
    const cold = await countQueries({ known });
    expect(cold.answer.products).toEqual([]);
    expect(cold.queries).toBeLessThanOrEqual(all.queries + 9);
  });
});

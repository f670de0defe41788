import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  buyerLoop,
  checkShop,
  newLedger,
  prepareShop,
  seededRandom,
  ShopProcess,
  sleep,
  type ServerBuild,
  type ShopFixture,
} from '../bench/reliability-kit';
import { MIGRATION_NAMES } from '../src/db/migrate';
import { RATE_LIMITS } from '../src/lib/rate-limit';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test-db';

/**
 * Scale-out: several server processes (the built server) on different ports with one PostgreSQL
 * database and one Redis, buyers sent to all of them at random, call by call.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))('two server processes on one PostgreSQL', () => {
  let build: ServerBuild;
  let testDb: TestDatabase;
  let dataDir: string;
  let shops: ShopProcess[] = [];
  let fixture: ShopFixture;
  const jwtSecret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    build = await buildServer();
    testDb = await createTestDatabase('postgres', { migrate: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info' };
    if (process.env.TEST_REDIS_URL) {
      env.REDIS_URL = process.env.TEST_REDIS_URL;
      env.REDIS_KEY_PREFIX = `scale-out-${randomBytes(4).toString('hex')}:`;
    }
    // Both start at the same moment on an empty database: they must not migrate at the same time.
    shops = await Promise.all(
      [0, 1].map(() =>
        ShopProcess.spawn({ serverJs: build.serverJs, databaseUrl: testDb.url, dataDir, jwtSecret, env }),
      ),
    );
    await Promise.all(shops.map((s) => s.waitReady(120_000)));
    fixture = await prepareShop(testDb.handle, { buyers: 12, products: 6, hotStock: 40, jwtSecret });
  }, 240_000);

  afterAll(async () => {
    for (const shop of shops) if (shop.running) await shop.stop('SIGKILL');
    await testDb?.drop();
    build?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates once when both start together', async () => {
    const applied = shops.filter((s) => s.output().includes('"migrations applied"'));
    expect(applied).toHaveLength(1);
    const rows = await testDb.handle.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(rows.map((r) => (r as { name: string }).name).sort()).toEqual([...MIGRATION_NAMES].sort());
  });

  it('never oversells with buyers sent to both processes at random', async () => {
    const ledger = newLedger();
    let stop = false;
    const urls = shops.map((s) => s.url);
    const buyers = fixture.buyers.map((buyer) =>
      buyerLoop(buyer, {
        urls: () => urls,
        fixture,
        ledger,
        stop: () => stop,
        hotShare: 0.5,
        random: seededRandom(500 + buyer.index),
      }),
    );
    const end = Date.now() + 120_000;
    // Until the hot product is sold out and refusals for it have come back, and enough orders.
    while (Date.now() < end && (ledger.acknowledged.length < 120 || !ledger.refused.ERR_OUT_OF_STOCK)) {
      await sleep(20);
    }
    stop = true;
    await Promise.all(buyers);
    expect(ledger.unexpected).toEqual([]);
    expect(ledger.networkErrors).toBe(0);
    expect(ledger.acknowledged.length).toBeGreaterThanOrEqual(120);
    const check = await checkShop(testDb.handle, fixture, ledger);
    expect(check.lost).toEqual([]);
    expect(check.wrongLines).toEqual([]);
    expect(check.unacknowledgedInDatabase).toBe(0);
    expect(check.stockMismatches).toEqual([]);
    expect(check.negativeStock).toBe(0);
    expect(check.hotSold).toBeLessThanOrEqual(fixture.hot.initialStock);
    expect(check.ordersWithoutLines + check.linesWithoutOrder + check.wrongTotals).toBe(0);
    // Both processes took orders.
    for (const shop of shops) expect(shop.output()).toContain('/api/orders/place-order');
  }, 240_000);

  it.runIf(Boolean(process.env.TEST_REDIS_URL))(
    'counts the login limit across both processes through Redis',
    async () => {
      const { max } = RATE_LIMITS.login;
      const attempts = max + 10;
      const statuses: number[] = [];
      // Alternate between the processes: each alone sees fewer attempts than the limit.
      for (let i = 0; i < attempts; i += 1) {
        const res = await fetch(`${shops[i % 2]!.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ emailorusername: `nobody-${i}@example.com`, password: 'wrong-password' }),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(Math.ceil(attempts / 2)).toBeLessThan(max);
      const limited = statuses.filter((s) => s === 429).length;
      expect(statuses.slice(0, max).every((s) => s !== 429)).toBe(true);
      expect(limited).toBe(attempts - max);
      // Both processes refused, so both counted in the same place.
      expect(new Set(statuses.map((s, i) => (s === 429 ? i % 2 : -1)).filter((p) => p >= 0)).size).toBe(2);
    },
    120_000,
  );

  it('turns the same cart sent to both processes at once into one order', async () => {
    const [a, b] = shops.map((s) => s.url);
    const call = async (url: string, token: string, method: string, pathName: string, body?: unknown) => {
      const res = await fetch(`${url}${pathName}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const product = fixture.products[0]!;
    let doubles = 0;
    for (const buyer of fixture.buyers) {
      const before = await testDb.handle.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', buyer.customerId)
        .executeTakeFirstOrThrow();
      await call(a!, buyer.token, 'DELETE', '/api/cart/delete');
      const set = await call(b!, buyer.token, 'POST', '/api/cart/set-product-quantity', {
        productSku: product.sku,
        quantity: 2,
      });
      expect(set.status).toBe(200);
      const answers = await Promise.all([
        call(a!, buyer.token, 'POST', '/api/orders/place-order'),
        call(b!, buyer.token, 'POST', '/api/orders/place-order'),
      ]);
      const placed = answers.filter((r) => r.json.data === true);
      expect(placed).toHaveLength(1);
      const refused = answers.find((r) => r.json.data !== true)!;
      expect(refused.status).toBe(200);
      const codes = (refused.json.data as { error: string }[]).map((e) => e.error);
      expect(['ERR_CART_EMPTY', 'ERR_CART_ALREADY_ORDERED']).toContain(codes[0]);
      const after = await testDb.handle.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', buyer.customerId)
        .executeTakeFirstOrThrow();
      expect(Number(after.n) - Number(before.n)).toBe(1);
      doubles += 1;
    }
    expect(doubles).toBe(fixture.buyers.length);
  }, 120_000);
});

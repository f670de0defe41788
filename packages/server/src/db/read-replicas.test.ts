import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyer, insertProduct } from '../modules/cart/checkout-fixtures';
import { saveContentPage } from '../modules/content/content.service';
import { bumpCatalogueVersion } from '../modules/products/catalogue-version';
import { runLargeSeed } from '../seed/large-seed';
import {
  findPostgresTools,
  startReplicatedClusters,
  type ReplicatedClusters,
} from '../../test/replica-cluster';
import { testContext } from '../../test/test-config';
import { buildApp } from '../app';
import { createDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import { parseLsn, ReadReplicas, readDatabase } from './read-replicas';

const tools = findPostgresTools();
const MAX_LAG_MS = 1000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 50 ms for at most `ms`. */
async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('parses WAL positions as numbers in log order', () => {
  expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
  expect(parseLsn('1/0')).toBe(1n << 32n);
  expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  expect(() => parseLsn('16B3748')).toThrow();
});

it('reads from the primary when no replica is configured', async () => {
  const handle = { dialect: 'sqlite' } as DatabaseHandle;
  expect(readDatabase({ database: handle })).toBe(handle);
});

// PostgreSQL's server programs and the postgres user are needed to make the clusters (.ci/run installs them).
describe.skipIf(typeof tools === 'string')(
  `a real streaming replica${typeof tools === 'string' ? ` (skipped: ${tools})` : ''}`,
  () => {
    let clusters: ReplicatedClusters | undefined;
    let primary: DatabaseHandle;
    let replicaDirect: DatabaseHandle;
    let replicas: ReadReplicas;
    let app: FastifyInstance;
    let ctx: ReturnType<typeof testContext>;
    const changes: boolean[] = [];

    const replayPaused = async (paused: boolean) => {
      await sql
        .raw(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()')
        .execute(replicaDirect.db);
    };
    const status = () => replicas.status()[0];
    /** Runs checks until the replica is in use and has replayed everything the primary wrote. */
    const caughtUp = () =>
      waitFor(
        async () => {
          await replicas.check();
          return status()?.healthy === true && status()?.lagMs === 0;
        },
        20_000,
        'the replica to catch up',
      );
    const get = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

    beforeAll(async () => {
      if (typeof tools === 'string') return;
      clusters = await startReplicatedClusters(tools);
      primary = createDatabase({ kind: 'postgres', url: clusters.primaryUrl });
      replicaDirect = createDatabase({ kind: 'postgres', url: clusters.replicaUrl });
      await migrateToLatest(primary.db);
      await runLargeSeed(primary.db, { products: 300, dataDir: ctxDataDir() });
      replicas = new ReadReplicas(primary, [clusters.replicaUrl], {
        maxLagMs: MAX_LAG_MS,
        checkMs: 100,
        onChange: (change) => changes.push(change.healthy),
      });
      ctx = testContext(primary);
      ctx.replicas = replicas;
      app = await buildApp(ctx, { logger: false });
      await app.ready();
      await replicas.start();
      await caughtUp();
    }, 180_000);

    function ctxDataDir(): string {
      return testContext(primary).config.dataDir;
    }

    afterAll(async () => {
      await app?.close();
      await replicas?.close();
      await replicaDirect?.close();
      await primary?.close();
      await clusters?.cleanup();
    }, 60_000);

    it('is a real standby of the primary, and the read handle runs no transactions', async () => {
      const row = await sql<{ recovery: boolean }>`select pg_is_in_recovery() as recovery`.execute(
        replicaDirect.db,
      );
      expect(row.rows[0]?.recovery).toBe(true);
      await expect(
        readDatabase(ctx)
          .db.transaction()
          .execute(async () => undefined),
      ).rejects.toThrow(/no transactions/);
    });

    it('counts an idle primary as no lag (WAL positions, not replay times)', async () => {
      await caughtUp();
      // Nothing is written for longer than the allowed lag: the last replayed transaction gets old,
      // the replica stays in use.
      await sleep(MAX_LAG_MS * 2.5);
      await replicas.check();
      expect(status()).toMatchObject({ healthy: true, lagMs: 0, problem: null });
    });

    it('serves catalogue and content reads from the replica, skips it when it lags, takes it back', async () => {
      await caughtUp();
      await replayPaused(true);
      try {
        await saveContentPage(
          primary.db,
          {
            path: 'replica-news',
            sortOrder: 1,
            translations: { hu: { title: 'Új', description: '<p>friss</p>' } },
          },
          new Date(),
        );
        // The replica has not replayed the page yet and is not yet too far behind: the read goes there.
        await replicas.check();
        expect(status()?.healthy).toBe(true);
        expect((await get('/api/contents/replica-news')).statusCode).toBe(404);
        // The primary has it all along.
        const onPrimary = await primary.db
          .selectFrom('content_pages')
          .select('id')
          .where('path', '=', 'replica-news')
          .executeTakeFirst();
        expect(onPrimary).toBeDefined();

        // Past the allowed lag the replica is skipped and the primary answers.
        await waitFor(
          async () => {
            await replicas.check();
            return status()?.healthy === false;
          },
          MAX_LAG_MS * 10,
          'the replica to be skipped',
        );
        expect(status()?.problem).toMatch(/^lags /);
        expect((await get('/api/contents/replica-news')).statusCode).toBe(200);
      } finally {
        await replayPaused(false);
      }
      // Replayed again: the replica is back in use and has the page.
      await caughtUp();
      expect((await get('/api/contents/replica-news')).statusCode).toBe(200);
      expect(changes).toContain(false);
      expect(changes.at(-1)).toBe(true);
    });

    it("keeps the customer's cart on the primary while the replica is behind", async () => {
      const product = await insertProduct(primary, { sku: 'REPL-1', name: 'Replika termék', stock: 100 });
      await bumpCatalogueVersion(primary.db);
      const buyer = await insertBuyer(ctx);
      await caughtUp();
      await replayPaused(true);
      try {
        const set = await app.inject({
          method: 'POST',
          url: '/api/cart/set-product-quantity',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { productSku: product.sku, quantity: 3 },
        });
        expect(set.statusCode, set.body).toBe(200);
        // The replica lags behind the cart change; the cart page's products come from the primary.
        const cartPage = await get(
          '/api/products/all?currentPage=1&productsPerPage=99999&inCart=true',
          buyer.token,
        );
        expect(cartPage.statusCode, cartPage.body).toBe(200);
        expect((cartPage.json() as { products: { sku: string }[] }).products.map((p) => p.sku)).toEqual([
          'REPL-1',
        ]);
        const cart = await get('/api/cart', buyer.token);
        expect(cart.statusCode).toBe(200);
        expect(cart.body).toContain('REPL-1');
      } finally {
        await replayPaused(false);
      }
    });

    it('loses no request when the replica is killed mid-way, and uses it again once it is back', async () => {
      await caughtUp();
      const urls = [
        '/api/products/all?currentPage=1&productsPerPage=50',
        '/api/products/all?currentPage=2&productsPerPage=100&orderBy=name',
        '/api/categories',
        '/api/contents/replica-news',
        '/api/products/search?selectType=simple&searchType=products-by-name&searchString=classic',
        '/api/products/search?searchType=all&searchString=gold&currentPage=1&productsPerPage=50',
      ];
      const statuses: number[] = [];
      let stop = false;
      const worker = async (offset: number) => {
        for (let i = offset; !stop; i += 1) {
          const res = await get(urls[i % urls.length] ?? '/api/categories');
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) console.log(res.statusCode, res.body);
        }
      };
      const workers = [0, 1, 2, 3].map((offset) => worker(offset));
      await waitFor(() => statuses.length >= 12, 20_000, 'requests before the kill');
      const before = statuses.length;
      await clusters?.killReplica();
      await waitFor(() => statuses.length >= before + 24, 20_000, 'requests after the kill');
      stop = true;
      await Promise.all(workers);
      expect(statuses.filter((code) => code !== 200)).toEqual([]);
      await replicas.check();
      expect(status()?.healthy).toBe(false);
      expect(status()?.problem).toBeTruthy();
      // Still answered, by the primary.
      expect((await get('/api/categories')).statusCode).toBe(200);

      await clusters?.startReplica();
      await caughtUp();
      expect(status()).toMatchObject({ healthy: true, problem: null });
      expect((await get('/api/products/all?currentPage=1&productsPerPage=50')).statusCode).toBe(200);
    }, 60_000);
  },
);

import { sql, type Kysely, type SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryPlans } from '../../../test/query-plans';
import { useSeededDatabase } from '../../../test/seeded-database';
import { TEST_DIALECTS } from '../../../test/test-db';
import type { Database } from '../../db/schema';
import { runLargeAccountsSeed, runLargeSeed } from '../../seed/large-seed';
import * as repo from './admin-orders.repository';

/**
 * The back office's order list filters use indexes (issue 18 point 5, migration 015): the customer text
 * through the substring index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL), the status through
 * (status, created_at), and answer exactly what the plain LIKE answered. The plans are read with
 * EXPLAIN QUERY PLAN / EXPLAIN on the statements the repository runs.
 */

const NOW = new Date('2026-11-20T10:00:00.000Z');

describe.each(TEST_DIALECTS)('order list plans on %s', (dialect) => {
  const { db } = useSeededDatabase(dialect, 'order-plans', async ({ db, dataDir }) => {
    await runLargeSeed(db(), { products: 100, dataDir, now: NOW });
    await runLargeAccountsSeed(db(), { customers: 200, orders: 5_000, now: NOW });
    // What autovacuum does after a load: the visibility map that lets PostgreSQL answer from an index alone.
    if (dialect === 'postgres') await sql`VACUUM ANALYZE orders`.execute(db());
  });

  const plansOf = (work: (captured: Kysely<Database>) => Promise<unknown>) => queryPlans(db(), dialect, work);

  const filter = (extra: Partial<repo.OrderRowFilter>): repo.OrderRowFilter => ({ dialect, ...extra });

  /**
   * The orders the plain LIKE on lower(name) and lower(e-mail) finds, newest first: what the filter
   * answered before migration 015, without the index.
   */
  async function expected(text: string): Promise<number[]> {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db()
      .selectFrom('orders')
      .select('id')
      .where((eb) =>
        eb.or([
          sql<SqlBool>`lower(customer_name) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(customer_email) like ${pattern} escape '\\'`,
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }

  it('finds orders by a part of the customer e-mail or name, as the plain LIKE did', async () => {
    const text = 'CUSTOMER-7@';
    const want = await expected(text);
    expect(want.length).toBeGreaterThan(0);
    const found = await repo.findOrderSummaries(db(), filter({ customer: text }), 10_000, 0);
    expect(found.map((o) => o.id)).toEqual(want);
    expect(await repo.countOrders(db(), filter({ customer: text }))).toBe(want.length);
  });

  /** The plans of the count and of the page for a customer text. */
  const customerPlans = () =>
    plansOf(async (captured) => {
      await repo.countOrders(captured, filter({ customer: 'CUSTOMER-7@' }));
      await repo.findOrderSummaries(captured, filter({ customer: 'CUSTOMER-7@' }), 25, 0);
    });

  it.runIf(dialect === 'sqlite')(
    'SQLite: the count and the page start from the FTS table, never reading every order',
    async () => {
      const plans = await customerPlans();
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toMatch(/orders_customer_fts VIRTUAL TABLE INDEX/);
        expect(plan).not.toMatch(/SCAN o\b/);
      }
    },
  );

  // On a table this small the page may walk created_at, which the planner costs by the table's size;
  // the benchmark measures the page at 200,000 orders.
  it.runIf(dialect === 'postgres')('PostgreSQL: the count reads the pg_trgm indexes', async () => {
    const [countPlan] = await customerPlans();
    expect(countPlan).toMatch(/orders_customer_(name|email)_trgm_idx/);
  });

  it('answers short texts, quotes and LIKE characters as the plain LIKE did', async () => {
    const name = (await db().selectFrom('orders').select('customer_name').executeTakeFirstOrThrow())
      .customer_name;
    for (const text of ['7', 'ft', name.slice(0, 7).toUpperCase(), '"bench', '%', 'e_1', 'nobody-here']) {
      const want = await expected(text);
      const found = await repo.findOrderSummaries(db(), filter({ customer: text }), 10_000, 0);
      expect(
        found.map((o) => o.id),
        text,
      ).toEqual(want);
      expect(await repo.countOrders(db(), filter({ customer: text })), text).toBe(want.length);
    }
  });

  it('filters by status through the (status, created_at) index', async () => {
    const plans = await plansOf(async (captured) => {
      await repo.countOrders(captured, filter({ status: 'shipped' }));
      await repo.findOrderSummaries(captured, filter({ status: 'shipped' }), 25, 0);
    });
    for (const plan of plans) expect(plan).toMatch(/orders_status_created_idx/);
    const shipped = await db().selectFrom('orders').select('id').where('status', '=', 'shipped').execute();
    expect(shipped.length).toBeGreaterThan(0);
    expect(await repo.countOrders(db(), filter({ status: 'shipped' }))).toBe(shipped.length);
  });

  // Migration 016: the newest-first order (created_at, then id) is the index's own, so the skipped
  // orders are never fetched from the table nor sorted.
  it.runIf(dialect === 'postgres')(
    'PostgreSQL: takes a page of ids from (created_at, id) or (status, created_at, id) alone, unsorted',
    async () => {
      const [page = ''] = await plansOf((captured) =>
        repo.findOrderSummaries(captured, filter({}), 25, 2_475),
      );
      expect(page).toMatch(/Index Only Scan Backward using orders_created_idx on orders o/);
      // Only the page's 25 rows are sorted (the outer query); the ids come in the index's order.
      expect(page).not.toMatch(/Incremental Sort/);
      expect(page.match(/Sort Key/g) ?? []).toHaveLength(1);
      const [shipped] = await plansOf((captured) =>
        repo.findOrderSummaries(captured, filter({ status: 'shipped' }), 25, 100),
      );
      expect(shipped).toMatch(/Index Only Scan Backward using orders_status_created_idx on orders o/);
    },
  );

  it('counts at most the given number of orders', async () => {
    const all = await repo.countOrders(db(), filter({}));
    expect(all).toBeGreaterThan(1_000);
    expect(await repo.countOrders(db(), filter({}), 1_001)).toBe(1_001);
    expect(await repo.countOrders(db(), filter({}), all + 5)).toBe(all);
  });
});

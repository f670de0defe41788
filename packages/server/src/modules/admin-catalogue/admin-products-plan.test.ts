import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryPlans } from '../../../test/query-plans';
import { useSeededDatabase } from '../../../test/seeded-database';
import { TEST_DIALECTS } from '../../../test/test-db';
import type { Database } from '../../db/schema';
import { runLargeSeed } from '../../seed/large-seed';
import { listProductRows, type ProductListFilter } from './admin-products.repository';

/**
 * The back office's product list pages (issue 18 point 5): the page's ids come from the SKU index
 * alone, or from (is_active, sku) with the active filter (migration 015), and the page is the same
 * slice of the SKU order it was.
 */

const NOW = new Date('2026-11-20T10:00:00.000Z');

describe.each(TEST_DIALECTS)('product list plans on %s', (dialect) => {
  const { db } = useSeededDatabase(dialect, 'product-plans', async ({ db, dataDir }) => {
    await runLargeSeed(db(), { products: 1_000, dataDir, now: NOW });
    // What autovacuum does after a load: the visibility map that lets PostgreSQL answer from an index alone.
    if (dialect === 'postgres') await sql`VACUUM ANALYZE products`.execute(db());
  });

  const query = (extra: Partial<ProductListFilter>): ProductListFilter => ({
    words: [],
    page: 1,
    pageSize: 25,
    language: 'hu',
    ...extra,
  });

  it('answers a deep page and an active page as the same slice of the SKU order', async () => {
    const all = await db().selectFrom('products').select(['id', 'sku', 'is_active']).orderBy('sku').execute();
    const deep = await listProductRows(db(), dialect, query({ page: 30 }));
    expect(deep.total).toBe(1_000);
    expect(deep.rows.map((r) => r.sku)).toEqual(all.slice(725, 750).map((p) => p.sku));
    const active = all.filter((p) => p.is_active === 1);
    expect(active.length).toBeLessThan(1_000);
    const page = await listProductRows(db(), dialect, query({ active: true, page: 20 }));
    expect(page.total).toBe(active.length);
    expect(page.rows.map((r) => r.sku)).toEqual(active.slice(475, 500).map((p) => p.sku));
    expect(page.rows.every((r) => r.name !== null && r.price !== null)).toBe(true);
  });

  // PostgreSQL costs the choice by the share of active products (98 % here: it walks the SKU index).
  it.runIf(dialect === 'sqlite')(
    'SQLite: takes the ids of an active page from the (is_active, sku) index',
    async () => {
      const plans = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listProductRows(captured, dialect, query({ active: true, page: 20 })),
      );
      expect(plans).toHaveLength(2);
      expect(plans[1]).toMatch(/SEARCH p USING COVERING INDEX products_active_sku_idx/);
    },
  );

  // Migration 016: the skipped rows of a deep page are read from the index, never from the table.
  it.runIf(dialect === 'postgres')(
    'PostgreSQL: takes the ids of a page from the (sku, id) index alone, and counts at most 10,001 rows',
    async () => {
      const plans = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listProductRows(captured, dialect, query({ page: 30 })),
      );
      expect(plans).toHaveLength(2);
      expect(plans.join('\n')).toMatch(/Index Only Scan using products_sku_id_idx on products p/);
      const count = plans.find((plan) => plan.startsWith('Aggregate'));
      expect(count).toMatch(/Limit/);
    },
  );
});

import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startAdminWorld, type AdminWorld } from '../../../test/admin-fixtures';
import type { DialectName } from '../../db/connection';
import { runLargeSeed } from '../../seed/large-seed';
import type { ProductListFilter } from './admin-products.repository';

/**
 * A back-office world (app, context, admin tokens) over `products` generated products, for the product
 * list's tests: started before the describe block's tests (then `prepare` runs), stopped after them.
 */
export function largeCatalogueWorld(
  dialect: DialectName,
  products: number,
  now: Date,
  prepare: (world: AdminWorld) => Promise<void> = async () => {},
): () => AdminWorld {
  let world: AdminWorld | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    world = await startAdminWorld(dialect, { now });
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-products-'));
    await runLargeSeed(world.ctx.database.db, { products, dataDir, now });
    await prepare(world);
    // What autovacuum does after a load: statistics and the visibility map.
    if (dialect === 'postgres') await sql`VACUUM ANALYZE products`.execute(world.ctx.database.db);
  });
  afterAll(async () => {
    await world?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!world) throw new Error('the world is not started yet');
    return world;
  };
}

/** A product list query in Hungarian from page 1, with `extra` on top. */
export function productListQuery(pageSize: number, extra: Partial<ProductListFilter>): ProductListFilter {
  return { words: [], page: 1, pageSize, language: 'hu', ...extra };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { CatalogueReadModel } from './catalogue-read-model';
import {
  bumpCatalogueVersion,
  CATALOGUE_CHANGES_KEY,
  CATALOGUE_CHANGES_MAX_BUMPS,
  CATALOGUE_CHANGES_MAX_PRODUCTS,
  CATALOGUE_VERSION_KEY,
  changedProductsBetween,
} from './catalogue-version';
import { insertCatalogue, setProductName, type CatalogueFixture } from './catalogue.fixture';

/**
 * The catalogue version and the products each bump changed (issue 19: a delta sync after a price
 * change reloads that product, not the catalogue), on both databases.
 */
describe.each(TEST_DIALECTS)('catalogue version and its changed products on %s', (dialect) => {
  let testDb: TestDatabase;
  let fx: CatalogueFixture;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    fx = await insertCatalogue(testDb.handle);
    // The first bump of a database names no products (nothing it could follow was locked).
    await bumpCatalogueVersion(testDb.handle.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function version(): Promise<string> {
    const row = await testDb.handle.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', CATALOGUE_VERSION_KEY)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  it('the products between two versions are those of the bumps that link them', async () => {
    const db = testDb.handle.db;
    const v0 = await version();
    await bumpCatalogueVersion(db, new Date(), [7, 3, 7]);
    const v1 = await version();
    await db.transaction().execute((trx) => bumpCatalogueVersion(trx, new Date(), [12]));
    const v2 = await version();
    expect(new Set([v0, v1, v2]).size).toBe(3);
    expect(await changedProductsBetween(db, v0, v1)).toEqual([3, 7]);
    expect(await changedProductsBetween(db, v1, v2)).toEqual([12]);
    expect(await changedProductsBetween(db, v0, v2)).toEqual([3, 7, 12]);
    expect(await changedProductsBetween(db, v2, v2)).toEqual([]);
    // Backwards, or from a version never written: unknown.
    expect(await changedProductsBetween(db, v2, v0)).toBeNull();
    expect(await changedProductsBetween(db, 'not-a-version', v2)).toBeNull();

    // A bump without products (categories, settings...) changes everything.
    await bumpCatalogueVersion(db);
    const v3 = await version();
    expect(await changedProductsBetween(db, v0, v3)).toBeNull();
    expect(await changedProductsBetween(db, v2, v3)).toBeNull();
    await bumpCatalogueVersion(db, new Date(), [5]);
    expect(await changedProductsBetween(db, v3, await version())).toEqual([5]);

    // A version written some other way (a raw update): the chain does not reach it.
    const before = await version();
    await db
      .updateTable('settings')
      .set({ value: 'written/by-hand' })
      .where('key', '=', CATALOGUE_VERSION_KEY)
      .execute();
    expect(await changedProductsBetween(db, before, 'written/by-hand')).toBeNull();
    await bumpCatalogueVersion(db, new Date(), [9]);
    expect(await changedProductsBetween(db, 'written/by-hand', await version())).toEqual([9]);
    expect(await changedProductsBetween(db, before, await version())).toBeNull();
  });

  it('bumps at once chain one after the other: none of them is lost', async () => {
    const db = testDb.handle.db;
    const start = await version();
    const ids = [101, 102, 103, 104, 105, 106];
    await Promise.all(
      ids.map((id) => db.transaction().execute((trx) => bumpCatalogueVersion(trx, new Date(), [id]))),
    );
    expect(await changedProductsBetween(db, start, await version())).toEqual(ids);
  });

  it(`keeps the last ${CATALOGUE_CHANGES_MAX_BUMPS} bumps and ${CATALOGUE_CHANGES_MAX_PRODUCTS} ids: older versions change everything`, async () => {
    const db = testDb.handle.db;
    const start = await version();
    await bumpCatalogueVersion(db, new Date(), [1]);
    const second = await version();
    for (let n = 2; n <= CATALOGUE_CHANGES_MAX_BUMPS; n += 1) await bumpCatalogueVersion(db, new Date(), [n]);
    // The last 32 bumps, from the start: still linked.
    expect(await changedProductsBetween(db, start, await version())).toHaveLength(
      CATALOGUE_CHANGES_MAX_BUMPS,
    );
    await bumpCatalogueVersion(db, new Date(), [1000]);
    expect(await changedProductsBetween(db, start, await version())).toBeNull();
    expect(await changedProductsBetween(db, second, await version())).toHaveLength(
      CATALOGUE_CHANGES_MAX_BUMPS,
    );
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', CATALOGUE_CHANGES_KEY)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.value) as unknown[]).length).toBe(CATALOGUE_CHANGES_MAX_BUMPS);

    const many = Array.from({ length: CATALOGUE_CHANGES_MAX_PRODUCTS + 1 }, (_, n) => n + 1);
    const beforeMany = await version();
    await bumpCatalogueVersion(db, new Date(), many);
    expect(await changedProductsBetween(db, beforeMany, await version())).toBeNull();
  });

  it('a read model adopting a new version reloads the changed products and keeps the others', async () => {
    const db = testDb.handle.db;
    const ids = [...fx.productId.values()].sort((a, b) => a - b);
    const [renamed, repriced, kept] = ids as [number, number, number];
    const model = new CatalogueReadModel();
    expect(await model.adopt(db, await version())).toBeNull();
    const first = await model.staticProducts(db, dialect, ids);
    expect(model.size).toBe(ids.length);

    await setProductName(db, renamed, 'hu', 'Új név');
    await db
      .updateTable('price_entries')
      .set({ price: 123_400 })
      .where('product_id', '=', repriced)
      .execute();
    await bumpCatalogueVersion(db, new Date(), [renamed]);
    await bumpCatalogueVersion(db, new Date(), [repriced]);

    expect(await model.adopt(db, await version())).toBe(2);
    expect(model.size).toBe(ids.length - 2);
    expect(model.cached(renamed)).toBeUndefined();
    expect(model.cached(repriced)).toBeUndefined();
    // The others are the very objects loaded before (their serialised JSON and prices kept).
    expect(model.cached(kept)).toBe(first.get(kept));
    const now = await model.staticProducts(db, dialect, ids);
    expect(now.get(kept)).toBe(first.get(kept));
    expect(now.get(renamed)!.details.find((d) => d.language === 'hu')!.name).toBe('Új név');
    expect(now.get(repriced)!.entries.map((e) => e.price)).toEqual(
      now.get(repriced)!.entries.map(() => 123_400),
    );
    expect(model.size).toBe(ids.length);

    // A bump of everything: nothing is kept.
    await bumpCatalogueVersion(db);
    expect(await model.adopt(db, await version())).toBeNull();
    expect(model.size).toBe(0);
    expect((await model.staticProducts(db, dialect, [kept])).get(kept)).not.toBe(first.get(kept));
  });
});

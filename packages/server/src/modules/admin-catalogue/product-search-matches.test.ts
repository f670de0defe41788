import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/test-db';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import { largeCatalogueWorld, productListQuery } from './admin-product-list-test-setup';
import { listProductRows } from './admin-products.repository';
import { ProductSearchMatches, type SearchMatches } from './product-search-matches';

/**
 * The back office keeps a product search's matches (capped count, ids within the cap) per catalogue
 * version for at most a minute (product-search-matches.ts, issue 18 point 5): the same search is
 * counted once; a catalogue change (its version) or the minute's end counts again; a failed count is
 * not kept; the list answers the same with and without it.
 */
describe.each(TEST_DIALECTS)('product search matches kept per catalogue version (%s)', (dialect) => {
  const now = new Date('2025-05-06T08:00:00Z');
  const world = largeCatalogueWorld(dialect, 300, now);

  function counter(answer: SearchMatches = { counted: 1, ids: [1] }) {
    const calls = { n: 0 };
    return { calls, find: async () => ((calls.n += 1), answer) };
  }

  it('finds the matches of a search once, again after a catalogue change or a minute', async () => {
    const db = world().ctx.database.db;
    let clock = now.getTime();
    const kept = new ProductSearchMatches(() => clock);
    const { calls, find } = counter();
    expect(await kept.of(db, 'a', find)).toEqual({ counted: 1, ids: [1] });
    expect(await kept.of(db, 'a', find)).toEqual({ counted: 1, ids: [1] });
    expect(calls.n).toBe(1);
    await kept.of(db, 'b', find);
    expect(calls.n).toBe(2);
    await bumpCatalogueVersion(db, now);
    await kept.of(db, 'a', find);
    expect(calls.n).toBe(3);
    clock += ProductSearchMatches.CACHE_MS - 1;
    await kept.of(db, 'a', find);
    expect(calls.n).toBe(3);
    clock += 2;
    await kept.of(db, 'a', find);
    expect(calls.n).toBe(4);
  });

  it('does not keep a count that failed', async () => {
    const db = world().ctx.database.db;
    const kept = new ProductSearchMatches(() => now.getTime());
    await expect(kept.of(db, 'x', () => Promise.reject(new Error('lost connection')))).rejects.toThrow(
      'lost connection',
    );
    const { calls, find } = counter();
    expect(await kept.of(db, 'x', find)).toEqual({ counted: 1, ids: [1] });
    expect(calls.n).toBe(1);
  });

  it('lists a search the same with kept matches, and sees a renamed product after the version bump', async () => {
    const db = world().ctx.database.db;
    const kept = new ProductSearchMatches(() => now.getTime());
    const query = productListQuery(25, { words: ['zoldalma'], searchMatches: kept });
    const before = await listProductRows(db, dialect, { ...query, searchMatches: undefined });
    expect(await listProductRows(db, dialect, query)).toEqual(before);
    expect(await listProductRows(db, dialect, query)).toEqual(before);
    const product = await db
      .selectFrom('products')
      .select(['id', 'search_text'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ search_text: `${product.search_text} zoldalma` })
      .where('id', '=', product.id)
      .execute();
    // Kept: without the version bump every product write makes, the search still has its old matches.
    expect((await listProductRows(db, dialect, query)).total).toBe(before.total);
    await bumpCatalogueVersion(db, now, [product.id]);
    const after = await listProductRows(db, dialect, query);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows.map((row) => row.id)).toContain(product.id);
  });
});

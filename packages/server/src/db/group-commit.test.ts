import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/test-db';
import { useTestDatabase } from '../../test/use-test-database';
import { runWrite } from './group-commit';

describe.each(TEST_DIALECTS)('runWrite on %s', (dialect) => {
  const testDb = useTestDatabase(dialect);

  const value = async (key: string) =>
    (await testDb.handle.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;

  // PostgreSQL runs each work in its own transaction (read committed): only SQLite groups them, so
  // the batching cases run (and are reported) on SQLite alone, and show as skipped on PostgreSQL.
  const onSqlite = it.runIf(dialect === 'sqlite');

  onSqlite(
    'commits concurrent works, each seeing the ones before it; a failing work changes nothing',
    async () => {
      const db = testDb.handle.db;
      await db.insertInto('settings').values({ key: 'gc.counter', value: '0', updated_at: 'now' }).execute();
      const increment = () =>
        runWrite(testDb.handle, async (trx) => {
          const row = await trx
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'gc.counter')
            .executeTakeFirstOrThrow();
          const next = Number(row.value) + 1;
          await trx
            .updateTable('settings')
            .set({ value: String(next) })
            .where('key', '=', 'gc.counter')
            .execute();
          return next;
        });
      const failing = runWrite(testDb.handle, async (trx) => {
        await trx
          .insertInto('settings')
          .values({ key: 'gc.failed', value: 'x', updated_at: 'now' })
          .execute();
        throw new Error('refused');
      });
      const results = await Promise.allSettled([increment(), increment(), failing, increment(), increment()]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
        1,
        2,
        'refused',
        3,
        4,
      ]);
      expect(await value('gc.counter')).toBe('4');
      expect(await value('gc.failed')).toBeUndefined();
    },
  );

  it('answers a work only after its commit: the change is visible to a fresh read at once', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `gc.visible.${i}`);
    await Promise.all(
      keys.map(async (key) => {
        await runWrite(testDb.handle, (trx) =>
          trx.insertInto('settings').values({ key, value: 'yes', updated_at: 'now' }).execute(),
        );
        expect(await value(key)).toBe('yes');
      }),
    );
  });

  onSqlite('a failed commit fails every work of the batch', async () => {
    // A deferred foreign key violation is only detected at commit.
    const db = testDb.handle.db;
    const ok = runWrite(testDb.handle, (trx) =>
      trx.insertInto('settings').values({ key: 'gc.batch.ok', value: 'x', updated_at: 'now' }).execute(),
    );
    const bad = runWrite(testDb.handle, async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await trx
        .insertInto('cart_items')
        .values({ cart_id: 999_999, product_id: 999_999, quantity: 1, updated_at: 'now' })
        .execute();
    });
    const results = await Promise.allSettled([ok, bad]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await value('gc.batch.ok')).toBeUndefined();
    expect(
      await db.selectFrom('cart_items').select('cart_id').where('cart_id', '=', 999_999).execute(),
    ).toEqual([]);
  });
});

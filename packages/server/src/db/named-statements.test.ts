import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { readCatalogueSettings } from '../modules/products/catalogue-cache.service';
import { createDatabase, type DatabaseHandle } from './connection';
import { namedStatementOf, useNamedStatements } from './named-statements';
import { PreparedQuery } from './prepared-query';

/**
 * The hot paths' PreparedQuery texts run as named prepared statements on PostgreSQL (parsed once per
 * connection), everything else unnamed (db/named-statements.ts).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on postgres', () => {
  let testDb: TestDatabase;
  let single: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    // One connection, so the session's prepared statements are the ones our queries made.
    single = createDatabase({ kind: 'postgres', url: testDb.url }, { poolSize: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await testDb?.drop();
  });

  const preparedNames = async (): Promise<string[]> =>
    (
      await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(single.db)
    ).rows.map((row) => row.name);

  it('a PreparedQuery runs as a named statement, prepared once, with the same answers', async () => {
    const first = await readCatalogueSettings(single.db);
    const second = await readCatalogueSettings(single.db);
    expect(second).toEqual(first);
    const names = await preparedNames();
    const named = names.filter((name) => name.startsWith('shop_q'));
    expect(named).toHaveLength(1);
    // A plain query builder query is not kept as a statement.
    await single.db.selectFrom('settings').select('key').where('key', '=', 'x').execute();
    expect((await preparedNames()).filter((name) => name.startsWith('shop_q'))).toEqual(named);
  });

  it('a parameter of a named statement still binds per call', async () => {
    const byKey = new PreparedQuery(1, (db, _dialect, [key]: [string]) =>
      db.selectFrom('settings').select(['key', 'value']).where('key', '=', key),
    );
    await single.db
      .insertInto('settings')
      .values([
        { key: 'named.a', value: '1' },
        { key: 'named.b', value: '2' },
      ])
      .execute();
    expect(await byKey.execute(single.db, 'named.a')).toEqual([{ key: 'named.a', value: '1' }]);
    expect(await byKey.execute(single.db, 'named.b')).toEqual([{ key: 'named.b', value: '2' }]);
  });
});

describe('useNamedStatements', () => {
  it('names only registered texts with an array of values, and passes every other call unchanged', () => {
    const calls: unknown[][] = [];
    const client = { query: (...args: unknown[]) => calls.push(args) };
    useNamedStatements(client as never);
    const registered = new PreparedQuery(0, (db) => db.selectFrom('settings').select('value'));
    // Compiling for a PostgreSQL instance registers the text.
    const pgDb = createDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }).db;
    void registered.execute(pgDb).catch(() => undefined);
    const text = 'select "value" from "settings"';
    expect(namedStatementOf(text)).toMatch(/^shop_q\d+$/);
    client.query(text, []);
    client.query('select 1', []);
    client.query(text);
    expect(calls[0]).toEqual([{ name: namedStatementOf(text), text, values: [] }]);
    expect(calls[1]).toEqual(['select 1', []]);
    expect(calls[2]).toEqual([text]);
    void pgDb.destroy();
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from './postgres-database';
import { createDatabase, type DatabaseHandle, type DialectName } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';

export interface TestDatabase {
  dialect: DialectName;
  handle: DatabaseHandle;
  /** sqlite:... or postgres://... for a process started by the test. */
  url: string;
  drop(): Promise<void>;
}

/** The dialects every integration test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * A fresh, empty, migrated database of its own: a temporary SQLite file, or a new PostgreSQL
 * database created next to TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(
  dialect: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let result: TestDatabase;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
    const file = path.join(dir, 'test.sqlite');
    const handle = createDatabase({ kind: 'sqlite', file });
    result = {
      dialect,
      handle,
      url: `sqlite:${file}`,
      async drop() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const database = await createPostgresDatabase(adminUrl, name);
    const handle = createDatabase({ kind: 'postgres', url: database.url }, { poolSize: 20 });
    result = {
      dialect,
      handle,
      url: database.url,
      async drop() {
        await handle.close();
        await database.drop();
      },
    };
  }
  if (options.migrate !== false) await migrateToLatest(result.handle.db);
  return result;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './test-db';

/** A test database filled by a seed, with the data folder the seed wrote its files to. */
export interface SeededDatabase {
  testDb: TestDatabase;
  dataDir: string;
  db(): Kysely<Database>;
}

/**
 * A fresh database of `dialect` and a temporary data folder (`shop-<name>-…`), filled by `seed` before
 * the describe's tests and both removed after them. The fields are set once the beforeAll has run.
 */
export function useSeededDatabase(
  dialect: DialectName,
  name: string,
  seed: (seeded: SeededDatabase) => Promise<void>,
): SeededDatabase {
  const seeded = { db: () => seeded.testDb.handle.db } as SeededDatabase;
  beforeAll(async () => {
    seeded.testDb = await createTestDatabase(dialect);
    seeded.dataDir = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
    await seed(seeded);
  });
  afterAll(async () => {
    await seeded.testDb?.drop();
    if (seeded.dataDir) rmSync(seeded.dataDir, { recursive: true, force: true });
  });
  return seeded;
}

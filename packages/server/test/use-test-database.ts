import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../src/db/connection';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * A fresh migrated database of `dialect` (see createTestDatabase) made before the describe's tests
 * and dropped after them. Its fields are set once the beforeAll has run: read them inside the tests.
 */
export function useTestDatabase(dialect: DialectName): TestDatabase {
  const testDb = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(testDb, await createTestDatabase(dialect));
  });
  afterAll(async () => {
    await testDb.drop?.();
  });
  return testDb;
}

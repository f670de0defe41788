import { sql } from 'kysely';
import type { DatabaseHandle } from './connection';

/** The PostgreSQL advisory lock key that start-up work (migrations, the demo seed) runs under. */
export const STARTUP_LOCK_KEY = 7_304_115_001;

/**
 * Runs `work` while holding the shop's start-up lock, so that several processes starting at once
 * on one PostgreSQL database migrate and seed one after the other: the first does the work, the
 * others wait, then find nothing left to do. The lock is a session advisory lock on a connection
 * of its own (released when that connection ends, so a killed process never leaves it behind).
 *
 * SQLite runs one process per database file (DESIGN.md), so there `work` simply runs.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    }
  });
}

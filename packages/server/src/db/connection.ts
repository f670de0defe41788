import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// PostgreSQL int8 (money sums, count(*)) as JavaScript numbers: our amounts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric as numbers too (sum() over integers yields numeric in PostgreSQL).
pg.types.setTypeParser(1700, (value) => Number(value));

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Is the database reachable right now? */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 10000');
  return raw;
}

export function createDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const raw = openSqlite(target.file);
    return handleFor(new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) }), 'sqlite');
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return handleFor(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}

function handleFor(db: Kysely<Database>, dialect: DialectName): DatabaseHandle {
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

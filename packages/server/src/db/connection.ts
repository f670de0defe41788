import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import { useNamedStatements } from './named-statements';
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
  /** Null when the database answers, else why not (e.g. `connect ECONNREFUSED 127.0.0.1:5432`). */
  probe(): Promise<string | null>;
  close(): Promise<void>;
}

/** A database address for logs: the password replaced by ***. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 10000');
  dropStat4Samples(raw);
  return raw;
}

/**
 * Keeps ANALYZE's per-index averages (sqlite_stat1) and drops its value samples (sqlite_stat4).
 * better-sqlite3's SQLite is built with SQLITE_ENABLE_STAT4; with samples present, a statement whose
 * plan could depend on a bound value (an indexed column compared with a parameter: a SKU, a user id,
 * a category) is prepared again every time that value changes, so the hot paths' cached statements
 * were recompiled on almost every request: set-product-quantity's context statement took 50-100 µs
 * instead of 9 (docs/decisions/0024-sqlite-without-stat4-samples.md). The shop's queries are planned
 * well from the averages alone. Runs at every open, so an ANALYZE (or `PRAGMA optimize`) run by hand
 * or by a bulk load is followed by the same state. Returns whether samples were dropped.
 */
export function dropStat4Samples(raw: SQLite.Database): boolean {
  const table = raw
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat4'")
    .get();
  if (table === undefined || raw.prepare('select 1 from sqlite_stat4 limit 1').get() === undefined)
    return false;
  raw.exec('DELETE FROM sqlite_stat4');
  // Reload the statistics this connection plans with.
  raw.exec('ANALYZE sqlite_schema');
  return true;
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * The SQLite handle Kysely uses, keeping prepared statements by their SQL text: a catalogue request
 * runs a few small queries whose preparing cost as much as running them. Kysely runs one query at a
 * time on its single connection, so a statement is never used by two queries at once.
 */
function withStatementCache(raw: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => raw.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = raw.prepare(text);
        if (statements.size >= MAX_CACHED_STATEMENTS) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function createDatabase(
  target: DatabaseTarget,
  options: { poolSize?: number; connectionTimeoutMs?: number; queryTimeoutMs?: number } = {},
): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const raw = openSqlite(target.file);
    return handleFor(
      new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) }),
      'sqlite',
    );
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    ...(options.queryTimeoutMs !== undefined ? { query_timeout: options.queryTimeoutMs } : {}),
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one in use: when the server goes away mid-query, pg fails the query (its caller sees the
  // error) and also emits 'error' on the checked-out client, which has no listener of the pool's then
  // (a killed read replica, db/read-replicas.ts).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // The hot paths' fixed queries as named prepared statements (db/named-statements.ts).
    useNamedStatements(client);
  });
  return handleFor(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}

function handleFor(db: Kysely<Database>, dialect: DialectName): DatabaseHandle {
  const probe = async (): Promise<string | null> => {
    try {
      await sql`select 1`.execute(db);
      return null;
    } catch (error) {
      const text = error instanceof Error ? error.message || error.name : String(error);
      const code = (error as { code?: unknown }).code;
      return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
    }
  };
  return {
    db,
    dialect,
    probe,
    async ping() {
      return (await probe()) === null;
    },
    async close() {
      await db.destroy();
    },
  };
}

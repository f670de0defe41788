import {
  type AlterTableBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  sql,
} from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * The building blocks the migrations share. Each one produces exactly the statement the migrations
 * wrote out by hand before (a migration that has run must keep producing the same schema), so a
 * change here changes old migrations too: do not.
 */

/** The dialect a migration runs on. */
export function dialectOf(db: Kysely<any>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `CREATE TABLE name` with its `id` key: `serial primary key` on PostgreSQL, `integer primary key autoincrement` on SQLite. */
export function createTableWithId(db: Kysely<any>, name: string): CreateTableBuilder<string, 'id'> {
  const isPg = dialectOf(db) === 'postgres';
  return db.schema
    .createTable(name)
    .addColumn('id', isPg ? 'serial' : 'integer', (c) =>
      isPg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
}

/**
 * The current instant as ISO UTC text with milliseconds, as a column default (migrations 009 and
 * later; 001 spells the SQLite expression without the space and keeps its own).
 */
export function utcNowDefault(db: Kysely<any>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres'
    ? sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/**
 * Drops a SQLite FTS5 table a migration made and the three triggers that keep it in step with its
 * content table (`<table>_after_insert`, `_after_delete`, `_after_update`), triggers first.
 */
export async function dropFtsTable(db: Kysely<any>, table: string): Promise<void> {
  for (const event of ['update', 'delete', 'insert']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_after_${event}`).execute(db);
  }
  await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}

/**
 * The columns a migration adds to existing tables, by table, each table's in order:
 * `ALTER TABLE table ADD COLUMN column type …` a column.
 */
export type AddedColumns = Record<
  string,
  [
    column: string,
    type: Parameters<AlterTableBuilder['addColumn']>[1],
    build?: Parameters<AlterTableBuilder['addColumn']>[2],
  ][]
>;

/** Adds the columns, one `ALTER TABLE` each, table by table in the order given. */
export async function addColumns(db: Kysely<any>, columns: AddedColumns): Promise<void> {
  for (const [table, added] of Object.entries(columns)) {
    for (const [column, type, build] of added) {
      await db.schema.alterTable(table).addColumn(column, type, build).execute();
    }
  }
}

/** Drops the columns `addColumns` added, in the reverse order. */
export async function dropColumns(db: Kysely<any>, columns: AddedColumns): Promise<void> {
  for (const [table, added] of Object.entries(columns).reverse()) {
    for (const [column] of [...added].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}

/** `CREATE INDEX name ON table (columns…)`, a plain index over columns in the order given. */
export async function createIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

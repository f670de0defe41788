import { type Kysely, PostgresAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * The back office's lists at a million products and hundreds of thousands of orders on PostgreSQL
 * (issue 18 point 5, docs/decisions/0021-capped-list-totals.md). Measured with EXPLAIN ANALYZE on a
 * seeded database: a page of orders walked orders_created_idx and fetched every skipped row from the
 * table to read its id (the tie-break of the order), then sorted each run of equal instants; a page of
 * products did the same on the SKU index; the customer search read every user and customer through a
 * join, so no index could answer its OR over two tables.
 * - orders (created_at, id) and (status, created_at, id), products (sku, id) and (is_active, sku, id):
 *   the page's ids come from the index alone (index-only scans), in the list's exact order;
 *   orders_created_idx, orders_status_created_idx and products_active_sku_idx are replaced under
 *   their names.
 * - pg_trgm GIN indexes on lower() of users.email, users.name, customers.name, customers.tax_number and
 *   customers.email, which the customer search (split per table, admin-customers.repository) uses.
 * SQLite needs none of it: every SQLite index already ends with the rowid (the id), and its customer
 * search over thousands of rows stays within a few milliseconds; the migration changes nothing there.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const TRIGRAM_INDEXES = [
  ['users_email_lower_trgm_idx', 'users', 'email'],
  ['users_name_lower_trgm_idx', 'users', 'name'],
  ['customers_name_lower_trgm_idx', 'customers', 'name'],
  ['customers_tax_number_lower_trgm_idx', 'customers', 'tax_number'],
  ['customers_email_lower_trgm_idx', 'customers', 'email'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_created_idx`.execute(db);
  await sql`CREATE INDEX orders_created_idx ON orders (created_at, id)`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_status_created_idx`.execute(db);
  await sql`CREATE INDEX orders_status_created_idx ON orders (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX products_sku_id_idx ON products (sku, id)`.execute(db);
  await sql`DROP INDEX IF EXISTS products_active_sku_idx`.execute(db);
  await sql`CREATE INDEX products_active_sku_idx ON products (is_active, sku, id)`.execute(db);
  for (const [name, table, column] of TRIGRAM_INDEXES) {
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} USING gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name] of TRIGRAM_INDEXES) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`DROP INDEX IF EXISTS products_active_sku_idx`.execute(db);
  await sql`CREATE INDEX products_active_sku_idx ON products (is_active, sku)`.execute(db);
  await sql`DROP INDEX IF EXISTS products_sku_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_status_created_idx`.execute(db);
  await sql`CREATE INDEX orders_status_created_idx ON orders (status, created_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_created_idx`.execute(db);
  await sql`CREATE INDEX orders_created_idx ON orders (created_at)`.execute(db);
}

import { type Kysely, sql } from 'kysely';
import { createIndex, dialectOf, dropFtsTable } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Indexes for the back office's order and product lists at hundreds of thousands of orders (issue 18 point 5,
 * docs/product.md §2.7):
 * - the `customer` filter (a part of the order's customer name or e-mail) gets a substring index: an
 *   FTS5 trigram table over orders.customer_name and customer_email on SQLite, kept in step by triggers
 *   (like products_fts, migration 002); pg_trgm GIN indexes on lower(customer_name) and
 *   lower(customer_email) on PostgreSQL. The list still checks the LIKE itself, the index only narrows.
 * - the `status` filter, newest first: (status, created_at).
 * - the product list's `active` filter in SKU order: (is_active, sku), so a page of active products
 *   walks one index instead of reading every product it skips.
 */

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX orders_customer_name_trgm_idx ON orders USING gin (lower(customer_name) gin_trgm_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX orders_customer_email_trgm_idx ON orders USING gin (lower(customer_email) gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`CREATE VIRTUAL TABLE orders_customer_fts USING fts5(customer_name, customer_email, content='orders', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER orders_customer_fts_after_insert AFTER INSERT ON orders BEGIN
        INSERT INTO orders_customer_fts(rowid, customer_name, customer_email)
          VALUES (new.id, new.customer_name, new.customer_email);
      END`.execute(db);
    await sql`CREATE TRIGGER orders_customer_fts_after_delete AFTER DELETE ON orders BEGIN
        INSERT INTO orders_customer_fts(orders_customer_fts, rowid, customer_name, customer_email)
          VALUES ('delete', old.id, old.customer_name, old.customer_email);
      END`.execute(db);
    await sql`CREATE TRIGGER orders_customer_fts_after_update AFTER UPDATE OF id, customer_name, customer_email ON orders BEGIN
        INSERT INTO orders_customer_fts(orders_customer_fts, rowid, customer_name, customer_email)
          VALUES ('delete', old.id, old.customer_name, old.customer_email);
        INSERT INTO orders_customer_fts(rowid, customer_name, customer_email)
          VALUES (new.id, new.customer_name, new.customer_email);
      END`.execute(db);
    await sql`INSERT INTO orders_customer_fts(orders_customer_fts) VALUES ('rebuild')`.execute(db);
  }
  await createIndex(db, 'products_active_sku_idx', 'products', ['is_active', 'sku']);
  await createIndex(db, 'orders_status_created_idx', 'orders', ['status', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_status_created_idx').ifExists().execute();
  await db.schema.dropIndex('products_active_sku_idx').ifExists().execute();
  if (dialectOf(db) === 'postgres') {
    await sql`DROP INDEX IF EXISTS orders_customer_email_trgm_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS orders_customer_name_trgm_idx`.execute(db);
    return;
  }
  await dropFtsTable(db, 'orders_customer_fts');
}

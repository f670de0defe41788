import { type Kysely, sql } from 'kysely';
import { createIndex, dialectOf, dropFtsTable } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Search and listing indexes (docs/decisions/0005-search.md).
 * - products.search_text (folded names, SKU, barcodes) gets a substring index: an FTS5 table with the
 *   trigram tokenizer on SQLite, kept in step by triggers; a pg_trgm GIN index on PostgreSQL.
 * - Barcode substring search: a pg_trgm index on lower(pack_sizes.barcode) on PostgreSQL (on SQLite
 *   the barcodes are inside search_text, so the FTS table narrows the candidates).
 * - lower(products.sku) for the case-insensitive SKU lookup, (is_active, manufacturer_id) for the
 *   per-manufacturer tally of a listing, and a partial index of the price entries that carry a
 *   special price for the on-sale listing (both dialects).
 */
async function createSubstringIndex(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX pack_sizes_barcode_trgm_idx ON pack_sizes USING gin (lower(barcode) gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`CREATE VIRTUAL TABLE products_fts USING fts5(search_text, content='products', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products BEGIN
      INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
  await sql`CREATE TRIGGER products_fts_after_delete AFTER DELETE ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END`.execute(db);
  await sql`CREATE TRIGGER products_fts_after_update AFTER UPDATE OF id, search_text ON products BEGIN
      INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text);
    END`.execute(db);
  await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
}

async function dropSubstringIndex(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX IF EXISTS pack_sizes_barcode_trgm_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS products_search_text_trgm_idx`.execute(db);
    return;
  }
  await dropFtsTable(db, 'products_fts');
}

export async function up(db: Kysely<any>): Promise<void> {
  await createSubstringIndex(db, dialectOf(db));
  await db.schema
    .createIndex('products_sku_lower_idx')
    .on('products')
    .expression(sql`lower(sku)`)
    .execute();
  await createIndex(db, 'products_active_manufacturer_idx', 'products', ['is_active', 'manufacturer_id']);
  await db.schema
    .createIndex('price_entries_special_idx')
    .on('price_entries')
    .column('product_id')
    .where(sql.ref('special_price'), '>', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_entries_special_idx').ifExists().execute();
  await db.schema.dropIndex('products_active_manufacturer_idx').ifExists().execute();
  await db.schema.dropIndex('products_sku_lower_idx').ifExists().execute();
  await dropSubstringIndex(db, dialectOf(db));
}

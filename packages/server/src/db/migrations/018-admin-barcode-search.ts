import { type Kysely, PostgresAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * The back office's barcode search (issue 18 point 5, docs/decisions/0023-admin-deep-pages-and-barcode-search.md):
 * a search word of 8 or more digits finds the products whose barcode starts with it, or whose SKU or
 * name contains it.
 * - PostgreSQL: a btree of pack_sizes.barcode with varchar_pattern_ops, which `barcode like '…%'` uses
 *   whatever the database's collation; and a pg_trgm index of search_text without its barcodes (the
 *   folded names and the SKU, `split_part(search_text, '~', 1) || '~' || split_part(search_text, '~', 2)`,
 *   see product-search-text.service.ts), whose digit trigrams are selective (the whole search_text's
 *   digit trigrams match nearly every barcode). Both follow from columns every write path already keeps,
 *   so nothing else changes.
 * - SQLite: nothing to add. Its default (binary) pack_sizes_barcode_idx serves the prefix as the range
 *   `barcode >= term and barcode < term || ':'`, and the FTS5 table narrows the SKU and name candidates.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE INDEX pack_sizes_barcode_prefix_idx ON pack_sizes (barcode varchar_pattern_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX products_name_sku_trgm_idx ON products
    USING gin ((split_part(search_text, '~', 1) || '~' || split_part(search_text, '~', 2)) gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS products_name_sku_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS pack_sizes_barcode_prefix_idx`.execute(db);
}

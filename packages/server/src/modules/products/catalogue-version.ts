import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The catalogue version: one row in `settings` that every server process reads once per catalogue
 * request. Per-process caches of the catalogue (the product read model, listing counts,
 * manufacturers, category counts) are valid only for the version they were built from, so a change
 * written by any process (SQLite or PostgreSQL, one process or many) reaches every process on its
 * next request. See docs/decisions/0008-catalogue-read-model.md.
 *
 * **Call `bumpCatalogueVersion(db)` after every write that changes what the catalogue shows**, in
 * the same transaction when there is one: products (names, descriptions, SKU, flags, images,
 * weight, VAT, quantities), pack sizes and barcodes, price entries and special prices, price history,
 * categories and their translations, product-category links, manufacturers, and the catalogue
 * settings (e.g. `shop.fewStockThreshold`). Customers' price groups and discounts, and stock, are
 * read live on every request and need no bump (calling it anyway is harmless, only slower).
 */
export const CATALOGUE_VERSION_KEY = 'catalogue.version';

/** Marks the catalogue as changed: every process drops its cached catalogue on its next request. */
export async function bumpCatalogueVersion(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  const value = `${at}/${randomUUID()}`;
  await db
    .insertInto('settings')
    .values({ key: CATALOGUE_VERSION_KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}

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

/**
 * The recent bumps, oldest first, as JSON `[{ "from": version, "to": version, "products": ids | null }]`
 * in one `settings` row: which products each version changed (null: unknown, everything). A process
 * whose read model holds version A and reads version B drops only the products of the bumps from A
 * to B when they form an unbroken chain here (catalogue-read-model.ts, CatalogueReadModel.adopt);
 * otherwise (a version written some other way, a chain cut short) it drops everything, as before.
 */
export const CATALOGUE_CHANGES_KEY = 'catalogue.changes';

/** At most this many bumps are kept, and at most this many product ids over all of them. */
export const CATALOGUE_CHANGES_MAX_BUMPS = 32;
export const CATALOGUE_CHANGES_MAX_PRODUCTS = 5000;

export interface CatalogueChange {
  from: string;
  to: string;
  products: number[] | null;
}

function parseChanges(value: string | undefined): CatalogueChange[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is CatalogueChange =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as CatalogueChange).from === 'string' &&
        typeof (entry as CatalogueChange).to === 'string' &&
        ((entry as CatalogueChange).products === null ||
          (Array.isArray((entry as CatalogueChange).products) &&
            (entry as CatalogueChange).products!.every((id) => Number.isInteger(id)))),
    );
  } catch {
    return [];
  }
}

/**
 * Marks the catalogue as changed: every process drops its cached catalogue on its next request.
 * `productIds`: the change concerns only these products' own data (their rows, names, pack sizes,
 * prices, price history, category links, photos); a process then keeps the rest of its read model.
 * Without it (categories, manufacturers, settings, assortments, anything else) everything is dropped.
 */
export async function bumpCatalogueVersion(
  db: Kysely<Database>,
  now: Date = new Date(),
  productIds?: readonly number[],
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => bumpCatalogueVersion(trx, now, productIds));
    return;
  }
  const at = now.toISOString();
  const value = `${at}/${randomUUID()}`;
  // The version row is locked first (a write that changes nothing), so the version read next is the
  // one this bump follows: two bumps at once chain one after the other, never both from the same.
  await db
    .updateTable('settings')
    .set((eb) => ({ value: eb.ref('value') }))
    .where('key', '=', CATALOGUE_VERSION_KEY)
    .execute();
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [CATALOGUE_VERSION_KEY, CATALOGUE_CHANGES_KEY])
    .execute();
  const previous = rows.find((row) => row.key === CATALOGUE_VERSION_KEY)?.value ?? '';
  const chain = parseChanges(rows.find((row) => row.key === CATALOGUE_CHANGES_KEY)?.value);
  // The first bump locked no row: another first bump may run beside it, so it names no products.
  const products =
    previous === '' || productIds === undefined || productIds.length > CATALOGUE_CHANGES_MAX_PRODUCTS
      ? null
      : [...new Set(productIds)].sort((a, b) => a - b);
  chain.push({ from: previous, to: value, products });
  let total = chain.reduce((sum, entry) => sum + (entry.products?.length ?? 0), 0);
  while (
    chain.length > CATALOGUE_CHANGES_MAX_BUMPS ||
    (total > CATALOGUE_CHANGES_MAX_PRODUCTS && chain.length > 1)
  ) {
    total -= chain.shift()!.products?.length ?? 0;
  }
  await db
    .insertInto('settings')
    .values([
      { key: CATALOGUE_VERSION_KEY, value, updated_at: at },
      { key: CATALOGUE_CHANGES_KEY, value: JSON.stringify(chain), updated_at: at },
    ])
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * The products changed from version `from` to version `to`, by the recorded bumps: the ids, or null
 * when that is not known (a bump of everything, a version not written by bumpCatalogueVersion, or
 * `from` older than the bumps kept).
 */
export async function changedProductsBetween(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<number[] | null> {
  if (from === to) return [];
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', CATALOGUE_CHANGES_KEY)
    .executeTakeFirst();
  return productsAlongChain(parseChanges(row?.value), from, to);
}

/** The ids the bumps from `from` to `to` changed, if the chain links them (else null). */
export function productsAlongChain(
  chain: readonly CatalogueChange[],
  from: string,
  to: string,
): number[] | null {
  const start = chain.findIndex((entry) => entry.from === from);
  if (start < 0) return null;
  const ids = new Set<number>();
  let at = from;
  for (let index = start; index < chain.length; index += 1) {
    const entry = chain[index]!;
    if (entry.from !== at || entry.products === null) return null;
    for (const id of entry.products) ids.add(id);
    at = entry.to;
    if (at === to) return [...ids].sort((a, b) => a - b);
  }
  return null;
}

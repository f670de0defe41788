import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Every table, children before parents: the order in which rows can be deleted. */
export const TABLES_CHILDREN_FIRST = [
  'integration_batches',
  'api_keys',
  'audit_log',
  'page_views',
  'shop_closed_windows',
  'settings',
  'newspapers',
  'content_page_translations',
  'content_pages',
  'news_products',
  'news_translations',
  'news',
  'order_status_history',
  'order_items',
  'orders',
  'cart_items',
  'carts',
  'user_shipping_addresses',
  'customer_payment_methods',
  'payment_methods',
  'shipping_methods',
  'price_history',
  'price_entries',
  'pack_sizes',
  'product_categories',
  'product_details',
  'products',
  'category_translations',
  'categories',
  'manufacturers',
  'users',
  'shipping_addresses',
  'holiday_periods',
  'delivery_routes',
  'customers',
] as const satisfies readonly (keyof Database)[];

export type TableName = (typeof TABLES_CHILDREN_FIRST)[number];

/** Below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters per statement. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_STATEMENT = 2_000;

function batchSize(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
}

/**
 * Inserts rows with multi-row INSERT statements of a size both dialects accept. Every row
 * must have the same keys (missing keys would mean DEFAULT, which SQLite's VALUES lacks).
 */
export async function insertRows<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = batchSize(Object.keys(first).length);
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/** Inserts rows and returns the generated id and one more column of each, in batches. */
export type TableWithId =
  'products' | 'categories' | 'manufacturers' | 'users' | 'customers' | 'content_pages';

export async function insertRowsReturning<T extends TableWithId, K extends string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  key: K & keyof Database[T],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const first = rows[0];
  if (!first) return ids;
  const size = batchSize(Object.keys(first).length);
  for (let i = 0; i < rows.length; i += size) {
    const inserted = (await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .returning(['id', key] as never)
      .execute()) as unknown as Array<Record<string, unknown>>;
    for (const row of inserted) ids.set(String(row[key]), Number(row.id));
  }
  return ids;
}

/** Deletes every row of every table, children first. Works on both dialects; ids continue. */
export async function deleteAllRows(db: Kysely<Database>): Promise<void> {
  // users.current_shipping_address_id points at shipping_addresses, which point at customers.
  await db.updateTable('users').set({ current_shipping_address_id: null }).execute();
  for (const table of TABLES_CHILDREN_FIRST) await db.deleteFrom(table).execute();
}

export async function countRows(db: Kysely<Database>, table: TableName): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts of all tables that hold at least one row. */
export async function countAllRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...TABLES_CHILDREN_FIRST].reverse()) {
    const n = await countRows(db, table);
    if (n > 0) counts[table] = n;
  }
  return counts;
}

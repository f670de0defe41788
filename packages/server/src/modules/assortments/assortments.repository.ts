import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The one definition of "the assortment holds this product" (`column` is a product id column):
 * linked to an included category or to a subcategory of an included main category, or included by
 * itself; and not excluded. Used to build the cached membership (assortment-membership.ts), by the
 * write paths' check and by the listings paged in the database (ordered products).
 */
export function inAssortment(column: string, assortmentId: number): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`((${ref} in (select pc.product_id from product_categories pc
      inner join categories c on c.id = pc.category_id
      inner join assortment_categories ac on ac.category_id = c.id or ac.category_id = c.parent_id
      where ac.assortment_id = ${assortmentId})
    or ${ref} in (select ai.product_id from assortment_products ai
      where ai.assortment_id = ${assortmentId} and ai.excluded = 0))
    and ${ref} not in (select ae.product_id from assortment_products ae
      where ae.assortment_id = ${assortmentId} and ae.excluded = 1))`;
}

/** The product ids an assortment holds (active or not), ascending. */
export async function findMemberIds(db: Db, assortmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where(inAssortment('p.id', assortmentId))
    .orderBy('p.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The assortment a customer sees: its own, else its price group's; null: the whole catalogue.
 * `via` says which.
 */
export async function findCustomerAssortment(
  db: Db,
  customerId: number,
): Promise<{ id: number; via: 'customer' | 'priceGroup' } | null> {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('assortment_customers as acu', 'acu.customer_id', 'c.id')
    .leftJoin('assortment_price_groups as apg', 'apg.price_group', 'c.price_group')
    .select(['acu.assortment_id as own', 'apg.assortment_id as group'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.own !== null) return { id: row.own, via: 'customer' };
  if (row.group !== null) return { id: row.group, via: 'priceGroup' };
  return null;
}

/** Which of these products the assortment holds (one query). */
export async function findMembersAmong(
  db: Db,
  assortmentId: number,
  productIds: readonly number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.id', 'in', [...productIds])
    .where(inAssortment('p.id', assortmentId))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/* --------------------------------------------------------------------------- back office */

export async function listAssortments(db: Db) {
  return db
    .selectFrom('assortments')
    .select(['id', 'name', 'updated_at'])
    .select((eb) =>
      eb
        .selectFrom('assortment_customers')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('assortment_customers.assortment_id', '=', 'assortments.id')
        .as('customer_count'),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findAssortment(db: Db, id: number) {
  return db
    .selectFrom('assortments')
    .select(['id', 'name', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAssortmentParts(db: Db, id: number) {
  const [categories, products, customers, groups] = await Promise.all([
    db
      .selectFrom('assortment_categories')
      .select('category_id')
      .where('assortment_id', '=', id)
      .orderBy('category_id')
      .execute(),
    db
      .selectFrom('assortment_products as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['p.sku', 'ap.excluded'])
      .where('ap.assortment_id', '=', id)
      .orderBy('p.sku')
      .execute(),
    db
      .selectFrom('assortment_customers as acu')
      .innerJoin('customers as c', 'c.id', 'acu.customer_id')
      .select(['c.id', 'c.name'])
      .where('acu.assortment_id', '=', id)
      .orderBy('c.name')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('assortment_price_groups')
      .select('price_group')
      .where('assortment_id', '=', id)
      .orderBy('price_group')
      .execute(),
  ]);
  return { categories, products, customers, groups };
}

export async function findPriceGroupsOf(db: Db) {
  return db.selectFrom('assortment_price_groups').select(['price_group', 'assortment_id']).execute();
}

/** Counts the active products among these ids (in chunks: a long id list is many parameters). */
export async function countActive(db: Db, ids: readonly number[]): Promise<number> {
  let count = 0;
  for (let start = 0; start < ids.length; start += 5_000) {
    const chunk = ids.slice(start, start + 5_000);
    const row = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', chunk)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    count += Number(row?.n ?? 0);
  }
  return count;
}

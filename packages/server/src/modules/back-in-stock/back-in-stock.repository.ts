import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Queries of the back-in-stock requests (migration 010). Works on a transaction handle. */

type Db = Kysely<Database>;

export async function findProduct(db: Db, sku: string) {
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'stock', 'is_active'])
    .where('sku', '=', sku)
    .executeTakeFirst();
}

/** Inserts the request unless the user already waits for the product. */
export async function insertRequest(db: Db, userId: number, productId: number, now: string): Promise<void> {
  await db
    .insertInto('back_in_stock_requests')
    .values({ user_id: userId, product_id: productId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteRequest(db: Db, userId: number, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('back_in_stock_requests')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listForUser(db: Db, userId: number) {
  return db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.product_id', 'r.created_at', 'p.sku'])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export async function namesOf(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_details')
    .select(['product_id', 'language', 'name'])
    .where('product_id', 'in', productIds)
    .execute();
}

/**
 * The waiting requests of these products whose stock is now above zero, with what the mail needs,
 * oldest first (a request is only taken for an out-of-stock product, so these are the restocked).
 */
export async function dueRequests(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.product_id', 'p.sku', 'p.photos', 'u.email', 'u.name', 'u.language', 'u.is_disabled'])
    .where('r.product_id', 'in', productIds)
    .where('p.stock', '>', 0)
    .orderBy('r.id')
    .execute();
}

export async function deleteRequests(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('back_in_stock_requests').where('id', 'in', ids).execute();
}

export async function countWaiting(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('back_in_stock_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

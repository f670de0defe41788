import type { Insertable, Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database, OrderItemsTable, OrdersTable } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Reads the buyer's cart and serialises the place-order calls of one cart: the second waits until
 * the first commits, then reads the (now emptied) cart. PostgreSQL: a row lock
 * (`select ... for update`). SQLite: a write as the transaction's first statement takes the
 * database's write lock at once (what `begin immediate` does), so a transaction never upgrades from
 * a read snapshot that another process made stale; inside one process Kysely's SQLite driver
 * already runs one transaction at a time on its single connection.
 */
export async function lockAndReadCart(trx: Db, dialect: DialectName, userId: number, customerId: number) {
  if (dialect === 'postgres') {
    return trx
      .selectFrom('carts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
  }
  return trx
    .updateTable('carts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('user_id', '=', userId)
    .where('customer_id', '=', customerId)
    .returningAll()
    .executeTakeFirst();
}

/** Guarded decrement: only when enough is in stock. True when it happened. */
export async function decrementStock(
  db: Db,
  productId: number,
  quantity: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: nowIso }))
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findStock(db: Db, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row ? Number(row.stock) : 0;
}

/**
 * The customer an order is for, locked for the order's transaction (FOR UPDATE on PostgreSQL; on
 * SQLite the write transaction holds the database): its credit limit and balance are checked
 * against concurrent orders of the same customer one after another.
 */
export async function lockCustomer(db: Db, dialect: DialectName, customerId: number) {
  const query = db.selectFrom('customers').selectAll().where('id', '=', customerId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The address with its delivery route (null route columns when it has none). */
export async function findShippingAddress(db: Db, addressId: number) {
  return db
    .selectFrom('shipping_addresses as sa')
    .leftJoin('delivery_routes as r', 'r.id', 'sa.delivery_route_id')
    .selectAll('sa')
    .select([
      'r.id as route_id',
      'r.weekdays as route_weekdays',
      'r.cutoff_time as route_cutoff_time',
      'r.route_time',
    ])
    .where('sa.id', '=', addressId)
    .executeTakeFirst();
}

export async function findShippingMethod(db: Db, id: number) {
  return db
    .selectFrom('shipping_methods')
    .select(['id', 'code', 'name', 'cost', 'is_home_delivery', 'is_active', 'minimum_order_value'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The payment method if it is active and assigned to the customer. */
export async function findCustomerPaymentMethod(db: Db, customerId: number, paymentMethodId: number) {
  return db
    .selectFrom('customer_payment_methods as cpm')
    .innerJoin('payment_methods as pm', 'pm.id', 'cpm.payment_method_id')
    .select(['pm.id', 'pm.code', 'pm.name', 'pm.term_days', 'pm.is_deferred'])
    .where('cpm.customer_id', '=', customerId)
    .where('pm.id', '=', paymentMethodId)
    .where('pm.is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertOrder(db: Db, order: Insertable<OrdersTable>): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderItems(db: Db, items: Insertable<OrderItemsTable>[]): Promise<void> {
  if (items.length === 0) return;
  // Chunks keep every statement far below both databases' parameter limits.
  for (let i = 0; i < items.length; i += 200) {
    await db
      .insertInto('order_items')
      .values(items.slice(i, i + 200))
      .execute();
  }
}

export async function insertStatus(
  db: Db,
  orderId: number,
  status: string,
  userId: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('order_status_history')
    .values({ order_id: orderId, status, changed_by_user_id: userId, created_at: nowIso })
    .execute();
}

/** Empties the cart after the order and starts a new version; the chosen methods stay. */
export async function clearOrderedCart(db: Db, cartId: number, nowIso: string): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await db
    .updateTable('carts')
    .set((eb) => ({
      version: eb('version', '+', 1),
      delivery_date: null,
      comment_webshop: '',
      comment_supplier: '',
      purchase_order_number: '',
      updated_at: nowIso,
    }))
    .where('id', '=', cartId)
    .execute();
}

/** A customer user's language (the mail language of a customer an agent ordered for). */
export async function findCustomerUserLanguage(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer')
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.language;
}

export async function findUserContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'is_active', 'is_disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export const HISTORY_LIMIT = 500;

/** The customer's orders, or only those one login placed (`userId`), with the placing login's name. */
export async function findOrdersOfCustomer(db: Db, customerId: number, userId?: number) {
  let query = db
    .selectFrom('orders')
    .leftJoin('users as placer', 'placer.id', 'orders.user_id')
    .leftJoin('users as approver', 'approver.id', 'orders.approved_by_user_id')
    .selectAll('orders')
    .select(['placer.name as placed_by_name', 'approver.name as approved_by_name'])
    .where('orders.customer_id', '=', customerId);
  if (userId !== undefined) query = query.where('orders.user_id', '=', userId);
  return query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export async function findOrderItems(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

export async function findOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'customer_id', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

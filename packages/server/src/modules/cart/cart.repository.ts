import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findCart(db: Db, userId: number, customerId: number) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export type CartRow = NonNullable<Awaited<ReturnType<typeof findCart>>>;

/** The buyer's cart, created on its first write (the unique (user, customer) keeps it single). */
export async function ensureCart(
  db: Db,
  userId: number,
  customerId: number,
  nowIso: string,
): Promise<CartRow> {
  const existing = await findCart(db, userId, customerId);
  if (existing) return existing;
  await db
    .insertInto('carts')
    .values({ user_id: userId, customer_id: customerId, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['user_id', 'customer_id']).doNothing())
    .execute();
  const created = await findCart(db, userId, customerId);
  if (!created) throw new Error('cart could not be created');
  return created;
}

/**
 * Takes the cart row's lock for the rest of the transaction without changing it (a no-op write: a
 * row lock on PostgreSQL, the write lock on SQLite). Writers lock the cart row before its lines, as
 * place-order does.
 */
export async function lockCartRow(db: Db, cartId: number): Promise<void> {
  await db
    .updateTable('carts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', cartId)
    .execute();
}

/** The cart row's own fields: the checkout choices and the comments. */
export type CartFields = Partial<{
  shipping_method_id: number | null;
  payment_method_id: number | null;
  delivery_date: string | null;
  comment_webshop: string;
  comment_supplier: string;
  purchase_order_number: string;
}>;

/**
 * Saves the cart row's own fields (shipping and payment method, delivery day, comments; none for a
 * change of the lines) and grows its version: every change of a cart calls it (place-order keys the
 * order on the version). Answers the row as saved.
 */
export async function saveCartRow(
  db: Db,
  cartId: number,
  nowIso: string,
  fields: CartFields = {},
): Promise<CartRow> {
  return db
    .updateTable('carts')
    .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: nowIso }))
    .where('id', '=', cartId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The acting user's cart row for a write, in one statement: created (version 1) when there is none,
 * otherwise its version bumped. Like saveCartRow, it takes the cart row's lock first (a row lock on
 * PostgreSQL, the write lock on SQLite), so its lines are written after it, as place-order does.
 */
export async function openCartForWrite(
  db: Db,
  userId: number,
  customerId: number,
  nowIso: string,
): Promise<CartRow> {
  return db
    .insertInto('carts')
    .values({ user_id: userId, customer_id: customerId, version: 1, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) =>
      oc.columns(['user_id', 'customer_id']).doUpdateSet((eb) => ({
        version: eb('carts.version', '+', 1),
        updated_at: nowIso,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCartItems(db: Db, cartId: number) {
  return db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('cart_id', '=', cartId)
    .execute();
}

export type CartItemRow = Awaited<ReturnType<typeof findCartItems>>[number];

export async function findCartQuantities(db: Db, cartId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('product_id', 'in', [...productIds])
    .execute();
}

export async function upsertCartItem(
  db: Db,
  cartId: number,
  productId: number,
  quantity: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, product_id: productId, quantity, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doUpdateSet({ quantity, updated_at: nowIso }))
    .execute();
}

export async function deleteCartItem(db: Db, cartId: number, productId: number): Promise<void> {
  await db
    .deleteFrom('cart_items')
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .execute();
}

export async function deleteAllCartItems(db: Db, cartId: number): Promise<number> {
  const result = await db.deleteFrom('cart_items').where('cart_id', '=', cartId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const PRODUCT_COLUMNS = [
  'id',
  'sku',
  'vat',
  'weight',
  'image',
  'stock',
  'is_active',
  'is_orderable',
  'min_order_quantity',
  'max_order_quantity',
  'order_quantity_step',
] as const;

export async function findProductBySku(db: Db, sku: string) {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('sku', '=', sku).executeTakeFirst();
}

export type CartProductRow = NonNullable<Awaited<ReturnType<typeof findProductBySku>>>;

export async function findProductsByIds(db: Db, ids: readonly number[]): Promise<CartProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

export async function findProductsBySkus(db: Db, skus: readonly string[]): Promise<CartProductRow[]> {
  if (skus.length === 0) return [];
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('sku', 'in', [...skus])
    .execute();
}

/** Pack sizes whose barcode is one of these, with the pack's pieces. */
export async function findPacksByBarcodes(db: Db, barcodes: readonly string[]) {
  if (barcodes.length === 0) return [];
  return db
    .selectFrom('pack_sizes')
    .select(['product_id', 'barcode', 'pieces'])
    .where('barcode', 'in', [...barcodes])
    .orderBy('id')
    .execute();
}

/** The list entries and the entries of the customer's price group. */
export async function findPriceEntries(db: Db, productIds: readonly number[], priceGroup: string | null) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('price_entries')
    .select([
      'product_id',
      'price_group',
      'price',
      'special_price',
      'special_price_start',
      'special_price_end',
      'quantity_discount',
      'quantitative_unit',
    ])
    .where('product_id', 'in', [...productIds])
    .where((eb) =>
      priceGroup === null
        ? eb('price_group', 'is', null)
        : eb.or([eb('price_group', 'is', null), eb('price_group', '=', priceGroup)]),
    )
    .execute();
}

export async function findProductDetails(db: Db, productIds: readonly number[], language: string) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_details')
    .select(['product_id', 'language', 'name', 'description'])
    .where('product_id', 'in', [...productIds])
    .where('language', 'in', language === 'hu' ? ['hu'] : [language, 'hu'])
    .execute();
}

export async function findPackSizes(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('pack_sizes')
    .select(['product_id', 'unit', 'pieces', 'barcode'])
    .where('product_id', 'in', [...productIds])
    .orderBy('pieces')
    .orderBy('id')
    .execute();
}

export async function findShippingMethodById(db: Db, id: number) {
  return db
    .selectFrom('shipping_methods')
    .select(['id', 'code', 'name', 'cost', 'is_home_delivery', 'is_active', 'minimum_order_value'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPaymentMethodById(db: Db, id: number) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'code', 'name', 'term_days', 'is_active', 'is_deferred'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findAddressCost(db: Db, addressId: number) {
  return db
    .selectFrom('shipping_addresses')
    .select(['id', 'logistics_cost'])
    .where('id', '=', addressId)
    .executeTakeFirst();
}

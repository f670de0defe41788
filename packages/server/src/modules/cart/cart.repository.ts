import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import { PreparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { PRICE_ENTRY_COLUMNS } from '../products/products.repository';

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
  const [row] = await openCartStatement.execute(db, userId, customerId, nowIso, nowIso);
  if (row === undefined) throw new Error('cart row not written');
  return row;
}

const openCartStatement = new PreparedQuery(
  4,
  (db, _dialect, [userId, customerId, createdAt, updatedAt]: [number, number, string, string]) =>
    db
      .insertInto('carts')
      .values({
        user_id: userId,
        customer_id: customerId,
        version: 1,
        created_at: createdAt,
        updated_at: updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'customer_id']).doUpdateSet((eb) => ({
          version: eb('carts.version', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returningAll(),
);

/**
 * Set-product-quantity's write: the acting user's cart row opened (openCartForWrite: created, or its
 * version bumped, taking its lock first) and one line set (quantity > 0) or removed. Answers the cart row
 * as written. On PostgreSQL it is one statement (data-modifying CTEs: the cart row, then the line that
 * takes the row's id), so it is atomic without a transaction around it and costs one round trip
 * instead of four (BEGIN, two writes, COMMIT): runWrite's `oneWriteStatement` (db/group-commit.ts).
 * SQLite has no data-modifying CTE: there the two statements run inside the group commit's transaction.
 */
export async function writeCartLine(
  db: Db,
  dialect: DialectName,
  userId: number,
  customerId: number,
  productId: number,
  quantity: number,
  nowIso: string,
): Promise<CartRow> {
  if (dialect === 'postgres') {
    const [row] =
      quantity > 0
        ? await setLineStatement.execute(db, userId, customerId, nowIso, nowIso, productId, quantity, nowIso)
        : await removeLineStatement.execute(db, userId, customerId, nowIso, nowIso, productId);
    if (row === undefined) throw new Error('cart row not written');
    return row;
  }
  const cart = await openCartForWrite(db, userId, customerId, nowIso);
  if (quantity > 0) await upsertCartItem(db, cart.id, productId, quantity, nowIso);
  else await deleteCartItem(db, cart.id, productId);
  return cart;
}

/** PostgreSQL: openCartStatement's upsert of the cart row as a CTE named `c` (see writeCartLine). */
function withOpenedCart(db: Db, userId: number, customerId: number, createdAt: string, updatedAt: string) {
  return db.with('c', (qb) =>
    qb
      .insertInto('carts')
      .values({
        user_id: userId,
        customer_id: customerId,
        version: 1,
        created_at: createdAt,
        updated_at: updatedAt,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'customer_id']).doUpdateSet((eb) => ({
          version: eb('carts.version', '+', 1),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returningAll(),
  );
}

const setLineStatement = new PreparedQuery(
  7,
  (
    db,
    _dialect,
    [userId, customerId, createdAt, updatedAt, productId, quantity, lineUpdatedAt]: [
      number,
      number,
      string,
      string,
      number,
      number,
      string,
    ],
  ) =>
    withOpenedCart(db, userId, customerId, createdAt, updatedAt)
      .with('line', (qb) =>
        qb
          .insertInto('cart_items')
          .values((eb) => ({
            cart_id: eb.selectFrom('c').select('c.id'),
            product_id: productId,
            quantity,
            updated_at: lineUpdatedAt,
          }))
          .onConflict((oc) =>
            oc.columns(['cart_id', 'product_id']).doUpdateSet((eb) => ({
              quantity: eb.ref('excluded.quantity'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning('cart_items.cart_id'),
      )
      .selectFrom('c')
      .selectAll('c'),
);

const removeLineStatement = new PreparedQuery(
  5,
  (
    db,
    _dialect,
    [userId, customerId, createdAt, updatedAt, productId]: [number, number, string, string, number],
  ) =>
    withOpenedCart(db, userId, customerId, createdAt, updatedAt)
      .with('line', (qb) =>
        qb
          .deleteFrom('cart_items')
          .where('cart_items.cart_id', '=', (eb) => eb.selectFrom('c').select('c.id'))
          .where('cart_items.product_id', '=', productId)
          .returning('cart_items.cart_id'),
      )
      .selectFrom('c')
      .selectAll('c'),
);

export async function findCartItems(db: Db, cartId: number) {
  return db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('cart_id', '=', cartId)
    .execute();
}

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
  await upsertItemStatement.execute(db, cartId, productId, quantity, nowIso);
}

const upsertItemStatement = new PreparedQuery(
  4,
  (db, _dialect, [cartId, productId, quantity, updatedAt]: [number, number, number, string]) =>
    db
      .insertInto('cart_items')
      .values({ cart_id: cartId, product_id: productId, quantity, updated_at: updatedAt })
      .onConflict((oc) =>
        oc.columns(['cart_id', 'product_id']).doUpdateSet((eb) => ({
          quantity: eb.ref('excluded.quantity'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
);

export async function deleteCartItem(db: Db, cartId: number, productId: number): Promise<void> {
  await deleteItemStatement.execute(db, cartId, productId);
}

const deleteItemStatement = new PreparedQuery(2, (db, _dialect, [cartId, productId]: [number, number]) =>
  db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('product_id', '=', productId),
);

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

/** The same with each product's stored photos: place-order's lines, for the confirmation mail. */
export async function findProductsForOrder(
  db: Db,
  ids: readonly number[],
): Promise<(CartProductRow & { photos: string | null })[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS, 'photos'])
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
    .select(PRICE_ENTRY_COLUMNS)
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

/** The settings the cart's answer reads with its context (keys passed in by the service). */
export interface CartContextKeys {
  catalogueVersionKey: string;
  fewStockThresholdKey: string;
}

const cartContextQueries = new Map<string, ReturnType<typeof cartContextQuery>>();
const cartContextWithProductQueries = new Map<string, ReturnType<typeof cartContextWithProductQuery>>();

/** The context statement (see findCartContext) before its filter, for the two forms below. */
function cartContextSelect(db: Db, keys: CartContextKeys, userId: number, addressId: number) {
  return db
    .selectFrom('customers as cu')
    .leftJoin('carts as c', (join) => join.onRef('c.customer_id', '=', 'cu.id').on('c.user_id', '=', userId))
    .leftJoin('shipping_methods as sm', 'sm.id', 'c.shipping_method_id')
    .leftJoin('payment_methods as pm', 'pm.id', 'c.payment_method_id')
    .leftJoin('shipping_addresses as sa', (join) => join.on('sa.id', '=', addressId))
    .leftJoin('assortment_customers as acu', 'acu.customer_id', 'cu.id')
    .leftJoin('assortment_price_groups as apg', 'apg.price_group', 'cu.price_group')
    .select((eb) => [
      'c.id as cart_id',
      'c.user_id as cart_user_id',
      'c.customer_id as cart_customer_id',
      'c.shipping_method_id as cart_shipping_method_id',
      'c.payment_method_id as cart_payment_method_id',
      'c.delivery_date as cart_delivery_date',
      'c.comment_webshop as cart_comment_webshop',
      'c.comment_supplier as cart_comment_supplier',
      'c.purchase_order_number as cart_purchase_order_number',
      'c.version as cart_version',
      'c.created_at as cart_created_at',
      'c.updated_at as cart_updated_at',
      'sm.id as sm_id',
      'sm.code as sm_code',
      'sm.name as sm_name',
      'sm.cost as sm_cost',
      'sm.is_home_delivery as sm_is_home_delivery',
      'sm.minimum_order_value as sm_minimum_order_value',
      'pm.id as pm_id',
      'pm.code as pm_code',
      'pm.name as pm_name',
      'pm.term_days as pm_term_days',
      'pm.is_deferred as pm_is_deferred',
      'sa.logistics_cost as address_logistics_cost',
      'cu.id as customer_id',
      'cu.purchase_order_number_required',
      'cu.credit_limit',
      'cu.open_balance',
      'cu.open_balance_at',
      'acu.assortment_id as own_assortment_id',
      'apg.assortment_id as group_assortment_id',
      eb
        .selectFrom('settings')
        .select('value')
        .where('key', '=', keys.catalogueVersionKey)
        .as('catalogue_version'),
      eb
        .selectFrom('settings')
        .select('value')
        .where('key', '=', keys.fewStockThresholdKey)
        .as('few_stock_threshold'),
    ]);
}

function cartContextQuery(keys: CartContextKeys) {
  return new PreparedQuery(3, (db, _dialect, [userId, customerId, addressId]: [number, number, number]) =>
    cartContextSelect(db, keys, userId, addressId).where('cu.id', '=', customerId),
  );
}

function cartContextWithProductQuery(keys: CartContextKeys) {
  return new PreparedQuery(
    4,
    (db, _dialect, [userId, customerId, addressId, sku]: [number, number, number, string]) =>
      cartContextSelect(db, keys, userId, addressId)
        .leftJoin('products as p', (join) => join.on('p.sku', '=', sku))
        .select(['p.id as product_id', 'p.stock as product_stock'])
        .where('cu.id', '=', customerId),
  );
}

function cachedQuery<Q>(cache: Map<string, Q>, keys: CartContextKeys, make: (keys: CartContextKeys) => Q): Q {
  const cacheKey = `${keys.catalogueVersionKey}\u0000${keys.fewStockThresholdKey}`;
  let query = cache.get(cacheKey);
  if (query === undefined) {
    query = make(keys);
    cache.set(cacheKey, query);
  }
  return query;
}

/**
 * Everything the cart's answer needs beside its lines, in one statement (one round trip on
 * PostgreSQL instead of seven): the acting user's cart row, its chosen shipping and payment methods,
 * the current address's logistics cost, the customer's checkout rules (purchase-order number, credit),
 * the customer's assortment (its own, else its price group's) and the catalogue settings.
 * `addressId` null joins no address.
 */
export async function findCartContext(
  db: Db,
  keys: CartContextKeys,
  userId: number,
  customerId: number,
  addressId: number | null,
) {
  // No address: id 0 matches no row (ids start at 1).
  return cachedQuery(cartContextQueries, keys, cartContextQuery).executeTakeFirst(
    db,
    userId,
    customerId,
    addressId ?? 0,
  );
}

/**
 * The same context with the product of this SKU (its id and live stock; null when there is none), in
 * the same one statement: set-product-quantity's read before its write. The product's other fields
 * come from the cart's read model at the catalogue version read here.
 */
export async function findCartContextWithProduct(
  db: Db,
  keys: CartContextKeys,
  userId: number,
  customerId: number,
  addressId: number | null,
  sku: string,
) {
  return cachedQuery(cartContextWithProductQueries, keys, cartContextWithProductQuery).executeTakeFirst(
    db,
    userId,
    customerId,
    addressId ?? 0,
    sku,
  );
}

export type CartContextRow = NonNullable<Awaited<ReturnType<typeof findCartContext>>>;

const cartLinesQuery = new PreparedQuery(2, (db, _dialect, [userId, customerId]: [number, number]) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('carts as c', 'c.id', 'ci.cart_id')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select(['ci.product_id', 'ci.quantity', 'p.stock'])
    .where('c.user_id', '=', userId)
    .where('c.customer_id', '=', customerId),
);

/** The acting user's cart lines with each product's live stock (one statement, no cart id needed). */
export async function findCartLinesWithStock(db: Db, userId: number, customerId: number) {
  return cartLinesQuery.execute(db, userId, customerId);
}

export type CartLineWithStock = Awaited<ReturnType<typeof findCartLinesWithStock>>[number];

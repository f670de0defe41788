import { type Kysely, type QueryCreator, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connection';
import { PreparedQuery } from '../../db/prepared-query';
import { batchRows } from '../../db/statement-batcher';
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
    cartUpsert(db, userId, customerId, createdAt, updatedAt),
);

/** The cart row created (version 1), or its version bumped when it exists; answers the row. */
function cartUpsert(
  db: QueryCreator<Database>,
  userId: number,
  customerId: number,
  createdAt: string,
  updatedAt: string,
) {
  return db
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
    .returningAll();
}

/** The lines of a cart with each product's live stock, as set-product-quantity answers them. */
export interface CartLineWithStock {
  product_id: number;
  quantity: number;
  stock: number;
}

/** One set-product-quantity's write: its cart (user, customer) and its line. */
export interface CartLineWrite {
  userId: number;
  customerId: number;
  productId: number;
  /** 0 removes the line. */
  quantity: number;
  nowIso: string;
}

/** A written cart row with, when the write could answer them, the cart's lines after it. */
export interface WrittenCartLine {
  cart: CartRow;
  /** Null when the caller must read them (findCartLinesWithStock). */
  items: CartLineWithStock[] | null;
}

/**
 * Set-product-quantity's write: the acting user's cart row opened (created, or its version bumped,
 * taking its lock first) and one line set (quantity > 0) or removed. On PostgreSQL it is a batch of
 * one (writeCartLines). On SQLite, which has no data-modifying CTE, the cart row (openCartForWrite)
 * and the line are two statements inside the group commit's transaction, and the caller reads the
 * lines after them.
 */
export async function writeCartLine(
  db: Db,
  dialect: DialectName,
  call: CartLineWrite,
): Promise<WrittenCartLine> {
  if (dialect === 'postgres') {
    const [written] = await writeCartLines(db, [call]);
    if (written === undefined) throw new Error('cart row not written');
    return written;
  }
  const cart = await openCartForWrite(db, call.userId, call.customerId, call.nowIso);
  if (call.quantity > 0) await upsertCartItem(db, cart.id, call.productId, call.quantity, call.nowIso);
  else await deleteCartItem(db, cart.id, call.productId);
  return { cart, items: null };
}

type WrittenLineRow = CartRow & {
  prev_id: number | null;
  prev_version: number | null;
  written_stock: number | null;
  line_product_id: number | null;
  line_quantity: number | null;
  line_stock: number | null;
};

/** writeCartLine's answer from its statement's rows (one per line the snapshot saw, at least one). */
function linesAfterWrite(
  rows: readonly WrittenLineRow[],
  productId: number,
  quantity: number,
): WrittenCartLine {
  const [first] = rows;
  if (first === undefined) throw new Error('cart row not written');
  const {
    prev_id: prevId,
    prev_version: prevVersion,
    written_stock: writtenStock,
    line_product_id: _lineProductId,
    line_quantity: _lineQuantity,
    line_stock: _lineStock,
    ...cart
  } = first;
  const unchangedSinceSnapshot =
    prevId === null ? cart.version === 1 : prevId === cart.id && cart.version === Number(prevVersion) + 1;
  if (!unchangedSinceSnapshot || writtenStock === null) return { cart, items: null };
  const items: CartLineWithStock[] = [];
  for (const row of rows) {
    if (row.line_product_id === null || row.line_product_id === productId) continue;
    items.push({ product_id: row.line_product_id, quantity: row.line_quantity!, stock: row.line_stock! });
  }
  if (quantity > 0) items.push({ product_id: productId, quantity, stock: writtenStock });
  items.sort((a, b) => a.product_id - b.product_id);
  return { cart, items };
}

/**
 * Set-product-quantity's writes of several carts in one statement, on PostgreSQL (data-modifying CTEs;
 * cart.service.ts batches the writes of the buyers who click together with db/statement-batcher.ts,
 * one call per cart in a batch; decision 0028): the carts' rows opened, then their lines set or
 * removed. Atomic without a transaction around it, one round trip and one commit for the batch. When
 * it fails, nothing of it was written (the caller then writes each call alone, so one buyer's failure
 * stays that buyer's).
 *
 * Each call is answered in the calls' order with its cart row as written and, when it can, the cart's
 * lines after the write with live stock. The statement reads each cart's lines as its snapshot saw
 * them (`prev`, before the write) and the written product's stock; the lines after the write are
 * those with this product's line set or removed. That holds only when no other write to the cart
 * committed between the statement's snapshot and its lock on the cart row (a concurrent write waits
 * for the lock and then sees a newer row than its snapshot): every write of a cart's lines bumps the
 * cart's version, so the lines are answered only when the written version is the snapshot's plus one
 * (or 1 for a cart created by this statement), else `items` is null.
 *
 * Locks: every writer of a cart's lines locks the cart row first; this statement locks its carts in
 * one order (those that exist by (user, customer), then the new ones: see `c` below), as does a second
 * batch in flight, so two batches wait for each other's carts in one order, and a single cart's writer
 * (place-order, the cart's fields) holds one cart only. Should PostgreSQL still find a deadlock, it
 * fails one statement; when that is a batch, its calls are written alone (cart.service.ts).
 */
export async function writeCartLines(db: Db, calls: readonly CartLineWrite[]): Promise<WrittenCartLine[]> {
  const [first] = calls;
  if (first === undefined) return [];
  const rows = await writeCartLinesStatement.execute(
    db,
    calls.map((call) => call.userId),
    calls.map((call) => call.customerId),
    calls.map((call) => call.productId),
    calls.map((call) => call.quantity),
    first.nowIso,
  );
  const rowsOfCall: WrittenLineRow[][] = calls.map(() => []);
  for (const { batch_index: index, ...row } of rows) rowsOfCall[Number(index) - 1]?.push(row);
  return calls.map((call, index) => linesAfterWrite(rowsOfCall[index]!, call.productId, call.quantity));
}

interface CartLineWriteRow {
  user_id: number;
  customer_id: number;
  product_id: number;
  quantity: number;
}

const writeCartLinesStatement = new PreparedQuery(
  5,
  (
    db,
    dialect,
    [userIds, customerIds, productIds, quantities, nowIso]: [number[], number[], number[], number[], string],
  ) => {
    if (dialect !== 'postgres') throw new Error('cart writes are batched on PostgreSQL only');
    const sameCart = (left: 'b' | 'c' | 'carts', right: 'b' | 'c') =>
      sql<boolean>`${sql.ref(`${left}.user_id`)} = ${sql.ref(`${right}.user_id`)} and ${sql.ref(`${left}.customer_id`)} = ${sql.ref(`${right}.customer_id`)}`;
    // The calls, each with the statement's time (one parameter, read three times).
    const calls = batchRows<CartLineWriteRow>([
      ['user_id', 'int', userIds],
      ['customer_id', 'int', customerIds],
      ['product_id', 'int', productIds],
      ['quantity', 'int', quantities],
    ]);
    return (
      db
        .with(
          'b',
          () =>
            sql<
              CartLineWriteRow & { n: string; now: string }
            >`(select x.*, ${nowIso}::text as now from ${calls} as x)`,
        )
        // The carts as the statement's snapshot saw them (see linesAfterWrite).
        .with('prev', (qb) =>
          qb
            .selectFrom('carts')
            .innerJoin('b', (join) => join.on(sameCart('carts', 'b')))
            .select(['carts.id', 'carts.version', 'b.n']),
        )
        // The carts opened (created at version 1, or their version bumped), in one order: the carts
        // that exist first, by (user, customer), then the new ones. A new cart's row takes a key-share
        // lock on its customer, which place-order locks for update after its cart; taking every
        // existing cart's lock before any such key lock keeps the batch from holding a customer while
        // it waits for a cart that place-order holds (a deadlock PostgreSQL would break by failing one).
        .with('c', (qb) =>
          qb
            .insertInto('carts')
            .columns(['user_id', 'customer_id', 'version', 'created_at', 'updated_at'])
            .expression(
              qb
                .selectFrom('b')
                .leftJoin('prev', 'prev.n', 'b.n')
                .select((eb) => [
                  'b.user_id',
                  'b.customer_id',
                  eb.lit(1).as('version'),
                  'b.now',
                  'b.now as now2',
                ])
                .orderBy(sql`prev.id is null`)
                .orderBy('b.user_id')
                .orderBy('b.customer_id'),
            )
            .onConflict((oc) =>
              oc.columns(['user_id', 'customer_id']).doUpdateSet((eb) => ({
                version: eb('carts.version', '+', 1),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .returningAll(),
        )
        .with('line', (qb) =>
          qb
            .insertInto('cart_items')
            .columns(['cart_id', 'product_id', 'quantity', 'updated_at'])
            .expression(
              qb
                .selectFrom('b')
                .innerJoin('c', (join) => join.on(sameCart('c', 'b')))
                .select(['c.id', 'b.product_id', 'b.quantity', 'b.now'])
                .where('b.quantity', '>', 0)
                .orderBy('c.id'),
            )
            .onConflict((oc) =>
              oc.columns(['cart_id', 'product_id']).doUpdateSet((eb) => ({
                quantity: eb.ref('excluded.quantity'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .returning('cart_items.cart_id'),
        )
        .with('gone', (qb) =>
          qb
            .deleteFrom('cart_items')
            .using(['b', 'c'])
            .where(sameCart('c', 'b'))
            .where('b.quantity', '=', 0)
            .whereRef('cart_items.cart_id', '=', 'c.id')
            .whereRef('cart_items.product_id', '=', 'b.product_id')
            .returning('cart_items.cart_id'),
        )
        // Per call, its written cart with the snapshot's cart, the written product's stock and the
        // snapshot's lines with stock, one row per line (see linesAfterWrite).
        .selectFrom('b')
        .innerJoin('c', (join) => join.on(sameCart('c', 'b')))
        .leftJoin('prev', 'prev.n', 'b.n')
        .leftJoin('cart_items as ci', 'ci.cart_id', 'prev.id')
        .leftJoin('products as p', 'p.id', 'ci.product_id')
        .selectAll('c')
        .select((eb) => [
          'b.n as batch_index',
          'prev.id as prev_id',
          'prev.version as prev_version',
          eb.selectFrom('products').select('stock').whereRef('id', '=', 'b.product_id').as('written_stock'),
          'ci.product_id as line_product_id',
          'ci.quantity as line_quantity',
          'p.stock as line_stock',
        ])
    );
  },
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
const cartContextWithProductBatchQueries = new Map<
  string,
  ReturnType<typeof cartContextWithProductBatchQuery>
>();

/** The context statement (see findCartContext) before its filter, for the two forms below. */
function cartContextSelect(db: Db, keys: CartContextKeys, userId: number, addressId: number) {
  return cartContextColumns(db.selectFrom('customers as cu'), keys, userId, addressId);
}

/** The customers table as `cu`, before the context's joins and columns. */
type CustomersFrom = SelectQueryBuilder<Database & { cu: Database['customers'] }, 'cu', object>;

/**
 * The context's joins and columns on `customers as cu`, for one user and address (values) or for a
 * batch's rows (references to the batch's columns: findCartContextsWithProducts).
 */
function cartContextColumns(
  from: CustomersFrom,
  keys: CartContextKeys,
  userId: number | RawBuilder<number>,
  addressId: number | RawBuilder<number>,
) {
  return from
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

/**
 * The batch of findCartContextsWithProducts: the calls as rows `b` (user, customer, address or 0, SKU
 * and position), each joined to its customer and through the same joins and columns as one call's.
 * The arrays are behind sub-selects so that PostgreSQL keeps one generic plan (decision 0027).
 */
interface CartContextBatchRow {
  user_id: number;
  customer_id: number;
  address_id: number;
  sku: string;
}

function cartContextWithProductBatchQuery(keys: CartContextKeys) {
  return new PreparedQuery(
    4,
    (db, dialect, [userIds, customerIds, addressIds, skus]: [number[], number[], number[], string[]]) => {
      if (dialect !== 'postgres') throw new Error('cart contexts are batched on PostgreSQL only');
      const calls = batchRows<CartContextBatchRow>([
        ['user_id', 'int', userIds],
        ['customer_id', 'int', customerIds],
        ['address_id', 'int', addressIds],
        ['sku', 'text', skus],
      ]).as('b');
      const from = db
        .selectFrom(calls)
        .innerJoin('customers as cu', 'cu.id', 'b.customer_id') as unknown as CustomersFrom;
      return cartContextColumns(from, keys, sql<number>`b.user_id`, sql<number>`b.address_id`)
        .leftJoin('products as p', (join) => join.on('p.sku', '=', sql<string>`b.sku`))
        .select(['p.id as product_id', 'p.stock as product_stock'])
        .select(sql<string>`b.n`.as('batch_index'));
    },
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

/** One set-product-quantity's context read in a batch (findCartContextsWithProducts). */
export interface CartContextCall {
  userId: number;
  customerId: number;
  addressId: number | null;
  sku: string;
}

export type CartContextWithProductRow = NonNullable<Awaited<ReturnType<typeof findCartContextWithProduct>>>;

/**
 * findCartContextWithProduct for several requests in one statement, on PostgreSQL (cart.service.ts
 * batches the concurrent set-product-quantity reads with db/statement-batcher.ts, as http/auth.ts does
 * the token checks: docs/decisions/0027-batched-token-checks.md). The answers are in the calls' order;
 * undefined where the customer row is gone.
 */
export async function findCartContextsWithProducts(
  db: Db,
  keys: CartContextKeys,
  calls: readonly CartContextCall[],
): Promise<(CartContextWithProductRow | undefined)[]> {
  const rows = await cachedQuery(
    cartContextWithProductBatchQueries,
    keys,
    cartContextWithProductBatchQuery,
  ).execute(
    db,
    calls.map((call) => call.userId),
    calls.map((call) => call.customerId),
    calls.map((call) => call.addressId ?? 0),
    calls.map((call) => call.sku),
  );
  const answers: (CartContextWithProductRow | undefined)[] = calls.map(() => undefined);
  for (const row of rows) answers[Number(row.batch_index) - 1] = row;
  return answers;
}

export type CartContextRow = NonNullable<Awaited<ReturnType<typeof findCartContext>>>;

const cartLinesQuery = new PreparedQuery(2, (db, _dialect, [userId, customerId]: [number, number]) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('carts as c', 'c.id', 'ci.cart_id')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select(['ci.product_id', 'ci.quantity', 'p.stock'])
    .where('c.user_id', '=', userId)
    .where('c.customer_id', '=', customerId)
    .orderBy('ci.product_id'),
);

/**
 * The acting user's cart lines with each product's live stock (one statement, no cart id needed), in
 * product id order (as writeCartLine answers them).
 */
export async function findCartLinesWithStock(
  db: Db,
  userId: number,
  customerId: number,
): Promise<CartLineWithStock[]> {
  return cartLinesQuery.execute(db, userId, customerId);
}

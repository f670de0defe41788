import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database, OrdersTable } from '../../db/schema';

type Db = Kysely<Database>;

/** The list filter with the days already turned into UTC instants (from inclusive, to exclusive). */
export interface OrderRowFilter {
  /** Picks the substring index of the customer filter (customerMatches). */
  dialect: DialectName;
  fromIso?: string | undefined;
  toIso?: string | undefined;
  /** Lower-case part of the customer's name or e-mail. */
  customer?: string | undefined;
  customerId?: number | undefined;
  agentUserId?: number | undefined;
  status?: string | undefined;
}

/** `%`, `_` and `\` typed by staff match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type OrdersEb = ExpressionBuilder<Database & { o: OrdersTable }, 'o'>;

function orderFilter(eb: OrdersEb, filter: OrderRowFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.fromIso) conditions.push(eb('o.created_at', '>=', filter.fromIso));
  if (filter.toIso) conditions.push(eb('o.created_at', '<', filter.toIso));
  if (filter.customerId !== undefined) conditions.push(eb('o.customer_id', '=', filter.customerId));
  if (filter.agentUserId !== undefined) conditions.push(eb('o.agent_user_id', '=', filter.agentUserId));
  if (filter.status) conditions.push(eb('o.status', '=', filter.status));
  if (filter.customer) conditions.push(...customerMatches(eb, filter.dialect, filter.customer));
  return eb.and(conditions);
}

/** The FTS5 trigram tokenizer indexes text of 3 characters or more. */
const TRIGRAM = 3;

/**
 * The `customer` filter: the order's customer name or e-mail contains the text (case-insensitive),
 * through the substring index of migration 015 (issue 18 point 5; without it every search read every
 * order twice, for the page and for the count). PostgreSQL: the LIKEs on lower(...) are answered by the
 * pg_trgm indexes. SQLite: the FTS5 trigram table narrows to the candidate orders (it folds case more
 * widely than SQLite's lower()), the LIKEs keep the answer exactly what it was; text under 3 characters
 * is only LIKE.
 */
function customerMatches(eb: OrdersEb, dialect: DialectName, text: string): Expression<SqlBool>[] {
  const pattern = likePattern(text.toLowerCase());
  const likes = eb.or([
    sql<SqlBool>`lower(${eb.ref('o.customer_name')}) like ${pattern} escape '\\'`,
    sql<SqlBool>`lower(${eb.ref('o.customer_email')}) like ${pattern} escape '\\'`,
  ]);
  if (dialect !== 'sqlite' || [...text].length < TRIGRAM) return [likes];
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return [
    sql<SqlBool>`${eb.ref('o.id')} in (select rowid from orders_customer_fts where orders_customer_fts match ${phrase})`,
    likes,
  ];
}

const SUMMARY_COLUMNS = [
  'o.id',
  'o.created_at',
  'o.status',
  'o.customer_id',
  'o.customer_name',
  'o.customer_email',
  'o.agent_user_id',
  'o.shipping_method_name',
  'o.payment_method_name',
  'o.purchase_order_number',
  'o.delivery_date',
  'o.items_count',
  'o.items_sum_gross',
  'o.items_sum_net',
  'o.logistics_cost',
  'o.shipping_cost',
] as const;

/**
 * The orders that match, counted up to `upTo` rows when given (the list's count stops at
 * ADMIN_COUNT_CAP + 1, docs/decisions/0021-capped-list-totals.md).
 */
export async function countOrders(db: Db, filter: OrderRowFilter, upTo?: number): Promise<number> {
  const matches = db.selectFrom('orders as o').where((eb) => orderFilter(eb, filter));
  const row = await (
    upTo === undefined
      ? matches.select((eb) => eb.fn.countAll<number | string>().as('n'))
      : db
          .selectFrom(matches.select('o.id').limit(upTo).as('m'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOrderSummaries(db: Db, filter: OrderRowFilter, limit: number, offset: number) {
  return (
    db
      .selectFrom('orders as o')
      // Issue 18 point 5: the page's ids first, walking only an index of created_at (or of status and
      // created_at, migration 015), then the joins for those rows; a deep page used to join every row
      // it skipped.
      .where(
        'o.id',
        'in',
        db
          .selectFrom('orders as o')
          .where((eb) => orderFilter(eb, filter))
          .select('o.id')
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(limit)
          .offset(offset),
      )
      .leftJoin('users as a', 'a.id', 'o.agent_user_id')
      .leftJoin('users as p', 'p.id', 'o.user_id')
      .leftJoin('users as ap', 'ap.id', 'o.approved_by_user_id')
      .select([
        ...SUMMARY_COLUMNS,
        'a.name as agent_name',
        'p.name as placed_by_name',
        'ap.name as approved_by_name',
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .execute()
  );
}

export type OrderSummaryRow = Awaited<ReturnType<typeof findOrderSummaries>>[number];

export async function findOrder(db: Db, id: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as a', 'a.id', 'o.agent_user_id')
    .leftJoin('users as p', 'p.id', 'o.user_id')
    .leftJoin('users as ap', 'ap.id', 'o.approved_by_user_id')
    .selectAll('o')
    .select(['a.name as agent_name', 'p.name as placed_by_name', 'ap.name as approved_by_name'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export async function findOrderLines(db: Db, orderId: number) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function findStatusHistory(db: Db, orderId: number) {
  return db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.changed_by_user_id')
    .select(['h.status', 'h.created_at', 'h.changed_by_user_id', 'u.name as changed_by_name'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

/** Moves the order from `from` to `to` only if it is still in `from`; true when it did. */
export async function updateStatus(
  db: Db,
  id: number,
  from: string,
  to: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStatus(db: Db, orderId: number, status: string, userId: number, nowIso: string) {
  await db
    .insertInto('order_status_history')
    .values({ order_id: orderId, status, changed_by_user_id: userId, created_at: nowIso })
    .execute();
}

/** Puts pieces back into stock (products deleted since have no row to return to). */
export async function returnStock(db: Db, productId: number, quantity: number, nowIso: string) {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: nowIso }))
    .where('id', '=', productId)
    .execute();
}

/** The agents who placed at least one order (for the list's agent filter). */
export async function findOrderAgents(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name'])
    .where((eb) =>
      eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.agent_user_id', '=', 'u.id')),
    )
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

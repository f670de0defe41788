import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The statuses from which staff or the agent may (re)write the offer. */
export const ANSWERABLE = ['requested', 'offered'] as const;

const QUOTE_COLUMNS = [
  'q.id',
  'q.customer_id',
  'q.user_id',
  'q.agent_user_id',
  'q.status',
  'q.message',
  'q.wished_delivery_date',
  'q.valid_until',
  'q.staff_message',
  'q.answered_by_user_id',
  'q.answered_at',
  'q.reject_reason',
  'q.decided_at',
  'q.order_id',
  'q.version',
  'q.created_at',
  'q.updated_at',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('customers as c', 'c.id', 'q.customer_id')
    .innerJoin('users as requester', 'requester.id', 'q.user_id')
    .leftJoin('users as answerer', 'answerer.id', 'q.answered_by_user_id')
    .select(QUOTE_COLUMNS)
    .select([
      'c.name as customer_name',
      'c.erp_code as customer_erp_code',
      'c.agent_user_id as customer_agent_user_id',
      'requester.name as requested_by_name',
      'answerer.name as answered_by_name',
    ]);
}

export type QuoteRow = NonNullable<Awaited<ReturnType<typeof findQuote>>>;

export async function findQuote(db: Db, quoteId: number) {
  return baseQuery(db).where('q.id', '=', quoteId).executeTakeFirst();
}

export async function insertQuote(
  db: Db,
  values: {
    customerId: number;
    userId: number;
    agentUserId: number | null;
    message: string;
    wishedDeliveryDate: string | null;
    nowIso: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('quotes')
    .values({
      customer_id: values.customerId,
      user_id: values.userId,
      agent_user_id: values.agentUserId,
      status: 'requested',
      message: values.message,
      wished_delivery_date: values.wishedDeliveryDate,
      version: 1,
      created_at: values.nowIso,
      updated_at: values.nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLines(
  db: Db,
  quoteId: number,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('quote_lines')
    .values(
      lines.map((line, position) => ({
        quote_id: quoteId,
        product_id: line.productId,
        position,
        requested_quantity: line.quantity,
      })),
    )
    .execute();
}

export async function findLines(db: Db, quoteIds: readonly number[]) {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom('quote_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.quote_id',
      'l.product_id',
      'l.position',
      'l.requested_quantity',
      'l.offered_quantity',
      'l.offered_price',
      'p.sku',
      'p.vat',
      'p.stock',
    ])
    .where('l.quote_id', 'in', [...quoteIds])
    .orderBy('l.quote_id')
    .orderBy('l.position')
    .execute();
}

export type QuoteLineRow = Awaited<ReturnType<typeof findLines>>[number];

/** Who sees which quotes: one customer's (optionally one login's), an agent's customers', or a filter. */
export interface QuoteFilter {
  customerId?: number | undefined;
  userId?: number | undefined;
  /** The quotes of the customers whose agent this is. */
  agentUserId?: number | undefined;
  status?: string | undefined;
  /** Lower-case part of the customer's name or e-mail. */
  customer?: string | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type QuotesEb = ExpressionBuilder<Database & { q: Database['quotes']; c: Database['customers'] }, 'q' | 'c'>;

function where(eb: QuotesEb, filter: QuoteFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.customerId !== undefined) conditions.push(eb('q.customer_id', '=', filter.customerId));
  if (filter.userId !== undefined) conditions.push(eb('q.user_id', '=', filter.userId));
  if (filter.agentUserId !== undefined) conditions.push(eb('c.agent_user_id', '=', filter.agentUserId));
  if (filter.status) conditions.push(eb('q.status', '=', filter.status));
  if (filter.fromIso) conditions.push(eb('q.created_at', '>=', filter.fromIso));
  if (filter.toIso) conditions.push(eb('q.created_at', '<', filter.toIso));
  if (filter.customer) {
    const pattern = likePattern(filter.customer.toLowerCase());
    conditions.push(
      eb.or([
        sql<SqlBool>`lower(${eb.ref('c.name')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('c.email')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return eb.and(conditions);
}

export async function listQuotes(db: Db, filter: QuoteFilter, page: { limit: number; offset: number }) {
  return baseQuery(db)
    .where((eb) => where(eb as unknown as QuotesEb, filter))
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countQuotes(db: Db, filter: QuoteFilter): Promise<number> {
  const row = await db
    .selectFrom('quotes as q')
    .innerJoin('customers as c', 'c.id', 'q.customer_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => where(eb as unknown as QuotesEb, filter))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Offers past their last valid day become `expired` (one statement; `today` in the shop time zone). */
export async function expireDue(db: Db, today: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('quotes')
    .set((eb) => ({
      status: 'expired',
      decided_at: nowIso,
      updated_at: nowIso,
      version: eb('version', '+', 1),
    }))
    .where('status', '=', 'offered')
    .where('valid_until', '<', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves the quote from one of `from` to `to` only if it is still there (and, when given, still at
 * `version`): true when it did. The guard that makes every step happen once.
 */
export async function moveQuote(
  db: Db,
  quoteId: number,
  guard: { from: readonly string[]; version?: number; validFrom?: string },
  fields: Partial<{
    status: string;
    valid_until: string | null;
    staff_message: string | null;
    answered_by_user_id: number | null;
    answered_at: string | null;
    reject_reason: string | null;
    decided_at: string | null;
  }>,
  nowIso: string,
): Promise<boolean> {
  let query = db
    .updateTable('quotes')
    .set((eb) => ({ ...fields, updated_at: nowIso, version: eb('version', '+', 1) }))
    .where('id', '=', quoteId)
    .where('status', 'in', [...guard.from]);
  if (guard.version !== undefined) query = query.where('version', '=', guard.version);
  if (guard.validFrom !== undefined) query = query.where('valid_until', '>=', guard.validFrom);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setLineOffer(
  db: Db,
  quoteId: number,
  productId: number,
  offer: { quantity: number; price: number },
): Promise<void> {
  await db
    .updateTable('quote_lines')
    .set({ offered_quantity: offer.quantity, offered_price: offer.price })
    .where('quote_id', '=', quoteId)
    .where('product_id', '=', productId)
    .execute();
}

export async function setOrder(db: Db, quoteId: number, orderId: number): Promise<void> {
  await db.updateTable('quotes').set({ order_id: orderId }).where('id', '=', quoteId).execute();
}

/** The pending approval request of a quote accepted into `pending_approval` (issue 15). */
export async function findPendingApprovalId(db: Db, quoteId: number): Promise<number | null> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('quote_id', '=', quoteId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

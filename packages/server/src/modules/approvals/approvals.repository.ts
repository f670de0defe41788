import type { Insertable, Kysely } from 'kysely';
import type { ApprovalItemsTable, ApprovalStatus, ApprovalsTable, Database } from '../../db/schema';

/** Queries of the order approvals (issue 15). No logic here, only SQL. */

type Db = Kysely<Database>;

export async function insertApproval(db: Db, row: Insertable<ApprovalsTable>): Promise<number> {
  const inserted = await db.insertInto('approvals').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertApprovalItems(db: Db, rows: Insertable<ApprovalItemsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('approval_items').values(rows).execute();
}

function approvalsQuery(db: Db) {
  return db
    .selectFrom('approvals as a')
    .innerJoin('users as r', 'r.id', 'a.requester_user_id')
    .leftJoin('users as d', 'd.id', 'a.decided_by_user_id')
    .selectAll('a')
    .select(['r.name as requester_name', 'r.email as requester_email', 'd.name as decider_name']);
}

export type ApprovalRow = Awaited<ReturnType<ReturnType<typeof approvalsQuery>['executeTakeFirstOrThrow']>>;

/** The company's requests (or one requester's), newest first, at most 500. */
export async function findApprovals(
  db: Db,
  customerId: number,
  filter: { requesterUserId?: number; status?: ApprovalStatus },
): Promise<ApprovalRow[]> {
  let query = approvalsQuery(db).where('a.customer_id', '=', customerId);
  if (filter.requesterUserId !== undefined)
    query = query.where('a.requester_user_id', '=', filter.requesterUserId);
  if (filter.status !== undefined) query = query.where('a.status', '=', filter.status);
  return query.orderBy('a.id', 'desc').limit(500).execute();
}

export async function findApproval(db: Db, approvalId: number): Promise<ApprovalRow | undefined> {
  return approvalsQuery(db).where('a.id', '=', approvalId).executeTakeFirst();
}

export async function findApprovalItems(db: Db, approvalId: number) {
  return db
    .selectFrom('approval_items')
    .selectAll()
    .where('approval_id', '=', approvalId)
    .orderBy('product_id')
    .execute();
}

/** Pending requests of the company that somebody else than `userId` asked for (the badge). */
export async function countPendingForDecider(db: Db, customerId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .where('requester_user_id', '!=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Pending requests whose prices no longer hold (all companies, or one). */
export async function findDue(db: Db, nowIso: string, customerId?: number) {
  let query = db
    .selectFrom('approvals')
    .select(['id', 'quote_id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', nowIso);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return query.orderBy('id').limit(200).execute();
}

/** pending → `status`, only if it is still pending (and, unless expiring, still valid). True when it happened. */
export async function decide(
  db: Db,
  approvalId: number,
  change: {
    status: 'approved' | 'rejected' | 'expired';
    deciderUserId: number | null;
    reason: string | null;
    nowIso: string;
  },
): Promise<boolean> {
  let query = db
    .updateTable('approvals')
    .set({
      status: change.status,
      decided_by_user_id: change.deciderUserId,
      decided_at: change.nowIso,
      reason: change.reason,
      updated_at: change.nowIso,
    })
    .where('id', '=', approvalId)
    .where('status', '=', 'pending');
  query =
    change.status === 'expired'
      ? query.where('expires_at', '<=', change.nowIso)
      : query.where('expires_at', '>', change.nowIso);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The order an approval placed, both ways. */
export async function linkOrder(db: Db, approvalId: number, orderId: number, approverUserId: number) {
  await db.updateTable('approvals').set({ order_id: orderId }).where('id', '=', approvalId).execute();
  await db
    .updateTable('orders')
    .set({ approved_by_user_id: approverUserId, approval_id: approvalId })
    .where('id', '=', orderId)
    .execute();
}

/** Gross total of the login's orders since `fromIso` (not cancelled): placed and approved ones alike. */
export async function sumOrdersSince(db: Db, userId: number, fromIso: string): Promise<number> {
  const rows = await db
    .selectFrom('orders')
    .select(['items_sum_gross', 'logistics_cost', 'shipping_cost'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', fromIso)
    .where('status', '!=', 'cancelled')
    .execute();
  return rows.reduce(
    (sum, r) => sum + Number(r.items_sum_gross) + Number(r.logistics_cost) + Number(r.shipping_cost),
    0,
  );
}

/** The company's active owners and approvers (the request's mail). */
export async function findDeciders(db: Db, customerId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer')
    .where('company_role', 'in', ['owner', 'approver'])
    .where('is_active', '=', 1)
    .where('is_disabled', '=', 0)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function findUserContact(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findCustomerName(db: Db, customerId: number): Promise<string> {
  const row = await db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst();
  return row?.name ?? '';
}

/** Names of the checkout choices for the detail page. */
export async function findChoiceNames(
  db: Db,
  ids: { shippingMethodId: number | null; paymentMethodId: number | null; shippingAddressId: number | null },
) {
  const [shipping, payment, address] = await Promise.all([
    ids.shippingMethodId === null
      ? undefined
      : db
          .selectFrom('shipping_methods')
          .select('name')
          .where('id', '=', ids.shippingMethodId)
          .executeTakeFirst(),
    ids.paymentMethodId === null
      ? undefined
      : db
          .selectFrom('payment_methods')
          .select('name')
          .where('id', '=', ids.paymentMethodId)
          .executeTakeFirst(),
    ids.shippingAddressId === null
      ? undefined
      : db
          .selectFrom('shipping_addresses')
          .select(['zip', 'city', 'apt_suite', 'country'])
          .where('id', '=', ids.shippingAddressId)
          .executeTakeFirst(),
  ]);
  return { shipping, payment, address };
}

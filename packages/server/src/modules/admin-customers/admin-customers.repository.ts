import { type Insertable, type Kysely, type RawBuilder, SqliteAdapter, sql, type Updateable } from 'kysely';
import type { CustomersTable, Database, UsersTable } from '../../db/schema';
import { anyContains, offsetOf, pageWithTotal } from '../admin/admin-query';

/** Queries of the back office's customer and agent accounts. No logic here, only SQL. */

type Db = Kysely<Database>;

export interface AccountFilter {
  page: number;
  pageSize: number;
  q?: string | undefined;
  kind?: 'customer' | 'agent' | undefined;
  agentUserId?: number | undefined;
}

/** FTS5 trigram queries need at least 3 characters per term (as in products.dialect). */
const TRIGRAM = 3;

/**
 * SQLite: one page's ids and the count from account_list and its FTS5 trigram table (migration 017,
 * docs/decisions/0022): the page is the next entries of the list-order index, the count that index's
 * length; a search of 3 characters or more asks the trigram table. Undefined where these tables do not
 * answer (PostgreSQL, the agent filter, a search of 1–2 characters): the join below does.
 */
async function indexedAccountPage(
  db: Db,
  query: AccountFilter,
): Promise<{ total: number; ids: number[] } | undefined> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  if (query.agentUserId !== undefined) return undefined;
  if (query.q && [...query.q].length < TRIGRAM) return undefined;
  const conditions: RawBuilder<unknown>[] = [];
  if (query.kind) conditions.push(sql`a.role = ${query.kind}`);
  if (query.q) {
    const phrase = `"${query.q.replaceAll('"', '""')}"`;
    conditions.push(
      sql`a.user_id in (select rowid from account_list_fts where account_list_fts match ${phrase})`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [count, page] = await Promise.all([
    sql<{ n: number }>`select count(*) as n from account_list a ${where}`.execute(db),
    sql<{ id: number }>`select a.user_id as id from account_list a ${where}
      order by a.role desc, a.sort_name, a.user_id
      limit ${query.pageSize} offset ${offsetOf(query.page, query.pageSize)}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), ids: page.rows.map((row) => Number(row.id)) };
}

/** The page's ids and the count by the join of users and customers (PostgreSQL's pg_trgm indexes answer the search). */
async function joinedAccountPage(db: Db, query: AccountFilter): Promise<{ total: number; ids: number[] }> {
  let base = db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .where('users.role', 'in', query.kind ? [query.kind] : ['customer', 'agent']);
  if (query.agentUserId !== undefined) base = base.where('customers.agent_user_id', '=', query.agentUserId);
  const q = query.q;
  // Issue 18 point 5: the search asks each table on its own (the login's e-mail and name, the company's
  // name, tax number and e-mail), so PostgreSQL answers each from its pg_trgm indexes (migration 016);
  // one OR over the join read every user and customer. The same rows as the OR over the left join.
  if (q)
    base = base.where((eb) =>
      eb.or([
        eb(
          'users.id',
          'in',
          db
            .selectFrom('users as su')
            .select('su.id')
            .where((s) => anyContains(s, ['su.email', 'su.name'], q)),
        ),
        eb(
          'users.customer_id',
          'in',
          db
            .selectFrom('customers as sc')
            .select('sc.id')
            .where((s) => anyContains(s, ['sc.name', 'sc.tax_number', 'sc.email'], q)),
        ),
      ]),
    );
  const { total, rows } = await pageWithTotal(base, query, (matches) =>
    matches
      .select('users.id')
      .orderBy('users.role', 'desc')
      .orderBy((eb) => eb.fn.coalesce('customers.name', 'users.name'))
      .orderBy('users.id'),
  );
  return { total, ids: rows.map((row) => row.id) };
}

/**
 * One page of customer and agent accounts (customers first, then by company or login name, then id),
 * with the total that match. The page's ids first (issue 18 point 5), then the columns of those rows.
 */
export async function listAccounts(db: Db, query: AccountFilter) {
  const { total, ids } = (await indexedAccountPage(db, query)) ?? (await joinedAccountPage(db, query));
  if (ids.length === 0) return { total, rows: [] };
  const rows = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('users as agents', 'agents.id', 'customers.agent_user_id')
    .where('users.id', 'in', ids)
    .select([
      'users.id',
      'users.role',
      'users.email',
      'users.name',
      'users.customer_id',
      'users.is_active',
      'users.is_disabled',
      'users.must_change_password',
      'customers.name as customer_name',
      'customers.tax_number',
      'customers.price_group',
      'customers.customer_discount_bp',
      'agents.name as agent_name',
    ])
    .orderBy('users.role', 'desc')
    .orderBy((eb) => eb.fn.coalesce('customers.name', 'users.name'))
    .orderBy('users.id')
    .execute();
  return { total, rows };
}

/** A customer or agent account (staff accounts are not found here). */
export async function findAccountUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('role', 'in', ['customer', 'agent'])
    .executeTakeFirst();
}

export async function listAgents(db: Db) {
  return db.selectFrom('users').select(['id', 'name']).where('role', '=', 'agent').orderBy('name').execute();
}

export async function agentExists(db: Db, userId: number): Promise<boolean> {
  const agent = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', 'agent')
    .executeTakeFirst();
  return agent !== undefined;
}

/** The customers an agent looks after. */
export async function listAgentCustomers(db: Db, agentUserId: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('agent_user_id', '=', agentUserId)
    .orderBy('name')
    .execute();
}

export async function listPaymentMethodChoices(db: Db) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'is_active'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** How many of these payment method ids exist. */
export async function countPaymentMethods(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.selectFrom('payment_methods').select('id').where('id', 'in', ids).execute()).length;
}

export async function listDeliveryRouteChoices(db: Db) {
  return db.selectFrom('delivery_routes').select(['id', 'name']).orderBy('name').execute();
}

/** The price groups that have at least one price entry. */
export async function listPriceGroups(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('price_entries')
    .select('price_group')
    .distinct()
    .where('price_group', 'is not', null)
    .orderBy('price_group')
    .execute();
  return rows.map((row) => row.price_group).filter((value): value is string => value !== null);
}

/** A customer's allowed payment method ids, ascending. */
export async function customerPaymentMethodIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('customer_payment_methods')
    .select('payment_method_id')
    .where('customer_id', '=', customerId)
    .execute();
  return rows.map((row) => row.payment_method_id).sort((a, b) => a - b);
}

export async function replaceCustomerPaymentMethods(
  db: Db,
  customerId: number,
  paymentMethodIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('customer_payment_methods').where('customer_id', '=', customerId).execute();
  if (paymentMethodIds.length === 0) return;
  await db
    .insertInto('customer_payment_methods')
    .values(paymentMethodIds.map((id) => ({ customer_id: customerId, payment_method_id: id })))
    .execute();
}

export async function listShippingAddresses(db: Db, customerId: number) {
  return db
    .selectFrom('shipping_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findShippingAddress(db: Db, addressId: number, customerId: number) {
  return db
    .selectFrom('shipping_addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

type AddressValues = Omit<Insertable<Database['shipping_addresses']>, 'id' | 'customer_id' | 'created_at'>;

export async function insertShippingAddress(
  db: Db,
  customerId: number,
  values: AddressValues,
  createdAt: string,
) {
  return db
    .insertInto('shipping_addresses')
    .values({ ...values, customer_id: customerId, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateShippingAddress(db: Db, addressId: number, values: AddressValues) {
  return db
    .updateTable('shipping_addresses')
    .set(values)
    .where('id', '=', addressId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes an account's fields; `revokeTokens` also raises its token version (all tokens end). */
export async function updateAccountUser(
  db: Db,
  userId: number,
  values: Updateable<UsersTable>,
  revokeTokens: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...values, ...(revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}) }))
    .where('id', '=', userId)
    .execute();
}

export async function updateCustomerRow(
  db: Db,
  customerId: number,
  values: Updateable<CustomersTable>,
): Promise<void> {
  await db.updateTable('customers').set(values).where('id', '=', customerId).execute();
}

export async function insertCustomerRow(db: Db, values: Insertable<CustomersTable>): Promise<number> {
  return (await db.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertUserRow(db: Db, values: Insertable<UsersTable>): Promise<number> {
  return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connection';
import { PreparedQuery } from '../../db/prepared-query';
import { batchRows } from '../../db/statement-batcher';
import { type PageLive, pageLiveColumns, pageLiveOf } from '../products/products.repository';
import { idListParameter } from '../products/products.dialect';
import type { Database } from '../../db/schema';
import { FEW_STOCK_THRESHOLD_KEY } from '../products/catalogue-cache.service';
import { CATALOGUE_VERSION_KEY } from '../products/catalogue-version';

type Db = Kysely<Database>;

/**
 * In one query: the user (with what its token check needs), its current shipping address with that
 * address's customer (pricing, agent and assortment), the user's own customer (pricing and
 * assortment), that customer's first active address and the catalogue settings. The token check of
 * every signed-in request reads it (http/auth.ts), so the request's acting customer, catalogue pricing
 * and catalogue settings cost no other query.
 */
export async function findUserWithCurrentAddress(db: Db, userId: number) {
  return userWithCurrentAddressQuery.executeTakeFirst(db, userId);
}

/** A listing page whose live data a token check reads with the user (products.service.ts, speculatedPage). */
export interface TokenCheckPage {
  ids: readonly number[];
  customerId: number;
}

/**
 * findUserWithCurrentAddress and, in the same statement, the live data of a listing page (the stock
 * of its products and the customer's last ordered quantities): a customer's warm listing then costs
 * one statement, the token check (issue 18, docs/decisions/0026-token-check-carries-the-page.md).
 */
export async function findUserWithCurrentAddressAndPage(
  db: Db,
  dialect: DialectName,
  userId: number,
  page: TokenCheckPage,
): Promise<{ user: UserWithCurrentAddress; live: PageLive } | undefined> {
  const ids = idListParameter(dialect, page.ids);
  const row = await userWithCurrentAddressAndPageQuery.executeTakeFirst(
    db,
    userId,
    ids,
    ids,
    page.customerId,
  );
  // The row keeps its two extra columns (not copied without them: this runs on every warm page).
  return row && { user: row, live: pageLiveOf(row) };
}

/** One token check of a batch: the token's user, and the listing page it should carry, if any. */
export interface TokenCheckCall {
  userId: number;
  page?: TokenCheckPage;
}

/** A batched token check's answer: the user's row (undefined: no such user) and its page's live data. */
export interface TokenCheckAnswer {
  user: UserWithCurrentAddress | undefined;
  live?: PageLive;
}

/**
 * The token checks of several requests in one statement, on PostgreSQL (http/auth.ts batches them with
 * db/statement-batcher.ts; docs/decisions/0027-batched-token-checks.md): per call, the row
 * findUserWithCurrentAddress answers and, when the call names a page, that page's live data as
 * findUserWithCurrentAddressAndPage reads it, by the same joins and sub-selects. The answers are in
 * the calls' order.
 */
export async function findUsersForTokenChecks(
  db: Db,
  calls: readonly TokenCheckCall[],
): Promise<TokenCheckAnswer[]> {
  const rows = await tokenCheckBatchQuery.execute(
    db,
    calls.map((call) => call.userId),
    calls.map((call) => (call.page ? `{${call.page.ids.join(',')}}` : null)),
    calls.map((call) => call.page?.customerId ?? null),
  );
  const answers: TokenCheckAnswer[] = calls.map(() => ({ user: undefined }));
  for (const row of rows) {
    const index = Number(row.batch_index) - 1;
    answers[index] = calls[index]?.page ? { user: row, live: pageLiveOf(row) } : { user: row };
  }
  return answers;
}

/** The row findUserWithCurrentAddress answers for an existing user. */
export type UserWithCurrentAddress = NonNullable<Awaited<ReturnType<typeof findUserWithCurrentAddress>>>;

/**
 * Compiled once per dialect (db/prepared-query.ts), not built by Kysely on every call: it runs on
 * every logged-in request that needs the acting customer, and building it cost about as much CPU as
 * running it.
 */
const userWithCurrentAddressQuery = new PreparedQuery(1, (db, _dialect, [userId]: [number]) =>
  userWithCurrentAddressSelect(db, userId),
);

const userWithCurrentAddressAndPageQuery = new PreparedQuery(
  4,
  (db, dialect, [userId, stockIds, orderedIds, customerId]: [number, unknown, unknown, number]) =>
    userWithCurrentAddressSelect(db, userId).select(
      pageLiveColumns(db, dialect, stockIds, orderedIds, customerId),
    ),
);

interface TokenCheckBatchRow {
  user_id: number;
  page_ids: string | null;
  page_customer: number | null;
}

/**
 * The batch of findUsersForTokenChecks: the calls as rows `b` (user id, the page's ids as an array
 * literal or null, the page's customer or null, and the call's position), each joined to its user.
 */
const tokenCheckBatchQuery = new PreparedQuery(
  3,
  (db, dialect, [userIds, pageIds, pageCustomers]: [number[], (string | null)[], (number | null)[]]) => {
    if (dialect !== 'postgres') throw new Error('token checks are batched on PostgreSQL only');
    const calls = batchRows<TokenCheckBatchRow>([
      ['user_id', 'int', userIds],
      ['page_ids', 'text', pageIds],
      ['page_customer', 'int', pageCustomers],
    ]).as('b');
    // The same joins and columns as a single user's, on the batch's users (the row `b` rides along).
    const from = db.selectFrom(calls).innerJoin('users as u', 'u.id', 'b.user_id') as unknown as UsersFrom;
    return userWithCurrentAddressColumns(from)
      .select(sql<string>`b.n`.as('batch_index'))
      .select(pageLiveColumns(db, dialect, sql`b.page_ids`, sql`b.page_ids`, sql<number>`b.page_customer`));
  },
);

function userWithCurrentAddressSelect(db: Db, userId: number) {
  return userWithCurrentAddressColumns(db.selectFrom('users as u')).where('u.id', '=', userId);
}

/** The users table as `u`, before the token check's joins and columns. */
type UsersFrom = SelectQueryBuilder<Database & { u: Database['users'] }, 'u', object>;

/** The token check's joins and columns on `users as u` (one user, or a batch's: see below). */
function userWithCurrentAddressColumns(from: UsersFrom) {
  return (
    from
      .leftJoin('shipping_addresses as sa', 'sa.id', 'u.current_shipping_address_id')
      .leftJoin('customers as sc', 'sc.id', 'sa.customer_id')
      .leftJoin('customers as uc', 'uc.id', 'u.customer_id')
      // The assortments of either customer, for the catalogue's pricing (products.service.ts).
      .leftJoin('assortment_customers as aac', 'aac.customer_id', 'sc.id')
      .leftJoin('assortment_price_groups as aapg', 'aapg.price_group', 'sc.price_group')
      .leftJoin('assortment_customers as oac', 'oac.customer_id', 'uc.id')
      .leftJoin('assortment_price_groups as oapg', 'oapg.price_group', 'uc.price_group')
      .select([
        'u.id',
        'u.role',
        // What the token check needs (http/auth.ts reads this row for every signed-in request).
        'u.token_version',
        'u.is_disabled',
        'u.is_active',
        'u.must_change_password',
        'u.customer_id',
        'u.language',
        'u.company_role',
        'u.order_limit',
        'u.monthly_limit',
        'sa.id as address_id',
        'sa.customer_id as address_customer_id',
        'sa.is_active as address_active',
        'sc.agent_user_id as address_agent_user_id',
        'sc.price_group as address_price_group',
        'sc.customer_discount_bp as address_discount_bp',
        'uc.id as own_customer_id',
        'uc.price_group as own_price_group',
        'uc.customer_discount_bp as own_discount_bp',
        'aac.assortment_id as address_own_assortment_id',
        'aapg.assortment_id as address_group_assortment_id',
        'oac.assortment_id as own_assortment_id',
        'oapg.assortment_id as own_group_assortment_id',
      ])
      .select((eb) =>
        eb
          .selectFrom('shipping_addresses as fa')
          .select('fa.id')
          .whereRef('fa.customer_id', '=', 'u.customer_id')
          .where('fa.is_active', '=', 1)
          .orderBy('fa.id')
          .limit(1)
          .as('first_address_id'),
      )
      // Company users (issue 15): the addresses a login may use; none listed = all of its customer's.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_shipping_addresses as ra')
              .select('ra.user_id')
              .whereRef('ra.user_id', '=', 'u.id'),
          )
          .as('address_restricted'),
      )
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_shipping_addresses as ca')
              .select('ca.user_id')
              .whereRef('ca.user_id', '=', 'u.id')
              .whereRef('ca.shipping_address_id', '=', 'u.current_shipping_address_id'),
          )
          .as('current_address_allowed'),
      )
      .select((eb) =>
        eb
          .selectFrom('shipping_addresses as aa')
          .innerJoin('user_shipping_addresses as ua', 'ua.shipping_address_id', 'aa.id')
          .select('aa.id')
          .whereRef('ua.user_id', '=', 'u.id')
          .whereRef('aa.customer_id', '=', 'u.customer_id')
          .where('aa.is_active', '=', 1)
          .orderBy('aa.id')
          .limit(1)
          .as('first_allowed_address_id'),
      )
      // The catalogue settings, so a signed-in catalogue request needs no statement of its own for them
      // (products.service.ts, catalogueRequestContext).
      .select((eb) => [
        eb
          .selectFrom('settings')
          .select('value')
          .where('key', '=', CATALOGUE_VERSION_KEY)
          .as('catalogue_version'),
        eb
          .selectFrom('settings')
          .select('value')
          .where('key', '=', FEW_STOCK_THRESHOLD_KEY)
          .as('few_stock_threshold'),
      ])
  );
}

const ADDRESS_COLUMNS = [
  'sa.id',
  'sa.customer_id',
  'sa.zip',
  'sa.city',
  'sa.apt_suite',
  'sa.country',
  'sa.country_code',
  'sa.logistics_cost',
  'sa.note',
  'sa.is_active',
  'c.name as customer_name',
  'c.email as customer_email',
  'c.tax_number',
  'c.company_registration_number',
  'c.billing_country',
  'c.billing_country_code',
  'c.billing_zip',
  'c.billing_city',
  'c.billing_apt_suite',
  'c.agent_user_id',
  'r.name as route_name',
  'r.weekdays as route_weekdays',
  'r.cutoff_time as route_cutoff_time',
  'r.route_time as route_time',
] as const;

/** Active addresses of one customer, or of every customer of an agent, with customer and route. */
export async function findAddresses(db: Db, owner: { customerId: number } | { agentUserId: number }) {
  let query = db
    .selectFrom('shipping_addresses as sa')
    .innerJoin('customers as c', 'c.id', 'sa.customer_id')
    .leftJoin('delivery_routes as r', 'r.id', 'sa.delivery_route_id')
    .select(ADDRESS_COLUMNS)
    .where('sa.is_active', '=', 1);
  query =
    'customerId' in owner
      ? query.where('sa.customer_id', '=', owner.customerId)
      : query.where('c.agent_user_id', '=', owner.agentUserId);
  return query.orderBy('c.name').orderBy('sa.city').orderBy('sa.id').execute();
}

export type AddressRow = Awaited<ReturnType<typeof findAddresses>>[number];

export async function findAddress(db: Db, addressId: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('shipping_addresses as sa')
    .innerJoin('customers as c', 'c.id', 'sa.customer_id')
    .leftJoin('delivery_routes as r', 'r.id', 'sa.delivery_route_id')
    .select(ADDRESS_COLUMNS)
    .where('sa.id', '=', addressId)
    .executeTakeFirst();
}

export async function setCurrentAddress(
  db: Db,
  userId: number,
  addressId: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ current_shipping_address_id: addressId, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/** The addresses a company login may use; empty = every address of its customer (issue 15). */
export async function findAllowedAddressIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_shipping_addresses')
    .select('shipping_address_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.shipping_address_id);
}

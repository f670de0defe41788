import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { CompanyRole, Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import * as repo from './shipping-addresses.repository';
import type { PageLive } from '../products/products.repository';
import { sameIds } from '../../lib/same-ids';

/**
 * Who a cart, its prices, its payment methods and its orders belong to (docs/decisions/0006):
 * - a customer user: its own customer. Its current shipping address is the one it chose
 *   (`users.current_shipping_address_id`, if it is an active address of its customer), else its
 *   first active address, else none (`shippingAddressId: null`);
 * - an agent: the customer of its current shipping address, which must be active and belong to
 *   one of the agent's customers (`customers.agent_user_id` = the agent). Without one every cart
 *   and order call answers 409 ERR_NO_CURRENT_SHIPPING;
 * - anybody else (staff, admin, a customer user without a customer): 403 ERR_FORBIDDEN.
 */
export interface ActingCustomer {
  /** The user whose cart it is (the customer user, or the agent). */
  userId: number;
  customerId: number;
  /** The agent acting for the customer; null when the customer acts itself. */
  agentUserId: number | null;
  /** The current shipping address; null only for a customer without any active address. */
  shippingAddressId: number | null;
  priceGroup: string | null;
  discountBp: number;
  /** The acting user's language. */
  language: Language;
  /**
   * False when a company login's chosen address is no longer one it may use (issue 15): place-order
   * refuses with ERR_ADDRESS_NOT_ALLOWED until it chooses an allowed one.
   */
  shippingAddressAllowed: boolean;
  /**
   * A company login's role and limits in minor units (issue 15), read with the rest so that
   * place-order's approval rule needs no query of its own; an agent's are null.
   */
  companyRole: CompanyRole | null;
  orderLimit: number | null;
  monthlyLimit: number | null;
}

/**
 * The user's row as the request's token check read it (http/auth.ts reads findUserWithCurrentAddress),
 * by the request's AuthUser: the acting customer and the catalogue's pricing are taken from it instead
 * of reading the same row again (one round trip less per signed-in request on PostgreSQL). Every
 * handler resolves its acting customer before it writes, so only the first resolution uses the row; a
 * later one in the same request (after a write) reads the database again. The catalogue's pricing is
 * asked only by read-only requests and may use the row at any time.
 */
const readByTokenCheck = new WeakMap<AuthUser, repo.UserWithCurrentAddress>();
/** The requests (by AuthUser) whose acting customer was already made from the remembered row. */
const actingResolved = new WeakSet<AuthUser>();

/** The listing page whose live data the token check read with the row (products.service.ts). */
const pageReadByTokenCheck = new WeakMap<AuthUser, { page: repo.TokenCheckPage; live: PageLive }>();

/**
 * Each user's latest token-check row in this process, for guessing the page the next catalogue
 * request will show (products.service.ts, speculatedPage): a guess only, never used as the answer.
 * At most LATEST_ROWS_MAX users (the oldest entry goes first).
 */
const latestRowOfUser = new Map<number, repo.UserWithCurrentAddress>();
const LATEST_ROWS_MAX = 10_000;

/** Called by the token check with the row it read for `auth` (a fresh AuthUser per request). */
export function rememberTokenCheckRow(
  auth: AuthUser,
  row: repo.UserWithCurrentAddress,
  page?: { page: repo.TokenCheckPage; live: PageLive },
): void {
  readByTokenCheck.set(auth, row);
  if (page) pageReadByTokenCheck.set(auth, page);
  latestRowOfUser.delete(row.id);
  latestRowOfUser.set(row.id, row);
  if (latestRowOfUser.size > LATEST_ROWS_MAX) latestRowOfUser.delete(latestRowOfUser.keys().next().value!);
}

/** The latest token-check row of a user in this process (a guess: it may be stale). */
export function latestTokenCheckRow(userId: number): repo.UserWithCurrentAddress | undefined {
  return latestRowOfUser.get(userId);
}

/**
 * The live data of `ids` for `customerId` if this request's token check read exactly that page with
 * the user (fresh as the row itself), else undefined.
 */
export function pageLiveFromTokenCheck(
  auth: AuthUser,
  ids: readonly number[],
  customerId: number,
): PageLive | undefined {
  const read = pageReadByTokenCheck.get(auth);
  if (read === undefined || read.page.customerId !== customerId || !sameIds(read.page.ids, ids))
    return undefined;
  return read.live;
}

/** The row the token check read, for read-only use (catalogue pricing); it stays remembered. */
export function tokenCheckRow(auth: AuthUser): repo.UserWithCurrentAddress | undefined {
  return readByTokenCheck.get(auth);
}

export async function resolveActingCustomer(
  ctx: AppContext,
  auth: AuthUser | null,
  db: Kysely<Database> = ctx.database.db,
): Promise<ActingCustomer> {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  const remembered =
    db === ctx.database.db && !actingResolved.has(auth) ? readByTokenCheck.get(auth) : undefined;
  if (remembered === undefined) return actingCustomerOfUser(ctx, auth.userId, db);
  actingResolved.add(auth);
  return actingCustomerOfRow(remembered);
}

/**
 * The same for a user known by id rather than by its token: the requester of an order request
 * (issue 15) or of a quote (issue 16), for whom someone else places the agreed order.
 */
export async function actingCustomerOfUser(
  ctx: AppContext,
  userId: number,
  db: Kysely<Database> = ctx.database.db,
): Promise<ActingCustomer> {
  const user = await repo.findUserWithCurrentAddress(db, userId);
  if (!user) throw new AppError('ERR_TOKEN_REVOKED');
  return actingCustomerOfRow(user);
}

function actingCustomerOfRow(user: repo.UserWithCurrentAddress): ActingCustomer {
  const language: Language = isLanguage(user.language) ? user.language : 'hu';

  if (user.role === 'agent') {
    const valid =
      user.address_id !== null &&
      user.address_active === 1 &&
      user.address_customer_id !== null &&
      user.address_agent_user_id === user.id;
    if (!valid) throw new AppError('ERR_NO_CURRENT_SHIPPING');
    return {
      userId: user.id,
      customerId: user.address_customer_id!,
      agentUserId: user.id,
      shippingAddressId: user.address_id,
      priceGroup: user.address_price_group,
      discountBp: user.address_discount_bp ?? 0,
      language,
      shippingAddressAllowed: true,
      companyRole: null,
      orderLimit: null,
      monthlyLimit: null,
    };
  }

  if (user.role !== 'customer' || user.own_customer_id === null) throw new AppError('ERR_FORBIDDEN');
  const chosen =
    user.address_id !== null && user.address_active === 1 && user.address_customer_id === user.own_customer_id
      ? user.address_id
      : null;
  // A login limited to some addresses falls back to the first of those (issue 15).
  const restricted = Boolean(user.address_restricted);
  const fallback = restricted ? user.first_allowed_address_id : user.first_address_id;
  return {
    userId: user.id,
    customerId: user.own_customer_id,
    agentUserId: null,
    shippingAddressId: chosen ?? fallback ?? null,
    priceGroup: user.own_price_group,
    discountBp: user.own_discount_bp ?? 0,
    language,
    shippingAddressAllowed: chosen === null || !restricted || Boolean(user.current_address_allowed),
    companyRole: user.company_role,
    orderLimit: user.order_limit === null ? null : Number(user.order_limit),
    monthlyLimit: user.monthly_limit === null ? null : Number(user.monthly_limit),
  };
}

/** The current shipping address, or ERR_NO_SHIPPING (docs/product.md §8.2) when the customer has none. */
export function requireShippingAddress(acting: ActingCustomer): number {
  if (acting.shippingAddressId === null) {
    throw new AppError(acting.agentUserId === null ? 'ERR_NO_SHIPPING' : 'ERR_NO_CURRENT_SHIPPING');
  }
  return acting.shippingAddressId;
}

import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { CompanyRole, Database } from '../../db/schema';
import { newPasswordColumns } from '../../db/user-columns';

/** Queries of the company users (issue 15). No logic here, only SQL. */

type Db = Kysely<Database>;

const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'customer_id',
  'company_role',
  'order_limit',
  'monthly_limit',
  'is_active',
  'is_disabled',
  'invite_code_hash',
  'invite_expires_at',
  'removed_at',
  'language',
  'created_at',
] as const;

/** The company's logins (not removed), oldest first. */
export async function findCompanyUsers(db: Db, customerId: number) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

export type CompanyUserRow = Awaited<ReturnType<typeof findCompanyUsers>>[number];

export async function findUser(db: Db, userId: number): Promise<CompanyUserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<CompanyUserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

/** The allowed addresses of each given user. */
export async function findAllowedAddresses(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_shipping_addresses')
    .select(['user_id', 'shipping_address_id'])
    .where('user_id', 'in', [...userIds])
    .orderBy('shipping_address_id')
    .execute();
}

export async function replaceAllowedAddresses(db: Db, userId: number, addressIds: readonly number[]) {
  await db.deleteFrom('user_shipping_addresses').where('user_id', '=', userId).execute();
  if (addressIds.length > 0) {
    await db
      .insertInto('user_shipping_addresses')
      .values(addressIds.map((id) => ({ user_id: userId, shipping_address_id: id })))
      .execute();
  }
}

/** The company's active shipping addresses. */
export async function findCompanyAddresses(db: Db, customerId: number) {
  return db
    .selectFrom('shipping_addresses')
    .select(['id', 'zip', 'city', 'apt_suite', 'country'])
    .where('customer_id', '=', customerId)
    .where('is_active', '=', 1)
    .orderBy('city')
    .orderBy('id')
    .execute();
}

export async function findCustomerName(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst();
  return row?.name;
}

/**
 * Serialises the changes of one company's users (the last-owner rule): PostgreSQL locks the
 * customer row; on SQLite a write as the transaction's first statement takes the write lock.
 */
export async function lockCompany(trx: Db, dialect: DialectName, customerId: number): Promise<boolean> {
  if (dialect === 'postgres') {
    const row = await trx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await trx
    .updateTable('customers')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Active owners (accepted, enabled, not removed) other than `exceptUserId`. */
export async function countOtherActiveOwners(db: Db, customerId: number, exceptUserId: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer')
    .where('company_role', '=', 'owner')
    .where('removed_at', 'is', null)
    .where('is_disabled', '=', 0)
    .where('is_active', '=', 1)
    .where('id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewInvitedUser {
  email: string;
  name: string;
  customerId: number;
  companyRole: CompanyRole;
  orderLimit: number | null;
  monthlyLimit: number | null;
  language: string;
  passwordHash: string;
  inviteCodeHash: string;
  inviteExpiresAt: string;
  invitedByUserId: number;
  now: string;
}

/** What an invitation writes into its login, new or renewed: inactive until accepted. */
function invitationColumns(input: NewInvitedUser) {
  return {
    name: input.name,
    password_hash: input.passwordHash,
    language: input.language,
    is_active: 0,
    is_disabled: 0,
    company_role: input.companyRole,
    order_limit: input.orderLimit,
    monthly_limit: input.monthlyLimit,
    invite_code_hash: input.inviteCodeHash,
    invite_expires_at: input.inviteExpiresAt,
    invited_by_user_id: input.invitedByUserId,
  } as const;
}

export async function insertInvitedUser(db: Db, input: NewInvitedUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: input.email,
      role: 'customer',
      customer_id: input.customerId,
      ...invitationColumns(input),
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new invitation for a login that has not accepted one yet, or was removed (same company). */
export async function renewInvitation(db: Db, userId: number, input: NewInvitedUser): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...invitationColumns(input),
      removed_at: null,
      token_version: eb('token_version', '+', 1),
      updated_at: input.now,
    }))
    .where('id', '=', userId)
    .execute();
}

export interface UserChange {
  name?: string;
  company_role?: CompanyRole;
  order_limit?: number | null;
  monthly_limit?: number | null;
  is_disabled?: 0 | 1;
}

/** Applies a change; `revoke` raises the token version (older tokens stop at once). */
export async function updateUser(
  db: Db,
  userId: number,
  change: UserChange,
  revoke: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...change,
      ...(revoke ? { token_version: eb('token_version', '+', 1) } : {}),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

export async function markRemoved(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      removed_at: now,
      is_disabled: 1,
      invite_code_hash: null,
      invite_expires_at: null,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

/** Uses an invitation: only while the stored code is still this one (single use). */
export async function acceptInvitation(
  db: Db,
  userId: number,
  codeHash: string,
  passwordHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      ...newPasswordColumns(eb, passwordHash),
      is_active: 1,
      email_verified_at: now,
      approved_at: now,
      invite_code_hash: null,
      invite_expires_at: null,
      failed_login_count: 0,
      locked_until: null,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .where('invite_code_hash', '=', codeHash)
    .where('removed_at', 'is', null)
    .where('is_disabled', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest changes of the company's users (audit entity `company`, id = the customer). */
export async function findActivity(db: Db, customerId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.action',
      'audit_log.before_json',
      'audit_log.after_json',
      'actor.name as actor_name',
      'actor.role as actor_role',
    ])
    .where('audit_log.entity', '=', 'company')
    .where('audit_log.entity_id', '=', String(customerId))
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}

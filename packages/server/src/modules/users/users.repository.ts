import type { Kysely } from 'kysely';
import type { CustomerRow, Database, UserRow } from '../../db/schema';
import { newPasswordColumns } from '../../db/user-columns';

/** Queries on accounts: users and their customers. No logic here, only SQL. */

type Db = Kysely<Database>;

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** E-mail addresses are compared case-insensitively. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), '=', email.toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
}

export async function findCustomerById(db: Db, customerId: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

export async function customerWithCompanyRegistrationNumberExists(db: Db, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('company_registration_number', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export async function customerWithTaxNumberExists(db: Db, value: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('tax_number', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewRegistration {
  email: string;
  passwordHash: string;
  phone: string;
  name: string;
  isCompany: boolean;
  companyRegistrationNumber: string | null;
  taxNumber: string | null;
  billing: { country: string; countryCode: string | null; zip: string; city: string; aptSuite: string };
  language: string;
  verificationCodeHash: string;
  verificationExpiresAt: string;
  now: string;
}

/** Inserts the customer and its user (role customer, inactive) in one transaction. */
/** `within` runs in the same transaction once the rows exist (the outbox's confirmation mail). */
export async function insertRegistration(
  db: Db,
  input: NewRegistration,
  within?: (trx: Db, ids: { userId: number; customerId: number }) => Promise<void>,
): Promise<{ userId: number; customerId: number }> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx
      .insertInto('customers')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        is_company: input.isCompany ? 1 : 0,
        company_registration_number: input.companyRegistrationNumber,
        tax_number: input.taxNumber,
        billing_country: input.billing.country,
        billing_country_code: input.billing.countryCode,
        billing_zip: input.billing.zip,
        billing_city: input.billing.city,
        billing_apt_suite: input.billing.aptSuite,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: input.passwordHash,
        role: 'customer',
        name: input.name,
        phone: input.phone,
        customer_id: customer.id,
        language: input.language,
        is_active: 0,
        is_disabled: 0,
        email_verification_code_hash: input.verificationCodeHash,
        email_verification_expires_at: input.verificationExpiresAt,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = { userId: user.id, customerId: customer.id };
    await within?.(trx, ids);
    return ids;
  });
}

/** A new confirmation code for an address not confirmed yet (the older link stops working). */
export async function setVerificationCode(
  db: Db,
  userId: number,
  codeHash: string,
  expiresAt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      email_verification_code_hash: codeHash,
      email_verification_expires_at: expiresAt,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the e-mail confirmed if the code is still the stored one (single use). */
export async function markEmailVerified(
  db: Db,
  userId: number,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      email_verified_at: now,
      email_verification_code_hash: null,
      email_verification_expires_at: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('email_verification_code_hash', '=', codeHash)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setResetCode(
  db: Db,
  userId: number,
  codeHash: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ reset_password_code_hash: codeHash, reset_password_expires_at: expiresAt, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a new password through a reset link, if the link's code is still the stored one:
 * the code is used up, older tokens are revoked, the forced change and the lockout end, and an
 * unconfirmed e-mail address counts as confirmed (so an expired confirmation link is no dead end).
 */
export async function resetPasswordWithCode(
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
      reset_password_code_hash: null,
      reset_password_expires_at: null,
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
      // The link reached the mailbox, which confirms the address as well as the verification link would.
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      email_verification_code_hash: null,
      email_verification_expires_at: null,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .where('reset_password_code_hash', '=', codeHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Sets a new password for a signed-in user whose token version is still `tokenVersion`;
 * answers the new token version, or undefined when the version moved meanwhile.
 */
export async function changePassword(
  db: Db,
  userId: number,
  tokenVersion: number,
  passwordHash: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      ...newPasswordColumns(eb, passwordHash),
      reset_password_code_hash: null,
      reset_password_expires_at: null,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .where('token_version', '=', tokenVersion)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

export async function approveUserRow(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      is_active: 1,
      is_disabled: 0,
      approved_at: now,
      rejected_at: null,
      rejection_reason: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function rejectUserRow(
  db: Db,
  userId: number,
  reason: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      is_active: 0,
      is_disabled: 1,
      approved_at: null,
      rejected_at: now,
      rejection_reason: reason,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

/** Confirmed registrations waiting for approval, oldest first. */
export async function listPendingUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.created_at',
      'users.email_verified_at',
      'customers.tax_number',
      'customers.company_registration_number',
    ])
    .where('users.role', '=', 'customer')
    .where('users.is_active', '=', 0)
    .where('users.is_disabled', '=', 0)
    .where('users.email_verified_at', 'is not', null)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
}

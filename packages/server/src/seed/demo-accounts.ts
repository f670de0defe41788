import type { Insertable, Kysely } from 'kysely';
import type { CompanyRole, Database } from '../db/schema';
import { hashPassword } from '../lib/password';
import type { CustomerKey } from './demo-customers';
import { isoDaysFrom } from './demo-products';
import { insertRowsReturning } from './seed-db';

/** The demo accounts: an agent, an administrator, back-office staff and three customer users. */

export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@example.com', password: 'customer123' },
  agent: { email: 'agent@example.com', username: 'agent', password: 'agent123' },
  admin: { email: 'admin@example.com', password: 'admin123' },
  staff: { email: 'staff@example.com', password: 'staff123' },
  pending: { email: 'pending@example.com', password: 'pending123' },
  forced: { email: 'forced@example.com', password: 'forced123' },
  // Users of the demo customer's company (issue 15).
  approver: { email: 'approver@example.com', password: 'approver123' },
  buyer: { email: 'buyer@example.com', password: 'buyer123' },
} as const;

/** The demo buyer's limits, gross minor units: 50,000 Ft per order, 300,000 Ft a month. */
export const DEMO_BUYER_LIMITS = { orderLimit: 5_000_000, monthlyLimit: 30_000_000 } as const;

export type DemoPasswordHashes = Record<keyof typeof DEMO_ACCOUNTS, string>;

/** Every demo password, hashed (once per seed: hashing is deliberately slow). */
export async function hashDemoPasswords(): Promise<DemoPasswordHashes> {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO_ACCOUNTS).map(
        async ([key, account]) => [key, await hashPassword(account.password)] as const,
      ),
    ),
  ) as DemoPasswordHashes;
}

/**
 * The columns every demo user shares unless it says otherwise: no username and no customer, active,
 * verified and approved long ago, never locked, Hungarian, no forced password change.
 */
function userDefaults(now: Date) {
  const longAgo = isoDaysFrom(now, -400);
  const nowIso = now.toISOString();
  return {
    username: null,
    customer_id: null,
    is_active: 1 as const,
    must_change_password: 0 as const,
    approved_at: longAgo,
    phone: null,
    language: 'hu',
    is_disabled: 0 as const,
    email_verified_at: longAgo,
    email_verification_code_hash: null,
    email_verification_expires_at: null,
    reset_password_code_hash: null,
    reset_password_expires_at: null,
    token_version: 0,
    failed_login_count: 0,
    failed_login_window_start: null,
    locked_until: null,
    current_shipping_address_id: null,
    rejected_at: null,
    rejection_reason: null,
    // Company users (issue 15): every login the owner of its company unless it says otherwise.
    company_role: 'owner' as CompanyRole,
    order_limit: null as number | null,
    monthly_limit: null as number | null,
    created_at: longAgo,
    updated_at: nowIso,
  };
}

type UserValues = Insertable<Database['users']>;

/**
 * Inserts demo users, each over the defaults above; answers their ids by e-mail. Besides e-mail,
 * password, role and name a user gives only columns that have a default, so all rows have the same
 * columns.
 */
function insertDemoUsers(
  db: Kysely<Database>,
  now: Date,
  users: (Pick<UserValues, 'email' | 'password_hash' | 'role' | 'name'> & Partial<UserValues>)[],
): Promise<Map<string, number>> {
  const defaults = userDefaults(now);
  return insertRowsReturning(
    db,
    'users',
    users.map((user) => ({ ...defaults, ...user })),
    'email',
  );
}

/** Inserts the agent, the administrator and the staff member; returns the agent's user id. */
export async function insertStaffUsers(
  db: Kysely<Database>,
  hashes: DemoPasswordHashes,
  now: Date,
): Promise<number> {
  const staff = await insertDemoUsers(db, now, [
    {
      email: DEMO_ACCOUNTS.agent.email,
      username: DEMO_ACCOUNTS.agent.username,
      password_hash: hashes.agent,
      role: 'agent' as const,
      name: 'Szabó Gábor',
      phone: '+36 30 555 0199',
    },
    {
      email: DEMO_ACCOUNTS.admin.email,
      username: 'admin',
      password_hash: hashes.admin,
      role: 'admin' as const,
      name: 'Rendszergazda',
    },
    {
      email: DEMO_ACCOUNTS.staff.email,
      password_hash: hashes.staff,
      role: 'staff' as const,
      name: 'Kiss Júlia',
    },
  ]);
  const agentId = staff.get(DEMO_ACCOUNTS.agent.email);
  if (agentId === undefined) throw new Error('agent user was not inserted');

  return agentId;
}

/** Inserts the demo customer, the pending and the forced-change users; returns the demo customer's user id. */
export async function insertCustomerUsers(
  db: Kysely<Database>,
  hashes: DemoPasswordHashes,
  customerId: (key: CustomerKey) => number,
  firstAddress: (key: CustomerKey) => number | null,
  now: Date,
): Promise<number> {
  const customerUsers = await insertDemoUsers(db, now, [
    {
      email: DEMO_ACCOUNTS.customer.email,
      password_hash: hashes.customer,
      role: 'customer' as const,
      name: 'Nguyễn Thị Lan',
      phone: '+36 30 555 1234',
      customer_id: customerId('demo'),
      current_shipping_address_id: firstAddress('demo'),
    },
    {
      email: DEMO_ACCOUNTS.pending.email,
      password_hash: hashes.pending,
      role: 'customer' as const,
      name: 'Tóth Eszter',
      phone: '+36 30 555 5678',
      customer_id: customerId('pending'),
      is_active: 0 as const,
      current_shipping_address_id: firstAddress('pending'),
      email_verified_at: isoDaysFrom(now, -1),
      created_at: isoDaysFrom(now, -1),
      approved_at: null,
    },
    {
      email: DEMO_ACCOUNTS.forced.email,
      password_hash: hashes.forced,
      role: 'customer' as const,
      name: 'Wang Wei',
      phone: '+36 20 555 6789',
      language: 'zh',
      customer_id: customerId('forced'),
      must_change_password: 1 as const,
      current_shipping_address_id: firstAddress('forced'),
      approved_at: isoDaysFrom(now, -3),
    },
    // The demo company's other users (issue 15): an approver, and a buyer with limits who may
    // use only the shop's address.
    {
      email: DEMO_ACCOUNTS.approver.email,
      password_hash: hashes.approver,
      role: 'customer' as const,
      name: 'Trần Văn Minh',
      phone: '+36 30 555 2345',
      customer_id: customerId('demo'),
      company_role: 'approver' as const,
    },
    {
      email: DEMO_ACCOUNTS.buyer.email,
      password_hash: hashes.buyer,
      role: 'customer' as const,
      name: 'Horváth Péter',
      phone: '+36 30 555 3456',
      customer_id: customerId('demo'),
      company_role: 'buyer' as const,
      order_limit: DEMO_BUYER_LIMITS.orderLimit,
      monthly_limit: DEMO_BUYER_LIMITS.monthlyLimit,
      current_shipping_address_id: firstAddress('demo'),
    },
  ]);
  const customerUserId = customerUsers.get(DEMO_ACCOUNTS.customer.email);
  if (customerUserId === undefined) throw new Error('customer user was not inserted');
  const buyerId = customerUsers.get(DEMO_ACCOUNTS.buyer.email);
  const shopAddress = firstAddress('demo');
  if (buyerId !== undefined && shopAddress !== null) {
    await db
      .insertInto('user_shipping_addresses')
      .values({ user_id: buyerId, shipping_address_id: shopAddress })
      .execute();
  }

  return customerUserId;
}

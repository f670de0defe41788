import type { DatabaseHandle } from '../src/db/connection';
import { huTaxNumberCheckDigit } from '@shop/shared/rules/hu-tax-number';
import type { UserRole } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { insertAddress } from '../src/modules/cart/checkout-fixtures';

/** Test accounts inserted straight into the database (no demo seed). */

let counter = 0;
function unique(): number {
  counter += 1;
  return counter;
}

export interface CustomerFixture {
  id: number;
  name: string;
  email: string;
  taxNumber: string | null;
  companyRegistrationNumber: string | null;
}

/** A customer's billing address in Budapest, its street numbered `n` (customers rows of the tests). */
export function testBillingAddress(n: number) {
  return {
    billing_country: 'Magyarország',
    billing_country_code: 'HU',
    billing_zip: '1111',
    billing_city: 'Budapest',
    billing_apt_suite: `Fő utca ${n}.`,
  };
}

export async function insertCustomer(
  database: DatabaseHandle,
  values: {
    name?: string;
    email?: string;
    isCompany?: boolean;
    taxNumber?: string | null;
    companyRegistrationNumber?: string | null;
    agentUserId?: number | null;
  } = {},
): Promise<CustomerFixture> {
  const n = unique();
  const name = values.name ?? `Customer ${n} Kft.`;
  const email = values.email ?? `customer${n}-${Date.now()}@example.com`;
  const taxNumber = values.taxNumber === undefined ? null : values.taxNumber;
  const companyRegistrationNumber =
    values.companyRegistrationNumber === undefined ? null : values.companyRegistrationNumber;
  const now = new Date().toISOString();
  const row = await database.db
    .insertInto('customers')
    .values({
      name,
      email,
      phone: '+36 1 234 5678',
      is_company: values.isCompany === false ? 0 : 1,
      company_registration_number: companyRegistrationNumber,
      tax_number: taxNumber,
      ...testBillingAddress(n),
      agent_user_id: values.agentUserId ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, email, taxNumber, companyRegistrationNumber };
}

export interface UserFixture {
  id: number;
  email: string;
  password: string;
  customerId: number | null;
}

export async function insertUser(
  database: DatabaseHandle,
  values: {
    email?: string;
    username?: string | null;
    password?: string;
    role?: UserRole;
    name?: string;
    customerId?: number | null;
    language?: string;
    isActive?: boolean;
    isDisabled?: boolean;
    emailVerified?: boolean;
    mustChangePassword?: boolean;
    currentShippingAddressId?: number | null;
  } = {},
): Promise<UserFixture> {
  const n = unique();
  const email = values.email ?? `user${n}-${Date.now()}@example.com`;
  const password = values.password ?? `Secret-${n}-pw`;
  const now = new Date().toISOString();
  const row = await database.db
    .insertInto('users')
    .values({
      email,
      username: values.username ?? null,
      password_hash: await hashPassword(password),
      role: values.role ?? 'customer',
      name: values.name ?? `User ${n}`,
      phone: '+36 30 123 4567',
      customer_id: values.customerId ?? null,
      language: values.language ?? 'hu',
      is_active: values.isActive === false ? 0 : 1,
      is_disabled: values.isDisabled ? 1 : 0,
      email_verified_at: values.emailVerified === false ? null : now,
      must_change_password: values.mustChangePassword ? 1 : 0,
      current_shipping_address_id: values.currentShippingAddressId ?? null,
      approved_at: values.isActive === false ? null : now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, customerId: values.customerId ?? null };
}

/** A customer with its one active user. */
export async function insertCustomerAccount(
  database: DatabaseHandle,
  values: Parameters<typeof insertUser>[1] & { customer?: Parameters<typeof insertCustomer>[1] } = {},
): Promise<{ customer: CustomerFixture; user: UserFixture }> {
  const { customer: customerValues, ...userValues } = values;
  const customer = await insertCustomer(database, customerValues);
  const user = await insertUser(database, { name: customer.name, ...userValues, customerId: customer.id });
  return { customer, user };
}

/** An active shipping address of `customerId` without a route (insertAddress of the checkout fixtures). */
export function insertShippingAddress(
  database: DatabaseHandle,
  customerId: number,
  values: { city?: string; logisticsCost?: number; note?: string | null } = {},
): Promise<number> {
  return insertAddress(database, customerId, values);
}

/** A valid Hungarian tax number made from a seed number (check digit computed). */
export function validTaxNumber(seed: number, vatCode = 2, territory = '41'): string {
  const first7 = String(1_000_000 + (seed % 9_000_000))
    .padStart(7, '0')
    .slice(-7);
  return `${first7}${huTaxNumberCheckDigit(first7)}-${vatCode}-${territory}`;
}

/** A valid company registration number made from a seed number. */
export function validCompanyRegistrationNumber(seed: number): string {
  return `01-09-${String(seed % 1_000_000).padStart(6, '0')}`;
}

/** The billing address of {@link companyRegistration}'s body. */
export const REGISTRATION_BILLING = {
  country: 'Magyarország',
  countryCode: 'HU',
  zip: '1051',
  city: 'Budapest',
  aptSuite: 'Nádor utca 5.',
};

let registrationCounter = 0;
const registrationBase = Math.floor(Math.random() * 800_000);
/** A complete, valid registration body of a company (override any field). */
export function companyRegistration(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> & { email: string; password: string } {
  registrationCounter += 1;
  const seed = registrationBase + registrationCounter;
  return {
    email: `company${seed}@example.com`,
    password: 'Jelszo-123',
    phone: '+36 30 123 4567',
    name: `Példa ${seed} Kft.`,
    isCompany: true,
    companyRegistrationNumber: validCompanyRegistrationNumber(seed),
    taxNumber: validTaxNumber(seed),
    billing: { ...REGISTRATION_BILLING },
    language: 'en',
    ...overrides,
  } as Record<string, unknown> & { email: string; password: string };
}

let ipCounter = 0;
/** A fresh client address for `inject`, so the per-IP rate limits of one test do not hit another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

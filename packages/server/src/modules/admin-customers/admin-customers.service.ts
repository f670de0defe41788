import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AdminAddress, CustomerDetail, CustomerListItem } from '@shop/shared/contracts/admin-customers';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import {
  type addressInputSchema,
  type createAccountSchema,
  type updateCustomerSchema,
} from '@shop/shared/contracts/admin-customers';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { CustomerRow, Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { renderMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/password';
import { isLanguage } from '@shop/shared/i18n/languages';
import { recordAudit } from '../admin/admin-access';
import { pageOf } from '../admin/admin-query';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { uniqueViolationColumn } from '../users/unique-violation';
import { findCustomerById, findUserByEmail } from '../users/users.repository';
import { sumPendingDeferred } from '../checkout/checkout-rules.repository';
import { findRoute } from '../admin-logistics/admin-logistics.repository';
import {
  agentExists,
  countPaymentMethods,
  customerPaymentMethodIds,
  findAccountUser,
  findShippingAddress,
  insertCustomerRow,
  insertShippingAddress,
  insertUserRow,
  listAccounts,
  listAgentCustomers,
  listAgents,
  listDeliveryRouteChoices,
  listPaymentMethodChoices,
  listPriceGroups,
  listShippingAddresses,
  replaceCustomerPaymentMethods,
  updateAccountUser,
  updateCustomerRow,
  updateShippingAddress,
  type AccountFilter,
} from './admin-customers.repository';
import { billingAddressOf } from '../customers/billing-address';
import { customerBasicsOf } from '../customers/customer-basics';

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
type Trx = Transaction<Database>;

export async function listCustomers(
  ctx: AppContext,
  query: AccountFilter,
): Promise<AdminPage<CustomerListItem>> {
  return pageOf(query, await listAccounts(ctx.database.db, query), (row) => ({
    userId: row.id,
    role: row.role === 'agent' ? 'agent' : 'customer',
    email: row.email,
    name: row.name,
    customerId: row.customer_id,
    customerName: row.customer_name ?? null,
    taxNumber: row.tax_number ?? null,
    agentName: row.agent_name ?? null,
    priceGroup: row.price_group ?? null,
    discountBp: row.customer_discount_bp ?? null,
    isActive: row.is_active === 1,
    isDisabled: row.is_disabled === 1,
    mustChangePassword: row.must_change_password === 1,
  }));
}

async function accountUser(db: AppContext['database']['db'] | Trx, userId: number) {
  const user = await findAccountUser(db, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

function toAddress(row: {
  id: number;
  zip: string;
  city: string;
  apt_suite: string;
  country: string;
  country_code: string | null;
  logistics_cost: number;
  delivery_route_id: number | null;
  note: string | null;
  is_active: number;
}): AdminAddress {
  return {
    id: row.id,
    zip: row.zip,
    city: row.city,
    aptSuite: row.apt_suite,
    country: row.country,
    countryCode: row.country_code,
    logisticsCost: row.logistics_cost,
    deliveryRouteId: row.delivery_route_id,
    note: row.note,
    isActive: row.is_active === 1,
  };
}

/** Issue 16: the customer's purchase-order and credit settings as the back office shows them. */
function creditFields(row: CustomerRow) {
  return {
    purchaseOrderNumberRequired: row.purchase_order_number_required === 1,
    creditLimit: row.credit_limit === null ? null : Number(row.credit_limit),
    openBalance: Number(row.open_balance),
    openBalanceAt: row.open_balance_at,
  };
}

export async function getCustomer(ctx: AppContext, userId: number): Promise<CustomerDetail> {
  const db = ctx.database.db;
  const user = await accountUser(db, userId);
  const [customer, agents, paymentMethods, routes, priceGroups, agentCustomers] = await Promise.all([
    user.customer_id === null ? Promise.resolve(undefined) : findCustomerById(db, user.customer_id),
    listAgents(db),
    listPaymentMethodChoices(db),
    listDeliveryRouteChoices(db),
    listPriceGroups(db),
    user.role === 'agent' ? listAgentCustomers(db, user.id) : Promise.resolve([]),
  ]);
  let customerOut: CustomerDetail['customer'] = null;
  if (customer) {
    const [paymentMethodIds, addresses, pendingDeferred] = await Promise.all([
      customerPaymentMethodIds(db, customer.id),
      listShippingAddresses(db, customer.id),
      sumPendingDeferred(db, customer.id, customer.open_balance_at),
    ]);
    customerOut = {
      ...customerBasicsOf(customer),
      billing: billingAddressOf(customer),
      agentUserId: customer.agent_user_id,
      priceGroup: customer.price_group,
      discountBp: customer.customer_discount_bp,
      paymentMethodIds,
      addresses: addresses.map(toAddress),
      ...creditFields(customer),
      pendingDeferred,
    };
  }
  return {
    userId: user.id,
    role: user.role === 'agent' ? 'agent' : 'customer',
    email: user.email,
    username: user.username,
    name: user.name,
    phone: user.phone,
    language: user.language,
    isActive: user.is_active === 1,
    isDisabled: user.is_disabled === 1,
    mustChangePassword: user.must_change_password === 1,
    createdAt: user.created_at,
    customer: customerOut,
    agentCustomers,
    options: {
      agents: agents.map((row) => ({ userId: row.id, name: row.name })),
      paymentMethods: paymentMethods.map((row) => ({
        id: row.id,
        name: row.name,
        isActive: row.is_active === 1,
      })),
      deliveryRoutes: routes,
      priceGroups,
    },
  };
}

/** The audited part of an account (never the password hash or codes). */
function auditState(detail: CustomerDetail) {
  const { options: _options, agentCustomers: _agentCustomers, createdAt: _createdAt, ...rest } = detail;
  void _options;
  void _agentCustomers;
  void _createdAt;
  if (!rest.customer) return rest;
  const { addresses: _addresses, ...customer } = rest.customer;
  void _addresses;
  return { ...rest, customer };
}

/**
 * Edits an account and its customer in one transaction, audited: contact data, the agent link,
 * price group and discount, payment methods, the forced password change, disabling (which
 * revokes the account's tokens at once: token version + 1).
 */
export async function updateCustomer(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof updateCustomerSchema>,
  actorUserId: number,
): Promise<CustomerDetail> {
  const db = ctx.database.db;
  const now = ctx.now();
  const before = await getCustomer(ctx, userId);
  if (input.customer && !before.customer) throw new AppError('ERR_VALIDATION');
  const c = input.customer;
  try {
    await db.transaction().execute(async (trx) => {
      if (c?.agentUserId !== undefined && c.agentUserId !== null) {
        if (!(await agentExists(trx, c.agentUserId))) throw new AppError('ERR_INVALID_AGENT');
      }
      if (c?.paymentMethodIds) {
        const ids = [...new Set(c.paymentMethodIds)];
        if ((await countPaymentMethods(trx, ids)) !== ids.length) {
          throw new AppError('ERR_INVALID_PAYMENT_METHOD');
        }
      }
      const disabling = input.disabled === true && !before.isDisabled;
      await updateAccountUser(
        trx,
        userId,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.mustChangePassword !== undefined
            ? { must_change_password: input.mustChangePassword ? 1 : 0 }
            : {}),
          ...(input.disabled !== undefined ? { is_disabled: input.disabled ? 1 : 0 } : {}),
          updated_at: now.toISOString(),
        },
        disabling,
      );
      if (c && before.customer) {
        const customerId = before.customer.id;
        const set = {
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.email !== undefined ? { email: c.email } : {}),
          ...(c.phone !== undefined ? { phone: c.phone } : {}),
          ...(c.taxNumber !== undefined ? { tax_number: c.taxNumber } : {}),
          ...(c.companyRegistrationNumber !== undefined
            ? { company_registration_number: c.companyRegistrationNumber }
            : {}),
          ...(c.billing
            ? {
                billing_country: c.billing.country,
                billing_country_code: c.billing.countryCode,
                billing_zip: c.billing.zip,
                billing_city: c.billing.city,
                billing_apt_suite: c.billing.aptSuite,
              }
            : {}),
          ...(c.agentUserId !== undefined ? { agent_user_id: c.agentUserId } : {}),
          ...(c.priceGroup !== undefined ? { price_group: c.priceGroup } : {}),
          ...(c.discountBp !== undefined ? { customer_discount_bp: c.discountBp } : {}),
          // Issue 16: purchase-order number, credit limit, open balance (its instant is now).
          ...(c.purchaseOrderNumberRequired !== undefined
            ? { purchase_order_number_required: c.purchaseOrderNumberRequired ? (1 as const) : (0 as const) }
            : {}),
          ...(c.creditLimit !== undefined ? { credit_limit: c.creditLimit } : {}),
          ...(c.openBalance !== undefined
            ? { open_balance: c.openBalance, open_balance_at: now.toISOString() }
            : {}),
        };
        if (Object.keys(set).length > 0) {
          await updateCustomerRow(trx, customerId, { ...set, updated_at: now.toISOString() });
        }
        if (c.paymentMethodIds) {
          await replaceCustomerPaymentMethods(trx, customerId, [...new Set(c.paymentMethodIds)]);
        }
      }
      const afterInTrx = await detailIn(ctx, trx, userId, before);
      await recordAudit(trx, {
        actorUserId,
        action: disabling ? 'disable' : 'update',
        entity: before.role === 'agent' ? 'agent' : 'customer',
        entityId: userId,
        before: auditState(before),
        after: auditState(afterInTrx),
        at: now,
      });
    });
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column === 'tax_number') throw new AppError('ERR_DUP_TAX_NUM');
    if (column === 'company_registration_number') throw new AppError('ERR_DUP_COMP_REG_NUM');
    throw error;
  }
  return getCustomer(ctx, userId);
}

/** The account as the transaction sees it (for the audit's "after"). */
async function detailIn(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  before: CustomerDetail,
): Promise<CustomerDetail> {
  const user = await accountUser(trx, userId);
  let customer = before.customer;
  if (customer) {
    const row = await findCustomerById(trx, customer.id);
    if (!row) throw new AppError('ERR_NO_USER_FOUND');
    const paymentMethodIds = await customerPaymentMethodIds(trx, customer.id);
    customer = {
      ...customer,
      name: row.name,
      email: row.email,
      phone: row.phone,
      taxNumber: row.tax_number,
      companyRegistrationNumber: row.company_registration_number,
      billing: billingAddressOf(row),
      agentUserId: row.agent_user_id,
      priceGroup: row.price_group,
      discountBp: row.customer_discount_bp,
      paymentMethodIds,
      ...creditFields(row),
    };
  }
  void ctx;
  return {
    ...before,
    name: user.name,
    phone: user.phone,
    isDisabled: user.is_disabled === 1,
    mustChangePassword: user.must_change_password === 1,
    customer,
  };
}

async function checkRoute(trx: Trx, routeId: number | null): Promise<void> {
  if (routeId === null) return;
  if (!(await findRoute(trx, routeId))) throw new AppError('ERR_INVALID_DELIVERY_ROUTE');
}

/** Adds or changes a shipping address of the account's customer (logistics cost, delivery route), audited. */
export async function saveAddress(
  ctx: AppContext,
  userId: number,
  addressId: number | null,
  input: z.output<typeof addressInputSchema>,
  actorUserId: number,
): Promise<AdminAddress> {
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await accountUser(db, userId);
  if (user.customer_id === null) throw new AppError('ERR_NO_USER_FOUND');
  const customerId = user.customer_id;
  return db.transaction().execute(async (trx) => {
    await checkRoute(trx, input.deliveryRouteId);
    const values = {
      zip: input.zip,
      city: input.city,
      apt_suite: input.aptSuite,
      country: input.country,
      country_code: input.countryCode,
      logistics_cost: input.logisticsCost,
      delivery_route_id: input.deliveryRouteId,
      note: input.note,
      is_active: input.isActive ? 1 : 0,
    } as const;
    let before: AdminAddress | null = null;
    let row;
    if (addressId === null) {
      row = await insertShippingAddress(trx, customerId, values, now.toISOString());
    } else {
      const existing = await findShippingAddress(trx, addressId, customerId);
      if (!existing) throw new AppError('ERR_INVALID_SHIPPING_ADDRESS_ID');
      before = toAddress(existing);
      row = await updateShippingAddress(trx, addressId, values);
    }
    const after = toAddress(row);
    await recordAudit(trx, {
      actorUserId,
      action: addressId === null ? 'create' : 'update',
      entity: 'shipping_address',
      entityId: after.id,
      before: before ? { customerId, ...before } : null,
      after: { customerId, ...after },
      at: now,
    });
    return after;
  });
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A 12-character password without look-alike characters (crypto random). */
export function generatePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * Creates a customer (with its customer record) or an agent with a generated password, active at
 * once, and mails the password. A customer must change it at the first login (the shop's forced
 * change); agents change passwords in the back office only, so theirs is not forced. The mail is
 * written to the outbox with the account (docs/decisions/0019-outbox.md); the outbox drops its body
 * once it is sent, so the first password is not kept.
 */
export async function createAccount(
  ctx: AppContext,
  input: z.output<typeof createAccountSchema>,
  actorUserId: number,
  _log: Logger,
): Promise<{ userId: number; customerId: number | null; mailSent: boolean }> {
  const db = ctx.database.db;
  const now = ctx.now().toISOString();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  let ids: { userId: number; customerId: number | null };
  try {
    ids = await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email)) throw new AppError('ERR_DUP_EMAIL');
      let customerId: number | null = null;
      if (input.role === 'customer') {
        const c = input.customer;
        if (c.agentUserId !== null && !(await agentExists(trx, c.agentUserId))) {
          throw new AppError('ERR_INVALID_AGENT');
        }
        customerId = await insertCustomerRow(trx, {
          name: c.name,
          email: input.email,
          phone: input.phone,
          is_company: c.isCompany ? 1 : 0,
          tax_number: c.taxNumber,
          company_registration_number: c.companyRegistrationNumber,
          billing_country: c.billing.country,
          billing_country_code: c.billing.countryCode,
          billing_zip: c.billing.zip,
          billing_city: c.billing.city,
          billing_apt_suite: c.billing.aptSuite,
          agent_user_id: c.agentUserId,
          created_at: now,
          updated_at: now,
        });
      }
      const userId = await insertUserRow(trx, {
        email: input.email,
        password_hash: passwordHash,
        role: input.role,
        name: input.name,
        phone: input.phone,
        customer_id: customerId,
        language: input.language,
        is_active: 1,
        is_disabled: 0,
        email_verified_at: now,
        approved_at: now,
        must_change_password: input.role === 'customer' ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      const { ...auditInput } = input;
      await recordAudit(trx, {
        actorUserId,
        action: 'create',
        entity: input.role,
        entityId: userId,
        before: null,
        after: { ...auditInput, customerId, mustChangePassword: input.role === 'customer' },
        at: new Date(now),
      });
      await enqueue(ctx, trx, {
        kind: 'mail',
        mail: {
          to: input.email,
          ...renderMail('accountCreated', isLanguage(input.language) ? input.language : 'hu', {
            name: input.name,
            email: input.email,
            password,
            link: `${ctx.config.publicUrl}/login`,
          }),
        },
      });
      return { userId, customerId };
    });
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column === 'email') throw new AppError('ERR_DUP_EMAIL');
    if (column === 'tax_number') throw new AppError('ERR_DUP_TAX_NUM');
    if (column === 'company_registration_number') throw new AppError('ERR_DUP_COMP_REG_NUM');
    throw error;
  }
  wakeOutbox(ctx);
  return { ...ids, mailSent: true };
}

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Config } from '../src/config';
import type { DialectName } from '../src/db/connection';
import type { CompanyRole, Database } from '../src/db/schema';
import {
  api,
  type BuyerFixture,
  insertBuyer,
  insertMethods,
  insertProduct,
  insertStaff,
  type MethodsFixture,
  type ProductFixture,
  tokenFor,
} from '../src/modules/cart/checkout-fixtures';
import { insertAdminParties } from '../src/modules/admin-orders/admin-test-fixtures';
import { countingHandle } from './query-counter';
import { startTestApp, stopTestApp, type TestApp } from './test-app';
import { startTestSmtp, type TestSmtp } from './test-smtp';

/**
 * The shop a server test works in, set up once per `describe` (see useShopWorld): a fresh database of
 * one dialect, the app on it, the shop's shipping and payment methods, and the calls every test makes.
 */
export interface ShopWorld extends TestApp {
  /** The shipping and payment methods inserted at start (see insertMethods). */
  methods: MethodsFixture;
  /** A staff login (only with `staff: true`). */
  staff: { userId: number; token: string };
  /** An admin login, with every back-office permission (only with `admin: true`). */
  admin: { userId: number; token: string };
  /** The real SMTP server the shop mails to (only with `smtp: true`). */
  smtp: TestSmtp;
  /** The test database's query builder. */
  db(): Kysely<Database>;
  /** One request through `app.inject`: JSON in, the response out. */
  call(
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A request that must answer 200 (the test fails with the method, URL and body otherwise); its JSON. */
  ok<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<T>;
  /**
   * Pickup and cash (or the shipping and payment method given) chosen in `token`'s cart, then these
   * lines set (each call must answer 200).
   */
  fillCart(
    token: string,
    lines: [{ sku: string }, number][],
    choice?: { shippingMethodCode?: string; paymentMethodId?: number },
  ): Promise<void>;
  /**
   * The SQL statements the app ran through its database during `run`, and what `run` answered (only
   * with `countQueries: true`; the test's own reads through `db()` do not count).
   */
  queriesOf<T>(run: () => Promise<T>): Promise<{ queries: number; result: T }>;
  /** The mails written to the outbox so far (whatever their delivery state), oldest first. */
  outboxMails(): Promise<{ to: string; subject: string; text: string }[]>;
  /** A product's stock in the database. */
  stockOf(productId: number): Promise<number>;
  /** One order's row in the database (the test fails when there is none). */
  orderRow(orderId: number): Promise<Selectable<Database['orders']>>;
  /**
   * Checks that the order placed by approving `approvalId` is in the database as placed by
   * `requesterUserId`, approved by `approverUserId`, for `itemsGross` (minor units); answers its row.
   */
  expectApprovedOrder(
    orderId: number,
    expected: { requesterUserId: number; approverUserId: number; approvalId: number; itemsGross: number },
  ): Promise<Selectable<Database['orders']>>;
  /** A customer's orders in the database, oldest first. */
  ordersOf(customerId: number): Promise<Selectable<Database['orders']>[]>;
}

export interface ShopWorldOptions {
  /** The time the server sees at start. */
  now: Date;
  /** Set the clock back to `now` before every test. */
  resetClock?: boolean;
  /** Mail to a real SMTP server started for this world (`world.smtp`). */
  smtp?: boolean;
  /** Insert a staff login (`world.staff`). */
  staff?: boolean;
  /** Insert an admin login (`world.admin`). */
  admin?: boolean;
  /** Insert the shipping and payment methods (default true). */
  methods?: boolean;
  /** Run the app's outbox dispatcher (default true, as buildApp). */
  outbox?: boolean;
  /** Count the statements the app runs (`world.queriesOf`). */
  countQueries?: boolean;
  config?: Partial<Config>;
}

/**
 * Registers the beforeAll / afterAll (and with `resetClock` the beforeEach) of a test world on
 * `dialect` and returns it. Its fields are there from the first test on; its functions may be taken
 * apart at once (`const { call, ok } = world`).
 */
export function useShopWorld(dialect: DialectName, options: ShopWorldOptions): ShopWorld {
  const world = {} as ShopWorld;
  world.db = () => world.testDb.handle.db;
  world.call = (method, url, token, payload) => api(world.app)(method, url, token, payload);
  world.ok = async <T>(method: InjectOptions['method'], url: string, token?: string, payload?: unknown) => {
    const res = await world.call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  world.fillCart = async (token, lines, choice = {}) => {
    await world.ok('PUT', '/api/cart/shipping-method', token, {
      shippingMethodCode: choice.shippingMethodCode ?? 'pickup-customer',
    });
    await world.ok('PUT', '/api/cart/payment-method', token, {
      paymentMethodId: choice.paymentMethodId ?? world.methods.cash,
    });
    for (const [product, quantity] of lines) {
      await world.ok('POST', '/api/cart/set-product-quantity', token, { productSku: product.sku, quantity });
    }
  };
  world.outboxMails = async () =>
    (
      await world
        .db()
        .selectFrom('outbox')
        .select('payload')
        .where('kind', '=', 'mail')
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.payload ?? '{}') as { to: string; subject: string; text: string });
  world.stockOf = async (productId) =>
    Number(
      (
        await world
          .db()
          .selectFrom('products')
          .select('stock')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
      ).stock,
    );
  world.orderRow = (orderId) =>
    world.db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  world.expectApprovedOrder = async (orderId, expected) => {
    const order = await world.orderRow(orderId);
    expect(order).toMatchObject({
      user_id: expected.requesterUserId,
      approved_by_user_id: expected.approverUserId,
      approval_id: expected.approvalId,
    });
    expect(Number(order.items_sum_gross)).toBe(expected.itemsGross);
    return order;
  };
  world.ordersOf = (customerId) =>
    world.db().selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  let counter: { queries: number } | undefined;
  world.queriesOf = async <T>(run: () => Promise<T>) => {
    if (!counter) throw new Error('useShopWorld: queriesOf needs countQueries: true');
    counter.queries = 0;
    const result = await run();
    return { queries: counter.queries, result };
  };

  beforeAll(async () => {
    if (options.smtp) world.smtp = await startTestSmtp();
    Object.assign(
      world,
      await startTestApp(
        dialect,
        { now: options.now, config: options.config, ...(options.smtp ? { mailer: world.smtp.mailer } : {}) },
        { outbox: options.outbox },
        options.countQueries
          ? (handle) => {
              const counting = countingHandle(handle);
              counter = counting.counter;
              return counting.handle;
            }
          : undefined,
      ),
    );
    if (options.methods !== false) world.methods = await insertMethods(world.testDb.handle);
    if (options.staff) world.staff = await insertStaff(world.ctx);
    if (options.admin) world.admin = (await insertAdminParties(world.ctx)).admin;
  });
  if (options.resetClock) beforeEach(() => world.ctx.clock.set(options.now));
  afterAll(async () => {
    await stopTestApp(world.app, world.testDb);
    await world.smtp?.close();
  });
  return world;
}

/** Where the mails of the account tests (sign-up, password reset, company invitations) link to. */
export const ACCOUNTS_PUBLIC_URL = 'http://shop.test';

/**
 * The world of the account tests: mail over a real SMTP server, links to ACCOUNTS_PUBLIC_URL, no
 * shipping or payment methods, and the clock set back to `now` before each test.
 */
export function useAccountsWorld(dialect: DialectName, now: Date): ShopWorld {
  return useShopWorld(dialect, {
    now,
    resetClock: true,
    smtp: true,
    methods: false,
    config: { publicUrl: ACCOUNTS_PUBLIC_URL },
  });
}

/** A login of a company that is not its owner. */
export interface CompanyMember {
  userId: number;
  email: string;
  name: string;
  token: string;
}

let memberCounter = 0;

/** Another login of `customerId`'s company with `role` and limits (none by default). */
export async function insertCompanyMember(
  world: ShopWorld,
  customerId: number,
  role: CompanyRole,
  limits: { orderLimit?: number | null; monthlyLimit?: number | null } = {},
): Promise<CompanyMember> {
  memberCounter += 1;
  const email = `${role}${memberCounter}-${world.testDb.dialect}-${Date.now()}@example.com`;
  const name = `${role} ${memberCounter}`;
  const row = await world
    .db()
    .insertInto('users')
    .values({
      email,
      password_hash: 'not-a-real-hash',
      role: 'customer',
      name,
      customer_id: customerId,
      language: 'en',
      is_active: 1,
      company_role: role,
      order_limit: limits.orderLimit ?? null,
      monthly_limit: limits.monthlyLimit ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await tokenFor(world.ctx, { userId: row.id, customerId, role: 'customer' });
  return { userId: row.id, email, name, token };
}

/**
 * A company with bank transfer and cash to pay with: its first login is the owner; with an approver, a
 * buyer (order and monthly limits as given, default none) and a requester; `member` adds more.
 */
export async function insertCompany(
  world: ShopWorld,
  limits: { buyerOrderLimit?: number | null; buyerMonthlyLimit?: number | null } = {},
): Promise<{
  owner: BuyerFixture;
  approver: CompanyMember;
  buyer: CompanyMember;
  requester: CompanyMember;
  member: (
    role: CompanyRole,
    orderLimit?: number | null,
    monthlyLimit?: number | null,
  ) => Promise<CompanyMember>;
}> {
  const owner = await insertBuyer(world.ctx, {
    paymentMethodIds: [world.methods.bankTransfer, world.methods.cash],
    logisticsCost: 0,
  });
  const member = (role: CompanyRole, orderLimit: number | null = null, monthlyLimit: number | null = null) =>
    insertCompanyMember(world, owner.customerId, role, { orderLimit, monthlyLimit });
  return {
    owner,
    approver: await member('approver'),
    buyer: await member('buyer', limits.buyerOrderLimit ?? null, limits.buyerMonthlyLimit ?? null),
    requester: await member('requester'),
    member,
  };
}

/** `count` products inserted one by one, the i-th (from 0) with `values(i)` (see insertProduct). */
export async function insertProducts(
  world: ShopWorld,
  count: number,
  values: (index: number) => Parameters<typeof insertProduct>[1],
): Promise<ProductFixture[]> {
  const products: ProductFixture[] = [];
  for (let index = 0; index < count; index += 1) {
    products.push(await insertProduct(world.testDb.handle, values(index)));
  }
  return products;
}

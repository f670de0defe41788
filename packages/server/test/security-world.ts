import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/app-context';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { DialectName } from '../src/db/connection';
import {
  insertAddress,
  insertAgent,
  insertBuyer,
  insertMethods,
  insertStaff,
} from '../src/modules/cart/checkout-fixtures';
import {
  insertCatalogue,
  insertOrder,
  type CatalogueFixture,
} from '../src/modules/products/catalogue.fixture';
import { createTestDatabase, type TestDatabase } from './test-db';
import { insertUser } from './account-fixtures';
import { createAuth } from '../src/http/auth';
import { testContext } from './test-config';

/** Strings only customer A's data contains: an answer to anybody else must never include them. */
export const A_MARKERS = {
  name: 'Alfa Titok 4471 Kft.',
  comment: 'alfa-titkos-megjegyzes-9182',
  city: 'Alfavaros-5521',
};

export interface Party {
  userId: number;
  customerId: number | null;
  token: string;
}

/**
 * A shop with two customers (A and B, each with an address, a cart line and an order), an agent
 * for customer C (its current address chosen) and another agent for customer D, and a staff
 * member, served by a real HTTP server on a free port. For the security tests.
 */
export interface SecurityWorld {
  testDb: TestDatabase;
  ctx: AppContext;
  app: FastifyInstance;
  baseUrl: string;
  catalogue: CatalogueFixture;
  /** Customer A, whose data the others try to reach; `email` is in no other party's data. */
  a: Party & {
    addressId: number;
    orderId: number;
    email: string;
    userEmail: string;
    /** A saved order list of A (its name carries A_MARKERS.comment), with one line. */
    listId: number;
  };
  b: Party & { addressId: number; orderId: number };
  agent: Party & { customerC: number; addressC: number };
  otherAgent: Party & { customerD: number; addressD: number };
  staff: Party;
  /** An administrator: every back-office permission. */
  admin: Party;
  close(): Promise<void>;
}

export async function createSecurityWorld(
  dialect: DialectName,
  config: Partial<Config> = {},
): Promise<SecurityWorld> {
  const testDb = await createTestDatabase(dialect);
  const ctx = testContext(testDb.handle, { config: { trustProxy: true, ...config } });
  const catalogue = await insertCatalogue(testDb.handle);
  const methods = await insertMethods(testDb.handle);
  const paymentMethodIds = [methods.bankTransfer, methods.cash];
  const buyerA = await insertBuyer(ctx, { paymentMethodIds, name: A_MARKERS.name });
  const buyerB = await insertBuyer(ctx, { paymentMethodIds, name: 'B Kft.' });
  const agent = await insertAgent(ctx);
  const otherAgent = await insertAgent(ctx);
  const customerC = await insertBuyer(ctx, { paymentMethodIds, agentUserId: agent.userId, name: 'C Kft.' });
  const customerD = await insertBuyer(ctx, {
    paymentMethodIds,
    agentUserId: otherAgent.userId,
    name: 'D Kft.',
  });
  const staff = await insertStaff(ctx);
  const adminUser = await insertUser(testDb.handle, { role: 'admin', name: 'Admin' });
  const adminToken = await createAuth(ctx).sign(
    { userId: adminUser.id, customerId: null, isAgent: false, role: 'admin', tokenVersion: 0 },
    false,
  );
  const db = testDb.handle.db;
  // Each agent acts for its own customer.
  for (const [userId, addressId] of [
    [agent.userId, customerC.addressId],
    [otherAgent.userId, customerD.addressId],
  ] as const) {
    await db
      .updateTable('users')
      .set({ current_shipping_address_id: addressId })
      .where('id', '=', userId)
      .execute();
  }
  const productId = catalogue.productId.get(2)!;
  const orders: number[] = [];
  for (const buyer of [buyerA, buyerB]) {
    orders.push(
      await insertOrder(testDb.handle, catalogue, {
        customerId: buyer.customerId,
        userId: buyer.userId,
        createdAt: '2026-03-01T10:00:00.000Z',
        lines: [[2, 3]],
      }),
    );
    const cart = await db
      .insertInto('carts')
      .values({
        user_id: buyer.userId,
        customer_id: buyer.customerId,
        comment_webshop: buyer === buyerA ? A_MARKERS.comment : 'B megjegyzés',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cart_items')
      .values({ cart_id: cart.id, product_id: productId, quantity: 2 })
      .execute();
  }
  await insertAddress(testDb.handle, buyerA.customerId, { city: A_MARKERS.city, note: A_MARKERS.comment });
  const listOfA = await db
    .insertInto('order_lists')
    .values({
      customer_id: buyerA.customerId,
      name: `Lista ${A_MARKERS.comment}`,
      created_by_user_id: buyerA.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_list_items')
    .values({ list_id: listOfA.id, product_id: productId, quantity: 3, position: 0 })
    .execute();
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    testDb,
    ctx,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    catalogue,
    a: {
      userId: buyerA.userId,
      customerId: buyerA.customerId,
      token: buyerA.token,
      addressId: buyerA.addressId,
      orderId: orders[0]!,
      email: buyerA.email,
      userEmail: buyerA.userEmail,
      listId: listOfA.id,
    },
    b: {
      userId: buyerB.userId,
      customerId: buyerB.customerId,
      token: buyerB.token,
      addressId: buyerB.addressId,
      orderId: orders[1]!,
    },
    agent: {
      userId: agent.userId,
      customerId: null,
      token: agent.token,
      customerC: customerC.customerId,
      addressC: customerC.addressId,
    },
    otherAgent: {
      userId: otherAgent.userId,
      customerId: null,
      token: otherAgent.token,
      customerD: customerD.customerId,
      addressD: customerD.addressId,
    },
    staff: { userId: staff.userId, customerId: null, token: staff.token },
    admin: { userId: adminUser.id, customerId: null, token: adminToken },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * A pending order approval request of customer A (issue 15) sent by `requesterUserId`, expiring in
 * 2099, with no checkout choices but the shipping address when given; answers its id. Its lines are
 * the caller's to add.
 */
export async function insertPendingApprovalOfA(
  world: SecurityWorld,
  values: { requesterUserId: number; itemsGross: number; shippingAddressId?: number; comment?: string },
): Promise<number> {
  const nowIso = world.ctx.now().toISOString();
  const row = await world.testDb.handle.db
    .insertInto('approvals')
    .values({
      customer_id: world.a.customerId!,
      requester_user_id: values.requesterUserId,
      status: 'pending',
      shipping_address_id: values.shippingAddressId ?? null,
      shipping_method_id: null,
      payment_method_id: null,
      delivery_date: null,
      ...(values.comment !== undefined ? { comment_webshop: values.comment } : {}),
      items_sum_gross: values.itemsGross,
      grand_total: values.itemsGross,
      items_count: 1,
      expires_at: '2099-12-31T00:00:00.000Z',
      decided_by_user_id: null,
      decided_at: null,
      reason: null,
      order_id: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

import type { FastifyInstance } from 'fastify';
import { insertCustomerAccount, insertShippingAddress, insertUser } from '../../../test/account-fixtures';
import { testContext } from '../../../test/test-config';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { buildApp } from '../../app';
import type { DialectName } from '../../db/connection';
import { createAuth } from '../../http/auth';
import { type CatalogueFixture, FIXTURE_NOW, insertCatalogue, insertOrder } from './catalogue.fixture';

/**
 * The accounts of the catalogue tests, on top of the fixture catalogue:
 * - customer A: price group VIP, 5 % discount; ordered product 1 (24, then 36 pieces) and 5 (12);
 * - customer B: no group, no discount; ordered product 10 (6 pieces);
 * - customer C: no group, 10 % discount; never ordered;
 * - agent: customers A and B are its; its current shipping address is B's;
 * - agent2: its current address is A's, but A is not its customer; agent3: no current address.
 */
export interface CatalogueWorld {
  testDb: TestDatabase;
  ctx: ReturnType<typeof testContext>;
  fx: CatalogueFixture;
  app: FastifyInstance;
  customers: { a: number; b: number; c: number };
  users: { a: number; b: number; c: number; agent: number; agent2: number; agent3: number };
  addresses: { a: number; b: number };
  tokens: { a: string; b: string; c: string; agent: string; agent2: string; agent3: string };
  close(): Promise<void>;
}

export async function createCatalogueWorld(dialect: DialectName): Promise<CatalogueWorld> {
  const testDb = await createTestDatabase(dialect);
  const handle = testDb.handle;
  const ctx = testContext(handle, { now: FIXTURE_NOW });
  const fx = await insertCatalogue(handle);

  const agent = await insertUser(handle, { role: 'agent', name: 'Ügynök Ügyes' });
  const a = await insertCustomerAccount(handle, { customer: { agentUserId: agent.id } });
  const b = await insertCustomerAccount(handle, { customer: { agentUserId: agent.id } });
  const c = await insertCustomerAccount(handle);
  await handle.db
    .updateTable('customers')
    .set({ price_group: 'VIP', customer_discount_bp: 500 })
    .where('id', '=', a.customer.id)
    .execute();
  await handle.db
    .updateTable('customers')
    .set({ customer_discount_bp: 1000 })
    .where('id', '=', c.customer.id)
    .execute();
  const addressA = await insertShippingAddress(handle, a.customer.id);
  const addressB = await insertShippingAddress(handle, b.customer.id);
  await handle.db
    .updateTable('users')
    .set({ current_shipping_address_id: addressB })
    .where('id', '=', agent.id)
    .execute();
  const agent2 = await insertUser(handle, { role: 'agent', currentShippingAddressId: addressA });
  const agent3 = await insertUser(handle, { role: 'agent' });

  await insertOrder(handle, fx, {
    customerId: a.customer.id,
    userId: a.user.id,
    createdAt: '2026-02-01T10:00:00.000Z',
    lines: [
      [1, 24],
      [5, 12],
    ],
  });
  await insertOrder(handle, fx, {
    customerId: a.customer.id,
    userId: a.user.id,
    createdAt: '2026-03-01T10:00:00.000Z',
    lines: [[1, 36]],
  });
  await insertOrder(handle, fx, {
    customerId: b.customer.id,
    userId: b.user.id,
    createdAt: '2026-03-05T10:00:00.000Z',
    lines: [[10, 6]],
  });

  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const auth = createAuth(ctx);
  const customerToken = (userId: number, customerId: number) =>
    auth.sign({ userId, customerId, isAgent: false, role: 'customer', tokenVersion: 0 }, false);
  const agentToken = (userId: number) =>
    auth.sign({ userId, customerId: null, isAgent: true, role: 'agent', tokenVersion: 0 }, false);

  return {
    testDb,
    ctx,
    fx,
    app,
    customers: { a: a.customer.id, b: b.customer.id, c: c.customer.id },
    users: {
      a: a.user.id,
      b: b.user.id,
      c: c.user.id,
      agent: agent.id,
      agent2: agent2.id,
      agent3: agent3.id,
    },
    addresses: { a: addressA, b: addressB },
    tokens: {
      a: await customerToken(a.user.id, a.customer.id),
      b: await customerToken(b.user.id, b.customer.id),
      c: await customerToken(c.user.id, c.customer.id),
      agent: await agentToken(agent.id),
      agent2: await agentToken(agent2.id),
      agent3: await agentToken(agent3.id),
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** GET with an optional bearer token and Accept-Language. */
export async function getJson<T = unknown>(
  app: FastifyInstance,
  url: string,
  options: { token?: string; language?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { roleHasPermission, type AdminPermission } from '@shop/shared/rules/admin-permissions';
import { createAuth } from '../src/http/auth';
import type { AppContext } from '../src/app-context';
import type { DatabaseHandle } from '../src/db/connection';
import { buildApp } from '../src/app';
import type { DialectName } from '../src/db/connection';
import { insertCustomerAccount, insertUser, nextIp, type UserFixture } from './account-fixtures';
import { testContext } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-db';
import { startTestSmtp, type TestSmtp } from './test-smtp';

/**
 * Tokens of every kind of caller for back-office tests: a customer, an agent (shop tokens), a
 * staff member and an administrator (admin tokens), signed like the real logins.
 */
export interface AdminCallers {
  customer: string;
  agent: string;
  staff: string;
  admin: string;
  staffUser: UserFixture;
  adminUser: UserFixture;
}

export async function adminCallers(ctx: AppContext, database: DatabaseHandle): Promise<AdminCallers> {
  const auth = createAuth(ctx);
  const { user: customer } = await insertCustomerAccount(database);
  const agent = await insertUser(database, { role: 'agent', name: 'Agent Ágnes' });
  const staffUser = await insertUser(database, { role: 'staff', name: 'Staff Sára' });
  const adminUser = await insertUser(database, { role: 'admin', name: 'Admin Ádám' });
  const sign = (userId: number, role: 'customer' | 'agent' | 'staff' | 'admin', customerId: number | null) =>
    auth.sign({ userId, customerId, isAgent: role === 'agent', role, tokenVersion: 0 }, false);
  return {
    customer: await sign(customer.id, 'customer', customer.customerId),
    agent: await sign(agent.id, 'agent', null),
    staff: await sign(staffUser.id, 'staff', null),
    admin: await sign(adminUser.id, 'admin', null),
    staffUser,
    adminUser,
  };
}

/** An inject with a bearer token and a fresh client address. */
export function callAs(
  app: FastifyInstance,
  token: string | undefined,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: nextIp(),
  });
}

/**
 * The role checks every admin endpoint must pass: no token → 401 ERR_UNAUTHORIZED; a customer's
 * or an agent's token → 403 ERR_NOT_STAFF; a staff token when staff lack the permission → 403
 * ERR_FORBIDDEN. `unchanged` runs after the refusals and should assert that nothing changed.
 */
export async function expectRefusedToOthers(
  app: FastifyInstance,
  callers: AdminCallers,
  permission: AdminPermission,
  request: InjectOptions,
  unchanged?: () => Promise<void>,
): Promise<void> {
  const none = await callAs(app, undefined, request);
  expect(none.statusCode, `${request.method} ${request.url} without a token`).toBe(401);
  expect(none.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
  for (const [who, token] of [
    ['customer', callers.customer],
    ['agent', callers.agent],
  ] as const) {
    const res = await callAs(app, token, request);
    expect(res.statusCode, `${request.method} ${request.url} as ${who}`).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NOT_STAFF' });
  }
  if (!roleHasPermission('staff', permission)) {
    const res = await callAs(app, callers.staff, request);
    expect(res.statusCode, `${request.method} ${request.url} as staff`).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_FORBIDDEN' });
  }
  if (unchanged) await unchanged();
}

/** The audit rows of one entity, oldest first, with before/after parsed. */
export async function auditRows(database: DatabaseHandle, entity: string, entityId: string | number) {
  const rows = await database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    before: row.before_json ? (JSON.parse(row.before_json) as unknown) : null,
    after: row.after_json ? (JSON.parse(row.after_json) as unknown) : null,
  }));
}

/** A database, an app on it and the callers of every kind: what a back-office test file runs against. */
export interface AdminWorld {
  testDb: TestDatabase;
  ctx: AppContext;
  app: FastifyInstance;
  callers: AdminCallers;
  /** The SMTP server the app mails to, when asked for. */
  smtp: TestSmtp | null;
  stop(): Promise<void>;
}

/** Starts an {@link AdminWorld} on one dialect at a fixed time; `mail` starts a test SMTP server. */
export async function startAdminWorld(
  dialect: DialectName,
  options: { now: Date; mail?: boolean },
): Promise<AdminWorld> {
  const testDb = await createTestDatabase(dialect);
  const smtp = options.mail ? await startTestSmtp() : null;
  const ctx = testContext(testDb.handle, { now: options.now, ...(smtp ? { mailer: smtp.mailer } : {}) });
  const app = await buildApp(ctx, { logger: process.env.DEBUG_ADMIN ? { level: 'error' } : false });
  await app.ready();
  const callers = await adminCallers(ctx, testDb.handle);
  return {
    testDb,
    ctx,
    app,
    callers,
    smtp,
    async stop() {
      await app.close();
      await smtp?.close();
      await testDb.drop();
    },
  };
}

/**
 * An {@link AdminWorld} for a describe block: started before its tests and stopped after them.
 * Its fields are there from the first test on.
 */
export function adminWorld(dialect: DialectName, options: { now: Date; mail?: boolean }) {
  let world: AdminWorld | undefined;
  const live = () => {
    if (!world) throw new Error('the admin world is not started yet');
    return world;
  };
  beforeAll(async () => {
    world = await startAdminWorld(dialect, options);
  });
  afterAll(() => world?.stop());
  return {
    get testDb() {
      return live().testDb;
    },
    get ctx() {
      return live().ctx;
    },
    get app() {
      return live().app;
    },
    get callers() {
      return live().callers;
    },
    get smtp(): TestSmtp {
      const smtp = live().smtp;
      if (!smtp) throw new Error('start the admin world with mail: true');
      return smtp;
    },
  };
}

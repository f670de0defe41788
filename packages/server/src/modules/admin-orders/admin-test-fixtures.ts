import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { DialectName } from '../../db/connection';
import type { AppContext } from '../../app-context';
import type { UserRole } from '../../db/schema';
import { createAuth } from '../../http/auth';
import { insertAgent, insertBuyer } from '../cart/checkout-fixtures';

/** Back-office test parties: an admin, a staff member, a customer and an agent, each with a token. */
export interface AdminParties {
  admin: { userId: number; token: string };
  staff: { userId: number; token: string };
  customer: { userId: number; customerId: number; token: string };
  agent: { userId: number; token: string };
}

let counter = 0;

async function insertBackOfficeUser(ctx: AppContext, role: UserRole, name: string) {
  counter += 1;
  const row = await ctx.database.db
    .insertInto('users')
    .values({
      email: `${role}${counter}-${Date.now()}@example.com`,
      password_hash: 'not-a-real-hash',
      role,
      name,
      is_active: 1,
      email_verified_at: new Date().toISOString(),
      approved_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createAuth(ctx).sign(
    { userId: row.id, customerId: null, isAgent: false, role, tokenVersion: 0 },
    false,
  );
  return { userId: row.id, token };
}

export async function insertAdminParties(ctx: AppContext): Promise<AdminParties> {
  const admin = await insertBackOfficeUser(ctx, 'admin', 'Admin Anna');
  const staff = await insertBackOfficeUser(ctx, 'staff', 'Staff Sára');
  const buyer = await insertBuyer(ctx);
  const agent = await insertAgent(ctx);
  return {
    admin,
    staff,
    customer: { userId: buyer.userId, customerId: buyer.customerId, token: buyer.token },
    agent: { userId: agent.userId, token: agent.token },
  };
}

/** `inject` with an optional bearer token and JSON body. */
export function adminApi(app: FastifyInstance) {
  return (
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
}

/** A started test app with the back-office caller and parties. */
export interface AdminTestApp extends TestApp {
  call: ReturnType<typeof adminApi>;
  parties: AdminParties;
}

/** startTestApp, then adminApi on the app and insertAdminParties. */
export async function startAdminTestApp(
  dialect: DialectName,
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<AdminTestApp> {
  const started = await startTestApp(dialect, options);
  return { ...started, call: adminApi(started.app), parties: await insertAdminParties(started.ctx) };
}

/** The JSON body of an answer that must be 200 (the test fails with the body otherwise). */
export async function okJson(res: LightMyRequestResponse): Promise<Record<string, unknown>> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

/**
 * The role check every back-office endpoint gets: no token → 401, a customer's and an agent's token
 * → 403 ERR_NOT_STAFF, and — when `staffAllowed` is false — a staff token → 403 ERR_FORBIDDEN; `unchanged` then proves nothing
 * was written.
 */
export async function expectRefused(
  app: FastifyInstance,
  parties: AdminParties,
  request: {
    method: InjectOptions['method'];
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  },
  options: { staffAllowed: boolean; unchanged?: () => Promise<void> },
): Promise<void> {
  const call = adminApi(app);
  const tries: { who: string; token: string | undefined; status: number; error: string }[] = [
    { who: 'no token', token: undefined, status: 401, error: 'ERR_UNAUTHORIZED' },
    { who: 'customer', token: parties.customer.token, status: 403, error: 'ERR_NOT_STAFF' },
    { who: 'agent', token: parties.agent.token, status: 403, error: 'ERR_NOT_STAFF' },
  ];
  if (!options.staffAllowed)
    tries.push({ who: 'staff', token: parties.staff.token, status: 403, error: 'ERR_FORBIDDEN' });
  for (const attempt of tries) {
    const res = await call(request.method, request.url, attempt.token, request.payload, request.headers);
    expect(res.statusCode, `${attempt.who}: ${res.body}`).toBe(attempt.status);
    expect((res.json() as { error: string }).error, attempt.who).toBe(attempt.error);
    if (options.unchanged) await options.unchanged();
  }
}

export type AdminRequest = Parameters<typeof expectRefused>[2];

/**
 * The calls of one back-office collection `/api/admin/<path>` as crudRoutes declares it, in this
 * order: the list, one item (with `getOne`), create, change and (unless `remove` is false) delete of
 * item `id`; create and change send `payload`.
 */
export function crudRequests(
  path: string,
  payload: unknown,
  { id = 1, getOne = false, remove = true }: { id?: number; getOne?: boolean; remove?: boolean } = {},
): AdminRequest[] {
  const url = `/api/admin/${path}`;
  const requests: AdminRequest[] = [{ method: 'GET', url }];
  if (getOne) requests.push({ method: 'GET', url: `${url}/${id}` });
  requests.push({ method: 'POST', url, payload }, { method: 'PUT', url: `${url}/${id}`, payload });
  if (remove) requests.push({ method: 'DELETE', url: `${url}/${id}` });
  return requests;
}

/** The audit rows written for an entity, oldest first. */
export async function auditRows(ctx: AppContext, entity: string, entityId?: string | number) {
  let query = ctx.database.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id');
  if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
  return (await query.execute()).map((row) => ({
    ...row,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
  }));
}

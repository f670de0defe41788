import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { insertCustomerAccount, insertUser, nextIp } from '../../../test/account-fixtures';
import { accessTokenOf, getFromNewIp } from '../../../test/test-app';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { SHORT_TOKEN_SECONDS } from '../../http/auth';
import { recordAudit } from './admin-access';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('admin auth and access on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: START, methods: false });

  function adminLogin(email: string, password: string): Promise<LightMyRequestResponse> {
    return world.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email, password },
      remoteAddress: nextIp(),
    });
  }

  const get = (url: string, token?: string) => getFromNewIp(world.app, url, token);

  async function tokenOf(email: string, password: string): Promise<string> {
    return accessTokenOf(await adminLogin(email, password));
  }

  it('logs an administrator in with a 12-hour token and the session with every permission', async () => {
    world.ctx.clock.set(START);
    const admin = await insertUser(world.testDb.handle, { role: 'admin', name: 'Admin Anna' });
    const res = await adminLogin(admin.email.toUpperCase(), admin.password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { access_token: string; session: Record<string, unknown> };
    expect(body.session).toMatchObject({ userId: admin.id, name: 'Admin Anna', role: 'admin' });
    expect(body.session.permissions).toContain('audit');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ userId: admin.id, role: 'admin', isAgent: false, id: null });
    expect(claims.exp! - claims.iat!).toBe(SHORT_TOKEN_SECONDS);
    const me = await get('/api/admin/auth/me', body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.session);
  });

  it('gives staff a session without settings, staff, integration and audit', async () => {
    const staff = await insertUser(world.testDb.handle, { role: 'staff' });
    const res = await adminLogin(staff.email, staff.password);
    expect(res.statusCode).toBe(200);
    const permissions = (res.json() as { session: { permissions: string[] } }).session.permissions;
    expect(permissions).toContain('registrations');
    expect(permissions).not.toContain('audit');
    expect(permissions).not.toContain('staff');
  });

  it('refuses customers and agents with ERR_NOT_STAFF, but only after the right password', async () => {
    const { user: customer } = await insertCustomerAccount(world.testDb.handle);
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    for (const who of [customer, agent]) {
      const res = await adminLogin(who.email, who.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NOT_STAFF' });
      const wrong = await adminLogin(who.email, 'wrong-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
    }
  });

  it('refuses a disabled staff account and validates the body', async () => {
    const staff = await insertUser(world.testDb.handle, { role: 'staff', isDisabled: true });
    const res = await adminLogin(staff.email, staff.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_ACCOUNT_DISABLED' });
    const bad = await world.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: '' },
      remoteAddress: nextIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toBe('ERR_VALIDATION');
  });

  it('keeps administrators out of the shop: shop login and shop routes refuse their tokens', async () => {
    const admin = await insertUser(world.testDb.handle, { role: 'admin' });
    const shopLogin = await world.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailorusername: admin.email, password: admin.password },
      remoteAddress: nextIp(),
    });
    expect(shopLogin.json()).toEqual({ error: 'ERR_ADMIN_CANNOT_LOGIN' });
    const token = await tokenOf(admin.email, admin.password);
    const shopMe = await get('/api/auth/me', token);
    expect(shopMe.statusCode).toBe(403);
    expect(shopMe.json()).toEqual({ error: 'ERR_FORBIDDEN' });
  });

  it('the staff scope: no token 401, customer and agent tokens ERR_NOT_STAFF, staff lacking it ERR_FORBIDDEN', async () => {
    const { user: customer } = await insertCustomerAccount(world.testDb.handle);
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    const staff = await insertUser(world.testDb.handle, { role: 'staff' });
    const admin = await insertUser(world.testDb.handle, { role: 'admin' });
    const shopToken = async (email: string, password: string) => {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailorusername: email, password },
        remoteAddress: nextIp(),
      });
      return (res.json() as { access_token: string }).access_token;
    };
    const none = await get('/api/admin/audit');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
    for (const token of [
      await shopToken(customer.email, customer.password),
      await shopToken(agent.email, agent.password),
    ]) {
      const res = await get('/api/admin/orders', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NOT_STAFF' });
    }
    const staffToken = await tokenOf(staff.email, staff.password);
    expect((await get('/api/admin/orders', staffToken)).statusCode).toBe(200);
    const refused = await get('/api/admin/audit', staffToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_FORBIDDEN' });
    expect((await get('/api/admin/audit', await tokenOf(admin.email, admin.password))).statusCode).toBe(200);
    const garbage = await get('/api/admin/audit', 'not-a-jwt');
    expect(garbage.statusCode).toBe(401);
  });

  it('stops a staff token at once when the account is disabled (token check reads the database)', async () => {
    const staff = await insertUser(world.testDb.handle, { role: 'staff' });
    const token = await tokenOf(staff.email, staff.password);
    expect((await get('/api/admin/orders', token)).statusCode).toBe(200);
    await world.testDb.handle.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', staff.id)
      .execute();
    const res = await get('/api/admin/orders', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
  });

  it('recordAudit writes who, what, when, before and after inside a transaction (rolled back with it)', async () => {
    const admin = await insertUser(world.testDb.handle, { role: 'admin' });
    await world.testDb.handle.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        actorUserId: admin.id,
        action: 'update',
        entity: 'customer',
        entityId: 42,
        before: { discount: 0 },
        after: { discount: 500 },
        at: START,
      });
    });
    await expect(
      world.testDb.handle.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorUserId: admin.id,
          action: 'rolled-back',
          entity: 'customer',
          entityId: null,
          before: null,
          after: null,
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await world.testDb.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', admin.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'update',
      entity: 'customer',
      entity_id: '42',
      created_at: START.toISOString(),
    });
    expect(JSON.parse(rows[0]!.before_json!)).toEqual({ discount: 0 });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ discount: 500 });
  });
});

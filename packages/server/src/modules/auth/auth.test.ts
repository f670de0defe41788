import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  insertCustomer,
  insertCustomerAccount,
  insertShippingAddress,
  insertUser,
  nextIp,
} from '../../../test/account-fixtures';
import { accessTokenOf, getFromNewIp } from '../../../test/test-app';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { LONG_TOKEN_SECONDS, SHORT_TOKEN_SECONDS } from '../../http/auth';
import { RATE_LIMITS } from '../../lib/rate-limit';
import { LOCKOUT } from './auth.service';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('auth on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: START, methods: false });

  function login(body: Record<string, unknown>, ip = nextIp()): Promise<LightMyRequestResponse> {
    return world.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });
  }

  const get = (url: string, token?: string) => getFromNewIp(world.app, url, token);

  async function tokenOf(
    emailorusername: string,
    password: string,
    keepMeLoggedIn?: boolean,
  ): Promise<string> {
    return accessTokenOf(await login({ emailorusername, password, keepMeLoggedIn }));
  }

  function lockState(userId: number) {
    return world.testDb.handle.db
      .selectFrom('users')
      .select(['failed_login_count', 'failed_login_window_start', 'locked_until'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  it('logs a customer in by e-mail in any letter case, with the claims of docs/product.md §3.4 and a 12-hour token', async () => {
    world.ctx.clock.set(START);
    const { customer, user } = await insertCustomerAccount(world.testDb.handle, {
      email: 'Anna.Kovacs@Example.com',
    });
    const res = await login({ emailorusername: '  anna.kovacs@EXAMPLE.com ', password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { access_token: string; reset?: boolean };
    expect(Object.keys(body)).toEqual(['access_token']);
    expect(decodeProtectedHeader(body.access_token).alg).toBe('HS256');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      isAgent: false,
      id: customer.id,
      userId: user.id,
      tv: 0,
      role: 'customer',
    });
    expect(claims.iat).toBe(START.getTime() / 1000);
    expect(claims.exp).toBe(START.getTime() / 1000 + SHORT_TOKEN_SECONDS);
    expect(SHORT_TOKEN_SECONDS).toBe(12 * 3600);
  });

  it('logs in by user name, and keep-me-logged-in gives a 30-day token', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle, { username: 'PeldaBolt' });
    const token = await tokenOf('peldabolt', user.password, true);
    const claims = decodeJwt(token);
    expect(claims.userId).toBe(user.id);
    expect(claims.exp! - claims.iat!).toBe(LONG_TOKEN_SECONDS);
    expect(LONG_TOKEN_SECONDS).toBe(30 * 24 * 3600);
  });

  it('gives an agent a token with isAgent true and no customer id', async () => {
    world.ctx.clock.set(START);
    const agent = await insertUser(world.testDb.handle, { role: 'agent', name: 'Nagy Péter' });
    const claims = decodeJwt(await tokenOf(agent.email, agent.password));
    expect(claims).toMatchObject({ isAgent: true, id: null, userId: agent.id, role: 'agent' });
  });

  it('answers ERR_WRONG_LOGIN_CRED (401) alike for an unknown account and a wrong password', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const unknown = await login({ emailorusername: 'nobody@example.com', password: 'whatever1' });
    const wrong = await login({ emailorusername: user.email, password: 'wrong-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
    }
  });

  it('takes about as long for an unknown account as for a known one (a real password check both ways)', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle);
    await login({ emailorusername: 'warm-up@example.com', password: 'x' });
    const time = async (emailorusername: string) => {
      const started = performance.now();
      await login({ emailorusername, password: 'wrong-password' });
      return performance.now() - started;
    };
    // Medians of interleaved tries: one try slowed by a busy machine must not decide.
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      unknownTimes.push(await time(`unknown${i}@example.com`));
      knownTimes.push(await time(user.email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(unknownTimes) / median(knownTimes);
    // argon2id takes tens of milliseconds; skipping it for unknown accounts would be a ratio near 0
    // (about 1 ms against tens). A known account also writes its failed-login count, which a busy
    // machine (the whole suite in parallel) can slow to several times the check: 0.36 was seen.
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(2.5);
  });

  it('needs both fields (400 ERR_VALIDATION)', async () => {
    for (const body of [
      { emailorusername: 'a@b.hu' },
      { password: 'x' },
      { emailorusername: '  ', password: 'x' },
      {},
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toBe('ERR_VALIDATION');
    }
  });

  it('refuses administrators and staff with ERR_ADMIN_CANNOT_LOGIN, but only with the right password', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const admin = await insertUser(world.testDb.handle, { role });
      const right = await login({ emailorusername: admin.email, password: admin.password });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ error: 'ERR_ADMIN_CANNOT_LOGIN' });
      const wrong = await login({ emailorusername: admin.email, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
    }
  });

  it('refuses accounts not yet approved with INACTIVE_USER, but only with the right password', async () => {
    const unverified = await insertCustomerAccount(world.testDb.handle, {
      isActive: false,
      emailVerified: false,
    });
    const verified = await insertCustomerAccount(world.testDb.handle, {
      isActive: false,
      emailVerified: true,
    });
    const a = await login({ emailorusername: unverified.user.email, password: unverified.user.password });
    expect(a.statusCode).toBe(403);
    expect(a.json()).toEqual({ error: 'INACTIVE_USER', params: { emailVerified: false } });
    const b = await login({ emailorusername: verified.user.email, password: verified.user.password });
    expect(b.statusCode).toBe(403);
    expect(b.json()).toEqual({ error: 'INACTIVE_USER', params: { emailVerified: true } });
    const wrong = await login({ emailorusername: verified.user.email, password: 'not-the-password' });
    expect(wrong.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
  });

  it('refuses disabled accounts with ERR_ACCOUNT_DISABLED, but only with the right password', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle, { isDisabled: true });
    const right = await login({ emailorusername: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ error: 'ERR_ACCOUNT_DISABLED' });
    const wrong = await login({ emailorusername: user.email, password: 'not-the-password' });
    expect(wrong.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
  });

  it('locks an account for 15 minutes after 5 failed logins within 15 minutes', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle);
    for (let i = 1; i < LOCKOUT.maxFailures; i += 1) {
      world.ctx.clock.advance(60_000);
      const res = await login({ emailorusername: user.email, password: `wrong-${i}` });
      expect(res.json()).toEqual({ error: 'ERR_WRONG_LOGIN_CRED' });
    }
    expect((await lockState(user.id)).failed_login_count).toBe(4);
    world.ctx.clock.advance(60_000);
    const until = new Date(world.ctx.now().getTime() + 15 * 60_000).toISOString();
    const fifth = await login({ emailorusername: user.email, password: 'wrong-5' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({ error: 'ERR_ACCOUNT_LOCKED', params: { until } });
    expect(await lockState(user.id)).toEqual({
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: until,
    });

    // Even the right password is refused while locked, and the lock does not move.
    world.ctx.clock.advance(14 * 60_000);
    const during = await login({ emailorusername: user.email, password: user.password });
    expect(during.statusCode).toBe(423);
    expect(during.json()).toEqual({ error: 'ERR_ACCOUNT_LOCKED', params: { until } });

    // Once the 15 minutes are over, the right password works and the counters are clean.
    world.ctx.clock.set(new Date(new Date(until).getTime() + 1000));
    const after = await login({ emailorusername: user.email, password: user.password });
    expect(after.statusCode, after.body).toBe(200);
    expect(await lockState(user.id)).toEqual({
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
    });
  });

  it('counts failures only within a 15-minute window, and a success starts the count again', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const fail = () => login({ emailorusername: user.email, password: 'wrong-password' });
    for (let i = 0; i < 4; i += 1) await fail();
    world.ctx.clock.advance(LOCKOUT.windowMs + 1000);
    for (let i = 0; i < 4; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await lockState(user.id)).failed_login_count).toBe(4);
    expect((await login({ emailorusername: user.email, password: user.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await lockState(user.id)).locked_until).toBeNull();
  });

  it(`limits logins to ${RATE_LIMITS.login.max} a minute per IP with 429 ERR_RATE_LIMITED`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      const res = await login({ emailorusername: `flood${i}@example.com`, password: 'whatever' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ emailorusername: 'flood@example.com', password: 'whatever' }, ip);
    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { error: string }).error).toBe('ERR_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login({ emailorusername: 'flood@example.com', password: 'whatever' })).statusCode).toBe(
      401,
    );
  });

  it('answers /auth/me for a valid token, ERR_UNAUTHORIZED without one', async () => {
    world.ctx.clock.set(START);
    const { customer, user } = await insertCustomerAccount(world.testDb.handle, { name: 'Kiss Éva' });
    const token = await tokenOf(user.email, user.password);
    const me = await get('/api/auth/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      userId: user.id,
      customerId: customer.id,
      isAgent: false,
      name: 'Kiss Éva',
      mustChangePassword: false,
      currentCustomerId: customer.id,
    });
    const anonymous = await get('/api/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
  });

  it("tells an agent the customer of its current shipping address, if that customer is still the agent's", async () => {
    world.ctx.clock.set(START);
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    const other = await insertUser(world.testDb.handle, { role: 'agent' });
    const own = await insertCustomer(world.testDb.handle, { agentUserId: agent.id });
    const address = await insertShippingAddress(world.testDb.handle, own.id);
    await world.testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: address })
      .where('id', '=', agent.id)
      .execute();
    const token = await tokenOf(agent.email, agent.password);
    expect((await get('/api/auth/me', token)).json()).toMatchObject({
      isAgent: true,
      customerId: null,
      currentCustomerId: own.id,
    });
    await world.testDb.handle.db
      .updateTable('customers')
      .set({ agent_user_id: other.id })
      .where('id', '=', own.id)
      .execute();
    expect((await get('/api/auth/me', token)).json()).toMatchObject({ currentCustomerId: null });
  });

  it('answers ERR_TOKEN_EXPIRED after 12 hours, or after 30 days with keep-me-logged-in', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const short = await tokenOf(user.email, user.password);
    const long = await tokenOf(user.email, user.password, true);
    world.ctx.clock.set(new Date(START.getTime() + SHORT_TOKEN_SECONDS * 1000 - 1000));
    expect((await get('/api/auth/me', short)).statusCode).toBe(200);
    world.ctx.clock.set(new Date(START.getTime() + SHORT_TOKEN_SECONDS * 1000 + 1000));
    const expired = await get('/api/auth/me', short);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'ERR_TOKEN_EXPIRED' });
    expect((await get('/api/auth/me', long)).statusCode).toBe(200);
    world.ctx.clock.set(new Date(START.getTime() + LONG_TOKEN_SECONDS * 1000 + 1000));
    expect((await get('/api/auth/me', long)).json()).toEqual({ error: 'ERR_TOKEN_EXPIRED' });
    world.ctx.clock.set(START);
  });

  it('refuses a token with a bad signature, a changed payload or another algorithm (ERR_UNAUTHORIZED)', async () => {
    world.ctx.clock.set(START);
    const { user, customer } = await insertCustomerAccount(world.testDb.handle);
    const token = await tokenOf(user.email, user.password);
    const claims = { isAgent: false, id: customer.id, userId: user.id, tv: 0, role: 'customer' };
    const iat = START.getTime() / 1000;
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-123456'));
    const [header, , signature] = token.split('.');
    const changedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), userId: user.id + 1 })).toString(
      'base64url',
    );
    const tampered = `${header}.${changedPayload}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, exp: iat + 3600 }),
    ).toString('base64url')}.`;
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(world.ctx.config.jwtSecret));
    for (const bad of [foreign, tampered, none, hs512, 'not-a-jwt']) {
      const res = await get('/api/auth/me', bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
    }
  });

  it('lets a forced-change account log in with reset: true, but every other call answers ERR_PASSWORD_CHANGE_REQUIRED', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle, { mustChangePassword: true });
    const res = await login({ emailorusername: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { access_token: string; reset?: boolean };
    expect(body.reset).toBe(true);
    const me = await get('/api/auth/me', body.access_token);
    expect(me.statusCode).toBe(200);
    expect((me.json() as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const data = await get('/api/users/get-user-data', body.access_token);
    expect(data.statusCode).toBe(403);
    expect(data.json()).toEqual({ error: 'ERR_PASSWORD_CHANGE_REQUIRED' });
  });

  it('revokes older tokens when the password changes (ERR_TOKEN_REVOKED) and answers a fresh one', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const old = await tokenOf(user.email, user.password);
    const other = await tokenOf(user.email, user.password);
    const change = await world.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: { authorization: `Bearer ${old}` },
      payload: { password: 'Brand-new-pw' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const { access_token: fresh } = change.json() as { access_token: string };
    expect(decodeJwt(fresh).tv).toBe(1);
    for (const token of [old, other]) {
      const res = await get('/api/auth/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
    }
    expect((await get('/api/auth/me', fresh)).statusCode).toBe(200);
    expect((await login({ emailorusername: user.email, password: user.password })).statusCode).toBe(401);
    expect((await login({ emailorusername: user.email, password: 'Brand-new-pw' })).statusCode).toBe(200);
  });

  it('revokes the tokens of an account that is disabled or no longer active', async () => {
    world.ctx.clock.set(START);
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const token = await tokenOf(user.email, user.password);
    await world.testDb.handle.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', user.id)
      .execute();
    expect((await get('/api/auth/me', token)).json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
  });

  it('documents the account calls in OpenAPI', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/auth/login',
      '/api/auth/me',
      '/api/users/register',
      '/api/users/{userId}/verify/{code}',
      '/api/users/forgot-password',
      '/api/users/{userId}/reset-password/{code}',
      '/api/users/change-password',
      '/api/users/get-user-data',
      '/api/customers/{customerId}/extended',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});

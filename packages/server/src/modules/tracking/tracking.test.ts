import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCustomerAccount, nextIp } from '../../../test/account-fixtures';
import type { testContext } from '../../../test/test-config';
import { startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { createAuth } from '../../http/auth';
import { PAGE_VIEW_LIMIT } from './tracking.routes';

const NOW = new Date('2026-03-15T12:00:00.000Z');

describe.each(TEST_DIALECTS)('page-view tracking on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let ctx: ReturnType<typeof testContext>;
  let token: string;
  let expiredToken: string;
  let userId: number;

  beforeAll(async () => {
    ({ testDb, ctx, app } = await startTestApp(dialect, { now: NOW }));
    const account = await insertCustomerAccount(testDb.handle);
    userId = account.user.id;
    const auth = createAuth(ctx);
    const claims = {
      userId,
      customerId: account.customer.id,
      isAgent: false,
      role: 'customer' as const,
      tokenVersion: 0,
    };
    token = await auth.sign(claims, false);
    ctx.clock.set(new Date(NOW.getTime() - 13 * 60 * 60 * 1000));
    expiredToken = await auth.sign(claims, false);
    ctx.clock.set(NOW);
  });
  afterAll(() => stopTestApp(app, testDb));
  beforeEach(async () => {
    await testDb.handle.db.deleteFrom('page_views').execute();
  });

  const send = (body: unknown, options: { token?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/tracking/page-view',
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: JSON.stringify(body),
    });
  const stored = () =>
    testDb.handle.db
      .selectFrom('page_views')
      .select(['path', 'language', 'user_id', 'created_at'])
      .orderBy('id')
      .execute();

  it('stores an anonymous view and answers 204 without a body', async () => {
    const response = await send({ path: '/on-sale-products', language: 'hu' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await stored()).toEqual([
      { path: '/on-sale-products', language: 'hu', user_id: null, created_at: NOW.toISOString() },
    ]);
  });

  it('stores the user id only with consent and a valid token', async () => {
    await send({ path: '/a', language: 'en', consent: true }, { token });
    await send({ path: '/b', language: 'en', consent: false }, { token });
    await send({ path: '/c', language: 'en' }, { token });
    await send({ path: '/d', language: 'en', consent: true });
    expect((await stored()).map((row) => [row.path, row.user_id])).toEqual([
      ['/a', userId],
      ['/b', null],
      ['/c', null],
      ['/d', null],
    ]);
  });

  it('an expired, forged or revoked token makes the view anonymous, never an error', async () => {
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [expiredToken, forged, 'not-a-token']) {
      const response = await send({ path: '/x', language: 'vi', consent: true }, { token: bad });
      expect(response.statusCode).toBe(204);
    }
    await testDb.handle.db.updateTable('users').set({ token_version: 1 }).where('id', '=', userId).execute();
    try {
      expect((await send({ path: '/y', language: 'vi', consent: true }, { token })).statusCode).toBe(204);
    } finally {
      await testDb.handle.db
        .updateTable('users')
        .set({ token_version: 0 })
        .where('id', '=', userId)
        .execute();
    }
    expect((await stored()).every((row) => row.user_id === null)).toBe(true);
    expect(await stored()).toHaveLength(4);
  });

  it('keeps the query but masks the codes of e-mailed links', async () => {
    await send({ path: '/search?q=kave', language: 'hu' });
    await send({ path: '/user/12/verify/abcdef123456', language: 'hu' });
    await send({ path: '/user/12/reset-password/secret-code?x=1', language: 'hu' });
    expect((await stored()).map((row) => row.path)).toEqual([
      '/search?q=kave',
      '/user/:id/verify/:code',
      '/user/:id/reset-password/:code?x=1',
    ]);
  });

  it('refuses bad input with ERR_VALIDATION and stores nothing', async () => {
    const bad = [
      { path: `/${'a'.repeat(500)}`, language: 'hu' },
      { path: 'no-slash', language: 'hu' },
      { path: '', language: 'hu' },
      { path: '/x', language: 'de' },
      { path: '/x' },
      { path: '/x', language: 'hu', consent: 'yes' },
    ];
    for (const body of bad) {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('ERR_VALIDATION');
    }
    expect(await stored()).toEqual([]);
    // 500 characters is still fine.
    expect((await send({ path: `/${'a'.repeat(499)}`, language: 'hu' })).statusCode).toBe(204);
  });

  it('limits the calls per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < PAGE_VIEW_LIMIT.max; i += 1) {
      expect((await send({ path: `/p${i}`, language: 'hu' }, { ip })).statusCode).toBe(204);
    }
    const over = await send({ path: '/over', language: 'hu' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ error: string }>().error).toBe('ERR_RATE_LIMITED');
    expect((await send({ path: '/other-ip', language: 'hu' })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(PAGE_VIEW_LIMIT.max + 1);
  });

  it('drops views older than 12 months', async () => {
    const db = testDb.handle.db;
    await db
      .insertInto('page_views')
      .values([
        { path: '/old', language: 'hu', user_id: userId, created_at: '2025-03-01T00:00:00.000Z' },
        { path: '/recent', language: 'hu', user_id: null, created_at: '2025-04-01T00:00:00.000Z' },
      ])
      .execute();
    // The clean-up runs at most hourly per process: move the clock past the last one.
    ctx.clock.set(new Date(NOW.getTime() + 2 * 60 * 60 * 1000));
    try {
      await send({ path: '/now', language: 'hu' });
    } finally {
      ctx.clock.set(NOW);
    }
    expect((await stored()).map((row) => row.path)).toEqual(['/recent', '/now']);
  });
});

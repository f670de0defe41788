import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { testConfig, testContext } from '../../test/test-config';
import { buildApp } from '../app';
import type { Config } from '../config';
import { RATE_LIMITS, searchRateLimit } from './rate-limit';
import { LocalCounters } from './rate-limit-store';

/**
 * Rate limits on login, registration, password mail and search: per IP, in the process without
 * Redis, shared by every process with REDIS_URL (TEST_REDIS_URL here), and still counted in each
 * process when Redis cannot be reached.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

let testDb: TestDatabase;
const apps: FastifyInstance[] = [];

async function startApp(config: Partial<Config>, logLines?: string[]): Promise<FastifyInstance> {
  const ctx = testContext(testDb.handle, { config });
  const app = await buildApp(ctx, {
    logger: logLines
      ? { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } }
      : false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

const login = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { emailorusername: 'nobody@example.com', password: 'wrong-password' },
  });

beforeAll(async () => {
  testDb = await createTestDatabase('sqlite');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.drop();
});

describe('rate limits in the process', () => {
  it('lists a limit for login, registration, password mail and search', () => {
    expect(RATE_LIMITS.login.max).toBeGreaterThan(0);
    expect(RATE_LIMITS.registration.max).toBeGreaterThan(0);
    expect(RATE_LIMITS.passwordMail.max).toBeGreaterThan(0);
    expect(testConfig().searchRateLimit).toBe(300);
    expect(searchRateLimit(0)).toBe(false);
  });

  it('limits search per IP, generously, with 429 ERR_RATE_LIMITED and retryAfter', async () => {
    const app = await startApp({});
    for (const url of [
      '/api/categories/search?searchString=viz',
      '/api/products/search?searchType=all&searchString=viz',
    ]) {
      for (let i = 0; i < 300; i += 1) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '10.20.0.1' });
        expect(res.statusCode, `${url} #${i + 1}`).toBe(200);
      }
      const over = await app.inject({ method: 'GET', url, remoteAddress: '10.20.0.1' });
      expect(over.statusCode).toBe(429);
      const body = over.json() as { error: string; params: { retryAfter: number } };
      expect(body.error).toBe('ERR_RATE_LIMITED');
      expect(body.params.retryAfter).toBeGreaterThan(0);
      expect(body.params.retryAfter).toBeLessThanOrEqual(60);
      // Another address is not affected.
      const other = await app.inject({ method: 'GET', url, remoteAddress: '10.20.0.2' });
      expect(other.statusCode).toBe(200);
    }
  });

  it('takes no search limit with SEARCH_RATE_LIMIT=0', async () => {
    const app = await startApp({ searchRateLimit: 0 });
    for (let i = 0; i < 320; i += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/categories/search?searchString=viz',
        remoteAddress: '10.20.1.1',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('takes the login limit from LOGIN_RATE_LIMIT, for the shop and the back office', async () => {
    const app = await startApp({ loginRateLimit: 3 });
    for (let i = 0; i < 3; i += 1) expect((await login(app, '10.20.2.1')).statusCode).toBe(401);
    expect((await login(app, '10.20.2.1')).statusCode).toBe(429);
    const adminLogin = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        remoteAddress: '10.20.2.2',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await adminLogin()).statusCode).not.toBe(429);
    expect((await adminLogin()).statusCode).toBe(429);
  });

  it('counts each process apart without Redis', async () => {
    const one = await startApp({});
    const two = await startApp({});
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      expect((await login(one, '10.21.0.1')).statusCode).not.toBe(429);
      expect((await login(two, '10.21.0.1')).statusCode).not.toBe(429);
    }
    expect((await login(one, '10.21.0.1')).statusCode).toBe(429);
    expect((await login(two, '10.21.0.1')).statusCode).toBe(429);
  });

  it('fixed windows start again after they end', () => {
    let now = 1_000;
    const counters = new LocalCounters(() => now);
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 59_000;
    expect(counters.incr('k', 60_000)).toEqual({ current: 2, ttl: 1_000 });
    now += 1_000;
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });
});

describe.skipIf(!REDIS_URL)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  const prefix = `shop-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL!);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('two app instances share one login limit', async () => {
    const config = { redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    const one = await startApp(config);
    const two = await startApp(config);
    // Alternate between the two: together they allow the limit once, not twice.
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      const res = await login(i % 2 === 0 ? one : two, '10.22.0.1');
      expect(res.statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    for (const app of [one, two]) {
      const over = await login(app, '10.22.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ error: 'ERR_RATE_LIMITED' });
    }
    // The counter is in Redis, under the shop's prefix, and expires with its window.
    const keys = await redis.keys(`${prefix}rate-limit:*10.22.0.1`);
    expect(keys).toHaveLength(1);
    expect(await redis.get(keys[0]!)).toBe(String(RATE_LIMITS.login.max + 2));
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(RATE_LIMITS.login.timeWindowMs);
    // Another address has its own count.
    expect((await login(two, '10.22.0.2')).statusCode).not.toBe(429);
  });

  it('shares the registration and password-mail limits too', async () => {
    const config = { redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    const one = await startApp(config);
    const two = await startApp(config);
    const forgot = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        remoteAddress: '10.23.0.1',
        payload: { email: 'nobody@example.com' },
      });
    for (let i = 0; i < RATE_LIMITS.passwordMail.max; i += 1) {
      expect((await forgot(i % 2 === 0 ? one : two)).statusCode).not.toBe(429);
    }
    expect((await forgot(one)).statusCode).toBe(429);
    expect((await forgot(two)).statusCode).toBe(429);
    const register = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/users/register', remoteAddress: '10.23.0.2', payload: {} });
    for (let i = 0; i < RATE_LIMITS.registration.max; i += 1) {
      expect((await register(i % 2 === 0 ? one : two)).statusCode).toBe(400);
    }
    expect((await register(two)).statusCode).toBe(429);
  });
});

describe('rate limits when Redis cannot be reached', () => {
  it('keeps serving, counts in each process and says so once in the log', async () => {
    const lines: string[] = [];
    // Nothing listens on port 1: every connection attempt is refused.
    const app = await startApp({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'unreachable:' }, lines);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      expect((await login(app, '10.24.0.1')).statusCode).toBe(401);
    }
    expect((await login(app, '10.24.0.1')).statusCode).toBe(429);
    const warnings = lines.filter((l) => l.includes('counting in this process'));
    expect(warnings).toHaveLength(1);
  });
});

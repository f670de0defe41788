import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createDatabase, type DatabaseHandle } from '../db/connection';
import { testContext } from '../../test/test-config';
import { isDatabaseUnavailable } from './error-handler';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a database that cannot be reached while the process runs', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    // PostgreSQL on a port where nothing listens: every query fails with ECONNREFUSED.
    const port = await freePort();
    database = createDatabase({ kind: 'postgres', url: `postgres://shop@127.0.0.1:${port}/shop` });
    app = await buildApp(testContext(database), { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers API calls with a retryable 503, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE', params: { reason: 'database' } });
  });

  it('is alive but not ready, and says why', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    const body = ready.json() as { error: string; params: { phase: string; reason: string } };
    expect(body.error).toBe('ERR_SERVICE_UNAVAILABLE');
    expect(body.params.phase).toBe('ready');
    expect(body.params.reason).toContain('ECONNREFUSED');
  });

  it('tells connection failures from other errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

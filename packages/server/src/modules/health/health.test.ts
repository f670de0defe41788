import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createStartupState } from '../../lib/startup-state';
import { testContext } from '../../../test/test-config';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';

describe.each(TEST_DIALECTS)('liveness and readiness through the process phases on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const startup = createStartupState('starting');

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    app = await buildApp(testContext(testDb.handle), { logger: false, startup });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('while starting: alive, not ready, the API answers 503', async () => {
    startup.phase = 'starting';
    startup.reason = 'database not reachable: ECONNREFUSED';
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: 'ERR_SERVICE_UNAVAILABLE',
      params: { phase: 'starting', reason: 'database not reachable: ECONNREFUSED' },
    });
    const api = await app.inject({ method: 'GET', url: '/api/categories?x=1' });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE', params: { phase: 'starting' } });
  });

  it('when ready: ready, and the API serves', async () => {
    startup.phase = 'ready';
    startup.reason = undefined;
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect });
    expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });

  it('while draining: not ready, and every answer closes its connection', async () => {
    startup.phase = 'stopping';
    startup.reason = 'SIGTERM received';
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ params: { phase: 'stopping' } });
    expect(ready.headers.connection).toBe('close');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });
});

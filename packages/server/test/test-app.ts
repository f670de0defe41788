import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle, DialectName } from '../src/db/connection';
import { buildApp, type BuildAppOptions } from '../src/app';
import { nextIp } from './account-fixtures';
import { testContext } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-db';

/** What an integration test works on: a fresh migrated database, its context and the built app. */
export interface TestApp {
  testDb: TestDatabase;
  ctx: ReturnType<typeof testContext>;
  app: FastifyInstance;
}

/**
 * A fresh database of `dialect`, a test context on it (`options` as for testContext) and the app, ready
 * (`appOptions` as for buildApp; its logger is always off). The context, and so the app, works on
 * `appHandle(handle)` (e.g. a query-counting handle, see query-counter.ts); `testDb` keeps the plain one.
 */
export async function startTestApp(
  dialect: DialectName,
  options: Parameters<typeof testContext>[1] = {},
  appOptions: Omit<BuildAppOptions, 'logger'> = {},
  appHandle: (handle: DatabaseHandle) => DatabaseHandle = (handle) => handle,
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const ctx = testContext(appHandle(testDb.handle), options);
  const app = await buildApp(ctx, { ...appOptions, logger: false });
  await app.ready();
  return { testDb, ctx, app };
}

/** Closes the app and drops its database; either may be missing when the set-up failed half-way. */
export async function stopTestApp(app: FastifyInstance | undefined, testDb: TestDatabase | undefined) {
  await app?.close();
  await testDb?.drop();
}

/** A GET through `app.inject` from an address of its own (no rate limit is shared), with a bearer token when given. */
export function getFromNewIp(
  app: FastifyInstance,
  url: string,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextIp(),
  });
}

/** The access token of a login answer that must be 200 (the test fails with the body otherwise). */
export function accessTokenOf(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

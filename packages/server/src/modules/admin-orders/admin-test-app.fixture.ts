import { afterAll, beforeAll } from 'vitest';
import { stopTestApp } from '../../../test/test-app';
import type { DialectName } from '../../db/connection';
import { type AdminTestApp, startAdminTestApp } from './admin-test-fixtures';

/**
 * The back-office test app (see startAdminTestApp) started before the describe's tests and stopped
 * after them. Its fields are set once the beforeAll has run: read them inside hooks and tests.
 */
export function useAdminTestApp(
  dialect: DialectName,
  options: Parameters<typeof startAdminTestApp>[1] = {},
): AdminTestApp {
  const started = {} as AdminTestApp;
  beforeAll(async () => {
    Object.assign(started, await startAdminTestApp(dialect, options));
  });
  afterAll(() => stopTestApp(started.app, started.testDb));
  return started;
}

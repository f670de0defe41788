import type { FastifyInstance, InjectOptions } from 'fastify';
import { insertUser } from '../../../test/account-fixtures';
import type { DialectName } from '../../db/connection';
import { createAuth } from '../../http/auth';
import { type CatalogueWorld, createCatalogueWorld } from '../products/catalogue-test-setup';

/** The catalogue test world plus an administrator and a staff member with their tokens. */
export interface AdminWorld extends CatalogueWorld {
  admin: { id: number; token: string };
  staff: { id: number; token: string };
  call<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: string | Buffer },
  ): Promise<{ status: number; body: T; raw: string; headers: Record<string, unknown> }>;
}

export async function createAdminWorld(dialect: DialectName): Promise<AdminWorld> {
  const world = await createCatalogueWorld(dialect);
  const auth = createAuth(world.ctx);
  const adminUser = await insertUser(world.testDb.handle, { role: 'admin', name: 'Admin Anna' });
  const staffUser = await insertUser(world.testDb.handle, { role: 'staff', name: 'Staff Sándor' });
  const sign = (userId: number, role: 'admin' | 'staff') =>
    auth.sign({ userId, customerId: null, isAgent: false, role, tokenVersion: 0 }, false);
  const app: FastifyInstance = world.app;
  return {
    ...world,
    admin: { id: adminUser.id, token: await sign(adminUser.id, 'admin') },
    staff: { id: staffUser.id, token: await sign(staffUser.id, 'staff') },
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await app.inject({
        method,
        url,
        headers,
        ...(options.payload !== undefined
          ? { payload: options.payload }
          : options.body !== undefined
            ? { payload: options.body as object }
            : {}),
      });
      const raw = response.body;
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      return { status: response.statusCode, body: body as never, raw, headers: response.headers };
    },
  };
}

import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Auth } from './auth';
import { shopUserScope, staffScope } from './route-scopes';

/** The scopes' hooks are not reached here: these apps never answer a request. */
const auth = {
  identify: async () => null,
  required: async () => undefined,
  optional: async () => undefined,
} as unknown as Auth;

async function start(plugin: FastifyPluginAsyncZod): Promise<void> {
  const app = Fastify();
  try {
    await app.register(plugin);
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('route scopes', () => {
  it('refuse to start with a back-office route that names no permission', async () => {
    const routes: FastifyPluginAsyncZod = async (app) => {
      app.get('/reports', async () => ({ ok: true }));
    };
    await expect(start(staffScope(auth, [routes]))).rejects.toThrow(
      'GET /reports: a back-office route names its config.permission',
    );
  });

  it('refuse to start with a route that documents its own security inside a scope', async () => {
    const routes: FastifyPluginAsyncZod = async (app) => {
      app.get('/quotes', { schema: { security: [{}] } }, async () => ({ ok: true }));
    };
    await expect(start(shopUserScope(auth, [routes]))).rejects.toThrow(
      'GET /quotes: its scope documents `security`; remove it from the route',
    );
  });

  it('start with routes that name their permission, and document the scope’s security on them', async () => {
    const seen: unknown[] = [];
    const routes: FastifyPluginAsyncZod = async (app) => {
      app.addHook('onRoute', (route) => {
        seen.push(route.schema?.security);
      });
      app.get('/reports', { config: { permission: 'statistics' } }, async () => ({ ok: true }));
    };
    await expect(start(staffScope(auth, [routes]))).resolves.toBeUndefined();
    expect(seen).toContainEqual([{ bearerAuth: [] }]);
  });
});

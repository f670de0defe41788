import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRole, roleHasPermission, type AdminPermission } from '@shop/shared/rules/admin-permissions';
import { AppError } from './app-error';
import type { Auth } from './auth';

/**
 * Who may call a route is decided by the scope it is registered in (docs/decisions/0018-route-scopes.md),
 * never by its documentation: each scope is an encapsulated plugin whose `onRequest` hook checks the
 * caller before the body is parsed or validated (a caller without a valid token gets its 401 and
 * learns nothing about the endpoint's input), and which writes the OpenAPI `security` of its routes.
 *
 *   public        no hook; a route that reads a token itself says so in its own docs (page views)
 *   anyUserScope  the catalogue: anyone; a token, when sent, must be a valid shop token
 *   shopUserScope a valid token of a customer or an agent
 *   staffScope    the back office (app.ts registers it at /api/admin): a valid token of an
 *                 administrator or staff member whose role has the permission the route's own
 *                 `config.permission` names
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a back-office route needs (`'any'`: any administrator or staff member).
     * Every route of the staff scope names one; the app does not start without it.
     */
    permission?: AdminPermission | 'any';
  }
}

type Security = Record<string, string[]>[];

/** A bearer token is required. */
export const BEARER: Security = [{ bearerAuth: [] }];
/** Anonymous, or a bearer token. */
export const OPTIONAL_BEARER: Security = [{}, { bearerAuth: [] }];

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Registers the routes of a scope behind its hook, and documents the scope's security on each. */
async function scope(
  app: ZodApp,
  security: Security,
  check: (request: FastifyRequest) => Promise<void>,
  routes: FastifyPluginAsyncZod[],
): Promise<void> {
  app.addHook('onRequest', check);
  app.addHook('onRoute', (route) => {
    if (route.schema?.security) {
      throw new Error(
        `${route.method} ${route.url}: its scope documents \`security\`; remove it from the route`,
      );
    }
    route.schema = { ...route.schema, security };
  });
  for (const plugin of routes) await app.register(plugin);
}

/** Routes for anyone; a token, when sent, must be a valid shop token (prices for the signed-in). */
export function anyUserScope(auth: Auth, routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return (app) => scope(app, OPTIONAL_BEARER, auth.optional, routes);
}

/** Routes for signed-in customers and agents (administrators and staff: 403 ERR_FORBIDDEN). */
export function shopUserScope(auth: Auth, routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return (app) => scope(app, BEARER, auth.required, routes);
}

/**
 * The back office: a valid token (ERR_UNAUTHORIZED, ERR_TOKEN_EXPIRED, ERR_TOKEN_REVOKED: 401) of an
 * administrator or staff member (customers and agents: 403 ERR_NOT_STAFF) whose role has the
 * route's `config.permission` (otherwise 403 ERR_FORBIDDEN). Sets `request.auth`. A disabled staff
 * account's tokens stop working at once (the token check reads the database). Back-office answers
 * are never cached by a browser or proxy.
 */
export function staffScope(auth: Auth, routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.config?.permission) {
        throw new Error(`${route.method} ${route.url}: a back-office route names its config.permission`);
      }
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await scope(
      app,
      BEARER,
      async (request) => {
        const user = await auth.identify(request);
        if (!user) throw new AppError('ERR_UNAUTHORIZED');
        if (!isAdminRole(user.role)) throw new AppError('ERR_NOT_STAFF');
        const { permission } = request.routeOptions.config;
        if (permission !== 'any' && (!permission || !roleHasPermission(user.role, permission))) {
          throw new AppError('ERR_FORBIDDEN');
        }
        request.auth = user;
      },
      routes,
    );
  };
}

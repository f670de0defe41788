import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { AppError } from './app-error';
import type { Auth } from './auth';

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function requiresBearer(route: RouteOptions): boolean {
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return Boolean(security?.length) && security!.every((entry) => Object.keys(entry).length > 0);
}

/**
 * Checks the caller before anything else of the request runs (issue 9): a route protected by
 * `auth.required` or `auth.optional` has that check moved from preHandler to onRequest, so a caller
 * without a valid token gets its 401 before the body is parsed or validated (an anonymous caller
 * learns nothing about the endpoint's input, and refusals do not depend on the body). The
 * back-office routes (`/api/admin/...` that declare a bearer token) are gated the same way: a valid
 * token of an administrator or staff member, else 401 / 403 ERR_NOT_STAFF; their own permission
 * check still runs in preHandler. Token checks are shared per request (auth.identify), so nothing
 * is read twice. Register before the routes.
 */
export function registerAuthGate(app: FastifyInstance, auth: Auth): void {
  const staffGate: onRequestHookHandler = async (request) => {
    const user = await auth.identify(request);
    if (!user) throw new AppError('ERR_UNAUTHORIZED');
    if (user.role !== 'admin' && user.role !== 'staff') throw new AppError('ERR_NOT_STAFF');
  };
  app.addHook('onRoute', (route) => {
    const preHandlers = asArray(route.preHandler) as preHandlerHookHandler[];
    const early = preHandlers.filter((hook) => hook === auth.required || hook === auth.optional);
    const onRequest = asArray(route.onRequest) as onRequestHookHandler[];
    if (early.length > 0) {
      route.preHandler = preHandlers.filter((hook) => !early.includes(hook));
      route.onRequest = [...onRequest, ...(early as unknown as onRequestHookHandler[])];
    } else if (/^\/api\/admin\//.test(route.url) && requiresBearer(route)) {
      route.onRequest = [...onRequest, staffGate];
    }
  });
}

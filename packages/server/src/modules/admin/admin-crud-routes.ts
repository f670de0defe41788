import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminIdParamsSchema, adminOkSchema } from '@shop/shared/contracts/admin-common';
import type { AuthUser } from '../../http/auth';
import { adminActor } from '../admin-orders/admin-actor';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The OpenAPI parts every route of a back-office area shares, for one summary. */
export type RouteDocs = (summary: string) => Record<string, unknown>;

/** OpenAPI docs of an admin area: tag, bearer auth and the area's permission note. */
export function adminDocs(note: string): RouteDocs {
  return (summary) => ({ tags: ['admin'], security: [{ bearerAuth: [] }], summary, description: note });
}

/** The permission note of an area, e.g. "Needs a back-office token whose role has `content` …". */
export function permissionNote(permission: string, extra = 'Changes are audited.'): string {
  return (
    `Needs a back-office token whose role has the \`${permission}\` permission: no token → 401, a ` +
    `customer, an agent or a role without it → 403. ${extra}`
  );
}

/** Back-office answers are never cached by a browser or proxy. */
export function noStore(app: ZodApp): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

export interface CrudRoutes<Body extends z.ZodType> {
  /** The collection, e.g. '/admin/news'; one record is `${path}/:id`. */
  path: string;
  guard: preHandlerAsyncHookHandler;
  docs: RouteDocs;
  /** GET path: the whole list. */
  list?: { summary: string; response: z.ZodType; run: () => Promise<unknown> };
  /** GET path/:id */
  get?: { summary: string; response: z.ZodType; run: (id: number) => Promise<unknown> };
  /** POST path (id null; only with `create`) and PUT path/:id with the same body; the service audits. */
  save?: {
    create?: string;
    update: string;
    body: Body;
    response: z.ZodType;
    run: (actor: AuthUser, id: number | null, body: z.output<Body>) => Promise<unknown>;
  };
  /** DELETE path/:id → `{ ok: true }`. */
  remove?: { summary: string; run: (actor: AuthUser, id: number) => Promise<void> };
}

/**
 * The list/get/create/update/delete routes of one kind of back-office record, each behind the
 * area's permission guard, with the shared id and ok schemas and the acting staff member passed on.
 */
export function crudRoutes<Body extends z.ZodType>(app: ZodApp, spec: CrudRoutes<Body>): void {
  const { path, guard, docs } = spec;
  const one = `${path}/:id`;
  if (spec.list) {
    const { summary, response, run } = spec.list;
    app.get(path, { preHandler: guard, schema: { ...docs(summary), response: { 200: response } } }, run);
  }
  if (spec.get) {
    const { summary, response, run } = spec.get;
    app.get(
      one,
      {
        preHandler: guard,
        schema: { ...docs(summary), params: adminIdParamsSchema, response: { 200: response } },
      },
      async (request) => run(request.params.id),
    );
  }
  if (spec.save) {
    const { create, update, body, response, run } = spec.save;
    if (create !== undefined) {
      app.post(
        path,
        { preHandler: guard, schema: { ...docs(create), body, response: { 200: response } } },
        async (request) => run(adminActor(request.auth), null, request.body as z.output<Body>),
      );
    }
    app.put(
      one,
      {
        preHandler: guard,
        schema: { ...docs(update), params: adminIdParamsSchema, body, response: { 200: response } },
      },
      async (request) => run(adminActor(request.auth), request.params.id, request.body as z.output<Body>),
    );
  }
  if (spec.remove) {
    const { summary, run } = spec.remove;
    app.delete(
      one,
      {
        preHandler: guard,
        schema: { ...docs(summary), params: adminIdParamsSchema, response: { 200: adminOkSchema } },
      },
      async (request) => {
        await run(adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );
  }
}

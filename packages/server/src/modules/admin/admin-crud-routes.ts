import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamsSchema, adminOkSchema } from '@shop/shared/contracts/admin-common';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../http/auth';
import type { AdminPermission } from './admin-access';
import { adminActor } from '../admin-orders/admin-actor';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The OpenAPI parts every route of a back-office area shares, for one summary (and description). */
export type RouteDocs = (summary: string, description?: string) => Record<string, unknown>;

/** A route's summary, or its summary and what its description adds. */
export type RouteDoc = string | { summary: string; description: string };

/** OpenAPI docs of an admin area: tag and the area's permission note (the staff scope documents the token). */
export function adminDocs(note: string, tag = 'admin'): RouteDocs {
  return (summary, description) => ({
    tags: [tag],
    summary,
    description: description ? `${description} ${note}` : note,
  });
}

/**
 * The options of one back-office route: the permission it needs, its OpenAPI docs (tag, summary,
 * description) and its schemas.
 */
export function adminRoute<S extends object>(
  permission: AdminPermission,
  summary: string,
  description: string,
  schema: S,
  tag = 'admin',
) {
  return { config: { permission }, schema: { tags: [tag], summary, description, ...schema } };
}

/** The permission note of an area, e.g. "Needs a back-office token whose role has `content` …". */
export function permissionNote(permission: string, extra = 'Changes are audited.'): string {
  return (
    `Needs a back-office token whose role has the \`${permission}\` permission: no token → 401, a ` +
    `customer, an agent or a role without it → 403. ${extra}`
  );
}

/** How every admin route refuses callers, for the route descriptions. */
export const ADMIN_ROLE_ERRORS =
  'ERR_UNAUTHORIZED (401) without a token, ERR_NOT_STAFF (403) for customers and agents, ' +
  'ERR_FORBIDDEN (403) when the role lacks the permission';

export interface CrudRoutes<Body extends z.ZodType> {
  /** The collection under /api/admin, e.g. '/news'; one record is `${path}/:id`. */
  path: string;
  /** The permission every route of the collection needs (the staff scope checks it). */
  permission: AdminPermission;
  docs: RouteDocs;
  /** The `:id` parameter (default: the shared admin id). */
  params?: z.ZodType<{ id: number }, unknown>;
  /** What GET path/:id, POST path and PUT path/:id answer: one whole record. */
  record: z.ZodType;
  /** GET path: the whole list. */
  list?: { doc: RouteDoc; response: z.ZodType; run: (ctx: AppContext) => Promise<unknown> };
  /** GET path/:id */
  get?: { doc: RouteDoc; run: (ctx: AppContext, id: number) => Promise<unknown> };
  /**
   * POST path (id null; only with `create`) and PUT path/:id with the same body; the service
   * audits. `created`: POST answers 201.
   */
  save?: {
    create?: RouteDoc;
    update: RouteDoc;
    created?: boolean;
    body: Body;
    run: (ctx: AppContext, actor: AuthUser, id: number | null, body: z.output<Body>) => Promise<unknown>;
  };
  /** DELETE path/:id → `{ ok: true }`, or 204 without a body with `noContent`. */
  remove?: {
    doc: RouteDoc;
    noContent?: boolean;
    run: (ctx: AppContext, actor: AuthUser, id: number) => Promise<void>;
  };
}

/**
 * The list/get/create/update/delete routes of one kind of back-office record, each naming the
 * area's permission, with the shared id and ok schemas; the service functions get the app context
 * and, for writes, the acting staff member.
 */
export function crudRoutes<Body extends z.ZodType>(
  app: ZodApp,
  ctx: AppContext,
  spec: CrudRoutes<Body>,
): void {
  const { path, record } = spec;
  const config = { permission: spec.permission };
  const one = `${path}/:id`;
  const params = spec.params ?? adminIdParamsSchema;
  const docs = (doc: RouteDoc) =>
    typeof doc === 'string' ? spec.docs(doc) : spec.docs(doc.summary, doc.description);
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;
  if (spec.list) {
    const { doc, response, run } = spec.list;
    app.get(path, { config, schema: { ...docs(doc), response: { 200: response } } }, async () => run(ctx));
  }
  if (spec.get) {
    const { doc, run } = spec.get;
    app.get(one, { config, schema: { ...docs(doc), params, response: { 200: record } } }, async (request) =>
      run(ctx, idOf(request)),
    );
  }
  if (spec.save) {
    const { create, update, created, body, run } = spec.save;
    if (create !== undefined) {
      app.post(
        path,
        {
          config,
          schema: { ...docs(create), body, response: { [created ? 201 : 200]: record } },
        },
        async (request, reply) => {
          const saved = await run(ctx, adminActor(request.auth), null, request.body as z.output<Body>);
          return created ? reply.status(201).send(saved) : saved;
        },
      );
    }
    app.put(
      one,
      { config, schema: { ...docs(update), params, body, response: { 200: record } } },
      async (request) => run(ctx, adminActor(request.auth), idOf(request), request.body as z.output<Body>),
    );
  }
  if (spec.remove) {
    const { doc, noContent, run } = spec.remove;
    app.delete(
      one,
      {
        config,
        schema: {
          ...docs(doc),
          params,
          response: noContent ? { 204: z.null() } : { 200: adminOkSchema },
        },
      },
      async (request, reply) => {
        await run(ctx, adminActor(request.auth), idOf(request));
        return noContent ? reply.status(204).send(null) : { ok: true as const };
      },
    );
  }
}

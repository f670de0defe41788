import { adminIdParamsSchema, adminOkSchema } from '@shop/shared/contracts/admin-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentPageSchema,
  adminContentPageSummarySchema,
  adminNewsSchema,
  adminNewsSummarySchema,
  adminNewspaperSchema,
  NEWSPAPER_MAX_BYTES,
  saveAdminContentPageSchema,
  saveNewsSchema,
  saveNewspaperSchema,
  uploadNewspaperQuerySchema,
} from '@shop/shared/contracts/admin-content';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { Auth } from '../../http/auth';
import { requirePermission } from '../admin/admin-access';
import { adminActor } from '../admin-orders/admin-actor';
import * as service from './admin-content.service';

const NOTE =
  'Needs a back-office token whose role has the `content` permission: no token → 401, a customer or agent → ' +
  '403 ERR_NOT_STAFF. Changes are audited and shown by the shop on its next request.';

export function adminContentRoutes(ctx: AppContext, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requirePermission(auth, 'content');
    const schema = (summary: string) => ({
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary,
      description: NOTE,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    // Only these routes take a raw PDF body (the plugin is encapsulated).
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: NEWSPAPER_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    // News
    app.get(
      '/admin/news',
      {
        preHandler: guard,
        schema: { ...schema('News items'), response: { 200: z.array(adminNewsSummarySchema) } },
      },
      async () => service.listNews(ctx),
    );
    app.get(
      '/admin/news/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('One news item'),
          params: adminIdParamsSchema,
          response: { 200: adminNewsSchema },
        },
      },
      async (request) => service.getNews(ctx, request.params.id),
    );
    app.post(
      '/admin/news',
      {
        preHandler: guard,
        schema: { ...schema('Create a news item'), body: saveNewsSchema, response: { 200: adminNewsSchema } },
      },
      async (request) => service.saveNews(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/news/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('Change a news item (texts, dates, linked products)'),
          params: adminIdParamsSchema,
          body: saveNewsSchema,
          response: { 200: adminNewsSchema },
        },
      },
      async (request) => service.saveNews(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/news/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('Delete a news item'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deleteNews(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );

    // Content pages
    app.get(
      '/admin/content-pages',
      {
        preHandler: guard,
        schema: { ...schema('Content pages'), response: { 200: z.array(adminContentPageSummarySchema) } },
      },
      async () => service.listPages(ctx),
    );
    app.get(
      '/admin/content-pages/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('One content page with its texts'),
          params: adminIdParamsSchema,
          response: { 200: adminContentPageSchema },
        },
      },
      async (request) => service.getPage(ctx, request.params.id),
    );
    app.post(
      '/admin/content-pages',
      {
        preHandler: guard,
        schema: {
          ...schema('Create a content page (HTML sanitised; a taken path → 409 ERR_DUPLICATE)'),
          body: saveAdminContentPageSchema,
          response: { 200: adminContentPageSchema },
        },
      },
      async (request) => service.savePage(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/content-pages/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('Change a content page (HTML sanitised)'),
          params: adminIdParamsSchema,
          body: saveAdminContentPageSchema,
          response: { 200: adminContentPageSchema },
        },
      },
      async (request) => service.savePage(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/content-pages/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('Delete a content page'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deletePage(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );

    // Special-offer newspapers
    app.get(
      '/admin/newspapers',
      {
        preHandler: guard,
        schema: { ...schema('Uploaded newspapers'), response: { 200: z.array(adminNewspaperSchema) } },
      },
      async () => service.listNewspapers(ctx),
    );
    app.post(
      '/admin/newspapers',
      {
        preHandler: guard,
        bodyLimit: NEWSPAPER_MAX_BYTES,
        schema: {
          ...schema('Upload a newspaper PDF (raw body, Content-Type: application/pdf, at most 20 MB)'),
          querystring: uploadNewspaperQuerySchema,
          response: { 200: adminNewspaperSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('ERR_NOT_A_PDF');
        return service.uploadNewspaper(ctx, adminActor(request.auth), request.query, request.body);
      },
    );
    app.put(
      '/admin/newspapers/:id',
      {
        preHandler: guard,
        schema: {
          ...schema("Change a newspaper's title, language or validity"),
          params: adminIdParamsSchema,
          body: saveNewspaperSchema,
          response: { 200: adminNewspaperSchema },
        },
      },
      async (request) =>
        service.updateNewspaper(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/newspapers/:id',
      {
        preHandler: guard,
        schema: {
          ...schema('Delete a newspaper and its file'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deleteNewspaper(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );
  };
}

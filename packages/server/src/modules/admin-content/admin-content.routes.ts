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
import { acceptRawBodies } from '../../http/raw-bodies';
import { adminDocs, crudRoutes } from '../admin/admin-crud-routes';
import { adminActor } from '../admin-orders/admin-actor';
import * as service from './admin-content.service';

const NOTE =
  'Needs a back-office token whose role has the `content` permission: no token → 401, a customer or agent → ' +
  '403 ERR_NOT_STAFF. Changes are audited and shown by the shop on its next request.';

export function adminContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = adminDocs(NOTE);
    // Only these routes take a raw PDF body (the plugin is encapsulated).
    acceptRawBodies(app, 'application/pdf', NEWSPAPER_MAX_BYTES);

    crudRoutes(app, {
      path: '/news',
      permission: 'content',
      docs,
      list: {
        doc: 'News items',
        response: z.array(adminNewsSummarySchema),
        run: () => service.listNews(ctx),
      },
      get: {
        doc: 'One news item',
        response: adminNewsSchema,
        run: (id) => service.getNews(ctx, id),
      },
      save: {
        create: 'Create a news item',
        update: 'Change a news item (texts, dates, linked products)',
        body: saveNewsSchema,
        response: adminNewsSchema,
        run: (actor, id, body) => service.saveNews(ctx, actor, id, body),
      },
      remove: {
        doc: 'Delete a news item',
        run: (actor, id) => service.deleteNews(ctx, actor, id),
      },
    });

    crudRoutes(app, {
      path: '/content-pages',
      permission: 'content',
      docs,
      list: {
        doc: 'Content pages',
        response: z.array(adminContentPageSummarySchema),
        run: () => service.listPages(ctx),
      },
      get: {
        doc: 'One content page with its texts',
        response: adminContentPageSchema,
        run: (id) => service.getPage(ctx, id),
      },
      save: {
        create: 'Create a content page (HTML sanitised; a taken path → 409 ERR_DUPLICATE)',
        update: 'Change a content page (HTML sanitised)',
        body: saveAdminContentPageSchema,
        response: adminContentPageSchema,
        run: (actor, id, body) => service.savePage(ctx, actor, id, body),
      },
      remove: {
        doc: 'Delete a content page',
        run: (actor, id) => service.deletePage(ctx, actor, id),
      },
    });

    // Special-offer newspapers: created by a PDF upload, then changed and deleted like the others.
    crudRoutes(app, {
      path: '/newspapers',
      permission: 'content',
      docs,
      list: {
        doc: 'Uploaded newspapers',
        response: z.array(adminNewspaperSchema),
        run: () => service.listNewspapers(ctx),
      },
      save: {
        update: "Change a newspaper's title, language or validity",
        body: saveNewspaperSchema,
        response: adminNewspaperSchema,
        run: (actor, id, body) => service.updateNewspaper(ctx, actor, id as number, body),
      },
      remove: {
        doc: 'Delete a newspaper and its file',
        run: (actor, id) => service.deleteNewspaper(ctx, actor, id),
      },
    });
    app.post(
      '/newspapers',
      {
        config: { permission: 'content' },
        bodyLimit: NEWSPAPER_MAX_BYTES,
        schema: {
          ...docs('Upload a newspaper PDF (raw body, Content-Type: application/pdf, at most 20 MB)'),
          querystring: uploadNewspaperQuerySchema,
          response: { 200: adminNewspaperSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('ERR_NOT_A_PDF');
        return service.uploadNewspaper(ctx, adminActor(request.auth), request.query, request.body);
      },
    );
  };
}

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

    crudRoutes(app, ctx, {
      path: '/news',
      permission: 'content',
      docs,
      record: adminNewsSchema,
      list: {
        doc: 'News items',
        response: z.array(adminNewsSummarySchema),
        run: service.listNews,
      },
      get: {
        doc: 'One news item',
        run: service.getNews,
      },
      save: {
        create: 'Create a news item',
        update: 'Change a news item (texts, dates, linked products)',
        body: saveNewsSchema,
        run: service.saveNews,
      },
      remove: {
        doc: 'Delete a news item',
        run: service.deleteNews,
      },
    });

    crudRoutes(app, ctx, {
      path: '/content-pages',
      permission: 'content',
      docs,
      record: adminContentPageSchema,
      list: {
        doc: 'Content pages',
        response: z.array(adminContentPageSummarySchema),
        run: service.listPages,
      },
      get: {
        doc: 'One content page with its texts',
        run: service.getPage,
      },
      save: {
        create: 'Create a content page (HTML sanitised; a taken path → 409 ERR_DUPLICATE)',
        update: 'Change a content page (HTML sanitised)',
        body: saveAdminContentPageSchema,
        run: service.savePage,
      },
      remove: {
        doc: 'Delete a content page',
        run: service.deletePage,
      },
    });

    // Special-offer newspapers: created by a PDF upload, then changed and deleted like the others.
    crudRoutes(app, ctx, {
      path: '/newspapers',
      permission: 'content',
      docs,
      record: adminNewspaperSchema,
      list: {
        doc: 'Uploaded newspapers',
        response: z.array(adminNewspaperSchema),
        run: service.listNewspapers,
      },
      save: {
        update: "Change a newspaper's title, language or validity",
        body: saveNewspaperSchema,
        run: (ctx, actor, id, body) => service.updateNewspaper(ctx, actor, id as number, body),
      },
      remove: {
        doc: 'Delete a newspaper and its file',
        run: service.deleteNewspaper,
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

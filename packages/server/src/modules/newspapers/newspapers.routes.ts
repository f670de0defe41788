import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generatedNewspaperQuerySchema,
  newspaperIdParamsSchema,
  newspaperListResponseSchema,
} from '@shop/shared/contracts/newspapers';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import { cachePerCaller } from '../../http/cache-headers';
import * as service from './newspapers.service';

/** `attachment` with an ASCII file name and the UTF-8 one (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendPdf(reply: FastifyReply, file: service.NewspaperFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream());
}

const pdfResponse = z.any().describe('The PDF file (application/pdf)');

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function newspapersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/newspapers',
      {
        schema: {
          tags: ['newspapers'],
          summary: 'The current special-offer newspapers',
          description:
            'Uploaded PDFs valid today first (those in the request language or for every language before the ' +
            'others), then the newspaper generated from the products on sale now, in the request language. ' +
            '404 ERR_NO_CATALOGUES when there is none; 500 ERR_GETTING_CATALOGUES when they cannot be read.',
          response: { 200: newspaperListResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await service.listNewspapers(ctx, signedIn(request), request.language);
        cachePerCaller(reply);
        return result;
      },
    );

    app.get(
      '/newspapers/generated',
      {
        schema: {
          tags: ['newspapers'],
          summary:
            'The newspaper generated from the products on sale now, as a PDF, with the caller’s prices',
          description:
            'Pictures, names in the language, gross and net prices per piece and the offers’ end dates. ' +
            'language: hu, en, vi or zh (default: Accept-Language). 404 ERR_NO_CATALOGUES when nothing is on sale.',
          querystring: generatedNewspaperQuerySchema,
          produces: ['application/pdf'],
          response: { 200: pdfResponse },
        },
      },
      async (request, reply) => {
        const user = signedIn(request);
        const language = request.query.language ?? request.language;
        return sendPdf(reply, await service.generatedNewspaper(ctx, user, language));
      },
    );

    app.get(
      '/newspapers/:id/download',
      {
        schema: {
          tags: ['newspapers'],
          summary: 'An uploaded newspaper PDF',
          description: '404 NOT_FOUND when there is no such newspaper or its file is missing.',
          params: newspaperIdParamsSchema,
          produces: ['application/pdf'],
          response: { 200: pdfResponse },
        },
      },
      async (request, reply) => sendPdf(reply, await service.uploadedNewspaper(ctx, request.params.id)),
    );
  };
}

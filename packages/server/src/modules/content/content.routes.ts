import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentPageSchema, contentPathParamsSchema } from '@shop/shared/contracts/content';
import type { AppContext } from '../../app-context';
import { cachePerLanguage } from '../../http/cache-headers';
import * as service from './content.service';

export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/contents/*',
      {
        schema: {
          tags: ['content'],
          summary: 'A content page (legal information, how to buy, contact, privacy policy, ...) by its path',
          description:
            'Title and sanitised HTML description in the Accept-Language language, else in Hungarian. ' +
            '404 NOT_FOUND when there is no page at the path.',
          params: contentPathParamsSchema,
          response: { 200: contentPageSchema },
        },
      },
      async (request, reply) => {
        const page = await service.getContentPage(ctx, request.params['*'], request.language);
        cachePerLanguage(reply, 300);
        return page;
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categorySearchQuerySchema,
  categorySearchResponseSchema,
  categoryTreeResponseSchema,
} from '@shop/shared/contracts/categories';
import type { AppContext } from '../../app-context';
import { searchRateLimit } from '../../lib/rate-limit';
import * as service from './categories.service';

/** Anyone (a token, when sent, must be valid): the catalogue scope (app.ts, http/route-scopes.ts). */
export function categoriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const caches = service.createCategoryCaches();

    app.get(
      '/categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'The category tree: main categories with their subcategories and active product counts',
          description: 'Names in the request language (Accept-Language), Hungarian when missing.',
          response: { 200: categoryTreeResponseSchema },
        },
      },
      async (request, reply) => {
        // A customer with an assortment gets its own counts (modules/assortments).
        reply.header('vary', 'authorization, accept-language');
        return { data: await service.categoryTree(ctx, request.language, caches, request.auth) };
      },
    );

    app.get(
      '/categories/search',
      {
        config: { rateLimit: searchRateLimit(ctx.config.searchRateLimit) },
        schema: {
          tags: ['categories'],
          summary: 'Categories whose name (any language) contains every word of the search string',
          description:
            'At least 3 characters, else 400 ERR_VALIDATION. Case- and accent-insensitive; at most 20, exact names first.',
          querystring: categorySearchQuerySchema,
          response: { 200: categorySearchResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'accept-language');
        return { data: await service.searchCategories(ctx, caches, request, request.query.searchString) };
      },
    );
  };
}

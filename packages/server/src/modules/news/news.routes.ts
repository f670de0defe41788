import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentNewsSchema, newsProductsResponseSchema } from '@shop/shared/contracts/news';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import { cachePerCaller, cachePerLanguage } from '../../http/cache-headers';
import * as service from './news.service';
import { routeDoc } from '../shop/route-doc';

/**
 * The current news item for the pop-up (public) and its products with the caller's prices
 * (the shop-user scope; app.ts, http/route-scopes.ts).
 */
export function newsRoutes(ctx: AppContext): {
  public: FastifyPluginAsyncZod;
  shopUser: FastifyPluginAsyncZod;
} {
  const anyone: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/news/current',
      routeDoc(
        'news',
        'The current news item for the news pop-up',
        'Title and sanitised HTML description in the Accept-Language language, else in Hungarian. ' +
          '404 NOT_FOUND when there is no current news item.',
        { response: { 200: currentNewsSchema } },
      ),
      async (request, reply) => {
        const news = await service.getCurrentNews(ctx, request.language);
        cachePerLanguage(reply, 60);
        return news;
      },
    );
  };

  const shopUser: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/news/current/products',
      routeDoc(
        'news',
        'The products of the current news item, with the caller’s prices',
        'Products in the catalogue’s shape (as products/all answers them for this token): for an agent ' +
          'the prices of its current shipping address’s customer. 404 NOT_FOUND when there is no current news item.',
        { response: { 200: newsProductsResponseSchema } },
      ),
      async (request, reply) => {
        const result = await service.getCurrentNewsProducts(ctx, signedIn(request), request.language);
        cachePerCaller(reply);
        return result;
      },
    );
  };

  return { public: anyone, shopUser };
}

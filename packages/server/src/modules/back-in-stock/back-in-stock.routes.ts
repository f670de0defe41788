import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backInStockInputSchema,
  backInStockListSchema,
  backInStockParamsSchema,
} from '@shop/shared/contracts/back-in-stock';
import { productSkuParamsSchema } from '@shop/shared/contracts/product-photos';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import { adminRoute } from '../admin/admin-crud-routes';
import * as alerts from './back-in-stock.service';

const tags = ['back-in-stock'];

/** The shop routes (signed-in customers and agents) and the back office's waiting count. */
export function backInStockRoutes(ctx: AppContext): {
  shopUser: FastifyPluginAsyncZod;
  staff: FastifyPluginAsyncZod;
} {
  const shopUser: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/back-in-stock',
      {
        schema: {
          tags,
          summary: 'Ask to be told by mail when an out-of-stock product is back',
          description:
            'Only for a product whose stock is 0 (409 ERR_PRODUCT_IN_STOCK); unknown SKU → 404 ERR_PRODUCT_NOT_FOUND. ' +
            'Asking twice keeps one request. When the stock rises above zero the user gets one mail in their language ' +
            'and the request is closed.',
          body: backInStockInputSchema,
          response: { 201: backInStockListSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await alerts.requestAlert(ctx, signedIn(request), request.body.productSku, request.language)),
    );
    app.get(
      '/back-in-stock',
      {
        schema: {
          tags,
          summary: "The signed-in user's waiting back-in-stock requests, newest first",
          response: { 200: backInStockListSchema },
        },
      },
      async (request) => {
        const list = await alerts.listAlerts(ctx, signedIn(request), request.language);
        return list;
      },
    );
    app.delete(
      '/back-in-stock/:productSku',
      {
        schema: {
          tags,
          summary: 'Cancel a back-in-stock request',
          description: '404 ERR_BACK_IN_STOCK_NOT_FOUND when the user has none for that product.',
          params: backInStockParamsSchema,
          response: { 200: backInStockListSchema },
        },
      },
      async (request) =>
        alerts.cancelAlert(ctx, signedIn(request), request.params.productSku, request.language),
    );
  };

  const staff: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/products/:sku/back-in-stock',
      adminRoute(
        'catalogue',
        'How many users wait for this product to be back in stock',
        '404 ERR_PRODUCT_NOT_FOUND. Needs an administrator or staff token with the `catalogue` permission.',
        {
          params: productSkuParamsSchema,
          response: { 200: z.object({ sku: z.string(), waiting: z.number().int() }) },
        },
        'admin-catalogue',
      ),
      async (request) => alerts.waitingCount(ctx, request.params.sku),
    );
  };

  return { shopUser, staff };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ProductListQueryParsed,
  productListQuerySchema,
  productListResponseSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
} from '@shop/shared/contracts/products';
import type { AppContext } from '../../app-context';
import { cachePerCaller } from '../../http/cache-headers';
import { searchRateLimit } from '../../lib/rate-limit';
import * as service from './products.service';

/**
 * Sends an answer the service wrote as UTF-8 JSON (docs/decisions/0008-catalogue-read-model.md): the
 * response schema still describes it in the OpenAPI document, but Fastify does not run it again per
 * request (the tests check every answer against the schema). The answer depends on the token and the
 * language; `caching=true` lets the browser keep it a minute. A large page comes as a stream, sent
 * chunked (and compressed as it goes) with the socket's back-pressure (issue 18).
 */
function sendJson(reply: FastifyReply, json: service.JsonAnswer, caching: boolean | undefined): FastifyReply {
  cachePerCaller(reply, caching ? 'private, max-age=60' : 'private, no-cache');
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The catalogue for anyone (anyUserScope: prices for a valid token) and the signed-in customer's
 * ordered products (shopUserScope), sharing one set of listing caches.
 */
export function productsRoutes(ctx: AppContext): {
  anyUser: FastifyPluginAsyncZod;
  shopUser: FastifyPluginAsyncZod;
} {
  const caches = service.createListingCaches();
  /** The handler of a listing: all products, or the ones the customer ordered before. */
  const listing =
    (mode: 'all' | 'ordered') =>
    async (request: service.CatalogueRequest & { query: ProductListQueryParsed }, reply: FastifyReply) => {
      const json = await service.listProducts(ctx, request, request.query, mode, caches);
      return sendJson(reply, json, request.query.caching);
    };
  /** The page a signed-in customer will probably get: its live data rides on the token check. */
  const tokenCheckPageOf =
    (planOf: Parameters<typeof service.speculatedPage>[4]) => (request: FastifyRequest, userId: number) =>
      service.speculatedPage(ctx, caches, request, userId, planOf);
  const anyUser: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/products/all',
      {
        config: { tokenCheckPage: tokenCheckPageOf(service.listingPlanOf) },
        schema: {
          tags: ['products'],
          summary: 'The product listing: one page of active products, the total count and the manufacturers',
          description:
            'Anonymous visitors get the catalogue without prices (`prices: []`, `currentPrice: null`). ' +
            'Filters: mainCategorySlug (with its subcategories), subCategorySlug, onSale, seasonal, selectedManufacturers. ' +
            '`manufacturers` lists the manufacturers of the whole filtered result, ignoring selectedManufacturers. ' +
            'productsPerPage other than 1, 50, 100, 99999 → 400 ERR_INVALID_PPP.',
          querystring: productListQuerySchema,
          response: { 200: productListResponseSchema },
        },
      },
      listing('all'),
    );

    app.get(
      '/products/search',
      {
        config: {
          rateLimit: searchRateLimit(ctx.config.searchRateLimit),
          tokenCheckPage: tokenCheckPageOf(service.searchPlanOf),
        },
        schema: {
          tags: ['products'],
          summary: 'Product search: the paged listing form and the six-way simple form',
          description:
            'searchType=all with searchString, or product-by-sku with searchSku (forces productsPerPage=1, currentPage=1): ' +
            'answers like products/all. selectType=simple with searchType products-by-name-exact, products-by-name, ' +
            'products-by-barcode-exact, products-by-barcode (searchString) or product-by-sku (searchSku): answers ' +
            '`{ data: { products } }`, at most 20; barcode results carry `barcodes` (all pack barcodes, comma separated). ' +
            'At least 3 characters, else 400 ERR_VALIDATION. Case- and accent-insensitive in every language; exact name ' +
            'matches first, then name prefixes, then word prefixes, then other matches.',
          querystring: productSearchQuerySchema,
          response: { 200: productSearchResponseSchema },
        },
      },
      async (request, reply) => {
        const json = await service.searchProducts(ctx, request, request.query, caches);
        return sendJson(reply, json, request.query.caching);
      },
    );
  };

  const shopUser: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/products/ordered-products',
      {
        schema: {
          tags: ['products'],
          summary:
            'Products the customer has ordered before, most recently ordered first, with lastOrderedQuantity',
          description:
            'Same query and answer as products/all. For an agent: the customer of its current shipping address ' +
            '(409 ERR_NO_CURRENT_SHIPPING until one is chosen).',
          querystring: productListQuerySchema,
          response: { 200: productListResponseSchema },
        },
      },
      listing('ordered'),
    );
  };

  return { anyUser, shopUser };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  offlineCatalogueQuerySchema,
  offlineCatalogueResponseSchema,
  offlineChangesRequestSchema,
} from '@shop/shared/contracts/offline';
import type { AppContext } from '../../app-context';
import { createOfflineService, type OfflineRange, type OfflineRequest } from './offline.service';

/** The offline catalogue of a signed-in customer or agent (shopUserScope; issue 19). */
export function offlineRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = createOfflineService(ctx);
  /**
   * The answer, never stored by a cache (`private, no-store`), with the server's time in `Server-Timing` (bench:offline's breakdown): `request`, from
   * the request's arrival through reading and validating its body to the answer (before writing it),
   * and `range`, the part spent reading and comparing the products.
   */
  async function timedRange(
    request: OfflineRequest,
    reply: { header(name: string, value: string): unknown; elapsedTime: number },
    input: OfflineRange,
  ) {
    reply.header('cache-control', 'private, no-store');
    const start = performance.now();
    const answer = await service.range(request, input);
    const range = performance.now() - start;
    reply.header(
      'server-timing',
      `request;dur=${reply.elapsedTime.toFixed(1)}, range;dur=${range.toFixed(1)}`,
    );
    return answer;
  }
  return async (app) => {
    app.get(
      '/offline/catalogue',
      {
        schema: {
          tags: ['offline'],
          summary:
            'The offline catalogue: one page of active products with the customer’s prices and a hash each',
          description:
            'Active products in id order after `cursor` (at most `limit`, 1–1000, default 500), as the listing ' +
            'shows them to the customer (names in the caller’s language, pack sizes with barcodes, prices, stock ' +
            'now) plus `hash`, a fingerprint for the delta sync. `next` is the cursor of the next page, null at ' +
            'the end. `customerId`: an agent’s customer or the customer’s own (else 403 ERR_FORBIDDEN); ' +
            'absent: the acting customer (an agent: the customer of its current shipping address, else list prices).',
          querystring: offlineCatalogueQuerySchema,
          response: { 200: offlineCatalogueResponseSchema },
        },
      },
      async (request, reply) =>
        timedRange(request, reply, {
          customerId: request.query.customerId,
          after: request.query.cursor ?? 0,
          through: null,
          known: [],
          limit: request.query.limit,
        }),
    );

    app.post(
      '/offline/catalogue/changes',
      {
        schema: {
          tags: ['offline'],
          summary: 'The delta sync of the offline catalogue: only the products that changed',
          description:
            'The browser sends the `[id, hash]` pairs it holds for the ids in (`after`, `through`] (null: to the ' +
            'end; at most 2000 pairs). The answer holds the active products of that range whose hash differs or ' +
            'that it does not hold (at most `limit`), and `removed`, the ids it holds that are no longer active. ' +
            'When `next` is not null, ask again with `after: next`. Same `customerId` rule as the full sync.',
          body: offlineChangesRequestSchema,
          response: { 200: offlineCatalogueResponseSchema },
        },
      },
      async (request, reply) => timedRange(request, reply, request.body),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopStateResponseSchema } from '@shop/shared/contracts/checkout';
import type { AppContext } from '../../app-context';
import { readShopState } from './shop.service';

export function shopRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shop/state',
      {
        schema: {
          tags: ['shop'],
          summary: 'Whether the shop takes orders now (public)',
          description:
            'closed: now lies inside a closed window (local times in `timeZone`, e.g. 2024-12-27T16:00 to ' +
            '2025-01-02T08:00); forceClosed: the setting shop.forceDisabled is on. While either holds, ' +
            'place-order answers ERR_SHOP_CLOSED / ERR_SHOP_FORCE_CLOSED. `window` is the applying window for ' +
            'the maintenance text; `upcoming` the next one.',
          response: { 200: shopStateResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return readShopState(ctx);
      },
    );
  };
}

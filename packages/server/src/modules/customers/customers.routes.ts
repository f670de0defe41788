import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extendedCustomerParamsSchema, extendedCustomerResponseSchema } from '@shop/shared/contracts/users';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import * as service from './customers.service';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customers/:customerId/extended',
      {
        schema: {
          tags: ['customers'],
          summary: 'Extended data: customerData for a customer, agentData for an agent',
          description:
            'A customer may read only itself (`customerData`). An agent may name any of its own customers and gets ' +
            "`agentData`: its name and its current shipping address with that address's customer (null until chosen). " +
            'Anything else → 403 ERR_FORBIDDEN.',
          params: extendedCustomerParamsSchema,
          response: { 200: extendedCustomerResponseSchema },
        },
      },
      async (request) => {
        return {
          data: await service.getExtendedCustomerData(ctx, signedIn(request), request.params.customerId),
        };
      },
    );
  };
}

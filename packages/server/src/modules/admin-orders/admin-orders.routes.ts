import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderAgentSchema,
  adminOrderDetailSchema,
  adminOrderFilterSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderStatusBodySchema,
} from '@shop/shared/contracts/admin-orders';
import type { AppContext } from '../../app-context';
import { adminRoute } from '../admin/admin-crud-routes';
import { adminActor } from './admin-actor';
import * as service from './admin-orders.service';

const ROLE_NOTE =
  'Needs a back-office token whose role has the `orders` permission: no token → 401 ERR_UNAUTHORIZED, ' +
  'a customer, agent or a role without it → 403.';

export function adminOrdersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders',
      adminRoute(
        'orders',
        'Orders, filtered and paged, newest first',
        '`from`/`to`: days (YYYY-MM-DD, inclusive) in the shop time zone; `customer`: part of the name or ' +
          `e-mail; \`customerId\`, \`agentUserId\`, \`status\` exact. ${ROLE_NOTE}`,
        {
          querystring: adminOrderListQuerySchema,
          response: { 200: adminOrderListResponseSchema },
        },
      ),
      async (request) => service.listOrders(ctx, request.query),
    );

    app.get(
      '/orders/export.csv',
      adminRoute(
        'orders',
        'The filtered order list as CSV',
        'Same filters as the list, no paging (at most 50,000 rows). UTF-8 with BOM, `;` separated, decimal ' +
          `comma, column titles in the request language. ${ROLE_NOTE}`,
        {
          querystring: adminOrderFilterSchema,
          response: { 200: z.string() },
        },
      ),
      async (request, reply) => {
        const file = await service.exportOrdersCsv(ctx, request.query, request.language);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`);
        return file.body;
      },
    );

    app.get(
      '/orders/agents',
      adminRoute('orders', 'The agents who placed orders (for the agent filter)', ROLE_NOTE, {
        response: { 200: z.array(adminOrderAgentSchema) },
      }),
      async () => service.orderAgents(ctx),
    );

    app.get(
      '/orders/:id',
      adminRoute(
        'orders',
        'One order with lines, addresses, methods and status history',
        `Unknown id → 404 NOT_FOUND. ${ROLE_NOTE}`,
        {
          params: adminIdParamsSchema,
          response: { 200: adminOrderDetailSchema },
        },
      ),
      async (request) => service.orderDetail(ctx, request.params.id),
    );

    app.post(
      '/orders/:id/status',
      adminRoute(
        'orders',
        'Change the status of an order',
        'new → confirmed → processing → shipped → completed; new, confirmed and processing may be cancelled, ' +
          'which puts the ordered pieces back into stock. Any other change → 409 ERR_INVALID_STATUS_TRANSITION ' +
          `\`{ from, to }\`. Audited. ${ROLE_NOTE}`,
        {
          params: adminIdParamsSchema,
          body: adminOrderStatusBodySchema,
          response: { 200: adminOrderDetailSchema },
        },
      ),
      async (request) =>
        service.changeOrderStatus(ctx, adminActor(request.auth), request.params.id, request.body.status),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import {
  outboxMessageSchema,
  outboxPageSchema,
  outboxQuerySchema,
} from '@shop/shared/contracts/admin-webhooks';
import type { AppContext } from '../../app-context';
import { actorOf } from '../admin/admin-access';
import { adminRoute } from '../admin/admin-crud-routes';
import { listOutbox, retryOutboxMessage } from './outbox-admin.service';

const note =
  ' Administrators only (permission `integration`): 401 without a token, 403 ERR_NOT_STAFF for customers and agents, ' +
  '403 ERR_FORBIDDEN for staff. See docs/decisions/0019-outbox.md.';

/** The outbox page of the back office (staffScope, under /api/admin). */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/outbox',
      adminRoute(
        'integration',
        'Messages of the outbox: pending, failed, or sent in the last 7 days',
        '`?status=pending|failed|sent&page&pageSize`; `counts` has the size of each view. Bodies are not shown.' +
          note,
        { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } },
        'admin-outbox',
      ),
      async (request) => listOutbox(ctx, request.query),
    );
    app.post(
      '/outbox/:id/retry',
      adminRoute(
        'integration',
        'Try a failed message again now',
        'Attempts start over and the give-up time counts from now. 404 ERR_OUTBOX_NOT_FOUND; 409 ERR_OUTBOX_NOT_FAILED ' +
          'for a message that is not failed.' +
          note,
        { params: adminIdParamsSchema, response: { 200: outboxMessageSchema } },
        'admin-outbox',
      ),
      async (request) => retryOutboxMessage(ctx, actorOf(request), request.params.id),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema, adminOkSchema } from '@shop/shared/contracts/admin-common';
import {
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookListResponseSchema,
  webhookRotateSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@shop/shared/contracts/admin-webhooks';
import type { AppContext } from '../../app-context';
import { actorOf } from '../admin/admin-access';
import { adminRoute } from '../admin/admin-crud-routes';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service';

const note =
  ' Administrators only (permission `integration`): 401 without a token, 403 ERR_NOT_STAFF for customers and agents, ' +
  '403 ERR_FORBIDDEN for staff. Unknown endpoint → 404 ERR_WEBHOOK_NOT_FOUND. See docs/decisions/0020-webhooks.md.';
const targetNote =
  ' The URL is http or https; every address its host resolves to must be public or inside WEBHOOK_ALLOWED_NETWORKS ' +
  '(400 ERR_WEBHOOK_TARGET_FORBIDDEN `{ address }`, 400 ERR_WEBHOOK_HOST_UNKNOWN when it does not resolve).';

/** A webhook route's permission and OpenAPI schema: the summary, the description with the note, `schema`. */
const webhookRoute = <S extends object>(summary: string, description: string, schema: S) =>
  adminRoute('integration', summary, (description + note).trim(), schema, 'admin-webhooks');

/** Webhook endpoints and their delivery logs in the back office (staffScope, under /api/admin). */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webhooks',
      webhookRoute('Webhook endpoints (never their secrets)', '', {
        response: { 200: webhookListResponseSchema },
      }),
      async () => ({ items: await listWebhooks(ctx) }),
    );
    app.post(
      '/webhooks',
      webhookRoute(
        'Add a webhook endpoint; the answer shows its signing secret (whsec_…) this once',
        'Body `{ url, events: [...], description, enabled? }`. Events: order.placed, order.status_changed, ' +
          'customer.registered, customer.approved. Deliveries are signed per Standard Webhooks.' +
          targetNote,
        { body: webhookCreateSchema, response: { 201: webhookWithSecretSchema } },
      ),
      async (request, reply) =>
        reply.status(201).send(await createWebhook(ctx, actorOf(request), request.body)),
    );
    app.patch(
      '/webhooks/:id',
      webhookRoute(
        'Change a webhook endpoint (url, events, description, enabled)',
        'Enabling it again clears the failure clock.' + targetNote,
        { params: adminIdParamsSchema, body: webhookUpdateSchema, response: { 200: webhookEndpointSchema } },
      ),
      async (request) => updateWebhook(ctx, actorOf(request), request.params.id, request.body),
    );
    app.delete(
      '/webhooks/:id',
      webhookRoute(
        'Delete a webhook endpoint with its delivery log',
        'Its deliveries not yet sent are dropped.',
        { params: adminIdParamsSchema, response: { 200: adminOkSchema } },
      ),
      async (request) => {
        await deleteWebhook(ctx, actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/webhooks/:id/rotate-secret',
      webhookRoute(
        'Rotate the signing secret; the answer shows the new one this once',
        'Body `{ overlapHours? }` (default 24, 0–168): during the overlap every delivery carries two `v1,` signatures, ' +
          'one per secret, so a receiver can switch without losing an event.',
        {
          params: adminIdParamsSchema,
          body: webhookRotateSchema,
          response: { 200: webhookWithSecretSchema },
        },
      ),
      async (request) => rotateSecret(ctx, actorOf(request), request.params.id, request.body.overlapHours),
    );
    app.get(
      '/webhooks/:id/deliveries',
      webhookRoute(
        'The delivery log of an endpoint, newest first',
        'Each delivery: event type, webhook-id, status (pending, sending, delivered, failed), attempts, last status code, next try.',
        {
          params: adminIdParamsSchema,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveryPageSchema },
        },
      ),
      async (request) => listDeliveries(ctx, request.params.id, request.query),
    );
    app.post(
      '/webhooks/:id/test',
      webhookRoute(
        'Send a test event (`webhook.test`) to the endpoint',
        'Goes through the outbox like every event; the answer is its delivery. A disabled endpoint → 409 ERR_WEBHOOK_DISABLED.',
        { params: adminIdParamsSchema, response: { 202: webhookDeliverySchema } },
      ),
      async (request, reply) =>
        reply.status(202).send(await sendTestEvent(ctx, actorOf(request), request.params.id)),
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/resend',
      webhookRoute(
        'Resend a delivery (same webhook-id and body)',
        'A receiver that already has it may drop it as a duplicate. A disabled endpoint → 409 ERR_WEBHOOK_DISABLED; ' +
          'an unknown delivery → 404 ERR_WEBHOOK_NOT_FOUND.',
        { params: webhookDeliveryParamsSchema, response: { 202: webhookDeliverySchema } },
      ),
      async (request, reply) =>
        reply
          .status(202)
          .send(await resendDelivery(ctx, actorOf(request), request.params.id, request.params.deliveryId)),
    );
  };
}

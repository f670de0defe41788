import { z } from 'zod';
import { adminIdSchema, adminListSchema, adminPageQuerySchema, adminPageSchema } from './admin-common';
import { eventTypeSchema } from './events';

/** Back-office webhooks and outbox (issue 14, docs/decisions/0020-webhooks.md). */

export const WEBHOOK_URL_MAX = 2000;

/** Is this a URL a webhook may have (http or https, a host, no credentials)? */
export function isWebhookUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    !url.username &&
    !url.password
  );
}

/** http(s) URL; the server checks the address it resolves to as well (ERR_WEBHOOK_TARGET_FORBIDDEN). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(WEBHOOK_URL_MAX, 'too_long')
  // An empty URL is the `min` rule's to report.
  .refine((text) => text === '' || isWebhookUrl(text), { message: 'invalid_url' });

const eventsSchema = z
  .array(eventTypeSchema)
  .min(1, 'required')
  .max(50)
  .transform((events) => [...new Set(events)]);

export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: z.string().trim().max(500, 'too_long').default(''),
  enabled: z.boolean().default(true),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema,
    events: eventsSchema,
    description: z.string().trim().max(500, 'too_long'),
    enabled: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'empty_update' });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the shop disabled it: 'gone' (the receiver answered 410) or 'failing' (24 h of failures). */
  disabledReason: z.enum(['gone', 'failing']).nullable(),
  failingSince: z.string().nullable(),
  /** Until when the secret before the last rotation also signs. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of the create and rotate calls: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string().startsWith('whsec_'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListResponseSchema = adminListSchema(webhookEndpointSchema);

export const webhookRotateSchema = z
  .object({
    /** How long the old secret keeps signing too (default 24 h, 0: stop at once). */
    overlapHours: z.number().int().min(0).max(168).default(24),
  })
  .default({ overlapHours: 24 });

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesQuerySchema = adminPageQuerySchema;
export const webhookDeliveryPageSchema = adminPageSchema(webhookDeliverySchema);
export const webhookDeliveryParamsSchema = z.object({ id: adminIdSchema, deliveryId: adminIdSchema });

/** The outbox page. */
export const OUTBOX_VIEWS = ['pending', 'failed', 'sent'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];
export const outboxQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(OUTBOX_VIEWS).default('pending'),
});
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['mail', 'webhook']),
  target: z.string(),
  topic: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageView = z.infer<typeof outboxMessageSchema>;
export const outboxPageSchema = adminPageSchema(outboxMessageSchema).extend({
  /** Rows per view: pending (incl. being sent), failed, sent in the last 7 days. */
  counts: z.object({ pending: z.number().int(), failed: z.number().int(), sent: z.number().int() }),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

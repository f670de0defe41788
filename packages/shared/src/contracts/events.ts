import { z } from 'zod';
import { exportedOrderSchema, integrationAddressSchema, integrationUserSchema } from './admin-integration';
import { approvalStatusSchema } from './approvals';
import { orderLineSchema } from './orders';
import { quoteEventDataSchema } from './quotes';
import { customerCompanyFields } from './users';

/**
 * The events the shop tells the outside world about (issue 14, docs/decisions/0020-webhooks.md):
 * one place for the webhooks and the ERP documentation. Every webhook body is
 * `{ type, timestamp, data }`; each event type names the zod schema of its `data`. Later features
 * add their events here (a type, its data schema, and an entry in EVENT_DATA_SCHEMAS).
 */

/** A customer account as the customer events carry it. */
export const customerEventDataSchema = z.object({
  customerId: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  contactName: z.string(),
  ...customerCompanyFields,
  erpCode: z.string().nullable(),
  billing: integrationAddressSchema,
  language: z.string(),
  registeredAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type CustomerEventData = z.infer<typeof customerEventDataSchema>;

/**
 * An order approval request (issue 15) as `approval.requested` and `approval.decided` carry it:
 * `status` is `pending` when requested, then `approved` (with `orderId`), `rejected` (with `reason`)
 * or `expired`. Amounts are gross minor units (1/100 Ft).
 */
export const approvalEventDataSchema = z.object({
  approvalId: z.number().int(),
  customerId: z.number().int(),
  status: approvalStatusSchema,
  requester: integrationUserSchema,
  decidedBy: integrationUserSchema.omit({ email: true }).nullable(),
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  itemsGross: z.number().int(),
  grandTotal: z.number().int(),
  lines: z.array(orderLineSchema.pick({ sku: true, name: true, quantity: true, unitPrice: true })),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApprovalEventData = z.infer<typeof approvalEventDataSchema>;

/** `data` of each event type; an order's is the same shape as `GET /api/integration/orders`. */
export const EVENT_DATA_SCHEMAS = {
  'order.placed': exportedOrderSchema,
  'order.status_changed': exportedOrderSchema,
  'customer.registered': customerEventDataSchema,
  'customer.approved': customerEventDataSchema,
  'approval.requested': approvalEventDataSchema,
  'approval.decided': approvalEventDataSchema,
  'quote.requested': quoteEventDataSchema,
  'quote.offered': quoteEventDataSchema,
  'quote.accepted': quoteEventDataSchema,
} as const;

export type EventType = keyof typeof EVENT_DATA_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as [EventType, ...EventType[]];
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

/** The test event an administrator sends from the back office (not subscribable). */
export const TEST_EVENT_TYPE = 'webhook.test';
export const testEventDataSchema = z.object({ endpointId: z.number().int(), message: z.string() });

/** A webhook body. */
export function eventBodySchema<T extends z.ZodType>(type: string, data: T) {
  return z.object({ type: z.literal(type), timestamp: z.string(), data });
}

import { z } from 'zod';
import { adminIdSchema as id, adminPageSchema } from './admin-common';
import { ORDER_STATUSES } from '../rules/order-status';
import { orderCommentFields, orderCostFields, orderLineSchema, orderMethodCodeFields } from './orders';

/**
 * Back-office orders (issue 7), permission `orders`:
 * - `GET /api/admin/orders?from&to&customer&customerId&agentUserId&status&page&pageSize`: the list,
 *   newest first. `from`/`to` are days (YYYY-MM-DD, both inclusive) in the shop's time zone;
 *   `customer` matches the customer's name or e-mail (case-insensitive part), `customerId` exactly.
 * - `GET /api/admin/orders/export.csv?<same filters>`: the filtered list as CSV (UTF-8 with BOM,
 *   `;` separated as Hungarian Excel expects, at most ADMIN_ORDERS_EXPORT_MAX rows).
 * - `GET /api/admin/orders/{id}`: one order with lines, addresses, methods and status history.
 * - `POST /api/admin/orders/{id}/status { status }`: a change the rule `rules/order-status.ts`
 *   allows; otherwise 409 ERR_INVALID_STATUS_TRANSITION `{ from, to }`. Cancelling returns stock.
 */
export const ADMIN_ORDERS_PAGE_SIZE_MAX = 100;
export const ADMIN_ORDERS_EXPORT_MAX = 50_000;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date');

const filterFields = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  customer: z.string().trim().max(200, 'too_long').optional(),
  customerId: id.optional(),
  agentUserId: id.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
const fromBeforeTo = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;

export const adminOrderFilterSchema = filterFields.refine(fromBeforeTo, {
  message: 'from_after_to',
  path: ['to'],
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

export const adminOrderListQuerySchema = filterFields
  .extend({
    page: z.coerce.number({ error: 'invalid_number' }).int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number({ error: 'invalid_number' })
      .int()
      .min(1)
      .max(ADMIN_ORDERS_PAGE_SIZE_MAX)
      .default(25),
  })
  .refine(fromBeforeTo, { message: 'from_after_to', path: ['to'] });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC instant. */
  createdAt: z.string(),
  status: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  agentUserId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  /** The login that placed the order and the one that approved it (issue 15); null when none. */
  placedByName: z.string().nullable().optional(),
  approvedByName: z.string().nullable().optional(),
  shippingMethod: z.string(),
  paymentMethod: z.string(),
  /** The buyer's purchase-order number, null when none (issue 16). */
  purchaseOrderNumber: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  itemsCount: z.number().int(),
  /** Items, gross, minor units. */
  itemsSumGross: z.number().int(),
  itemsSumNet: z.number().int(),
  /** Items + logistics + shipping, gross, minor units. */
  total: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListResponseSchema = adminPageSchema(adminOrderSummarySchema);
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

/** An order line as the buyer sees it, plus the product's id (null when the line has none). */
export const adminOrderLineSchema = z.object({
  productId: z.number().int().nullable(),
  ...orderLineSchema.shape,
});

export const adminOrderStatusEntrySchema = z.object({
  status: z.string(),
  createdAt: z.string(),
  changedByUserId: z.number().int().nullable(),
  changedByName: z.string().nullable(),
});

const addressSchema = z.object({
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  aptSuite: z.string().nullable(),
});

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  language: z.string(),
  placedByUserId: z.number().int(),
  placedByName: z.string().nullable(),
  customerTaxNumber: z.string().nullable(),
  customerCompanyRegistrationNumber: z.string().nullable(),
  billing: addressSchema,
  shipping: addressSchema.nullable(),
  ...orderMethodCodeFields,
  ...orderCommentFields,
  itemsPieces: z.number().int(),
  itemsWeight: z.number().int(),
  ...orderCostFields,
  lines: z.array(adminOrderLineSchema),
  history: z.array(adminOrderStatusEntrySchema),
  /** The statuses the order may move to now. */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderStatusBodySchema = z.object({ status: z.enum(ORDER_STATUSES) });
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

/** `GET /api/admin/orders/agents`: the agents who placed orders, for the agent filter. */
export const adminOrderAgentSchema = z.object({ id: z.number().int(), name: z.string() });
export type AdminOrderAgent = z.infer<typeof adminOrderAgentSchema>;

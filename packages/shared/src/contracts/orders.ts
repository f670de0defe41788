import { z } from 'zod';
import { errorCodeSchema } from './cart';
import { rowIdSchema } from './row-id';

/**
 * Order contracts (docs/product.md §§3.8, 4.6, 7.2 and 8; decision 0006).
 * Money is gross, integer minor units (1/100 Ft) unless the name says net; weights are grams;
 * quantities are pieces.
 */

/** One reason the order was not placed; `params` name the line or limit (e.g. `{ sku, available }`). */
export const placeOrderErrorSchema = z.object({
  error: errorCodeSchema,
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type PlaceOrderError = z.infer<typeof placeOrderErrorSchema>;

/**
 * POST /api/orders/place-order (no body). Status 200 with either
 * - `{ data: true, orderId, removedProducts }`: the order is placed; `removedProducts` lists the
 *   SKUs of non-orderable lines that were dropped (docs/product.md §4), or
 * - `{ data: [{ error, params? }, ...] }`: the order was refused and nothing changed.
 * The refusal codes: ERR_SHOP_CLOSED, ERR_SHOP_FORCE_CLOSED, ERR_NO_CURRENT_SHIPPING,
 * ERR_NO_SHIPPING, ERR_CART_EMPTY, ERR_CART_ALREADY_ORDERED, ERR_NO_SHIPPING_METHOD,
 * ERR_INVALID_SHIPPING_METHOD, ERR_NO_PAYMENT_METHOD, ERR_INVALID_PAYMENT_METHOD,
 * ERR_NO_DELIVERY_DATE, ERR_INVALID_DELIVERY_DATE, ERR_OUT_OF_STOCK `{ sku, available, requested }`,
 * ERR_QUANTITY_NOT_AVAILABLE `{ sku, requested, allowed, warning }`,
 * ERR_PURCHASE_ORDER_NUMBER_REQUIRED, ERR_BELOW_MINIMUM_ORDER_VALUE `{ minimum, missing }` and
 * ERR_CREDIT_LIMIT_EXCEEDED `{ available }` (issue 16; these amounts in whole forints).
 * Authentication failures keep their usual 401/403 `{ error }` answers.
 */
export const placeOrderSuccessSchema = z.object({
  data: z.literal(true),
  orderId: z.number().int(),
  removedProducts: z.array(z.string()),
});
/**
 * Issue 15: the order needs a company approver's approval (a requester, or a buyer over a limit):
 * the cart's lines moved into the pending request `approvalId` and the approvers got a mail.
 */
export const placeOrderApprovalSchema = z.object({
  data: z.literal(true),
  approvalRequired: z.literal(true),
  approvalId: z.number().int(),
});
export const placeOrderRefusedSchema = z.object({ data: z.array(placeOrderErrorSchema) });
export const placeOrderResponseSchema = z.union([placeOrderSuccessSchema, placeOrderRefusedSchema]);
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;
/** What POST /api/orders/place-order answers: an order, a request sent for approval (issue 15), or refusals. */
export const placeOrderOrApprovalResponseSchema = z.union([
  placeOrderSuccessSchema,
  placeOrderApprovalSchema,
  placeOrderRefusedSchema,
]);
export type PlaceOrderOrApprovalResponse = z.infer<typeof placeOrderOrApprovalResponseSchema>;

export const orderLineSchema = z.object({
  sku: z.string(),
  /** The product's name when ordered (in the order's language). */
  name: z.string(),
  /** Pieces. */
  quantity: z.number().int(),
  /** Gross per piece when ordered. */
  unitPrice: z.number().int(),
  vat: z.number(),
  /** Grams per piece. */
  weight: z.number().int(),
  lineGross: z.number().int(),
  lineNet: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The order's shipping and payment method codes and its payment term (days). */
export const orderMethodCodeFields = {
  shippingMethodCode: z.string(),
  paymentMethodCode: z.string(),
  paymentTermDays: z.number().int(),
};

/** The buyer's comments on the order: a note for the shop and one for the supplier (the delivery note). */
export const orderCommentFields = {
  commentWebshop: z.string(),
  commentSupplier: z.string(),
};

/** The order's costs beside the items, gross: logistics (home delivery only) and the shipping method's. */
export const orderCostFields = {
  logisticsCost: z.number().int(),
  shippingCost: z.number().int(),
};

/** One order of `GET /api/orders/history` (docs/product.md §3's order history item, plus the lines). */
export const orderHistoryItemSchema = z.object({
  orderId: z.number().int(),
  /** ISO-8601 UTC instant. */
  createdAt: z.string(),
  status: z.string(),
  /** Items, gross. */
  orderItemsSumPrice: z.number().int(),
  /** Items, net. */
  orderItemsSumPriceNet: z.number().int(),
  /** Lines (products). */
  orderItemsCount: z.number().int(),
  /** Pieces. */
  orderItemsSum: z.number().int(),
  /** Grams (the web divides by 1000 for kg). */
  orderItemsSumWeight: z.number().int(),
  ...orderCostFields,
  shippingMethod: z.string(),
  shippingMethodCode: z.string(),
  isHomeDelivery: z.boolean(),
  paymentMethod: z.string(),
  paymentMethodCode: z.string(),
  paymentTermDays: z.number().int(),
  shippingCountryCode: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  shippingZip: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingAptSuite: z.string().nullable(),
  /** 'YYYY-MM-DD' for home delivery, else null (shown only for home delivery). */
  deliveryDatetime: z.string().nullable(),
  ...orderCommentFields,
  /** True when a sales agent placed the order for the customer. */
  placedByAgent: z.boolean(),
  /** The login that placed the order (issue 15: owners and approvers see the whole company's orders). */
  placedByUserId: z.number().int(),
  placedByName: z.string().nullable(),
  /** Who approved the order (issue 15), null when it needed no approval. */
  approvedByUserId: z.number().int().nullable().optional(),
  approvedByName: z.string().nullable().optional(),
  /** The buyer's purchase-order number, null when none (issue 16). */
  purchaseOrderNumber: z.string().nullable(),
  lines: z.array(orderLineSchema),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/** GET /api/orders/history: a bare array, newest first (at most 500). */
export const orderHistoryResponseSchema = z.array(orderHistoryItemSchema);

/** POST /api/orders/:orderId/order-again → the cart-addition answer of `contracts/cart`. */
export const orderAgainParamsSchema = z.object({
  orderId: rowIdSchema,
});

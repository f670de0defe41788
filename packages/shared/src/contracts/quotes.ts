import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema, adminSearchSchema } from './admin-common';
import { piecesInputSchema } from './cart';
import { calendarDateSchema } from './checkout';
import { placeOrderApprovalSchema, placeOrderRefusedSchema } from './orders';
import { rowIdSchema } from './row-id';

/**
 * Quotes, the request for quote (issue 16, points 1-4; docs/product.md §5.12).
 *
 * A user asks for a quote from its cart: the cart's lines move into a quote (`requested`) and the
 * cart is emptied. Staff in the back office, or the customer's sales agent, answer with a gross
 * price per piece and quantity for every line, a last valid day and a message (`offered`), or
 * decline it (`declined`). The customer accepts (`accepted`: an order at the quoted prices, through
 * place-order's rules) or rejects it (`rejected`, with a reason); an offer past its last valid day
 * is `expired` and cannot be accepted. A login that may not order alone (a requester; a buyer whose
 * limit the order would pass: issue 15) accepts into `pending_approval`: the company's approvers
 * decide, an approval makes it `accepted` with its order, a rejection or expiry of the request makes
 * it `offered` again (or `expired` once its last valid day has passed).
 *
 * Money: minor units (1/100 Ft), gross, per piece; except the back office's offer, whose `price` is
 * in forints as the listing shows them (the server converts it).
 */

export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'pending_approval',
  'accepted',
  'rejected',
  'declined',
  'expired',
] as const;
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_MAX_LINES = 500;
/** The largest price per piece an offer may name, in forints (100 million). */
export const QUOTE_MAX_PRICE_FORINTS = 100_000_000;

/** Free text: line breaks and tabs, no other control characters (PostgreSQL refuses a NUL in text). */
const messageSchema = z
  .string()
  .trim()
  .max(QUOTE_MESSAGE_MAX, 'too_long')
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'invalid_characters');

export const quoteIdParamsSchema = z.object({
  quoteId: rowIdSchema,
});

/** POST /api/quotes: the cart's lines become the quote; `wishedDeliveryDate` today or later. */
export const createQuoteRequestSchema = z.object({
  message: messageSchema,
  wishedDeliveryDate: calendarDateSchema.nullable().optional(),
});
export type CreateQuoteRequest = z.infer<typeof createQuoteRequestSchema>;

/** POST /api/quotes/{quoteId}/reject. */
export const rejectQuoteRequestSchema = z.object({
  reason: messageSchema,
});
export type RejectQuoteRequest = z.infer<typeof rejectQuoteRequestSchema>;

/**
 * POST /api/admin/quotes/{id}/offer (and an agent's POST /api/quotes/{quoteId}/offer): one entry per
 * line of the quote, `price` gross per piece in forints (at most two decimals), `quantity` in pieces
 * within the product's quantity rules; `validUntil` the last day the offer may be accepted.
 */
export const offerQuoteRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z
          .string()
          .trim()
          .min(1, 'required')
          .max(64, 'too_long')
          // eslint-disable-next-line no-control-regex -- control characters are what it refuses
          .regex(/^[^\u0000-\u001f\u007f]*$/, 'invalid_characters'),
        price: z
          .number({ error: 'invalid_number' })
          .positive('too_small')
          .max(QUOTE_MAX_PRICE_FORINTS, 'too_large')
          .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'invalid_number'),
        quantity: piecesInputSchema(1),
      }),
    )
    .min(1, 'required')
    .max(QUOTE_MAX_LINES, 'too_many'),
  validUntil: calendarDateSchema,
  message: messageSchema,
});
export type OfferQuoteRequest = z.infer<typeof offerQuoteRequestSchema>;

/** POST /api/admin/quotes/{id}/decline (and the agent's): why the wholesaler declines. */
export const declineQuoteRequestSchema = z.object({
  message: messageSchema,
});
export type DeclineQuoteRequest = z.infer<typeof declineQuoteRequestSchema>;

export const quoteLineSchema = z.object({
  sku: z.string(),
  /** The product's name in the request's language. */
  name: z.string(),
  requestedQuantity: z.number().int(),
  offeredQuantity: z.number().int().nullable(),
  /** Offered gross price per piece (minor units); null until offered. */
  offeredPrice: z.number().int().nullable(),
  /** offeredPrice × offeredQuantity; null until offered. */
  lineGross: z.number().int().nullable(),
  vat: z.number(),
  /** The customer's own gross price per piece today at the requested quantity (null: none). */
  listPrice: z.number().int().nullable(),
  /** Stock now. */
  stock: z.number().int(),
  /**
   * The product's quantity rules for the quote's customer (pieces; null: none), so an answer form can
   * tell what the server's quantity correction keeps (docs/product.md §5.4): an offered quantity is at
   * least `minimumQuantity`, at most `maximumQuantity` and the stock, and a multiple of `quantityStep`.
   */
  minimumQuantity: z.number().int().nullable(),
  maximumQuantity: z.number().int().nullable(),
  quantityStep: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSummarySchema = z.object({
  id: z.number().int(),
  status: quoteStatusSchema,
  customerId: z.number().int(),
  customerName: z.string(),
  requestedByName: z.string(),
  createdAt: z.string(),
  validUntil: z.string().nullable(),
  lineCount: z.number().int(),
  /** Sum of the offered lines (minor units, gross); null until offered. */
  totalGross: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteDetailSchema = quoteSummarySchema.extend({
  message: z.string(),
  wishedDeliveryDate: z.string().nullable(),
  staffMessage: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** May the caller answer it (staff, or the customer's agent) / accept or reject it (the customer). */
  canAnswer: z.boolean(),
  canAccept: z.boolean(),
  /** While `pending_approval`: the company approval request that decides it (issue 15). */
  approvalId: z.number().int().nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const quoteListResponseSchema = z.array(quoteSummarySchema);

/**
 * GET /api/quotes: an optional `status` narrows the list (an agent's inbox of its customers'
 * requests: `?status=requested`). Without it the list is every quote the caller may see.
 */
export const quoteListQuerySchema = z.object({
  status: quoteStatusSchema.optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/**
 * POST /api/quotes/{quoteId}/accept: the order; or, for a login that may not order alone (issue 15),
 * the approval request it went into, as place-order answers (`approvalRequired`); or place-order's
 * refusals (nothing changed).
 */
export const acceptQuoteResponseSchema = z.union([
  z.object({ data: z.literal(true), orderId: z.number().int(), quote: quoteDetailSchema }),
  placeOrderApprovalSchema.extend({ quote: quoteDetailSchema }),
  placeOrderRefusedSchema,
]);
export type AcceptQuoteResponse = z.infer<typeof acceptQuoteResponseSchema>;

/** GET /api/admin/quotes: filters. */
export const adminQuoteListQuerySchema = z.object({
  status: quoteStatusSchema.optional(),
  /** Part of the customer's name or e-mail. */
  customer: adminSearchSchema,
  /** Requested on or after / on or before (days in the shop time zone, inclusive). */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  ...adminPageQuerySchema.shape,
});
export type AdminQuoteListQuery = z.input<typeof adminQuoteListQuerySchema>;
export type AdminQuoteListFilter = z.output<typeof adminQuoteListQuerySchema>;

/** A paged list whose `total` is always exact. */
export const adminQuoteListResponseSchema = adminPageSchema(quoteSummarySchema).omit({
  totalIsLowerBound: true,
});
export type AdminQuoteListResponse = z.infer<typeof adminQuoteListResponseSchema>;

/** Forints as typed (at most two decimals) → minor units. */
export function forintsToMinor(forints: number): number {
  return Math.round(forints * 100);
}

/** Events (shared/contracts/events.ts): a quote as the webhooks carry it. */
export const quoteEventDataSchema = z.object({
  quoteId: z.number().int(),
  status: quoteStatusSchema,
  customerId: z.number().int(),
  customerErpCode: z.string().nullable(),
  requestedByUserId: z.number().int(),
  createdAt: z.string(),
  validUntil: z.string().nullable(),
  orderId: z.number().int().nullable(),
  lines: z.array(
    quoteLineSchema.pick({ sku: true, requestedQuantity: true, offeredQuantity: true, offeredPrice: true }),
  ),
});
export type QuoteEventData = z.infer<typeof quoteEventDataSchema>;

import { z } from 'zod';
import { orderCommentFields, orderLineSchema, placeOrderRefusedSchema } from './orders';
import { rowIdSchema } from './row-id';

/**
 * Order approvals (issue 15, points 6-9; docs/product.md §3.4): a cart a requester (or a buyer over
 * a limit) sent for approval, with its lines as the server priced them. Amounts are gross minor
 * units (1/100 Ft). An owner or approver of the company approves (the order is placed at the
 * request's prices, valid 7 days) or rejects it with a reason; nobody decides their own request.
 */

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const approvalParamsSchema = z.object({
  approvalId: rowIdSchema,
});

/** GET /api/company/approvals?status= (none: every request, newest first). */
export const approvalsQuerySchema = z.object({
  status: approvalStatusSchema.optional(),
});

/** POST /api/company/approvals/{approvalId}/reject */
export const rejectApprovalSchema = z
  .object({
    reason: z.string().trim().min(1, { error: 'required', abort: true }).max(1000, 'too_long'),
  })
  .strict();
export type RejectApprovalRequest = z.input<typeof rejectApprovalSchema>;

export const approvalSummarySchema = z.object({
  approvalId: z.number().int(),
  status: approvalStatusSchema,
  requesterUserId: z.number().int(),
  requesterName: z.string(),
  createdAt: z.string(),
  /** The request's prices hold until then. */
  expiresAt: z.string(),
  itemsCount: z.number().int(),
  itemsGross: z.number().int(),
  /** Items, logistics and shipping, gross. */
  grandTotal: z.number().int(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** A rejection's reason. */
  reason: z.string().nullable(),
  /** The order an approval placed. */
  orderId: z.number().int().nullable(),
  /** The quote whose acceptance this request is (its prices are the quoted ones), or null for a cart. */
  quoteId: z.number().int().nullable(),
  /** The signed-in user may approve or reject it now (pending, an owner or approver, not their own). */
  canDecide: z.boolean(),
});
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

/** An order line's SKU, name, pieces, gross unit price and gross line total. */
export const approvalLineSchema = orderLineSchema.pick({
  sku: true,
  name: true,
  quantity: true,
  unitPrice: true,
  lineGross: true,
});
export type ApprovalLine = z.infer<typeof approvalLineSchema>;

export const approvalDetailSchema = approvalSummarySchema.extend({
  lines: z.array(approvalLineSchema),
  shippingMethod: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  /** One line. */
  shippingAddress: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  purchaseOrderNumber: z.string().nullable(),
  ...orderCommentFields,
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

/**
 * GET /api/company/approvals: owners and approvers see the company's requests, buyers and requesters
 * their own. `pendingCount` counts the requests the signed-in user may decide (the header's badge).
 */
export const approvalsResponseSchema = z.object({
  approvals: z.array(approvalSummarySchema),
  pendingCount: z.number().int(),
});
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

/** GET /api/company/approvals/pending-count: just the badge's number (small, for the header). */
export const approvalsPendingCountSchema = z.object({ pendingCount: z.number().int() });
export type ApprovalsPendingCount = z.infer<typeof approvalsPendingCountSchema>;

export const approvalDetailResponseSchema = z.object({ approval: approvalDetailSchema });
export type ApprovalDetailResponse = z.infer<typeof approvalDetailResponseSchema>;

/**
 * POST .../approve: `{ data: true, orderId, approval }` once the order is placed, or
 * `{ data: [{ error, params? }] }` when place-order refuses it (stock, shop closed, credit, ...):
 * then the request stays pending and nothing has changed.
 */
export const approveResponseSchema = z.union([
  z.object({ data: z.literal(true), orderId: z.number().int(), approval: approvalDetailSchema }),
  placeOrderRefusedSchema,
]);
export type ApproveResponse = z.infer<typeof approveResponseSchema>;

/** POST .../reject */
export const rejectResponseSchema = z.object({ data: z.literal(true), approval: approvalDetailSchema });
export type RejectResponse = z.infer<typeof rejectResponseSchema>;

/** Roles that decide requests. */
export function decidesApprovals(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'approver';
}

import { z } from 'zod';
import {
  cartItemSchema,
  cartProductSchema,
  piecesInputSchema,
  productCodeInputSchema,
  quantityWarningSchema,
  quickOrderAddedSchema,
  quickOrderRejectedSchema,
  quickOrderRequestSchema,
} from './cart';
import { rowIdSchema } from './row-id';

/**
 * Saved order lists (issue 16, points 5 and 6; docs/product.md §3.11).
 *
 * A list belongs to the customer: every user of the customer sees and changes the same lists, and an
 * agent sees the lists of the customer it acts for (its current shipping address's customer). A list
 * of another customer, or an unknown id, is answered 404 ERR_ORDER_LIST_NOT_FOUND on every path.
 *
 * A line keeps a product and a quantity in pieces, never a price: the list shows the prices, stock
 * and orderability of the day for the acting customer, and "to cart" adds the lines through the
 * cart's quantity correction (minimum, maximum, stock, step).
 */

export const ORDER_LIST_NAME_MAX = 100;
export const ORDER_LIST_MAX_LINES = 500;
const MAX_ID = 2_147_483_647;

export const orderListNameSchema = z.string().trim().min(1, 'required').max(ORDER_LIST_NAME_MAX, 'too_long');

/** One line as the browser sends it: a SKU and pieces. */
export const orderListItemInputSchema = z.object({
  sku: productCodeInputSchema,
  quantity: piecesInputSchema(1),
});
export type OrderListItemInput = z.infer<typeof orderListItemInputSchema>;

/** PUT /api/order-lists/{listId}/items: the list's lines replace the saved ones (same SKU twice: summed). */
export const putOrderListItemsRequestSchema = z
  .array(orderListItemInputSchema)
  .max(ORDER_LIST_MAX_LINES, 'too_many');
export type PutOrderListItemsRequest = z.input<typeof putOrderListItemsRequestSchema>;

/**
 * POST /api/order-lists. `items` (optional): the first lines, e.g. the cart's; `fromOrderId`
 * (optional): the lines of one of the customer's orders (products that no longer exist are left
 * out). Not both.
 */
export const createOrderListRequestSchema = z
  .object({
    name: orderListNameSchema,
    items: putOrderListItemsRequestSchema.optional(),
    fromOrderId: rowIdSchema.optional(),
  })
  .refine((body) => body.items === undefined || body.fromOrderId === undefined, {
    message: 'one_source',
    path: ['fromOrderId'],
  });
export type CreateOrderListRequest = z.input<typeof createOrderListRequestSchema>;

/** PATCH /api/order-lists/{listId}: rename. */
export const renameOrderListRequestSchema = z.object({ name: orderListNameSchema });
export type RenameOrderListRequest = z.input<typeof renameOrderListRequestSchema>;

export const orderListParamsSchema = z.object({ listId: rowIdSchema });

/** A list in the overview. */
export const orderListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Number of lines. */
  itemCount: z.number().int(),
  /** Bumped by every change of the list or its lines. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderListSummary = z.infer<typeof orderListSummarySchema>;

export const orderListsResponseSchema = z.array(orderListSummarySchema);

/** Why a line cannot be ordered now (docs/product.md §5, the non-orderable rule). */
export const orderListLineProblemSchema = z.enum(['inactive', 'not_orderable', 'out_of_stock', 'no_price']);
export type OrderListLineProblem = z.infer<typeof orderListLineProblemSchema>;

/**
 * The pieces saved in the list, priced per piece at that quantity for the acting customer now (as a
 * cart line; the prices null without one), and currentPrice × quantity (0 without a price).
 */
export const orderListLineSchema = z.object({
  ...cartItemSchema.pick({
    quantity: true,
    price: true,
    specialPrice: true,
    currentPrice: true,
    lineGross: true,
  }).shape,
  /** False when the line would be dropped from an order now. */
  orderable: z.boolean(),
  /** The first reason it is not orderable, null when it is. */
  problem: orderListLineProblemSchema.nullable(),
  /** What the cart's correction would make of the saved quantity alone, and its warnings. */
  correctedQuantity: z.number().int(),
  warnings: z.array(quantityWarningSchema),
  product: cartProductSchema,
});
export type OrderListLine = z.infer<typeof orderListLineSchema>;

/** GET /api/order-lists/{listId}: the list with prices and stock of the day. */
export const orderListDetailSchema = orderListSummarySchema.extend({
  lines: z.array(orderListLineSchema),
  /** Sum of lineGross of the orderable lines. */
  totalGross: z.number().int(),
  /** Lines that would be dropped from an order now. */
  notOrderableCount: z.number().int(),
});
export type OrderListDetail = z.infer<typeof orderListDetailSchema>;

/** POST /api/order-lists/{listId}/import: lines of SKU or barcode and quantity (the quick order's input). */
export const importOrderListRequestSchema = quickOrderRequestSchema;
export type ImportOrderListRequest = z.input<typeof importOrderListRequestSchema>;

export const importOrderListResponseSchema = z.object({
  data: z.literal(true),
  /** Lines added to the list (a barcode of a pack counts its pieces); `quantity`: the pieces the line added. */
  added: z.array(quickOrderAddedSchema.pick({ line: true, code: true, sku: true, quantity: true })),
  rejected: z.array(quickOrderRejectedSchema),
  list: orderListDetailSchema,
});
export type ImportOrderListResponse = z.infer<typeof importOrderListResponseSchema>;

export const deleteOrderListResponseSchema = z.object({ data: z.literal(true) });

/**
 * POST /api/order-lists/{listId}/move: one line (`sku`) of the list moves to another list of the
 * customer (`toListId`), in one transaction: its pieces are added to that list's line of the product
 * (or become a new last line there) and the line leaves this list.
 */
export const moveOrderListItemRequestSchema = z.object({
  sku: orderListItemInputSchema.shape.sku,
  toListId: z
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .positive('invalid_number')
    .max(MAX_ID, 'invalid_number'),
});
export type MoveOrderListItemRequest = z.input<typeof moveOrderListItemRequestSchema>;

/** The moved-from list as GET shows it, and the moved-to list's summary. */
export const moveOrderListItemResponseSchema = z.object({
  from: orderListDetailSchema,
  to: orderListSummarySchema,
});
export type MoveOrderListItemResponse = z.infer<typeof moveOrderListItemResponseSchema>;

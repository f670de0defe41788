import { z } from 'zod';
import { QUANTITY_WARNINGS } from '../rules/quantity-correction';
import { ERROR_CODES } from '../errors/error-codes';
import {
  orderQuantityRuleFields,
  packSizeSchema,
  priceEntrySchema,
  productIdentityFields,
  productStockFields,
} from './products';
import { paymentMethodSchema, shippingMethodSchema } from './checkout';
import { productPhotoSchema } from './product-photos';

/**
 * Cart contracts (docs/product.md §§3.7, 4.4, 5, 7 and 9; decision 0006).
 *
 * MONEY: every amount is gross, an integer in minor units (1/100 Ft), unless its name says net;
 * the web formats it (Ft, 0 decimals where docs/product.md §9 says so). Quantities are pieces. Weights are
 * grams (the web shows kg).
 *
 * The server never trusts prices, VAT or quantities sent by the browser: it computes the prices
 * from the price entries of the acting customer (price group and discount) with the shared pricing
 * rule, and corrects every quantity with the shared quantity-correction rule (minimum, maximum,
 * stock, step — in the order of docs/product.md §5.4).
 *
 * Whose cart: a customer's own; an agent's cart for the customer of its current shipping address
 * (409 ERR_NO_CURRENT_SHIPPING until it has chosen one).
 */

export const quantityWarningSchema = z.enum(QUANTITY_WARNINGS);
export const errorCodeSchema = z.enum(ERROR_CODES);

/** The product as a cart line shows it. */
export const cartProductSchema = z.object({
  ...productIdentityFields,
  ...productStockFields,
  /** The price entries that apply to this customer (for the browser's instant correction). */
  prices: z.array(priceEntrySchema),
  ...orderQuantityRuleFields,
  /** The minimum and maximum orderable pieces from the price entries (null: no limit). */
  limits: z.object({ minimum: z.number().int().nullable(), maximum: z.number().int().nullable() }),
  packSizes: z.array(packSizeSchema),
  /** The product's photos (issue 17); empty: the drawn picture. */
  photos: z.array(productPhotoSchema).optional(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartItemSchema = z.object({
  /** Pieces. */
  quantity: z.number().int(),
  /**
   * Per piece at this quantity: the applicable tier's price after the customer's discount
   * (what it costs without a special offer); null when the product has no price for this customer.
   */
  price: z.number().int().nullable(),
  /** The applicable tier's special price when valid now, else null. */
  specialPrice: z.number().int().nullable(),
  /** What the customer pays per piece now (docs/product.md §5.5: the lower of price and a valid special price). */
  currentPrice: z.number().int().nullable(),
  /** currentPrice × quantity. */
  lineGross: z.number().int(),
  /** lineGross / (1 + vat/100), rounded once for the line. */
  lineNet: z.number().int(),
  /** weight × quantity, grams. */
  lineWeight: z.number().int(),
  /** False when the line will be dropped when the order is placed (docs/product.md §4): the product is
   * not active, not orderable, out of stock (non-orderable rule), or has no price for the customer. */
  orderable: z.boolean(),
  product: cartProductSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartTotalsSchema = z.object({
  /** Items, gross. */
  gross: z.number().int(),
  /** Items, net (the sum of the per-line rounded nets). */
  net: z.number().int(),
  /** Items, grams. */
  weight: z.number().int(),
  /** Items, pieces. */
  pieces: z.number().int(),
  /** The current address's logistics cost; 0 unless the shipping method is home delivery. */
  logisticsCost: z.number().int(),
  /** The chosen shipping method's cost (0 without one). */
  shippingMethodCost: z.number().int(),
  /** gross + logisticsCost + shippingMethodCost. */
  grandTotal: z.number().int(),
});
export type CartTotalsOut = z.infer<typeof cartTotalsSchema>;

/** The cart's chosen shipping method: its code, name, gross cost and whether it is home delivery. */
export const currentShippingMethodSchema = shippingMethodSchema.pick({
  code: true,
  name: true,
  cost: true,
  isHomeDelivery: true,
});

/** GET /api/cart */
export const cartResponseSchema = z.object({
  /** Null until the buyer's cart is first written. */
  cartId: z.number().int().nullable(),
  /** Grows with every change of the cart (lines, choices, comments). */
  version: z.number().int(),
  customerId: z.number().int(),
  /** The current shipping address the cart is for; null when the customer has none. */
  shippingAddressId: z.number().int().nullable(),
  cartItems: z.array(cartItemSchema),
  /** Lines in the cart (the cart is empty when count ≤ 0). */
  count: z.number().int(),
  /** The SKUs of the lines, in the cart's order. */
  cartItemIds: z.array(z.string()),
  totals: cartTotalsSchema,
  currentShippingMethod: currentShippingMethodSchema.nullable(),
  currentPaymentMethod: paymentMethodSchema.nullable(),
  paymentMethodId: z.number().int().nullable(),
  /** 'YYYY-MM-DD' or null. */
  deliveryDate: z.string().nullable(),
  commentWebshop: z.string(),
  commentSupplier: z.string(),
  containsNonOrderableProduct: z.boolean(),
  /** The buyer's purchase-order number ('' = none; issue 16). */
  purchaseOrderNumber: z.string(),
  /** Staff made this customer give one: place-order refuses without it (ERR_PURCHASE_ORDER_NUMBER_REQUIRED). */
  purchaseOrderNumberRequired: z.boolean(),
  /**
   * The chosen shipping method's minimum order value against the items' gross (minor units);
   * null without a method or when it has no minimum. `missing` 0 = reached.
   */
  minimumOrder: z.object({ minimum: z.number().int(), missing: z.number().int() }).nullable(),
  /**
   * The customer's credit for deferred payment methods (minor units); null when it has no limit.
   * `pending`: deferred orders placed since the balance's instant, not cancelled. `available`:
   * limit − openBalance − pending (never below 0). A deferred method is refused when
   * `totals.grandTotal` > `available`.
   */
  credit: z
    .object({
      limit: z.number().int(),
      openBalance: z.number().int(),
      /** The instant of the open balance (ISO), null when never set. */
      balanceAt: z.string().nullable(),
      pending: z.number().int(),
      available: z.number().int(),
    })
    .nullable(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

const MAX_QUANTITY = 1_000_000;

/** A product's SKU (in a quick order: or a pack barcode) as the browser sends it. */
export const productCodeInputSchema = z.string().trim().min(1, 'required').max(64, 'too_long');

/** Pieces as the browser sends them: a whole number from `minimum` up to a million. */
export const piecesInputSchema = (minimum: 0 | 1) =>
  z
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .min(minimum, 'too_small')
    .max(MAX_QUANTITY, 'too_large');

/** POST /api/cart/set-product-quantity. Quantity 0 removes the line. */
export const setProductQuantityRequestSchema = z.object({
  productSku: productCodeInputSchema,
  /** The new quantity of the line in pieces (not an increment). */
  quantity: piecesInputSchema(0),
  /** Accepted for compatibility with the documented payload (docs/product.md §7.2), ignored: the server prices the line itself. */
  price: z.number().nullish(),
  /** Accepted, ignored. */
  specialPrice: z.number().nullish(),
  /** Accepted, ignored. */
  currentPrice: z.number().nullish(),
  /** Accepted, ignored. */
  vat: z.number().nullish(),
});
export type SetProductQuantityRequest = z.input<typeof setProductQuantityRequestSchema>;

export const setProductQuantityResponseSchema = z.object({
  data: z.literal(true),
  /** The quantity now in the cart after the correction (0: the line is gone). */
  quantity: z.number().int(),
  /** The corrections applied, in the rule's order. */
  warnings: z.array(quantityWarningSchema),
  /**
   * Ours, beside the fields of docs/product.md §7.2: the cart as this change left it, exactly as GET /api/cart
   * answers it, so the browser needs no second request to show it.
   */
  cart: cartResponseSchema,
});
export type SetProductQuantityResponse = z.infer<typeof setProductQuantityResponseSchema>;

/** DELETE /api/cart/delete */
export const deleteCartResponseSchema = z.object({ data: z.literal(true) });

export const COMMENT_MAX_LENGTH = 1000;

/** GET /api/cart/comments */
export const cartCommentsSchema = z.object({
  /** A note for the shop. */
  commentWebshop: z.string().max(COMMENT_MAX_LENGTH, 'too_long'),
  /** A comment for the supplier (printed on the delivery note). */
  commentSupplier: z.string().max(COMMENT_MAX_LENGTH, 'too_long'),
});
export type CartComments = z.infer<typeof cartCommentsSchema>;

/** PUT /api/cart/comments: both fields (missing ones are saved as ''). Answers `{ data: true }`. */
export const setCartCommentsRequestSchema = z.object({
  commentWebshop: z.string().max(COMMENT_MAX_LENGTH, 'too_long').default(''),
  commentSupplier: z.string().max(COMMENT_MAX_LENGTH, 'too_long').default(''),
});
export type SetCartCommentsRequest = z.input<typeof setCartCommentsRequestSchema>;

/* ---------------------------------------------------------------- quick order */

export const QUICK_ORDER_MAX_LINES = 500;
const QUICK_ORDER_MAX_TEXT = 100_000;

/**
 * POST /api/cart/quick-order. `lines` is pasted text — one `SKU or barcode; quantity` per line,
 * separated by `;`, a tab or `,` (a missing quantity means 1; empty lines and lines starting with
 * `#` are skipped) — or a list of `{ code, quantity }`. At most 500 lines.
 * A barcode of a pack (carton, row, ...) orders that many packs: the quantity is multiplied by the
 * pack's pieces. Each line is ADDED to the cart's quantity of the product and goes through the
 * quantity correction.
 */
export const quickOrderRequestSchema = z.object({
  lines: z.union([
    z.string().max(QUICK_ORDER_MAX_TEXT, 'too_long'),
    z
      .array(
        z.object({
          code: productCodeInputSchema,
          quantity: piecesInputSchema(1),
        }),
      )
      .max(QUICK_ORDER_MAX_LINES, 'too_many'),
  ]),
});
export type QuickOrderRequest = z.input<typeof quickOrderRequestSchema>;

/** One parsed line of a quick order; `quantity` null when it could not be read. */
export interface QuickOrderLine {
  /** 1-based line number in the pasted text (or position in the list). */
  line: number;
  code: string;
  quantity: number | null;
}

/**
 * Splits pasted quick-order text into lines (pure; the web uses it for a preview). A line is
 * `code`, `code;quantity`, `code<TAB>quantity` or `code,quantity`; surrounding spaces and quotes
 * are ignored; a quantity must be a whole number ≥ 1 (spaces as thousands separators allowed).
 */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const out: QuickOrderLine[] = [];
  const rows = text.split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const row = raw.trim();
    if (row === '' || row.startsWith('#')) return;
    const parts = row.split(/[;\t,]/).map((part) =>
      part
        .trim()
        .replace(/^["']|["']$/g, '')
        .trim(),
    );
    const code = parts[0] ?? '';
    const rest = parts.slice(1).filter((part) => part !== '');
    let quantity: number | null = 1;
    if (rest.length > 1) quantity = null;
    else if (rest.length === 1) {
      const digits = rest[0]!.replace(/[\s\u00a0]/g, '');
      quantity = /^\d{1,7}$/.test(digits) && Number(digits) >= 1 ? Number(digits) : null;
    }
    out.push({ line: index + 1, code, quantity });
  });
  return out;
}

export const quickOrderAddedSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  sku: z.string(),
  /** Pieces asked for by the line. */
  requested: z.number().int(),
  /** Pieces added to the cart by the line. */
  quantity: z.number().int(),
  /** The product's quantity in the cart after the line. */
  cartQuantity: z.number().int(),
});

export const quickOrderCorrectedSchema = quickOrderAddedSchema.extend({
  warnings: z.array(quantityWarningSchema),
});

export const quickOrderRejectedSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  /** ERR_PRODUCT_NOT_FOUND, ERR_PRODUCT_NOT_ORDERABLE or ERR_VALIDATION (unreadable quantity). */
  reason: errorCodeSchema,
});

/** The answer of the quick order and of order-again: what went in as asked, what was corrected, what not. */
export const cartAdditionResponseSchema = z.object({
  data: z.literal(true),
  added: z.array(quickOrderAddedSchema),
  /** Lines whose quantity the correction changed (quantity may be 0: nothing was added). */
  corrected: z.array(quickOrderCorrectedSchema),
  rejected: z.array(quickOrderRejectedSchema),
});
export type CartAdditionResponse = z.infer<typeof cartAdditionResponseSchema>;

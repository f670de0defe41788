/**
 * Checkout rules of issue 16 (docs/product.md §5.11), the same on the web and the server: the
 * purchase-order number, the minimum order value of a shipping method and the credit limit of a
 * deferred payment. Amounts are gross minor units (1/100 Ft) unless the name says forints.
 */

/** At most this many characters (what fits an EDI/ERP order reference). */
export const PURCHASE_ORDER_NUMBER_MAX = 35;

/** The number as stored: trimmed, '' when none. */
export function normalizePurchaseOrderNumber(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Whether place-order refuses for a missing purchase-order number. */
export function isPurchaseOrderNumberMissing(required: boolean, value: string | null | undefined): boolean {
  return required && normalizePurchaseOrderNumber(value) === '';
}

export interface MinimumOrderShortfall {
  /** The shipping method's minimum, gross minor units. */
  minimum: number;
  /** How much the items still need, gross minor units (0 when reached). */
  missing: number;
}

/**
 * The shipping method's minimum against the items' gross value (the shipping and logistics costs
 * do not count). Null when the method has no minimum (0).
 */
export function minimumOrderShortfall(minimum: number, itemsGross: number): MinimumOrderShortfall | null {
  if (minimum <= 0) return null;
  return { minimum, missing: Math.max(0, minimum - itemsGross) };
}

export interface CreditState {
  /** The customer's credit limit; null = none (every deferred payment is allowed). */
  limit: number | null;
  /** What the customer owed at the balance's instant. */
  openBalance: number;
  /** Deferred orders placed since the balance's instant and not cancelled (not yet on an invoice). */
  pending: number;
}

/** What a new deferred order may still cost; null without a limit. Never below 0. */
export function availableCredit(state: CreditState): number | null {
  if (state.limit === null) return null;
  return Math.max(0, state.limit - state.openBalance - state.pending);
}

/**
 * Whether an order of `orderTotal` may be paid by a method: immediate methods always; deferred
 * ones while the open balance + pending orders + this order stay within the limit.
 */
export function isPaymentAllowed(isDeferred: boolean, state: CreditState, orderTotal: number): boolean {
  if (!isDeferred || state.limit === null) return true;
  return state.openBalance + state.pending + orderTotal <= state.limit;
}

/** Minor units as whole forints for a message: `up` rounds a missing amount up, else down. */
export function wholeForints(minor: number, up = false): number {
  return up ? Math.ceil(minor / 100) : Math.floor(minor / 100);
}

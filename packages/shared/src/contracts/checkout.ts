import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar-date';
import { PURCHASE_ORDER_NUMBER_MAX } from '../rules/checkout-rules';
import { rowIdSchema } from './row-id';

/**
 * Checkout contracts (docs/product.md §§2.4, 3.6, 4.6–4.8 and 7.2; decision 0006): shipping and
 * payment methods, the save calls (shipping method, payment method, delivery day), the delivery-day
 * choices and the shop's open/closed state.
 *
 * Every choice is saved on the server in the buyer's cart as it changes and survives a reload;
 * `GET /api/cart` gives them back. Money is gross, integer minor units (1/100 Ft).
 */

/** A shipping or payment method's id, stable code and name. */
const methodFields = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
};

/**
 * One of `GET /api/shipping-methods`; codes e.g. delivery, pickup_customer, pickup_employee,
 * invoice_only in the demo data. Home delivery ("Kiszállítás") has `isHomeDelivery: true`.
 */
export const shippingMethodSchema = z.object({
  ...methodFields,
  /** Gross minor units. */
  cost: z.number().int(),
  isHomeDelivery: z.boolean(),
  /**
   * The least the items must be worth (gross) for this method, in whole FORINTS (issue 16); 0 = no
   * minimum. Place-order refuses below it with ERR_BELOW_MINIMUM_ORDER_VALUE.
   */
  minimumOrderValue: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListResponseSchema = z.array(shippingMethodSchema);

/**
 * One of `GET /api/payment-methods/available-for-customer`; codes e.g. debit_card, deferred_cash,
 * cash, cash_and_card, instant_payment, bank_transfer (docs/product.md §3), one row per term.
 */
export const paymentMethodSchema = z.object({
  ...methodFields,
  /** Payment term in days (0 = immediate). */
  termDays: z.number().int(),
  /** Paid later (bank transfer with days, deferred cash): only within the customer's credit limit (issue 16). */
  isDeferred: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListResponseSchema = z.array(paymentMethodSchema);

/** PUT /api/cart/shipping-method */
export const setShippingMethodRequestSchema = z.object({
  shippingMethodCode: z.string().trim().min(1, 'required').max(32, 'too_long'),
});
export type SetShippingMethodRequest = z.input<typeof setShippingMethodRequestSchema>;

/** PUT /api/cart/payment-method */
export const setPaymentMethodRequestSchema = z.object({
  paymentMethodId: rowIdSchema,
});
export type SetPaymentMethodRequest = z.input<typeof setPaymentMethodRequestSchema>;

export const calendarDateSchema = z.string().refine(isCalendarDate, 'invalid_date');

/** PUT /api/cart/delivery-date: a day offered by `GET /api/cart/delivery-days`, or null to clear it. */
export const setDeliveryDateRequestSchema = z.object({
  deliveryDate: calendarDateSchema.nullable(),
});
export type SetDeliveryDateRequest = z.input<typeof setDeliveryDateRequestSchema>;

/**
 * PUT /api/cart/purchase-order-number (issue 16): the buyer's reference for the order, trimmed, at
 * most 35 characters; '' (or only spaces) clears it.
 */
export const setPurchaseOrderNumberRequestSchema = z.object({
  purchaseOrderNumber: z
    .string({ error: 'required' })
    .trim()
    .max(PURCHASE_ORDER_NUMBER_MAX, 'too_long')
    .refine(
      (value) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127),
      'invalid_characters',
    ),
});
export type SetPurchaseOrderNumberRequest = z.input<typeof setPurchaseOrderNumberRequestSchema>;

/** The save calls answer `{ data: true }`. */
export const checkoutSaveResponseSchema = z.object({ data: z.literal(true) });

export const deliveryDaySchema = z.object({
  /** 'YYYY-MM-DD' */
  date: z.string(),
  /** A replacement day added by a holiday period. */
  isReplacement: z.boolean(),
  /** Starts within 48 hours: the buyer should phone the sales representative first (docs/product.md §4). */
  within48Hours: z.boolean(),
});

export const holidayPeriodSchema = z.object({
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  replacementDates: z.array(z.string()),
});

/** GET /api/cart/delivery-days: the next 10 delivery days of the current address's route. */
export const deliveryDaysResponseSchema = z.object({
  days: z.array(deliveryDaySchema),
  /** The regular route time; null while a holiday period applies (or when none is set). */
  routeTime: z.string().nullable(),
  /** The holiday period that changes the offered days, if any. */
  holiday: holidayPeriodSchema.nullable(),
  /** The shop's time zone the days and the cut-off are computed in. */
  timeZone: z.string(),
});
export type DeliveryDaysResponse = z.infer<typeof deliveryDaysResponseSchema>;

export const closedWindowSchema = z.object({
  /** Local wall-clock time in `timeZone`, 'YYYY-MM-DDTHH:MM'. */
  startsAt: z.string(),
  endsAt: z.string(),
});

/** GET /api/shop/state (public). Ordering is open when neither `closed` nor `forceClosed`. */
export const shopStateResponseSchema = z.object({
  /** Inside a closed window now. */
  closed: z.boolean(),
  /** The force-disabled switch (setting `shop.forceDisabled`) is on. */
  forceClosed: z.boolean(),
  /** The window that applies now (for the maintenance text), else null. */
  window: closedWindowSchema.nullable(),
  /** The next window that has not started yet, for an advance notice; null when none. */
  upcoming: closedWindowSchema.nullable(),
  /**
   * The upcoming window once it starts within the notice period (setting `shop.closedNoticeDays`,
   * default 14 days): the shop tells buyers about it in a banner. Null otherwise.
   */
  notice: closedWindowSchema.nullable(),
  timeZone: z.string(),
});
export type ShopStateResponse = z.infer<typeof shopStateResponseSchema>;

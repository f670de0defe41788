import { z } from 'zod';
import { adminCalendarDateSchema, allDifferent } from './admin-common';
import {
  closedWindowSchema,
  holidayPeriodSchema,
  paymentMethodSchema,
  shippingMethodSchema,
} from './checkout';

/**
 * Back-office logistics and shop state (issue 7).
 * Permission `logistics`: shipping methods, payment methods, delivery routes, holiday periods.
 * Permission `settings` (administrators): shop-closed windows and the force-disabled switch.
 * Every change is audited and seen by the shop on its next request (nothing is cached).
 *
 * - `GET/POST /api/admin/shipping-methods`, `PUT /api/admin/shipping-methods/{id}`
 * - `GET/POST /api/admin/payment-methods`, `PUT /api/admin/payment-methods/{id}`
 * - `GET/POST /api/admin/delivery-routes`, `PUT/DELETE /api/admin/delivery-routes/{id}`
 *   (DELETE of a route an address uses → 409 ERR_IN_USE `{ count }`)
 * - `GET/POST /api/admin/holiday-periods`, `PUT/DELETE /api/admin/holiday-periods/{id}`
 * - `GET/POST /api/admin/shop-closed-windows`, `PUT/DELETE /api/admin/shop-closed-windows/{id}`
 * - `GET/PUT /api/admin/shop-state/force-disabled { forceDisabled }`
 * A duplicate code → 409 ERR_DUPLICATE `{ field }`; unknown id → 404 NOT_FOUND.
 */

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');
/** Local wall-clock time in the shop's time zone, 'YYYY-MM-DDTHH:MM'. */
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'invalid_datetime')
  .refine((value) => adminCalendarDateSchema.safeParse(value.slice(0, 10)).success, 'invalid_datetime');
const code = z
  .string()
  .trim()
  .min(1, 'required')
  .max(32, 'too_long')
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'invalid_code');
const name = z.string().trim().min(1, 'required').max(100, 'too_long');
/** Minor units (1/100 Ft), 0 to 10 million Ft. */
const money = z.number({ error: 'invalid_number' }).int('invalid_number').min(0).max(1_000_000_000);
const sortOrder = z.number().int().min(0).max(1_000_000);

// Shipping methods --------------------------------------------------------------------------------
/** The shop's shipping method (cost: charged on every order with it), plus its state and place in lists. */
export const adminShippingMethodSchema = shippingMethodSchema.extend({
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminShippingMethod = z.infer<typeof adminShippingMethodSchema>;
export const saveShippingMethodSchema = z.object({
  code,
  name,
  cost: money,
  isHomeDelivery: z.boolean(),
  isActive: z.boolean(),
  sortOrder: sortOrder.default(0),
  /** Whole forints, gross, up to 10 million Ft (issue 16); left out: unchanged (0 for a new method). */
  minimumOrderValue: z
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .min(0, 'too_small')
    .max(10_000_000, 'too_large')
    .optional(),
});
export type SaveShippingMethod = z.infer<typeof saveShippingMethodSchema>;

// Payment methods ---------------------------------------------------------------------------------
/** The shop's payment method, plus its state, place in lists and users. */
export const adminPaymentMethodSchema = paymentMethodSchema.extend({
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** How many customers may use it. */
  customerCount: z.number().int(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;
export const savePaymentMethodSchema = z.object({
  code,
  name,
  termDays: z.number().int().min(0).max(365),
  isActive: z.boolean(),
  sortOrder: sortOrder.default(0),
  /** Issue 16; left out: unchanged (for a new method: deferred when it has a day term). */
  isDeferred: z.boolean().optional(),
});
export type SavePaymentMethod = z.infer<typeof savePaymentMethodSchema>;

// Delivery routes ---------------------------------------------------------------------------------
export const adminDeliveryRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday, ascending. */
  weekdays: z.array(z.number().int()),
  /** 'HH:MM' on the last working day before a route day, shop time zone. */
  cutoffTime: z.string(),
  routeTime: z.string().nullable(),
  /** Shipping addresses on this route. */
  addressCount: z.number().int(),
});
export type AdminDeliveryRoute = z.infer<typeof adminDeliveryRouteSchema>;
export const saveDeliveryRouteSchema = z.object({
  name,
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1, 'required')
    .max(7)
    .refine(allDifferent, 'duplicate_weekday'),
  cutoffTime: clockTime,
  routeTime: z
    .string()
    .trim()
    .max(50, 'too_long')
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value)),
});
export type SaveDeliveryRoute = z.infer<typeof saveDeliveryRouteSchema>;

// Holiday periods ---------------------------------------------------------------------------------
export const adminHolidayPeriodSchema = z.object({
  id: z.number().int(),
  ...holidayPeriodSchema.shape,
  hidesRouteTimes: z.boolean(),
});
export type AdminHolidayPeriod = z.infer<typeof adminHolidayPeriodSchema>;
export const saveHolidayPeriodSchema = z
  .object({
    name,
    startDate: adminCalendarDateSchema,
    endDate: adminCalendarDateSchema,
    replacementDates: z.array(adminCalendarDateSchema).max(60).refine(allDifferent, 'duplicate_date'),
    hidesRouteTimes: z.boolean(),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'start_after_end', path: ['endDate'] })
  .refine((p) => p.replacementDates.every((d) => d < p.startDate || d > p.endDate), {
    message: 'replacement_inside_period',
    path: ['replacementDates'],
  });
export type SaveHolidayPeriod = z.infer<typeof saveHolidayPeriodSchema>;

// Shop-closed windows and the force-disabled switch ------------------------------------------------
/** The window's start (inclusive) and end (exclusive), local wall-clock times in `timeZone`. */
export const adminClosedWindowSchema = z.object({
  id: z.number().int(),
  ...closedWindowSchema.shape,
  note: z.string().nullable(),
});
export type AdminClosedWindow = z.infer<typeof adminClosedWindowSchema>;
export const adminClosedWindowListSchema = z.object({
  timeZone: z.string(),
  windows: z.array(adminClosedWindowSchema),
});
export type AdminClosedWindowList = z.infer<typeof adminClosedWindowListSchema>;
export const saveClosedWindowSchema = z
  .object({
    startsAt: localDateTime,
    endsAt: localDateTime,
    note: z
      .string()
      .trim()
      .max(500, 'too_long')
      .nullable()
      .transform((value) => (value === null || value === '' ? null : value)),
  })
  .refine((w) => w.startsAt < w.endsAt, { message: 'start_after_end', path: ['endsAt'] });
export type SaveClosedWindow = z.infer<typeof saveClosedWindowSchema>;

export const forceDisabledSchema = z.object({ forceDisabled: z.boolean() });
export type ForceDisabled = z.infer<typeof forceDisabledSchema>;

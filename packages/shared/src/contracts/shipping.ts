import { z } from 'zod';
import { addressCustomerSchema, extendedShippingAddressSchema, shippingAddressFields } from './users';

/**
 * Shipping addresses and who the buyer acts for (docs/product.md §§3.5, 6.1 and 7.2; decision 0006,
 * "Whose cart").
 *
 * A customer orders for itself; its current address is the one it chose, or its first active
 * address while it has chosen none. An agent orders for the customer of its current shipping
 * address (which must belong to one of the agent's customers); until it chooses one, every cart and
 * order call answers 409 ERR_NO_CURRENT_SHIPPING. Money is gross, integer minor units (1/100 Ft).
 */

/** One address of `GET /api/shipping-addresses`. */
export const shippingAddressSchema = z.object({
  ...shippingAddressFields,
  /** The delivery route's name, null when the address has none (then Monday to Friday applies). */
  routeName: z.string().nullable(),
  customerId: z.number().int(),
  /** The customer the address belongs to (for an agent's picker: the customer's name). */
  customer: addressCustomerSchema,
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** GET /api/shipping-addresses: a bare list (docs/product.md §7), sorted by customer name, then city. */
export const shippingAddressListResponseSchema = z.array(shippingAddressSchema);
export type ShippingAddressListResponse = z.infer<typeof shippingAddressListResponseSchema>;

/** POST /api/shipping-addresses/set-current */
export const setCurrentShippingAddressRequestSchema = z.object({
  shippingAddressId: z.coerce
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .positive('invalid_number'),
});
export type SetCurrentShippingAddressRequest = z.input<typeof setCurrentShippingAddressRequestSchema>;

export const setCurrentShippingAddressResponseSchema = z.object({ data: z.literal(true) });

/** The delivery route of an address, as the checkout shows it. */
export const deliveryRouteSchema = z.object({
  name: z.string(),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  weekdays: z.array(z.number().int()),
  /** 'HH:MM' in the shop's time zone, on the last working day before a delivery day. */
  cutoffTime: z.string(),
  /** e.g. '08:00-12:00'; null when not set. Hidden by the delivery-days call while a holiday applies. */
  routeTime: z.string().nullable(),
});

/** GET /api/shipping-addresses/get-current-data-extended */
export const currentShippingDataResponseSchema = extendedShippingAddressSchema.extend({
  customerId: z.number().int(),
  /** The address's route; null when it has none (Monday to Friday, cut-off 14:00, applies). */
  route: deliveryRouteSchema.nullable(),
});
export type CurrentShippingData = z.infer<typeof currentShippingDataResponseSchema>;

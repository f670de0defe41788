import type { DeliveryDaysResponse, PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import { normalizePurchaseOrderNumber, wholeForints } from '@shop/shared/rules/checkout-rules';
import { deliveryDays, isDeliveryDayAllowed } from '@shop/shared/rules/delivery-days';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { saveCartFields } from '../cart/cart.service';
import { requireShippingAddress, resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import * as repo from './checkout.repository';
import { deliveryOptionsFor } from './delivery-days.service';

/** GET /api/shipping-methods: the active methods, in their order. */
export async function listShippingMethods(ctx: AppContext): Promise<ShippingMethod[]> {
  const rows = await repo.findActiveShippingMethods(ctx.database.db);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    cost: Number(row.cost),
    isHomeDelivery: row.is_home_delivery === 1,
    minimumOrderValue: wholeForints(Number(row.minimum_order_value), true),
  }));
}

/** GET /api/payment-methods/available-for-customer: the acting customer's assigned, active methods. */
export async function listPaymentMethods(ctx: AppContext, auth: AuthUser | null): Promise<PaymentMethod[]> {
  const acting = await resolveActingCustomer(ctx, auth);
  const rows = await repo.findAvailablePaymentMethods(ctx.database.db, acting.customerId);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    termDays: row.term_days,
    isDeferred: row.is_deferred === 1,
  }));
}

/** PUT /api/cart/shipping-method: an active method's code, else 400 ERR_INVALID_SHIPPING_METHOD. */
export async function setShippingMethod(ctx: AppContext, auth: AuthUser | null, code: string): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  const method = await repo.findActiveShippingMethodByCode(ctx.database.db, code);
  if (!method) throw new AppError('ERR_INVALID_SHIPPING_METHOD', { shippingMethodCode: code });
  await saveCartFields(ctx, acting, { shipping_method_id: method.id });
}

/** PUT /api/cart/payment-method: one of the customer's methods, else 400 ERR_INVALID_PAYMENT_METHOD. */
export async function setPaymentMethod(
  ctx: AppContext,
  auth: AuthUser | null,
  paymentMethodId: number,
): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  const method = await repo.findAvailablePaymentMethod(ctx.database.db, acting.customerId, paymentMethodId);
  if (!method) throw new AppError('ERR_INVALID_PAYMENT_METHOD', { paymentMethodId });
  await saveCartFields(ctx, acting, { payment_method_id: method.id });
}

/**
 * PUT /api/cart/purchase-order-number (issue 16): the buyer's reference, trimmed (the contract
 * checks the length); '' clears it. Copied onto the order by place-order.
 */
export async function setPurchaseOrderNumber(
  ctx: AppContext,
  auth: AuthUser | null,
  purchaseOrderNumber: string,
): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  await saveCartFields(ctx, acting, {
    purchase_order_number: normalizePurchaseOrderNumber(purchaseOrderNumber),
  });
}

/**
 * PUT /api/cart/delivery-date: null clears it; a day must be one the shared rule offers now for the
 * current address's route and the holiday periods (cut-off, weekdays, holidays, replacement days),
 * else 400 ERR_INVALID_DELIVERY_DATE. Place-order checks the day again.
 */
export async function setDeliveryDate(
  ctx: AppContext,
  auth: AuthUser | null,
  deliveryDate: string | null,
): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  if (deliveryDate !== null) {
    const addressId = requireShippingAddress(acting);
    const options = await deliveryOptionsFor(ctx, addressId);
    if (!isDeliveryDayAllowed(deliveryDate, options))
      throw new AppError('ERR_INVALID_DELIVERY_DATE', { deliveryDate });
  }
  await saveCartFields(ctx, acting, { delivery_date: deliveryDate });
}

/** GET /api/cart/delivery-days: the next 10 delivery days of the current address. */
export async function getDeliveryDays(ctx: AppContext, auth: AuthUser | null): Promise<DeliveryDaysResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  const addressId = requireShippingAddress(acting);
  const options = await deliveryOptionsFor(ctx, addressId);
  const choice = deliveryDays(options);
  return {
    days: choice.days,
    routeTime: choice.routeTime,
    holiday: choice.holiday
      ? {
          name: choice.holiday.name,
          startDate: choice.holiday.startDate,
          endDate: choice.holiday.endDate,
          replacementDates: choice.holiday.replacementDates,
        }
      : null,
    timeZone: options.timeZone,
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The shipping methods the shop offers (active ones). */
function activeShippingMethods(db: Db) {
  return db
    .selectFrom('shipping_methods')
    .select(['id', 'code', 'name', 'cost', 'is_home_delivery', 'minimum_order_value'])
    .where('is_active', '=', 1);
}

export async function findActiveShippingMethods(db: Db) {
  return activeShippingMethods(db).orderBy('sort_order').orderBy('id').execute();
}

export async function findActiveShippingMethodByCode(db: Db, code: string) {
  return activeShippingMethods(db).where('code', '=', code).executeTakeFirst();
}

/** The active payment methods assigned to the customer (customer_payment_methods). */
function availablePaymentMethods(db: Db, customerId: number) {
  return db
    .selectFrom('customer_payment_methods as cpm')
    .innerJoin('payment_methods as pm', 'pm.id', 'cpm.payment_method_id')
    .select(['pm.id', 'pm.code', 'pm.name', 'pm.term_days', 'pm.is_deferred'])
    .where('cpm.customer_id', '=', customerId)
    .where('pm.is_active', '=', 1);
}

export async function findAvailablePaymentMethods(db: Db, customerId: number) {
  return availablePaymentMethods(db, customerId)
    .orderBy('pm.sort_order')
    .orderBy('pm.term_days')
    .orderBy('pm.id')
    .execute();
}

export async function findAvailablePaymentMethod(db: Db, customerId: number, paymentMethodId: number) {
  return availablePaymentMethods(db, customerId).where('pm.id', '=', paymentMethodId).executeTakeFirst();
}

/** The delivery route of an address (null columns when it has none). */
export async function findAddressRoute(db: Db, addressId: number) {
  return db
    .selectFrom('shipping_addresses as sa')
    .leftJoin('delivery_routes as r', 'r.id', 'sa.delivery_route_id')
    .select(['sa.id', 'r.id as route_id', 'r.weekdays', 'r.cutoff_time', 'r.route_time'])
    .where('sa.id', '=', addressId)
    .executeTakeFirst();
}

/** Holiday periods that end on or after the day (earlier ones cannot matter). */
export async function findHolidayPeriods(db: Db, fromDate: string) {
  return db
    .selectFrom('holiday_periods')
    .select(['name', 'start_date', 'end_date', 'replacement_dates', 'hides_route_times'])
    .orderBy('start_date')
    .execute()
    .then((rows) =>
      rows.filter((row) => {
        if (row.end_date >= fromDate) return true;
        // A period that ended may still list replacement days ahead.
        return parseDates(row.replacement_dates).some((date) => date >= fromDate);
      }),
    );
}

export function parseDates(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

import type { Kysely } from 'kysely';
import { idRows } from '../../db/id-rows';
import type { Database } from '../../db/schema';
import { relatedCount } from '../admin/admin-query';

type Db = Kysely<Database>;

export async function listShippingMethods(db: Db) {
  return db.selectFrom('shipping_methods').selectAll().orderBy('sort_order').orderBy('id').execute();
}
const shippingMethodRows = idRows('shipping_methods');
export const findShippingMethod = shippingMethodRows.find;
export const insertShippingMethod = shippingMethodRows.insert;
export const updateShippingMethod = shippingMethodRows.update;

export async function listPaymentMethods(db: Db) {
  return db
    .selectFrom('payment_methods as pm')
    .selectAll('pm')
    .select((eb) =>
      relatedCount(eb, 'customer_payment_methods as cpm', 'cpm.payment_method_id', 'pm.id', 'customer_count'),
    )
    .orderBy('pm.sort_order')
    .orderBy('pm.id')
    .execute();
}
export async function findPaymentMethod(db: Db, id: number) {
  return (await listPaymentMethods(db)).find((row) => row.id === id);
}
const paymentMethodRows = idRows('payment_methods');
export const insertPaymentMethod = paymentMethodRows.insert;
export const updatePaymentMethod = paymentMethodRows.update;

function routesQuery(db: Db) {
  return db
    .selectFrom('delivery_routes as r')
    .selectAll('r')
    .select((eb) =>
      relatedCount(eb, 'shipping_addresses as sa', 'sa.delivery_route_id', 'r.id', 'address_count'),
    );
}
export async function listRoutes(db: Db) {
  return routesQuery(db).orderBy('r.name').orderBy('r.id').execute();
}
export async function findRoute(db: Db, id: number) {
  return routesQuery(db).where('r.id', '=', id).executeTakeFirst();
}
const routeRows = idRows('delivery_routes');
export const insertRoute = routeRows.insert;
export const updateRoute = routeRows.update;
export const deleteRoute = routeRows.remove;

export async function listHolidays(db: Db) {
  return db.selectFrom('holiday_periods').selectAll().orderBy('start_date').orderBy('id').execute();
}
const holidayRows = idRows('holiday_periods');
export const findHoliday = holidayRows.find;
export const insertHoliday = holidayRows.insert;
export const updateHoliday = holidayRows.update;
export const deleteHoliday = holidayRows.remove;

export async function listClosedWindows(db: Db) {
  return db.selectFrom('shop_closed_windows').selectAll().orderBy('starts_at').orderBy('id').execute();
}
/** The first window that shares time with [startsAt, endsAt) (ends are exclusive), other than `exceptId`. */
export async function findOverlappingClosedWindow(
  db: Db,
  startsAt: string,
  endsAt: string,
  exceptId: number | null,
) {
  let query = db
    .selectFrom('shop_closed_windows')
    .selectAll()
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.orderBy('starts_at').orderBy('id').limit(1).executeTakeFirst();
}
const closedWindowRows = idRows('shop_closed_windows');
export const findClosedWindow = closedWindowRows.find;
export const insertClosedWindow = closedWindowRows.insert;
export const updateClosedWindow = closedWindowRows.update;
export const deleteClosedWindow = closedWindowRows.remove;

export async function findSetting(db: Db, key: string) {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}
export async function upsertSetting(db: Db, key: string, value: string, nowIso: string) {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}

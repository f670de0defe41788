import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  Database,
  DeliveryRoutesTable,
  HolidayPeriodsTable,
  PaymentMethodsTable,
  ShippingMethodsTable,
  ShopClosedWindowsTable,
} from '../../db/schema';

type Db = Kysely<Database>;

export async function listShippingMethods(db: Db) {
  return db.selectFrom('shipping_methods').selectAll().orderBy('sort_order').orderBy('id').execute();
}
export async function findShippingMethod(db: Db, id: number) {
  return db.selectFrom('shipping_methods').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertShippingMethod(db: Db, values: Insertable<ShippingMethodsTable>) {
  return (await db.insertInto('shipping_methods').values(values).returning('id').executeTakeFirstOrThrow())
    .id;
}
export async function updateShippingMethod(db: Db, id: number, values: Updateable<ShippingMethodsTable>) {
  await db.updateTable('shipping_methods').set(values).where('id', '=', id).execute();
}

export async function listPaymentMethods(db: Db) {
  return db
    .selectFrom('payment_methods as pm')
    .selectAll('pm')
    .select((eb) =>
      eb
        .selectFrom('customer_payment_methods as cpm')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('cpm.payment_method_id', '=', 'pm.id')
        .as('customer_count'),
    )
    .orderBy('pm.sort_order')
    .orderBy('pm.id')
    .execute();
}
export async function findPaymentMethod(db: Db, id: number) {
  return (await listPaymentMethods(db)).find((row) => row.id === id);
}
export async function insertPaymentMethod(db: Db, values: Insertable<PaymentMethodsTable>) {
  return (await db.insertInto('payment_methods').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updatePaymentMethod(db: Db, id: number, values: Updateable<PaymentMethodsTable>) {
  await db.updateTable('payment_methods').set(values).where('id', '=', id).execute();
}

function routesQuery(db: Db) {
  return db
    .selectFrom('delivery_routes as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('shipping_addresses as sa')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('sa.delivery_route_id', '=', 'r.id')
        .as('address_count'),
    );
}
export async function listRoutes(db: Db) {
  return routesQuery(db).orderBy('r.name').orderBy('r.id').execute();
}
export async function findRoute(db: Db, id: number) {
  return routesQuery(db).where('r.id', '=', id).executeTakeFirst();
}
export async function insertRoute(db: Db, values: Insertable<DeliveryRoutesTable>) {
  return (await db.insertInto('delivery_routes').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateRoute(db: Db, id: number, values: Updateable<DeliveryRoutesTable>) {
  await db.updateTable('delivery_routes').set(values).where('id', '=', id).execute();
}
export async function deleteRoute(db: Db, id: number) {
  await db.deleteFrom('delivery_routes').where('id', '=', id).execute();
}

export async function listHolidays(db: Db) {
  return db.selectFrom('holiday_periods').selectAll().orderBy('start_date').orderBy('id').execute();
}
export async function findHoliday(db: Db, id: number) {
  return db.selectFrom('holiday_periods').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertHoliday(db: Db, values: Insertable<HolidayPeriodsTable>) {
  return (await db.insertInto('holiday_periods').values(values).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateHoliday(db: Db, id: number, values: Updateable<HolidayPeriodsTable>) {
  await db.updateTable('holiday_periods').set(values).where('id', '=', id).execute();
}
export async function deleteHoliday(db: Db, id: number) {
  await db.deleteFrom('holiday_periods').where('id', '=', id).execute();
}

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
export async function findClosedWindow(db: Db, id: number) {
  return db.selectFrom('shop_closed_windows').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertClosedWindow(db: Db, values: Insertable<ShopClosedWindowsTable>) {
  return (await db.insertInto('shop_closed_windows').values(values).returning('id').executeTakeFirstOrThrow())
    .id;
}
export async function updateClosedWindow(db: Db, id: number, values: Updateable<ShopClosedWindowsTable>) {
  await db.updateTable('shop_closed_windows').set(values).where('id', '=', id).execute();
}
export async function deleteClosedWindow(db: Db, id: number) {
  await db.deleteFrom('shop_closed_windows').where('id', '=', id).execute();
}

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

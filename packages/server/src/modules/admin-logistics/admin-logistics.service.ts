import { sql, type Kysely } from 'kysely';
import type {
  AdminClosedWindow,
  AdminClosedWindowList,
  AdminDeliveryRoute,
  AdminHolidayPeriod,
  AdminPaymentMethod,
  AdminShippingMethod,
  ForceDisabled,
  SaveClosedWindow,
  SaveDeliveryRoute,
  SaveHolidayPeriod,
  SavePaymentMethod,
  SaveShippingMethod,
} from '@shop/shared/contracts/admin-logistics';
import { parseWeekdays } from '@shop/shared/rules/delivery-days';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { recordAudit } from '../admin/admin-access';
import { auditedWrite, found, type AuditedWork } from '../admin/audited-write';
import { FORCE_DISABLED_KEY, isSettingOn } from '../shop/shop.service';
import * as repo from './admin-logistics.repository';

type Db = Kysely<Database>;

/**
 * Back-office logistics (issue 7). Nothing here is cached: the checkout reads methods, routes and
 * holiday periods, and place-order and `GET /api/shop/state` read the closed windows and the switch,
 * on every request, so a change counts from the next request on.
 */

/** Runs a write and its audit entry in one transaction; a unique collision is ERR_DUPLICATE. */
/** A unique collision on a code column is reported on the `code` field. */
const codeField = (column: string) => (column.includes('code') ? 'code' : column);

function audited<T>(
  ctx: AppContext,
  actor: AuthUser,
  action: string,
  entity: string,
  work: (trx: Db) => Promise<AuditedWork<T>>,
): Promise<T> {
  return auditedWrite(ctx, actor, entity, action, work, codeField);
}

/** How one kind of record is read, written and answered, for the audited saves and deletes below. */
interface RecordKind<Row, Values, Out> {
  entity: string;
  find: (trx: Db, id: number) => Promise<Row | undefined>;
  insert: (trx: Db, values: Values) => Promise<number>;
  update: (trx: Db, id: number, values: Values) => Promise<unknown>;
  toApi: (row: Row) => Out;
}

/** Creates (`id` null) or updates a record, audited with its state before and after; 404 for an unknown id. */
function saveRecord<Row, Values, Out>(
  ctx: AppContext,
  actor: AuthUser,
  id: number | null,
  values: Values,
  kind: RecordKind<Row, Values, Out>,
): Promise<Out> {
  return audited(ctx, actor, id === null ? 'create' : 'update', kind.entity, async (trx) => {
    const before = id === null ? null : kind.toApi(found(await kind.find(trx, id)));
    const savedId = id ?? (await kind.insert(trx, values));
    if (id !== null) await kind.update(trx, id, values);
    const after = kind.toApi(found(await kind.find(trx, savedId)));
    return { id: savedId, before, after, result: after };
  });
}

/** Deletes a record, audited with its state before; `guard` may refuse it from that state. */
async function deleteRecord<Row, Out>(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  kind: Pick<RecordKind<Row, never, Out>, 'entity' | 'find' | 'toApi'>,
  remove: (trx: Db, id: number) => Promise<unknown>,
  guard: (before: Out) => void = () => {},
): Promise<void> {
  await audited(ctx, actor, 'delete', kind.entity, async (trx) => {
    const before = kind.toApi(found(await kind.find(trx, id)));
    guard(before);
    await remove(trx, id);
    return { id, before, after: null, result: undefined };
  });
}

/** A kind of record with how it is listed and how a save request becomes its columns. */
interface ListedRecordKind<Row, Values, Input, Out> extends RecordKind<Row, Values, Out> {
  list: (db: Db) => Promise<Row[]>;
  /** The columns to write from a save request; `id` is null on create. */
  columns: (input: Input, id: number | null) => Values;
}

/** The list and the audited save (create when `id` is null) of one kind of record. */
function recordService<Row, Values, Input, Out>(kind: ListedRecordKind<Row, Values, Input, Out>) {
  return {
    list: async (ctx: AppContext): Promise<Out[]> => (await kind.list(ctx.database.db)).map(kind.toApi),
    save: (ctx: AppContext, actor: AuthUser, id: number | null, input: Input): Promise<Out> =>
      saveRecord(ctx, actor, id, kind.columns(input, id), kind),
  };
}

// Shipping methods --------------------------------------------------------------------------------
type ShippingRow = NonNullable<Awaited<ReturnType<typeof repo.findShippingMethod>>>;
function shippingOf(row: ShippingRow): AdminShippingMethod {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    cost: Number(row.cost),
    isHomeDelivery: row.is_home_delivery === 1,
    isActive: row.is_active === 1,
    sortOrder: Number(row.sort_order),
    minimumOrderValue: Math.round(Number(row.minimum_order_value) / 100),
  };
}

const SHIPPING_METHODS = recordService({
  entity: 'shipping_method',
  list: repo.listShippingMethods,
  find: repo.findShippingMethod,
  insert: repo.insertShippingMethod,
  update: repo.updateShippingMethod,
  toApi: shippingOf,
  columns: (v: SaveShippingMethod) => ({
    code: v.code,
    name: v.name,
    cost: v.cost,
    is_home_delivery: v.isHomeDelivery ? (1 as const) : (0 as const),
    is_active: v.isActive ? (1 as const) : (0 as const),
    sort_order: v.sortOrder,
    // Forints in the API, minor units in the database (issue 16).
    ...(v.minimumOrderValue !== undefined ? { minimum_order_value: v.minimumOrderValue * 100 } : {}),
  }),
});
export const listShippingMethods = SHIPPING_METHODS.list;
export const saveShippingMethod = SHIPPING_METHODS.save;

// Payment methods ---------------------------------------------------------------------------------
type PaymentRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentMethod>>>;
function paymentOf(row: PaymentRow): AdminPaymentMethod {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    termDays: Number(row.term_days),
    isActive: row.is_active === 1,
    sortOrder: Number(row.sort_order),
    isDeferred: row.is_deferred === 1,
    customerCount: Number(row.customer_count ?? 0),
  };
}

const PAYMENT_METHODS = recordService({
  entity: 'payment_method',
  list: repo.listPaymentMethods,
  find: repo.findPaymentMethod,
  insert: repo.insertPaymentMethod,
  update: repo.updatePaymentMethod,
  toApi: paymentOf,
  columns: (v: SavePaymentMethod, id) => ({
    code: v.code,
    name: v.name,
    term_days: v.termDays,
    is_active: v.isActive ? (1 as const) : (0 as const),
    sort_order: v.sortOrder,
    // Issue 16: a new method without the flag is deferred when it has a day term.
    ...(v.isDeferred !== undefined
      ? { is_deferred: v.isDeferred ? (1 as const) : (0 as const) }
      : id === null
        ? { is_deferred: v.termDays > 0 ? (1 as const) : (0 as const) }
        : {}),
  }),
});
export const listPaymentMethods = PAYMENT_METHODS.list;
export const savePaymentMethod = PAYMENT_METHODS.save;

// Delivery routes ---------------------------------------------------------------------------------
type RouteRow = NonNullable<Awaited<ReturnType<typeof repo.findRoute>>>;
function routeOf(row: RouteRow): AdminDeliveryRoute {
  return {
    id: row.id,
    name: row.name,
    weekdays: parseWeekdays(row.weekdays),
    cutoffTime: row.cutoff_time,
    routeTime: row.route_time,
    addressCount: Number(row.address_count ?? 0),
  };
}

const ROUTES = {
  entity: 'delivery_route',
  list: repo.listRoutes,
  find: repo.findRoute,
  insert: repo.insertRoute,
  update: repo.updateRoute,
  toApi: routeOf,
  columns: (v: SaveDeliveryRoute) => ({
    name: v.name,
    weekdays: [...v.weekdays].sort((a, b) => a - b).join(','),
    cutoff_time: v.cutoffTime,
    route_time: v.routeTime,
  }),
};
const ROUTE_RECORDS = recordService(ROUTES);
export const listRoutes = ROUTE_RECORDS.list;
export const saveRoute = ROUTE_RECORDS.save;

/** A route that shipping addresses still use is not deleted (ERR_IN_USE with their count). */
export async function deleteRoute(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await deleteRecord(ctx, actor, id, ROUTES, repo.deleteRoute, (before) => {
    if (before.addressCount > 0) throw new AppError('ERR_IN_USE', { count: before.addressCount });
  });
}

// Holiday periods ---------------------------------------------------------------------------------
type HolidayRow = NonNullable<Awaited<ReturnType<typeof repo.findHoliday>>>;
function holidayOf(row: HolidayRow): AdminHolidayPeriod {
  let dates: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.replacement_dates);
    if (Array.isArray(parsed)) dates = parsed.filter((d): d is string => typeof d === 'string');
  } catch {
    dates = [];
  }
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    replacementDates: dates,
    hidesRouteTimes: row.hides_route_times === 1,
  };
}

const HOLIDAYS = {
  entity: 'holiday_period',
  list: repo.listHolidays,
  find: repo.findHoliday,
  insert: repo.insertHoliday,
  update: repo.updateHoliday,
  toApi: holidayOf,
  columns: (v: SaveHolidayPeriod) => ({
    name: v.name,
    start_date: v.startDate,
    end_date: v.endDate,
    replacement_dates: JSON.stringify([...v.replacementDates].sort()),
    hides_route_times: v.hidesRouteTimes ? (1 as const) : (0 as const),
  }),
};
const HOLIDAY_RECORDS = recordService(HOLIDAYS);
export const listHolidays = HOLIDAY_RECORDS.list;
export const saveHoliday = HOLIDAY_RECORDS.save;

export async function deleteHoliday(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await deleteRecord(ctx, actor, id, HOLIDAYS, repo.deleteHoliday);
}

// Shop-closed windows and the force-disabled switch ------------------------------------------------
type WindowRow = NonNullable<Awaited<ReturnType<typeof repo.findClosedWindow>>>;
function windowOf(row: WindowRow): AdminClosedWindow {
  return { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, note: row.note };
}

export async function listClosedWindows(ctx: AppContext): Promise<AdminClosedWindowList> {
  const rows = await repo.listClosedWindows(ctx.database.db);
  return { timeZone: ctx.config.shopTimeZone, windows: rows.map(windowOf) };
}

export async function saveClosedWindow(
  ctx: AppContext,
  actor: AuthUser,
  id: number | null,
  input: SaveClosedWindow,
): Promise<AdminClosedWindow> {
  const v = input;
  const values = { starts_at: v.startsAt, ends_at: v.endsAt, note: v.note };
  return audited(ctx, actor, id === null ? 'create' : 'update', 'shop_closed_window', async (trx) => {
    // Concurrent saves must not both pass the overlap check (SQLite runs one write at a time).
    if (ctx.database.dialect === 'postgres') {
      await sql`lock table shop_closed_windows in share row exclusive mode`.execute(trx);
    }
    const before = id === null ? null : windowOf(found(await repo.findClosedWindow(trx, id)));
    const clash = await repo.findOverlappingClosedWindow(trx, values.starts_at, values.ends_at, id);
    if (clash) {
      throw new AppError('ERR_CLOSED_WINDOW_OVERLAP', {
        field: 'startsAt',
        startsAt: clash.starts_at.replace('T', ' '),
        endsAt: clash.ends_at.replace('T', ' '),
      });
    }
    const savedId = id ?? (await repo.insertClosedWindow(trx, values));
    if (id !== null) await repo.updateClosedWindow(trx, id, values);
    const after = windowOf(found(await repo.findClosedWindow(trx, savedId)));
    return { id: savedId, before, after, result: after };
  });
}

export async function deleteClosedWindow(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await deleteRecord(
    ctx,
    actor,
    id,
    { entity: 'shop_closed_window', find: repo.findClosedWindow, toApi: windowOf },
    repo.deleteClosedWindow,
  );
}

export async function readForceDisabled(ctx: AppContext): Promise<ForceDisabled> {
  return { forceDisabled: isSettingOn(await repo.findSetting(ctx.database.db, FORCE_DISABLED_KEY)) };
}

export async function setForceDisabled(
  ctx: AppContext,
  actor: AuthUser,
  input: ForceDisabled,
): Promise<ForceDisabled> {
  const nowIso = ctx.now().toISOString();
  return ctx.database.db.transaction().execute(async (trx) => {
    const before = isSettingOn(await repo.findSetting(trx, FORCE_DISABLED_KEY));
    await repo.upsertSetting(trx, FORCE_DISABLED_KEY, input.forceDisabled ? 'true' : 'false', nowIso);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'setting.update',
      entity: 'setting',
      entityId: FORCE_DISABLED_KEY,
      before: { forceDisabled: before },
      after: { forceDisabled: input.forceDisabled },
      at: ctx.now(),
    });
    return { forceDisabled: input.forceDisabled };
  });
}

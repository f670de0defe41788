import type { Kysely } from 'kysely';
import { isCalendarDate, localDateTime } from '@shop/shared/rules/calendar-date';
import {
  type DeliveryDayOptions,
  type DeliveryRoute,
  type HolidayPeriod,
  parseWeekdays,
} from '@shop/shared/rules/delivery-days';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import * as repo from './checkout.repository';

/**
 * An address without a delivery route is delivered on working days (Monday to Friday) with the
 * schema's default cut-off, 14:00 (docs/decisions/0006-orders-and-stock.md).
 */
export const DEFAULT_DELIVERY_ROUTE: DeliveryRoute = {
  weekdays: [1, 2, 3, 4, 5],
  cutoffTime: '14:00',
  routeTime: null,
};

/** An address's route as place-order already read it (null columns: no route). */
export interface AddressRoute {
  route_id: number | null;
  route_weekdays: string | null;
  route_cutoff_time: string | null;
  route_time: string | null;
}

/**
 * The inputs of the shared delivery-day rule for an address (its id, or its route already read),
 * now, in the shop's time zone.
 */
export async function deliveryOptionsFor(
  ctx: AppContext,
  address: number | AddressRoute,
  db: Kysely<Database> = ctx.database.db,
): Promise<DeliveryDayOptions> {
  const now = ctx.now();
  const timeZone = ctx.config.shopTimeZone;
  const today = localDateTime(now, timeZone).date;
  const [row, periods] = await Promise.all([
    typeof address === 'number'
      ? repo.findAddressRoute(db, address).then((r): AddressRoute | undefined =>
          r
            ? {
                route_id: r.route_id,
                route_weekdays: r.weekdays,
                route_cutoff_time: r.cutoff_time,
                route_time: r.route_time,
              }
            : undefined,
        )
      : Promise.resolve(address),
    repo.findHolidayPeriods(db, today),
  ]);
  let route = DEFAULT_DELIVERY_ROUTE;
  if (row && row.route_id !== null && row.route_weekdays !== null) {
    route = {
      weekdays: parseWeekdays(row.route_weekdays),
      cutoffTime: row.route_cutoff_time ?? DEFAULT_DELIVERY_ROUTE.cutoffTime,
      routeTime: row.route_time,
    };
  }
  const holidays: HolidayPeriod[] = periods
    .filter((p) => isCalendarDate(p.start_date) && isCalendarDate(p.end_date))
    .map((p) => ({
      name: p.name,
      startDate: p.start_date,
      endDate: p.end_date,
      replacementDates: repo.parseDates(p.replacement_dates).filter(isCalendarDate),
      hidesRouteTimes: p.hides_route_times === 1,
    }));
  return { now, timeZone, route, holidays };
}

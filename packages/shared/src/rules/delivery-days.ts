import { addDays, type CalendarDate, hoursUntilDate, isoWeekday, localDateTime } from './calendar-date';

export interface DeliveryRoute {
  /** ISO weekdays the route runs: 1 = Monday ... 7 = Sunday. */
  weekdays: number[];
  /** 'HH:MM' in the shop's time zone, on the last working day (Mon–Fri) before a delivery day. */
  cutoffTime: string;
  /** Shown to buyers, e.g. '08:00-12:00'. */
  routeTime: string | null;
}

export interface HolidayPeriod {
  name: string;
  startDate: CalendarDate;
  endDate: CalendarDate;
  /** Extra delivery days that replace the ones the holiday removes. */
  replacementDates: CalendarDate[];
  hidesRouteTimes: boolean;
}

export interface DeliveryDay {
  date: CalendarDate;
  /** A replacement day added by a holiday period. */
  isReplacement: boolean;
  /** The day starts within 48 hours: the buyer should phone the sales representative first. */
  within48Hours: boolean;
}

export interface DeliveryDayOptions {
  now: Date;
  timeZone: string;
  route: DeliveryRoute;
  holidays: HolidayPeriod[];
  /** How many days to offer (default 10). */
  count?: number;
}

export interface DeliveryDayChoice {
  days: DeliveryDay[];
  /** The regular route time, or null while a holiday period applies (or none is set). */
  routeTime: string | null;
  /** The holiday period that applies to the offered days, if any. */
  holiday: HolidayPeriod | null;
}

const SCAN_DAYS = 180;

/**
 * The next `count` delivery days of a route (docs/product.md §4.8: cut-off, weekends, holidays).
 * A day D can be chosen when the order is placed before the cut-off time on the last working day
 * (Monday to Friday) before D, in the shop's time zone: on a weekday before the cut-off the earliest
 * day is tomorrow; after it, the next route day after that; an order on Friday afternoon or at the
 * weekend can be delivered on Tuesday at the earliest.
 * Days inside a holiday period are removed; its replacement days are added; while a holiday period
 * overlaps the offered days and hides route times, the regular route time is hidden.
 */
export function deliveryDays(options: DeliveryDayOptions): DeliveryDayChoice {
  const { now, timeZone, route, holidays } = options;
  const count = options.count ?? 10;
  const local = localDateTime(now, timeZone);
  const earliest = addDays(local.date, 1);
  const cutoffPassed = (date: CalendarDate) => {
    const deadline = previousWorkingDay(date);
    return local.date > deadline || (local.date === deadline && local.time >= route.cutoffTime);
  };
  const inHoliday = (date: CalendarDate) => holidays.find((h) => date >= h.startDate && date <= h.endDate);
  const replacement = new Set(holidays.flatMap((h) => h.replacementDates));
  const weekdays = new Set(route.weekdays);

  const days: DeliveryDay[] = [];
  for (let i = 0; i < SCAN_DAYS && days.length < count; i += 1) {
    const date = addDays(earliest, i);
    if (cutoffPassed(date)) continue;
    const isReplacement = replacement.has(date);
    const regular = weekdays.has(isoWeekday(date)) && !inHoliday(date);
    if (!regular && !isReplacement) continue;
    days.push({
      date,
      isReplacement: isReplacement && !regular,
      within48Hours: hoursUntilDate(now, date, timeZone) < 48,
    });
  }
  const last = days.at(-1)?.date ?? earliest;
  const holiday =
    holidays.find((h) => h.startDate <= last && h.endDate >= local.date) ??
    holidays.find((h) => h.replacementDates.some((d) => d >= local.date && d <= last)) ??
    null;
  return { days, routeTime: holiday?.hidesRouteTimes ? null : route.routeTime, holiday };
}

/** The last Monday-to-Friday day before `date`. */
export function previousWorkingDay(date: CalendarDate): CalendarDate {
  let day = addDays(date, -1);
  while (isoWeekday(day) > 5) day = addDays(day, -1);
  return day;
}

/** The server's check of a chosen day: it must be one of the offered days. */
export function isDeliveryDayAllowed(date: CalendarDate, options: DeliveryDayOptions): boolean {
  return deliveryDays(options).days.some((d) => d.date === date);
}

/** Parses the stored weekdays '1,3,5' into numbers, ignoring anything else. */
export function parseWeekdays(value: string): number[] {
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
}

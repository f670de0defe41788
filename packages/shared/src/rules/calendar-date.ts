import { cachedZonedParts as zonedParts } from '../format/zoned-parts';

/** Calendar dates as 'YYYY-MM-DD' strings, computed without time zones (UTC arithmetic). */
export type CalendarDate = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date and wall-clock time ('HH:MM') of an instant in a time zone. */
export function localDateTime(now: Date, timeZone: string): { date: CalendarDate; time: string } {
  const p = zonedParts(now, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * The instant local midnight starts `date` in the time zone. Two correction steps settle any offset,
 * also on the days clocks change (a day of 23 or 25 hours).
 */
export function zonedDayStart(date: CalendarDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d);
  let t = wanted;
  for (let i = 0; i < 3; i += 1) {
    const p = zonedParts(new Date(t), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    if (seen === wanted) break;
    t += wanted - seen;
  }
  return new Date(t);
}

/** The instant the last millisecond of `date` ends in the time zone (just before the next day starts). */
export function zonedDayEnd(date: CalendarDate, timeZone: string): Date {
  return new Date(zonedDayStart(addDays(date, 1), timeZone).getTime() - 1);
}

/** Real hours from `now` until local midnight starts `date` in the time zone (clock changes included). */
export function hoursUntilDate(now: Date, date: CalendarDate, timeZone: string): number {
  return (zonedDayStart(date, timeZone).getTime() - now.getTime()) / 3_600_000;
}

import { zonedParts } from '../format/format';

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

/** Hours from `now` until local midnight starting `date` in the time zone (approximate across DST by ±1 h). */
export function hoursUntilDate(now: Date, date: CalendarDate, timeZone: string): number {
  const local = localDateTime(now, timeZone);
  const p = zonedParts(now, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = local.date.split('-').map(Number) as [number, number, number];
  const dayDiff = (Date.UTC(y, m - 1, d) - Date.UTC(ty, tm - 1, td)) / 86_400_000;
  return dayDiff * 24 - (p.hour + p.minute / 60 + p.second / 3600);
}

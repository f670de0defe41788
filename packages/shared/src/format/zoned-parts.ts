import { type ZonedParts, zonedParts } from './format';

/**
 * `zonedParts` (Intl's wall clock of an instant in a time zone) from cached quarter-hour offsets, for
 * the rules that call it dozens of times a request (rules/calendar-date.ts: the delivery days of
 * place-order and the cart). Intl's formatToParts costs about 10 µs a call. No time zone changes its
 * offset twice within 15 minutes, so a quarter whose first and last second have the same offset has it
 * throughout; a quarter with a change in it asks Intl for every instant. A module of its own, so that
 * the shop's first page, which formats no zoned time, does not load it.
 */
const QUARTER_MS = 15 * 60_000;
const zoneOffsets = new Map<string, Map<number, number | null>>();

/** The zone's offset from UTC (ms) at a whole second `at`: its wall clock read as if it were UTC, minus `at`. */
function offsetAt(at: number, timeZone: string): number {
  const p = zonedParts(new Date(at), timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second, 0);
  return wall.getTime() - at;
}

/** The wall-clock parts of an instant in a time zone: exactly what `zonedParts` answers. */
export function cachedZonedParts(date: Date, timeZone: string): ZonedParts {
  const t = date.getTime();
  if (!Number.isFinite(t)) return zonedParts(date, timeZone);
  let offsets = zoneOffsets.get(timeZone);
  if (!offsets) {
    zonedParts(new Date(0), timeZone); // an unknown zone throws here, as Intl would
    offsets = new Map();
    zoneOffsets.set(timeZone, offsets);
  }
  const quarter = Math.floor(t / QUARTER_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const first = offsetAt(quarter * QUARTER_MS, timeZone);
    const last = offsetAt((quarter + 1) * QUARTER_MS - 1000, timeZone);
    offset = first === last ? first : null;
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(quarter, offset);
  }
  if (offset === null) return zonedParts(date, timeZone);
  const wall = new Date(t + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

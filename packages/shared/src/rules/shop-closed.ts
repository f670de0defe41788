import { localDateTime } from './calendar-date';

export interface ClosedWindow {
  /** Local wall-clock time in the shop's time zone, 'YYYY-MM-DDTHH:MM'. */
  startsAt: string;
  endsAt: string;
}

export interface ShopState {
  /** Inside a closed window. */
  closed: boolean;
  /** The force-disabled switch is on. */
  forceClosed: boolean;
  /** The window that applies now, for the maintenance text. */
  window: ClosedWindow | null;
}

/**
 * docs/product.md §4: the shop is closed inside a closed window (2024-12-27 16:00 to 2025-01-02 08:00
 * local time in the demo) or when the force-disabled flag is set. Start inclusive, end exclusive.
 */
export function shopState(
  now: Date,
  timeZone: string,
  windows: ClosedWindow[],
  forceDisabled: boolean,
): ShopState {
  const local = localDateTime(now, timeZone);
  const current = `${local.date}T${local.time}`;
  const window = windows.find((w) => current >= w.startsAt && current < w.endsAt) ?? null;
  return { closed: window !== null, forceClosed: forceDisabled, window };
}

export function isOrderingOpen(state: ShopState): boolean {
  return !state.closed && !state.forceClosed;
}

/** Days before a closed window starts from which buyers are told about it (setting default). */
export const DEFAULT_CLOSED_NOTICE_DAYS = 14;

/**
 * The closed window to announce now: the first one that has not started yet and starts within
 * `noticeDays` days from now (local wall-clock times in the shop's time zone). Null when none, or
 * when `noticeDays` is 0 (no advance notice).
 */
export function closureNotice(
  now: Date,
  timeZone: string,
  windows: readonly ClosedWindow[],
  noticeDays: number,
): ClosedWindow | null {
  if (!(noticeDays > 0)) return null;
  const local = localDateTime(now, timeZone);
  const current = `${local.date}T${local.time}`;
  const horizonLocal = localDateTime(new Date(now.getTime() + noticeDays * 86_400_000), timeZone);
  const horizon = `${horizonLocal.date}T${horizonLocal.time}`;
  const next = [...windows]
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0))
    .find((w) => w.startsAt > current);
  return next && next.startsAt <= horizon ? next : null;
}

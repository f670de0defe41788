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
 * Spec section 4: the shop is closed inside a closed window (2024-12-27 16:00 to 2025-01-02 08:00
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

import type { Kysely } from 'kysely';
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import { localDateTime } from '@shop/shared/rules/calendar-date';
import { z } from 'zod';
import { closureNotice, DEFAULT_CLOSED_NOTICE_DAYS, shopState } from '@shop/shared/rules/shop-closed';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import * as repo from './shop.repository';

/** The setting that closes ordering whatever the time ('true' or '1': on). */
export const FORCE_DISABLED_KEY = 'shop.forceDisabled';

export function isSettingOn(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** Days of advance notice before a closed window (a whole number 0–365; 0: no notice). */
export const CLOSED_NOTICE_DAYS_KEY = 'shop.closedNoticeDays';
const noticeDaysSchema = z.coerce.number().int().min(0).max(365);

/** The notice setting, or the default when it is missing or not a valid number of days. */
export function readNoticeDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_CLOSED_NOTICE_DAYS;
  const parsed = noticeDaysSchema.safeParse(value.trim());
  return parsed.success ? parsed.data : DEFAULT_CLOSED_NOTICE_DAYS;
}

/**
 * The shop's state now (docs/product.md §4): closed inside a window of `shop_closed_windows` (local
 * wall-clock times in the shop's time zone, start inclusive, end exclusive), force closed when the
 * setting `shop.forceDisabled` is on. Read within the caller's transaction when one is given.
 */
export async function readShopState(
  ctx: AppContext,
  db: Kysely<Database> = ctx.database.db,
): Promise<ShopStateResponse> {
  const [windows, settings] = await Promise.all([
    repo.findClosedWindows(db),
    repo.findSettings(db, [FORCE_DISABLED_KEY, CLOSED_NOTICE_DAYS_KEY]),
  ]);
  const force = settings.get(FORCE_DISABLED_KEY);
  const noticeDays = settings.get(CLOSED_NOTICE_DAYS_KEY);
  const list = windows.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at }));
  const now = ctx.now();
  const timeZone = ctx.config.shopTimeZone;
  const state = shopState(now, timeZone, list, isSettingOn(force));
  const local = localDateTime(now, timeZone);
  const current = `${local.date}T${local.time}`;
  const upcoming = list.find((w) => w.startsAt > current) ?? null;
  const notice = closureNotice(now, timeZone, list, readNoticeDays(noticeDays));
  return {
    closed: state.closed,
    forceClosed: state.forceClosed,
    window: state.window,
    upcoming,
    notice,
    timeZone,
  };
}

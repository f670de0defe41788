import type { Statistics } from '@shop/shared/contracts/admin-stats';
import { addDays, localDateTime } from '@shop/shared/rules/calendar-date';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { shopDayStart } from '../admin-orders/admin-orders.service';
import { ordersPerHour, pageViewsPerHour, topProducts } from './admin-stats.repository';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const TOP_PRODUCTS = 10;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Sums rows grouped by UTC hour (`YYYY-MM-DDTHH`) into the shop's local days. Every time zone with
 * whole-hour offsets (Europe/Budapest among them) is exact; the hour is the finest grouping both
 * databases share cheaply (at most 366 × 24 groups).
 */
function byShopDay<T extends { hour: string }>(
  rows: T[],
  timeZone: string,
  add: (total: Map<string, number[]>, day: string, row: T) => void,
): Map<string, number[]> {
  const total = new Map<string, number[]>();
  for (const row of rows) {
    const day = localDateTime(new Date(`${row.hour}:00:00.000Z`), timeZone).date;
    add(total, day, row);
  }
  return total;
}

/** Orders and revenue per day (cancelled orders left out), top products, page views per day, in
 *  the shop's time zone. */
export async function statistics(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Statistics> {
  const timeZone = ctx.config.shopTimeZone;
  const to = query.to ?? localDateTime(ctx.now(), timeZone).date;
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span > MAX_DAYS) throw new AppError('ERR_VALIDATION', { field: 'from', reason: 'range_too_long' });
  const start = shopDayStart(from, timeZone).toISOString();
  const end = shopDayStart(addDays(from, span), timeZone).toISOString();
  const db = ctx.database.db;
  const [orderHours, viewHours, top] = await Promise.all([
    ordersPerHour(db, start, end),
    pageViewsPerHour(db, start, end),
    topProducts(db, start, end, TOP_PRODUCTS),
  ]);
  const ordersByDay = byShopDay(orderHours, timeZone, (total, day, row) => {
    const [n, revenue] = total.get(day) ?? [0, 0];
    total.set(day, [n! + Number(row.n), revenue! + Number(row.revenue ?? 0)]);
  });
  const viewsByDay = byShopDay(viewHours, timeZone, (total, day, row) => {
    total.set(day, [(total.get(day)?.[0] ?? 0) + Number(row.n)]);
  });
  const days: Statistics['days'] = [];
  for (let i = 0; i < span; i += 1) {
    const date = addDays(from, i);
    const [orders, revenue] = ordersByDay.get(date) ?? [0, 0];
    days.push({ date, orders: orders!, revenue: revenue!, pageViews: viewsByDay.get(date)?.[0] ?? 0 });
  }
  return {
    from,
    to,
    days,
    topProducts: top.map((row) => ({
      sku: row.sku,
      name: String(row.name),
      quantity: Number(row.quantity),
      revenue: Number(row.revenue),
    })),
    totals: {
      orders: days.reduce((sum, d) => sum + d.orders, 0),
      revenue: days.reduce((sum, d) => sum + d.revenue, 0),
      pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertRows } from './seed-db';

/** The demo shop's shipping and payment methods, delivery routes, holidays, closed window and settings. */

export const SHIPPING_METHODS = [
  { code: 'delivery', name: 'Kiszállítás', is_home_delivery: 1 as const },
  { code: 'pickup_customer', name: 'Személyes átvétel (vevő szállítja)', is_home_delivery: 0 as const },
  { code: 'pickup_employee', name: 'Személyes átvétel (munkatárs szállítja)', is_home_delivery: 0 as const },
  { code: 'invoice_only', name: 'Csak számla', is_home_delivery: 0 as const },
];

export const PAYMENT_METHODS: Array<{ code: string; terms: number[]; name: (days: number) => string }> = [
  {
    code: 'debit_card',
    terms: [0, 2, 3, 7, 8, 10, 14, 30],
    name: (d) => (d === 0 ? 'Bankkártya' : `Bankkártya (${d} nap)`),
  },
  {
    code: 'deferred_cash',
    terms: [0, 3, 7, 8, 10, 14, 15, 21, 30],
    name: (d) => (d === 0 ? 'Halasztott készpénz (azonnali)' : `Halasztott készpénz (${d} nap)`),
  },
  { code: 'cash', terms: [0], name: () => 'Készpénz' },
  { code: 'cash_and_card', terms: [0], name: () => 'Készpénz és bankkártya' },
  { code: 'instant_payment', terms: [0], name: () => 'Azonnali átutalás' },
  {
    code: 'bank_transfer',
    terms: [1, 2, 3, 4, 7, 8, 10, 14, 15, 20, 21, 27, 30, 40],
    name: (d) => `Banki átutalás (${d} nap)`,
  },
];

export const DELIVERY_ROUTES = [
  { name: 'Budapest Észak', weekdays: '1,3,5', cutoff_time: '14:00', route_time: '08:00-12:00' },
  { name: 'Budapest Dél', weekdays: '2,4', cutoff_time: '14:00', route_time: '12:00-16:00' },
  { name: 'Pest megye', weekdays: '1,4', cutoff_time: '12:00', route_time: '09:00-15:00' },
  { name: 'Vidék', weekdays: '3', cutoff_time: '10:00', route_time: '08:00-18:00' },
];

export type RouteName = (typeof DELIVERY_ROUTES)[number]['name'];

export async function insertShopSetup(db: Kysely<Database>, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await insertRows(
    db,
    'shipping_methods',
    SHIPPING_METHODS.map((m, i) => ({ ...m, cost: 0, is_active: 1, sort_order: (i + 1) * 10 })),
  );
  let sort = 0;
  await insertRows(
    db,
    'payment_methods',
    PAYMENT_METHODS.flatMap((method) =>
      method.terms.map((days) => {
        sort += 10;
        return {
          code: method.code,
          name: method.name(days),
          term_days: days,
          // Issue 16: a method with a day term is paid later (checked against the credit limit).
          is_deferred: days > 0 ? (1 as const) : (0 as const),
          is_active: 1 as const,
          sort_order: sort,
        };
      }),
    ),
  );
  await insertRows(db, 'delivery_routes', DELIVERY_ROUTES);

  // The coming (or current) Christmas season: no regular routes, deliveries on replacement days.
  const year =
    now.getUTCMonth() === 0 && now.getUTCDate() <= 6 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  await insertRows(db, 'holiday_periods', [
    {
      name: 'Karácsony és újév',
      start_date: `${year}-12-21`,
      end_date: `${year + 1}-01-04`,
      replacement_dates: JSON.stringify([
        `${year}-12-22`,
        `${year}-12-23`,
        `${year}-12-29`,
        `${year}-12-30`,
        `${year + 1}-01-02`,
      ]),
      hides_route_times: 1,
    },
  ]);
  await insertRows(db, 'shop_closed_windows', [
    { starts_at: '2024-12-27T16:00', ends_at: '2025-01-02T08:00', note: 'Év végi zárás és leltár' },
  ]);
  await insertRows(db, 'settings', [
    { key: 'shop.forceDisabled', value: 'false', updated_at: nowIso },
    { key: 'shop.fewStockThreshold', value: '20', updated_at: nowIso },
    { key: 'shop.timeZone', value: 'Europe/Budapest', updated_at: nowIso },
  ]);
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The UTC hour of a row (`YYYY-MM-DDTHH`): the finest grouping both databases share cheaply. */
const hour = sql<string>`substr(created_at, 1, 13)`;

/** Orders and their gross item sum per UTC hour in [start, end), cancelled orders left out. */
export async function ordersPerHour(db: Db, start: string, end: string) {
  return db
    .selectFrom('orders')
    .select([
      hour.as('hour'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('items_sum_gross').as('revenue'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('status', '!=', 'cancelled')
    .groupBy(hour)
    .execute();
}

/** Page views per UTC hour in [start, end). */
export async function pageViewsPerHour(db: Db, start: string, end: string) {
  return db
    .selectFrom('page_views')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(hour)
    .execute();
}

/** The products with the highest gross revenue in orders placed in [start, end), not cancelled. */
export async function topProducts(db: Db, start: string, end: string, limit: number) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.sku',
      (eb) => eb.fn.max('order_items.name').as('name'),
      (eb) => eb.fn.sum<number | string>('order_items.quantity').as('quantity'),
      (eb) => eb.fn.sum<number | string>('order_items.line_gross').as('revenue'),
    ])
    .where('orders.created_at', '>=', start)
    .where('orders.created_at', '<', end)
    .where('orders.status', '!=', 'cancelled')
    .groupBy('order_items.sku')
    .orderBy((eb) => eb.fn.sum('order_items.line_gross'), 'desc')
    .orderBy('order_items.sku')
    .limit(limit)
    .execute();
}

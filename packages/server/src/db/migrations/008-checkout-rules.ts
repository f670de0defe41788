import type { Kysely } from 'kysely';
import { type AddedColumns, addColumns, dialectOf, dropColumns } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Checkout rules (issue 16, points 7–10; docs/product.md §5.11):
 * - purchase-order number: on the cart (typed at checkout) and copied onto the order; a customer can
 *   be made to need one (`purchase_order_number_required`);
 * - credit: a customer's credit limit (null = none), open balance and the instant of that balance
 *   (money in minor units); payment methods say whether they are deferred (`is_deferred`; existing
 *   methods with a day term become deferred); an order records whether it was paid by a deferred
 *   method, so the orders placed since the balance can be summed;
 * - minimum order value per shipping method (gross, minor units; 0 = none).
 */
/** The columns this migration adds, in order (money columns are bigint on PostgreSQL). */
function addedColumns(db: Kysely<any>): AddedColumns {
  const money = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  return {
    customers: [
      ['purchase_order_number_required', 'integer', (c) => c.notNull().defaultTo(0)],
      ['credit_limit', money],
      ['open_balance', money, (c) => c.notNull().defaultTo(0)],
      ['open_balance_at', 'varchar(30)'],
    ],
    payment_methods: [['is_deferred', 'integer', (c) => c.notNull().defaultTo(0)]],
    shipping_methods: [['minimum_order_value', money, (c) => c.notNull().defaultTo(0)]],
    carts: [['purchase_order_number', 'varchar(35)', (c) => c.notNull().defaultTo('')]],
    orders: [
      ['purchase_order_number', 'varchar(35)'],
      ['payment_is_deferred', 'integer', (c) => c.notNull().defaultTo(0)],
    ],
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, addedColumns(db));
  await db.updateTable('payment_methods').set({ is_deferred: 1 }).where('term_days', '>', 0).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropColumns(db, addedColumns(db));
}

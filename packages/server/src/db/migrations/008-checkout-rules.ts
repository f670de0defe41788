import { type Kysely, PostgresAdapter } from 'kysely';

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
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = isPg ? 'bigint' : 'integer';
  await db.schema
    .alterTable('customers')
    .addColumn('purchase_order_number_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('customers').addColumn('credit_limit', money).execute();
  await db.schema
    .alterTable('customers')
    .addColumn('open_balance', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('customers').addColumn('open_balance_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('payment_methods')
    .addColumn('is_deferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('payment_methods').set({ is_deferred: 1 }).where('term_days', '>', 0).execute();
  await db.schema
    .alterTable('shipping_methods')
    .addColumn('minimum_order_value', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('carts')
    .addColumn('purchase_order_number', 'varchar(35)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('purchase_order_number', 'varchar(35)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_is_deferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('payment_is_deferred').execute();
  await db.schema.alterTable('orders').dropColumn('purchase_order_number').execute();
  await db.schema.alterTable('carts').dropColumn('purchase_order_number').execute();
  await db.schema.alterTable('shipping_methods').dropColumn('minimum_order_value').execute();
  await db.schema.alterTable('payment_methods').dropColumn('is_deferred').execute();
  await db.schema.alterTable('customers').dropColumn('open_balance_at').execute();
  await db.schema.alterTable('customers').dropColumn('open_balance').execute();
  await db.schema.alterTable('customers').dropColumn('credit_limit').execute();
  await db.schema.alterTable('customers').dropColumn('purchase_order_number_required').execute();
}

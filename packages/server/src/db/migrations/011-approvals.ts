import type { Kysely } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Order approvals (issue 15, points 5-8; docs/product.md §3.4):
 * - `approvals`: a cart sent for approval — who asked, the cart's checkout choices (address,
 *   shipping and payment method, delivery day, comments, purchase-order number), the totals as the
 *   server priced them, and the decision (`pending` → `approved` | `rejected` | `expired`, who
 *   decided, when, the reason of a rejection, the order an approval placed). The snapshot's prices
 *   hold until `expires_at` (7 days).
 * - `approval_items`: the lines as priced (product, SKU and name as requested, quantity, gross unit price).
 * - `orders.approved_by_user_id` / `orders.approval_id`: who approved an order, and from which request
 *   (plain columns without a foreign key, so SQLite can drop them again in `down`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, 'approvals')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('requester_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('shipping_address_id', 'integer', (c) =>
      c.references('shipping_addresses.id').onDelete('set null'),
    )
    .addColumn('shipping_method_id', 'integer')
    .addColumn('payment_method_id', 'integer')
    .addColumn('delivery_date', 'varchar(10)')
    .addColumn('comment_webshop', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_supplier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purchase_order_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('items_sum_gross', 'bigint', (c) => c.notNull())
    .addColumn('grand_total', 'bigint', (c) => c.notNull())
    .addColumn('items_count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('reason', 'text')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'approvals_customer_status_idx', 'approvals', [
    'customer_id',
    'status',
    'created_at',
  ]);
  await createIndex(db, 'approvals_requester_idx', 'approvals', ['requester_user_id', 'created_at']);
  await createIndex(db, 'approvals_status_expires_idx', 'approvals', ['status', 'expires_at']);

  await db.schema
    .createTable('approval_items')
    .addColumn('approval_id', 'integer', (c) => c.notNull().references('approvals.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('line_gross', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('approval_items_pk', ['approval_id', 'product_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('approved_by_user_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('approval_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('approval_id').execute();
  await db.schema.alterTable('orders').dropColumn('approved_by_user_id').execute();
  await db.schema.dropTable('approval_items').ifExists().execute();
  await db.schema.dropTable('approvals').ifExists().execute();
}

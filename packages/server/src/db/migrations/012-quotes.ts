import type { Kysely } from 'kysely';
import { createIndex, createTableWithId, dialectOf, utcNowDefault } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Quotes, the request for quote (issue 16, points 1-4; docs/product.md §5.12). A quote belongs to a
 * customer and is asked for by one of its logins (or its agent) from the cart; staff or the agent
 * answer with an offered quantity and gross price per piece (minor units) for each line, a last
 * valid day and a message. `order_id` is the order an accepted quote became. `version` grows with
 * every change, so an accept orders exactly the offer it read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = dialectOf(db) === 'postgres';
  const now = utcNowDefault(db);
  await createTableWithId(db, 'quotes')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('requested'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wished_delivery_date', 'varchar(10)')
    .addColumn('valid_until', 'varchar(10)')
    .addColumn('staff_message', 'text')
    .addColumn('answered_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'varchar(30)')
    .addColumn('reject_reason', 'text')
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndex(db, 'quotes_customer_idx', 'quotes', ['customer_id', 'created_at']);
  await createIndex(db, 'quotes_status_idx', 'quotes', ['status', 'created_at']);

  await db.schema
    .createTable('quote_lines')
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('requested_quantity', 'integer', (c) => c.notNull())
    .addColumn('offered_quantity', 'integer')
    .addColumn('offered_price', isPg ? 'bigint' : 'integer')
    .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_lines').ifExists().execute();
  await db.schema.dropTable('quotes').ifExists().execute();
}

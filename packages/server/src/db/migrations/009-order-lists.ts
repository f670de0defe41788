import type { Kysely } from 'kysely';
import { createTableWithId, utcNowDefault } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Saved order lists (issue 16, points 5 and 6; docs/product.md §3.11): named lists of products and
 * quantities that belong to the customer (shared by its users; an agent acting for the customer
 * sees them). A name is unique within the customer. A line keeps the product, never a price: a list
 * is shown and ordered at the prices of the day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = utcNowDefault(db);
  await createTableWithId(db, 'order_lists')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('order_lists_customer_name_key', ['customer_id', 'name'])
    .execute();

  await db.schema
    .createTable('order_list_items')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('order_lists.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_list_items_pk', ['list_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_list_items').ifExists().execute();
  await db.schema.dropTable('order_lists').ifExists().execute();
}

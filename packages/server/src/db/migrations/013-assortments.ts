import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Customer assortments (issue 17 points 5-6, modules/assortments): what a customer may see and order.
 * - `assortments`: a named assortment.
 * - `assortment_categories`: included categories (a main category includes its subcategories).
 * - `assortment_products`: products included (`excluded` 0) or excluded (`excluded` 1) one by one;
 *   an exclusion wins over every inclusion.
 * - `assortment_customers` / `assortment_price_groups`: who has it. A customer's own assignment wins
 *   over its price group's; a customer with neither sees the whole catalogue.
 */
/** The `assortment_id` of the tables that hang off an assortment: gone with their assortment. */
const ofAssortment = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('assortments.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, 'assortments')
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('assortment_categories')
    .addColumn('assortment_id', 'integer', ofAssortment)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assortment_categories_pk', ['assortment_id', 'category_id'])
    .execute();
  await db.schema
    .createTable('assortment_products')
    .addColumn('assortment_id', 'integer', ofAssortment)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('assortment_products_pk', ['assortment_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('assortment_customers')
    .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('assortment_id', 'integer', ofAssortment)
    .execute();
  await createIndex(db, 'assortment_customers_assortment_idx', 'assortment_customers', ['assortment_id']);
  await db.schema
    .createTable('assortment_price_groups')
    .addColumn('price_group', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('assortment_id', 'integer', ofAssortment)
    .execute();
  await createIndex(db, 'assortment_price_groups_assortment_idx', 'assortment_price_groups', [
    'assortment_id',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assortment_price_groups').ifExists().execute();
  await db.schema.dropTable('assortment_customers').ifExists().execute();
  await db.schema.dropTable('assortment_products').ifExists().execute();
  await db.schema.dropTable('assortment_categories').ifExists().execute();
  await db.schema.dropTable('assortments').ifExists().execute();
}

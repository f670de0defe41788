import type { Kysely } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Product photos and back-in-stock alerts (issue 17, docs/product.md "Product photos").
 * - `product_photos`: one row per uploaded photo; its files live in the data folder under
 *   `images/photos/<hash>-<width>.{webp,jpg}` (content-hash names, served immutable).
 * - `products.photos`: the product's photos as JSON, rewritten with every photo change, so the
 *   catalogue read model gets them with the product row (no query per product).
 * - `back_in_stock_requests`: a user waiting for a product; the row goes when its mail is queued.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, 'product_photos')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('widths', 'varchar(64)', (c) => c.notNull())
    .addColumn('alt_hu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_en', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_vi', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_zh', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'product_photos_product_idx', 'product_photos', ['product_id', 'position']);
  await createIndex(db, 'product_photos_hash_idx', 'product_photos', ['hash']);
  await db.schema.alterTable('products').addColumn('photos', 'text').execute();

  await createTableWithId(db, 'back_in_stock_requests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('back_in_stock_requests_user_product_key', ['user_id', 'product_id'])
    .execute();
  await createIndex(db, 'back_in_stock_requests_product_idx', 'back_in_stock_requests', ['product_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('back_in_stock_requests').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('photos').execute();
  await db.schema.dropTable('product_photos').ifExists().execute();
}

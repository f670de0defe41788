import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = isPg ? 'bigint' : 'integer';
  const now = isPg
    ? sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await createTableWithId(db, 'customers')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)')
    .addColumn('is_company', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company_registration_number', 'varchar(32)', (c) => c.unique())
    .addColumn('tax_number', 'varchar(32)', (c) => c.unique())
    .addColumn('billing_country', 'varchar(100)', (c) => c.notNull())
    .addColumn('billing_country_code', 'varchar(8)')
    .addColumn('billing_zip', 'varchar(20)', (c) => c.notNull())
    .addColumn('billing_city', 'varchar(100)', (c) => c.notNull())
    .addColumn('billing_apt_suite', 'varchar(255)', (c) => c.notNull())
    .addColumn('agent_user_id', 'integer')
    .addColumn('price_group', 'varchar(64)')
    .addColumn('customer_discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await createTableWithId(db, 'delivery_routes')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('weekdays', 'varchar(20)', (c) => c.notNull())
    .addColumn('cutoff_time', 'varchar(5)', (c) => c.notNull().defaultTo('14:00'))
    .addColumn('route_time', 'varchar(50)')
    .execute();

  await createTableWithId(db, 'holiday_periods')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('replacement_dates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hides_route_times', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await createTableWithId(db, 'shipping_addresses')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('zip', 'varchar(20)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('apt_suite', 'varchar(255)', (c) => c.notNull())
    .addColumn('country', 'varchar(100)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(8)')
    .addColumn('logistics_cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text')
    .addColumn('delivery_route_id', 'integer', (c) => c.references('delivery_routes.id').onDelete('set null'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndex(db, 'shipping_addresses_customer_idx', 'shipping_addresses', ['customer_id']);

  await createTableWithId(db, 'users')
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(100)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)')
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('hu'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_verified_at', 'varchar(30)')
    .addColumn('email_verification_code_hash', 'varchar(128)')
    .addColumn('email_verification_expires_at', 'varchar(30)')
    .addColumn('reset_password_code_hash', 'varchar(128)')
    .addColumn('reset_password_expires_at', 'varchar(30)')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_login_window_start', 'varchar(30)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('current_shipping_address_id', 'integer', (c) =>
      c.references('shipping_addresses.id').onDelete('set null'),
    )
    .addColumn('approved_at', 'varchar(30)')
    .addColumn('rejected_at', 'varchar(30)')
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndex(db, 'users_customer_idx', 'users', ['customer_id']);
  await createIndex(db, 'customers_agent_idx', 'customers', ['agent_user_id']);

  await createTableWithId(db, 'manufacturers')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    .execute();

  await createTableWithId(db, 'categories')
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'categories_parent_idx', 'categories', ['parent_id']);

  await db.schema
    .createTable('category_translations')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('search_name', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_translations_pk', ['category_id', 'language'])
    .execute();

  await createTableWithId(db, 'products')
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('manufacturer_id', 'integer', (c) => c.references('manufacturers.id').onDelete('set null'))
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'varchar(255)')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_orderable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_seasonal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_order_quantity', 'varchar(16)')
    .addColumn('max_order_quantity', 'varchar(16)')
    .addColumn('order_quantity_step', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('products_stock_non_negative', sql`stock >= 0`)
    .execute();
  await createIndex(db, 'products_manufacturer_idx', 'products', ['manufacturer_id']);
  await createIndex(db, 'products_active_idx', 'products', ['is_active', 'id']);

  await db.schema
    .createTable('product_details')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('product_details_pk', ['product_id', 'language'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await createIndex(db, 'product_categories_category_idx', 'product_categories', [
    'category_id',
    'product_id',
  ]);

  await createTableWithId(db, 'pack_sizes')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('pieces', 'integer', (c) => c.notNull())
    .addColumn('barcode', 'varchar(32)')
    .execute();
  await createIndex(db, 'pack_sizes_product_idx', 'pack_sizes', ['product_id']);
  await createIndex(db, 'pack_sizes_barcode_idx', 'pack_sizes', ['barcode']);

  await createTableWithId(db, 'price_entries')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price_group', 'varchar(64)')
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('special_price', money)
    .addColumn('special_price_start', 'varchar(30)')
    .addColumn('special_price_end', 'varchar(30)')
    .addColumn('quantity_discount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('quantitative_unit', 'varchar(16)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'price_entries_product_idx', 'price_entries', ['product_id']);

  await createTableWithId(db, 'price_history')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price_group', 'varchar(64)')
    .addColumn('quantitative_unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('recorded_on', 'varchar(10)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'price_history_product_idx', 'price_history', ['product_id', 'recorded_on']);

  await createTableWithId(db, 'shipping_methods')
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('is_home_delivery', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTableWithId(db, 'payment_methods')
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('payment_methods_code_term_uq', ['code', 'term_days'])
    .execute();

  await db.schema
    .createTable('customer_payment_methods')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'integer', (c) =>
      c.notNull().references('payment_methods.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('customer_payment_methods_pk', ['customer_id', 'payment_method_id'])
    .execute();

  await createTableWithId(db, 'carts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('shipping_method_id', 'integer', (c) =>
      c.references('shipping_methods.id').onDelete('set null'),
    )
    .addColumn('payment_method_id', 'integer', (c) => c.references('payment_methods.id').onDelete('set null'))
    .addColumn('delivery_date', 'varchar(10)')
    .addColumn('comment_webshop', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_supplier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('carts_user_customer_uq', ['user_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'product_id'])
    .execute();

  await createTableWithId(db, 'orders')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('agent_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('source_cart_id', 'integer', (c) => c.notNull())
    .addColumn('source_cart_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('new'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('hu'))
    .addColumn('shipping_method_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('shipping_method_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payment_method_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('payment_method_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payment_term_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_date', 'varchar(10)')
    .addColumn('comment_webshop', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comment_supplier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('customer_tax_number', 'varchar(32)')
    .addColumn('customer_company_registration_number', 'varchar(32)')
    .addColumn('billing_country', 'varchar(100)', (c) => c.notNull())
    .addColumn('billing_country_code', 'varchar(8)')
    .addColumn('billing_zip', 'varchar(20)', (c) => c.notNull())
    .addColumn('billing_city', 'varchar(100)', (c) => c.notNull())
    .addColumn('billing_apt_suite', 'varchar(255)', (c) => c.notNull())
    .addColumn('shipping_address_id', 'integer')
    .addColumn('shipping_country', 'varchar(100)')
    .addColumn('shipping_country_code', 'varchar(8)')
    .addColumn('shipping_zip', 'varchar(20)')
    .addColumn('shipping_city', 'varchar(100)')
    .addColumn('shipping_apt_suite', 'varchar(255)')
    .addColumn('items_sum_gross', money, (c) => c.notNull())
    .addColumn('items_sum_net', money, (c) => c.notNull())
    .addColumn('items_count', 'integer', (c) => c.notNull())
    .addColumn('items_pieces', 'integer', (c) => c.notNull())
    .addColumn('items_weight', money, (c) => c.notNull())
    .addColumn('logistics_cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('erp_acknowledged_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('orders_source_cart_uq', ['source_cart_id', 'source_cart_version'])
    .execute();
  await createIndex(db, 'orders_customer_idx', 'orders', ['customer_id', 'created_at']);
  await createIndex(db, 'orders_created_idx', 'orders', ['created_at']);

  await createTableWithId(db, 'order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', money, (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('line_gross', money, (c) => c.notNull())
    .addColumn('line_net', money, (c) => c.notNull())
    .execute();
  await createIndex(db, 'order_items_order_idx', 'order_items', ['order_id']);
  await createIndex(db, 'order_items_product_idx', 'order_items', ['product_id']);

  await createTableWithId(db, 'order_status_history')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('changed_by_user_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await createTableWithId(db, 'news')
    .addColumn('starts_at', 'varchar(30)')
    .addColumn('ends_at', 'varchar(30)')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'language'])
    .execute();
  await db.schema
    .createTable('news_products')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('news_products_pk', ['news_id', 'product_id'])
    .execute();

  await createTableWithId(db, 'content_pages')
    .addColumn('path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('content_page_translations')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('content_pages.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_page_translations_pk', ['page_id', 'language'])
    .execute();

  await createTableWithId(db, 'newspapers')
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)')
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await createTableWithId(db, 'shop_closed_windows')
    .addColumn('starts_at', 'varchar(16)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();

  await createTableWithId(db, 'page_views')
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
  await createIndex(db, 'page_views_created_idx', 'page_views', ['created_at']);

  await createTableWithId(db, 'audit_log')
    .addColumn('actor_user_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await createTableWithId(db, 'api_keys')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('key_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer')
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('integration_batches')
    .addColumn('batch_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'integration_batches',
    'api_keys',
    'audit_log',
    'page_views',
    'shop_closed_windows',
    'settings',
    'newspapers',
    'content_page_translations',
    'content_pages',
    'news_products',
    'news_translations',
    'news',
    'order_status_history',
    'order_items',
    'orders',
    'cart_items',
    'carts',
    'customer_payment_methods',
    'payment_methods',
    'shipping_methods',
    'price_history',
    'price_entries',
    'pack_sizes',
    'product_categories',
    'product_details',
    'products',
    'category_translations',
    'categories',
    'manufacturers',
    'users',
    'shipping_addresses',
    'holiday_periods',
    'delivery_routes',
    'customers',
  ];
  for (const name of tables) await db.schema.dropTable(name).ifExists().execute();
}

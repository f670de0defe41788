import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-db';
import { MIGRATION_NAMES, migrateDown, migrateToLatest } from './migrate';

const EXPECTED_TABLES = [
  'users',
  'customers',
  'delivery_routes',
  'holiday_periods',
  'shipping_addresses',
  'manufacturers',
  'categories',
  'category_translations',
  'products',
  'product_details',
  'product_categories',
  'pack_sizes',
  'price_entries',
  'price_history',
  'shipping_methods',
  'payment_methods',
  'customer_payment_methods',
  'carts',
  'cart_items',
  'orders',
  'order_items',
  'order_status_history',
  'news',
  'news_translations',
  'news_products',
  'content_pages',
  'content_page_translations',
  'newspapers',
  'settings',
  'shop_closed_windows',
  'page_views',
  'audit_log',
  'api_keys',
  'integration_batches',
  'outbox',
];

async function tableNames(db: TestDatabase): Promise<string[]> {
  const tables = await db.handle.db.introspection.getTables();
  return tables.map((t) => t.name);
}

describe.each(TEST_DIALECTS)('migrations on %s', (dialect) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb.drop();
  });

  it('create the whole schema, are idempotent, and go down and up again', async () => {
    testDb = await createTestDatabase(dialect, { migrate: false });
    expect(await migrateToLatest(testDb.handle.db)).toEqual(MIGRATION_NAMES);
    expect(await tableNames(testDb)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    expect(await migrateToLatest(testDb.handle.db)).toEqual([]);
    await migrateDown(testDb.handle.db);
    const after = await tableNames(testDb);
    for (const table of EXPECTED_TABLES) expect(after).not.toContain(table);
    expect(await migrateToLatest(testDb.handle.db)).toEqual(MIGRATION_NAMES);
  });

  it('enforces foreign keys and the non-negative stock check', async () => {
    testDb = await createTestDatabase(dialect);
    const db = testDb.handle.db;
    await expect(
      db
        .insertInto('product_details')
        .values({ product_id: 999, language: 'hu', name: 'x', description: '' })
        .execute(),
    ).rejects.toThrow();
    const { id } = await db
      .insertInto('products')
      .values({
        sku: 'T-1',
        vat: 27,
        weight: 100,
        stock: 1,
        search_text: 't 1',
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db.updateTable('products').set({ stock: -1 }).where('id', '=', id).execute(),
    ).rejects.toThrow();
    const row = await db
      .selectFrom('products')
      .select(['stock', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(1);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('keeps large money amounts as exact numbers', async () => {
    testDb = await createTestDatabase(dialect);
    const db = testDb.handle.db;
    const { id } = await db
      .insertInto('products')
      .values({
        sku: 'T-2',
        vat: 27,
        weight: 1,
        stock: 0,
        search_text: '',
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('price_entries')
      .values({ product_id: id, price: 3_000_000_001, quantity_discount: 1, quantitative_unit: 'piece' })
      .execute();
    const row = await db
      .selectFrom('price_entries')
      .select('price')
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.price).toBe(3_000_000_001);
  });
});

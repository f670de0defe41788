import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { useSeededDatabase } from '../../test/seeded-database';
import { createTestDatabase, TEST_DIALECTS } from '../../test/test-db';
import { isValidGs1Barcode } from '@shop/shared/rules/gs1-barcode';
import { ORDER_STATUSES } from '@shop/shared/rules/order-status';
import { verifyPassword } from '../lib/password';
import { LARGE_SEED_CUSTOMER_PASSWORD, runLargeAccountsSeed, runLargeSeed } from './large-seed';

const NOW = new Date('2026-11-20T10:00:00.000Z');

/** Every index of the tables a large seed fills, by name, as its database defines it. */
async function catalogueIndexes(db: Kysely<Database>, dialect: string): Promise<Record<string, string>> {
  const tables = ['products', 'product_details', 'pack_sizes', 'product_categories', 'price_entries'];
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename IN (${sql.join(tables)})`.execute(db)
      : await sql<{ name: string; definition: string | null }>`
          SELECT name, sql AS definition FROM sqlite_master
          WHERE type = 'index' AND tbl_name IN (${sql.join(tables)})`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.definition ?? '(automatic)']));
}

describe.each(TEST_DIALECTS)('large seed on %s', (dialect) => {
  it('has every index of the catalogue tables as defined before after a bulk load (PostgreSQL rebuilds them)', async () => {
    const empty = await createTestDatabase(dialect);
    try {
      const before = await catalogueIndexes(empty.handle.db, dialect);
      expect(Object.keys(before).length).toBeGreaterThanOrEqual(10);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'large-seed-indexes-'));
      await runLargeSeed(empty.handle.db, { products: 300, dataDir, now: NOW });
      expect(await catalogueIndexes(empty.handle.db, dialect)).toEqual(before);
      // A search by name still finds the products (its trigram index on PostgreSQL was rebuilt over them).
      const found = await empty.handle.db
        .selectFrom('products')
        .select('sku')
        .where('search_text', 'like', '%bm0000123%')
        .execute();
      expect(found.map((row) => row.sku)).toEqual(['BM0000123']);
    } finally {
      await empty.drop();
    }
  });

  let first: Record<string, number>;
  const seeded = useSeededDatabase(dialect, 'large-seed', async ({ db, dataDir }) => {
    first = await runLargeSeed(db(), { products: 2_000, dataDir, now: NOW });
  });
  const { db } = seeded;

  it('creates the categories, manufacturers and 2,000 complete products on an empty database', async () => {
    expect(first.products).toBe(2_000);
    expect(first.product_details).toBe(8_000);
    expect(first.product_categories).toBe(2_000);
    expect(first.categories).toBeGreaterThanOrEqual(24);
    expect(first.manufacturers).toBeGreaterThanOrEqual(25);
    const mains = await db().selectFrom('categories').select('id').where('parent_id', 'is', null).execute();
    expect(mains.length).toBeGreaterThanOrEqual(8);

    const products = await db().selectFrom('products').selectAll().execute();
    expect(products).toHaveLength(2_000);
    expect(products.every((p) => /^BM\d{7}$/.test(p.sku))).toBe(true);
    expect(
      products.every((p) => p.manufacturer_id !== null && p.search_text.includes(p.sku.toLowerCase())),
    ).toBe(true);
    const images = new Set(products.map((p) => p.image));
    expect(images.size).toBeLessThanOrEqual(first.images ?? 0);
    for (const image of images) expect(existsSync(path.join(seeded.dataDir, image ?? 'missing'))).toBe(true);

    const details = await db()
      .selectFrom('product_details')
      .select(['product_id', 'language', 'name'])
      .execute();
    for (const language of LANGUAGES) {
      const names = details.filter((d) => d.language === language).map((d) => d.name);
      expect(names).toHaveLength(2_000);
      expect(new Set(names).size).toBe(2_000);
    }
  });

  it('gives valid, unique barcodes, the carton as step and a price entry per pack', async () => {
    const products = await db().selectFrom('products').select(['id', 'order_quantity_step']).execute();
    const packs = await db()
      .selectFrom('pack_sizes')
      .select(['product_id', 'unit', 'pieces', 'barcode'])
      .execute();
    const entries = await db()
      .selectFrom('price_entries')
      .select(['product_id', 'quantitative_unit', 'quantity_discount', 'price', 'special_price'])
      .execute();
    const barcodes = packs.map((p) => p.barcode ?? '');
    expect(barcodes.every(isValidGs1Barcode)).toBe(true);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    const cartons = new Map(packs.filter((p) => p.unit === 'carton').map((p) => [p.product_id, p.pieces]));
    for (const product of products) expect(product.order_quantity_step).toBe(cartons.get(product.id));
    expect(entries).toHaveLength(packs.length);
    expect(entries.every((e) => e.special_price === null || e.special_price < e.price)).toBe(true);
  });

  it('continues with new SKUs when run again', async () => {
    const second = await runLargeSeed(db(), { products: 500, dataDir: seeded.dataDir, now: NOW });
    expect(second).toMatchObject({ products: 500, categories: 0, manufacturers: 0 });
    const skus = await db().selectFrom('products').select('sku').orderBy('sku').execute();
    expect(skus).toHaveLength(2_500);
    expect(skus.at(-1)?.sku).toBe('BM0002500');
    const barcodes = await db().selectFrom('pack_sizes').select('barcode').execute();
    expect(new Set(barcodes.map((b) => b.barcode)).size).toBe(barcodes.length);
    const names = await db()
      .selectFrom('product_details')
      .select('name')
      .where('language', '=', 'hu')
      .execute();
    expect(new Set(names.map((n) => n.name)).size).toBe(2_500);
  });

  it('rejects a bad product count', async () => {
    await expect(runLargeSeed(db(), { products: 0, dataDir: seeded.dataDir })).rejects.toThrow();
  });
});

describe.each(TEST_DIALECTS)('large seed of customers and orders on %s', (dialect) => {
  let counts: Record<string, number>;
  const { db } = useSeededDatabase(dialect, 'large-seed', async ({ db, dataDir }) => {
    await runLargeSeed(db(), { products: 300, dataDir, now: NOW });
    counts = await runLargeAccountsSeed(db(), { customers: 40, orders: 1_500, now: NOW });
  });

  it('adds customers, each with one customer user who can log in with the bench password', async () => {
    expect(counts.customers).toBe(40);
    const users = await db()
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .select([
        'users.email',
        'users.password_hash',
        'users.role',
        'users.approved_at',
        'customers.tax_number',
      ])
      .execute();
    expect(users).toHaveLength(40);
    expect(new Set(users.map((u) => u.email)).size).toBe(40);
    expect(users.every((u) => u.role === 'customer' && u.approved_at !== null && u.tax_number)).toBe(true);
    expect(await verifyPassword(users[0]?.password_hash ?? '', LARGE_SEED_CUSTOMER_PASSWORD)).toBe(true);
  });

  it('adds orders whose sums are their lines, spread over customers, statuses and the catalogue', async () => {
    expect(counts).toMatchObject({ orders: 1_500, order_status_history: 1_500 });
    const orders = await db().selectFrom('orders').selectAll().execute();
    const lines = await db().selectFrom('order_items').selectAll().execute();
    expect(orders).toHaveLength(1_500);
    expect(lines).toHaveLength(counts.order_items ?? -1);
    const byOrder = new Map<number, typeof lines>();
    for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
    for (const order of orders) {
      const own = byOrder.get(order.id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      expect(order.items_count).toBe(own.length);
      expect(order.items_sum_gross).toBe(own.reduce((sum, l) => sum + l.line_gross, 0));
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.map((o) => o.customer_id)).size).toBe(40);
    // 1,500 orders of 1 to 6 lines over 300 products reach most of the catalogue.
    expect(new Set(lines.map((l) => l.product_id)).size).toBeGreaterThan(250);
    const products = new Set((await db().selectFrom('products').select('id').execute()).map((p) => p.id));
    expect(lines.every((l) => l.product_id !== null && products.has(l.product_id) && l.unit_price > 0)).toBe(
      true,
    );
  });

  it('continues with new e-mails and cart ids when run again', async () => {
    const again = await runLargeAccountsSeed(db(), { customers: 5, orders: 10, now: NOW });
    expect(again).toMatchObject({ customers: 5, orders: 10 });
    const emails = await db().selectFrom('users').select('email').execute();
    expect(new Set(emails.map((e) => e.email)).size).toBe(45);
    expect(emails.some((e) => e.email === 'bench-customer-45@example.com')).toBe(true);
    expect(await db().selectFrom('orders').select('id').execute()).toHaveLength(1_510);
  });

  it('rejects a negative or fractional count and orders without customers', async () => {
    await expect(runLargeAccountsSeed(db(), { customers: -1, orders: 0 })).rejects.toThrow();
    await expect(runLargeAccountsSeed(db(), { customers: 0, orders: 1.5 })).rejects.toThrow();
    const empty = await createTestDatabase(dialect);
    try {
      await expect(runLargeAccountsSeed(empty.handle.db, { customers: 0, orders: 5 })).rejects.toThrow(
        /customers/,
      );
    } finally {
      await empty.drop();
    }
  });
});

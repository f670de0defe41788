import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@shop/shared/contracts/admin-catalogue';
import { TEST_DIALECTS } from '../../../test/test-db';
import { type AdminWorld, createAdminWorld } from './admin-catalogue-test-setup';
import { withGs1CheckDigit } from '@shop/shared/rules/gs1-barcode';
import { csvDocument } from '../admin-orders/orders-csv';

/**
 * 10,000 rows through the HTTP import: first new products (names, pack sizes with barcodes,
 * price tiers, a category and a manufacturer), then a price change of every one. The times are
 * printed (README "Back office" quotes them).
 */
const ROWS = 10_000;

const ean13 = (n: number) => withGs1CheckDigit(`599${String(n).padStart(9, '0')}`);

describe.each(TEST_DIALECTS)('importing 10,000 rows on %s', (dialect) => {
  let w: AdminWorld;
  beforeAll(async () => {
    w = await createAdminWorld(dialect);
  });
  afterAll(async () => {
    await w.close();
  });

  const post = (csv: string, dryRun: boolean) =>
    w.call<ImportResult>('POST', `/api/admin/catalogue/import?format=csv&dryRun=${dryRun}`, {
      token: w.admin.token,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });

  it(
    'creates 10,000 products in one transaction, then changes all their prices',
    { timeout: 600_000 },
    async () => {
      const header = [
        'sku',
        'name_hu',
        'name_en',
        'vat',
        'stock',
        'categories',
        'manufacturer',
        'packs',
        'prices',
      ];
      const rows = Array.from({ length: ROWS }, (_, i) => [
        `VOL-${String(i).padStart(5, '0')}`,
        `Tömeges termék ${i}`,
        `Bulk product ${i}`,
        '27',
        String(i % 500),
        'tea',
        'gamma',
        `piece:1:${ean13(i * 2)}|carton:12:${ean13(i * 2 + 1)}`,
        `piece:1:${100 + (i % 900)}|carton:12:${90 + (i % 900)}`,
      ]);
      const csv = csvDocument([header, ...rows]);
      let started = performance.now();
      const dry = await post(csv, true);
      const dryMs = performance.now() - started;
      expect(dry.body).toMatchObject({ errorCount: 0, created: ROWS, applied: false });

      started = performance.now();
      const created = await post(csv, false);
      const createMs = performance.now() - started;
      expect(created.body).toMatchObject({ errorCount: 0, created: ROWS, applied: true });

      const changed = csvDocument([
        ['sku', 'price'],
        ...rows.map((row, i) => [row[0]!, `${200 + (i % 900)}.50`]),
      ]);
      started = performance.now();
      const updated = await post(changed, false);
      const updateMs = performance.now() - started;
      expect(updated.body).toMatchObject({ errorCount: 0, updated: ROWS, applied: true });

      const history = await w.testDb.handle.db
        .selectFrom('price_history as h')
        .innerJoin('products as p', 'p.id', 'h.product_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.sku', 'like', 'VOL-%')
        .executeTakeFirstOrThrow();
      // Per product: piece and carton on creation, then the piece price changed today (same row).
      expect(Number(history.n)).toBe(ROWS * 2);
      console.log(
        `[import ${dialect}] ${ROWS} rows: dry run ${Math.round(dryMs)} ms, create ${Math.round(createMs)} ms, price change ${Math.round(updateMs)} ms`,
      );
    },
  );
});

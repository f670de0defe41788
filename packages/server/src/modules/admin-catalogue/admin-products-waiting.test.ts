import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductListResponse } from '@shop/shared/contracts/admin-catalogue';
import type { testContext } from '../../../test/test-config';
import { startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { api, insertBuyer, insertProduct, insertStaff } from '../cart/checkout-fixtures';

/** Issue 17: the back office's product list shows how many users wait for each product to be back. */
describe.each(TEST_DIALECTS)('the waiting count in the back-office product list on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let ctx: ReturnType<typeof testContext>;

  beforeAll(async () => {
    ({ testDb, ctx, app } = await startTestApp(dialect));
  });
  afterAll(async () => {
    await stopTestApp(app, testDb);
  });

  it('counts the waiting requests per product, 0 for one nobody waits for', async () => {
    const soldOut = await insertProduct(testDb.handle, { sku: 'WAIT-1', stock: 0 });
    await insertProduct(testDb.handle, { sku: 'WAIT-2', stock: 0 });
    const staff = await insertStaff(ctx);
    for (const _ of [1, 2]) {
      const buyer = await insertBuyer(ctx);
      const res = await api(app)('POST', '/api/back-in-stock', buyer.token, { productSku: soldOut.sku });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const res = await api(app)('GET', '/api/admin/catalogue/products?q=wait', staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as AdminProductListResponse;
    expect(list.items.map((item) => [item.sku, item.waiting])).toEqual([
      ['WAIT-1', 2],
      ['WAIT-2', 0],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResult, ExportedOrder } from '@shop/shared/contracts/admin-integration';
import { TEST_DIALECTS } from '../../../test/test-db';
import { type AdminWorld, createAdminWorld } from '../admin-catalogue/admin-catalogue-test-setup';
import { createApiKey } from './integration.fixture';

/**
 * Issue 16: `POST /api/integration/credit/batch` (credit limits and open balances from the ERP,
 * partial and idempotent by batch id like the other batches) and the purchase-order number in
 * `GET /api/integration/orders`, on both databases.
 */
describe.each(TEST_DIALECTS)('ERP credit batch on %s', (dialect) => {
  let w: AdminWorld;
  let key: string;
  const db = () => w.testDb.handle.db;
  const batch = (body: unknown) =>
    w.call<BatchResult & { error?: string }>('POST', '/api/integration/credit/batch', {
      body,
      headers: { 'x-api-key': key },
    });
  const creditOf = async (erpCode: string) => {
    const row = await db()
      .selectFrom('customers')
      .select(['credit_limit', 'open_balance', 'open_balance_at'])
      .where('erp_code', '=', erpCode)
      .executeTakeFirstOrThrow();
    return {
      limit: row.credit_limit === null ? null : Number(row.credit_limit),
      balance: Number(row.open_balance),
      at: row.open_balance_at,
    };
  };

  beforeAll(async () => {
    w = await createAdminWorld(dialect);
    key = (await createApiKey(w, 'ERP credit')).key;
    const customers = await db().selectFrom('customers').select('id').orderBy('id').limit(2).execute();
    expect(customers).toHaveLength(2);
    await db()
      .updateTable('customers')
      .set({ erp_code: 'CR-1' })
      .where('id', '=', customers[0]!.id)
      .execute();
    await db()
      .updateTable('customers')
      .set({ erp_code: 'CR-2' })
      .where('id', '=', customers[1]!.id)
      .execute();
  });
  afterAll(async () => {
    await w?.close();
  });

  it('applies the valid items, reports the others per item, and is idempotent by batch id', async () => {
    const body = {
      batchId: 'credit-0001',
      items: [
        {
          erpCode: 'CR-1',
          creditLimit: 5_000_000,
          openBalance: 1_250_000,
          balanceAt: '2026-11-20T08:00:00+01:00',
        },
        { erpCode: 'CR-2', creditLimit: null, openBalance: -20_000 },
        { erpCode: 'NO-SUCH', creditLimit: 1, openBalance: 0 },
        { erpCode: 'CR-2', creditLimit: -5, openBalance: 0 },
        { erpCode: 'CR-1', creditLimit: 1 },
        { erpCode: 'CR-1', creditLimit: 7, openBalance: 0 },
      ],
    };
    const first = await batch(body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'credit', received: 6, applied: 2, failed: 4, replayed: false });
    expect(first.body.errors.map((e) => [e.index, e.sku, e.code])).toEqual([
      [2, 'NO-SUCH', 'NOT_FOUND'],
      [3, 'CR-2', 'ERR_VALIDATION'],
      [4, 'CR-1', 'ERR_VALIDATION'],
      [5, 'CR-1', 'ERR_DUPLICATE_ITEM'],
    ]);
    expect(await creditOf('CR-1')).toEqual({
      limit: 5_000_000,
      balance: 1_250_000,
      at: '2026-11-20T07:00:00.000Z',
    });
    const second = await creditOf('CR-2');
    expect(second).toMatchObject({ limit: null, balance: -20_000 });
    expect(second.at).not.toBeNull();

    // The same batch again: the stored answer, nothing changes (even after staff edited the customer).
    await db().updateTable('customers').set({ open_balance: 999 }).where('erp_code', '=', 'CR-1').execute();
    const replay = await batch(body);
    expect(replay.body).toMatchObject({ applied: 2, failed: 4, replayed: true });
    expect((await creditOf('CR-1')).balance).toBe(999);
    // The same id with other contents is a conflict.
    const conflict = await batch({ ...body, items: [body.items[0]] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('ERR_BATCH_CONFLICT');
  });

  it('one batch sent twice at the same moment is applied once', async () => {
    const body = {
      batchId: 'credit-race',
      items: [{ erpCode: 'CR-2', creditLimit: 300_000, openBalance: 100_000 }],
    };
    const answers = await Promise.all([batch(body), batch(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.replayed).sort()).toEqual([false, true]);
    expect(await creditOf('CR-2')).toMatchObject({ limit: 300_000, balance: 100_000 });
    const stored = await db()
      .selectFrom('integration_batches')
      .select('kind')
      .where('batch_id', '=', 'credit-race')
      .execute();
    expect(stored).toEqual([{ kind: 'credit' }]);
  });

  it('refuses a malformed batch as a whole, changing nothing', async () => {
    const before = await creditOf('CR-1');
    for (const body of [
      { batchId: 'x', items: [] },
      { items: [{ erpCode: 'CR-1' }] },
      { batchId: 'bad id!', items: [{}] },
    ]) {
      const res = await batch(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
    expect(await creditOf('CR-1')).toEqual(before);
  });

  it('exports the purchase-order number with the order', async () => {
    const order = await db().selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db()
      .updateTable('orders')
      .set({ purchase_order_number: 'PO-ERP-1' })
      .where('id', '=', order.id)
      .execute();
    const page = await w.call<{ orders: ExportedOrder[] }>(
      'GET',
      '/api/integration/orders?after=0&limit=500',
      {
        headers: { 'x-api-key': key },
      },
    );
    expect(page.status).toBe(200);
    const exported = page.body.orders.find((o) => o.id === order.id);
    expect(exported?.purchaseOrderNumber).toBe('PO-ERP-1');
    expect(
      page.body.orders.filter((o) => o.id !== order.id).every((o) => o.purchaseOrderNumber === null),
    ).toBe(true);
  });
});

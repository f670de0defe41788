import { beforeAll, describe, expect, it } from 'vitest';
import { insertCustomerAccount } from '../../../test/account-fixtures';
import { callAs, expectRefusedToOthers, adminWorld } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe.each(TEST_DIALECTS)('admin statistics on %s', (dialect) => {
  let cart = 0;

  const w = adminWorld(dialect, { now: NOW });

  beforeAll(async () => {
    const { customer, user } = await insertCustomerAccount(w.testDb.handle);
    const order = async (at: string, status: string, lines: [string, number, number][]) => {
      cart += 1;
      const sum = lines.reduce((s, [, , gross]) => s + gross, 0);
      const row = await w.testDb.handle.db
        .insertInto('orders')
        .values({
          customer_id: customer.id,
          user_id: user.id,
          source_cart_id: 100_000 + cart,
          source_cart_version: 1,
          status,
          shipping_method_code: 'pickup',
          shipping_method_name: 'Pickup',
          payment_method_code: 'cash',
          payment_method_name: 'Cash',
          customer_name: customer.name,
          customer_email: customer.email,
          billing_country: 'HU',
          billing_zip: '1111',
          billing_city: 'Budapest',
          billing_apt_suite: 'Fő utca 1.',
          items_sum_gross: sum,
          items_sum_net: sum,
          items_count: lines.length,
          items_pieces: lines.reduce((s, [, q]) => s + q, 0),
          items_weight: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [sku, quantity, gross] of lines) {
        await w.testDb.handle.db
          .insertInto('order_items')
          .values({
            order_id: row.id,
            sku,
            name: `Termék ${sku}`,
            quantity,
            unit_price: Math.round(gross / quantity),
            vat: 27,
            weight: 0,
            line_gross: gross,
            line_net: gross,
          })
          .execute();
      }
    };
    await order('2026-03-08T09:00:00.000Z', 'new', [
      ['A-1', 2, 10_000],
      ['B-2', 1, 50_000],
    ]);
    await order('2026-03-08T15:00:00.000Z', 'completed', [['A-1', 3, 15_000]]);
    await order('2026-03-09T10:00:00.000Z', 'cancelled', [['C-3', 100, 999_900]]);
    await order('2026-03-09T11:00:00.000Z', 'new', [['C-3', 1, 1_000]]);
    // 00:30 on 10 March in Budapest (UTC+1): the shop's day, not the UTC one.
    await order('2026-03-09T23:30:00.000Z', 'new', [['D-4', 1, 500]]);
    // 23:30 on 10 March in Budapest: outside the range ending on 10 March.
    await order('2026-03-10T23:30:00.000Z', 'new', [['E-5', 1, 700]]);
    for (const at of [
      '2026-03-06T23:30:00.000Z',
      '2026-03-08T08:00:00.000Z',
      '2026-03-08T08:01:00.000Z',
      '2026-03-10T08:00:00.000Z',
    ]) {
      await w.testDb.handle.db
        .insertInto('page_views')
        .values({ path: '/', language: 'hu', user_id: null, created_at: at })
        .execute();
    }
  });

  it('counts orders and revenue per day without cancelled orders, top products and page views', async () => {
    const res = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/statistics?from=2026-03-07&to=2026-03-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      days: { date: string; orders: number; revenue: number; pageViews: number }[];
      topProducts: { sku: string; quantity: number; revenue: number }[];
      totals: { orders: number; revenue: number; pageViews: number };
    };
    expect(body.days).toEqual([
      { date: '2026-03-07', orders: 0, revenue: 0, pageViews: 1 },
      { date: '2026-03-08', orders: 2, revenue: 75_000, pageViews: 2 },
      { date: '2026-03-09', orders: 1, revenue: 1_000, pageViews: 0 },
      { date: '2026-03-10', orders: 1, revenue: 500, pageViews: 1 },
    ]);
    expect(body.topProducts.map((p) => [p.sku, p.quantity, p.revenue])).toEqual([
      ['B-2', 1, 50_000],
      ['A-1', 5, 25_000],
      ['C-3', 1, 1_000],
      ['D-4', 1, 500],
    ]);
    expect(body.totals).toEqual({ orders: 4, revenue: 76_500, pageViews: 4 });
  });

  it('defaults to the last 30 days and validates the range', async () => {
    const res = await callAs(w.app, w.callers.admin, { method: 'GET', url: '/api/admin/statistics' });
    const body = res.json() as { from: string; to: string; days: unknown[] };
    expect([body.from, body.to, body.days.length]).toEqual(['2026-02-09', '2026-03-10', 30]);
    for (const url of [
      '/api/admin/statistics?from=2026-03-10&to=2026-03-01',
      '/api/admin/statistics?from=2020-01-01&to=2026-01-01',
      '/api/admin/statistics?from=x',
    ]) {
      const bad = await callAs(w.app, w.callers.admin, { method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
    }
  });

  it('is refused without a token and to customers and agents', async () => {
    await expectRefusedToOthers(w.app, w.callers, 'statistics', {
      method: 'GET',
      url: '/api/admin/statistics',
    });
  });
});

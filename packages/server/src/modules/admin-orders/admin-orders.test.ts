import { beforeAll, describe, expect, it } from 'vitest';
import { numberColumnOf } from '../../../test/fixtures-rows';
import { TEST_DIALECTS } from '../../../test/test-db';
import type { DatabaseHandle } from '../../db/connection';
import { insertProduct } from '../cart/checkout-fixtures';
import { auditRows, expectRefused } from './admin-test-fixtures';
import { useAdminTestApp } from './admin-test-app.fixture';
import { csvField, csvMoney } from './orders-csv';
import { shopDayStart } from './admin-orders.service';

let cartCounter = 1000;

async function insertOrder(
  database: DatabaseHandle,
  values: {
    customerId: number;
    userId: number;
    agentUserId?: number | null;
    customerName: string;
    customerEmail?: string;
    createdAt: string;
    status?: string;
    lines: { productId: number; sku: string; quantity: number; unitPrice: number }[];
  },
): Promise<number> {
  cartCounter += 1;
  const gross = values.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
  const row = await database.db
    .insertInto('orders')
    .values({
      customer_id: values.customerId,
      user_id: values.userId,
      agent_user_id: values.agentUserId ?? null,
      source_cart_id: cartCounter,
      source_cart_version: 1,
      status: values.status ?? 'new',
      shipping_method_code: 'home-delivery',
      shipping_method_name: 'Kiszállítás',
      payment_method_code: 'bank-transfer',
      payment_method_name: 'Átutalás',
      payment_term_days: 8,
      delivery_date: '2025-03-12',
      comment_webshop: 'Hátsó bejárat',
      comment_supplier: '',
      customer_name: values.customerName,
      customer_email: values.customerEmail ?? 'vevo@example.com',
      billing_country: 'Magyarország',
      billing_country_code: 'HU',
      billing_zip: '1111',
      billing_city: 'Budapest',
      billing_apt_suite: 'Fő utca 1.',
      shipping_country: 'Magyarország',
      shipping_country_code: 'HU',
      shipping_zip: '6720',
      shipping_city: 'Szeged',
      shipping_apt_suite: 'Kárász utca 1.',
      items_sum_gross: gross,
      items_sum_net: Math.round(gross / 1.27),
      items_count: values.lines.length,
      items_pieces: values.lines.reduce((sum, l) => sum + l.quantity, 0),
      items_weight: 1000,
      logistics_cost: 150000,
      shipping_cost: 0,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('order_items')
    .values(
      values.lines.map((l) => ({
        order_id: row.id,
        product_id: l.productId,
        sku: l.sku,
        name: `Termék ${l.sku}`,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        vat: 27,
        weight: 500,
        line_gross: l.quantity * l.unitPrice,
        line_net: Math.round((l.quantity * l.unitPrice) / 1.27),
      })),
    )
    .execute();
  await database.db
    .insertInto('order_status_history')
    .values({
      order_id: row.id,
      status: 'new',
      changed_by_user_id: values.userId,
      created_at: values.createdAt,
    })
    .execute();
  return row.id;
}

describe('CSV fields', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Kovács és Társa Kft.')).toBe('Kovács és Társa Kft.');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvMoney(123450)).toBe('1234,50');
    expect(csvMoney(-7)).toBe('-0,07');
  });

  it('finds local midnight in the shop time zone, also on a clock-change day', () => {
    expect(shopDayStart('2025-01-15', 'Europe/Budapest').toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(shopDayStart('2025-07-15', 'Europe/Budapest').toISOString()).toBe('2025-07-14T22:00:00.000Z');
    expect(shopDayStart('2025-03-30', 'Europe/Budapest').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(shopDayStart('2025-03-31', 'Europe/Budapest').toISOString()).toBe('2025-03-30T22:00:00.000Z');
  });
});

describe.each(TEST_DIALECTS)('back-office orders on %s', (dialect) => {
  const t = useAdminTestApp(dialect, {
    now: new Date('2025-03-10T10:00:00Z'),
  });
  let productA: { id: number; sku: string };
  let productB: { id: number; sku: string };
  const ids = { first: 0, second: 0, third: 0 };
  /** A product's stock as the shop reads it. */
  const stockOf = (id: number) => numberColumnOf(t.testDb.handle.db, 'products', 'stock', id);

  beforeAll(async () => {
    productA = await insertProduct(t.testDb.handle, { sku: 'ORD-A', stock: 10 });
    productB = await insertProduct(t.testDb.handle, { sku: 'ORD-B', stock: 0 });
    const base = { customerId: t.parties.customer.customerId, userId: t.parties.customer.userId };
    // 2025-03-01 23:30 UTC is already 2 March in Budapest.
    ids.first = await insertOrder(t.testDb.handle, {
      ...base,
      customerName: 'Kovács; "Bt."',
      createdAt: '2025-03-01T23:30:00.000Z',
      lines: [{ productId: productA.id, sku: productA.sku, quantity: 3, unitPrice: 10000 }],
    });
    ids.second = await insertOrder(t.testDb.handle, {
      ...base,
      agentUserId: t.parties.agent.userId,
      customerName: 'Árvíztűrő Tükörfúrógép Zrt.',
      customerEmail: 'arvizturo@example.com',
      createdAt: '2025-03-05T09:00:00.000Z',
      lines: [
        { productId: productA.id, sku: productA.sku, quantity: 2, unitPrice: 10000 },
        { productId: productB.id, sku: productB.sku, quantity: 5, unitPrice: 2500 },
      ],
    });
    ids.third = await insertOrder(t.testDb.handle, {
      ...base,
      customerName: '=cmd|calc',
      createdAt: '2025-03-09T12:00:00.000Z',
      status: 'shipped',
      lines: [{ productId: productA.id, sku: productA.sku, quantity: 1, unitPrice: 10000 }],
    });
  });

  const list = async (query: string, token = t.parties.staff.token) => {
    const res = await t.call('GET', `/api/admin/orders${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: number; agentName: string | null; total: number }[]; total: number };
  };

  it('lists newest first with paging', async () => {
    const all = await list('');
    expect(all.items.map((o) => o.id)).toEqual([ids.third, ids.second, ids.first]);
    expect(all.total).toBe(3);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.items.map((o) => o.id)).toEqual([ids.first]);
    expect(page2.total).toBe(3);
    const second = all.items.find((o) => o.id === ids.second);
    expect(second?.total).toBe(2 * 10000 + 5 * 2500 + 150000);
    expect(second?.agentName).toMatch(/^Ügynök/);
  });

  it('filters by days in the shop time zone, customer text, agent and status', async () => {
    expect((await list('?from=2025-03-02&to=2025-03-02')).items.map((o) => o.id)).toEqual([ids.first]);
    expect((await list('?to=2025-03-01')).items).toEqual([]);
    expect((await list('?from=2025-03-05')).items.map((o) => o.id)).toEqual([ids.third, ids.second]);
    expect((await list('?customer=ARVIZ')).items.map((o) => o.id)).toEqual([ids.second]);
    expect((await list(`?customer=${encodeURIComponent('%')}`)).items).toEqual([]);
    expect((await list(`?customer=${encodeURIComponent('"bt')}`)).items.map((o) => o.id)).toEqual([
      ids.first,
    ]);
    expect((await list(`?agentUserId=${t.parties.agent.userId}`)).items.map((o) => o.id)).toEqual([
      ids.second,
    ]);
    expect((await list('?status=shipped')).items.map((o) => o.id)).toEqual([ids.third]);
    const agents = await t.call('GET', '/api/admin/orders/agents', t.parties.staff.token);
    expect(agents.json()).toEqual([{ id: t.parties.agent.userId, name: expect.stringMatching(/^Ügynök/) }]);
    expect((await list(`?customerId=${t.parties.customer.customerId}&status=new`)).total).toBe(2);
  });

  it('refuses bad filters with ERR_VALIDATION', async () => {
    for (const query of [
      '?from=2025-13',
      '?status=lost',
      '?pageSize=1000',
      '?from=2025-03-05&to=2025-03-01',
      '?page=0',
    ]) {
      const res = await t.call('GET', `/api/admin/orders${query}`, t.parties.staff.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
  });

  it('shows the detail with lines, addresses, the agent and the status history', async () => {
    const res = await t.call('GET', `/api/admin/orders/${ids.second}`, t.parties.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: ids.second,
      status: 'new',
      customerName: 'Árvíztűrő Tükörfúrógép Zrt.',
      agentUserId: t.parties.agent.userId,
      shippingMethod: 'Kiszállítás',
      paymentMethod: 'Átutalás',
      paymentTermDays: 8,
      deliveryDate: '2025-03-12',
      commentWebshop: 'Hátsó bejárat',
      billing: { zip: '1111', city: 'Budapest' },
      shipping: { zip: '6720', city: 'Szeged' },
      itemsPieces: 7,
      nextStatuses: ['confirmed', 'cancelled'],
    });
    expect(detail.lines).toHaveLength(2);
    expect(detail.history).toEqual([
      expect.objectContaining({ status: 'new', changedByUserId: t.parties.customer.userId }),
    ]);
    expect((await t.call('GET', '/api/admin/orders/999999', t.parties.admin.token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/admin/orders/abc', t.parties.admin.token)).statusCode).toBe(400);
  });

  it('refuses no token, a customer and an agent on every orders endpoint, changing nothing', async () => {
    const before = await stockOf(productA.id);
    const unchanged = async () => {
      const order = await t.testDb.handle.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', ids.first)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('new');
      expect(await stockOf(productA.id)).toBe(before);
      expect(await auditRows(t.ctx, 'order', ids.first)).toEqual([]);
    };
    for (const url of [
      '/api/admin/orders',
      '/api/admin/orders/agents',
      '/api/admin/orders/export.csv',
      `/api/admin/orders/${ids.first}`,
    ]) {
      await expectRefused(t.app, t.parties, { method: 'GET', url }, { staffAllowed: true });
    }
    await expectRefused(
      t.app,
      t.parties,
      { method: 'POST', url: `/api/admin/orders/${ids.first}/status`, payload: { status: 'cancelled' } },
      { staffAllowed: true, unchanged },
    );
  });

  it('moves an order along the allowed path with history and audit, refusing the rest', async () => {
    const move = (id: number, status: string) =>
      t.call('POST', `/api/admin/orders/${id}/status`, t.parties.staff.token, { status });
    const skip = await move(ids.first, 'shipped');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      error: 'ERR_INVALID_STATUS_TRANSITION',
      params: { from: 'new', to: 'shipped' },
    });
    expect((await move(ids.first, 'lost')).statusCode).toBe(400);

    const confirmed = await move(ids.first, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      nextStatuses: ['processing', 'cancelled'],
    });
    expect(confirmed.json().history.map((h: { status: string }) => h.status)).toEqual(['new', 'confirmed']);
    expect(confirmed.json().history[1]).toMatchObject({
      changedByUserId: t.parties.staff.userId,
      changedByName: 'Staff Sára',
    });
    expect((await move(ids.first, 'confirmed')).statusCode).toBe(409);

    const audit = await auditRows(t.ctx, 'order', ids.first);
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: t.parties.staff.userId,
        action: 'order.status',
        before: { status: 'new' },
        after: { status: 'confirmed' },
      }),
    ]);
    const shipped = await move(ids.third, 'completed');
    expect(shipped.json()).toMatchObject({ status: 'completed', nextStatuses: [] });
    expect((await move(ids.third, 'cancelled')).statusCode).toBe(409);
  });

  it('cancelling puts the pieces back into stock once (stock is read live by the shop)', async () => {
    const [a0, b0] = [await stockOf(productA.id), await stockOf(productB.id)];
    const res = await t.call('POST', `/api/admin/orders/${ids.second}/status`, t.parties.admin.token, {
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(productA.id)).toBe(a0 + 2);
    expect(await stockOf(productB.id)).toBe(b0 + 5);
    const again = await t.call('POST', `/api/admin/orders/${ids.second}/status`, t.parties.admin.token, {
      status: 'cancelled',
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(productA.id)).toBe(a0 + 2);
    const audit = await auditRows(t.ctx, 'order', ids.second);
    expect(audit.at(-1)?.after).toEqual({
      status: 'cancelled',
      stockReturned: [
        { productId: productA.id, sku: 'ORD-A', quantity: 2 },
        { productId: productB.id, sku: 'ORD-B', quantity: 5 },
      ],
    });
  });

  it('exports the filtered list as CSV with BOM, escaping and translated titles', async () => {
    /** The staff member's CSV export of the orders matching `query`, in `language`. */
    const exportCsv = (query: string, language: string) =>
      t.call('GET', `/api/admin/orders/export.csv?${query}`, t.parties.staff.token, undefined, {
        'accept-language': language,
      });
    const res = await exportCsv('to=2025-03-09', 'hu');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rendelesek-2025-03-10.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^Rendelésszám;Rendelés ideje;Állapot;Vevő;/);
    expect(lines).toHaveLength(5); // header, 3 orders, final empty
    expect(lines[1]).toContain(`${ids.third};2025-03-09 13:00;Teljesítve;'=cmd|calc;`);
    expect(lines[2]).toContain('Törölve;Árvíztűrő Tükörfúrógép Zrt.;arvizturo@example.com;Ügynök');
    expect(lines[2]).toContain(';2;');
    expect(lines[2]).toMatch(/;2;255,91;325,00;1500,00;0,00;1825,00$/);
    expect(lines[3]).toContain(`${ids.first};2025-03-02 00:30;Visszaigazolva;"Kovács; ""Bt.""";`);
    const en = await exportCsv('status=new', 'en');
    expect(en.body.split('\r\n')[0]).toMatch(/^\uFEFFOrder number;Ordered at;Status/);
    expect(en.body.split('\r\n')).toHaveLength(2);
    const bad = await t.call('GET', '/api/admin/orders/export.csv?from=x', t.parties.staff.token);
    expect(bad.statusCode).toBe(400);
  });
});

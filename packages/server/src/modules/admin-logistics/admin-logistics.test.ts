import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  type BuyerFixture,
  insertBuyer,
  insertMethods,
  insertProduct,
  insertRoute,
} from '../cart/checkout-fixtures';
import { auditRows, crudRequests, expectRefused, okJson } from '../admin-orders/admin-test-fixtures';
import { useAdminTestApp } from '../admin-orders/admin-test-app.fixture';

/** A Budapest wall-clock time in winter (UTC+1) as an instant. */
const budapest = (local: string) => new Date(`${local}+01:00`);

describe.each(TEST_DIALECTS)('back-office logistics and shop state on %s', (dialect) => {
  // Monday 3 March 2025, 09:00 in Budapest.
  const t = useAdminTestApp(dialect, {
    now: budapest('2025-03-03T09:00:00'),
  });
  let methods: Awaited<ReturnType<typeof insertMethods>>;
  let routeId: number;
  let buyer: BuyerFixture;

  beforeAll(async () => {
    methods = await insertMethods(t.testDb.handle);
    routeId = await insertRoute(t.testDb.handle, { name: 'Szeged', weekdays: '2,4', cutoffTime: '14:00' });
    buyer = await insertBuyer(t.ctx, { routeId, paymentMethodIds: [methods.bankTransfer] });
  });

  const ok = okJson;
  const deliveryDays = async () =>
    (
      (await ok(await t.call('GET', '/api/cart/delivery-days', buyer.token))) as { days: { date: string }[] }
    ).days.map((d) => d.date);

  it('refuses no token, customers and agents everywhere, and staff on the shop-closed settings', async () => {
    const windowCount = async () =>
      (await t.testDb.handle.db.selectFrom('shop_closed_windows').selectAll().execute()).length;
    const settingRows = async () =>
      (
        await t.testDb.handle.db
          .selectFrom('settings')
          .selectAll()
          .where('key', '=', 'shop.forceDisabled')
          .execute()
      ).length;
    const unchanged = async () => {
      expect(await windowCount()).toBe(0);
      expect(await settingRows()).toBe(0);
      expect(await auditRows(t.ctx, 'shop_closed_window')).toEqual([]);
      expect(await auditRows(t.ctx, 'setting')).toEqual([]);
      expect(await auditRows(t.ctx, 'shipping_method')).toEqual([]);
      expect(await auditRows(t.ctx, 'delivery_route')).toEqual([]);
    };
    const window = { startsAt: '2025-03-04T09:00', endsAt: '2025-03-04T12:00', note: null };
    const method = { code: 'courier', name: 'Futár', cost: 100000, isHomeDelivery: false, isActive: true };
    const route = { name: 'X', weekdays: [1], cutoffTime: '12:00', routeTime: null };
    const holiday = {
      name: 'H',
      startDate: '2025-04-18',
      endDate: '2025-04-21',
      replacementDates: [],
      hidesRouteTimes: true,
    };
    const payment = { code: 'cod', name: 'Utánvét', termDays: 0, isActive: true };
    const logisticsCalls = [
      ...crudRequests('shipping-methods', method, { id: methods.pickup, remove: false }),
      ...crudRequests('payment-methods', payment, { id: methods.cash, remove: false }),
      ...crudRequests('delivery-routes', route, { id: routeId }),
      ...crudRequests('holiday-periods', holiday),
    ];
    for (const request of logisticsCalls)
      await expectRefused(t.app, t.parties, request, { staffAllowed: true, unchanged });
    const settingsCalls = [
      ...crudRequests('shop-closed-windows', window),
      { method: 'GET' as const, url: '/api/admin/shop-state/force-disabled' },
      {
        method: 'PUT' as const,
        url: '/api/admin/shop-state/force-disabled',
        payload: { forceDisabled: true },
      },
    ];
    for (const request of settingsCalls)
      await expectRefused(t.app, t.parties, request, { staffAllowed: false, unchanged });
  });

  it('edits shipping methods: the checkout sees the new cost at once; duplicates and bad input are refused', async () => {
    const changed = await ok(
      await t.call('PUT', `/api/admin/shipping-methods/${methods.pickup}`, t.parties.staff.token, {
        code: 'pickup-customer',
        name: 'Átvétel a raktárban',
        cost: 25000,
        isHomeDelivery: false,
        isActive: true,
        sortOrder: 2,
      }),
    );
    expect(changed).toMatchObject({ name: 'Átvétel a raktárban', cost: 25000 });
    const shop = (await ok(await t.call('GET', '/api/shipping-methods', buyer.token))) as unknown as {
      code: string;
      name: string;
      cost: number;
    }[];
    expect(shop.find((m) => m.code === 'pickup-customer')).toMatchObject({
      name: 'Átvétel a raktárban',
      cost: 25000,
    });

    const created = await ok(
      await t.call('POST', '/api/admin/shipping-methods', t.parties.staff.token, {
        code: 'courier',
        name: 'Futárszolgálat',
        cost: 199000,
        isHomeDelivery: false,
        isActive: true,
      }),
    );
    const duplicate = await t.call('POST', '/api/admin/shipping-methods', t.parties.staff.token, {
      code: 'courier',
      name: 'Másik',
      cost: 0,
      isHomeDelivery: false,
      isActive: true,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'ERR_DUPLICATE', params: { field: 'code' } });
    for (const bad of [
      { code: 'Bad Code', name: 'x', cost: 0, isHomeDelivery: false, isActive: true },
      { code: 'ok', name: '', cost: 0, isHomeDelivery: false, isActive: true },
      { code: 'ok', name: 'x', cost: -1, isHomeDelivery: false, isActive: true },
      { code: 'ok', name: 'x', cost: 1.5, isHomeDelivery: false, isActive: true },
    ]) {
      const res = await t.call('POST', '/api/admin/shipping-methods', t.parties.staff.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect(
      (await t.call('PUT', '/api/admin/shipping-methods/99999', t.parties.staff.token, created)).statusCode,
    ).toBe(404);
    const audit = await auditRows(t.ctx, 'shipping_method');
    expect(audit.map((a) => a.action)).toEqual(['shipping_method.update', 'shipping_method.create']);
    expect(audit[0]).toMatchObject({
      actor_user_id: t.parties.staff.userId,
      entity_id: String(methods.pickup),
      before: expect.objectContaining({ name: 'Személyes átvétel (vevő)', cost: 0 }),
      after: expect.objectContaining({ name: 'Átvétel a raktárban', cost: 25000 }),
    });
  });

  it('edits payment methods with their customer count', async () => {
    const list = (await ok(
      await t.call('GET', '/api/admin/payment-methods', t.parties.staff.token),
    )) as unknown as {
      id: number;
      code: string;
      customerCount: number;
    }[];
    expect(list.find((m) => m.id === methods.bankTransfer)?.customerCount).toBe(1);
    const changed = await ok(
      await t.call('PUT', `/api/admin/payment-methods/${methods.bankTransfer}`, t.parties.staff.token, {
        code: 'bank-transfer',
        name: 'Banki átutalás',
        termDays: 15,
        isActive: true,
      }),
    );
    expect(changed).toMatchObject({ name: 'Banki átutalás', termDays: 15, customerCount: 1 });
    const shop = (await ok(
      await t.call('GET', '/api/payment-methods/available-for-customer', buyer.token),
    )) as unknown;
    expect(JSON.stringify(shop)).toContain('Banki átutalás');
    expect((await auditRows(t.ctx, 'payment_method')).map((a) => a.action)).toEqual([
      'payment_method.update',
    ]);
  });

  it('changes a route and holiday periods, and the shared delivery-day rule sees them at once', async () => {
    // Route Tue/Thu, cut-off 14:00, Monday 09:00 → Tue 4, Thu 6, Tue 11 ...
    expect((await deliveryDays()).slice(0, 3)).toEqual(['2025-03-04', '2025-03-06', '2025-03-11']);
    const route = await ok(
      await t.call('PUT', `/api/admin/delivery-routes/${routeId}`, t.parties.staff.token, {
        name: 'Szeged',
        weekdays: [5, 3],
        cutoffTime: '08:00',
        routeTime: '08:00-12:00',
      }),
    );
    expect(route).toMatchObject({ weekdays: [3, 5], cutoffTime: '08:00', addressCount: 1 });
    // Wed 5 needs the order before Tue 08:00: still possible; Fri 7 too.
    expect((await deliveryDays()).slice(0, 3)).toEqual(['2025-03-05', '2025-03-07', '2025-03-12']);

    const holiday = await ok(
      await t.call('POST', '/api/admin/holiday-periods', t.parties.staff.token, {
        name: 'Nemzeti ünnep',
        startDate: '2025-03-07',
        endDate: '2025-03-07',
        replacementDates: ['2025-03-08'],
        hidesRouteTimes: true,
      }),
    );
    expect((await deliveryDays()).slice(0, 3)).toEqual(['2025-03-05', '2025-03-08', '2025-03-12']);
    const res = await t.call('GET', '/api/cart/delivery-days', buyer.token);
    expect(res.json()).toMatchObject({ routeTime: null });

    const bad = [
      {
        name: 'x',
        startDate: '2025-03-09',
        endDate: '2025-03-08',
        replacementDates: [],
        hidesRouteTimes: true,
      },
      {
        name: 'x',
        startDate: '2025-03-07',
        endDate: '2025-03-09',
        replacementDates: ['2025-03-08'],
        hidesRouteTimes: true,
      },
      {
        name: 'x',
        startDate: '2025-02-30',
        endDate: '2025-03-09',
        replacementDates: [],
        hidesRouteTimes: true,
      },
    ];
    for (const body of bad) {
      const r = await t.call('POST', '/api/admin/holiday-periods', t.parties.staff.token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    await ok(
      await t.call('DELETE', `/api/admin/holiday-periods/${String(holiday.id)}`, t.parties.staff.token),
    );
    expect((await deliveryDays()).slice(0, 2)).toEqual(['2025-03-05', '2025-03-07']);
    expect((await auditRows(t.ctx, 'holiday_period')).map((a) => a.action)).toEqual([
      'holiday_period.create',
      'holiday_period.delete',
    ]);

    for (const body of [
      { name: 'x', weekdays: [], cutoffTime: '12:00', routeTime: null },
      { name: 'x', weekdays: [8], cutoffTime: '12:00', routeTime: null },
      { name: 'x', weekdays: [1, 1], cutoffTime: '12:00', routeTime: null },
      { name: 'x', weekdays: [1], cutoffTime: '24:00', routeTime: null },
    ]) {
      expect(
        (await t.call('POST', '/api/admin/delivery-routes', t.parties.staff.token, body)).statusCode,
      ).toBe(400);
    }
    const inUse = await t.call('DELETE', `/api/admin/delivery-routes/${routeId}`, t.parties.staff.token);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: 'ERR_IN_USE', params: { count: 1 } });
    const spare = await ok(
      await t.call('POST', '/api/admin/delivery-routes', t.parties.staff.token, {
        name: 'Tartalék',
        weekdays: [1],
        cutoffTime: '12:00',
        routeTime: '',
      }),
    );
    expect(spare).toMatchObject({ routeTime: null, addressCount: 0 });
    await ok(await t.call('DELETE', `/api/admin/delivery-routes/${String(spare.id)}`, t.parties.staff.token));
    expect((await auditRows(t.ctx, 'delivery_route')).map((a) => a.action)).toEqual([
      'delivery_route.update',
      'delivery_route.create',
      'delivery_route.delete',
    ]);
  });

  it('closed windows and the force switch close ordering at once; the server refuses orders', async () => {
    const product = await insertProduct(t.testDb.handle, { stock: 5 });
    expect(
      (
        await t.call('POST', '/api/cart/set-product-quantity', buyer.token, {
          productSku: product.sku,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(200);
    await ok(
      await t.call('PUT', '/api/cart/shipping-method', buyer.token, {
        shippingMethodCode: 'pickup-customer',
      }),
    );
    await ok(
      await t.call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer }),
    );
    const state = async () => ok(await t.call('GET', '/api/shop/state'));

    const created = await ok(
      await t.call('POST', '/api/admin/shop-closed-windows', t.parties.admin.token, {
        startsAt: '2025-03-03T08:30',
        endsAt: '2025-03-03T10:00',
        note: 'Leltár',
      }),
    );
    expect(await state()).toMatchObject({
      closed: true,
      window: { startsAt: '2025-03-03T08:30', endsAt: '2025-03-03T10:00' },
    });
    expect(await ok(await t.call('POST', '/api/orders/place-order', buyer.token))).toEqual({
      data: [
        { error: 'ERR_SHOP_CLOSED', params: { startsAt: '2025-03-03T08:30', endsAt: '2025-03-03T10:00' } },
      ],
    });
    const list = await ok(await t.call('GET', '/api/admin/shop-closed-windows', t.parties.admin.token));
    expect(list).toEqual({
      timeZone: 'Europe/Budapest',
      windows: [{ id: created.id, startsAt: '2025-03-03T08:30', endsAt: '2025-03-03T10:00', note: 'Leltár' }],
    });
    // Moved to tomorrow: open again now, and it is the upcoming one.
    await ok(
      await t.call('PUT', `/api/admin/shop-closed-windows/${String(created.id)}`, t.parties.admin.token, {
        startsAt: '2025-03-04T08:30',
        endsAt: '2025-03-04T10:00',
        note: '',
      }),
    );
    expect(await state()).toMatchObject({ closed: false, upcoming: { startsAt: '2025-03-04T08:30' } });
    for (const body of [
      { startsAt: '2025-03-04T10:00', endsAt: '2025-03-04T09:00', note: null },
      { startsAt: '2025-03-04 10:00', endsAt: '2025-03-04T11:00', note: null },
      { startsAt: '2025-02-30T10:00', endsAt: '2025-03-04T11:00', note: null },
      { startsAt: '2025-03-04T25:00', endsAt: '2025-03-04T26:00', note: null },
    ]) {
      const r = await t.call('POST', '/api/admin/shop-closed-windows', t.parties.admin.token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }

    expect(
      await ok(
        await t.call('PUT', '/api/admin/shop-state/force-disabled', t.parties.admin.token, {
          forceDisabled: true,
        }),
      ),
    ).toEqual({
      forceDisabled: true,
    });
    expect(await state()).toMatchObject({ forceClosed: true });
    expect(
      await ok(await t.call('GET', '/api/admin/shop-state/force-disabled', t.parties.admin.token)),
    ).toEqual({
      forceDisabled: true,
    });
    expect(await ok(await t.call('POST', '/api/orders/place-order', buyer.token))).toEqual({
      data: [{ error: 'ERR_SHOP_FORCE_CLOSED' }],
    });
    expect(
      (
        await t.call('PUT', '/api/admin/shop-state/force-disabled', t.parties.admin.token, {
          forceDisabled: 'yes',
        })
      ).statusCode,
    ).toBe(400);
    await ok(
      await t.call('PUT', '/api/admin/shop-state/force-disabled', t.parties.admin.token, {
        forceDisabled: false,
      }),
    );
    expect(await state()).toMatchObject({ closed: false, forceClosed: false });

    await ok(
      await t.call('DELETE', `/api/admin/shop-closed-windows/${String(created.id)}`, t.parties.admin.token),
    );
    expect(await state()).toMatchObject({ upcoming: null });
    expect(
      (await t.call('DELETE', `/api/admin/shop-closed-windows/${String(created.id)}`, t.parties.admin.token))
        .statusCode,
    ).toBe(404);

    const placed = await ok(await t.call('POST', '/api/orders/place-order', buyer.token));
    expect(placed).toMatchObject({ data: true });

    expect((await auditRows(t.ctx, 'shop_closed_window')).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['shop_closed_window.create', t.parties.admin.userId],
      ['shop_closed_window.update', t.parties.admin.userId],
      ['shop_closed_window.delete', t.parties.admin.userId],
    ]);
    expect((await auditRows(t.ctx, 'setting', 'shop.forceDisabled')).map((a) => [a.before, a.after])).toEqual(
      [
        [{ forceDisabled: false }, { forceDisabled: true }],
        [{ forceDisabled: true }, { forceDisabled: false }],
      ],
    );
  });
  it('refuses a closed window that overlaps another one, on create and on edit', async () => {
    const save = (method: 'POST' | 'PUT', url: string, startsAt: string, endsAt: string) =>
      t.call(method, url, t.parties.admin.token, { startsAt, endsAt, note: null });
    const first = await ok(
      await save('POST', '/api/admin/shop-closed-windows', '2025-06-10T08:00', '2025-06-10T12:00'),
    );
    const second = await ok(
      await save('POST', '/api/admin/shop-closed-windows', '2025-06-11T08:00', '2025-06-11T12:00'),
    );
    const countBefore = (await auditRows(t.ctx, 'shop_closed_window')).length;
    const clashes: [string, string][] = [
      ['2025-06-10T11:59', '2025-06-10T13:00'], // starts inside
      ['2025-06-10T07:00', '2025-06-10T08:01'], // ends inside
      ['2025-06-10T07:00', '2025-06-10T13:00'], // covers it
      ['2025-06-10T09:00', '2025-06-10T10:00'], // inside it
      ['2025-06-10T08:00', '2025-06-10T12:00'], // the same period
    ];
    for (const [startsAt, endsAt] of clashes) {
      const res = await save('POST', '/api/admin/shop-closed-windows', startsAt, endsAt);
      expect(res.statusCode, `${startsAt} ${endsAt}`).toBe(409);
      expect(res.json()).toEqual({
        error: 'ERR_CLOSED_WINDOW_OVERLAP',
        params: { field: 'startsAt', startsAt: '2025-06-10 08:00', endsAt: '2025-06-10 12:00' },
      });
    }
    // Moving the second window onto the first is refused and changes nothing.
    const moved = await save(
      'PUT',
      `/api/admin/shop-closed-windows/${String(second.id)}`,
      '2025-06-10T10:00',
      '2025-06-11T12:00',
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ error: 'ERR_CLOSED_WINDOW_OVERLAP' });
    expect((await auditRows(t.ctx, 'shop_closed_window')).length).toBe(countBefore);

    // Touching windows do not overlap (the end is exclusive); a window may be edited over itself.
    await ok(await save('POST', '/api/admin/shop-closed-windows', '2025-06-10T12:00', '2025-06-10T14:00'));
    await ok(await save('POST', '/api/admin/shop-closed-windows', '2025-06-10T06:00', '2025-06-10T08:00'));
    await ok(
      await save(
        'PUT',
        `/api/admin/shop-closed-windows/${String(first.id)}`,
        '2025-06-10T09:00',
        '2025-06-10T11:00',
      ),
    );
    await ok(
      await save(
        'PUT',
        `/api/admin/shop-closed-windows/${String(second.id)}`,
        '2025-06-11T07:00',
        '2025-06-11T13:00',
      ),
    );

    // Two saves of the same period at once: exactly one wins.
    const racing = await Promise.all([
      save('POST', '/api/admin/shop-closed-windows', '2025-07-01T08:00', '2025-07-01T09:00'),
      save('POST', '/api/admin/shop-closed-windows', '2025-07-01T08:30', '2025-07-01T09:30'),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const list = (await ok(await t.call('GET', '/api/admin/shop-closed-windows', t.parties.admin.token))) as {
      windows: { id: number }[];
    };
    for (const w of list.windows) {
      await ok(
        await t.call('DELETE', `/api/admin/shop-closed-windows/${String(w.id)}`, t.parties.admin.token),
      );
    }
  });
});

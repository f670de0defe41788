import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { DeliveryDaysResponse, PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertAgent, insertBuyer, insertRoute, insertStaff } from '../cart/checkout-fixtures';

/** Budapest is UTC+1 until 2025-03-30. */
const budapest = (local: string) => new Date(`${local}+01:00`);

describe.each(TEST_DIALECTS)('checkout on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: budapest('2025-03-03T09:00:00'), resetClock: true });
  const { call } = world;
  let routeId: number;

  beforeAll(async () => {
    routeId = await insertRoute(world.testDb.handle, {
      weekdays: '1,2,3,4,5',
      cutoffTime: '14:00',
      routeTime: '08:00-12:00',
    });
  });

  const days = async (token: string): Promise<DeliveryDaysResponse> => {
    const res = await call('GET', '/api/cart/delivery-days', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeliveryDaysResponse;
  };
  const setDate = (token: string, deliveryDate: unknown) =>
    call('PUT', '/api/cart/delivery-date', token, { deliveryDate });

  it('lists the active shipping methods in order', async () => {
    const buyer = await insertBuyer(world.ctx);
    const res = await call('GET', '/api/shipping-methods', buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ShippingMethod[];
    expect(list.map((m) => [m.code, m.name, m.cost, m.isHomeDelivery])).toEqual([
      ['home-delivery', 'Kiszállítás', 0, true],
      ['pickup-customer', 'Személyes átvétel (vevő)', 0, false],
      ['pickup-employee', 'Személyes átvétel (munkatárs)', 0, false],
      ['invoice-only', 'Csak számla', 50000, false],
    ]);
    expect((await call('GET', '/api/shipping-methods')).statusCode).toBe(401);
  });

  it("lists and saves only the acting customer's payment methods", async () => {
    const buyer = await insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.cash, world.methods.bankTransfer],
    });
    const res = await call('GET', '/api/payment-methods/available-for-customer', buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as PaymentMethod[]).toEqual([
      {
        id: world.methods.bankTransfer,
        code: 'bank-transfer',
        name: 'Átutalás',
        termDays: 8,
        isDeferred: true,
      },
      { id: world.methods.cash, code: 'cash', name: 'Készpénz', termDays: 0, isDeferred: false },
    ]);
    const refused = await call('PUT', '/api/cart/payment-method', buyer.token, {
      paymentMethodId: world.methods.card,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ERR_INVALID_PAYMENT_METHOD' });
    expect(((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).paymentMethodId).toBeNull();

    const saved = await call('PUT', '/api/cart/payment-method', buyer.token, {
      paymentMethodId: world.methods.bankTransfer,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: true });
    const cart = (await call('GET', '/api/cart', buyer.token)).json() as CartResponse;
    expect(cart.paymentMethodId).toBe(world.methods.bankTransfer);
    expect(cart.currentPaymentMethod).toEqual({
      id: world.methods.bankTransfer,
      code: 'bank-transfer',
      name: 'Átutalás',
      termDays: 8,
      isDeferred: true,
    });
    expect(
      (await call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: 'x' })).statusCode,
    ).toBe(400);
    // Beyond the databases' integer: a clear 400, never PostgreSQL's out-of-range error as a 500.
    const huge = await call('PUT', '/api/cart/payment-method', buyer.token, {
      paymentMethodId: 2_147_483_648,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it("gives an agent the payment methods of its current address's customer", async () => {
    const agent = await insertAgent(world.ctx);
    const customer = await insertBuyer(world.ctx, {
      agentUserId: agent.userId,
      paymentMethodIds: [world.methods.card],
    });
    const noAddress = await call('GET', '/api/payment-methods/available-for-customer', agent.token);
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
    await call('POST', '/api/shipping-addresses/set-current', agent.token, {
      shippingAddressId: customer.addressId,
    });
    const res = await call('GET', '/api/payment-methods/available-for-customer', agent.token);
    expect((res.json() as PaymentMethod[]).map((m) => m.code)).toEqual(['debit-card']);
    expect(
      (
        await call('PUT', '/api/cart/payment-method', agent.token, { paymentMethodId: world.methods.card })
      ).json(),
    ).toEqual({ data: true });
    expect(
      (await call('PUT', '/api/cart/payment-method', agent.token, { paymentMethodId: world.methods.cash }))
        .statusCode,
    ).toBe(400);
  });

  it('saves an active shipping method by code and refuses others', async () => {
    const buyer = await insertBuyer(world.ctx);
    for (const code of ['retired', 'no-such-method']) {
      const res = await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_INVALID_SHIPPING_METHOD' });
    }
    expect((await call('PUT', '/api/cart/shipping-method', buyer.token, {})).statusCode).toBe(400);
    expect(
      ((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).currentShippingMethod,
    ).toBeNull();
    expect(
      (
        await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'pickup-employee' })
      ).json(),
    ).toEqual({ data: true });
    expect(
      ((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).currentShippingMethod?.code,
    ).toBe('pickup-employee');
  });

  /** The route's ten delivery days offered on Tuesday 2025-03-04 before the cut-off: weekdays from Wednesday. */
  const ROUTE_DAYS_FROM_TUESDAY = [
    '2025-03-05',
    '2025-03-06',
    '2025-03-07',
    '2025-03-10',
    '2025-03-11',
    '2025-03-12',
    '2025-03-13',
    '2025-03-14',
    '2025-03-17',
    '2025-03-18',
  ];

  it('offers the route days before the cut-off, with the 48-hour flag', async () => {
    const buyer = await insertBuyer(world.ctx, { routeId });
    world.ctx.clock.set(budapest('2025-03-04T10:00:00')); // Tuesday before 14:00
    const result = await days(buyer.token);
    expect(result.days.map((d) => d.date)).toEqual(ROUTE_DAYS_FROM_TUESDAY);
    expect(result.days.slice(0, 3).map((d) => d.within48Hours)).toEqual([true, true, false]);
    expect(result).toMatchObject({ routeTime: '08:00-12:00', holiday: null, timeZone: 'Europe/Budapest' });
  });

  it('moves the earliest day after the cut-off and over the weekend', async () => {
    const buyer = await insertBuyer(world.ctx, { routeId });
    world.ctx.clock.set(budapest('2025-03-04T14:00:00')); // Tuesday at the cut-off
    expect((await days(buyer.token)).days[0]?.date).toBe('2025-03-06');
    world.ctx.clock.set(budapest('2025-03-07T10:00:00')); // Friday morning: Monday is still possible
    expect((await days(buyer.token)).days[0]?.date).toBe('2025-03-10');
    world.ctx.clock.set(budapest('2025-03-07T15:00:00')); // Friday afternoon: Tuesday
    expect((await days(buyer.token)).days[0]?.date).toBe('2025-03-11');
    world.ctx.clock.set(budapest('2025-03-08T10:00:00')); // Saturday: Tuesday
    expect((await days(buyer.token)).days.slice(0, 2).map((d) => d.date)).toEqual([
      '2025-03-11',
      '2025-03-12',
    ]);
  });

  it('removes holiday days, adds the replacement day and hides the route time', async () => {
    const buyer = await insertBuyer(world.ctx, { routeId });
    await world
      .db()
      .insertInto('holiday_periods')
      .values({
        name: 'Nemzeti ünnep',
        start_date: '2025-03-14',
        end_date: '2025-03-17',
        replacement_dates: '["2025-03-15"]',
        hides_route_times: 1,
      })
      .execute();
    try {
      world.ctx.clock.set(budapest('2025-03-04T10:00:00'));
      const result = await days(buyer.token);
      // The holiday's Friday and Monday are gone, its Saturday replacement day is in.
      expect(result.days.map((d) => d.date)).toEqual([
        ...ROUTE_DAYS_FROM_TUESDAY.slice(0, 7),
        '2025-03-15',
        '2025-03-18',
        '2025-03-19',
      ]);
      expect(result.days.find((d) => d.date === '2025-03-15')?.isReplacement).toBe(true);
      expect(result.routeTime).toBeNull();
      expect(result.holiday).toEqual({
        name: 'Nemzeti ünnep',
        startDate: '2025-03-14',
        endDate: '2025-03-17',
        replacementDates: ['2025-03-15'],
      });

      // The server validates the chosen day with the same rule.
      expect((await setDate(buyer.token, '2025-03-14')).statusCode).toBe(400);
      expect((await setDate(buyer.token, '2025-03-15')).json()).toEqual({ data: true });
      expect(((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).deliveryDate).toBe(
        '2025-03-15',
      );
    } finally {
      await world.db().deleteFrom('holiday_periods').execute();
    }
  });

  it('validates the delivery day against the cut-off and the weekend, and clears it with null', async () => {
    const buyer = await insertBuyer(world.ctx, { routeId });
    world.ctx.clock.set(budapest('2025-03-04T15:00:00')); // Tuesday after the cut-off
    const late = await setDate(buyer.token, '2025-03-05');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      error: 'ERR_INVALID_DELIVERY_DATE',
      params: { deliveryDate: '2025-03-05' },
    });
    expect((await setDate(buyer.token, '2025-03-08')).statusCode).toBe(400); // Saturday
    expect((await setDate(buyer.token, '2025-03-04')).statusCode).toBe(400); // today
    for (const bad of ['2025-3-6', '2025-02-30', 20250306, 'tomorrow']) {
      const res = await setDate(buyer.token, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect(((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).deliveryDate).toBeNull();
    expect((await setDate(buyer.token, '2025-03-06')).json()).toEqual({ data: true });
    expect(((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).deliveryDate).toBe(
      '2025-03-06',
    );
    expect((await setDate(buyer.token, null)).json()).toEqual({ data: true });
    expect(((await call('GET', '/api/cart', buyer.token)).json() as CartResponse).deliveryDate).toBeNull();
  });

  it('uses Monday to Friday with a 14:00 cut-off for an address without a route', async () => {
    const buyer = await insertBuyer(world.ctx, { routeId: null });
    world.ctx.clock.set(budapest('2025-03-06T13:59:00')); // Thursday before the cut-off
    const result = await days(buyer.token);
    expect(result.days.slice(0, 3).map((d) => d.date)).toEqual(['2025-03-07', '2025-03-10', '2025-03-11']);
    expect(result.routeTime).toBeNull();
  });

  it('follows a route that runs on some weekdays only', async () => {
    const tuesdayThursday = await insertRoute(world.testDb.handle, {
      weekdays: '2,4',
      cutoffTime: '12:00',
      routeTime: '13:00-17:00',
    });
    const buyer = await insertBuyer(world.ctx, { routeId: tuesdayThursday });
    world.ctx.clock.set(budapest('2025-03-03T12:30:00')); // Monday after 12:00: not Tuesday
    const result = await days(buyer.token);
    expect(result.days.slice(0, 4).map((d) => d.date)).toEqual([
      '2025-03-06',
      '2025-03-11',
      '2025-03-13',
      '2025-03-18',
    ]);
    expect(result.routeTime).toBe('13:00-17:00');
  });

  it('refuses staff and answers ERR_NO_CURRENT_SHIPPING for an agent without an address', async () => {
    const staff = await insertStaff(world.ctx);
    expect((await call('GET', '/api/cart/delivery-days', staff.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/cart/shipping-method', staff.token, { shippingMethodCode: 'home-delivery' }))
        .statusCode,
    ).toBe(403);
    const agent = await insertAgent(world.ctx);
    const res = await call('GET', '/api/cart/delivery-days', agent.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
  });
});

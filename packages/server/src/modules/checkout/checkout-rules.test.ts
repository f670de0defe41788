import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { PaymentMethod, ShippingMethod } from '@shop/shared/contracts/checkout';
import type { OrderHistoryItem, PlaceOrderResponse } from '@shop/shared/contracts/orders';
import type { AdminPaymentMethod, AdminShippingMethod } from '@shop/shared/contracts/admin-logistics';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  type BuyerFixture,
  insertBuyer,
  insertProduct,
  type ProductFixture,
  tokenFor,
} from '../cart/checkout-fixtures';

/**
 * Issue 16, points 7–10: the purchase-order number, the minimum order value of a shipping method
 * and the credit limit of deferred payment methods — the cart, place-order, the history, the mail
 * and the back-office settings, on both databases, with the credit race.
 */

/** Tuesday 2025-03-04 10:00 in Budapest. */
const NOW = new Date('2025-03-04T09:00:00Z');

describe.each(TEST_DIALECTS)('checkout rules on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: NOW, resetClock: true, smtp: true, admin: true });
  const { call, db, ok, ordersOf } = world;
  /** 10 000 Ft a piece (minor units). */
  let product: ProductFixture;

  beforeAll(async () => {
    product = await insertProduct(world.testDb.handle, {
      stock: 10_000,
      vat: 27,
      prices: [{ price: 1_000_000 }],
    });
  });

  const admin = () => world.admin.token;
  const stock = () => world.stockOf(product.id);
  const cartOf = (token: string) => ok<CartResponse>('GET', '/api/cart', token);

  async function buyer(): Promise<BuyerFixture> {
    return insertBuyer(world.ctx, { paymentMethodIds: [world.methods.bankTransfer, world.methods.cash] });
  }

  /** `quantity` of the product in `token`'s cart, by `shipping` (pickup) and bank transfer unless told. */
  async function fill(
    token: string,
    quantity: number,
    shipping = 'pickup-customer',
    paymentMethodId?: number,
  ) {
    await world.fillCart(token, [[product, quantity]], {
      shippingMethodCode: shipping,
      paymentMethodId: paymentMethodId ?? world.methods.bankTransfer,
    });
  }

  async function place(token: string): Promise<PlaceOrderResponse> {
    return ok<PlaceOrderResponse>('POST', '/api/orders/place-order', token);
  }

  /** The back office's customer page for a buyer's user. */
  function editCustomer(b: BuyerFixture, customer: Record<string, unknown>): Promise<CustomerDetail> {
    return ok<CustomerDetail>('PATCH', `/api/admin/customers/${b.userId}`, admin(), { customer });
  }

  it('saves the purchase-order number on the cart, trimmed; refuses a long one; empty clears it', async () => {
    const anna = await buyer();
    await ok('PUT', '/api/cart/purchase-order-number', anna.token, {
      purchaseOrderNumber: '  PO-2025/17 ',
    });
    expect((await cartOf(anna.token)).purchaseOrderNumber).toBe('PO-2025/17');

    for (const bad of ['x'.repeat(36), 17, null, 'PO\u0000X']) {
      const res = await call('PUT', '/api/cart/purchase-order-number', anna.token, {
        purchaseOrderNumber: bad,
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect((await cartOf(anna.token)).purchaseOrderNumber).toBe('PO-2025/17');
    await ok('PUT', '/api/cart/purchase-order-number', anna.token, {
      purchaseOrderNumber: 'x'.repeat(35),
    });
    expect((await cartOf(anna.token)).purchaseOrderNumber).toBe('x'.repeat(35));
    await ok('PUT', '/api/cart/purchase-order-number', anna.token, { purchaseOrderNumber: '   ' });
    expect((await cartOf(anna.token)).purchaseOrderNumber).toBe('');
  });

  it('refuses an order without a required purchase-order number; the number reaches the order, history and mail', async () => {
    const bela = await buyer();
    const detail = await editCustomer(bela, { purchaseOrderNumberRequired: true });
    expect(detail.customer?.purchaseOrderNumberRequired).toBe(true);
    await fill(bela.token, 2);
    expect((await cartOf(bela.token)).purchaseOrderNumberRequired).toBe(true);
    const stockBefore = await stock();

    expect(await place(bela.token)).toEqual({ data: [{ error: 'ERR_PURCHASE_ORDER_NUMBER_REQUIRED' }] });
    expect(await ordersOf(bela.customerId)).toEqual([]);
    expect(await stock()).toBe(stockBefore);

    await ok('PUT', '/api/cart/purchase-order-number', bela.token, {
      purchaseOrderNumber: 'BELA-4711',
    });
    const placed = await place(bela.token);
    expect(placed).toMatchObject({ data: true });
    const [order] = await ordersOf(bela.customerId);
    expect(order?.purchase_order_number).toBe('BELA-4711');
    expect(order?.payment_is_deferred).toBe(1);
    // The next order starts without it.
    expect((await cartOf(bela.token)).purchaseOrderNumber).toBe('');

    const history = (await (
      await call('GET', '/api/orders/history', bela.token)
    ).json()) as OrderHistoryItem[];
    expect(history.map((o) => o.purchaseOrderNumber)).toEqual(['BELA-4711']);

    const mail = await world.smtp.waitFor((m) => m.to.includes(bela.email));
    expect(mail.text).toContain('Megrendelésszám (PO): BELA-4711');
    expect(mail.html).toContain('BELA-4711');
  });

  it('a customer without the requirement orders without a number (stored as none)', async () => {
    const cili = await buyer();
    await fill(cili.token, 1);
    expect(await place(cili.token)).toMatchObject({ data: true });
    const [order] = await ordersOf(cili.customerId);
    expect(order?.purchase_order_number).toBeNull();
  });

  it('minimum order value per shipping method: set in the back office, shown in the cart, enforced by place-order', async () => {
    /** The back-office body of the free 'min-delivery' method (not home delivery, active). */
    const minDelivery = (fields: { name: string; sortOrder?: number; minimumOrderValue?: number }) => ({
      code: 'min-delivery',
      cost: 0,
      isHomeDelivery: false,
      isActive: true,
      ...fields,
    });
    const created = await call(
      'POST',
      '/api/admin/shipping-methods',
      admin(),
      minDelivery({ name: 'Kiszállítás minimummal', sortOrder: 9, minimumOrderValue: 30_000 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const method = created.json() as AdminShippingMethod;
    expect(method.minimumOrderValue).toBe(30_000);
    const stored = await db()
      .selectFrom('shipping_methods')
      .select('minimum_order_value')
      .where('id', '=', method.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.minimum_order_value)).toBe(3_000_000);

    const dora = await buyer();
    const list = await ok<ShippingMethod[]>('GET', '/api/shipping-methods', dora.token);
    expect(list.find((m) => m.code === 'min-delivery')?.minimumOrderValue).toBe(30_000);
    expect(list.find((m) => m.code === 'pickup-customer')?.minimumOrderValue).toBe(0);

    // 2 × 10 000 Ft = 20 000 Ft: 10 000 Ft missing.
    await fill(dora.token, 2, 'min-delivery');
    expect((await cartOf(dora.token)).minimumOrder).toEqual({ minimum: 3_000_000, missing: 1_000_000 });
    const stockBefore = await stock();
    expect(await place(dora.token)).toEqual({
      data: [{ error: 'ERR_BELOW_MINIMUM_ORDER_VALUE', params: { minimum: 30_000, missing: 10_000 } }],
    });
    expect(await ordersOf(dora.customerId)).toEqual([]);
    expect(await stock()).toBe(stockBefore);

    // Another method without a minimum: no shortfall.
    await ok('PUT', '/api/cart/shipping-method', dora.token, { shippingMethodCode: 'pickup-customer' });
    expect((await cartOf(dora.token)).minimumOrder).toBeNull();

    // Staff lower the minimum (the other fields unchanged when it is left out, too).
    const url = `/api/admin/shipping-methods/${method.id}`;
    const lowered = await call(
      'PUT',
      url,
      admin(),
      minDelivery({ name: 'Kiszállítás minimummal', sortOrder: 9, minimumOrderValue: 20_000 }),
    );
    expect((lowered.json() as AdminShippingMethod).minimumOrderValue).toBe(20_000);
    const renamed = await call(
      'PUT',
      url,
      admin(),
      minDelivery({ name: 'Kiszállítás (min.)', sortOrder: 9 }),
    );
    expect((renamed.json() as AdminShippingMethod).minimumOrderValue).toBe(20_000);
    const refused = await call('PUT', url, admin(), minDelivery({ name: 'x', minimumOrderValue: -1 }));
    expect(refused.statusCode).toBe(400);

    await ok('PUT', '/api/cart/shipping-method', dora.token, { shippingMethodCode: 'min-delivery' });
    expect((await cartOf(dora.token)).minimumOrder).toEqual({ minimum: 2_000_000, missing: 0 });
    expect(await place(dora.token)).toMatchObject({ data: true });
  });

  it('payment methods say whether they are deferred; staff change the flag', async () => {
    const erik = await buyer();
    const list = await ok<PaymentMethod[]>('GET', '/api/payment-methods/available-for-customer', erik.token);
    expect(list.map((m) => [m.code, m.isDeferred])).toEqual([
      ['bank-transfer', true],
      ['cash', false],
    ]);
    const rows = await ok<AdminPaymentMethod[]>('GET', '/api/admin/payment-methods', admin());
    const cash = rows.find((m) => m.code === 'cash')!;
    expect(cash.isDeferred).toBe(false);
    const created = await call('POST', '/api/admin/payment-methods', admin(), {
      code: 'deferred-cash-15',
      name: 'Halasztott készpénz (15 nap)',
      termDays: 15,
      isActive: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json() as AdminPaymentMethod).isDeferred).toBe(true);
    const changed = await call(
      'PUT',
      `/api/admin/payment-methods/${(created.json() as AdminPaymentMethod).id}`,
      admin(),
      {
        code: 'deferred-cash-15',
        name: 'Halasztott készpénz (15 nap)',
        termDays: 15,
        isActive: true,
        isDeferred: false,
      },
    );
    expect((changed.json() as AdminPaymentMethod).isDeferred).toBe(false);
  });

  it('credit limit: the cart shows the available credit; a deferred order over it is refused, an immediate one placed', async () => {
    const feri = await buyer();
    // Limit 50 000 Ft, open balance 25 000 Ft (set now).
    const detail = await editCustomer(feri, { creditLimit: 5_000_000, openBalance: 2_500_000 });
    expect(detail.customer).toMatchObject({
      creditLimit: 5_000_000,
      openBalance: 2_500_000,
      openBalanceAt: NOW.toISOString(),
      pendingDeferred: 0,
    });

    // 2 pieces = 20 000 Ft: within the 25 000 Ft left.
    await fill(feri.token, 2);
    expect((await cartOf(feri.token)).credit).toEqual({
      limit: 5_000_000,
      openBalance: 2_500_000,
      balanceAt: NOW.toISOString(),
      pending: 0,
      available: 2_500_000,
    });
    expect(await place(feri.token)).toMatchObject({ data: true });

    // The first order is pending now: 5 000 Ft left; 1 piece (10 000 Ft) by transfer is refused.
    await fill(feri.token, 1);
    const cart = await cartOf(feri.token);
    expect(cart.credit).toMatchObject({ pending: 2_000_000, available: 500_000 });
    const stockBefore = await stock();
    expect(await place(feri.token)).toEqual({
      data: [{ error: 'ERR_CREDIT_LIMIT_EXCEEDED', params: { available: 5_000 } }],
    });
    expect(await ordersOf(feri.customerId)).toHaveLength(1);
    expect(await stock()).toBe(stockBefore);

    // Cash (immediate) is placed, and does not use the credit.
    await ok('PUT', '/api/cart/payment-method', feri.token, { paymentMethodId: world.methods.cash });
    expect(await place(feri.token)).toMatchObject({ data: true });
    expect((await cartOf(feri.token)).credit).toMatchObject({ pending: 2_000_000, available: 500_000 });

    // A cancelled deferred order frees its credit.
    const [first] = await ordersOf(feri.customerId);
    await db().updateTable('orders').set({ status: 'cancelled' }).where('id', '=', first!.id).execute();
    expect((await cartOf(feri.token)).credit).toMatchObject({ pending: 0, available: 2_500_000 });
    await db().updateTable('orders').set({ status: 'new' }).where('id', '=', first!.id).execute();

    // A new balance from staff an hour later covers the orders before it (they are on the invoice now).
    world.ctx.clock.set(new Date(NOW.getTime() + 3_600_000));
    await editCustomer(feri, { openBalance: 4_000_000 });
    expect((await cartOf(feri.token)).credit).toMatchObject({ pending: 0, available: 1_000_000 });
    await fill(feri.token, 1, 'pickup-customer', world.methods.bankTransfer);
    expect(await place(feri.token)).toMatchObject({ data: true });

    // No limit: deferred orders are not checked.
    await editCustomer(feri, { creditLimit: null });
    expect((await cartOf(feri.token)).credit).toBeNull();
    await fill(feri.token, 50);
    expect(await place(feri.token)).toMatchObject({ data: true });
  });

  it('two deferred orders racing that together pass the limit: only one is placed', async () => {
    const gabi = await buyer();
    // A second user of the same customer, with a cart of its own.
    const second = await db()
      .insertInto('users')
      .values({
        email: `gabi-2-${Date.now()}@example.com`,
        password_hash: 'not-a-real-hash',
        role: 'customer',
        name: 'Gabi 2',
        customer_id: gabi.customerId,
        language: 'hu',
        is_active: 1,
        email_verified_at: NOW.toISOString(),
        approved_at: NOW.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const secondToken = await tokenFor(world.ctx, {
      userId: second.id,
      customerId: gabi.customerId,
      role: 'customer',
    });
    // 30 000 Ft limit; each cart is 20 000 Ft.
    await editCustomer(gabi, { creditLimit: 3_000_000, openBalance: 0 });
    await fill(gabi.token, 2);
    await fill(secondToken, 2);
    const stockBefore = await stock();

    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([place(gabi.token), place(secondToken)]);
      const placed = results.filter((r) => r.data === true);
      const refused = results.filter((r) => r.data !== true);
      if (round === 0) {
        expect(placed).toHaveLength(1);
        expect(refused).toEqual([
          { data: [{ error: 'ERR_CREDIT_LIMIT_EXCEEDED', params: { available: 10_000 } }] },
        ]);
      } else {
        // Nothing more fits; the carts stay.
        expect(placed).toHaveLength(0);
      }
    }
    const orders = await ordersOf(gabi.customerId);
    expect(orders).toHaveLength(1);
    expect(await stock()).toBe(stockBefore - 2);
    expect(orders.reduce((sum, o) => sum + Number(o.items_sum_gross), 0)).toBe(2_000_000);
  });

  it('the back office validates the credit fields and the purchase-order flag', async () => {
    const hedi = await buyer();
    for (const customer of [
      { creditLimit: -1 },
      { creditLimit: 1.5 },
      { openBalance: '100' },
      { purchaseOrderNumberRequired: 'yes' },
      { creditLimit: 100_000_000_001 },
    ]) {
      const res = await call('PATCH', `/api/admin/customers/${hedi.userId}`, admin(), { customer });
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    const row = await db()
      .selectFrom('customers')
      .select(['credit_limit', 'open_balance', 'open_balance_at', 'purchase_order_number_required'])
      .where('id', '=', hedi.customerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      credit_limit: null,
      open_balance_at: null,
      purchase_order_number_required: 0,
    });
    expect(Number(row.open_balance)).toBe(0);
  });
});

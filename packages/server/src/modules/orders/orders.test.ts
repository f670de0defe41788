import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAdditionResponse, CartResponse } from '@shop/shared/contracts/cart';
import type { OrderHistoryItem, PlaceOrderResponse } from '@shop/shared/contracts/orders';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  type BuyerFixture,
  insertAgent,
  insertBuyer,
  insertProduct,
  insertRoute,
  insertStaff,
  type ProductFixture,
} from '../cart/checkout-fixtures';

/** Tuesday 2025-03-04 10:00 in Budapest (UTC+1). */
const NOW = new Date('2025-03-04T09:00:00Z');

describe.each(TEST_DIALECTS)('orders on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: NOW, resetClock: true, smtp: true });
  const { call, db, orderRow, stockOf } = world;
  let routeId: number;

  beforeAll(async () => {
    routeId = await insertRoute(world.testDb.handle, { weekdays: '1,2,3,4,5', cutoffTime: '14:00' });
  });

  async function buyer(values: Parameters<typeof insertBuyer>[1] = {}): Promise<BuyerFixture> {
    return insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.bankTransfer, world.methods.cash],
      routeId,
      ...values,
    });
  }

  /** Fills a cart and makes the checkout choices through the API. */
  async function prepare(
    token: string,
    lines: [ProductFixture, number][],
    options: {
      shipping?: string;
      deliveryDate?: string | null;
      paymentMethodId?: number;
      comments?: [string, string];
    } = {},
  ): Promise<void> {
    for (const [product, quantity] of lines) {
      const res = await call('POST', '/api/cart/set-product-quantity', token, {
        productSku: product.sku,
        quantity,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { quantity: number }).quantity).toBe(quantity);
    }
    const shipping = options.shipping ?? 'pickup-customer';
    expect(
      (await call('PUT', '/api/cart/shipping-method', token, { shippingMethodCode: shipping })).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', '/api/cart/payment-method', token, {
          paymentMethodId: options.paymentMethodId ?? world.methods.bankTransfer,
        })
      ).statusCode,
    ).toBe(200);
    if (options.deliveryDate !== undefined) {
      const res = await call('PUT', '/api/cart/delivery-date', token, { deliveryDate: options.deliveryDate });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (options.comments) {
      await call('PUT', '/api/cart/comments', token, {
        commentWebshop: options.comments[0],
        commentSupplier: options.comments[1],
      });
    }
  }

  async function place(token: string): Promise<PlaceOrderResponse> {
    const res = await call('POST', '/api/orders/place-order', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PlaceOrderResponse;
  }

  async function cartOf(token: string): Promise<CartResponse> {
    return (await call('GET', '/api/cart', token)).json() as CartResponse;
  }

  /** What a refused order must leave untouched. */
  async function snapshot(customerId: number, productIds: number[]) {
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    const stock = await db()
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', 'in', productIds)
      .orderBy('id')
      .execute();
    const carts = await db()
      .selectFrom('carts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
    const items = await db()
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select(['cart_items.product_id', 'cart_items.quantity'])
      .where('carts.customer_id', '=', customerId)
      .orderBy('cart_items.product_id')
      .execute();
    return { orders, stock: stock.map((s) => [s.id, Number(s.stock)]), carts, items };
  }

  it('places a home-delivery order: snapshot, stock, cleared cart and the confirmation mail', async () => {
    const alice = await buyer({ name: 'Alma Kft.', logisticsCost: 150000 });
    const coffee = await insertProduct(world.testDb.handle, {
      name: 'Kávé 1 kg',
      stock: 50,
      vat: 27,
      weight: 1000,
      prices: [{ price: 12700 }],
    });
    const rice = await insertProduct(world.testDb.handle, {
      name: 'Rizs',
      stock: 20,
      vat: 5,
      weight: 120,
      prices: [{ price: 1050 }],
    });
    await prepare(
      alice.token,
      [
        [coffee, 2],
        [rice, 10],
      ],
      {
        shipping: 'home-delivery',
        deliveryDate: '2025-03-06',
        comments: ['Hívjanak előtte', 'Rámpa 2'],
      },
    );
    const before = await cartOf(alice.token);

    const result = await place(alice.token);
    expect(result).toMatchObject({ data: true, removedProducts: [] });
    const orderId = (result as { orderId: number }).orderId;

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      customer_id: alice.customerId,
      user_id: alice.userId,
      agent_user_id: null,
      source_cart_id: before.cartId,
      source_cart_version: before.version,
      status: 'new',
      language: 'hu',
      shipping_method_code: 'home-delivery',
      shipping_method_name: 'Kiszállítás',
      payment_method_code: 'bank-transfer',
      payment_method_name: 'Átutalás',
      payment_term_days: 8,
      delivery_date: '2025-03-06',
      comment_webshop: 'Hívjanak előtte',
      comment_supplier: 'Rámpa 2',
      customer_name: 'Alma Kft.',
      customer_email: alice.email,
      billing_city: 'Budapest',
      shipping_address_id: alice.addressId,
      shipping_city: 'Szeged',
      shipping_country_code: 'HU',
      items_count: 2,
      items_pieces: 12,
      created_at: NOW.toISOString(),
    });
    expect(Number(order.items_sum_gross)).toBe(35900);
    expect(Number(order.items_sum_net)).toBe(30000);
    expect(Number(order.items_weight)).toBe(3200);
    expect(Number(order.logistics_cost)).toBe(150000);
    expect(Number(order.shipping_cost)).toBe(0);

    const items = await db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(
      items.map((i) => [
        i.sku,
        i.name,
        i.quantity,
        Number(i.unit_price),
        i.vat,
        i.weight,
        Number(i.line_gross),
        Number(i.line_net),
      ]),
    ).toEqual([
      [coffee.sku, 'Kávé 1 kg', 2, 12700, 27, 1000, 25400, 20000],
      [rice.sku, 'Rizs', 10, 1050, 5, 120, 10500, 10000],
    ]);
    const history = await db()
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(history.map((h) => [h.status, h.changed_by_user_id])).toEqual([['new', alice.userId]]);

    const stock = await db()
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', 'in', [coffee.id, rice.id])
      .orderBy('id')
      .execute();
    expect(stock.map((s) => Number(s.stock))).toEqual([48, 10]);

    const after = await cartOf(alice.token);
    expect(after).toMatchObject({
      count: 0,
      deliveryDate: null,
      commentWebshop: '',
      commentSupplier: '',
      paymentMethodId: world.methods.bankTransfer,
    });
    expect(after.currentShippingMethod?.code).toBe('home-delivery');
    expect(after.version).toBeGreaterThan(before.version);

    const mail = await world.smtp.waitFor((m) => m.to.includes(alice.email));
    expect(mail.subject).toBe(`Rendelés visszaigazolása – ${orderId}. sz. rendelés`);
    expect(mail.text).toContain('Kedves Alma Kft.!');
    expect(mail.text).toContain(`${coffee.sku}`);
    expect(mail.text).toContain('Kávé 1 kg');
    expect(mail.text).toMatch(/Termékek bruttó összesen: 359\sFt/);
    expect(mail.text).toMatch(/Fizetendő összesen: 1\s?859\sFt/);
    expect(mail.text).toContain('Szállítás napja: 2025.03.06');
    expect(mail.html).toContain('Kávé 1 kg');
  });

  it('drops non-orderable lines and answers which', async () => {
    const bob = await buyer();
    const good = await insertProduct(world.testDb.handle, { stock: 10 });
    const flagged = await insertProduct(world.testDb.handle, { stock: 10, isOrderable: false });
    const soldOut = await insertProduct(world.testDb.handle, { stock: 10 });
    const retired = await insertProduct(world.testDb.handle, { stock: 10 });
    await prepare(bob.token, [
      [good, 1],
      [flagged, 1],
      [soldOut, 1],
      [retired, 1],
    ]);
    await db().updateTable('products').set({ stock: 0 }).where('id', '=', soldOut.id).execute();
    await db().updateTable('products').set({ is_active: 0 }).where('id', '=', retired.id).execute();
    expect((await cartOf(bob.token)).containsNonOrderableProduct).toBe(true);

    const result = await place(bob.token);
    expect(result).toMatchObject({
      data: true,
      removedProducts: [flagged.sku, soldOut.sku, retired.sku].sort(),
    });
    const orderId = (result as { orderId: number }).orderId;
    const items = await db()
      .selectFrom('order_items')
      .select(['sku', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    expect(items).toEqual([{ sku: good.sku, quantity: 1 }]);
    expect((await cartOf(bob.token)).count).toBe(0);
    expect(await stockOf(flagged.id)).toBe(10);
  });

  it('refuses when only non-orderable lines are left, saying why, and changes nothing', async () => {
    const carol = await buyer();
    const soldOut = await insertProduct(world.testDb.handle, { stock: 5 });
    const flagged = await insertProduct(world.testDb.handle, { stock: 5, isOrderable: false });
    await prepare(carol.token, [
      [soldOut, 2],
      [flagged, 1],
    ]);
    await db().updateTable('products').set({ stock: 0 }).where('id', '=', soldOut.id).execute();
    const before = await snapshot(carol.customerId, [soldOut.id, flagged.id]);
    const result = await place(carol.token);
    expect(result.data).toEqual(
      expect.arrayContaining([
        { error: 'ERR_OUT_OF_STOCK', params: { sku: soldOut.sku, available: 0, requested: 2 } },
        { error: 'ERR_PRODUCT_NOT_ORDERABLE', params: { sku: flagged.sku } },
      ]),
    );
    expect(await snapshot(carol.customerId, [soldOut.id, flagged.id])).toEqual(before);
  });

  it('refuses an empty cart and missing choices with the list of reasons', async () => {
    const dave = await buyer();
    expect(await place(dave.token)).toEqual({ data: [{ error: 'ERR_CART_EMPTY' }] });
    const product = await insertProduct(world.testDb.handle, { stock: 5 });
    await call('POST', '/api/cart/set-product-quantity', dave.token, {
      productSku: product.sku,
      quantity: 1,
    });
    expect(await place(dave.token)).toEqual({
      data: [{ error: 'ERR_NO_SHIPPING_METHOD' }, { error: 'ERR_NO_PAYMENT_METHOD' }],
    });

    await call('PUT', '/api/cart/shipping-method', dave.token, { shippingMethodCode: 'home-delivery' });
    await call('PUT', '/api/cart/payment-method', dave.token, { paymentMethodId: world.methods.cash });
    const before = await snapshot(dave.customerId, [product.id]);
    expect(await place(dave.token)).toEqual({ data: [{ error: 'ERR_NO_DELIVERY_DATE' }] });

    await call('PUT', '/api/cart/delivery-date', dave.token, { deliveryDate: '2025-03-05' });
    world.ctx.clock.set(new Date('2025-03-04T13:30:00Z')); // 14:30 in Budapest: Wednesday is gone
    expect(await place(dave.token)).toEqual({
      data: [{ error: 'ERR_INVALID_DELIVERY_DATE', params: { deliveryDate: '2025-03-05' } }],
    });

    // The payment method is withdrawn from the customer after it was chosen.
    world.ctx.clock.set(NOW);
    await db()
      .deleteFrom('customer_payment_methods')
      .where('customer_id', '=', dave.customerId)
      .where('payment_method_id', '=', world.methods.cash)
      .execute();
    expect(await place(dave.token)).toEqual({ data: [{ error: 'ERR_INVALID_PAYMENT_METHOD' }] });
    // The shipping method is switched off.
    await db()
      .updateTable('shipping_methods')
      .set({ is_active: 0 })
      .where('id', '=', world.methods.homeDelivery)
      .execute();
    try {
      const result = await place(dave.token);
      expect(result.data).toEqual(expect.arrayContaining([{ error: 'ERR_INVALID_SHIPPING_METHOD' }]));
    } finally {
      await db()
        .updateTable('shipping_methods')
        .set({ is_active: 1 })
        .where('id', '=', world.methods.homeDelivery)
        .execute();
    }
    const after = await snapshot(dave.customerId, [product.id]);
    expect(after.orders).toEqual([]);
    expect(after.stock).toEqual(before.stock);
    expect(after.items).toEqual(before.items);
  });

  it('re-checks stock and limits per line and changes nothing on a refusal', async () => {
    const erin = await buyer();
    const short = await insertProduct(world.testDb.handle, { stock: 10 });
    const stepped = await insertProduct(world.testDb.handle, { stock: 100 });
    await prepare(erin.token, [
      [short, 8],
      [stepped, 5],
    ]);
    await db().updateTable('products').set({ stock: 3 }).where('id', '=', short.id).execute();
    await db().updateTable('products').set({ order_quantity_step: 4 }).where('id', '=', stepped.id).execute();
    const before = await snapshot(erin.customerId, [short.id, stepped.id]);
    const result = await place(erin.token);
    expect(result).toEqual({
      data: [
        { error: 'ERR_OUT_OF_STOCK', params: { sku: short.sku, available: 3, requested: 8 } },
        {
          error: 'ERR_QUANTITY_NOT_AVAILABLE',
          params: { sku: stepped.sku, requested: 5, allowed: 8, warning: 'order_quantity_step_correction' },
        },
      ],
    });
    expect(await snapshot(erin.customerId, [short.id, stepped.id])).toEqual(before);
  });

  it('refuses orders in a closed window and while force-disabled', async () => {
    const fred = await buyer();
    const product = await insertProduct(world.testDb.handle, { stock: 5 });
    await prepare(fred.token, [[product, 1]]);
    await db()
      .insertInto('shop_closed_windows')
      .values({ starts_at: '2025-03-04T09:00', ends_at: '2025-03-04T12:00', note: null })
      .execute();
    try {
      const before = await snapshot(fred.customerId, [product.id]);
      expect(await place(fred.token)).toEqual({
        data: [
          { error: 'ERR_SHOP_CLOSED', params: { startsAt: '2025-03-04T09:00', endsAt: '2025-03-04T12:00' } },
        ],
      });
      await db().insertInto('settings').values({ key: 'shop.forceDisabled', value: 'true' }).execute();
      expect(await place(fred.token)).toEqual({ data: [{ error: 'ERR_SHOP_FORCE_CLOSED' }] });
      world.ctx.clock.set(new Date('2025-03-04T11:30:00Z')); // 12:30: the window is over, the switch is still on
      expect(await place(fred.token)).toEqual({ data: [{ error: 'ERR_SHOP_FORCE_CLOSED' }] });
      expect(await snapshot(fred.customerId, [product.id])).toEqual(before);
      await db()
        .updateTable('settings')
        .set({ value: 'false' })
        .where('key', '=', 'shop.forceDisabled')
        .execute();
      expect(await place(fred.token)).toMatchObject({ data: true });
    } finally {
      await db().deleteFrom('shop_closed_windows').execute();
      await db().deleteFrom('settings').where('key', '=', 'shop.forceDisabled').execute();
    }
  });

  it("lets an agent order for one of its customers: the customer's order, the agent recorded, both mailed", async () => {
    const agent = await insertAgent(world.ctx, { name: 'Kovács Ügynök', language: 'hu' });
    const client = await buyer({ agentUserId: agent.userId, name: 'Client Ltd.', language: 'en' });
    const stranger = await buyer({ name: 'Stranger Kft.' });
    const product = await insertProduct(world.testDb.handle, {
      nameEn: 'Green tea',
      stock: 10,
      prices: [{ price: 20000 }],
    });
    // The customer's own cart holds something else and must stay.
    await call('POST', '/api/cart/set-product-quantity', client.token, {
      productSku: product.sku,
      quantity: 4,
    });

    // Without a current address the order is refused with the code of docs/product.md §8.2.
    expect(await place(agent.token)).toEqual({ data: [{ error: 'ERR_NO_CURRENT_SHIPPING' }] });
    // An address of a customer that is not the agent's cannot be chosen.
    expect(
      (
        await call('POST', '/api/shipping-addresses/set-current', agent.token, {
          shippingAddressId: stranger.addressId,
        })
      ).statusCode,
    ).toBe(400);
    expect(await place(agent.token)).toEqual({ data: [{ error: 'ERR_NO_CURRENT_SHIPPING' }] });

    expect(
      (
        await call('POST', '/api/shipping-addresses/set-current', agent.token, {
          shippingAddressId: client.addressId,
        })
      ).json(),
    ).toEqual({ data: true });
    await prepare(agent.token, [[product, 3]]);
    const result = await place(agent.token);
    expect(result).toMatchObject({ data: true });
    const orderId = (result as { orderId: number }).orderId;
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      customer_id: client.customerId,
      user_id: agent.userId,
      agent_user_id: agent.userId,
      language: 'en',
      customer_name: 'Client Ltd.',
    });
    expect(
      (
        await db()
          .selectFrom('order_items')
          .select('name')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe('Green tea');
    expect((await cartOf(client.token)).cartItems.map((i) => i.quantity)).toEqual([4]);

    const toCustomer = await world.smtp.waitFor((m) => m.to.includes(client.email));
    expect(toCustomer.subject).toBe(`Order confirmation – order no. ${orderId}`);
    expect(toCustomer.text).toContain(
      'Your sales representative, Kovács Ügynök, placed the following order on your behalf',
    );
    expect(toCustomer.text).toContain('Green tea');
    const toAgent = await world.smtp.waitFor((m) => m.to.includes(agent.email));
    expect(toAgent.subject).toBe(`Rendelés visszaigazolása – ${orderId}. sz. rendelés`);
    expect(toAgent.text).toContain('ügyfele, Client Ltd. számára');

    // The customer finds it in its history.
    const history = (await call('GET', '/api/orders/history', client.token)).json() as OrderHistoryItem[];
    expect(history.map((h) => [h.orderId, h.placedByAgent])).toEqual([[orderId, true]]);
  });

  it("mails the customer's agent also when the customer orders itself", async () => {
    const agent = await insertAgent(world.ctx, { name: 'Szabó Ügynök' });
    const client = await buyer({ agentUserId: agent.userId, name: 'Saját Kft.' });
    const product = await insertProduct(world.testDb.handle, { stock: 10 });
    await prepare(client.token, [[product, 1]]);
    const result = await place(client.token);
    const orderId = (result as { orderId: number }).orderId;
    const toAgent = await world.smtp.waitFor(
      (m) => m.to.includes(agent.email) && m.subject.includes(String(orderId)),
    );
    expect(toAgent.text).toContain('Saját Kft.');
    const toCustomer = await world.smtp.waitFor((m) => m.to.includes(client.email));
    expect(toCustomer.text).toContain('Köszönjük a rendelését');
  });

  it('keeps the order when the mail fails', async () => {
    const gina = await buyer();
    const product = await insertProduct(world.testDb.handle, { stock: 10 });
    await prepare(gina.token, [[product, 1]]);
    world.smtp.setFailing(true);
    try {
      const result = await place(gina.token);
      expect(result).toMatchObject({ data: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(world.smtp.mailsTo(gina.email)).toEqual([]);
      const orders = await db()
        .selectFrom('orders')
        .select('id')
        .where('customer_id', '=', gina.customerId)
        .execute();
      expect(orders).toHaveLength(1);
    } finally {
      world.smtp.setFailing(false);
    }
  });

  it('answers ERR_NO_SHIPPING for a customer without an address, 403 for staff, 401 without a token', async () => {
    const hugo = await buyer();
    const product = await insertProduct(world.testDb.handle, { stock: 10 });
    await prepare(hugo.token, [[product, 1]]);
    await db()
      .updateTable('shipping_addresses')
      .set({ is_active: 0 })
      .where('customer_id', '=', hugo.customerId)
      .execute();
    expect(await place(hugo.token)).toEqual({ data: [{ error: 'ERR_NO_SHIPPING' }] });
    const staff = await insertStaff(world.ctx);
    const forbidden = await call('POST', '/api/orders/place-order', staff.token);
    expect(forbidden.statusCode).toBe(403);
    expect((await call('POST', '/api/orders/place-order')).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/history', staff.token)).statusCode).toBe(403);
  });

  it('lists the history newest first with the fields of docs/product.md §3.8 and keeps customers apart', async () => {
    const ivan = await buyer({ logisticsCost: 20000 });
    const other = await buyer();
    const a = await insertProduct(world.testDb.handle, {
      stock: 100,
      weight: 250,
      vat: 27,
      prices: [{ price: 1270 }],
    });
    await prepare(ivan.token, [[a, 4]], { shipping: 'pickup-customer' });
    const first = (await place(ivan.token)) as { orderId: number };
    world.ctx.clock.set(new Date('2025-03-04T09:05:00Z'));
    await prepare(ivan.token, [[a, 2]], { shipping: 'home-delivery', deliveryDate: '2025-03-07' });
    const second = (await place(ivan.token)) as { orderId: number };

    const res = await call('GET', '/api/orders/history', ivan.token);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json() as OrderHistoryItem[];
    expect(history.map((h) => h.orderId)).toEqual([second.orderId, first.orderId]);
    expect(history[0]).toMatchObject({
      createdAt: '2025-03-04T09:05:00.000Z',
      status: 'new',
      orderItemsSumPrice: 2540,
      orderItemsSumPriceNet: 2000,
      orderItemsCount: 1,
      orderItemsSum: 2,
      orderItemsSumWeight: 500,
      logisticsCost: 20000,
      shippingCost: 0,
      shippingMethod: 'Kiszállítás',
      shippingMethodCode: 'home-delivery',
      isHomeDelivery: true,
      paymentMethod: 'Átutalás',
      paymentTermDays: 8,
      shippingCountryCode: 'HU',
      shippingCountry: 'Magyarország',
      shippingZip: '6720',
      shippingCity: 'Szeged',
      shippingAptSuite: 'Kárász utca 1.',
      deliveryDatetime: '2025-03-07',
      placedByAgent: false,
      lines: [
        { sku: a.sku, quantity: 2, unitPrice: 1270, vat: 27, weight: 250, lineGross: 2540, lineNet: 2000 },
      ],
    });
    expect(history[1]).toMatchObject({
      isHomeDelivery: false,
      deliveryDatetime: null,
      logisticsCost: 0,
      orderItemsSum: 4,
    });
    expect((await call('GET', '/api/orders/history', other.token)).json()).toEqual([]);
  });

  it("orders again through the correction rule, and never another customer's order", async () => {
    const judy = await buyer();
    const mallory = await buyer();
    const plenty = await insertProduct(world.testDb.handle, { stock: 100 });
    const scarce = await insertProduct(world.testDb.handle, { stock: 10 });
    await prepare(judy.token, [
      [plenty, 5],
      [scarce, 6],
    ]);
    const placed = (await place(judy.token)) as { orderId: number };
    // 4 left of the scarce product; the plentiful one is deleted from the catalogue.
    await db().deleteFrom('products').where('id', '=', plenty.id).execute();

    const foreign = await call('POST', `/api/orders/${placed.orderId}/order-again`, mallory.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'NOT_FOUND' });
    expect((await cartOf(mallory.token)).count).toBe(0);
    expect((await call('POST', '/api/orders/999999/order-again', judy.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/orders/abc/order-again', judy.token)).statusCode).toBe(400);

    const res = await call('POST', `/api/orders/${placed.orderId}/order-again`, judy.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as CartAdditionResponse;
    expect(result.added).toEqual([]);
    expect(result.corrected).toEqual([
      {
        line: 2,
        code: scarce.sku,
        sku: scarce.sku,
        requested: 6,
        quantity: 4,
        cartQuantity: 4,
        warnings: ['quantity_to_order_is_not_available'],
      },
    ]);
    expect(result.rejected).toEqual([{ line: 1, code: plenty.sku, reason: 'ERR_PRODUCT_NOT_FOUND' }]);
    expect((await cartOf(judy.token)).cartItems.map((i) => [i.product.sku, i.quantity])).toEqual([
      [scarce.sku, 4],
    ]);
  });

  /** `count` new buyers, each with `quantity` of one new product of `stock` pieces, place their orders at once. */
  async function raceForStock(stock: number, count: number, quantity: number) {
    const hot = await insertProduct(world.testDb.handle, { stock });
    const buyers = await Promise.all(Array.from({ length: count }, () => buyer()));
    for (const b of buyers) await prepare(b.token, [[hot, quantity]]);
    const results = await Promise.all(buyers.map((b) => place(b.token)));
    return { hot, buyers, results };
  }

  it('never oversells: 10 buyers race for the last 3 pieces', async () => {
    const { hot, buyers, results } = await raceForStock(3, 10, 1);
    const placed = results.filter((r) => r.data === true);
    const refused = results.filter((r) => Array.isArray(r.data));
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.data).toEqual([
        { error: 'ERR_OUT_OF_STOCK', params: { sku: hot.sku, available: 0, requested: 1 } },
      ]);
    }
    expect(await stockOf(hot.id)).toBe(0);
    const sold = await db()
      .selectFrom('order_items')
      .select(['quantity'])
      .where('product_id', '=', hot.id)
      .execute();
    expect(sold.reduce((sum, row) => sum + row.quantity, 0)).toBe(3);
    // The losers keep their carts.
    const losers = buyers.filter((_, i) => Array.isArray(results[i]!.data));
    expect(losers).toHaveLength(7);
    for (const b of losers) expect((await cartOf(b.token)).count).toBe(1);
  });

  it('never oversells with larger quantities: stock 10, five buyers of 3', async () => {
    const { hot, results } = await raceForStock(10, 5, 3);
    expect(results.filter((r) => r.data === true)).toHaveLength(3);
    expect(results.filter((x) => Array.isArray(x.data))).toHaveLength(2);
    for (const r of results.filter((x) => Array.isArray(x.data))) {
      expect(r.data).toEqual([
        { error: 'ERR_OUT_OF_STOCK', params: { sku: hot.sku, available: 1, requested: 3 } },
      ]);
    }
    expect(await stockOf(hot.id)).toBe(1);
  });

  it('puts a line changed while the order is placed either into the order or into the next cart', async () => {
    for (let round = 0; round < 5; round += 1) {
      const lena = await buyer();
      const first = await insertProduct(world.testDb.handle, { stock: 100 });
      const late = await insertProduct(world.testDb.handle, { stock: 100 });
      await prepare(lena.token, [[first, 1]]);
      const [placed, added] = await Promise.all([
        call('POST', '/api/orders/place-order', lena.token),
        call('POST', '/api/cart/set-product-quantity', lena.token, { productSku: late.sku, quantity: 2 }),
      ]);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(added.statusCode, added.body).toBe(200);
      const orderId = (placed.json() as { orderId: number }).orderId;
      const ordered = await db()
        .selectFrom('order_items')
        .select('sku')
        .where('order_id', '=', orderId)
        .execute();
      const inOrder = ordered.some((line) => line.sku === late.sku);
      const inCart = (await cartOf(lena.token)).cartItemIds.includes(late.sku);
      expect(inOrder !== inCart, `round ${round}: in order ${inOrder}, in cart ${inCart}`).toBe(true);
    }
  });

  it('turns a cart into one order even when place-order is sent several times at once', async () => {
    const kate = await buyer();
    const product = await insertProduct(world.testDb.handle, { stock: 100 });
    await prepare(kate.token, [[product, 2]]);
    const results = await Promise.all(Array.from({ length: 5 }, () => place(kate.token)));
    expect(results.filter((r) => r.data === true)).toHaveLength(1);
    expect(results.filter((x) => Array.isArray(x.data))).toHaveLength(4);
    for (const r of results.filter((x) => Array.isArray(x.data))) {
      expect(['ERR_CART_EMPTY', 'ERR_CART_ALREADY_ORDERED']).toContain(
        (r.data as { error: string }[])[0]?.error,
      );
    }
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', kate.customerId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(98);
  });
});

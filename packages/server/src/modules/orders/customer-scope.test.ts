import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  type BuyerFixture,
  insertAgent,
  insertBuyer,
  insertProduct,
  type ProductFixture,
} from '../cart/checkout-fixtures';

/**
 * Access to every customer-scoped call of the cart, checkout, order and shipping-address areas:
 * another customer's token and an agent's token for a customer that is not its own neither read
 * nor change Alice's cart, choices, comments, addresses or orders. Whose data a call touches is
 * decided by the token (and an agent's current address), never by an id the browser sends, so the
 * foreign callers get their own (empty) data or a refusal, and Alice's state stays as it was.
 */
describe.each(TEST_DIALECTS)('customer scope of the cart, checkout and orders on %s', (dialect) => {
  // Tuesday 2025-03-04 10:00 in Budapest.
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T09:00:00Z'), smtp: true });
  const { call, ok } = world;
  let product: ProductFixture;
  let alice: BuyerFixture;
  let bob: BuyerFixture;
  let carol: BuyerFixture;
  let aliceAgent: { userId: number; token: string };
  let otherAgent: { userId: number; token: string };
  let aliceOrderId: number;

  /** Everything of Alice's that a foreign caller could try to read or change. */
  async function aliceState() {
    const cart = (await ok('GET', '/api/cart', alice.token)) as CartResponse;
    return {
      cart: {
        ...cart,
        cartItems: cart.cartItems.map((item) => [item.product.sku, item.quantity]),
      },
      comments: await ok('GET', '/api/cart/comments', alice.token),
      history: ((await ok('GET', '/api/orders/history', alice.token)) as OrderHistoryItem[]).map((order) => [
        order.orderId,
        order.orderItemsSum,
      ]),
      current: await ok('GET', '/api/shipping-addresses/get-current-data-extended', alice.token),
      addresses: await ok('GET', '/api/shipping-addresses', alice.token),
      orders: await world.testDb.handle.db
        .selectFrom('orders')
        .select(['id', 'customer_id'])
        .where('customer_id', '=', alice.customerId)
        .orderBy('id')
        .execute(),
    };
  }

  beforeAll(async () => {
    product = await insertProduct(world.testDb.handle, { stock: 100 });
    aliceAgent = await insertAgent(world.ctx);
    otherAgent = await insertAgent(world.ctx);
    alice = await insertBuyer(world.ctx, {
      agentUserId: aliceAgent.userId,
      paymentMethodIds: [world.methods.bankTransfer, world.methods.cash],
      name: 'Alice Kft.',
    });
    bob = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash], name: 'Bob Bt.' });
    carol = await insertBuyer(world.ctx, {
      agentUserId: otherAgent.userId,
      paymentMethodIds: [world.methods.cash],
      name: 'Carol Zrt.',
    });

    // Alice orders once, then fills her cart again with choices and comments.
    await ok('POST', '/api/cart/set-product-quantity', alice.token, { productSku: product.sku, quantity: 3 });
    await ok('PUT', '/api/cart/shipping-method', alice.token, { shippingMethodCode: 'pickup-customer' });
    await ok('PUT', '/api/cart/payment-method', alice.token, { paymentMethodId: world.methods.bankTransfer });
    const placed = (await ok('POST', '/api/orders/place-order', alice.token)) as {
      data: boolean;
      orderId: number;
    };
    expect(placed.data).toBe(true);
    aliceOrderId = placed.orderId;
    await ok('POST', '/api/cart/set-product-quantity', alice.token, { productSku: product.sku, quantity: 2 });
    await ok('PUT', '/api/cart/shipping-method', alice.token, { shippingMethodCode: 'pickup-customer' });
    await ok('PUT', '/api/cart/payment-method', alice.token, { paymentMethodId: world.methods.bankTransfer });
    await ok('PUT', '/api/cart/comments', alice.token, {
      commentWebshop: 'Alice: csak délelőtt',
      commentSupplier: 'Alice titka',
    });
  });

  /** Every write a foreign caller can send, aimed at Alice where the call takes an id. */
  async function foreignWrites(token: string): Promise<void> {
    const refused: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/api/shipping-addresses/set-current',
        { shippingAddressId: alice.addressId },
        400,
        'ERR_INVALID_SHIPPING_ADDRESS_ID',
      ],
      ['POST', `/api/orders/${aliceOrderId}/order-again`, undefined, 404, 'NOT_FOUND'],
      ['GET', `/api/customers/${alice.customerId}/extended`, undefined, 403, 'ERR_FORBIDDEN'],
      // Alice's payment method is not the caller's customer's.
      [
        'PUT',
        '/api/cart/payment-method',
        { paymentMethodId: world.methods.bankTransfer },
        400,
        'ERR_INVALID_PAYMENT_METHOD',
      ],
    ];
    for (const [method, url, body, status, error] of refused) {
      const res = await call(method as 'GET', url, token, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ error });
    }
    // Writes that act on the caller's own cart only.
    await ok('POST', '/api/cart/set-product-quantity', token, { productSku: product.sku, quantity: 0 });
    await ok('PUT', '/api/cart/comments', token, { commentWebshop: 'idegen', commentSupplier: 'idegen' });
    await ok('PUT', '/api/cart/shipping-method', token, { shippingMethodCode: 'home-delivery' });
    await ok('PUT', '/api/cart/delivery-date', token, { deliveryDate: null });
    await ok('POST', '/api/cart/quick-order', token, { lines: `${product.sku}; 1` });
    await ok('DELETE', '/api/cart/delete', token);
    const order = (await ok('POST', '/api/orders/place-order', token)) as { data: unknown };
    expect(order.data).not.toBe(true);
  }

  /** Every read gives the caller's own customer's data, none of Alice's. */
  async function expectOwnReads(token: string, own: BuyerFixture): Promise<void> {
    const cart = (await ok('GET', '/api/cart', token)) as CartResponse;
    expect(cart.customerId).toBe(own.customerId);
    expect(cart.shippingAddressId).toBe(own.addressId);
    expect(cart.commentSupplier).not.toContain('Alice');
    expect(await ok('GET', '/api/cart/comments', token)).not.toMatchObject({
      commentSupplier: 'Alice titka',
    });
    const history = (await ok('GET', '/api/orders/history', token)) as OrderHistoryItem[];
    expect(history.map((order) => order.orderId)).not.toContain(aliceOrderId);
    const addresses = (await ok('GET', '/api/shipping-addresses', token)) as { shippingAddressId: number }[];
    expect(addresses.map((address) => address.shippingAddressId)).toEqual([own.addressId]);
    const current = (await ok('GET', '/api/shipping-addresses/get-current-data-extended', token)) as {
      shippingAddressId: number;
      customerId: number;
    };
    expect([current.shippingAddressId, current.customerId]).toEqual([own.addressId, own.customerId]);
    const payment = (await ok('GET', '/api/payment-methods/available-for-customer', token)) as {
      id: number;
    }[];
    expect(payment.map((method) => method.id)).toEqual([world.methods.cash]);
    const ordered = (await ok('GET', '/api/products/ordered-products', token)) as { products: unknown[] };
    expect(ordered.products).toEqual([]);
    const inCart = (await ok('GET', '/api/products/all?inCart=true&productsPerPage=99999', token)) as {
      products: { sku: string }[];
    };
    expect(inCart.products.map((p) => p.sku)).toEqual(cart.cartItems.map((item) => item.product.sku));
    const days = await call('GET', '/api/cart/delivery-days', token);
    expect(days.statusCode, days.body).toBe(200);
  }

  it("another customer's token reads only its own data and changes nothing of Alice's", async () => {
    const before = await aliceState();
    expect(before.cart.cartItems).toEqual([[product.sku, 2]]);
    expect(before.history).toEqual([[aliceOrderId, 3]]);
    await expectOwnReads(bob.token, bob);
    await foreignWrites(bob.token);
    await expectOwnReads(bob.token, bob);
    expect(await aliceState()).toEqual(before);
  });

  it("an agent of other customers cannot choose Alice's address, read or change her data", async () => {
    const before = await aliceState();
    // No current address yet: every cart and order call asks for one.
    for (const url of ['/api/cart', '/api/cart/comments', '/api/orders/history', '/api/cart/delivery-days']) {
      const res = await call('GET', url, otherAgent.token);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
    }
    const refused = await call('POST', '/api/shipping-addresses/set-current', otherAgent.token, {
      shippingAddressId: alice.addressId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
    const listed = (await ok('GET', '/api/shipping-addresses', otherAgent.token)) as {
      shippingAddressId: number;
    }[];
    expect(listed.map((address) => address.shippingAddressId)).toEqual([carol.addressId]);

    // Acting for its own customer Carol, it sees and changes Carol's data only.
    await ok('POST', '/api/shipping-addresses/set-current', otherAgent.token, {
      shippingAddressId: carol.addressId,
    });
    await expectOwnReads(otherAgent.token, carol);
    await foreignWrites(otherAgent.token);
    expect(await aliceState()).toEqual(before);
  });

  it("Alice's own agent may act for her: her address, history, extended data and order again", async () => {
    await ok('POST', '/api/shipping-addresses/set-current', aliceAgent.token, {
      shippingAddressId: alice.addressId,
    });
    const history = (await ok('GET', '/api/orders/history', aliceAgent.token)) as OrderHistoryItem[];
    expect(history.map((order) => order.orderId)).toEqual([aliceOrderId]);
    const extended = (await ok('GET', `/api/customers/${alice.customerId}/extended`, aliceAgent.token)) as {
      data: { agentData: { currentShippingAddress: { customer: { name: string } } } };
    };
    expect(extended.data.agentData.currentShippingAddress.customer.name).toBe('Alice Kft.');
    await ok('POST', `/api/orders/${aliceOrderId}/order-again`, aliceAgent.token);
    // The agent's cart for Alice is its own: Alice's cart keeps its 2 pieces.
    const agentCart = (await ok('GET', '/api/cart', aliceAgent.token)) as CartResponse;
    expect(agentCart.customerId).toBe(alice.customerId);
    expect(agentCart.cartItems.map((item) => item.quantity)).toEqual([3]);
    const aliceCart = (await ok('GET', '/api/cart', alice.token)) as CartResponse;
    expect(aliceCart.cartItems.map((item) => item.quantity)).toEqual([2]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { CurrentShippingData, ShippingAddress } from '@shop/shared/contracts/shipping';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  insertAddress,
  insertAgent,
  insertBuyer,
  insertProduct,
  insertRoute,
} from '../cart/checkout-fixtures';

describe.each(TEST_DIALECTS)('shipping addresses on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T08:00:00Z'), methods: false, staff: true });
  const { call, db, ok } = world;

  const list = (token: string) => ok<ShippingAddress[]>('GET', '/api/shipping-addresses', token);
  const setCurrent = (token: string, shippingAddressId: unknown) =>
    call('POST', '/api/shipping-addresses/set-current', token, { shippingAddressId });
  const extended = (token: string) => call('GET', '/api/shipping-addresses/get-current-data-extended', token);
  const currentUserAddress = async (userId: number) =>
    (
      await db()
        .selectFrom('users')
        .select('current_shipping_address_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).current_shipping_address_id;

  it("lists a customer's active addresses and lets it choose one of its own", async () => {
    const routeId = await insertRoute(world.testDb.handle, {
      name: 'Szeged kedd-csütörtök',
      weekdays: '2,4',
      cutoffTime: '12:00',
      routeTime: '08:00-12:00',
    });
    const buyer = await insertBuyer(world.ctx, { name: 'Alma Kft.' });
    const second = await insertAddress(world.testDb.handle, buyer.customerId, {
      city: 'Debrecen',
      note: 'Hátsó bejárat',
      routeId,
      logisticsCost: 99000,
    });
    await insertAddress(world.testDb.handle, buyer.customerId, { city: 'Inaktív', isActive: false });

    let addresses = await list(buyer.token);
    expect(addresses.map((a) => [a.city, a.currentShippingAddress])).toEqual([
      ['Debrecen', false],
      ['Szeged', true],
    ]);
    expect(addresses[0]).toMatchObject({
      shippingAddressId: second,
      note: 'Hátsó bejárat',
      countryCode: 'HU',
      logisticsCost: 99000,
      routeName: 'Szeged kedd-csütörtök',
      customerId: buyer.customerId,
      customer: { name: 'Alma Kft.', billingAddress: { city: 'Budapest', zip: '1111' } },
    });

    const res = await setCurrent(buyer.token, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: true });
    addresses = await list(buyer.token);
    expect(addresses.find((a) => a.currentShippingAddress)?.shippingAddressId).toBe(second);

    const data = (await extended(buyer.token)).json() as CurrentShippingData;
    expect(data).toMatchObject({
      shippingAddressId: second,
      currentShippingAddress: true,
      city: 'Debrecen',
      note: 'Hátsó bejárat',
      countryCode: 'HU',
      logisticsCost: 99000,
      customerId: buyer.customerId,
      customer: { name: 'Alma Kft.', email: buyer.email, taxNumber: null },
      route: {
        name: 'Szeged kedd-csütörtök',
        weekdays: [2, 4],
        cutoffTime: '12:00',
        routeTime: '08:00-12:00',
      },
    });
    expect((await call('GET', '/api/cart', buyer.token)).json()).toMatchObject({ shippingAddressId: second });
  });

  it("refuses another customer's, an inactive or an unknown address and changes nothing", async () => {
    const buyer = await insertBuyer(world.ctx);
    const other = await insertBuyer(world.ctx);
    const inactive = await insertAddress(world.testDb.handle, buyer.customerId, { isActive: false });
    await setCurrent(buyer.token, buyer.addressId);
    for (const id of [other.addressId, inactive, 999_999]) {
      const res = await setCurrent(buyer.token, id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
    }
    expect(await currentUserAddress(buyer.userId)).toBe(buyer.addressId);
    for (const bad of ['abc', -1, null]) {
      const res = await setCurrent(buyer.token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    expect(await currentUserAddress(buyer.userId)).toBe(buyer.addressId);
    // Bob's list never shows Alice's addresses.
    expect((await list(other.token)).map((a) => a.shippingAddressId)).toEqual([other.addressId]);
  });

  it('answers ERR_NO_SHIPPING for a customer without any address', async () => {
    const buyer = await insertBuyer(world.ctx);
    await db().deleteFrom('shipping_addresses').where('customer_id', '=', buyer.customerId).execute();
    expect(await list(buyer.token)).toEqual([]);
    const res = await extended(buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_NO_SHIPPING' });
    expect((await call('GET', '/api/cart', buyer.token)).json()).toMatchObject({ shippingAddressId: null });
  });

  it("lets an agent pick an address of its customers, and decides the cart's customer by it", async () => {
    const agent = await insertAgent(world.ctx, { name: 'Kovács Ügynök' });
    const otherAgent = await insertAgent(world.ctx);
    const first = await insertBuyer(world.ctx, { agentUserId: agent.userId, name: 'Bükk Bt.' });
    const second = await insertBuyer(world.ctx, { agentUserId: agent.userId, name: 'Akác Kft.' });
    const foreign = await insertBuyer(world.ctx, { agentUserId: otherAgent.userId, name: 'Idegen Zrt.' });

    const addresses = await list(agent.token);
    expect(addresses.map((a) => [a.customer.name, a.shippingAddressId, a.currentShippingAddress])).toEqual([
      ['Akác Kft.', second.addressId, false],
      ['Bükk Bt.', first.addressId, false],
    ]);
    const none = await extended(agent.token);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });

    const refused = await setCurrent(agent.token, foreign.addressId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
    expect(await currentUserAddress(agent.userId)).toBeNull();

    expect((await setCurrent(agent.token, first.addressId)).json()).toEqual({ data: true });
    const data = (await extended(agent.token)).json() as CurrentShippingData;
    expect(data).toMatchObject({
      shippingAddressId: first.addressId,
      customerId: first.customerId,
      customer: { name: 'Bükk Bt.', email: first.email },
      route: null,
    });

    // The agent's cart for Bükk, then for Akác: two separate carts.
    const product = await insertProduct(world.testDb.handle);
    await call('POST', '/api/cart/set-product-quantity', agent.token, {
      productSku: product.sku,
      quantity: 2,
    });
    let cart = (await call('GET', '/api/cart', agent.token)).json() as CartResponse;
    expect(cart).toMatchObject({
      customerId: first.customerId,
      shippingAddressId: first.addressId,
      count: 1,
    });
    await setCurrent(agent.token, second.addressId);
    cart = (await call('GET', '/api/cart', agent.token)).json() as CartResponse;
    expect(cart).toMatchObject({ customerId: second.customerId, count: 0 });
    // The customer's own cart is not the agent's cart for it.
    expect(((await call('GET', '/api/cart', first.token)).json() as CartResponse).count).toBe(0);

    // When the customer moves to another agent, the address no longer counts.
    await db()
      .updateTable('customers')
      .set({ agent_user_id: otherAgent.userId })
      .where('id', '=', second.customerId)
      .execute();
    const moved = await call('GET', '/api/cart', agent.token);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
    expect((await list(agent.token)).every((a) => !a.currentShippingAddress)).toBe(true);
  });

  it('refuses staff and anonymous callers', async () => {
    const staff = world.staff;
    expect((await call('GET', '/api/shipping-addresses', staff.token)).statusCode).toBe(403);
    expect((await setCurrent(staff.token, 1)).statusCode).toBe(403);
    expect((await extended(staff.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/shipping-addresses')).statusCode).toBe(401);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { createAuth, type AuthUser } from '../../http/auth';
import { insertAddress, insertBuyer, type BuyerFixture } from '../cart/checkout-fixtures';
import { resolvePricingContext } from '../products/products.service';
import { resolveActingCustomer } from './acting-customer.service';

/**
 * The token check reads the user with its current address, customers and assortments in one
 * statement, and the request's acting customer and catalogue pricing are made from that row
 * (acting-customer.service.ts): no second read of the same user. A resolution after the first (the
 * handler may have written in between) or through another handle (a transaction) reads again.
 */
describe.each(TEST_DIALECTS)('acting customer from the token check (%s)', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T08:00:00Z'),
    outbox: false,
    countQueries: true,
  });
  let buyer: BuyerFixture;
  let otherAddress: number;

  beforeAll(async () => {
    buyer = await insertBuyer(world.ctx, { priceGroup: 'B', discountBp: 150 });
    otherAddress = await insertAddress(world.testDb.handle, buyer.customerId);
  });

  async function checkedUser(): Promise<AuthUser> {
    const checked = await createAuth(world.ctx).checkShopToken(buyer.token);
    if (!checked) throw new Error('the buyer token was refused');
    return checked.user;
  }

  async function setCurrentAddress(addressId: number): Promise<void> {
    await world
      .db()
      .updateTable('users')
      .set({ current_shipping_address_id: addressId })
      .where('id', '=', buyer.userId)
      .execute();
  }

  it('the token check, the acting customer and the pricing take one statement together', async () => {
    await setCurrentAddress(buyer.addressId);
    const { queries, result } = await world.queriesOf(async () => {
      const auth = await checkedUser();
      return {
        acting: await resolveActingCustomer(world.ctx, auth),
        pricing: await resolvePricingContext(world.ctx, auth),
      };
    });
    expect(queries).toBe(1);
    expect(result.acting).toMatchObject({
      userId: buyer.userId,
      customerId: buyer.customerId,
      shippingAddressId: buyer.addressId,
      priceGroup: 'B',
      discountBp: 150,
    });
    expect(result.pricing).toEqual({
      kind: 'customer',
      customerId: buyer.customerId,
      priceGroup: 'B',
      discountBp: 150,
      assortmentId: null,
    });
  });

  it('a second resolution in the same request reads the database again and sees a write made in between', async () => {
    await setCurrentAddress(buyer.addressId);
    const auth = await checkedUser();
    expect((await resolveActingCustomer(world.ctx, auth)).shippingAddressId).toBe(buyer.addressId);
    await setCurrentAddress(otherAddress);
    const { queries, result } = await world.queriesOf(() => resolveActingCustomer(world.ctx, auth));
    expect(queries).toBe(1);
    expect(result.shippingAddressId).toBe(otherAddress);
  });

  it('a resolution through a transaction reads through it, not the remembered row', async () => {
    await setCurrentAddress(buyer.addressId);
    const auth = await checkedUser();
    const seen = await world.ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ current_shipping_address_id: otherAddress })
        .where('id', '=', buyer.userId)
        .execute();
      return (await resolveActingCustomer(world.ctx, auth, trx)).shippingAddressId;
    });
    expect(seen).toBe(otherAddress);
  });
});

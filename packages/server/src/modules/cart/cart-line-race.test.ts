import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import { insertProducts, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, type ProductFixture } from './checkout-fixtures';

/**
 * Set-product-quantity's write is one statement on PostgreSQL (cart.repository.ts, writeCartLine: the
 * cart row, then its line, without a transaction around them) and two statements in the group commit
 * on SQLite. Raced: many quantities of one buyer at once, the first of them creating the cart. Every
 * write lands, on one cart, each with its own version, and no line is lost.
 */
describe.each(TEST_DIALECTS)('set-product-quantity raced on one cart (%s)', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T08:00:00Z'), outbox: false });
  let token: string;
  let userId: number;
  let products: ProductFixture[];

  beforeAll(async () => {
    const buyer = await insertBuyer(world.ctx);
    token = buyer.token;
    userId = buyer.userId;
    products = await insertProducts(world, 8, (index) => ({ stock: 1000, prices: [{ price: 500 + index }] }));
  });

  it('lands every write on one cart with its own version, and keeps every line', async () => {
    const same = products[0]!;
    const writes = [
      ...products.map((product) => ({ productSku: product.sku, quantity: 3 })),
      ...[4, 5, 6, 7].map((quantity) => ({ productSku: same.sku, quantity })),
      // Removing a line that another write of the race sets again: either order is a valid end.
      { productSku: products[1]!.sku, quantity: 0 },
    ];
    const answers = await Promise.all(
      writes.map((body) => world.call('POST', '/api/cart/set-product-quantity', token, body)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const versions = answers.map((answer) => (answer.json() as SetProductQuantityResponse).cart!.version);
    expect(new Set(versions).size).toBe(writes.length);
    expect(Math.max(...versions)).toBe(writes.length);

    const carts = await world
      .db()
      .selectFrom('carts')
      .select(['id', 'version'])
      .where('user_id', '=', userId)
      .execute();
    expect(carts).toHaveLength(1);
    expect(carts[0]!.version).toBe(writes.length);
    const cart = await world.ok<CartResponse>('GET', '/api/cart', token);
    const skus = new Set(cart.cartItemIds);
    for (const product of products.filter((p) => p !== products[1])) expect(skus.has(product.sku)).toBe(true);
    expect([3, 4, 5, 6, 7]).toContain(cart.cartItems.find((item) => item.product.sku === same.sku)!.quantity);
    // The answer with the highest version shows the cart as it is now.
    const last = answers
      .map((answer) => (answer.json() as SetProductQuantityResponse).cart!)
      .find((answered) => answered.version === writes.length)!;
    expect([...last.cartItemIds].sort()).toEqual([...cart.cartItemIds].sort());
  });
});

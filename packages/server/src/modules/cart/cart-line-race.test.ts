import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import { insertProducts, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, type ProductFixture } from './checkout-fixtures';

/**
 * Set-product-quantity's write is one statement on PostgreSQL (cart.repository.ts, writeCartLines: the
 * cart row, then its line, without a transaction around them; the clicks of one cart in separate
 * batches) and two statements in the group commit on SQLite. Raced: many quantities of one buyer at once, the first of them creating the cart. Every
 * write lands, on one cart, each with its own version, and no line is lost. On PostgreSQL the same
 * statement answers the lines after the write unless another write to the cart came between its
 * snapshot and its lock (then they are read again, and may show later writes too): no answer misses a
 * line its version holds or shows one that was never written.
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

  it('answers every raced write with every line of its own version and no line never written', async () => {
    const buyer = await insertBuyer(world.ctx);
    // Each write adds its own product (quantity 1 + index): the cart at version v holds exactly the
    // lines of the writes answered with versions 1..v.
    const answers = await Promise.all(
      products.map((product, index) =>
        world.call('POST', '/api/cart/set-product-quantity', buyer.token, {
          productSku: product.sku,
          quantity: index + 1,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const answered = answers.map((answer) => (answer.json() as SetProductQuantityResponse).cart!);
    const written = products.map((product, index) => ({
      sku: product.sku,
      quantity: index + 1,
      version: answered[index]!.version,
    }));
    expect(new Set(written.map((write) => write.version)).size).toBe(products.length);
    const everyLine = written.map((write) => `${write.sku}:${write.quantity}`);
    for (const cart of answered) {
      const lines = cart.cartItems.map((item) => `${item.product.sku}:${item.quantity}`);
      const held = written
        .filter((write) => write.version <= cart.version)
        .map((write) => `${write.sku}:${write.quantity}`);
      expect(lines, `answer at version ${cart.version}`).toEqual(expect.arrayContaining(held));
      expect(everyLine, `answer at version ${cart.version}`).toEqual(expect.arrayContaining(lines));
    }
  });
});

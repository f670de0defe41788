import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import { insertProducts, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, type ProductFixture } from './checkout-fixtures';
import { writeCartLine } from './cart.service';

/**
 * Set-product-quantity's writes of buyers who click together share one statement on PostgreSQL
 * (cart.service.ts writeCartLine, cart.repository.ts writeCartLines; one call per cart in a batch);
 * on SQLite they share the group commit's transaction. Raced here on both databases: several buyers,
 * each with repeated clicks on one product and clicks on others, all at once. Every write lands on its
 * own buyer's cart with its own version, no line is lost or crosses to another cart, and one buyer's
 * failing write fails only that buyer.
 */
describe.each(TEST_DIALECTS)('set-product-quantity of several buyers at once (%s)', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T08:00:00Z'), outbox: false });
  let products: ProductFixture[];

  beforeAll(async () => {
    products = await insertProducts(world, 5, (index) => ({ stock: 1000, prices: [{ price: 700 + index }] }));
  });

  it('lands every click of six buyers on its own cart, with its own version, and keeps every line', async () => {
    const buyers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => insertBuyer(world.ctx)));
    // Per buyer: a line of each of products 1–4 and four clicks on product 0 (one cart, several writes
    // in flight at once: the second click on a cart waits for the next batch).
    const clicksOf = (buyerIndex: number) => [
      ...products
        .slice(1)
        .map((product, index) => ({ productSku: product.sku, quantity: buyerIndex + index + 1 })),
      ...[10, 11, 12, 13].map((quantity) => ({
        productSku: products[0]!.sku,
        quantity: quantity + buyerIndex,
      })),
    ];
    const clicks = buyers.flatMap((buyer, buyerIndex) =>
      clicksOf(buyerIndex).map((body) => ({ buyer, buyerIndex, body })),
    );
    const answers = await Promise.all(
      clicks.map(({ buyer, body }) =>
        world.call('POST', '/api/cart/set-product-quantity', buyer.token, body),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    for (const [buyerIndex, buyer] of buyers.entries()) {
      const own = clicks.flatMap((click, index) => (click.buyer === buyer ? [answers[index]!] : []));
      const versions = own.map((answer) => (answer.json() as SetProductQuantityResponse).cart!.version);
      expect(new Set(versions).size, `buyer ${buyerIndex}`).toBe(own.length);
      expect(Math.max(...versions), `buyer ${buyerIndex}`).toBe(own.length);
      const carts = await world
        .db()
        .selectFrom('carts')
        .select(['id', 'version'])
        .where('user_id', '=', buyer.userId)
        .execute();
      expect(carts, `buyer ${buyerIndex}`).toEqual([{ id: expect.any(Number), version: own.length }]);
      const cart = await world.ok<CartResponse>('GET', '/api/cart', buyer.token);
      const lines = Object.fromEntries(cart.cartItems.map((item) => [item.product.sku, item.quantity]));
      // Products 1–4 at this buyer's quantities (no other buyer's line), product 0 at one of its clicks.
      expect(Object.keys(lines).sort(), `buyer ${buyerIndex}`).toEqual(products.map((p) => p.sku).sort());
      products.slice(1).forEach((product, index) => expect(lines[product.sku]).toBe(buyerIndex + index + 1));
      expect([10, 11, 12, 13].map((quantity) => quantity + buyerIndex)).toContain(lines[products[0]!.sku]);
      // The answer with the highest version shows the cart as it is now.
      const last = own
        .map((answer) => (answer.json() as SetProductQuantityResponse).cart!)
        .find((answered) => answered.version === own.length)!;
      expect(
        Object.fromEntries(last.cartItems.map((item) => [item.product.sku, item.quantity])),
        `buyer ${buyerIndex}`,
      ).toEqual(lines);
    }
  });

  it('fails only the buyer whose write fails; the writes sent with it land', async () => {
    const buyers = await Promise.all([0, 1, 2].map(() => insertBuyer(world.ctx)));
    const nowIso = world.ctx.now().toISOString();
    const line = (buyerIndex: number, productId: number) => ({
      userId: buyers[buyerIndex]!.userId,
      customerId: buyers[buyerIndex]!.customerId,
      productId,
      quantity: 2,
      nowIso,
    });
    // In one turn of the event loop: on PostgreSQL one batch, whose statement fails on the missing
    // product (its foreign key); nothing of it is written and each call is then written alone.
    const outcomes = await Promise.allSettled([
      writeCartLine(world.ctx.database, line(0, products[0]!.id)),
      writeCartLine(world.ctx.database, line(1, 987_654_321)),
      writeCartLine(world.ctx.database, line(2, products[2]!.id)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const itemsOf = (outcome: PromiseSettledResult<Awaited<ReturnType<typeof writeCartLine>>>) =>
      outcome.status === 'fulfilled'
        ? outcome.value.items.map((item) => [item.product_id, item.quantity])
        : null;
    expect(itemsOf(outcomes[0]!)).toEqual([[products[0]!.id, 2]]);
    expect(itemsOf(outcomes[2]!)).toEqual([[products[2]!.id, 2]]);
    const stored = await world
      .db()
      .selectFrom('cart_items as ci')
      .innerJoin('carts as c', 'c.id', 'ci.cart_id')
      .select(['c.user_id', 'ci.product_id', 'ci.quantity'])
      .where(
        'c.user_id',
        'in',
        buyers.map((buyer) => buyer.userId),
      )
      .orderBy('c.user_id')
      .execute();
    expect(stored).toEqual(
      [
        { user_id: buyers[0]!.userId, product_id: products[0]!.id, quantity: 2 },
        { user_id: buyers[2]!.userId, product_id: products[2]!.id, quantity: 2 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    // The failing buyer has no cart line (its cart row, if any, was rolled back with its line).
    expect(stored.some((row) => row.user_id === buyers[1]!.userId)).toBe(false);
  });
});

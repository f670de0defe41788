import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import { insertProducts, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, type ProductFixture } from './checkout-fixtures';

/**
 * The cart answers with a fixed, small number of SQL queries whatever the number of its lines (no
 * N+1), warm (the catalogue read model and the assortment membership already loaded): the round trips
 * are what a buyer waits for on PostgreSQL, where every query is a trip over the network and a
 * connection taken from the pool (issue 21: set-product-quantity on PostgreSQL). Counted through a
 * Kysely plugin on the app's database; a transaction's BEGIN and COMMIT are not queries Kysely sees.
 */
describe.each(TEST_DIALECTS)('SQL queries per cart request on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T08:00:00Z'),
    outbox: false,
    countQueries: true,
  });
  const { call, ok } = world;
  let token: string;
  let products: ProductFixture[];

  beforeAll(async () => {
    token = (await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.bankTransfer] })).token;
    products = await insertProducts(world, 12, (index) => ({
      stock: 500,
      prices: [{ price: 1000 + index }],
    }));
    // Shipping and payment chosen, so the cart's answer carries both methods.
    await ok('PUT', '/api/cart/shipping-method', token, { shippingMethodCode: 'home-delivery' });
    await ok('PUT', '/api/cart/payment-method', token, { paymentMethodId: world.methods.bankTransfer });
  });

  async function queriesOf(run: () => Promise<void>): Promise<number> {
    await run(); // warm: read model and caches loaded
    return (await world.queriesOf(run)).queries;
  }

  async function setQuantity(sku: string, quantity: number): Promise<SetProductQuantityResponse> {
    const res = await call('POST', '/api/cart/set-product-quantity', token, { productSku: sku, quantity });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SetProductQuantityResponse;
  }

  it('set-product-quantity and GET /api/cart take the same few queries for 1 line and for 12', async () => {
    const first = products[0]!;
    const oneLine = await queriesOf(async () => {
      const answer = await setQuantity(first.sku, 2);
      expect(answer.cart?.cartItems).toHaveLength(1);
    });
    const readOne = await queriesOf(async () => {
      const res = await call('GET', '/api/cart', token);
      expect((res.json() as CartResponse).cartItems).toHaveLength(1);
    });
    for (const product of products.slice(1)) await setQuantity(product.sku, 1);
    const twelveLines = await queriesOf(async () => {
      const answer = await setQuantity(first.sku, 3);
      expect(answer.cart?.cartItems).toHaveLength(12);
      expect(answer.cart?.currentShippingMethod?.code).toBe('home-delivery');
      expect(answer.cart?.currentPaymentMethod?.id).toBeGreaterThan(0);
    });
    const readTwelve = await queriesOf(async () => {
      const res = await call('GET', '/api/cart', token);
      expect((res.json() as CartResponse).cartItems).toHaveLength(12);
    });
    expect(twelveLines).toBe(oneLine);
    expect(readTwelve).toBe(readOne);
    // Before (issue 21's first pass): 15 on PostgreSQL (19 on SQLite) for set-product-quantity, 11 for
    // GET /api/cart; then 9 (13). Now (issue 18): the token's user, the acting customer, the cart's
    // context (methods, address, rules, assortment, settings) with the product's id and stock in one
    // statement (its other fields and prices from the cart's read model, the assortment's membership
    // cached per catalogue version), and the write (cart row, line, lines with stock). On SQLite the
    // group commit's savepoint and its transaction's statements pass through Kysely too (4 more).
    // Since 28 November 2026 the token check's statement reads the acting customer with the user
    // (acting-customer.service.ts): one statement less; and on PostgreSQL the cart row and its line are
    // written by one statement without BEGIN/COMMIT around it (cart.repository.ts, writeCartLine).
    // Since 29 November 2026 that statement also answers the cart's lines after the write on PostgreSQL
    // (writeCartLines): token check, context, write.
    expect(oneLine).toBe(dialect === 'sqlite' ? 9 : 3);
    // The token's user with the acting customer, the cart's context and its lines with stock.
    expect(readOne).toBeLessThanOrEqual(3);
  });

  it('buyers setting quantities at once each get their own cart; on PostgreSQL their reads and writes share statements', async () => {
    const buyers = await Promise.all(
      [0, 1, 2, 3].map(async (index) => ({
        token: (await insertBuyer(world.ctx, { name: `Concurrent buyer ${index}` })).token,
        product: products[index]!,
      })),
    );
    // Warm: each buyer's first line (read model, assortment membership and the process's caches).
    for (const { token: own, product } of buyers) {
      await call('POST', '/api/cart/set-product-quantity', own, { productSku: product.sku, quantity: 1 });
    }
    const { queries, result } = await world.queriesOf(() =>
      Promise.all(
        buyers.map(({ token: own, product }, index) =>
          call('POST', '/api/cart/set-product-quantity', own, {
            productSku: product.sku,
            quantity: 2 + index,
          }),
        ),
      ),
    );
    expect(result.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      result.map((res) =>
        (res.json() as SetProductQuantityResponse).cart?.cartItems.map((line) => [
          line.product.sku,
          line.quantity,
        ]),
      ),
    ).toEqual(buyers.map(({ product }, index) => [[product.sku, 2 + index]]));
    // SQLite: 9 statements each (above), but its group commit writes the four in one transaction (one
    // BEGIN and COMMIT for all). PostgreSQL: the four token checks in one statement, the four contexts
    // in one more (decision 0027), and since 29 November 2026 (afternoon) the four writes in one more
    // (cart.repository.ts, writeCartLines).
    expect(queries).toBe(dialect === 'sqlite' ? 4 * 9 - 3 * 2 : 1 + 1 + 1);
  });
});

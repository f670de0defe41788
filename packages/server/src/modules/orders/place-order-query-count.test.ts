import { beforeAll, describe, expect, it } from 'vitest';
import { insertProducts, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, insertRoute, type ProductFixture } from '../cart/checkout-fixtures';

/**
 * Place-order's SQL statements (issue 14, speed): what the order's transaction reads besides the
 * lines is a fixed number of queries, and each line adds only its guarded stock decrement (taken one
 * by one in product id order, so that concurrent orders never lock each other in a cycle). Counted
 * through a Kysely plugin on the app's database, as in cart-query-count.test.ts; the outbox's
 * dispatcher is off, so only the request's own statements count.
 */
describe.each(TEST_DIALECTS)('SQL statements of place-order on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T09:00:00Z'),
    outbox: false,
    countQueries: true,
  });
  let token: string;
  let products: ProductFixture[];

  beforeAll(async () => {
    const routeId = await insertRoute(world.testDb.handle, { weekdays: '1,2,3,4,5', cutoffTime: '14:00' });
    token = (await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.bankTransfer], routeId })).token;
    products = await insertProducts(world, 8, (index) => ({
      stock: 1000,
      prices: [{ price: 1000 + index }],
    }));
  });

  /** Fills the cart with `lines` products and places it; answers the statements of place-order alone. */
  async function placeCounted(lines: number): Promise<number> {
    await world.fillCart(
      token,
      products.slice(0, lines).map((product) => [product, 2]),
      { paymentMethodId: world.methods.bankTransfer },
    );
    const { queries, result: res } = await world.queriesOf(() =>
      world.call('POST', '/api/orders/place-order', token, {}),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: unknown }).data, res.body).toBe(true);
    return queries;
  }

  it('takes a fixed number of statements plus one stock decrement per line', async () => {
    await placeCounted(1); // warm: read model and caches loaded
    const one = await placeCounted(1);
    const eight = await placeCounted(8);
    expect(eight - one).toBe(7);
    // 29 on SQLite (25 on PostgreSQL) for one line before this pass. Now the shop's two settings in
    // one query, the customer row read once (locked for the credit check), the company login's limits
    // with the acting user, and the lines' photos with their products. On SQLite the group commit's
    // transaction and savepoint statements pass through Kysely too (4 more).
    expect(one).toBeLessThanOrEqual(dialect === 'sqlite' ? 26 : 22);
  });
});

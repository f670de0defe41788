import { describe, expect, it } from 'vitest';
import type { MoveOrderListItemResponse, OrderListDetail } from '@shop/shared/contracts/order-lists';
import { ORDER_LIST_MAX_LINES } from '@shop/shared/contracts/order-lists';
import { numberColumnOf } from '../../../test/fixtures-rows';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertBuyer, insertProduct } from '../cart/checkout-fixtures';

/**
 * Moving a line from one saved order list to another (issue 16 point 5, docs/product.md §3.11) on
 * both databases: the pieces join the target's line or become its last line, the line leaves the
 * source, in one transaction; refusals change nothing; two moves of the same line at once move it
 * once, and moves in both directions at once do not deadlock.
 */
describe.each(TEST_DIALECTS)('moving order-list lines on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T08:00:00Z'),
    methods: false,
    outbox: false,
  });
  const { call, ok } = world;
  const create = (token: string, name: string, items: { sku: string; quantity: number }[]) =>
    ok<OrderListDetail>('POST', '/api/order-lists', token, { name, items });
  /** SKU and pieces of a list's lines in their order, from the database. */
  const linesOf = async (listId: number) =>
    (
      await world.testDb.handle.db
        .selectFrom('order_list_items as i')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .select(['p.sku', 'i.quantity'])
        .where('i.list_id', '=', listId)
        .orderBy('i.position')
        .execute()
    ).map((row) => [row.sku, Number(row.quantity)]);
  const versionOf = (listId: number) =>
    numberColumnOf(world.testDb.handle.db, 'order_lists', 'version', listId);

  it("moves a line: a new last line of the target, or added to the target's line of the product", async () => {
    const buyer = await insertBuyer(world.ctx);
    const [a, b, c] = [
      await insertProduct(world.testDb.handle),
      await insertProduct(world.testDb.handle),
      await insertProduct(world.testDb.handle),
    ];
    const monday = await create(buyer.token, 'Hétfő', [
      { sku: a.sku, quantity: 6 },
      { sku: b.sku, quantity: 2 },
      { sku: c.sku, quantity: 1 },
    ]);
    const friday = await create(buyer.token, 'Péntek', [{ sku: c.sku, quantity: 4 }]);

    const moved = await ok<MoveOrderListItemResponse>(
      'POST',
      `/api/order-lists/${monday.id}/move`,
      buyer.token,
      {
        sku: a.sku,
        toListId: friday.id,
      },
    );
    expect(moved.from.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      [b.sku, 2],
      [c.sku, 1],
    ]);
    expect(moved.from.itemCount).toBe(2);
    expect(moved.to).toMatchObject({ id: friday.id, name: 'Péntek', itemCount: 2 });
    expect(await linesOf(friday.id)).toEqual([
      [c.sku, 4],
      [a.sku, 6],
    ]);
    // The same product in the target: the pieces are added to its line.
    await ok('POST', `/api/order-lists/${monday.id}/move`, buyer.token, { sku: c.sku, toListId: friday.id });
    expect(await linesOf(monday.id)).toEqual([[b.sku, 2]]);
    expect(await linesOf(friday.id)).toEqual([
      [c.sku, 5],
      [a.sku, 6],
    ]);
  });

  it('refuses a move it cannot make with a code, changing nothing', async () => {
    const buyer = await insertBuyer(world.ctx);
    const stranger = await insertBuyer(world.ctx);
    const a = await insertProduct(world.testDb.handle);
    const b = await insertProduct(world.testDb.handle);
    const own = await create(buyer.token, 'Saját', [{ sku: a.sku, quantity: 3 }]);
    const other = await create(buyer.token, 'Másik', []);
    const foreign = await create(stranger.token, 'Idegen', [{ sku: a.sku, quantity: 9 }]);
    const before = [await linesOf(own.id), await linesOf(other.id), await linesOf(foreign.id)];
    const versions = [await versionOf(own.id), await versionOf(other.id), await versionOf(foreign.id)];
    const cases: [number, unknown, number, Record<string, unknown>][] = [
      [own.id, { sku: a.sku, toListId: foreign.id }, 404, { error: 'ERR_ORDER_LIST_NOT_FOUND' }],
      [foreign.id, { sku: a.sku, toListId: own.id }, 404, { error: 'ERR_ORDER_LIST_NOT_FOUND' }],
      [own.id, { sku: a.sku, toListId: 2147483000 }, 404, { error: 'ERR_ORDER_LIST_NOT_FOUND' }],
      [
        own.id,
        { sku: a.sku, toListId: own.id },
        400,
        { error: 'ERR_VALIDATION', params: { field: 'toListId' } },
      ],
      [
        own.id,
        { sku: b.sku, toListId: other.id },
        404,
        { error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: b.sku } },
      ],
      [own.id, { sku: 'NO-SUCH-SKU', toListId: other.id }, 404, { error: 'ERR_PRODUCT_NOT_FOUND' }],
      [own.id, { sku: a.sku, toListId: '2' }, 400, { error: 'ERR_VALIDATION' }],
      [own.id, { sku: a.sku, toListId: 0 }, 400, { error: 'ERR_VALIDATION' }],
      [own.id, { sku: a.sku, toListId: 1.5 }, 400, { error: 'ERR_VALIDATION' }],
      [own.id, { sku: '', toListId: other.id }, 400, { error: 'ERR_VALIDATION' }],
      [own.id, { sku: 'x'.repeat(65), toListId: other.id }, 400, { error: 'ERR_VALIDATION' }],
      [own.id, { toListId: other.id }, 400, { error: 'ERR_VALIDATION' }],
    ];
    for (const [from, body, status, answer] of cases) {
      const res = await call('POST', `/api/order-lists/${from}/move`, buyer.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toMatchObject(answer);
    }
    expect([await linesOf(own.id), await linesOf(other.id), await linesOf(foreign.id)]).toEqual(before);
    expect([await versionOf(own.id), await versionOf(other.id), await versionOf(foreign.id)]).toEqual(
      versions,
    );
  });

  it('refuses a move into a list already holding 500 other products, changing nothing', async () => {
    const buyer = await insertBuyer(world.ctx);
    const extra = await insertProduct(world.testDb.handle);
    const full = await create(buyer.token, 'Tele', []);
    const products = await world.testDb.handle.db
      .insertInto('products')
      .values(
        Array.from({ length: ORDER_LIST_MAX_LINES }, (_, i) => ({
          sku: `FULL-${dialect}-${i}`,
          vat: 27,
          weight: 1,
          stock: 1,
          is_active: 1,
          is_orderable: 1,
          order_quantity_step: 1,
          search_text: `full-${i}`,
        })),
      )
      .returning('id')
      .execute();
    await world.testDb.handle.db
      .insertInto('order_list_items')
      .values(products.map((p, position) => ({ list_id: full.id, product_id: p.id, quantity: 1, position })))
      .execute();
    const source = await create(buyer.token, 'Forrás', [{ sku: extra.sku, quantity: 2 }]);
    const res = await call('POST', `/api/order-lists/${source.id}/move`, buyer.token, {
      sku: extra.sku,
      toListId: full.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', params: { field: 'toListId', max: 500 } });
    expect(await linesOf(source.id)).toEqual([[extra.sku, 2]]);
    expect((await linesOf(full.id)).length).toBe(ORDER_LIST_MAX_LINES);
  });

  it('two moves of the same line at once move it once; moves in both directions at once both happen', async () => {
    const buyer = await insertBuyer(world.ctx);
    const a = await insertProduct(world.testDb.handle);
    const b = await insertProduct(world.testDb.handle);
    for (let round = 0; round < 5; round += 1) {
      const from = await create(buyer.token, `Verseny ${round} A`, [{ sku: a.sku, quantity: 7 }]);
      const to = await create(buyer.token, `Verseny ${round} B`, [{ sku: a.sku, quantity: 1 }]);
      const answers = await Promise.all(
        [0, 1].map(() =>
          call('POST', `/api/order-lists/${from.id}/move`, buyer.token, { sku: a.sku, toListId: to.id }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(answers.find((r) => r.statusCode === 404)!.json()).toEqual({
        error: 'ERR_PRODUCT_NOT_FOUND',
        params: { sku: a.sku },
      });
      expect(await linesOf(from.id)).toEqual([]);
      expect(await linesOf(to.id)).toEqual([[a.sku, 8]]);
    }
    // A→B and B→A at once (locks taken in the same order): both lines change sides.
    const left = await create(buyer.token, 'Bal', [{ sku: a.sku, quantity: 3 }]);
    const right = await create(buyer.token, 'Jobb', [{ sku: b.sku, quantity: 4 }]);
    const crossed = await Promise.all([
      call('POST', `/api/order-lists/${left.id}/move`, buyer.token, { sku: a.sku, toListId: right.id }),
      call('POST', `/api/order-lists/${right.id}/move`, buyer.token, { sku: b.sku, toListId: left.id }),
    ]);
    expect(crossed.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await linesOf(left.id)).toEqual([[b.sku, 4]]);
    expect(await linesOf(right.id)).toEqual([[a.sku, 3]]);
  });
});

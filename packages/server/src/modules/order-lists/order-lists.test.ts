import { describe, expect, it } from 'vitest';
import type { CartAdditionResponse, CartResponse } from '@shop/shared/contracts/cart';
import type {
  ImportOrderListResponse,
  OrderListDetail,
  OrderListSummary,
} from '@shop/shared/contracts/order-lists';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildCsv, buildXlsx } from '../admin-catalogue/import-file';
import {
  insertAgent,
  insertBuyer,
  insertProduct,
  insertStaff,
  tokenFor,
  type BuyerFixture,
} from '../cart/checkout-fixtures';

describe.each(TEST_DIALECTS)('order lists on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T08:00:00Z'),
    methods: false,
    outbox: false,
  });
  const { call, ok } = world;
  const create = (token: string, body: Record<string, unknown>) =>
    ok<OrderListDetail>('POST', '/api/order-lists', token, body);
  const cartOf = (token: string) => ok<CartResponse>('GET', '/api/cart', token);
  const listRows = (customerId: number) =>
    world.testDb.handle.db
      .selectFrom('order_lists')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  const itemRows = (listId: number) =>
    world.testDb.handle.db
      .selectFrom('order_list_items')
      .select(['product_id', 'quantity', 'position'])
      .where('list_id', '=', listId)
      .orderBy('position')
      .execute();

  /** A second user of the buyer's customer. */
  async function colleagueOf(buyer: BuyerFixture): Promise<string> {
    const user = await world.testDb.handle.db
      .insertInto('users')
      .values({
        email: `colleague-${buyer.userId}-${Date.now()}@example.com`,
        password_hash: 'not-a-real-hash',
        role: 'customer',
        name: 'Kolléga',
        customer_id: buyer.customerId,
        is_active: 1,
        email_verified_at: new Date().toISOString(),
        approved_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tokenFor(world.ctx, { userId: user.id, customerId: buyer.customerId, role: 'customer' });
  }

  it('creates, lists, renames and deletes lists of the customer, shared by its users', async () => {
    const buyer = await insertBuyer(world.ctx);
    const colleague = await colleagueOf(buyer);
    expect(await ok<OrderListSummary[]>('GET', '/api/order-lists', buyer.token)).toEqual([]);

    const monday = await create(buyer.token, { name: '  Hétfő  ' });
    expect(monday).toMatchObject({ name: 'Hétfő', itemCount: 0, version: 0, lines: [], totalGross: 0 });
    const friday = await create(colleague, { name: 'Péntek' });

    // The colleague sees both, by name.
    const seen = await ok<OrderListSummary[]>('GET', '/api/order-lists', colleague);
    expect(seen.map((l) => l.name)).toEqual(['Hétfő', 'Péntek']);

    // Names are unique within the customer (also on rename), not across customers.
    const dup = await call('POST', '/api/order-lists', colleague, { name: 'Hétfő' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_ORDER_LIST_NAME_TAKEN' });
    const other = await insertBuyer(world.ctx);
    await create(other.token, { name: 'Hétfő' });
    const clash = await call('PATCH', `/api/order-lists/${friday.id}`, buyer.token, { name: 'Hétfő' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'ERR_ORDER_LIST_NAME_TAKEN' });

    const renamed = await ok<OrderListSummary>('PATCH', `/api/order-lists/${friday.id}`, buyer.token, {
      name: 'Csütörtök',
    });
    expect(renamed).toMatchObject({ id: friday.id, name: 'Csütörtök', version: 1 });

    const empty = await call('PATCH', `/api/order-lists/${friday.id}`, buyer.token, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'ERR_VALIDATION' });

    expect(await ok('DELETE', `/api/order-lists/${monday.id}`, colleague)).toEqual({ data: true });
    const gone = await call('GET', `/api/order-lists/${monday.id}`, buyer.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'ERR_ORDER_LIST_NOT_FOUND' });
    expect((await listRows(buyer.customerId)).map((r) => r.name)).toEqual(['Csütörtök']);
  });

  it('replaces the lines, sums a SKU given twice and refuses an unknown SKU without changing anything', async () => {
    const buyer = await insertBuyer(world.ctx);
    const a = await insertProduct(world.testDb.handle);
    const b = await insertProduct(world.testDb.handle);
    const list = await create(buyer.token, { name: 'Heti' });
    const put = await ok<OrderListDetail>('PUT', `/api/order-lists/${list.id}/items`, buyer.token, [
      { sku: b.sku, quantity: 3 },
      { sku: a.sku, quantity: 2 },
      { sku: b.sku, quantity: 4 },
    ]);
    expect(put.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      [b.sku, 7],
      [a.sku, 2],
    ]);
    expect(put.version).toBe(1);

    const before = await itemRows(list.id);
    const unknown = await call('PUT', `/api/order-lists/${list.id}/items`, buyer.token, [
      { sku: a.sku, quantity: 1 },
      { sku: 'NINCS-ILYEN', quantity: 1 },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: 'NINCS-ILYEN' } });
    const bad = await call('PUT', `/api/order-lists/${list.id}/items`, buyer.token, [
      { sku: a.sku, quantity: 0 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(await itemRows(list.id)).toEqual(before);

    const emptied = await ok<OrderListDetail>('PUT', `/api/order-lists/${list.id}/items`, buyer.token, []);
    expect(emptied.lines).toEqual([]);
    expect(await itemRows(list.id)).toEqual([]);
  });

  it("shows the acting customer's prices and stock of now and flags lines no longer orderable", async () => {
    const buyer = await insertBuyer(world.ctx, { priceGroup: 'A', discountBp: 1000 });
    const priced = await insertProduct(world.testDb.handle, {
      stock: 40,
      prices: [{ price: 10000 }, { price: 9000, priceGroup: 'A' }],
    });
    const inactive = await insertProduct(world.testDb.handle);
    const soldOut = await insertProduct(world.testDb.handle, { stock: 0 });
    const blocked = await insertProduct(world.testDb.handle);
    const noPrice = await insertProduct(world.testDb.handle, { prices: [] });
    const list = await create(buyer.token, {
      name: 'Vegyes',
      items: [priced, inactive, soldOut, blocked, noPrice].map((p) => ({ sku: p.sku, quantity: 2 })),
    });
    expect(list.lines[0]).toMatchObject({
      quantity: 2,
      price: 8100,
      currentPrice: 8100,
      lineGross: 16200,
      orderable: true,
      problem: null,
      product: { sku: priced.sku, stock: 40 },
    });
    // Sold out and without a price from the start.
    expect(list.notOrderableCount).toBe(2);

    // Later the products change: the list shows it at once.
    const db = world.testDb.handle.db;
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    await db.updateTable('products').set({ is_orderable: 0 }).where('id', '=', blocked.id).execute();
    await db.updateTable('products').set({ stock: 5 }).where('id', '=', priced.id).execute();
    const detail = await ok<OrderListDetail>('GET', `/api/order-lists/${list.id}`, buyer.token);
    expect(detail.lines.map((l) => [l.product.sku, l.orderable, l.problem])).toEqual([
      [priced.sku, true, null],
      [inactive.sku, false, 'inactive'],
      [soldOut.sku, false, 'out_of_stock'],
      [blocked.sku, false, 'not_orderable'],
      [noPrice.sku, false, 'no_price'],
    ]);
    expect(detail.lines[0]!.product.stock).toBe(5);
    expect(detail.notOrderableCount).toBe(4);
    expect(detail.totalGross).toBe(16200);
    const summary = await ok<OrderListSummary[]>('GET', '/api/order-lists', buyer.token);
    expect(summary.find((l) => l.id === list.id)?.itemCount).toBe(5);
  });

  it("makes a list from one of the customer's orders, never from another customer's", async () => {
    const buyer = await insertBuyer(world.ctx);
    const other = await insertBuyer(world.ctx);
    const a = await insertProduct(world.testDb.handle);
    const b = await insertProduct(world.testDb.handle);
    const db = world.testDb.handle.db;
    const order = await db
      .insertInto('orders')
      .values({
        customer_id: buyer.customerId,
        user_id: buyer.userId,
        source_cart_id: 900000 + buyer.customerId,
        source_cart_version: 1,
        shipping_method_code: 'pickup',
        shipping_method_name: 'Személyes átvétel',
        payment_method_code: 'cash',
        payment_method_name: 'Készpénz',
        customer_name: buyer.name,
        customer_email: buyer.email,
        billing_country: 'Magyarország',
        billing_zip: '1111',
        billing_city: 'Budapest',
        billing_apt_suite: 'Fő utca 1.',
        items_sum_gross: 0,
        items_sum_net: 0,
        items_count: 3,
        items_pieces: 9,
        items_weight: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        [
          { product_id: a.id, sku: a.sku, quantity: 4 },
          { product_id: b.id, sku: b.sku, quantity: 3 },
          { product_id: null, sku: 'TOROLT-1', quantity: 2 },
        ].map((line) => ({
          order_id: order.id,
          ...line,
          name: 'Termék',
          unit_price: 10000,
          vat: 27,
          weight: 500,
          line_gross: 10000 * line.quantity,
          line_net: Math.round((10000 * line.quantity) / 1.27),
        })),
      )
      .execute();

    const list = await create(buyer.token, { name: 'A rendelésből', fromOrderId: order.id });
    expect(list.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      [a.sku, 4],
      [b.sku, 3],
    ]);
    const foreign = await call('POST', '/api/order-lists', other.token, {
      name: 'Lopott',
      fromOrderId: order.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'NOT_FOUND' });
    expect(await listRows(other.customerId)).toEqual([]);
    const both = await call('POST', '/api/order-lists', buyer.token, {
      name: 'Kettő',
      fromOrderId: order.id,
      items: [{ sku: a.sku, quantity: 1 }],
    });
    expect(both.statusCode).toBe(400);
  });

  /** What the import tests work on: a buyer, a product `a`, and a product `b` sold by the piece and by the carton. */
  async function importWorld(pieceBarcode: string, carton: { pieces: number; barcode: string }) {
    const buyer = await insertBuyer(world.ctx);
    const a = await insertProduct(world.testDb.handle);
    const b = await insertProduct(world.testDb.handle, {
      packs: [
        { unit: 'piece', pieces: 1, barcode: pieceBarcode },
        { unit: 'carton', ...carton },
      ],
    });
    return { buyer, a, b };
  }

  it('imports lines of SKU or barcode and quantity, adding to the list and naming the rejected lines', async () => {
    const { buyer, a, b } = await importWorld('5990000000017', { pieces: 12, barcode: '5990000000024' });
    const list = await create(buyer.token, { name: 'Import', items: [{ sku: a.sku, quantity: 1 }] });
    const answer = await ok<ImportOrderListResponse>(
      'POST',
      `/api/order-lists/${list.id}/import`,
      buyer.token,
      {
        lines: `${a.sku.toLowerCase()};5\n5990000000024;2\nISMERETLEN;3\n${b.sku};x`,
      },
    );
    expect(answer.added).toEqual([
      { line: 1, code: a.sku.toLowerCase(), sku: a.sku, quantity: 5 },
      { line: 2, code: '5990000000024', sku: b.sku, quantity: 24 },
    ]);
    expect(answer.rejected).toEqual([
      { line: 3, code: 'ISMERETLEN', reason: 'ERR_PRODUCT_NOT_FOUND' },
      { line: 4, code: b.sku, reason: 'ERR_VALIDATION' },
    ]);
    expect(answer.list.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      [a.sku, 6],
      [b.sku, 24],
    ]);
  });

  it('imports a CSV or XLSX file of SKU or barcode and quantity, skipping its header row', async () => {
    const { buyer, a, b } = await importWorld('5990000000031', { pieces: 6, barcode: '5990000000048' });
    const list = await create(buyer.token, { name: 'Fájlból' });
    const send = (
      format: string,
      type: string,
      payload: string | Buffer,
      listId = list.id,
      token = buyer.token,
    ) =>
      world.app.inject({
        method: 'POST',
        url: `/api/order-lists/${listId}/import-file?format=${format}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        payload,
      });
    const csv = buildCsv([
      ['Cikkszám', 'Mennyiség'],
      [a.sku, '3'],
      ['5990000000048', '2'],
      ['NINCS', '1'],
      ['', ''],
    ]);
    const first = await send('csv', 'text/csv', csv);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json() as ImportOrderListResponse;
    expect(answer.added).toEqual([
      { line: 2, code: a.sku, sku: a.sku, quantity: 3 },
      { line: 3, code: '5990000000048', sku: b.sku, quantity: 12 },
    ]);
    expect(answer.rejected).toEqual([{ line: 4, code: 'NINCS', reason: 'ERR_PRODUCT_NOT_FOUND' }]);

    const xlsx = await buildXlsx(
      ['SKU', 'Quantity'],
      [
        [b.sku, '1'],
        [a.sku, ''],
      ],
    );
    const second = await send(
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      Buffer.from(xlsx),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(
      (second.json() as ImportOrderListResponse).list.lines.map((l) => [l.product.sku, l.quantity]),
    ).toEqual([
      [a.sku, 4],
      [b.sku, 13],
    ]);

    const before = await itemRows(list.id);
    const broken = await send(
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'not a zip',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'ERR_IMPORT_FILE' });
    const stranger = await insertBuyer(world.ctx);
    const foreign = await send('csv', 'text/csv', csv, list.id, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'ERR_ORDER_LIST_NOT_FOUND' });
    expect(await itemRows(list.id)).toEqual(before);
  });

  it('puts a list into the cart through the quantity correction, with the warnings per line', async () => {
    const buyer = await insertBuyer(world.ctx);
    const plain = await insertProduct(world.testDb.handle, { stock: 100 });
    const stepped = await insertProduct(world.testDb.handle, { stock: 100, step: 5 });
    const short = await insertProduct(world.testDb.handle, { stock: 3 });
    const inactive = await insertProduct(world.testDb.handle);
    const list = await create(buyer.token, {
      name: 'Kosárba',
      items: [
        { sku: plain.sku, quantity: 4 },
        { sku: stepped.sku, quantity: 7 },
        { sku: short.sku, quantity: 10 },
        { sku: inactive.sku, quantity: 1 },
      ],
    });
    await world.testDb.handle.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('id', '=', inactive.id)
      .execute();
    await ok('POST', '/api/cart/set-product-quantity', buyer.token, { productSku: plain.sku, quantity: 1 });

    const answer = await ok<CartAdditionResponse>('POST', `/api/order-lists/${list.id}/to-cart`, buyer.token);
    expect(answer.added).toEqual([
      { line: 1, code: plain.sku, sku: plain.sku, requested: 4, quantity: 4, cartQuantity: 5 },
    ]);
    expect(answer.corrected.map((c) => [c.sku, c.cartQuantity, c.warnings])).toEqual([
      [stepped.sku, 10, ['order_quantity_step_correction']],
      [short.sku, 3, ['quantity_to_order_is_not_available']],
    ]);
    expect(answer.rejected).toEqual([{ line: 4, code: inactive.sku, reason: 'ERR_PRODUCT_NOT_ORDERABLE' }]);
    const cart = await cartOf(buyer.token);
    expect(cart.cartItems.map((i) => [i.product.sku, i.quantity]).sort()).toEqual(
      [
        [plain.sku, 5],
        [stepped.sku, 10],
        [short.sku, 3],
      ].sort(),
    );
    // The list itself is unchanged.
    expect((await itemRows(list.id)).map((r) => r.quantity)).toEqual([4, 7, 10, 1]);
  });

  it('shows an agent the lists of the customer it acts for, and only those', async () => {
    const agent = await insertAgent(world.ctx);
    const customer = await insertBuyer(world.ctx, { agentUserId: agent.userId });
    const stranger = await insertBuyer(world.ctx);
    const own = await create(customer.token, { name: 'Ügyfél listája' });
    const strangers = await create(stranger.token, { name: 'Idegen lista' });

    const noAddress = await call('GET', '/api/order-lists', agent.token);
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json()).toMatchObject({ error: 'ERR_NO_CURRENT_SHIPPING' });

    await world.testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: customer.addressId })
      .where('id', '=', agent.userId)
      .execute();
    const lists = await ok<OrderListSummary[]>('GET', '/api/order-lists', agent.token);
    expect(lists.map((l) => l.id)).toEqual([own.id]);
    await ok('PATCH', `/api/order-lists/${own.id}`, agent.token, { name: 'Ügynök nevezte át' });
    const refused = await call('GET', `/api/order-lists/${strangers.id}`, agent.token);
    expect(refused.statusCode).toBe(404);

    const staff = await insertStaff(world.ctx);
    const staffAnswer = await call('GET', '/api/order-lists', staff.token);
    expect(staffAnswer.statusCode).toBe(403);
  });

  it("never shows or changes another customer's list on any path", async () => {
    const owner = await insertBuyer(world.ctx);
    const intruder = await insertBuyer(world.ctx);
    const product = await insertProduct(world.testDb.handle);
    const list = await create(owner.token, {
      name: 'Titkos-8812',
      items: [{ sku: product.sku, quantity: 2 }],
    });
    const listBefore = await listRows(owner.customerId);
    const itemsBefore = await itemRows(list.id);
    const paths: [string, string, unknown][] = [
      ['GET', `/api/order-lists/${list.id}`, undefined],
      ['PATCH', `/api/order-lists/${list.id}`, { name: 'Elvett' }],
      ['DELETE', `/api/order-lists/${list.id}`, undefined],
      ['PUT', `/api/order-lists/${list.id}/items`, [{ sku: product.sku, quantity: 9 }]],
      ['PUT', `/api/order-lists/${list.id}/items`, [{ sku: 'NINCS-ILYEN', quantity: 9 }]],
      ['POST', `/api/order-lists/${list.id}/import`, { lines: `${product.sku};9` }],
      ['POST', `/api/order-lists/${list.id}/to-cart`, undefined],
    ];
    for (const [method, url, body] of paths) {
      const res = await call(method as 'GET', url, intruder.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ error: 'ERR_ORDER_LIST_NOT_FOUND' });
      expect(res.body).not.toContain('Titkos-8812');
    }
    const index = await ok<OrderListSummary[]>('GET', '/api/order-lists', intruder.token);
    expect(index).toEqual([]);
    expect(await listRows(owner.customerId)).toEqual(listBefore);
    expect(await itemRows(list.id)).toEqual(itemsBefore);
    expect((await cartOf(intruder.token)).cartItems).toEqual([]);
  });

  it('two to-cart calls at once leave a consistent cart: the rules hold and the stock is never overcommitted', async () => {
    const buyer = await insertBuyer(world.ctx);
    const scarce = await insertProduct(world.testDb.handle, { stock: 10 });
    const stepped = await insertProduct(world.testDb.handle, { stock: 1000, step: 5 });
    const list = await create(buyer.token, {
      name: 'Verseny',
      items: [
        { sku: scarce.sku, quantity: 6 },
        { sku: stepped.sku, quantity: 5 },
      ],
    });
    for (let round = 0; round < 3; round += 1) {
      await call('DELETE', '/api/cart/delete', buyer.token);
      const answers = await Promise.all([
        ok<CartAdditionResponse>('POST', `/api/order-lists/${list.id}/to-cart`, buyer.token),
        ok<CartAdditionResponse>('POST', `/api/order-lists/${list.id}/to-cart`, buyer.token),
      ]);
      const cart = await cartOf(buyer.token);
      const quantity = (sku: string) => cart.cartItems.find((i) => i.product.sku === sku)?.quantity;
      expect(quantity(scarce.sku)).toBe(10);
      expect(quantity(stepped.sku)).toBe(10);
      // What the two answers say they added is what the cart holds.
      const addedOf = (sku: string) =>
        answers
          .flatMap((a) => [...a.added, ...a.corrected])
          .filter((line) => line.sku === sku)
          .reduce((sum, line) => sum + line.quantity, 0);
      expect(addedOf(scarce.sku)).toBe(10);
      expect(addedOf(stepped.sku)).toBe(10);
      const warned = answers.flatMap((a) => a.corrected).filter((c) => c.sku === scarce.sku);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.warnings).toEqual(['quantity_to_order_is_not_available']);
    }
  });

  it('two imports into one list at once both count', async () => {
    const buyer = await insertBuyer(world.ctx);
    const product = await insertProduct(world.testDb.handle);
    const list = await create(buyer.token, { name: 'Párhuzamos' });
    await Promise.all(
      [3, 4].map((n) =>
        ok('POST', `/api/order-lists/${list.id}/import`, buyer.token, { lines: `${product.sku};${n}` }),
      ),
    );
    expect((await itemRows(list.id)).map((r) => r.quantity)).toEqual([7]);
    expect((await listRows(buyer.customerId))[0]!.version).toBe(2);
  });
});

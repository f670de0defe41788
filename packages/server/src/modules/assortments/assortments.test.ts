import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Assortment, AssortmentSummary } from '@shop/shared/contracts/assortments';
import type { CartResponse } from '@shop/shared/contracts/cart';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  type BuyerFixture,
  insertAgent,
  insertBuyer,
  insertProduct,
  type ProductFixture,
} from '../cart/checkout-fixtures';
import { AssortmentMembership } from './assortment-membership';
import { findMemberIds, findMembersAmong } from './assortments.repository';

/**
 * Customer assortments (issue 17 points 5-6), in the auth-matrix style: a product outside the
 * customer's assortment is never visible or orderable by any path (listing, counts, manufacturers,
 * category listing, every search form, ordered products, cart write, quick order, order lists,
 * order again, place-order, price list, offline catalogue), for the customer, through its price
 * group, and for an agent acting for it; a customer without one sees everything.
 *
 * Products (SKUs start with ASRT so one search finds them all):
 * - inMain: in the subcategory of the included main category → in;
 * - included: in another category, included by SKU → in;
 * - excluded: in the subcategory, excluded by SKU → out;
 * - out: in the other category → out (it has a barcode, to try the barcode paths).
 */
describe.each(TEST_DIALECTS)('customer assortments on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T09:00:00Z'), staff: true });
  const { call } = world;
  let alice: BuyerFixture;
  let bob: BuyerFixture;
  let carol: BuyerFixture;
  let agent: { userId: number; token: string };
  let products: Record<'inMain' | 'included' | 'excluded' | 'out', ProductFixture>;
  let categories: { main: number; sub: number; other: number };
  let assortment: Assortment;
  const OUT_BARCODE = '5990000000017';

  const json = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
  ) => {
    const res = await call(method, url, token, body);
    return { status: res.statusCode, body: res.json() as T, raw: res };
  };
  const ok = async <T>(...args: Parameters<typeof json>) => {
    const { status, raw } = await json(...args);
    expect(status, `${args[0]} ${args[1]}: ${raw.body}`).toBe(200);
    return raw.json() as T;
  };
  const skusOf = (list: { products: { sku: string }[] }) => list.products.map((p) => p.sku).sort();

  async function insertCategory(slug: string, parentId: number | null): Promise<number> {
    const row = await world.testDb.handle.db
      .insertInto('categories')
      .values({ slug, parent_id: parentId, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.testDb.handle.db
      .insertInto('category_translations')
      .values({ category_id: row.id, language: 'hu', name: slug, search_name: slug })
      .execute();
    return row.id;
  }

  async function link(product: ProductFixture, categoryId: number, manufacturer: number) {
    await world.testDb.handle.db
      .insertInto('product_categories')
      .values({ product_id: product.id, category_id: categoryId })
      .execute();
    await world.testDb.handle.db
      .updateTable('products')
      .set({ manufacturer_id: manufacturer })
      .where('id', '=', product.id)
      .execute();
  }

  async function fillCart(token: string, lines: [ProductFixture, number][]) {
    for (const [product, quantity] of lines) {
      await ok('POST', '/api/cart/set-product-quantity', token, { productSku: product.sku, quantity });
    }
    await ok('PUT', '/api/cart/shipping-method', token, { shippingMethodCode: 'pickup-customer' });
    await ok('PUT', '/api/cart/payment-method', token, { paymentMethodId: world.methods.cash });
  }

  function body(changes: Partial<Record<string, unknown>> = {}) {
    return {
      name: 'Étterem lánc',
      categoryIds: [categories.main],
      includedSkus: [products.included.sku],
      excludedSkus: [products.excluded.sku],
      customerIds: [alice.customerId],
      priceGroups: ['LANC'],
      ...changes,
    };
  }

  beforeAll(async () => {
    agent = await insertAgent(world.ctx);
    alice = await insertBuyer(world.ctx, {
      agentUserId: agent.userId,
      paymentMethodIds: [world.methods.cash],
    });
    bob = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash] });
    carol = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash], priceGroup: 'LANC' });
    await world.testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: alice.addressId })
      .where('id', '=', agent.userId)
      .execute();
    const makers = await world.testDb.handle.db
      .insertInto('manufacturers')
      .values([
        { name: 'Alfa', slug: 'asrt-alfa' },
        { name: 'Omega', slug: 'asrt-omega' },
      ])
      .returning('id')
      .execute();
    const main = await insertCategory('asrt-main', null);
    categories = {
      main,
      sub: await insertCategory('asrt-sub', main),
      other: await insertCategory('asrt-other', null),
    };
    products = {
      inMain: await insertProduct(world.testDb.handle, { sku: 'ASRT-IN-1', stock: 100 }),
      included: await insertProduct(world.testDb.handle, { sku: 'ASRT-INC-1', stock: 100 }),
      excluded: await insertProduct(world.testDb.handle, { sku: 'ASRT-EXC-1', stock: 100 }),
      out: await insertProduct(world.testDb.handle, {
        sku: 'ASRT-OUT-1',
        stock: 100,
        packs: [{ unit: 'piece', pieces: 1, barcode: OUT_BARCODE }],
      }),
    };
    await link(products.inMain, categories.sub, makers[0]!.id);
    await link(products.included, categories.other, makers[0]!.id);
    await link(products.excluded, categories.sub, makers[0]!.id);
    await link(products.out, categories.other, makers[1]!.id);
    await world.testDb.handle.db
      .updateTable('products')
      .set({ search_text: `${products.out.sku.toLowerCase()} ${OUT_BARCODE}` })
      .where('id', '=', products.out.id)
      .execute();

    // Before any assortment, Alice ordered the product that will be outside hers.
    await fillCart(alice.token, [[products.out, 2]]);
    const placed = await ok<{ data: boolean; orderId: number }>(
      'POST',
      '/api/orders/place-order',
      alice.token,
    );
    expect(placed.data).toBe(true);

    const created = await json<Assortment>('POST', '/api/admin/assortments', world.staff.token, body());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    assortment = created.body;
  });

  it('staff create an assortment: its parts, product count, assignments and the customer card line', async () => {
    expect(assortment).toMatchObject({
      name: 'Étterem lánc',
      categoryIds: [categories.main],
      includedSkus: [products.included.sku],
      excludedSkus: [products.excluded.sku],
      customers: [{ id: alice.customerId }],
      priceGroups: ['LANC'],
      productCount: 2,
    });
    const list = await ok<AssortmentSummary[]>('GET', '/api/admin/assortments', world.staff.token);
    expect(list).toEqual([
      expect.objectContaining({
        id: assortment.id,
        productCount: 2,
        customerCount: 1,
        priceGroups: ['LANC'],
      }),
    ]);
    expect(await ok('GET', `/api/admin/assortments/customer/${alice.customerId}`, world.staff.token)).toEqual(
      {
        assortment: { id: assortment.id, name: 'Étterem lánc', via: 'customer' },
      },
    );
    expect(await ok('GET', `/api/admin/assortments/customer/${carol.customerId}`, world.staff.token)).toEqual(
      {
        assortment: { id: assortment.id, name: 'Étterem lánc', via: 'priceGroup' },
      },
    );
    expect(await ok('GET', `/api/admin/assortments/customer/${bob.customerId}`, world.staff.token)).toEqual({
      assortment: null,
    });
    const audit = await world.testDb.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'assortment.create')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('the cached membership and the write paths’ SQL check agree on every product', async () => {
    const ids = Object.values(products).map((p) => p.id);
    const membership = new AssortmentMembership(
      assortment.id,
      await findMemberIds(world.testDb.handle.db, assortment.id),
    );
    const checked = await findMembersAmong(world.testDb.handle.db, assortment.id, ids);
    expect(ids.filter((id) => membership.has(id)).sort()).toEqual([...checked].sort());
    expect([...checked].sort()).toEqual([products.inMain.id, products.included.id].sort());
  });

  it('listing, count and manufacturers: only the assortment for Alice, her agent and Carol; everything for Bob', async () => {
    for (const token of [alice.token, agent.token, carol.token]) {
      const page = await ok<{
        products: { sku: string }[];
        count: number;
        manufacturers: { slug: string }[];
      }>('GET', '/api/products/all?productsPerPage=100&currentPage=1', token);
      expect(skusOf(page)).toEqual([products.inMain.sku, products.included.sku].sort());
      expect(page.count).toBe(2);
      expect(page.manufacturers.map((m) => m.slug)).toEqual(['asrt-alfa']);
    }
    const all = await ok<{ products: { sku: string }[]; count: number; manufacturers: { slug: string }[] }>(
      'GET',
      '/api/products/all?productsPerPage=100&currentPage=1',
      bob.token,
    );
    expect(all.count).toBe(4);
    expect(all.manufacturers.map((m) => m.slug).sort()).toEqual(['asrt-alfa', 'asrt-omega']);
    const other = await ok<{ products: { sku: string }[]; count: number }>(
      'GET',
      '/api/products/all?productsPerPage=50&currentPage=1&mainCategorySlug=asrt-other',
      alice.token,
    );
    expect(skusOf(other)).toEqual([products.included.sku]);
    expect(other.count).toBe(1);
    const selected = await ok<{ products: { sku: string }[]; count: number }>(
      'GET',
      '/api/products/all?productsPerPage=50&currentPage=1&selectedManufacturers=asrt-omega',
      alice.token,
    );
    expect(selected).toMatchObject({ products: [], count: 0 });
  });

  it('category counts: only the assortment’s products for Alice, every product for Bob', async () => {
    type Tree = {
      data: { slug: string; productCount: number; children: { slug: string; productCount: number }[] }[];
    };
    const countsOf = (tree: Tree) =>
      Object.fromEntries(
        tree.data
          .filter((c) => c.slug.startsWith('asrt-'))
          .flatMap((c) => [[c.slug, c.productCount], ...c.children.map((s) => [s.slug, s.productCount])]),
      );
    expect(countsOf(await ok<Tree>('GET', '/api/categories', alice.token))).toEqual({
      'asrt-main': 1,
      'asrt-sub': 1,
      'asrt-other': 1,
    });
    expect(countsOf(await ok<Tree>('GET', '/api/categories', bob.token))).toEqual({
      'asrt-main': 2,
      'asrt-sub': 2,
      'asrt-other': 2,
    });
    expect(countsOf(await ok<Tree>('GET', '/api/categories'))).toEqual({
      'asrt-main': 2,
      'asrt-sub': 2,
      'asrt-other': 2,
    });
  });

  it('every search form: the product outside is not found, by words, name, SKU or barcode', async () => {
    const words = await ok<{ products: { sku: string }[]; count: number }>(
      'GET',
      '/api/products/search?searchType=all&searchString=asrt&productsPerPage=50&currentPage=1',
      alice.token,
    );
    expect(skusOf(words)).toEqual([products.inMain.sku, products.included.sku].sort());
    expect(words.count).toBe(2);
    const bySku = await ok<{ products: unknown[]; count: number }>(
      'GET',
      `/api/products/search?searchType=product-by-sku&searchSku=${products.out.sku}&productsPerPage=1&currentPage=1`,
      alice.token,
    );
    expect(bySku).toMatchObject({ products: [], count: 0 });
    for (const query of [
      `searchType=products-by-name&searchString=asrt-out`,
      `searchType=products-by-barcode-exact&searchString=${OUT_BARCODE}`,
      `searchType=products-by-barcode&searchString=${OUT_BARCODE.slice(0, 8)}`,
      `searchType=product-by-sku&searchSku=${products.out.sku}`,
    ]) {
      const simple = await ok<{ data: { products: { sku: string }[] } }>(
        'GET',
        `/api/products/search?selectType=simple&${query}`,
        alice.token,
      );
      expect(simple.data.products, query).toEqual([]);
      const bobs = await ok<{ data: { products: { sku: string }[] } }>(
        'GET',
        `/api/products/search?selectType=simple&${query}`,
        bob.token,
      );
      expect(
        bobs.data.products.map((p) => p.sku),
        query,
      ).toContain(products.out.sku);
    }
  });

  it('ordered products leave out the product outside, though Alice ordered it', async () => {
    const ordered = await ok<{ products: unknown[]; count: number }>(
      'GET',
      '/api/products/ordered-products?productsPerPage=50&currentPage=1',
      alice.token,
    );
    expect(ordered).toMatchObject({ products: [], count: 0 });
  });

  it('cart write, quick order (SKU and barcode) and order again: ERR_PRODUCT_NOT_FOUND, nothing added', async () => {
    const write = await json<{ error: string }>('POST', '/api/cart/set-product-quantity', alice.token, {
      productSku: products.out.sku,
      quantity: 1,
    });
    expect(write.status).toBe(404);
    expect(write.body.error).toBe('ERR_PRODUCT_NOT_FOUND');
    const quick = await ok<{ added: { code: string }[]; rejected: { code: string; reason: string }[] }>(
      'POST',
      '/api/cart/quick-order',
      alice.token,
      { lines: `${products.out.sku};1\n${OUT_BARCODE};1\n${products.inMain.sku};1` },
    );
    expect(quick.added.map((a) => a.code)).toEqual([products.inMain.sku]);
    expect(quick.rejected.map((r) => [r.code, r.reason])).toEqual([
      [products.out.sku, 'ERR_PRODUCT_NOT_FOUND'],
      [OUT_BARCODE, 'ERR_PRODUCT_NOT_FOUND'],
    ]);
    const order = await world.testDb.handle.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', alice.customerId)
      .executeTakeFirstOrThrow();
    const again = await ok<{ rejected: { reason: string }[] }>(
      'POST',
      `/api/orders/${order.id}/order-again`,
      alice.token,
    );
    expect(again.rejected.map((r) => r.reason)).toEqual(['ERR_PRODUCT_NOT_FOUND']);
    const cart = await ok<CartResponse>('GET', '/api/cart', alice.token);
    expect(cart.cartItems.map((item) => item.product.sku)).toEqual([products.inMain.sku]);
    await ok('DELETE', '/api/cart/delete', alice.token);
  });

  it('order lists: creating, importing and ordering again refuse the product outside', async () => {
    const create = await json<{ error: string; params: { sku: string } }>(
      'POST',
      '/api/order-lists',
      alice.token,
      {
        name: 'Heti',
        items: [{ sku: products.out.sku, quantity: 1 }],
      },
    );
    expect(create.status).toBe(404);
    expect(create.body).toMatchObject({ error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: products.out.sku } });
    const order = await world.testDb.handle.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', alice.customerId)
      .executeTakeFirstOrThrow();
    const fromOrder = await ok<{ id: number; lines: unknown[] }>('POST', '/api/order-lists', alice.token, {
      name: 'Régi rendelés',
      fromOrderId: order.id,
    });
    expect(fromOrder.lines).toEqual([]);
    const list = await ok<{ id: number }>('POST', '/api/order-lists', alice.token, {
      name: 'Heti 2',
      items: [{ sku: products.inMain.sku, quantity: 1 }],
    });
    const imported = await ok<{ rejected: { code: string; reason: string }[] }>(
      'POST',
      `/api/order-lists/${list.id}/import`,
      alice.token,
      { lines: `${products.out.sku};3\n${OUT_BARCODE};1` },
    );
    expect(imported.rejected.map((r) => r.reason)).toEqual([
      'ERR_PRODUCT_NOT_FOUND',
      'ERR_PRODUCT_NOT_FOUND',
    ]);
    const rows = await world.testDb.handle.db
      .selectFrom('order_list_items')
      .select('product_id')
      .where('list_id', '=', list.id)
      .execute();
    expect(rows.map((r) => r.product_id)).toEqual([products.inMain.id]);
    // Bob's list holds the product; Alice cannot see another customer's list at all, so the
    // to-cart path is tried with a list line of hers that left the assortment (below).
  });

  it('place-order leaves out a product that left the assortment after it was put in the cart', async () => {
    await fillCart(alice.token, [
      [products.inMain, 1],
      [products.included, 2],
    ]);
    const list = await ok<{ id: number }>('POST', '/api/order-lists', alice.token, {
      name: 'Két termék',
      items: [
        { sku: products.inMain.sku, quantity: 1 },
        { sku: products.included.sku, quantity: 1 },
      ],
    });
    // Staff take `included` out of the assortment.
    const changed = await ok<Assortment>(
      'PUT',
      `/api/admin/assortments/${assortment.id}`,
      world.staff.token,
      body({ includedSkus: [] }),
    );
    expect(changed.productCount).toBe(1);
    const cart = await ok<CartResponse>('GET', '/api/cart', alice.token);
    expect(cart.cartItems.map((item) => item.product.sku)).toEqual([products.inMain.sku]);
    const toCart = await ok<{ rejected: { code: string; reason: string }[] }>(
      'POST',
      `/api/order-lists/${list.id}/to-cart`,
      alice.token,
    );
    expect(toCart.rejected).toEqual([
      expect.objectContaining({ code: products.included.sku, reason: 'ERR_PRODUCT_NOT_FOUND' }),
    ]);
    const placed = await ok<{ data: boolean; orderId: number }>(
      'POST',
      '/api/orders/place-order',
      alice.token,
    );
    expect(placed.data).toBe(true);
    const items = await world.testDb.handle.db
      .selectFrom('order_items')
      .select('product_id')
      .where('order_id', '=', placed.orderId)
      .execute();
    expect(items.map((i) => i.product_id)).toEqual([products.inMain.id]);
    // The listing follows at once (the change bumped the catalogue version).
    const page = await ok<{ products: { sku: string }[] }>(
      'GET',
      '/api/products/all?productsPerPage=50&currentPage=1',
      alice.token,
    );
    expect(skusOf(page)).toEqual([products.inMain.sku]);
    await ok('PUT', `/api/admin/assortments/${assortment.id}`, world.staff.token, body());
  });

  it('price list and offline catalogue hold only the assortment', async () => {
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/downloads/price-list.xlsx',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const skus: string[] = [];
    workbook.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) skus.push(String(row.getCell(1).value));
    });
    expect(skus.sort()).toEqual([products.inMain.sku, products.included.sku].sort());

    const offline = await ok<{ products: { sku: string }[]; next: number | null }>(
      'GET',
      '/api/offline/catalogue?limit=1000',
      alice.token,
    );
    expect(skusOf(offline)).toEqual([products.inMain.sku, products.included.sku].sort());
    const bobs = await ok<{ products: { sku: string }[] }>(
      'GET',
      '/api/offline/catalogue?limit=1000',
      bob.token,
    );
    expect(skusOf(bobs)).toHaveLength(4);
  });

  it('a customer moved to its own assortment leaves the price group’s; deleting it shows everything again', async () => {
    const other = await json<Assortment>('POST', '/api/admin/assortments', world.staff.token, {
      name: 'Csak a kizárt',
      includedSkus: [products.excluded.sku],
      customerIds: [carol.customerId],
    });
    expect(other.status).toBe(201);
    const page = await ok<{ products: { sku: string }[] }>(
      'GET',
      '/api/products/all?productsPerPage=50&currentPage=1',
      carol.token,
    );
    expect(skusOf(page)).toEqual([products.excluded.sku]);
    await ok('DELETE', `/api/admin/assortments/${other.body.id}`, world.staff.token);
    const back = await ok<{ products: { sku: string }[] }>(
      'GET',
      '/api/products/all?productsPerPage=50&currentPage=1',
      carol.token,
    );
    expect(skusOf(back)).toEqual([products.inMain.sku, products.included.sku].sort());
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const before = await ok<Assortment>('GET', `/api/admin/assortments/${assortment.id}`, world.staff.token);
    const cases: [unknown, number, string][] = [
      [body({ name: '' }), 400, 'ERR_VALIDATION'],
      [body({ includedSkus: ['NO-SUCH-SKU'] }), 404, 'ERR_PRODUCT_NOT_FOUND'],
      [body({ categoryIds: [999_999] }), 404, 'ERR_CATEGORY_NOT_FOUND'],
      [body({ customerIds: [999_999] }), 400, 'ERR_VALIDATION'],
      [body({ priceGroups: ['x'.repeat(65)] }), 400, 'ERR_VALIDATION'],
      [body({ includedSkus: 'ASRT-IN-1' }), 400, 'ERR_VALIDATION'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await json<{ error: string }>(
        'PUT',
        `/api/admin/assortments/${assortment.id}`,
        world.staff.token,
        payload,
      );
      expect([res.status, res.body.error], JSON.stringify(payload)).toEqual([status, code]);
    }
    const duplicate = await json<{ error: string }>(
      'POST',
      '/api/admin/assortments',
      world.staff.token,
      body(),
    );
    expect([duplicate.status, duplicate.body.error]).toEqual([409, 'ERR_DUPLICATE']);
    expect(await ok('GET', `/api/admin/assortments/${assortment.id}`, world.staff.token)).toEqual(before);
    const missing = await json<{ error: string }>('GET', '/api/admin/assortments/999999', world.staff.token);
    expect([missing.status, missing.body.error]).toEqual([404, 'NOT_FOUND']);
  });
});

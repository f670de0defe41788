import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import type { Database } from '../../db/schema';
import type { testContext } from '../../../test/test-config';
import { startTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { startTestSmtp, type TestSmtp } from '../../../test/test-smtp';
import { actingCustomerOfUser } from '../shipping-addresses/acting-customer.service';
import {
  type BuyerFixture,
  insertBuyer,
  insertMethods,
  insertProduct,
  insertRoute,
  type MethodsFixture,
} from '../cart/checkout-fixtures';
import { placeFrom, type SnapshotSource } from './place-order.service';

/** Tuesday 2025-03-04 10:00 in Budapest (UTC+1). */
const NOW = new Date('2025-03-04T09:00:00Z');

/**
 * Orders from a fixed-price snapshot (an approved request, issue 15; an accepted quote, issue 16):
 * the agreed prices, every place-order rule, and exactly one order when two calls race.
 */
describe.each(TEST_DIALECTS)('placing an order from a snapshot on %s', (dialect) => {
  let testDb: TestDatabase;
  let ctx: ReturnType<typeof testContext>;
  let methods: MethodsFixture;
  let routeId: number;
  let smtp: TestSmtp;
  let closeApp: () => Promise<void>;
  let nextKey = 1;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const started = await startTestApp(dialect, { now: NOW, mailer: smtp.mailer });
    ({ testDb, ctx } = started);
    closeApp = () => started.app.close();
    methods = await insertMethods(testDb.handle);
    routeId = await insertRoute(testDb.handle, { weekdays: '1,2,3,4,5', cutoffTime: '14:00' });
  });

  beforeEach(() => {
    ctx.clock.set(NOW);
  });

  afterAll(async () => {
    await closeApp();
    await smtp.close();
    await testDb.drop();
  });

  const db = () => testDb.handle.db;

  async function buyer(): Promise<BuyerFixture> {
    return insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer, methods.cash], routeId });
  }

  function source(
    alice: BuyerFixture,
    lines: SnapshotSource['lines'],
    extra: Partial<SnapshotSource> = {},
  ): SnapshotSource {
    const key = nextKey++;
    return {
      kind: 'snapshot',
      key: { id: -key, version: 0 },
      checkout: {
        shippingMethodId: methods.pickup,
        paymentMethodId: methods.bankTransfer,
        shippingAddressId: alice.addressId,
        deliveryDate: null,
        purchaseOrderNumber: ' PO-7 ',
        commentWebshop: 'agreed by phone',
        commentSupplier: '',
      },
      lines,
      ...extra,
    };
  }

  async function stockOf(productId: number): Promise<number> {
    const row = await db()
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.stock);
  }

  /** A snapshot's own record stands in here as a settings row: 'pending' until one order claims it. */
  async function pendingMarker(): Promise<string> {
    const key = `snapshot-${dialect}-${nextKey++}`;
    await db().insertInto('settings').values({ key, value: 'pending' }).execute();
    return key;
  }

  async function markerValue(key: string): Promise<string> {
    const row = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  /** The conditional update an approval or a quote makes: only one transaction moves it on. */
  function claimOf(key: string) {
    return async (trx: Kysely<Database>): Promise<PlaceOrderError[]> => {
      const result = await trx
        .updateTable('settings')
        .set({ value: 'ordered' })
        .where('key', '=', key)
        .where('value', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? [] : [{ error: 'ERR_CART_ALREADY_ORDERED' }];
    };
  }

  it('orders the agreed lines at the agreed prices, not today’s, with the snapshot’s checkout choices', async () => {
    const alice = await buyer();
    const product = await insertProduct(testDb.handle, { stock: 50, prices: [{ price: 100_000 }] });
    const acting = await actingCustomerOfUser(ctx, alice.userId);
    const placed = await placeFrom(
      ctx,
      acting,
      source(alice, [{ productId: product.id, quantity: 4, unitPrice: 80_000 }]),
    );
    expect(placed.data).toBe(true);
    const orderId = (placed as { orderId: number }).orderId;
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(order.items_sum_gross)).toBe(320_000);
    expect(order.purchase_order_number).toBe('PO-7');
    expect(order.comment_webshop).toBe('agreed by phone');
    expect(order.user_id).toBe(alice.userId);
    const items = await db().selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
    expect(items.map((i) => [i.sku, Number(i.quantity), Number(i.unit_price)])).toEqual([
      [product.sku, 4, 80_000],
    ]);
    expect(await stockOf(product.id)).toBe(46);
  });

  it('refuses the whole order when an agreed line can no longer be ordered, changing nothing', async () => {
    const alice = await buyer();
    const fine = await insertProduct(testDb.handle, { stock: 50, prices: [{ price: 100_000 }] });
    const gone = await insertProduct(testDb.handle, {
      stock: 50,
      isOrderable: false,
      prices: [{ price: 100_000 }],
    });
    const acting = await actingCustomerOfUser(ctx, alice.userId);
    const placed = await placeFrom(
      ctx,
      acting,
      source(alice, [
        { productId: fine.id, quantity: 1, unitPrice: 90_000 },
        { productId: gone.id, quantity: 1, unitPrice: 90_000 },
      ]),
    );
    expect(placed.data).toEqual([{ error: 'ERR_PRODUCT_NOT_ORDERABLE', params: { sku: gone.sku } }]);
    expect(await stockOf(fine.id)).toBe(50);
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', alice.customerId)
      .execute();
    expect(orders).toEqual([]);
  });

  it('keeps the rules of place-order: stock and the quantity rules refuse, and a refused claim is rolled back', async () => {
    const alice = await buyer();
    const product = await insertProduct(testDb.handle, { stock: 3, prices: [{ price: 100_000 }] });
    const acting = await actingCustomerOfUser(ctx, alice.userId);
    const marker = await pendingMarker();
    const claim = claimOf(marker);
    const placed = await placeFrom(
      ctx,
      acting,
      source(alice, [{ productId: product.id, quantity: 5, unitPrice: 90_000 }], { claim }),
    );
    expect(placed.data).toEqual([
      { error: 'ERR_OUT_OF_STOCK', params: { sku: product.sku, available: 3, requested: 5 } },
    ]);
    expect(await stockOf(product.id)).toBe(3);
    // The claim ran and was rolled back with the refusal: the record is open again.
    expect(await markerValue(marker)).toBe('pending');
  });

  it('two concurrent placements of one snapshot whose claim is a conditional update give exactly one order', async () => {
    const alice = await buyer();
    const product = await insertProduct(testDb.handle, { stock: 10, prices: [{ price: 100_000 }] });
    const acting = await actingCustomerOfUser(ctx, alice.userId);
    const marker = await pendingMarker();
    const claim = claimOf(marker);
    const one = source(alice, [{ productId: product.id, quantity: 2, unitPrice: 90_000 }], { claim });
    const results = await Promise.all([placeFrom(ctx, acting, one), placeFrom(ctx, acting, one)]);
    expect(results.filter((r) => r.data === true)).toHaveLength(1);
    expect(results.filter((r) => r.data !== true)).toEqual([
      { data: [{ error: 'ERR_CART_ALREADY_ORDERED' }] },
    ]);
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', alice.customerId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8);
    expect(await markerValue(marker)).toBe('ordered');
  });

  it('the same snapshot key never gives a second order, even without a claim', async () => {
    const alice = await buyer();
    const product = await insertProduct(testDb.handle, { stock: 10, prices: [{ price: 100_000 }] });
    const acting = await actingCustomerOfUser(ctx, alice.userId);
    const one = source(alice, [{ productId: product.id, quantity: 1, unitPrice: 90_000 }]);
    expect((await placeFrom(ctx, acting, one)).data).toBe(true);
    expect(await placeFrom(ctx, acting, one)).toEqual({ data: [{ error: 'ERR_CART_ALREADY_ORDERED' }] });
    expect(await stockOf(product.id)).toBe(9);
  });
});

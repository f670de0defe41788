import { describe, expect, it } from 'vitest';
import type { AdminQuoteListResponse, QuoteDetail, QuoteSummary } from '@shop/shared/contracts/quotes';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import {
  insertAgent,
  insertBuyer,
  insertProduct,
  tokenFor,
  type BuyerFixture,
} from '../cart/checkout-fixtures';

/**
 * Quotes (issue 16, points 1-4) on both databases: request from the cart, staff and agent answers,
 * accept at the quoted prices through place-order, reject, decline, expiry, the races (two accepts,
 * accept while stock runs out), mails and events in the outbox.
 */
describe.each(TEST_DIALECTS)('quotes on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: new Date('2025-03-04T08:00:00Z'),
    resetClock: true,
    staff: true,
    outbox: false,
  });
  const { call, fillCart, ok, orderRow, outboxMails, stockOf } = world;

  /** A buyer with pickup and cash chosen in its cart, and the given lines in the cart. */
  async function buyerWithCart(
    lines: { sku: string; quantity: number }[],
    values: Parameters<typeof insertBuyer>[1] = {},
  ): Promise<BuyerFixture> {
    const buyer = await insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.cash, world.methods.bankTransfer],
      ...values,
    });
    await fillCart(
      buyer.token,
      lines.map((line) => [line, line.quantity]),
    );
    return buyer;
  }

  const request = (token: string, body: Record<string, unknown> = { message: 'Kérek árat 40 kartonra' }) =>
    ok<QuoteDetail>('POST', '/api/quotes', token, body);
  const offer = (
    quote: QuoteDetail,
    prices: Record<string, { price: number; quantity?: number }>,
    validUntil = '2025-03-10',
  ) =>
    ok<QuoteDetail>('POST', `/api/admin/quotes/${quote.id}/offer`, world.staff.token, {
      lines: quote.lines.map((l) => ({
        sku: l.sku,
        price: prices[l.sku]!.price,
        quantity: prices[l.sku]!.quantity ?? l.requestedQuantity,
      })),
      validUntil,
      message: 'Különár a 40 kartonra',
    });
  /** The ids of the buyer's customer's orders. */
  const ordersOf = (buyer: BuyerFixture) =>
    world.testDb.handle.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', buyer.customerId)
      .execute();
  const quoteRow = (id: number) =>
    world.testDb.handle.db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('moves the cart into a quote, world.staff offer it (mail), the customer accepts: one order at the quoted prices', async () => {
    const a = await insertProduct(world.testDb.handle, { stock: 100, prices: [{ price: 10000 }] });
    const b = await insertProduct(world.testDb.handle, { stock: 100, prices: [{ price: 25000 }] });
    const buyer = await buyerWithCart([
      { sku: a.sku, quantity: 40 },
      { sku: b.sku, quantity: 5 },
    ]);

    const quote = await request(buyer.token, {
      message: 'Kérek árat 40 kartonra',
      wishedDeliveryDate: '2025-03-12',
    });
    expect(quote).toMatchObject({
      status: 'requested',
      message: 'Kérek árat 40 kartonra',
      wishedDeliveryDate: '2025-03-12',
      lineCount: 2,
      totalGross: null,
      canAccept: false,
      canAnswer: false,
    });
    expect(quote.lines.map((l) => [l.sku, l.requestedQuantity, l.offeredPrice, l.listPrice])).toEqual([
      [a.sku, 40, null, 10000],
      [b.sku, 5, null, 25000],
    ]);
    // The cart is empty now; its checkout choices stay.
    const cart = await ok<{ cartItems: unknown[] }>('GET', '/api/cart', buyer.token);
    expect(cart.cartItems).toEqual([]);
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes', buyer.token)).toEqual([
      expect.objectContaining({ id: quote.id, status: 'requested', lineCount: 2 }),
    ]);

    // Staff: 80.50 Ft and 200 Ft per piece, 36 of b... b's quantity stays, a's becomes 50.
    const mailsBefore = (await outboxMails()).length;
    const offered = await offer(quote, { [a.sku]: { price: 80.5, quantity: 50 }, [b.sku]: { price: 200 } });
    expect(offered).toMatchObject({
      status: 'offered',
      validUntil: '2025-03-10',
      staffMessage: 'Különár a 40 kartonra',
    });
    expect(offered.lines.map((l) => [l.offeredQuantity, l.offeredPrice, l.lineGross])).toEqual([
      [50, 8050, 402500],
      [5, 20000, 100000],
    ]);
    expect(offered.totalGross).toBe(502500);
    const mails = await outboxMails();
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe(buyer.userEmail);
    expect(mail.subject).toBe(`Árajánlat a(z) ${quote.id}. ajánlatkérésére`);
    expect(mail.text).toContain('50 × 80,50\u00a0Ft = 4025\u00a0Ft');
    expect(mail.text).toContain(`/profile/quotes/${quote.id}`);

    const seen = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, buyer.token);
    expect(seen.canAccept).toBe(true);

    const accepted = await ok<{ data: true; orderId: number; quote: QuoteDetail }>(
      'POST',
      `/api/quotes/${quote.id}/accept`,
      buyer.token,
      // Nothing the browser sends sets a price: a price in the body is not read.
      { price: 1 },
    );
    expect(accepted.data).toBe(true);
    expect(accepted.quote).toMatchObject({ status: 'accepted', orderId: accepted.orderId, canAccept: false });
    const items = await world.testDb.handle.db
      .selectFrom('order_items')
      .select(['sku', 'quantity', 'unit_price', 'line_gross'])
      .where('order_id', '=', accepted.orderId)
      .orderBy('sku')
      .execute();
    expect(items.map((i) => [i.sku, i.quantity, Number(i.unit_price), Number(i.line_gross)]).sort()).toEqual(
      [
        [a.sku, 50, 8050, 402500],
        [b.sku, 5, 20000, 100000],
      ].sort(),
    );
    const order = await orderRow(accepted.orderId);
    expect(Number(order.items_sum_gross)).toBe(502500);
    expect(order).toMatchObject({
      shipping_method_code: 'pickup-customer',
      payment_method_code: 'cash',
      customer_id: buyer.customerId,
    });
    expect(await stockOf(a.id)).toBe(50);

    // A second accept: the quote is no longer offered.
    const again = await call('POST', `/api/quotes/${quote.id}/accept`, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'accepted' } });
  });

  it('writes the quote events in the transaction', async () => {
    await world.testDb.handle.db
      .insertInto('webhook_endpoints')
      .values({
        url: 'https://erp.example.com/hooks',
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=',
        events: JSON.stringify(['quote.requested', 'quote.offered', 'quote.accepted']),
        description: 'ERP',
        enabled: 1,
        created_at: world.ctx.now().toISOString(),
        updated_at: world.ctx.now().toISOString(),
      })
      .execute();
    const p = await insertProduct(world.testDb.handle, { stock: 10 });
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 2 }]);
    const quote = await request(buyer.token);
    await offer(quote, { [p.sku]: { price: 90 } });
    const accepted = await ok<{ orderId: number }>('POST', `/api/quotes/${quote.id}/accept`, buyer.token);
    const deliveries = await world.testDb.handle.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('event_type', 'like', 'quote.%')
      .orderBy('id')
      .execute();
    const mine = deliveries
      .map((d) => ({
        type: d.event_type,
        data: (JSON.parse(d.payload) as { data: { quoteId: number } }).data,
      }))
      .filter((d) => d.data.quoteId === quote.id);
    expect(mine.map((d) => d.type)).toEqual(['quote.requested', 'quote.offered', 'quote.accepted']);
    expect(mine[2]!.data).toMatchObject({
      status: 'accepted',
      orderId: accepted.orderId,
      customerId: buyer.customerId,
    });
    expect(mine[1]!.data).toMatchObject({ lines: [{ sku: p.sku, offeredPrice: 9000, offeredQuantity: 2 }] });
  });

  it('refuses a request from an empty cart and a wished day in the past, changing nothing', async () => {
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([]);
    const empty = await call('POST', '/api/quotes', buyer.token, { message: 'x' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ error: 'ERR_CART_EMPTY' });
    await ok('POST', '/api/cart/set-product-quantity', buyer.token, { productSku: p.sku, quantity: 3 });
    const past = await call('POST', '/api/quotes', buyer.token, {
      message: 'x',
      wishedDeliveryDate: '2025-03-03',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: 'ERR_INVALID_DELIVERY_DATE' });
    const cart = await ok<{ cartItems: unknown[] }>('GET', '/api/cart', buyer.token);
    expect(cart.cartItems).toHaveLength(1);
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes', buyer.token)).toEqual([]);
  });

  it('checks the offer: every line once, quantities by the quantity rules, a validity from today', async () => {
    const stepped = await insertProduct(world.testDb.handle, { step: 6, stock: 100 });
    const plain = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([
      { sku: stepped.sku, quantity: 12 },
      { sku: plain.sku, quantity: 1 },
    ]);
    const quote = await request(buyer.token);
    const post = (lines: unknown, validUntil = '2025-03-10') =>
      call('POST', `/api/admin/quotes/${quote.id}/offer`, world.staff.token, {
        lines,
        validUntil,
        message: '',
      });

    const missing = await post([{ sku: stepped.sku, price: 10, quantity: 12 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'ERR_VALIDATION', params: { sku: plain.sku } });
    const foreign = await post([
      { sku: stepped.sku, price: 10, quantity: 12 },
      { sku: plain.sku, price: 10, quantity: 1 },
      { sku: 'NOT-IN-QUOTE', price: 10, quantity: 1 },
    ]);
    expect(foreign.json()).toEqual({ error: 'ERR_VALIDATION', params: { sku: 'NOT-IN-QUOTE' } });
    const offStep = await post([
      { sku: stepped.sku, price: 10, quantity: 13 },
      { sku: plain.sku, price: 10, quantity: 1 },
    ]);
    expect(offStep.statusCode).toBe(409);
    expect(offStep.json()).toEqual({
      error: 'ERR_QUANTITY_NOT_AVAILABLE',
      params: { sku: stepped.sku, requested: 13, allowed: 18 },
    });
    const past = await post(
      [
        { sku: stepped.sku, price: 10, quantity: 12 },
        { sku: plain.sku, price: 10, quantity: 1 },
      ],
      '2025-03-03',
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: 'ERR_VALIDATION', params: { field: 'validUntil' } });
    const zero = await post([
      { sku: stepped.sku, price: 0, quantity: 12 },
      { sku: plain.sku, price: 10, quantity: 1 },
    ]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await quoteRow(quote.id)).status).toBe('requested');
  });

  it('an offer past its last day is expired and cannot be accepted', async () => {
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 2 }]);
    const quote = await request(buyer.token);
    await offer(quote, { [p.sku]: { price: 50 } }, '2025-03-05');
    // The last valid day is still fine at its end (shop time zone), the next day is not.
    world.ctx.clock.set(new Date('2025-03-05T21:00:00Z'));
    expect((await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, buyer.token)).status).toBe('offered');
    world.ctx.clock.set(new Date('2025-03-06T08:00:00Z'));
    const late = await call('POST', `/api/quotes/${quote.id}/accept`, buyer.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'ERR_QUOTE_EXPIRED', params: { validUntil: '2025-03-05' } });
    expect((await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, buyer.token)).status).toBe('expired');
    expect(await ordersOf(buyer)).toEqual([]);
    world.ctx.clock.set(new Date('2025-03-04T08:00:00Z'));
  });

  it('rejects with a reason; world.staff decline with a mailed message; neither can be accepted', async () => {
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 2 }]);
    const first = await request(buyer.token);
    await offer(first, { [p.sku]: { price: 50 } });
    const rejected = await ok<QuoteDetail>('POST', `/api/quotes/${first.id}/reject`, buyer.token, {
      reason: 'Drága',
    });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Drága', canAccept: false });
    const accept = await call('POST', `/api/quotes/${first.id}/accept`, buyer.token);
    expect(accept.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'rejected' } });

    await ok('POST', '/api/cart/set-product-quantity', buyer.token, { productSku: p.sku, quantity: 4 });
    const second = await request(buyer.token);
    const declined = await ok<QuoteDetail>(
      'POST',
      `/api/admin/quotes/${second.id}/decline`,
      world.staff.token,
      {
        message: 'Nem tudunk ennyit adni',
      },
    );
    expect(declined).toMatchObject({
      status: 'declined',
      staffMessage: 'Nem tudunk ennyit adni',
      canAnswer: false,
    });
    const mail = (await outboxMails()).at(-1)!;
    expect(mail.subject).toContain(String(second.id));
    expect(mail.text).toContain('Nem tudunk ennyit adni');
    const late = await call('POST', `/api/admin/quotes/${second.id}/offer`, world.staff.token, {
      lines: [{ sku: p.sku, price: 10, quantity: 4 }],
      validUntil: '2025-03-10',
      message: '',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'declined' } });
  });

  it('accept applies the rules of place-order and changes nothing when it refuses', async () => {
    const p = await insertProduct(world.testDb.handle, { stock: 10 });
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 4 }]);
    const quote = await request(buyer.token);
    await offer(quote, { [p.sku]: { price: 50 } });
    // No payment method chosen any more in the cart.
    await world.testDb.handle.db
      .updateTable('carts')
      .set({ payment_method_id: null })
      .where('user_id', '=', buyer.userId)
      .execute();
    const refused = await ok<{ data: { error: string }[] }>(
      'POST',
      `/api/quotes/${quote.id}/accept`,
      buyer.token,
    );
    expect(refused.data).toEqual([{ error: 'ERR_NO_PAYMENT_METHOD' }]);
    expect((await quoteRow(quote.id)).status).toBe('offered');
    // Fewer pieces in stock than offered: refused, the quote stays offered.
    await ok('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: world.methods.cash });
    await world.testDb.handle.db.updateTable('products').set({ stock: 3 }).where('id', '=', p.id).execute();
    const short = await ok<{ data: { error: string; params?: unknown }[] }>(
      'POST',
      `/api/quotes/${quote.id}/accept`,
      buyer.token,
    );
    expect(short.data).toEqual([
      { error: 'ERR_OUT_OF_STOCK', params: { sku: p.sku, available: 3, requested: 4 } },
    ]);
    expect((await quoteRow(quote.id)).status).toBe('offered');
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it('two accepts at once give one order', async () => {
    const p = await insertProduct(world.testDb.handle, { stock: 100 });
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 10 }]);
    const quote = await request(buyer.token);
    await offer(quote, { [p.sku]: { price: 70 } });
    const results = await Promise.all([
      call('POST', `/api/quotes/${quote.id}/accept`, buyer.token),
      call('POST', `/api/quotes/${quote.id}/accept`, buyer.token),
    ]);
    const placed = results.filter(
      (r) => r.statusCode === 200 && (r.json() as { data: unknown }).data === true,
    );
    const refused = results.filter((r) => r.statusCode === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json()).toMatchObject({ error: 'ERR_QUOTE_STATUS' });
    const orders = await ordersOf(buyer);
    expect(orders).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(90);
  });

  it('accept while the stock runs out: the order taking the last pieces wins, the accept is refused and stays offered', async () => {
    const p = await insertProduct(world.testDb.handle, { stock: 10 });
    const quoter = await buyerWithCart([{ sku: p.sku, quantity: 8 }]);
    const quote = await request(quoter.token);
    await offer(quote, { [p.sku]: { price: 70 } });
    const other = await buyerWithCart([{ sku: p.sku, quantity: 8 }]);
    const [accept, place] = await Promise.all([
      call('POST', `/api/quotes/${quote.id}/accept`, quoter.token),
      call('POST', '/api/orders/place-order', other.token),
    ]);
    const accepted = (accept.json() as { data: unknown }).data === true;
    const placed = (place.json() as { data: unknown }).data === true;
    // Exactly one of them got the 8 pieces; the stock never goes below zero.
    expect([accepted, placed].filter(Boolean)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(2);
    const row = await quoteRow(quote.id);
    expect(row.status).toBe(accepted ? 'accepted' : 'offered');
    // The one that lost was refused for the stock, and changed nothing.
    const loser = (accepted ? place : accept).json() as { data: { error: string }[] };
    expect(loser.data[0]).toMatchObject({ error: 'ERR_OUT_OF_STOCK' });
  });

  it("the customer's agent answers its customers' quotes only; customers may not answer", async () => {
    const agent = await insertAgent(world.ctx);
    const otherAgent = await insertAgent(world.ctx);
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 3 }], { agentUserId: agent.userId });
    const quote = await request(buyer.token);
    const body = {
      lines: [{ sku: p.sku, price: 66, quantity: 3 }],
      validUntil: '2025-03-10',
      message: 'Ügynöki ár',
    };
    const byCustomer = await call('POST', `/api/quotes/${quote.id}/offer`, buyer.token, body);
    expect(byCustomer.statusCode).toBe(403);
    const byOther = await call('POST', `/api/quotes/${quote.id}/offer`, otherAgent.token, body);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ error: 'ERR_QUOTE_NOT_FOUND' });
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes', otherAgent.token)).toEqual([]);
    const list = await ok<QuoteSummary[]>('GET', '/api/quotes', agent.token);
    expect(list.map((q) => q.id)).toEqual([quote.id]);
    const seen = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, agent.token);
    expect(seen.canAnswer).toBe(true);
    const offered = await ok<QuoteDetail>('POST', `/api/quotes/${quote.id}/offer`, agent.token, body);
    expect(offered).toMatchObject({ status: 'offered', staffMessage: 'Ügynöki ár' });
    expect(offered.lines[0]).toMatchObject({ offeredPrice: 6600, offeredQuantity: 3 });
  });

  it("never shows another customer's quote; buyers see their own, owners the company's", async () => {
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 1 }]);
    const stranger = await buyerWithCart([]);
    const quote = await request(buyer.token);
    for (const path of ['', '/accept', '/reject']) {
      const res = await call(
        path ? 'POST' : 'GET',
        `/api/quotes/${quote.id}${path}`,
        stranger.token,
        path === '/reject' ? { reason: '' } : undefined,
      );
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_QUOTE_NOT_FOUND' });
    }
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes', stranger.token)).toEqual([]);
    // A login of the same company: a buyer sees only its own quotes, an owner all of the company's.
    const colleague = await world.testDb.handle.db
      .insertInto('users')
      .values({
        email: `colleague-${quote.id}-${dialect}@example.com`,
        password_hash: 'not-a-real-hash',
        role: 'customer',
        name: 'Kolléga',
        customer_id: buyer.customerId,
        company_role: 'buyer',
        is_active: 1,
        email_verified_at: world.ctx.now().toISOString(),
        approved_at: world.ctx.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const colleagueToken = await tokenFor(world.ctx, {
      userId: colleague.id,
      customerId: buyer.customerId,
      role: 'customer',
    });
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes', colleagueToken)).toEqual([]);
    const hidden = await call('GET', `/api/quotes/${quote.id}`, colleagueToken);
    expect(hidden.statusCode).toBe(404);
    await world.testDb.handle.db
      .updateTable('users')
      .set({ company_role: 'owner' })
      .where('id', '=', colleague.id)
      .execute();
    expect((await ok<QuoteSummary[]>('GET', '/api/quotes', colleagueToken)).map((q) => q.id)).toEqual([
      quote.id,
    ]);
    // A login of the quote's customer may not answer it.
    const selfAnswer = await call('POST', `/api/quotes/${quote.id}/offer`, colleagueToken, {
      lines: [{ sku: p.sku, price: 1, quantity: 1 }],
      validUntil: '2025-03-10',
      message: '',
    });
    expect(selfAnswer.statusCode).toBe(403);
    expect(selfAnswer.json()).toEqual({ error: 'ERR_FORBIDDEN' });
    expect((await quoteRow(quote.id)).status).toBe('requested');
  });

  it('the back-office inbox filters by status, customer and day', async () => {
    const p = await insertProduct(world.testDb.handle);
    const buyer = await buyerWithCart([{ sku: p.sku, quantity: 1 }], { name: 'Szűrő Bisztró Kft.' });
    const quote = await request(buyer.token);
    const list = (query: string) =>
      ok<AdminQuoteListResponse>('GET', `/api/admin/quotes?${query}`, world.staff.token);
    const byName = await list('customer=sz%C5%B1r%C5%91%20bisztr%C3%B3');
    expect(byName.items.map((q) => q.id)).toEqual([quote.id]);
    expect(byName.total).toBe(1);
    expect((await list('customer=bisztr%C3%B3&status=offered')).items).toEqual([]);
    expect((await list('customer=bisztr%C3%B3&status=requested&from=2025-03-04&to=2025-03-04')).total).toBe(
      1,
    );
    expect((await list('customer=bisztr%C3%B3&from=2025-03-05')).total).toBe(0);
    const detail = await ok<QuoteDetail>('GET', `/api/admin/quotes/${quote.id}`, world.staff.token);
    expect(detail).toMatchObject({
      id: quote.id,
      customerName: 'Szűrő Bisztró Kft.',
      canAnswer: true,
      canAccept: false,
    });
    const unknown = await call('GET', '/api/admin/quotes/999999', world.staff.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'ERR_QUOTE_NOT_FOUND' });
  });
});

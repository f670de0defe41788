import { describe, expect, it } from 'vitest';
import type { ApprovalDetail } from '@shop/shared/contracts/approvals';
import type { AcceptQuoteResponse, QuoteDetail } from '@shop/shared/contracts/quotes';
import { insertCompany, insertCompanyMember, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertAgent, insertBuyer, insertProduct, type ProductFixture } from '../cart/checkout-fixtures';
import { ExpirySweep } from '../approvals/expiry-sweep';

/** Wednesday 2026-04-15 10:00 in Budapest (UTC+2). */
const NOW = new Date('2026-04-15T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const quiet = { info: () => undefined, error: () => undefined };

type ApprovalAnswer = { data: true; approvalRequired: true; approvalId: number; quote: QuoteDetail };
type OrderAnswer = { data: true; orderId: number; quote: QuoteDetail };

/**
 * A quote accepted by a login that may not order alone goes for approval (issue 15 with issue 16;
 * docs/product.md §3.4.2, §5.12), on both databases: requester always, buyer above its limit, owner
 * directly; approval orders at the quoted prices; rejection and expiry give the quote back; races of
 * two accepts and of two approvers.
 */
describe.each(TEST_DIALECTS)('accepting a quote that needs approval on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: NOW, resetClock: true, staff: true });
  const { call, db, expectApprovedOrder, fillCart, ok, ordersOf, stockOf } = world;
  const company = (buyerLimit: number | null = null) => insertCompany(world, { buyerOrderLimit: buyerLimit });

  /** `token`'s quote for `lines`, offered by staff at `price` minor units per piece, valid until `validUntil`. */
  async function offeredQuote(
    token: string,
    lines: [ProductFixture, number][],
    price: number,
    validUntil = '2026-04-30',
  ): Promise<QuoteDetail> {
    await fillCart(token, lines);
    const quote = await ok<QuoteDetail>('POST', '/api/quotes', token, { message: 'Price for these, please' });
    return ok<QuoteDetail>('POST', `/api/admin/quotes/${quote.id}/offer`, world.staff.token, {
      lines: quote.lines.map((l) => ({ sku: l.sku, price: price / 100, quantity: l.requestedQuantity })),
      validUntil,
      message: 'Special price',
    });
  }

  const accept = async (quoteId: number, token: string) => {
    const res = await call('POST', `/api/quotes/${quoteId}/accept`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AcceptQuoteResponse;
  };
  const quoteRow = (id: number) =>
    db().selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const approvalsOfQuote = (quoteId: number) =>
    db().selectFrom('approvals').selectAll().where('quote_id', '=', quoteId).orderBy('id').execute();

  it('a requester accepting sends the quote for approval; approving places the order at the quoted prices', async () => {
    const c = await company();
    const coffee = await insertProduct(world.testDb.handle, { stock: 50, prices: [{ price: 300_000 }] });
    const quote = await offeredQuote(c.requester.token, [[coffee, 10]], 250_000);
    // Something else in the requester's cart: accepting a quote does not touch the cart.
    await ok('POST', '/api/cart/set-product-quantity', c.requester.token, {
      productSku: coffee.sku,
      quantity: 1,
    });
    const mailsBefore = await db().selectFrom('outbox').select('target').where('kind', '=', 'mail').execute();

    const answer = await accept(quote.id, c.requester.token);
    expect(answer).toMatchObject({
      data: true,
      approvalRequired: true,
      quote: { status: 'pending_approval', canAccept: false, orderId: null },
    });
    const { approvalId } = answer as ApprovalAnswer;
    expect((answer as ApprovalAnswer).quote.approvalId).toBe(approvalId);
    expect(await ordersOf(c.owner.customerId)).toHaveLength(0);
    expect(await stockOf(coffee.id)).toBe(50);
    const cart = await ok<{ cartItems: { productSku: string; quantity: number }[] }>(
      'GET',
      '/api/cart',
      c.requester.token,
    );
    expect(cart.cartItems.map((i) => i.quantity)).toEqual([1]);
    // The owner and the approver are mailed (through the outbox), the requester is not.
    const mails = await db().selectFrom('outbox').select('target').where('kind', '=', 'mail').execute();
    const newTargets = mails.slice(mailsBefore.length).map((m) => m.target);
    expect(newTargets.sort()).toEqual([c.approver.email, c.owner.userEmail].sort());

    const detail = await ok<{ approval: ApprovalDetail }>(
      'GET',
      `/api/company/approvals/${approvalId}`,
      c.owner.token,
    );
    expect(detail.approval).toMatchObject({
      status: 'pending',
      quoteId: quote.id,
      requesterUserId: c.requester.userId,
      itemsGross: 2_500_000,
      // The offer's last day (2026-04-30) is further than 7 days: the 7 days hold.
      expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
    });
    expect(detail.approval.lines.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([
      [coffee.sku, 10, 250_000],
    ]);

    // The price list goes up meanwhile: the quoted price holds.
    await db()
      .updateTable('price_entries')
      .set({ price: 999_900 })
      .where('product_id', '=', coffee.id)
      .execute();
    const approved = await ok<{ data: true; orderId: number }>(
      'POST',
      `/api/company/approvals/${approvalId}/approve`,
      c.owner.token,
    );
    await expectApprovedOrder(approved.orderId, {
      requesterUserId: c.requester.userId,
      approverUserId: c.owner.userId,
      approvalId,
      itemsGross: 2_500_000,
    });
    const items = await db()
      .selectFrom('order_items')
      .select(['sku', 'quantity', 'unit_price'])
      .where('order_id', '=', approved.orderId)
      .execute();
    expect(items.map((i) => [i.sku, i.quantity, Number(i.unit_price)])).toEqual([[coffee.sku, 10, 250_000]]);
    expect(await stockOf(coffee.id)).toBe(40);
    expect(await quoteRow(quote.id)).toMatchObject({ status: 'accepted', order_id: approved.orderId });
    const seen = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, c.requester.token);
    expect(seen).toMatchObject({ status: 'accepted', orderId: approved.orderId, approvalId: null });
  });

  it('a buyer accepts directly within its per-order limit and goes for approval above it; owner and approver accept directly', async () => {
    // 50,000 Ft per order.
    const c = await company(50_000 * 100);
    const box = await insertProduct(world.testDb.handle, { stock: 100, prices: [{ price: 10_000 * 100 }] });
    const within = await offeredQuote(c.buyer.token, [[box, 5]], 9_000 * 100); // 45,000 Ft
    expect(await accept(within.id, c.buyer.token)).toMatchObject({
      data: true,
      quote: { status: 'accepted' },
    });
    const above = await offeredQuote(c.buyer.token, [[box, 6]], 9_000 * 100); // 54,000 Ft
    expect(await accept(above.id, c.buyer.token)).toMatchObject({
      data: true,
      approvalRequired: true,
      quote: { status: 'pending_approval' },
    });
    const byOwner = await offeredQuote(c.owner.token, [[box, 20]], 9_000 * 100);
    const ownerAnswer = await accept(byOwner.id, c.owner.token);
    expect(ownerAnswer).toMatchObject({ data: true, quote: { status: 'accepted' } });
    expect('orderId' in ownerAnswer && typeof ownerAnswer.orderId).toBe('number');
    const byApprover = await offeredQuote(c.approver.token, [[box, 20]], 9_000 * 100);
    expect(await accept(byApprover.id, c.approver.token)).toMatchObject({
      data: true,
      quote: { status: 'accepted' },
    });
    // Three orders (within, owner, approver); the buyer's second quote waits.
    expect(await ordersOf(c.owner.customerId)).toHaveLength(3);
    expect(await approvalsOfQuote(above.id)).toHaveLength(1);
  });

  it('the customer’s agent accepts a requester’s quote directly: an order, no approval', async () => {
    const agent = await insertAgent(world.ctx);
    const owner = await insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.cash],
      agentUserId: agent.userId,
      logisticsCost: 0,
    });
    const requester = (await insertCompanyMember(world, owner.customerId, 'requester')).token;
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    const quote = await offeredQuote(requester, [[tea, 2]], 80_000);
    await ok('POST', '/api/shipping-addresses/set-current', agent.token, {
      shippingAddressId: owner.addressId,
    });
    await ok('PUT', '/api/cart/shipping-method', agent.token, { shippingMethodCode: 'pickup-customer' });
    await ok('PUT', '/api/cart/payment-method', agent.token, { paymentMethodId: world.methods.cash });
    const answer = await accept(quote.id, agent.token);
    expect(answer).toMatchObject({ data: true, quote: { status: 'accepted' } });
    expect('approvalRequired' in answer).toBe(false);
    expect(await approvalsOfQuote(quote.id)).toHaveLength(0);
    expect(await ordersOf(owner.customerId)).toHaveLength(1);
  });

  it('a rejected request gives the quote back as offered: it can be accepted again (a new request)', async () => {
    const c = await company();
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    const quote = await offeredQuote(c.requester.token, [[tea, 2]], 80_000);
    const first = (await accept(quote.id, c.requester.token)) as ApprovalAnswer;

    // While it waits the requester cannot accept or reject it again.
    const again = await call('POST', `/api/quotes/${quote.id}/accept`, c.requester.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'pending_approval' } });

    // Nor can staff revise the offer meanwhile.
    const revise = await call('POST', `/api/admin/quotes/${quote.id}/offer`, world.staff.token, {
      lines: [{ sku: tea.sku, price: 500, quantity: 2 }],
      validUntil: '2026-04-30',
      message: 'Cheaper',
    });
    expect(revise.statusCode).toBe(409);
    expect(revise.json()).toMatchObject({ error: 'ERR_QUOTE_STATUS' });

    await ok('POST', `/api/company/approvals/${first.approvalId}/reject`, c.approver.token, {
      reason: 'Not this month',
    });
    const back = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, c.requester.token);
    expect(back).toMatchObject({ status: 'offered', canAccept: true, approvalId: null, orderId: null });

    const second = (await accept(quote.id, c.requester.token)) as ApprovalAnswer;
    expect(second.approvalRequired).toBe(true);
    expect(second.approvalId).not.toBe(first.approvalId);
    expect((await approvalsOfQuote(quote.id)).map((a) => a.status)).toEqual(['rejected', 'pending']);
    expect(await ordersOf(c.owner.customerId)).toHaveLength(0);
  });

  it('the request holds until the end of the offer’s last day; when it expires the quote expires too (sweep)', async () => {
    const c = await company();
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    // Valid until Friday 2026-04-17 (shop time zone): sooner than 7 days.
    const quote = await offeredQuote(c.requester.token, [[tea, 2]], 80_000, '2026-04-17');
    const answer = (await accept(quote.id, c.requester.token)) as ApprovalAnswer;
    const [request] = await approvalsOfQuote(quote.id);
    // 2026-04-18 00:00 in Budapest.
    expect(request!.expires_at).toBe('2026-04-17T22:00:00.000Z');

    world.ctx.clock.set(new Date('2026-04-17T22:01:00.000Z'));
    const result = await new ExpirySweep(world.ctx, { log: quiet }).runOnce();
    expect(result.approvals).toBeGreaterThanOrEqual(1);
    expect((await approvalsOfQuote(quote.id)).map((a) => a.status)).toEqual(['expired']);
    expect(await quoteRow(quote.id)).toMatchObject({ status: 'expired', order_id: null });
    const approve = await call('POST', `/api/company/approvals/${answer.approvalId}/approve`, c.owner.token);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ error: 'ERR_APPROVAL_EXPIRED' });
  });

  it('an expired request of a quote still valid gives the offer back', async () => {
    const c = await company();
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    const quote = await offeredQuote(c.requester.token, [[tea, 1]], 80_000, '2026-05-31');
    await accept(quote.id, c.requester.token);
    world.ctx.clock.set(new Date(NOW.getTime() + 7 * DAY + 60_000));
    await new ExpirySweep(world.ctx, { log: quiet }).runOnce();
    expect(await quoteRow(quote.id)).toMatchObject({ status: 'offered' });
  });

  it('two accepts of the same quote by a requester at once give one approval request', async () => {
    const c = await company();
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    const quote = await offeredQuote(c.requester.token, [[tea, 3]], 90_000);
    const results = await Promise.all([
      call('POST', `/api/quotes/${quote.id}/accept`, c.requester.token),
      call('POST', `/api/quotes/${quote.id}/accept`, c.requester.token),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json()).toMatchObject({ approvalRequired: true });
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'ERR_QUOTE_STATUS' });
    expect(await approvalsOfQuote(quote.id)).toHaveLength(1);
    expect(await quoteRow(quote.id)).toMatchObject({ status: 'pending_approval' });
  });

  it('two approvers approving a quote’s request at once give one order and take the stock once', async () => {
    const c = await company();
    const tea = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const quote = await offeredQuote(c.requester.token, [[tea, 3]], 90_000);
    const { approvalId } = (await accept(quote.id, c.requester.token)) as ApprovalAnswer;
    const results = await Promise.all([
      call('POST', `/api/company/approvals/${approvalId}/approve`, c.approver.token),
      call('POST', `/api/company/approvals/${approvalId}/approve`, c.owner.token),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const orders = await ordersOf(c.owner.customerId);
    expect(orders).toHaveLength(1);
    expect(Number(orders[0]!.items_sum_gross)).toBe(270_000);
    expect(await stockOf(tea.id)).toBe(2);
    expect(await quoteRow(quote.id)).toMatchObject({ status: 'accepted', order_id: orders[0]!.id });
    const placed = results.find((r) => r.statusCode === 200)!.json() as OrderAnswer | { orderId: number };
    expect(placed.orderId).toBe(orders[0]!.id);
  });
});

import { describe, expect, it } from 'vitest';
import type { ApprovalDetail, ApprovalsResponse } from '@shop/shared/contracts/approvals';
import type { PlaceOrderOrApprovalResponse } from '@shop/shared/contracts/orders';
import { insertCompany, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertAgent, insertBuyer, insertProduct, type ProductFixture } from '../cart/checkout-fixtures';
import { exportedOrder } from '../integration/orders-export.service';
import { monthStart } from './approval-request.service';

/** Wednesday 2026-04-15 10:00 in Budapest (UTC+2). */
const NOW = new Date('2026-04-15T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('order approvals on %s', (dialect) => {
  const world = useShopWorld(dialect, {
    now: NOW,
    resetClock: true,
    smtp: true,
    config: { publicUrl: 'http://shop.test' },
  });
  const { call, db, expectApprovedOrder, fillCart, ordersOf, stockOf } = world;

  /** A company (its first login is the owner) with an approver, a buyer (default limit 50,000 Ft) and a requester. */
  const company = (limits: { orderLimit?: number | null; monthlyLimit?: number | null } = {}) =>
    insertCompany(world, {
      buyerOrderLimit: limits.orderLimit ?? 5_000_000,
      buyerMonthlyLimit: limits.monthlyLimit ?? null,
    });

  async function place(token: string): Promise<PlaceOrderOrApprovalResponse> {
    const res = await call('POST', '/api/orders/place-order', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PlaceOrderOrApprovalResponse;
  }

  async function requestApproval(token: string, lines: [ProductFixture, number][]): Promise<number> {
    await fillCart(token, lines);
    const result = await place(token);
    expect(result).toMatchObject({ data: true, approvalRequired: true });
    return (result as { approvalId: number }).approvalId;
  }

  it('a requester always sends the cart for approval: lines at the priced amounts, cart emptied, deciders mailed', async () => {
    const c = await company();
    const coffee = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 250_000 }] });
    const tea = await insertProduct(world.testDb.handle, { stock: 20, prices: [{ price: 100_000 }] });
    await fillCart(c.requester.token, [
      [coffee, 2],
      [tea, 1],
    ]);
    const result = await place(c.requester.token);
    expect(result).toMatchObject({ data: true, approvalRequired: true });
    const approvalId = (result as { approvalId: number }).approvalId;

    expect(await ordersOf(c.owner.customerId)).toHaveLength(0);
    expect(await stockOf(coffee.id)).toBe(20);
    const cart = (await call('GET', '/api/cart', c.requester.token)).json() as { cartItems: unknown[] };
    expect(cart.cartItems).toHaveLength(0);

    const detail = (await call('GET', `/api/company/approvals/${approvalId}`, c.owner.token)).json() as {
      approval: ApprovalDetail;
    };
    expect(detail.approval).toMatchObject({
      status: 'pending',
      requesterUserId: c.requester.userId,
      itemsGross: 600_000,
      grandTotal: 600_000,
      itemsCount: 2,
      canDecide: true,
      expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      shippingMethod: 'Személyes átvétel (vevő)',
      paymentMethod: 'Készpénz',
    });
    expect(detail.approval.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.lineGross])).toEqual([
      [coffee.sku, 2, 250_000, 500_000],
      [tea.sku, 1, 100_000, 100_000],
    ]);

    const toApprover = await world.smtp.waitFor((m) => m.to.includes(c.approver.email));
    expect(toApprover.subject).toContain('Awaiting approval');
    expect(toApprover.text).toContain(`http://shop.test/profile/approvals/${approvalId}`);
    await world.smtp.waitFor((m) => m.to.includes(c.owner.userEmail));
    expect(world.smtp.mailsTo(c.requester.email)).toHaveLength(0);
  });

  it('a buyer orders within its limits, needs approval above the per-order or the monthly limit; owners never', async () => {
    const c = await company({ orderLimit: 50_000 * 100, monthlyLimit: 90_000 * 100 });
    const box = await insertProduct(world.testDb.handle, { stock: 100, prices: [{ price: 10_000 * 100 }] });

    // 40,000 Ft: within both limits → an order.
    await fillCart(c.buyer.token, [[box, 4]]);
    expect(await place(c.buyer.token)).toMatchObject({ data: true, removedProducts: [] });
    // 80,000 Ft: above the per-order limit.
    await fillCart(c.buyer.token, [[box, 8]]);
    expect(await place(c.buyer.token)).toMatchObject({ data: true, approvalRequired: true });
    // 50,000 Ft: at the per-order limit, but 40,000 + 50,000 = 90,000 is not above the monthly limit → an order.
    await fillCart(c.buyer.token, [[box, 5]]);
    expect(await place(c.buyer.token)).toMatchObject({ data: true, removedProducts: [] });
    // 10,000 Ft more: 100,000 passes the monthly limit.
    await fillCart(c.buyer.token, [[box, 1]]);
    expect(await place(c.buyer.token)).toMatchObject({ data: true, approvalRequired: true });
    // Next month (shop time zone) the monthly sum starts again.
    world.ctx.clock.set(new Date('2026-04-30T22:30:00.000Z')); // 2026-05-01 00:30 in Budapest
    await fillCart(c.buyer.token, [[box, 1]]);
    expect(await place(c.buyer.token)).toMatchObject({ data: true, removedProducts: [] });

    // The owner and the approver have no limits.
    await fillCart(c.owner.token, [[box, 30]]);
    expect(await place(c.owner.token)).toMatchObject({ data: true, removedProducts: [] });
    await fillCart(c.approver.token, [[box, 30]]);
    expect(await place(c.approver.token)).toMatchObject({ data: true, removedProducts: [] });
  });

  it('the month starts at midnight in the shop time zone', () => {
    expect(monthStart(new Date('2026-04-30T22:30:00.000Z'), 'Europe/Budapest')).toBe(
      '2026-04-30T22:00:00.000Z',
    );
    expect(monthStart(new Date('2026-01-15T12:00:00.000Z'), 'Europe/Budapest')).toBe(
      '2025-12-31T23:00:00.000Z',
    );
  });

  it('an agent ordering for the company is not subject to its approval rules', async () => {
    const agent = await insertAgent(world.ctx);
    const customer = await insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.cash],
      agentUserId: agent.userId,
      logisticsCost: 0,
    });
    // The company's only login is a requester: the agent still orders directly.
    await db()
      .updateTable('users')
      .set({ company_role: 'requester' })
      .where('id', '=', customer.userId)
      .execute();
    const chosen = await call('POST', '/api/shipping-addresses/set-current', agent.token, {
      shippingAddressId: customer.addressId,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const box = await insertProduct(world.testDb.handle, { stock: 10, prices: [{ price: 1_000_000 }] });
    await fillCart(agent.token, [[box, 3]]);
    const result = await place(agent.token);
    expect(result).toMatchObject({ data: true, removedProducts: [] });
  });

  it('approve places the order at the request prices for the requester; both see who approved; mails to the requester', async () => {
    const c = await company();
    const coffee = await insertProduct(world.testDb.handle, { stock: 10, prices: [{ price: 300_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[coffee, 2]]);
    // The price list changes meanwhile: the request's price holds.
    await db()
      .updateTable('price_entries')
      .set({ price: 999_900 })
      .where('product_id', '=', coffee.id)
      .execute();

    const res = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.approver.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: true; orderId: number; approval: ApprovalDetail };
    expect(body.approval).toMatchObject({
      status: 'approved',
      orderId: body.orderId,
      decidedByName: c.approver.name,
    });

    await expectApprovedOrder(body.orderId, {
      requesterUserId: c.requester.userId,
      approverUserId: c.approver.userId,
      approvalId,
      itemsGross: 600_000,
    });
    expect(await stockOf(coffee.id)).toBe(8);

    const mail = await world.smtp.waitFor(
      (m) => m.to.includes(c.requester.email) && m.subject.includes('approved'),
    );
    expect(mail.text).toContain(`#${body.orderId}`);

    const history = (await call('GET', '/api/orders/history', c.owner.token)).json() as unknown;
    expect(JSON.stringify(history)).toContain(c.approver.name);

    const again = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ERR_APPROVAL_DECIDED' });
  });

  it('two approvers approving at once give exactly one order and take the stock once', async () => {
    const c = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[item, 3]]);
    const second = await c.member('approver');

    const results = await Promise.all([
      call('POST', `/api/company/approvals/${approvalId}/approve`, c.approver.token),
      call('POST', `/api/company/approvals/${approvalId}/approve`, second.token),
      call('POST', `/api/company/approvals/${approvalId}/approve`, c.owner.token),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: 'ERR_APPROVAL_DECIDED' });
    }
    const orders = await ordersOf(c.owner.customerId);
    expect(orders).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(2);
    const row = await db()
      .selectFrom('approvals')
      .selectAll()
      .where('id', '=', approvalId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', order_id: orders[0]!.id });
  });

  it('an approval place-order refuses leaves the request pending and changes nothing', async () => {
    const c = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[item, 4]]);
    await db().updateTable('products').set({ stock: 2 }).where('id', '=', item.id).execute();

    const res = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: [{ error: 'ERR_OUT_OF_STOCK', params: { sku: item.sku, available: 2, requested: 4 } }],
    });
    const row = await db()
      .selectFrom('approvals')
      .selectAll()
      .where('id', '=', approvalId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', decided_by_user_id: null, order_id: null });
    expect(await ordersOf(c.owner.customerId)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(2);
  });

  it('reject needs a reason, mails it to the requester, who can send a new request', async () => {
    const c = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[item, 1]]);

    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', extra: 1 }]) {
      const bad = await call('POST', `/api/company/approvals/${approvalId}/reject`, c.owner.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    const res = await call('POST', `/api/company/approvals/${approvalId}/reject`, c.owner.token, {
      reason: 'Too much coffee this month',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: true,
      approval: { status: 'rejected', reason: 'Too much coffee this month' },
    });
    const mail = await world.smtp.waitFor(
      (m) => m.to.includes(c.requester.email) && m.subject.includes('rejected'),
    );
    expect(mail.text).toContain('Reason: Too much coffee this month');

    const approve = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.approver.token);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ error: 'ERR_APPROVAL_DECIDED' });

    const next = await requestApproval(c.requester.token, [[item, 1]]);
    expect(next).not.toBe(approvalId);
  });

  it('after 7 days a request expires: the requester is told, nobody can approve it', async () => {
    const c = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[item, 1]]);
    world.ctx.clock.set(new Date(NOW.getTime() + 7 * DAY + 1000));

    const list = (await call('GET', '/api/company/approvals', c.owner.token)).json() as ApprovalsResponse;
    expect(list.approvals.find((a) => a.approvalId === approvalId)).toMatchObject({
      status: 'expired',
      canDecide: false,
    });
    expect(list.pendingCount).toBe(0);
    await world.smtp.waitFor((m) => m.to.includes(c.requester.email) && m.subject.includes('expired'));

    const res = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ERR_APPROVAL_EXPIRED' });
    expect(await ordersOf(c.owner.customerId)).toHaveLength(0);
  });

  it('who sees and decides: deciders the company, others their own; nobody decides their own request', async () => {
    const c = await company();
    const other = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 50, prices: [{ price: 100_000 }] });
    const byRequester = await requestApproval(c.requester.token, [[item, 1]]);
    const otherRequest = await requestApproval(other.requester.token, [[item, 1]]);
    const secondRequester = await c.member('requester');
    const bySecond = await requestApproval(secondRequester.token, [[item, 1]]);

    const ownerList = (
      await call('GET', '/api/company/approvals', c.owner.token)
    ).json() as ApprovalsResponse;
    expect(ownerList.approvals.map((a) => a.approvalId).sort()).toEqual([byRequester, bySecond].sort());
    expect(ownerList.pendingCount).toBe(2);
    expect((await call('GET', '/api/company/approvals/pending-count', c.approver.token)).json()).toEqual({
      pendingCount: 2,
    });
    expect((await call('GET', '/api/company/approvals/pending-count', c.buyer.token)).json()).toEqual({
      pendingCount: 0,
    });
    const pendingOnly = (
      await call('GET', '/api/company/approvals?status=rejected', c.owner.token)
    ).json() as ApprovalsResponse;
    expect(pendingOnly.approvals).toHaveLength(0);

    const ownList = (
      await call('GET', '/api/company/approvals', c.requester.token)
    ).json() as ApprovalsResponse;
    expect(ownList.approvals.map((a) => a.approvalId)).toEqual([byRequester]);
    expect(ownList.approvals[0]!.canDecide).toBe(false);
    expect((await call('GET', `/api/company/approvals/${bySecond}`, c.requester.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/company/approvals/${otherRequest}`, c.owner.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/company/approvals/${otherRequest}/approve`, c.owner.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/company/approvals/${byRequester}/approve`, c.buyer.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/company/approvals/${byRequester}/approve`, c.requester.token)).statusCode,
    ).toBe(403);

    // A requester who became an approver still cannot decide the request they sent.
    await db()
      .updateTable('users')
      .set({ company_role: 'approver' })
      .where('id', '=', c.requester.userId)
      .execute();
    const own = await call('POST', `/api/company/approvals/${byRequester}/approve`, c.requester.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: 'ERR_OWN_APPROVAL' });
    const ownReject = await call('POST', `/api/company/approvals/${byRequester}/reject`, c.requester.token, {
      reason: 'no',
    });
    expect(ownReject.json()).toMatchObject({ error: 'ERR_OWN_APPROVAL' });
    expect(
      (
        await db()
          .selectFrom('approvals')
          .select('status')
          .where('id', '=', byRequester)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');
  });
  it('the ERP sees who placed and who approved an order; approvals emit approval.requested and approval.decided', async () => {
    // Last in this file: from here on every event of the shop gets a delivery row for this endpoint.
    await db()
      .insertInto('webhook_endpoints')
      .values({
        url: 'https://hooks.example.invalid/approvals',
        events: JSON.stringify(['approval.requested', 'approval.decided']),
        secret: 'whsec_BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    const c = await company();
    const item = await insertProduct(world.testDb.handle, { stock: 5, prices: [{ price: 100_000 }] });
    const approvalId = await requestApproval(c.requester.token, [[item, 2]]);
    const res = await call('POST', `/api/company/approvals/${approvalId}/approve`, c.approver.token);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = (res.json() as { orderId: number }).orderId;

    const exported = await exportedOrder(db(), orderId);
    expect(exported.placedBy).toEqual({
      userId: c.requester.userId,
      name: c.requester.name,
      email: c.requester.email,
    });
    expect(exported.approvedBy).toEqual({
      userId: c.approver.userId,
      name: c.approver.name,
      email: c.approver.email,
    });

    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .orderBy('id')
      .execute();
    const bodies = deliveries.map(
      (d) => JSON.parse(d.payload) as { type: string; data: Record<string, unknown> },
    );
    const mine = bodies.filter((b) => b.data.approvalId === approvalId);
    expect(mine.map((b) => [b.type, b.data.status])).toEqual([
      ['approval.requested', 'pending'],
      ['approval.decided', 'approved'],
    ]);
    expect(mine[1]!.data).toMatchObject({
      orderId,
      grandTotal: 200_000,
      requester: { userId: c.requester.userId },
      decidedBy: { userId: c.approver.userId },
    });
  });
});

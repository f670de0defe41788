import { describe, expect, it } from 'vitest';
import type { QuoteDetail, QuoteSummary } from '@shop/shared/contracts/quotes';
import { useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertAgent, insertBuyer, insertProduct, type BuyerFixture } from '../cart/checkout-fixtures';

/**
 * The sales agent's side of quotes (issue 16 point 2, docs/product.md §5.12) on both databases: the
 * list of all its customers' quotes with their names, narrowed by status; the quantity rules each
 * line carries for the answer form; the agent's offer reaching the customer (status, mail, accept
 * at the agent's prices); the agent's decline.
 */
describe.each(TEST_DIALECTS)('quotes answered by the sales agent on %s', (dialect) => {
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T08:00:00Z'), outbox: false });
  const { call, ok, fillCart, outboxMails: mails } = world;

  /** A customer of `agentUserId` whose user asked for a quote for these lines (pickup and cash chosen). */
  async function customerWithQuote(
    agentUserId: number | null,
    name: string,
    lines: { sku: string; quantity: number }[],
  ): Promise<{ buyer: BuyerFixture; quote: QuoteDetail }> {
    const buyer = await insertBuyer(world.ctx, {
      paymentMethodIds: [world.methods.cash],
      agentUserId,
      name,
    });
    await fillCart(
      buyer.token,
      lines.map((line) => [line, line.quantity]),
    );
    const quote = await ok<QuoteDetail>('POST', '/api/quotes', buyer.token, {
      message: `${name}: kérünk árat`,
      wishedDeliveryDate: '2025-03-12',
    });
    return { buyer, quote };
  }

  it("lists the quotes of all the agent's customers with their names, narrowed by status, never another agent's", async () => {
    const agent = await insertAgent(world.ctx);
    const otherAgent = await insertAgent(world.ctx);
    const p = await insertProduct(world.testDb.handle);
    const alfa = await customerWithQuote(agent.userId, 'Alfa Bisztró Kft.', [{ sku: p.sku, quantity: 2 }]);
    const beta = await customerWithQuote(agent.userId, 'Béta Büfé Bt.', [{ sku: p.sku, quantity: 3 }]);
    const foreign = await customerWithQuote(otherAgent.userId, 'Gamma Kft.', [{ sku: p.sku, quantity: 4 }]);

    const list = (query: string) => ok<QuoteSummary[]>('GET', `/api/quotes${query}`, agent.token);
    // Newest first, each with its customer's name; the agent acts for none of them right now.
    expect((await list('')).map((q) => [q.id, q.customerName, q.status])).toEqual([
      [beta.quote.id, 'Béta Büfé Bt.', 'requested'],
      [alfa.quote.id, 'Alfa Bisztró Kft.', 'requested'],
    ]);
    expect((await list('?status=requested')).map((q) => q.id)).toEqual([beta.quote.id, alfa.quote.id]);
    expect(await list('?status=offered')).toEqual([]);

    await ok<QuoteDetail>('POST', `/api/quotes/${alfa.quote.id}/offer`, agent.token, {
      lines: [{ sku: p.sku, price: 90, quantity: 2 }],
      validUntil: '2025-03-10',
      message: '',
    });
    expect((await list('?status=requested')).map((q) => q.id)).toEqual([beta.quote.id]);
    expect((await list('?status=offered')).map((q) => [q.id, q.totalGross])).toEqual([
      [alfa.quote.id, 18000],
    ]);
    // The other agent sees only its own customer's quote, with or without the filter.
    expect(
      (await ok<QuoteSummary[]>('GET', '/api/quotes?status=requested', otherAgent.token)).map((q) => q.id),
    ).toEqual([foreign.quote.id]);
    // A customer's own login: the same filter over its company's quotes.
    expect(
      (await ok<QuoteSummary[]>('GET', '/api/quotes?status=offered', alfa.buyer.token)).map((q) => q.id),
    ).toEqual([alfa.quote.id]);
    expect(await ok<QuoteSummary[]>('GET', '/api/quotes?status=requested', alfa.buyer.token)).toEqual([]);
  });

  it('refuses an unknown status with 400 ERR_VALIDATION, changing nothing', async () => {
    const agent = await insertAgent(world.ctx);
    const p = await insertProduct(world.testDb.handle);
    const { quote } = await customerWithQuote(agent.userId, 'Delta Kft.', [{ sku: p.sku, quantity: 1 }]);
    for (const query of [
      '?status=open',
      '?status=',
      '?status=REQUESTED',
      '?status=requested&status=offered',
      "?status=' OR 1=1",
    ]) {
      const res = await call('GET', `/api/quotes${query}`, agent.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    const row = await world.testDb.handle.db
      .selectFrom('quotes')
      .select(['status', 'version'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'requested' });
    expect(Number(row.version)).toBe(1);
  });

  it("tells each line's quantity rules for the customer, and the agent's quantity off them is refused with the allowed one", async () => {
    const agent = await insertAgent(world.ctx);
    // Minimum a carton (12 pieces), step 6, 40 in stock.
    const cartons = await insertProduct(world.testDb.handle, {
      stock: 40,
      step: 6,
      minOrderQuantity: 'carton',
      prices: [
        { price: 10000, quantityDiscount: 1, unit: 'piece' },
        { price: 9000, quantityDiscount: 12, unit: 'carton' },
      ],
    });
    const plain = await insertProduct(world.testDb.handle);
    const { quote } = await customerWithQuote(agent.userId, 'Epszilon Kft.', [
      { sku: cartons.sku, quantity: 12 },
      { sku: plain.sku, quantity: 1 },
    ]);
    const seen = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, agent.token);
    expect(
      seen.lines.map((l) => [l.sku, l.minimumQuantity, l.maximumQuantity, l.quantityStep, l.stock]),
    ).toEqual([
      [cartons.sku, 12, null, 6, 40],
      [plain.sku, null, null, 1, 100],
    ]);
    const offer = (quantity: number) =>
      call('POST', `/api/quotes/${quote.id}/offer`, agent.token, {
        lines: [
          { sku: cartons.sku, price: 85, quantity },
          { sku: plain.sku, price: 95, quantity: 1 },
        ],
        validUntil: '2025-03-04',
        message: 'Ügynöki ajánlat',
      });
    const offStep = await offer(20);
    expect(offStep.statusCode).toBe(409);
    expect(offStep.json()).toEqual({
      error: 'ERR_QUANTITY_NOT_AVAILABLE',
      params: { sku: cartons.sku, requested: 20, allowed: 24 },
    });
    const overStock = await offer(42);
    expect(overStock.json()).toEqual({
      error: 'ERR_QUANTITY_NOT_AVAILABLE',
      params: { sku: cartons.sku, requested: 42, allowed: 36 },
    });
    const belowMinimum = await offer(6);
    expect(belowMinimum.json()).toEqual({
      error: 'ERR_QUANTITY_NOT_AVAILABLE',
      params: { sku: cartons.sku, requested: 6, allowed: 12 },
    });
    const stillRequested = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, agent.token);
    expect(stillRequested.status).toBe('requested');
    expect(stillRequested.lines.every((l) => l.offeredPrice === null)).toBe(true);
    // Today is the last valid day it may name.
    const offered = await offer(18);
    expect(offered.statusCode, offered.body).toBe(200);
    expect((offered.json() as QuoteDetail).lines.map((l) => [l.offeredQuantity, l.offeredPrice])).toEqual([
      [18, 8500],
      [1, 9500],
    ]);
  });

  it("the agent's offer reaches the customer: offered, mailed to the requester, accepted at the agent's prices", async () => {
    const agent = await insertAgent(world.ctx, { name: 'Kovács Ügynök' });
    const p = await insertProduct(world.testDb.handle, { stock: 100, prices: [{ price: 12000 }] });
    const { buyer, quote } = await customerWithQuote(agent.userId, 'Zéta Étterem Kft.', [
      { sku: p.sku, quantity: 10 },
    ]);
    const agentView = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, agent.token);
    expect(agentView).toMatchObject({
      customerName: 'Zéta Étterem Kft.',
      message: 'Zéta Étterem Kft.: kérünk árat',
      wishedDeliveryDate: '2025-03-12',
      canAnswer: true,
      canAccept: false,
    });
    expect(agentView.lines[0]).toMatchObject({ requestedQuantity: 10, listPrice: 12000 });
    // The customer's own login never gets the answer: it may not answer its own quote.
    const ownView = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, buyer.token);
    expect(ownView.canAnswer).toBe(false);

    const before = (await mails()).length;
    const offered = await ok<QuoteDetail>('POST', `/api/quotes/${quote.id}/offer`, agent.token, {
      lines: [{ sku: p.sku, price: 99.5, quantity: 10 }],
      validUntil: '2025-03-11',
      message: 'Ügynöki különár',
    });
    expect(offered).toMatchObject({
      status: 'offered',
      validUntil: '2025-03-11',
      staffMessage: 'Ügynöki különár',
      answeredByName: 'Kovács Ügynök',
      totalGross: 99500,
      canAnswer: true,
    });
    const sent = await mails();
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.to).toBe(buyer.userEmail);
    expect(sent.at(-1)!.text).toContain('Ügynöki különár');
    expect(sent.at(-1)!.text).toContain(`/profile/quotes/${quote.id}`);

    const customerView = await ok<QuoteDetail>('GET', `/api/quotes/${quote.id}`, buyer.token);
    expect(customerView).toMatchObject({
      status: 'offered',
      canAccept: true,
      canAnswer: false,
      totalGross: 99500,
    });
    const accepted = await ok<{ data: true; orderId: number }>(
      'POST',
      `/api/quotes/${quote.id}/accept`,
      buyer.token,
    );
    expect(accepted.data).toBe(true);
    const items = await world.testDb.handle.db
      .selectFrom('order_items')
      .select(['sku', 'quantity', 'unit_price'])
      .where('order_id', '=', accepted.orderId)
      .execute();
    expect(items.map((i) => [i.sku, Number(i.quantity), Number(i.unit_price)])).toEqual([[p.sku, 10, 9950]]);
    // Answered: no longer in the agent's open requests, and no second answer.
    expect(
      (await ok<QuoteSummary[]>('GET', '/api/quotes?status=accepted', agent.token)).map((q) => q.id),
    ).toEqual([quote.id]);
    const late = await call('POST', `/api/quotes/${quote.id}/offer`, agent.token, {
      lines: [{ sku: p.sku, price: 1, quantity: 10 }],
      validUntil: '2025-03-11',
      message: '',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'accepted' } });
  });

  it('the agent declines with a reason the requester is mailed; the customer cannot accept it', async () => {
    const agent = await insertAgent(world.ctx);
    const p = await insertProduct(world.testDb.handle);
    const { buyer, quote } = await customerWithQuote(agent.userId, 'Éta Kft.', [{ sku: p.sku, quantity: 5 }]);
    const byCustomer = await call('POST', `/api/quotes/${quote.id}/decline`, buyer.token, { message: 'x' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual({ error: 'ERR_FORBIDDEN' });
    const before = (await mails()).length;
    const declined = await ok<QuoteDetail>('POST', `/api/quotes/${quote.id}/decline`, agent.token, {
      message: 'Ezt a mennyiséget nem tudjuk kedvezménnyel adni',
    });
    expect(declined).toMatchObject({ status: 'declined', canAnswer: false });
    const sent = await mails();
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.to).toBe(buyer.userEmail);
    expect(sent.at(-1)!.text).toContain('Ezt a mennyiséget nem tudjuk kedvezménnyel adni');
    const accept = await call('POST', `/api/quotes/${quote.id}/accept`, buyer.token);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ error: 'ERR_QUOTE_STATUS', params: { status: 'declined' } });
    expect(
      (await ok<QuoteSummary[]>('GET', '/api/quotes?status=declined', agent.token)).map((q) => q.id),
    ).toEqual([quote.id]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderOrApprovalResponse } from '@shop/shared/contracts/orders';
import { insertCompanyMember, useShopWorld } from '../../../test/shop-world';
import { testContext } from '../../../test/test-config';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildApp } from '../../app';
import { insertBuyer, insertProduct, type ProductFixture } from '../cart/checkout-fixtures';
import { ExpirySweep } from './expiry-sweep';

/** Wednesday 2026-04-15 10:00 in Budapest (UTC+2). */
const NOW = new Date('2026-04-15T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
/** 7 days and 1 minute later: every request made at NOW is due. */
const LATER = new Date(NOW.getTime() + 7 * DAY + 60_000);
const quiet = { info: () => undefined, error: () => undefined };

/**
 * The expiry sweep (issue 15 point 8; docs/product.md §3.4.2) on both databases: a request older
 * than 7 days expires and its requester is mailed (real SMTP) without any HTTP call; two sweeps at
 * once mail each requester once; quote offers past their last day expire; closing stops it.
 */
describe.each(TEST_DIALECTS)('expiry sweep on %s', (dialect) => {
  // The main app's own sweep waits a minute: within these tests only the sweeps started here run.
  const world = useShopWorld(dialect, { now: NOW, resetClock: true, smtp: true });
  const { call, db, fillCart } = world;
  let product: ProductFixture;

  beforeAll(async () => {
    product = await insertProduct(world.testDb.handle, { stock: 1000, prices: [{ price: 100_000 }] });
  });

  const statusOf = async (approvalId: number) =>
    (
      await db()
        .selectFrom('approvals')
        .select('status')
        .where('id', '=', approvalId)
        .executeTakeFirstOrThrow()
    ).status;
  const expiredMailsTo = (email: string) =>
    world.smtp.mailsTo(email).filter((m) => m.subject.toLowerCase().includes('expired'));

  /** A company whose requester sends one line for approval at NOW; answers the requester and the request. */
  async function pendingRequest(): Promise<{ email: string; approvalId: number }> {
    const owner = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash], logisticsCost: 0 });
    const { email, token } = await insertCompanyMember(world, owner.customerId, 'requester');
    await fillCart(token, [[product, 1]]);
    const placed = await call('POST', '/api/orders/place-order', token);
    const result = placed.json() as PlaceOrderOrApprovalResponse;
    expect(result).toMatchObject({ data: true, approvalRequired: true });
    return { email, approvalId: (result as { approvalId: number }).approvalId };
  }

  it('a request 7 days and 1 minute old expires in a running server with no HTTP call; the requester is mailed once', async () => {
    const { email, approvalId } = await pendingRequest();
    const fresh = await pendingRequest();
    // A second server process on the same database, whose sweep runs every 100 ms, 7 days later.
    const laterCtx = testContext(world.testDb.handle, {
      now: LATER,
      mailer: world.smtp.mailer,
      config: { sweepIntervalMs: 100 },
    });
    world.ctx.clock.set(LATER);
    // The fresh request was made 7 days after the others: it still has its 7 days.
    await db()
      .updateTable('approvals')
      .set({ expires_at: new Date(LATER.getTime() + 7 * DAY).toISOString() })
      .where('id', '=', fresh.approvalId)
      .execute();
    const server = await buildApp(laterCtx, { logger: false });
    await server.ready();
    try {
      const mail = await world.smtp.waitFor(
        (m) => m.to.includes(email) && m.subject.toLowerCase().includes('expired'),
        5000,
      );
      expect(mail.text).toContain(`/profile/approvals/${approvalId}`);
      expect(await statusOf(approvalId)).toBe('expired');
      // Several more passes: still one mail, and the request that still holds stays pending.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(expiredMailsTo(email)).toHaveLength(1);
      expect(await statusOf(fresh.approvalId)).toBe('pending');
      expect(expiredMailsTo(fresh.email)).toHaveLength(0);
    } finally {
      await server.close();
    }

    // Closed: no pass runs any more, even when a request falls due.
    const after = await pendingRequest();
    await db()
      .updateTable('approvals')
      .set({ expires_at: NOW.toISOString() })
      .where('id', '=', after.approvalId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await statusOf(after.approvalId)).toBe('pending');
  });

  it('two sweeps at once (two processes) expire each request once and mail each requester once', async () => {
    const requests = [await pendingRequest(), await pendingRequest(), await pendingRequest()];
    world.ctx.clock.set(LATER);
    const first = new ExpirySweep(
      testContext(world.testDb.handle, { now: LATER, mailer: world.smtp.mailer }),
      {
        log: quiet,
      },
    );
    const second = new ExpirySweep(
      testContext(world.testDb.handle, { now: LATER, mailer: world.smtp.mailer }),
      {
        log: quiet,
      },
    );
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    // Other tests' requests may be due as well; these three were expired by exactly one of the two.
    expect(a.approvals + b.approvals).toBeGreaterThanOrEqual(3);
    for (const { email, approvalId } of requests) {
      expect(await statusOf(approvalId)).toBe('expired');
      // The main app's dispatcher (its clock is LATER too) delivers the outbox.
      await world.smtp.waitFor(
        (m) => m.to.includes(email) && m.subject.toLowerCase().includes('expired'),
        5000,
      );
    }
    const outboxRows = await db()
      .selectFrom('outbox')
      .select(['target'])
      .where('kind', '=', 'mail')
      .execute();
    for (const { email } of requests) {
      expect(outboxRows.filter((r) => r.target === email)).toHaveLength(1);
      expect(expiredMailsTo(email)).toHaveLength(1);
    }
    // A third pass finds nothing of these left.
    expect((await first.runOnce()).approvals).toBe(0);
  });

  it('a quote offer past its last valid day is expired by the sweep; one still valid stays offered', async () => {
    const buyer = await insertBuyer(world.ctx, { paymentMethodIds: [world.methods.cash] });
    const insertQuote = async (validUntil: string) =>
      (
        await db()
          .insertInto('quotes')
          .values({
            customer_id: buyer.customerId,
            user_id: buyer.userId,
            status: 'offered',
            valid_until: validUntil,
            version: 2,
            created_at: NOW.toISOString(),
            updated_at: NOW.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // NOW is 2026-04-15 in Budapest.
    const past = await insertQuote('2026-04-14');
    const lastDay = await insertQuote('2026-04-15');
    const sweep = new ExpirySweep(world.ctx, { log: quiet });
    const result = await sweep.runOnce();
    expect(result.quotes).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .selectFrom('quotes')
      .select(['id', 'status', 'decided_at'])
      .where('id', 'in', [past, lastDay])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: past, status: 'expired', decided_at: NOW.toISOString() },
      { id: lastDay, status: 'offered', decided_at: null },
    ]);
  });
});

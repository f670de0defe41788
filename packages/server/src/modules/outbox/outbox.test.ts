import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/bench-lib';
import type { OutboxConfig } from '../../config';
import { createDatabase, type DatabaseHandle } from '../../db/connection';
import { createMailer } from '../../lib/mailer';
import { testContext } from '../../../test/test-config';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { startTestSmtp, type TestSmtp } from '../../../test/test-smtp';
import { buildApp } from '../../app';
import { api, insertBuyer, insertMethods, insertProduct } from '../cart/checkout-fixtures';
import { OutboxDispatcher } from './outbox-dispatcher';
import * as repo from './outbox.repository';
import { enqueue, mailPayloadSchema, wakeOutbox } from './outbox.service';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const T0 = new Date('2026-11-24T10:00:00.000Z');
const FAST: OutboxConfig = {
  retryStartMs: 200,
  retryMaxMs: 1000,
  giveUpMs: 600_000,
  pollMs: 500,
  leaseMs: 30_000,
};

function mail(to: string, subject = 'Hello') {
  return {
    kind: 'mail' as const,
    mail: { to, subject, text: `Text of ${subject}`, html: `<p>${subject}</p>` },
  };
}

describe.each(TEST_DIALECTS)('outbox on %s', (dialect) => {
  let testDb: TestDatabase;
  let smtp: TestSmtp;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await testDb.drop();
  });
  afterEach(async () => {
    smtp.setFailing(false);
    await testDb.handle.db.deleteFrom('outbox').execute();
  });

  const rows = () => testDb.handle.db.selectFrom('outbox').selectAll().orderBy('id').execute();

  it('delivers a committed mail at once with a stable Message-ID and keeps no body once it is sent', async () => {
    const ctx = testContext(testDb.handle, { mailer: smtp.mailer, config: { outbox: FAST } });
    const dispatcher = new OutboxDispatcher(ctx, { log: quiet });
    dispatcher.start();
    try {
      const queued = await testDb.handle.db
        .transaction()
        .execute((trx) => enqueue(ctx, trx, mail('anna@example.com', 'Stable id')));
      const [row] = await rows();
      const { messageId } = mailPayloadSchema.parse(JSON.parse(row!.payload!));
      expect(messageId).toBe(`<${queued.messageId}@example.com>`);
      wakeOutbox(ctx);
      const received = await smtp.waitFor((m) => m.subject === 'Stable id', 2000);
      expect(received.headers['message-id']).toBe(messageId);
      expect(received.text).toContain('Text of Stable id');
      await expect.poll(async () => (await rows())[0]?.status).toBe('sent');
      expect((await rows())[0]).toMatchObject({
        payload: null,
        attempts: 1,
        lease_until: null,
        locked_by: null,
      });
      expect(smtp.mailsTo('anna@example.com')).toHaveLength(1);
    } finally {
      await dispatcher.stop();
    }
  });

  it('keeps no message of a transaction that rolls back', async () => {
    const ctx = testContext(testDb.handle, { mailer: smtp.mailer });
    await expect(
      testDb.handle.db.transaction().execute(async (trx) => {
        await enqueue(ctx, trx, mail('rolled@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  it('schedules a failed attempt with backoff and full jitter, and marks the message failed at the give-up time', async () => {
    const config: OutboxConfig = { ...FAST, retryStartMs: 10_000, retryMaxMs: 40_000, giveUpMs: 60_000 };
    const ctx = testContext(testDb.handle, { mailer: smtp.mailer, now: T0, config: { outbox: config } });
    const dispatcher = new OutboxDispatcher(ctx, { log: quiet, random: () => 0.5 });
    await testDb.handle.db.transaction().execute((trx) => enqueue(ctx, trx, mail('later@example.com')));
    smtp.setFailing(true);
    const schedule: string[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await dispatcher.runOnce()).toBe(1);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, locked_by: null });
      expect(row!.last_error).toContain('550');
      schedule.push(row!.next_attempt_at);
      // Not due before its time.
      expect(await dispatcher.runOnce()).toBe(0);
      ctx.clock.set(new Date(row!.next_attempt_at));
    }
    // Half of a ceiling that doubles from 10 s and stops at 40 s, counted from each attempt.
    expect(schedule).toEqual(
      [5_000, 15_000, 35_000, 55_000].map((ms) => new Date(T0.getTime() + ms).toISOString()),
    );
    // The fifth attempt would come after the give-up time: it is made at that time, then no more.
    expect(await dispatcher.runOnce()).toBe(1);
    const [last] = await rows();
    expect(last).toMatchObject({
      status: 'pending',
      next_attempt_at: new Date(T0.getTime() + 60_000).toISOString(),
    });
    ctx.clock.set(new Date(T0.getTime() + 60_000));
    expect(await dispatcher.runOnce()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 6 });
    ctx.clock.set(new Date(T0.getTime() + 3_600_000));
    expect(await dispatcher.runOnce()).toBe(0);
    expect(smtp.mailsTo('later@example.com')).toEqual([]);
  });

  it('lets another dispatcher take over a message whose holder died, once the lease has run out', async () => {
    const ctx = testContext(testDb.handle, { mailer: smtp.mailer, now: T0, config: { outbox: FAST } });
    await testDb.handle.db
      .transaction()
      .execute((trx) => enqueue(ctx, trx, mail('orphan@example.com', 'Orphan')));
    // A process claims it and is killed before it delivers.
    const claimed = await repo.claimDue(testDb.handle.db, dialect, {
      now: T0.toISOString(),
      leaseUntil: new Date(T0.getTime() + FAST.leaseMs).toISOString(),
      lockedBy: 'killed-process',
      limit: 10,
    });
    expect(claimed).toHaveLength(1);
    const other = new OutboxDispatcher(ctx, { log: quiet });
    ctx.clock.set(new Date(T0.getTime() + FAST.leaseMs - 1));
    expect(await other.runOnce()).toBe(0);
    ctx.clock.set(new Date(T0.getTime() + FAST.leaseMs));
    expect(await other.runOnce()).toBe(1);
    expect(smtp.mailsTo('orphan@example.com')).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('stops claiming when stopped and finishes the delivery in flight first', async () => {
    const ctx = testContext(testDb.handle, { mailer: smtp.mailer, config: { outbox: FAST } });
    let started!: () => void;
    const deliveryStarted = new Promise<void>((resolve) => (started = resolve));
    const dispatcher = new OutboxDispatcher(ctx, {
      log: quiet,
      deliverers: {
        mail: async (c, row) => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 300));
          await c.mailer.send(mailPayloadSchema.parse(JSON.parse(row.payload!)));
        },
      },
    });
    dispatcher.start();
    await testDb.handle.db
      .transaction()
      .execute((trx) => enqueue(ctx, trx, mail('drain@example.com', 'Drain')));
    wakeOutbox(ctx);
    await deliveryStarted;
    await dispatcher.stop();
    expect(smtp.mailsTo('drain@example.com')).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
    // Stopped: a new message stays in the outbox.
    await testDb.handle.db
      .transaction()
      .execute((trx) => enqueue(ctx, trx, mail('later@example.com', 'After stop')));
    wakeOutbox(ctx);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rows())[1]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('delivers every confirmation of 20 orders placed while the mail server is down, once, after it starts 30 s later', async () => {
    const port = await freePort();
    const ctx = testContext(testDb.handle, {
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Shop <shop@example.com>',
        outboxDir: '',
      }),
      config: { outbox: FAST },
    });
    const app: FastifyInstance = await buildApp(ctx, { logger: false });
    let late: TestSmtp | undefined;
    try {
      await app.ready();
      const call = api(app);
      const methods = await insertMethods(testDb.handle);
      const product = await insertProduct(testDb.handle, { stock: 1000, prices: [{ price: 1000 }] });
      const buyers = await Promise.all(
        [0, 1, 2, 3].map(() => insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer] })),
      );
      const orders: { orderId: number; email: string }[] = [];
      for (let i = 0; i < 20; i += 1) {
        const buyer = buyers[i % buyers.length]!;
        await call('POST', '/api/cart/set-product-quantity', buyer.token, {
          productSku: product.sku,
          quantity: 1 + i,
        });
        await call('PUT', '/api/cart/shipping-method', buyer.token, {
          shippingMethodCode: 'pickup-customer',
        });
        await call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer });
        const res = await call('POST', '/api/orders/place-order', buyer.token);
        const body = res.json() as { data: unknown; orderId: number };
        expect(body.data, res.body).toBe(true);
        orders.push({ orderId: body.orderId, email: buyer.email });
      }
      await expect
        .poll(async () => (await rows()).every((r) => r.attempts >= 2 && r.status === 'pending'))
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      late = await startTestSmtp({ port });
      for (const order of orders) {
        await late.waitFor(
          (m) => m.to.includes(order.email) && m.subject.endsWith(` ${order.orderId}. sz. rendelés`),
          15_000,
        );
      }
      await expect.poll(async () => (await rows()).filter((r) => r.status === 'sent').length).toBe(20);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(late.messages).toHaveLength(20);
      expect(new Set(late.messages.map((m) => m.headers['message-id'])).size).toBe(20);
      for (const order of orders) {
        expect(
          late.messages.filter((m) => m.subject.endsWith(` ${order.orderId}. sz. rendelés`)),
        ).toHaveLength(1);
      }
    } finally {
      await app.close();
      ctx.mailer.close();
      await late?.close();
    }
  }, 90_000);
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('two dispatchers on one PostgreSQL', () => {
  let testDb: TestDatabase;
  let second: DatabaseHandle;
  let smtp: TestSmtp;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    second = createDatabase({ kind: 'postgres', url: testDb.url });
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await second.close();
    await testDb.drop();
  });

  it('deliver 200 messages, each exactly once', async () => {
    const contexts = [testDb.handle, second].map((database) =>
      testContext(database, { mailer: smtp.mailer, config: { outbox: FAST } }),
    );
    const dispatchers = contexts.map((ctx) => new OutboxDispatcher(ctx, { log: quiet, batchSize: 10 }));
    for (const d of dispatchers) d.start();
    try {
      // Written from both processes, ten messages a transaction, each process waking its dispatcher.
      for (let batch = 0; batch < 20; batch += 1) {
        const ctx = contexts[batch % 2]!;
        await ctx.database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 10; i += 1)
            await enqueue(ctx, trx, mail(`m${batch * 10 + i}@example.com`, `No ${batch * 10 + i}`));
        });
        wakeOutbox(ctx);
      }
      await expect
        .poll(
          async () => {
            const sent = await testDb.handle.db
              .selectFrom('outbox')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'sent')
              .executeTakeFirstOrThrow();
            return Number(sent.n);
          },
          { timeout: 20_000 },
        )
        .toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.messages).toHaveLength(200);
      const subjects = smtp.messages.map((m) => m.subject);
      expect(new Set(subjects).size).toBe(200);
      expect(new Set(smtp.messages.map((m) => m.headers['message-id'])).size).toBe(200);
      const attempts = await testDb.handle.db.selectFrom('outbox').select('attempts').execute();
      expect(attempts.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }
  }, 60_000);
});

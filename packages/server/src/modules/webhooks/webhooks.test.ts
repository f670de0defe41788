import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@shop/shared/contracts/admin-webhooks';
import { buildApp } from '../../app';
import { adminCallers, type AdminCallers } from '../../../test/admin-fixtures';
import { companyRegistration, nextIp } from '../../../test/account-fixtures';
import { testContext } from '../../../test/test-config';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { startTestSmtp, type TestSmtp } from '../../../test/test-smtp';
import { startWebhookReceiver, type TestWebhookReceiver } from '../../../test/test-webhook-receiver';
import { api, insertBuyer, insertMethods, insertProduct } from '../cart/checkout-fixtures';
import { exportOrders } from '../integration/orders-export.service';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher';
import { approveUser } from '../users/users.service';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(TEST_DIALECTS)('webhooks on %s', (dialect) => {
  let testDb: TestDatabase;
  let smtp: TestSmtp;
  let ctx: ReturnType<typeof testContext>;
  let app: FastifyInstance;
  let callers: AdminCallers;
  let receiver: TestWebhookReceiver;
  let dispatcher: OutboxDispatcher;
  let methods: Awaited<ReturnType<typeof insertMethods>> | undefined;
  const db = () => testDb.handle.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
    ctx = testContext(testDb.handle, { mailer: smtp.mailer });
    // The outbox is driven by hand here (`drain`), each retry due at once (random 0).
    app = await buildApp(ctx, { logger: false, outbox: false });
    await app.ready();
    callers = await adminCallers(ctx, testDb.handle);
    dispatcher = new OutboxDispatcher(ctx, { log: quiet, random: () => 0 });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    ctx?.mailer.close();
    await testDb?.drop();
  });
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    ctx.clock.set(new Date());
    ctx.config.webhookAllowedNetworks = ['127.0.0.1/32'];
    return async () => {
      await receiver.close();
      await db().deleteFrom('webhook_deliveries').execute();
      await db().deleteFrom('webhook_endpoints').execute();
      await db().deleteFrom('outbox').execute();
    };
  });

  function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = callers.admin,
  ) {
    return app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: nextIp(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  async function createEndpoint(events: string[], url = receiver.url): Promise<WebhookWithSecret> {
    const res = await call('POST', '/api/admin/webhooks', { url, events, description: 'ERP' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as WebhookWithSecret;
    receiver.secret = created.secret;
    return created;
  }

  /** One dispatcher pass after another until nothing is due. */
  async function drain(maxPasses = 20): Promise<void> {
    for (let i = 0; i < maxPasses; i += 1) if ((await dispatcher.runOnce()) === 0) return;
  }

  async function deliveries(endpointId: number): Promise<WebhookDelivery[]> {
    const res = await call('GET', `/api/admin/webhooks/${endpointId}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: WebhookDelivery[] }).items;
  }

  async function placeOrder(): Promise<number> {
    const call2 = api(app);
    methods ??= await insertMethods(testDb.handle);
    const product = await insertProduct(testDb.handle, { stock: 100, prices: [{ price: 1000 }] });
    const buyer = await insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer] });
    await call2('POST', '/api/cart/set-product-quantity', buyer.token, {
      productSku: product.sku,
      quantity: 3,
    });
    await call2('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'pickup-customer' });
    await call2('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer });
    const res = await call2('POST', '/api/orders/place-order', buyer.token);
    const body = res.json() as { data: unknown; orderId: number };
    expect(body.data, res.body).toBe(true);
    return body.orderId;
  }

  it('creates an endpoint with a whsec_ secret shown once, lists, changes and deletes it, each change audited', async () => {
    const created = await createEndpoint(['order.placed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['order.placed'],
      description: 'ERP',
      enabled: true,
    });
    const list = await call('GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    expect((list.json() as { items: WebhookEndpoint[] }).items.map((e) => e.id)).toEqual([created.id]);

    const patched = await call('PATCH', `/api/admin/webhooks/${created.id}`, {
      events: ['order.placed', 'customer.registered'],
      enabled: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['order.placed', 'customer.registered'], enabled: false });

    const removed = await call('DELETE', `/api/admin/webhooks/${created.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await call('GET', `/api/admin/webhooks/${created.id}/deliveries`)).json()).toEqual({
      error: 'ERR_WEBHOOK_NOT_FOUND',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after_json', 'before_json'])
      .where('entity', '=', 'webhook')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('delivers order.placed, signed, with the data of GET /api/integration/orders, and order.status_changed', async () => {
    const endpoint = await createEndpoint(['order.placed', 'order.status_changed']);
    const orderId = await placeOrder();
    // In the order's transaction: the outbox row is there before any delivery.
    const queued = await db().selectFrom('outbox').selectAll().where('kind', '=', 'webhook').execute();
    expect(queued.map((r) => [r.topic, r.target, r.status])).toEqual([
      ['order.placed', receiver.url, 'pending'],
    ]);
    await drain();
    const placed = await receiver.waitFor((r) => r.json.type === 'order.placed');
    expect(placed.verified).toBe(true);
    expect(placed.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const exported = (await exportOrders(ctx, { after: orderId - 1, limit: 1, unacknowledged: 'false' }))
      .orders[0];
    expect(placed.json.data).toEqual(exported);
    expect(Date.parse(placed.json.timestamp)).not.toBeNaN();

    const changed = await call('POST', `/api/admin/orders/${orderId}/status`, { status: 'confirmed' });
    expect(changed.statusCode, changed.body).toBe(200);
    await drain();
    const statusEvent = await receiver.waitFor((r) => r.json.type === 'order.status_changed');
    expect(statusEvent.verified).toBe(true);
    expect(statusEvent.json.data).toMatchObject({ id: orderId, status: 'confirmed' });

    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.eventType, d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['order.status_changed', 'delivered', 1, 200],
      ['order.placed', 'delivered', 1, 200],
    ]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      log[1]!.webhookId,
      log[0]!.webhookId,
    ]);
  });

  it('delivers customer.registered and customer.approved to the endpoints that subscribe, not to others', async () => {
    const endpoint = await createEndpoint(['customer.registered', 'customer.approved']);
    const other = await startWebhookReceiver();
    try {
      const orderOnly = await call('POST', '/api/admin/webhooks', {
        url: other.url,
        events: ['order.placed'],
      });
      expect(orderOnly.statusCode).toBe(201);
      const body = companyRegistration({ email: `hook-${dialect}@pelda.hu` });
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: body,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { userId } = res.json() as { userId: number };
      await db()
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
      await approveUser(ctx, `hook-${dialect}@pelda.hu`);
      await drain();
      const registered = await receiver.waitFor((r) => r.json.type === 'customer.registered');
      const approved = await receiver.waitFor((r) => r.json.type === 'customer.approved');
      expect(registered.verified && approved.verified).toBe(true);
      expect(registered.json.data).toMatchObject({
        userId,
        email: `hook-${dialect}@pelda.hu`,
        approvedAt: null,
      });
      expect(approved.json.data).toMatchObject({ userId, approvedAt: expect.any(String) });
      expect(other.received).toHaveLength(0);
      expect((await deliveries(endpoint.id)).every((d) => d.status === 'delivered')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('retries a receiver that answers 500 three times, then 200, with the same webhook-id each time', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    receiver.answers = [500, 500, 500];
    const test = await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    for (let i = 0; i < 4; i += 1) await dispatcher.runOnce();
    expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received[0]!.json.type).toBe('webhook.test');
    const [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200 });
    expect(log!.webhookId).toBe(receiver.received[0]!.headers['webhook-id']);
    const row = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.failing_since).toBeNull();

    // Resend: the same webhook-id and body again.
    const resent = await call('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/${log!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    await drain();
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4]!.headers['webhook-id']).toBe(log!.webhookId);
    expect(receiver.received[4]!.body).toBe(receiver.received[0]!.body);
  });

  it('disables an endpoint that answers 410 at once and mails the administrators', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    receiver.answers = [410];
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    await drain();
    // The answer disables it at once: no retry, and no new event is written for it.
    expect(receiver.received.map((r) => r.status)).toEqual([410]);
    const [listed] = (await call('GET', '/api/admin/webhooks')).json().items as WebhookEndpoint[];
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'gone' });
    await placeOrder();
    await drain();
    expect(receiver.received).toHaveLength(1);
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([['failed', 1, 410]]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(callers.adminUser.email) && m.subject.includes(receiver.url),
    );
    expect(mail.text).toContain('410');
    // A disabled endpoint gets no test event.
    expect((await call('POST', `/api/admin/webhooks/${endpoint.id}/test`)).json()).toEqual({
      error: 'ERR_WEBHOOK_DISABLED',
    });
  });

  it('disables an endpoint that has been failing for OUTBOX_GIVE_UP_MS and mails the administrators', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    receiver.answers = [503, 503, 503];
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    await dispatcher.runOnce();
    await dispatcher.runOnce();
    let row = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
    expect(row.failing_since).not.toBeNull();
    ctx.clock.advance(ctx.config.outbox.giveUpMs + 1000);
    await dispatcher.runOnce();
    row = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect([row.enabled, row.disabled_reason]).toEqual([0, 'failing']);
    await drain();
    await smtp.waitFor((m) => m.to.includes(callers.adminUser.email) && m.subject.includes(receiver.url));
    expect(receiver.received).toHaveLength(3);
    // Enabled again by hand: the failure clock starts over.
    ctx.clock.set(new Date());
    const enabled = await call('PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('refuses a private target outside WEBHOOK_ALLOWED_NETWORKS when it is saved and at delivery', async () => {
    for (const [url, address] of [
      ['http://10.1.2.3/hook', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['https://192.168.1.10:8443/erp', '192.168.1.10'],
      ['http://[::1]:8080/', '::1'],
      ['http://[fd00::5]/', 'fd00::5'],
      ['http://100.64.0.1/', '100.64.0.1'],
      ['http://0.0.0.0:9/', '0.0.0.0'],
    ] as const) {
      const res = await call('POST', '/api/admin/webhooks', { url, events: ['order.placed'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'ERR_WEBHOOK_TARGET_FORBIDDEN', params: { address } });
    }
    expect((await db().selectFrom('webhook_endpoints').selectAll().execute()).length).toBe(0);

    // Saved while allowed; the setting then no longer allows it: nothing reaches the receiver.
    const endpoint = await createEndpoint(['order.placed']);
    ctx.config.webhookAllowedNetworks = [];
    const moved = await call('PATCH', `/api/admin/webhooks/${endpoint.id}`, { url: `${receiver.url}?v=2` });
    expect(moved.json()).toEqual({ error: 'ERR_WEBHOOK_TARGET_FORBIDDEN', params: { address: '127.0.0.1' } });
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    await dispatcher.runOnce();
    expect(receiver.received).toHaveLength(0);
    const [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(log!.lastError).toContain('127.0.0.1 is not allowed');
    // Allowed again: the retry arrives.
    ctx.config.webhookAllowedNetworks = ['127.0.0.0/8'];
    await drain();
    expect(receiver.received.map((r) => r.verified)).toEqual([true]);
  });

  it('signs with both secrets during a rotation overlap, with the new one alone afterwards', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    const rotated = await call('POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`, {
      overlapHours: 24,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json() as WebhookWithSecret;
    expect(next.secret).not.toBe(endpoint.secret);
    expect(next.previousSecretExpiresAt).not.toBeNull();
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    await drain();
    const during = receiver.received[0]!;
    const signatures = String(during.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    const headers = during.headers as Record<string, string>;
    expect(() => new Webhook(endpoint.secret).verify(during.body, headers)).not.toThrow();
    expect(() => new Webhook(next.secret).verify(during.body, headers)).not.toThrow();

    // After the overlap only the new secret signs.
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    ctx.clock.advance(25 * 3_600_000);
    await drain();
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const afterHeaders = { ...(after.headers as Record<string, string>) };
    // Verify against the signing time (the shop's clock was moved on).
    const verifyAt = (secret: string) => {
      const wh = new Webhook(secret) as unknown as { verifyTimestamp: (t: string) => Date };
      wh.verifyTimestamp = (t: string) => new Date(Number(t) * 1000);
      return (wh as unknown as Webhook).verify(after.body, afterHeaders);
    };
    expect(() => verifyAt(next.secret)).not.toThrow();
    expect(() => verifyAt(endpoint.secret)).toThrow();
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const bad = [
      { url: 'ftp://example.com/x', events: ['order.placed'] },
      { url: 'http://user:pw@example.com/', events: ['order.placed'] },
      { url: 'not a url', events: ['order.placed'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['order.exploded'] },
      { url: receiver.url, events: ['order.placed'], description: 'x'.repeat(501) },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/admin/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: string }).error, JSON.stringify(body)).toMatch(/^ERR_/);
    }
    const unknownHost = await call('POST', '/api/admin/webhooks', {
      url: 'http://no-such-host.invalid/hook',
      events: ['order.placed'],
    });
    expect(unknownHost.json()).toMatchObject({ error: 'ERR_WEBHOOK_HOST_UNKNOWN' });
    expect(await db().selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
    for (const [method, url] of [
      ['PATCH', '/api/admin/webhooks/999999'],
      ['DELETE', '/api/admin/webhooks/999999'],
      ['POST', '/api/admin/webhooks/999999/test'],
      ['POST', '/api/admin/webhooks/999999/rotate-secret'],
      ['GET', '/api/admin/webhooks/999999/deliveries'],
      ['POST', '/api/admin/webhooks/999999/deliveries/1/resend'],
    ] as const) {
      const res = await call(
        method,
        url,
        method === 'PATCH' ? { enabled: true } : method === 'POST' ? {} : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_WEBHOOK_NOT_FOUND' });
    }
  });

  it('the outbox page lists pending, failed and sent messages and retries a failed one', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    receiver.answers = [410];
    await call('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    await drain();
    const failed = await call('GET', '/api/admin/outbox?status=failed');
    expect(failed.statusCode, failed.body).toBe(200);
    const page = failed.json() as {
      items: { id: number; kind: string; status: string }[];
      counts: Record<string, number>;
    };
    const failedRow = page.items.find((i) => i.kind === 'webhook')!;
    expect(failedRow.status).toBe('failed');
    expect(page.counts.failed).toBeGreaterThanOrEqual(1);
    const sent = (await call('GET', '/api/admin/outbox?status=sent')).json() as { items: { kind: string }[] };
    expect(sent.items.some((i) => i.kind === 'mail')).toBe(true);

    await call('PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    const retried = await call('POST', `/api/admin/outbox/${failedRow.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failedRow.id, status: 'pending', attempts: 0 });
    expect((await call('POST', `/api/admin/outbox/${failedRow.id}/retry`)).json()).toMatchObject({
      error: 'ERR_OUTBOX_NOT_FAILED',
    });
    await drain();
    expect(receiver.received.map((r) => r.status)).toEqual([410, 200]);
    expect((await call('POST', '/api/admin/outbox/999999/retry')).json()).toEqual({
      error: 'ERR_OUTBOX_NOT_FOUND',
    });
  });
});

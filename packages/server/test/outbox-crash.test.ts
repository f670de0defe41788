import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareShop, ShopProcess, sleep } from '../bench/reliability-kit';
import { createTestDatabase, TEST_DIALECTS } from './test-db';
import { useServerBuild } from './server-build';
import { startTestSmtp } from './test-smtp';
import { startWebhookReceiver } from './test-webhook-receiver';
import { newSecret } from '../src/modules/webhooks/webhooks.service';

/**
 * The outbox against a crash (issue 14): the built server in its own process is killed with SIGKILL
 * right after place-order has answered, while the mail server still refuses mail, so the
 * confirmation cannot have left yet. Started again, the server delivers it exactly once. The same
 * for the `order.placed` webhook (docs/decisions/0020-webhooks.md): the receiver answers 503 until
 * the kill, and gets the event, signed, after the restart.
 */
const build = useServerBuild(120_000);

describe.each(TEST_DIALECTS)('SIGKILL right after place-order on %s', (dialect) => {
  it('delivers the order confirmation and the order.placed webhook after the restart, once', async () => {
    const testDb = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-crash-'));
    const smtp = await startTestSmtp();
    const receiver = await startWebhookReceiver();
    let shop: ShopProcess | undefined;
    try {
      const fixture = await prepareShop(testDb.handle, { buyers: 1, products: 1 });
      const buyer = fixture.buyers[0]!;
      const { email } = await testDb.handle.db
        .selectFrom('customers')
        .select('email')
        .where('id', '=', buyer.customerId)
        .executeTakeFirstOrThrow();
      receiver.secret = newSecret();
      const now = new Date().toISOString();
      await testDb.handle.db
        .insertInto('webhook_endpoints')
        .values({
          url: receiver.url,
          events: JSON.stringify(['order.placed']),
          secret: receiver.secret,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // Until the kill the receiver is away (503): the event cannot have been delivered.
      receiver.answers = Array.from({ length: 1000 }, () => 503);
      const options = {
        serverJs: build.serverJs,
        databaseUrl: testDb.url,
        dataDir,
        jwtSecret: fixture.jwtSecret,
        env: {
          SMTP_URL: smtp.url,
          OUTBOX_RETRY_START_MS: '200',
          OUTBOX_RETRY_MAX_MS: '500',
          OUTBOX_LEASE_MS: '2000',
          WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
        },
      };
      smtp.setFailing(true);
      shop = await ShopProcess.start(options);
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${shop!.url}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${buyer.token}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      expect(
        (await call('PUT', '/api/cart/shipping-method', { shippingMethodCode: 'pickup-customer' })).status,
      ).toBe(200);
      expect(
        (await call('PUT', '/api/cart/payment-method', { paymentMethodId: fixture.paymentMethodId })).status,
      ).toBe(200);
      const sku = fixture.products[0]!.sku;
      expect(
        (await call('POST', '/api/cart/set-product-quantity', { productSku: sku, quantity: 2 })).status,
      ).toBe(200);
      const placed = await call('POST', '/api/orders/place-order');
      expect(placed.json.data).toBe(true);
      const orderId = placed.json.orderId as number;
      expect((await shop.stop('SIGKILL')).signal).toBe('SIGKILL');

      const isConfirmation = (m: { to: string[]; subject: string }) =>
        m.to.includes(email) && m.subject.endsWith(` ${orderId}. sz. rendelés`);
      expect(smtp.messages.filter(isConfirmation)).toEqual([]);
      expect(receiver.received.filter((r) => r.status === 200)).toEqual([]);
      smtp.setFailing(false);
      receiver.answers = [];
      shop = await ShopProcess.start(options);
      const mail = await smtp.waitFor(isConfirmation, 20_000);
      expect(mail.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@nagyker\.example>$/);
      await sleep(1500);
      expect(smtp.messages.filter(isConfirmation)).toHaveLength(1);
      const row = await testDb.handle.db
        .selectFrom('outbox')
        .select(['status', 'payload'])
        .where('target', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', payload: null });
      const event = await receiver.waitFor(
        (r) =>
          r.status === 200 &&
          r.json.type === 'order.placed' &&
          (r.json.data as { id: number }).id === orderId,
        20_000,
      );
      expect(event.verified).toBe(true);
      expect(receiver.received.filter((r) => r.status === 200)).toHaveLength(1);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
        new Set([event.headers['webhook-id']]),
      );
      expect((await shop.stop('SIGTERM')).code).toBe(0);
    } finally {
      if (shop?.running) await shop.stop('SIGKILL');
      await smtp.close();
      await receiver.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

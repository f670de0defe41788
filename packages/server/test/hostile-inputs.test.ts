import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@shop/shared/errors/error-codes';
import {
  describeRequest,
  fetchOperations,
  hostileRequest,
  runHostileInputs,
  sendHostile,
  type Operation,
} from '../bench/hostile-inputs';
import { changedTables, dataSnapshot, type DataSnapshot } from './data-snapshot';
import { createSecurityWorld, insertPendingApprovalOfA, type SecurityWorld } from './security-world';
import { TEST_DIALECTS } from './test-db';

/**
 * Issue 9: random and hostile bodies, query strings, paths and headers sent to every endpoint of
 * the OpenAPI document, over real HTTP, with and without a valid token. The answer is never a 5xx
 * (nor a dropped connection); an error answer carries a known code and changes no data.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;

/** A hostile call and the refusal it must get: `body` is JSON text unless `type` names another type. */
interface Refusal {
  method: string;
  url: string;
  token: string;
  body?: string | Buffer | undefined;
  type?: string | undefined;
  status: number;
  error: string;
}

/** A row of a refusal table: method, path, body (JSON text) or none, and the status and code expected. */
type RefusalRow = [method: string, url: string, body: string | undefined, status: number, error: string];

/** The rows of a refusal table, each sent with `token`. */
function callsWith(token: string, rows: RefusalRow[]): Refusal[] {
  return rows.map(([method, url, body, status, error]) => ({ method, url, token, body, status, error }));
}

/** The rows of a refusal table that names each row's token after its path. */
function callsWithTheirTokens(
  rows: [
    method: string,
    url: string,
    token: string,
    body: string | undefined,
    status: number,
    error: string,
  ][],
): Refusal[] {
  return rows.map(([method, url, token, body, status, error]) => ({
    method,
    url,
    token,
    body,
    status,
    error,
  }));
}

/**
 * Sends each call over HTTP, each from an address of its own in 10.`net`.x.y (no rate limit is shared),
 * and answers the calls that got another status or error code than expected, a line each.
 */
async function wrongRefusals(baseUrl: string, net: number, calls: Refusal[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const call of calls) {
    const type = call.type ?? (call.body !== undefined ? 'application/json' : undefined);
    const res = await fetch(baseUrl + call.url, {
      method: call.method,
      headers: {
        authorization: `Bearer ${call.token}`,
        'x-forwarded-for': `10.${net}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...(type ? { 'content-type': type } : {}),
      },
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
    const text = await res.text();
    const error = text ? (JSON.parse(text) as { error?: string }).error : undefined;
    if (res.status !== call.status || error !== call.error) {
      const body =
        call.body === undefined
          ? ''
          : typeof call.body === 'string'
            ? call.body.slice(0, 80)
            : `${call.body.length} bytes`;
      wrong.push(
        `${call.method} ${call.url} ${body} (${type}) → ${res.status} ${error}, expected ${call.status} ${call.error}`,
      );
    }
  }
  return wrong;
}

/** Every call gets the refusal its row expects, and the data stay as they were (see wrongRefusals). */
async function expectRefusedChangingNothing(
  world: SecurityWorld,
  net: number,
  calls: Refusal[],
): Promise<void> {
  const before = await dataSnapshot(world.testDb.handle);
  expect(await wrongRefusals(world.baseUrl, net, calls)).toEqual([]);
  expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
}

describe.each(TEST_DIALECTS)('hostile inputs on %s', (dialect) => {
  let world: SecurityWorld;
  let operations: Operation[];

  beforeAll(async () => {
    world = await createSecurityWorld(dialect);
    operations = await fetchOperations(world.baseUrl);
  });

  afterAll(async () => {
    await world?.close();
  });

  it('finds the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.security === 'required').length).toBeGreaterThan(20);
  });

  it('answers malformed JSON with 400 ERR_BAD_JSON and an oversized body with 413 ERR_PAYLOAD_TOO_LARGE', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    // Back-office calls with an administrator's token: others are refused before their body is read.
    const tokenOf = (op: Operation) =>
      op.path.startsWith('/api/admin/') ? world.admin.token : world.a.token;
    const targets = operations.filter((o) => o.hasBody && !o.path.includes('{'));
    expect(targets.length).toBeGreaterThan(5);
    for (const op of targets) {
      for (const body of ['{"broken":', '{"a":1,}', "{'a':1}", '']) {
        const res = await sendHostile(
          world.baseUrl,
          {
            method: op.method,
            url: op.path,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
            body,
            withToken: true,
            target: op.path,
          },
          tokenOf(op),
        );
        expect(res.status, `${op.method} ${op.path} ${body}`).toBe(400);
        expect(JSON.parse(res.body), `${op.method} ${op.path} ${body}`).toMatchObject({
          error: 'ERR_BAD_JSON',
        });
      }
      const big = await sendHostile(
        world.baseUrl,
        {
          method: op.method,
          url: op.path,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.2' },
          body: JSON.stringify({ filler: 'x'.repeat(world.ctx.config.bodyLimit + 10) }),
          withToken: true,
          target: op.path,
        },
        tokenOf(op),
      );
      expect(big.status, `${op.method} ${op.path} oversized`).toBe(413);
      if (big.body) expect(JSON.parse(big.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    }
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  it('refuses hostile photo uploads, ZIPs and back-in-stock requests with a code, changing nothing (issue 17)', async () => {
    const sku = 'HZ-001';
    // prettier-ignore
    const cases: [string, string, string, string | Buffer | undefined, string | undefined, number, string][] = [
      ['POST', `/api/admin/products/${sku}/photos`, world.admin.token, undefined, undefined, 415, 'ERR_NOT_AN_IMAGE'],
      ['POST', `/api/admin/products/${sku}/photos`, world.admin.token, '{"a":1}', 'application/json', 415, 'ERR_NOT_AN_IMAGE'],
      ['POST', `/api/admin/products/${sku}/photos`, world.admin.token, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 415, 'ERR_NOT_AN_IMAGE'],
      ['POST', `/api/admin/products/${sku}/photos`, world.admin.token, '<svg onload="x()"/>', 'image/svg+xml', 415, 'ERR_NOT_AN_IMAGE'],
      ['POST', `/api/admin/products/${'x'.repeat(65)}/photos`, world.admin.token, 'x', 'image/png', 400, 'ERR_VALIDATION'],
      ['POST', "/api/admin/products/'%3B%20DROP%20TABLE%20products--/photos", world.admin.token, 'x', 'image/png', 404, 'ERR_PRODUCT_NOT_FOUND'],
      ['DELETE', `/api/admin/products/${sku}/photos/abc`, world.admin.token, undefined, undefined, 400, 'ERR_VALIDATION'],
      ['DELETE', `/api/admin/products/${sku}/photos/99999999999`, world.admin.token, undefined, undefined, 400, 'ERR_VALIDATION'],
      ['DELETE', `/api/admin/products/${sku}/photos/7`, world.admin.token, undefined, undefined, 404, 'ERR_PHOTO_NOT_FOUND'],
      ['PUT', `/api/admin/products/${sku}/photos/order`, world.admin.token, '{"photoIds":["1"]}', 'application/json', 400, 'ERR_VALIDATION'],
      ['PUT', `/api/admin/products/${sku}/photos/order`, world.admin.token, '{"photoIds":[1]}', 'application/json', 400, 'ERR_VALIDATION'],
      ['PUT', `/api/admin/products/${sku}/photos/1/alt`, world.admin.token, JSON.stringify({ alt: { hu: 'x'.repeat(301), en: '', vi: '', zh: '' } }), 'application/json', 400, 'ERR_VALIDATION'],
      ['PUT', `/api/admin/products/${sku}/photos/1/alt`, world.admin.token, '{"alt":null}', 'application/json', 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/product-photos/zip', world.admin.token, 'PK\u0003\u0004 not really', 'application/zip', 415, 'ERR_NOT_A_ZIP'],
      ['POST', '/api/admin/product-photos/zip', world.admin.token, undefined, undefined, 415, 'ERR_NOT_A_ZIP'],
      ['POST', '/api/back-in-stock', world.b.token, '{"productSku":""}', 'application/json', 400, 'ERR_VALIDATION'],
      ['POST', '/api/back-in-stock', world.b.token, '{"productSku":["HZ-001"]}', 'application/json', 400, 'ERR_VALIDATION'],
      ['POST', '/api/back-in-stock', world.b.token, JSON.stringify({ productSku: 'é'.repeat(65) }), 'application/json', 400, 'ERR_VALIDATION'],
      ['POST', '/api/back-in-stock', world.b.token, JSON.stringify({ productSku: "' OR 1=1 --" }), 'application/json', 404, 'ERR_PRODUCT_NOT_FOUND'],
      ['POST', '/api/back-in-stock', world.b.token, JSON.stringify({ productSku: 'HZ-003' }), 'application/json', 409, 'ERR_PRODUCT_IN_STOCK'],
      ['POST', '/api/back-in-stock', world.b.token, JSON.stringify({ productSku: 'HZ\u0000001' }), 'application/json', 400, 'ERR_VALIDATION'],
      ['DELETE', `/api/back-in-stock/${encodeURIComponent('%00\u0000')}`, world.b.token, undefined, undefined, 400, 'ERR_VALIDATION'],
      ['DELETE', '/api/back-in-stock/NO-SUCH-SKU', world.b.token, undefined, undefined, 404, 'ERR_BACK_IN_STOCK_NOT_FOUND'],
      // A NUL byte anywhere in an API URL (PostgreSQL cannot even compare text holding one).
      ['GET', '/api/contents/a%00b', world.b.token, undefined, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/products?q=a%00b', world.b.token, undefined, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/products/a%00b', world.b.token, undefined, undefined, 400, 'ERR_VALIDATION'],
    ];
    await expectRefusedChangingNothing(
      world,
      17,
      cases.map(([method, url, token, body, type, status, error]) => ({
        method,
        url,
        token,
        body,
        type,
        status,
        error,
      })),
    );
  });

  it('refuses hostile company-user inputs with a code, changing nothing (issue 15)', async () => {
    const own = world.a.userId;
    const invite = (extra: Record<string, unknown>) =>
      JSON.stringify({ email: 'hostile-invite@example.com', name: 'Hostile', role: 'buyer', ...extra });
    const cases: RefusalRow[] = [
      ['POST', '/api/company/users', invite({ email: 'not-an-email' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ role: 'admin' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ role: ['owner'] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ orderLimit: -1 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ orderLimit: 1.5 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ orderLimit: '50000' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ monthlyLimit: 1e12 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ shippingAddressIds: ['1'] }), 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/company/users',
        invite({ shippingAddressIds: [2147483000] }),
        400,
        'ERR_INVALID_SHIPPING_ADDRESS_ID',
      ],
      ['POST', '/api/company/users', invite({ name: '   ' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ name: 'x'.repeat(256) }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/users', invite({ email: world.a.userEmail }), 409, 'ERR_DUP_EMAIL'],
      ['PATCH', '/api/company/users/abc', '{"role":"buyer"}', 400, 'ERR_VALIDATION'],
      ['PATCH', '/api/company/users/0', '{"role":"buyer"}', 400, 'ERR_VALIDATION'],
      ['PATCH', '/api/company/users/2147483000', '{"role":"buyer"}', 404, 'NOT_FOUND'],
      ['PATCH', `/api/company/users/${own}`, '{"isAdmin":true}', 400, 'ERR_VALIDATION'],
      ['PATCH', `/api/company/users/${own}`, '{"disabled":"yes"}', 400, 'ERR_VALIDATION'],
      ['PATCH', `/api/company/users/${own}`, '{"role":"buyer"}', 409, 'ERR_LAST_OWNER'],
      ['PATCH', `/api/company/users/${own}`, '{"disabled":true}', 409, 'ERR_LAST_OWNER'],
      ['DELETE', `/api/company/users/${own}`, undefined, 409, 'ERR_LAST_OWNER'],
      ['DELETE', '/api/company/users/%27%20OR%201%3D1', undefined, 400, 'ERR_VALIDATION'],
      [
        'POST',
        `/api/users/${own}/accept-invite/short`,
        '{"newPassword":"Jelszo-123"}',
        400,
        'ERR_VALIDATION',
      ],
      [
        'POST',
        `/api/users/${own}/accept-invite/${'A'.repeat(43)}`,
        '{"newPassword":"Jelszo-123"}',
        400,
        'ERR_INVITE_LINK',
      ],
      [
        'POST',
        `/api/users/${own}/accept-invite/${'A'.repeat(43)}`,
        '{"newPassword":""}',
        400,
        'ERR_VALIDATION',
      ],
      [
        'POST',
        `/api/users/abc/accept-invite/${'A'.repeat(43)}`,
        '{"newPassword":"Jelszo-123"}',
        400,
        'ERR_VALIDATION',
      ],
      ['GET', '/api/orders/history?userId=abc', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/orders/history?userId=-1', undefined, 400, 'ERR_VALIDATION'],
    ];
    await expectRefusedChangingNothing(world, 15, callsWith(world.a.token, cases));
  });

  it('refuses hostile order-approval inputs with a code, changing nothing (issue 15)', async () => {
    const db = world.testDb.handle.db;
    // A pending request of customer A by another login of A, which A's owner may decide.
    const requester = await db
      .insertInto('users')
      .values({
        email: `hostile-requester-${Date.now()}@example.com`,
        password_hash: 'not-a-real-hash',
        role: 'customer',
        name: 'Hostile requester',
        customer_id: world.a.customerId,
        is_active: 1,
        company_role: 'requester',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertPendingApprovalOfA(world, { requesterUserId: requester.id, itemsGross: 100 });
    // prettier-ignore
    const cases: RefusalRow[] = [
      ['GET', '/api/company/approvals?status=bogus', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals?status=pending&status=approved', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals/abc', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals/0', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals/-1', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals/1.5', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/company/approvals/2147483000', undefined, 404, 'ERR_APPROVAL_NOT_FOUND'],
      ['GET', '/api/company/approvals/%27%20OR%201%3D1', undefined, 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/approvals/abc/approve', undefined, 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/approvals/2147483000/approve', undefined, 404, 'ERR_APPROVAL_NOT_FOUND'],
      ['POST', `/api/company/approvals/${id}/reject`, '{}', 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, '{"reason":""}', 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, '{"reason":"   "}', 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, '{"reason":42}', 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, '{"reason":["no"]}', 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, JSON.stringify({ reason: 'x'.repeat(1001) }), 400, 'ERR_VALIDATION'],
      ['POST', `/api/company/approvals/${id}/reject`, '{"reason":"no","status":"approved"}', 400, 'ERR_VALIDATION'],
      ['POST', '/api/company/approvals/2147483000/reject', '{"reason":"no"}', 404, 'ERR_APPROVAL_NOT_FOUND'],
    ];
    await expectRefusedChangingNothing(world, 16, callsWith(world.a.token, cases));
    const row = await db
      .selectFrom('approvals')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('refuses hostile offline-catalogue customers with a code, changing nothing (issue 19)', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    const own = world.agent.customerC;
    const foreign = world.otherAgent.customerD;
    const changes = (body: unknown) => JSON.stringify({ known: [], ...(body as object) });
    // prettier-ignore
    const cases: [string, string, string, string | undefined, number, string][] = [
      ['agent', 'GET', '/api/offline/catalogue?customerId=abc', undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', '/api/offline/catalogue?customerId=0', undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', '/api/offline/catalogue?customerId=-3', undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', '/api/offline/catalogue?customerId=99999999999', undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', `/api/offline/catalogue?customerId=${own}%20OR%201%3D1`, undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', `/api/offline/catalogue?customerId=${own}&customerId=${foreign}`, undefined, 400, 'ERR_VALIDATION'],
      ['agent', 'GET', `/api/offline/catalogue?customerId=${foreign}`, undefined, 403, 'ERR_FORBIDDEN'],
      ['agent', 'GET', '/api/offline/catalogue?customerId=2147483000', undefined, 403, 'ERR_FORBIDDEN'],
      ['a', 'GET', `/api/offline/catalogue?customerId=${world.b.customerId}`, undefined, 403, 'ERR_FORBIDDEN'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: foreign }), 403, 'ERR_FORBIDDEN'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: String(own) }), 400, 'ERR_VALIDATION'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: null }), 400, 'ERR_VALIDATION'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: [own] }), 400, 'ERR_VALIDATION'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: own + 0.5 }), 400, 'ERR_VALIDATION'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: own, known: [[1, 'x'.repeat(33)]] }), 400, 'ERR_VALIDATION'],
      ['agent', 'POST', '/api/offline/catalogue/changes', changes({ customerId: own, known: { 1: 'abc' } }), 400, 'ERR_VALIDATION'],
    ];
    const wrong = await wrongRefusals(
      world.baseUrl,
      19,
      cases.flatMap(([who, ...row]) => callsWith(who === 'agent' ? world.agent.token : world.a.token, [row])),
    );
    // The agent's own customer is answered.
    const ownAnswer = await fetch(`${world.baseUrl}/api/offline/catalogue?limit=1&customerId=${own}`, {
      headers: { authorization: `Bearer ${world.agent.token}`, 'x-forwarded-for': '10.19.251.1' },
    });
    expect(ownAnswer.status).toBe(200);
    expect(((await ownAnswer.json()) as { customerId: number }).customerId).toBe(own);
    expect(wrong).toEqual([]);
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  it('refuses hostile webhook and outbox inputs with a code, changing nothing (issue 14)', async () => {
    const hook = (extra: Record<string, unknown>) =>
      JSON.stringify({ url: 'https://erp.example.com/hook', events: ['order.placed'], ...extra });
    const cases: RefusalRow[] = [
      ['POST', '/api/admin/webhooks', hook({ url: 'javascript:alert(1)' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ url: 'file:///etc/passwd' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ url: 'gopher://127.0.0.1:25/' }), 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/admin/webhooks',
        hook({ url: 'http://admin:pw@erp.example.com/' }),
        400,
        'ERR_VALIDATION',
      ],
      [
        'POST',
        '/api/admin/webhooks',
        hook({ url: `https://e.com/${'a'.repeat(2001)}` }),
        400,
        'ERR_VALIDATION',
      ],
      ['POST', '/api/admin/webhooks', hook({ url: ['https://erp.example.com'] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ events: 'order.placed' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ events: ['order.*'] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ events: [] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ description: { $gt: '' } }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks', hook({ enabled: 'yes' }), 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/admin/webhooks',
        hook({ url: 'http://169.254.169.254/latest/meta-data/' }),
        400,
        'ERR_WEBHOOK_TARGET_FORBIDDEN',
      ],
      [
        'POST',
        '/api/admin/webhooks',
        hook({ url: 'http://[::ffff:a9fe:a9fe]/' }),
        400,
        'ERR_WEBHOOK_TARGET_FORBIDDEN',
      ],
      ['POST', '/api/admin/webhooks', hook({ url: 'http://10.0.0.1/' }), 400, 'ERR_WEBHOOK_TARGET_FORBIDDEN'],
      [
        'POST',
        '/api/admin/webhooks',
        hook({ url: 'http://no-such-host.invalid/' }),
        400,
        'ERR_WEBHOOK_HOST_UNKNOWN',
      ],
      ['PATCH', '/api/admin/webhooks/1', '{}', 400, 'ERR_VALIDATION'],
      ['PATCH', '/api/admin/webhooks/abc', '{"enabled":true}', 400, 'ERR_VALIDATION'],
      ['PATCH', '/api/admin/webhooks/2147483000', '{"enabled":true}', 404, 'ERR_WEBHOOK_NOT_FOUND'],
      ['DELETE', '/api/admin/webhooks/%27%20OR%201%3D1', undefined, 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks/2147483000/rotate-secret', '{"overlapHours":-1}', 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/admin/webhooks/2147483000/rotate-secret',
        '{"overlapHours":1000}',
        400,
        'ERR_VALIDATION',
      ],
      ['POST', '/api/admin/webhooks/2147483000/test', undefined, 404, 'ERR_WEBHOOK_NOT_FOUND'],
      ['GET', '/api/admin/webhooks/1/deliveries?pageSize=100000', undefined, 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/webhooks/1/deliveries/0/resend', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/outbox?status=sending', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/outbox?page=0', undefined, 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/outbox/2147483000/retry', undefined, 404, 'ERR_OUTBOX_NOT_FOUND'],
      ['POST', '/api/admin/outbox/-5/retry', undefined, 400, 'ERR_VALIDATION'],
    ];
    await expectRefusedChangingNothing(world, 16, callsWith(world.admin.token, cases));
  });

  it('refuses hostile assortment inputs with a code, changing nothing (issue 17)', async () => {
    const body = (extra: Record<string, unknown>) => JSON.stringify({ name: 'Lánc', ...extra });
    const cases: RefusalRow[] = [
      ['POST', '/api/admin/assortments', body({ name: '' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/assortments', body({ name: { $gt: '' } }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/assortments', body({ includedSkus: 'KV-001' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/assortments', body({ includedSkus: ["' OR 1=1 --"] }), 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/admin/assortments',
        body({ includedSkus: ['NO-SUCH-SKU'] }),
        404,
        'ERR_PRODUCT_NOT_FOUND',
      ],
      ['POST', '/api/admin/assortments', body({ categoryIds: [2147483000] }), 404, 'ERR_CATEGORY_NOT_FOUND'],
      ['POST', '/api/admin/assortments', body({ categoryIds: [-1] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/assortments', body({ customerIds: [2147483000] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/assortments', body({ priceGroups: ['x'.repeat(65)] }), 400, 'ERR_VALIDATION'],
      [
        'POST',
        '/api/admin/assortments',
        body({ excludedSkus: Array.from({ length: 50_001 }, (_, i) => `S${i}`) }),
        400,
        'ERR_VALIDATION',
      ],
      ['PUT', '/api/admin/assortments/2147483000', body({}), 404, 'NOT_FOUND'],
      ['PUT', '/api/admin/assortments/abc', body({}), 400, 'ERR_VALIDATION'],
      ['DELETE', '/api/admin/assortments/2147483000', undefined, 404, 'NOT_FOUND'],
      ['GET', '/api/admin/assortments/customer/0', undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/assortments/customer/2147483000', undefined, 404, 'NOT_FOUND'],
    ];
    await expectRefusedChangingNothing(world, 17, callsWith(world.admin.token, cases));
  });

  it('refuses hostile purchase-order numbers, credit fields and minimum order values with a code, changing nothing (issue 16)', async () => {
    const po = '/api/cart/purchase-order-number';
    const customer = `/api/admin/customers/${world.a.userId}`;
    const method = (extra: Record<string, unknown>) =>
      JSON.stringify({
        code: 'hostile',
        name: 'Hostile',
        cost: 0,
        isHomeDelivery: false,
        isActive: true,
        ...extra,
      });
    /** A row refused with 400 ERR_VALIDATION. */
    const invalid = (...row: [method: string, url: string, token: string, body: string]) =>
      [...row, 400, 'ERR_VALIDATION'] as [string, string, string, string, number, string];
    const badNumber = (body: unknown) => invalid('PUT', po, world.a.token, JSON.stringify(body));
    const badCustomer = (fields: unknown) =>
      invalid('PATCH', customer, world.admin.token, JSON.stringify({ customer: fields }));
    const badShipping = (extra: Record<string, unknown>) =>
      invalid('POST', '/api/admin/shipping-methods', world.admin.token, method(extra));
    const cases = [
      badNumber({ purchaseOrderNumber: 'P'.repeat(36) }),
      badNumber({ purchaseOrderNumber: ['PO-1'] }),
      badNumber({ purchaseOrderNumber: 'PO\u0000; DROP TABLE orders' }),
      badNumber({ purchaseOrderNumber: { $ne: '' } }),
      badNumber({}),
      badCustomer({ creditLimit: -100 }),
      badCustomer({ creditLimit: 1e300 }),
      badCustomer({ openBalance: 'NaN' }),
      badCustomer({ openBalance: 0.5 }),
      badCustomer({ purchaseOrderNumberRequired: 1 }),
      badShipping({ minimumOrderValue: -1 }),
      badShipping({ minimumOrderValue: 10_000_001 }),
      badShipping({ minimumOrderValue: '30000' }),
      invalid(
        'POST',
        '/api/admin/payment-methods',
        world.admin.token,
        JSON.stringify({ code: 'h', name: 'H', termDays: 8, isActive: true, isDeferred: 'yes' }),
      ),
    ];
    await expectRefusedChangingNothing(world, 16, callsWithTheirTokens(cases));
  });

  it('refuses hostile moves of an order-list line with a code, changing nothing (issue 16)', async () => {
    // B's own list with a line, made before the snapshot.
    const made = await fetch(`${world.baseUrl}/api/order-lists`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.b.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': '10.16.0.1',
      },
      body: JSON.stringify({ name: `Hostile move ${Date.now()}`, items: [{ sku: 'HZ-002', quantity: 2 }] }),
    });
    expect(made.status).toBe(200);
    const own = ((await made.json()) as { id: number }).id;
    const move = (body: unknown) => JSON.stringify(body);
    const url = `/api/order-lists/${own}/move`;
    // prettier-ignore
    const cases: [string, string, number, string][] = [
      [url, '{}', 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: '1' }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: -1 }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: 1e20 }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: null }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: { $ne: '' }, toListId: 1 }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: ['HZ-002'], toListId: 1 }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: own }), 400, 'ERR_VALIDATION'],
      [url, move({ sku: 'HZ-002', toListId: world.a.listId }), 404, 'ERR_ORDER_LIST_NOT_FOUND'],
      [`/api/order-lists/${world.a.listId}/move`, move({ sku: 'HZ-002', toListId: own }), 404, 'ERR_ORDER_LIST_NOT_FOUND'],
      ['/api/order-lists/%27%20OR%201%3D1/move', move({ sku: 'HZ-002', toListId: own }), 400, 'ERR_VALIDATION'],
      ['/api/order-lists/0/move', move({ sku: 'HZ-002', toListId: own }), 400, 'ERR_VALIDATION'],
    ];
    await expectRefusedChangingNothing(
      world,
      16,
      callsWith(
        world.b.token,
        cases.map(([path, body, status, error]): RefusalRow => ['POST', path, body, status, error]),
      ),
    );
  });

  it('refuses hostile quote inputs with a code, changing nothing (issue 16)', async () => {
    const offer = (extra: Record<string, unknown>) =>
      JSON.stringify({
        lines: [{ sku: 'HZ-002', price: 100, quantity: 1 }],
        validUntil: '2099-12-31',
        message: '',
        ...extra,
      });
    const line = (extra: Record<string, unknown>) =>
      offer({ lines: [{ sku: 'HZ-002', price: 100, quantity: 1, ...extra }] });
    const admin = world.admin.token;
    const shop = world.b.token;
    // prettier-ignore
    const cases: [string, string, string, string | undefined, number, string][] = [
      ['POST', '/api/quotes', shop, '{}', 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes', shop, JSON.stringify({ message: ['x'] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes', shop, JSON.stringify({ message: 'x'.repeat(2001) }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes', shop, JSON.stringify({ message: 'a\u0000b' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes', shop, JSON.stringify({ message: 'x', wishedDeliveryDate: '2025-02-30' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes', shop, JSON.stringify({ message: 'x', wishedDeliveryDate: "' OR 1=1" }), 400, 'ERR_VALIDATION'],
      // The list's status filter (an agent's inbox of its customers' requests).
      ['GET', '/api/quotes?status=open', shop, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes?status=', world.agent.token, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes?status=requested&status=offered', world.agent.token, undefined, 400, 'ERR_VALIDATION'],
      ['GET', "/api/quotes?status=%27%20OR%201%3D1--", world.agent.token, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes/abc', shop, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes/0', shop, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes/99999999999', shop, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/quotes/2147483000', shop, undefined, 404, 'ERR_QUOTE_NOT_FOUND'],
      ['POST', '/api/quotes/2147483000/accept', shop, undefined, 404, 'ERR_QUOTE_NOT_FOUND'],
      ['POST', '/api/quotes/2147483000/reject', shop, '{}', 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes/2147483000/reject', shop, JSON.stringify({ reason: { $ne: '' } }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/quotes/2147483000/reject', shop, JSON.stringify({ reason: 'x' }), 404, 'ERR_QUOTE_NOT_FOUND'],
      ['POST', '/api/quotes/2147483000/offer', shop, offer({}), 404, 'ERR_QUOTE_NOT_FOUND'],
      ['GET', '/api/admin/quotes?status=open', admin, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/quotes?from=yesterday', admin, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/quotes?pageSize=100000', admin, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/quotes/%27%20OR%201%3D1', admin, undefined, 400, 'ERR_VALIDATION'],
      ['GET', '/api/admin/quotes/2147483000', admin, undefined, 404, 'ERR_QUOTE_NOT_FOUND'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, offer({ lines: [] }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ price: -1 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ price: 0 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ price: 1.001 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ price: 1e300 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ price: '100' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ quantity: 0 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ quantity: 2.5 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, line({ sku: 'HZ\u0000002' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, offer({ validUntil: '2099-13-01' }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, offer({ validUntil: null }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/offer', admin, offer({}), 404, 'ERR_QUOTE_NOT_FOUND'],
      ['POST', '/api/admin/quotes/2147483000/decline', admin, JSON.stringify({ message: 7 }), 400, 'ERR_VALIDATION'],
      ['POST', '/api/admin/quotes/2147483000/decline', admin, JSON.stringify({ message: '' }), 404, 'ERR_QUOTE_NOT_FOUND'],
    ];
    await expectRefusedChangingNothing(world, 18, callsWithTheirTokens(cases));
  });

  it('runHostileInputs (the benchmark entry) counts what it tried over HTTP', async () => {
    const result = await runHostileInputs(world.baseUrl, { runs: 60, seed: 42, token: world.b.token });
    expect(result.tried).toBeGreaterThan(50);
    expect(result.serverErrors, result.examples.join('\n')).toBe(0);
  });
  it('never answers 5xx, and an error answer has a code and changes nothing', async () => {
    let before: DataSnapshot = await dataSnapshot(world.testDb.handle);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileRequest(operations, { withToken: true }), async (req) => {
        // Back-office requests carry an administrator's token, so they reach the admin validators.
        const token = req.target.includes(' /api/admin/') ? world.admin.token : world.a.token;
        const answer = await sendHostile(world.baseUrl, req, token);
        if (answer.status === -1) return; // node:http refused to send it
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `${describeRequest(req)} → ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, what).toBeGreaterThan(0);
        expect(answer.status, what).toBeLessThan(500);
        const after = await dataSnapshot(world.testDb.handle);
        if (answer.status >= 400) {
          expect(changedTables(before, after), what).toEqual([]);
          if (req.method !== 'HEAD' && answer.body.length > 0) {
            const body = JSON.parse(answer.body) as { error?: unknown };
            expect(isErrorCode(body.error), what).toBe(true);
          }
        }
        before = after;
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    // The run reached the handlers, not only the validators.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });
});

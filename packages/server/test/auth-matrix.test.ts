import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@shop/shared/errors/error-codes';
import { insertBuyer } from '../src/modules/cart/checkout-fixtures';
import { FIXTURE_PRODUCTS } from '../src/modules/products/catalogue.fixture';
import { fetchOperations, type Operation } from '../bench/hostile-inputs';
import { changedTables, dataSnapshot } from './data-snapshot';
import { A_MARKERS, createSecurityWorld, type SecurityWorld } from './security-world';
import { TEST_DIALECTS } from './test-db';

/**
 * Issue 9: every endpoint of the OpenAPI document that declares a bearer token (the shop's
 * customer endpoints, and the back office's /api/admin/... and /api/integration/... ones as they
 * are added) is called over HTTP with no token, an expired token, a token with a bad signature, a
 * forged (unsigned or tampered) token, a token revoked by a password change and one of a disabled
 * account: each is refused with 401 and the right code, and no data changes. Then each customer
 * endpoint is called by another customer and by an agent for a customer that is not its own, aimed
 * at customer A's ids: never A's data in the answer, A's data unchanged, and the resource-id
 * endpoints refuse with their codes.
 */

/** Optional-token endpoints that by design accept a bad token as anonymous (they never refuse). */
const ACCEPTS_BAD_TOKEN = new Set([
  // docs/decisions/0007-page-tracking.md: a missing, expired or invalid token makes the view anonymous.
  'POST /api/tracking/page-view',
]);

/** Back-office and integration endpoints: only administrators and staff (or the integration) may call them. */
const isBackOffice = (op: Operation) => /^\/api\/(admin|integration)\//.test(op.path);

interface Answer {
  status: number;
  body: string;
  json: { error?: string } | null;
}

async function call(world: SecurityWorld, op: Operation, token: string | null): Promise<Answer> {
  const ids: Record<string, string> = {
    customerId: String(world.a.customerId),
    orderId: String(world.a.orderId),
    userId: String(world.a.userId),
    addressId: String(world.a.addressId),
    shippingAddressId: String(world.a.addressId),
  };
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name] ?? '1');
  const body = op.hasBody ? JSON.stringify(exampleBody(world, op)) : undefined;
  const query = EXAMPLE_QUERIES[`${op.method} ${op.path}`] ?? '';
  const res = await fetch(world.baseUrl + path + query, {
    method: op.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      // A fresh address per call, so the per-IP limits never answer instead of the auth check.
      'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  let json: Answer['json'];
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = null;
  }
  return { status: res.status, body: text, json };
}

/** Query strings the endpoints with required query parameters accept. */
const EXAMPLE_QUERIES: Record<string, string> = {
  'GET /api/products/search': '?searchType=all&searchString=viz',
  'GET /api/categories/search': '?searchString=viz',
};

/** A body each customer endpoint accepts, aimed at customer A's things where it names any. */
function exampleBody(world: SecurityWorld, op: Operation): unknown {
  const product = FIXTURE_PRODUCTS.find((p) => p.n === 2)!.sku;
  const bodies: Record<string, unknown> = {
    'POST /api/cart/set-product-quantity': { productSku: product, quantity: 4 },
    'PUT /api/cart/comments': { commentWebshop: 'overwritten', commentSupplier: 'overwritten' },
    'POST /api/cart/quick-order': { lines: `${product};2` },
    'POST /api/shipping-addresses/set-current': { shippingAddressId: world.a.addressId },
    'PUT /api/cart/shipping-method': { shippingMethodCode: 'home-delivery' },
    'PUT /api/cart/payment-method': { paymentMethodId: 1 },
    'PUT /api/cart/delivery-date': { deliveryDate: null },
    'POST /api/users/change-password': { password: 'Uj-Jelszo-2026' },
    'POST /api/tracking/page-view': { path: '/cart', language: 'hu', consent: true },
  };
  return bodies[`${op.method} ${op.path}`] ?? {};
}

/** Customer A's rows (its customer, users, addresses, carts with lines, orders with lines). */
async function snapshotOfA(world: SecurityWorld): Promise<string> {
  const db = world.testDb.handle.db;
  const id = world.a.customerId;
  const carts = await db
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', id)
    .orderBy('id')
    .execute();
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', id)
    .orderBy('id')
    .execute();
  const parts = [
    await db.selectFrom('customers').selectAll().where('id', '=', id).execute(),
    await db.selectFrom('users').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    await db
      .selectFrom('shipping_addresses')
      .selectAll()
      .where('customer_id', '=', id)
      .orderBy('id')
      .execute(),
    carts,
    carts.length > 0
      ? await db
          .selectFrom('cart_items')
          .selectAll()
          .where(
            'cart_id',
            'in',
            carts.map((c) => c.id),
          )
          .orderBy('product_id')
          .execute()
      : [],
    orders,
    orders.length > 0
      ? await db
          .selectFrom('order_items')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .orderBy('id')
          .execute()
      : [],
  ];
  return JSON.stringify(parts);
}

describe.each(TEST_DIALECTS)('the auth matrix on %s', (dialect) => {
  let world: SecurityWorld;
  let operations: Operation[];
  const tokens: Record<string, string | null> = {};

  beforeAll(async () => {
    world = await createSecurityWorld(dialect);
    operations = await fetchOperations(world.baseUrl);
    const key = new TextEncoder().encode(world.ctx.config.jwtSecret);
    const now = Math.floor(world.ctx.now().getTime() / 1000);
    const claimsOfA = {
      isAgent: false,
      id: world.a.customerId,
      userId: world.a.userId,
      tv: 0,
      role: 'customer',
    };
    tokens.expired = await new SignJWT(claimsOfA)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 13 * 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    tokens.badSignature = await new SignJWT(claimsOfA)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(randomBytes(32).toString('hex')));
    // B's valid token with A's user id written into its payload: the signature no longer matches.
    const [header, , signature] = world.b.token.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claimsOfA, iat: now, exp: now + 3600 })).toString(
      'base64url',
    );
    tokens.tampered = `${header}.${tamperedPayload}.${signature}`;
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    tokens.unsigned = `${noneHeader}.${tamperedPayload}.`;

    // Revoked by a password change: the old token stops working, the new one works.
    const changer = await insertBuyer(world.ctx);
    const changed = await fetch(`${world.baseUrl}/api/users/change-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${changer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Masik-Jelszo-2026' }),
    });
    expect(changed.status).toBe(200);
    const { access_token: fresh } = (await changed.json()) as { access_token: string };
    const me = await fetch(`${world.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${fresh}` } });
    expect(me.status).toBe(200);
    tokens.revokedByPasswordChange = changer.token;

    // Revoked by disabling the account.
    const disabled = await insertBuyer(world.ctx);
    await world.testDb.handle.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', disabled.userId)
      .execute();
    tokens.ofDisabledAccount = disabled.token;
  });

  afterAll(async () => {
    await world?.close();
  });

  const REFUSALS: [string, string | null, string][] = [
    ['no token', null, 'ERR_UNAUTHORIZED'],
    ['an expired token', 'expired', 'ERR_TOKEN_EXPIRED'],
    ['a token with a bad signature', 'badSignature', 'ERR_UNAUTHORIZED'],
    ['a tampered token', 'tampered', 'ERR_UNAUTHORIZED'],
    ['an unsigned (alg none) token', 'unsigned', 'ERR_UNAUTHORIZED'],
    ['a token revoked by a password change', 'revokedByPasswordChange', 'ERR_TOKEN_REVOKED'],
    ['a token of a disabled account', 'ofDisabledAccount', 'ERR_TOKEN_REVOKED'],
  ];

  it('covers every endpoint that declares a token', () => {
    const protectedOps = operations.filter((op) => op.security !== 'none');
    // 27 shop endpoints and the back office's at the time of writing; new ones join automatically.
    expect(protectedOps.length).toBeGreaterThanOrEqual(30);
    // Every back-office endpoint but its login declares a token.
    const openBackOffice = operations.filter(
      (op) => isBackOffice(op) && op.security === 'none' && !/\/auth\/login$/.test(op.path),
    );
    expect(openBackOffice.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it.each(REFUSALS)(
    'refuses %s with 401 and its code on every protected endpoint, changing nothing',
    async (_name, tokenName, code) => {
      const token = tokenName === null ? null : tokens[tokenName]!;
      const before = await dataSnapshot(world.testDb.handle);
      const wrong: string[] = [];
      let checked = 0;
      for (const op of operations) {
        if (op.security === 'none' || ACCEPTS_BAD_TOKEN.has(`${op.method} ${op.path}`)) continue;
        // Without a token an optional-token endpoint serves the anonymous visitor.
        if (op.security === 'optional' && token === null) continue;
        const answer = await call(world, op, token);
        checked += 1;
        const ok = answer.status === 401 && answer.json?.error === code;
        if (
          !ok &&
          !(
            op.path.startsWith('/api/integration/') &&
            answer.status === 401 &&
            isErrorCode(answer.json?.error)
          )
        ) {
          wrong.push(`${op.method} ${op.path} → ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(25);
      expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
    },
  );

  it('refuses customer and agent tokens on every back-office endpoint, and staff tokens on every shop endpoint', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.security === 'none' || ACCEPTS_BAD_TOKEN.has(`${op.method} ${op.path}`)) continue;
      if (isBackOffice(op)) {
        for (const [who, token] of [
          ['customer', world.a.token],
          ['agent', world.agent.token],
        ] as const) {
          const answer = await call(world, op, token);
          const refused = op.path.startsWith('/api/admin/')
            ? answer.status === 403 && answer.json?.error === 'ERR_NOT_STAFF'
            : (answer.status === 401 || answer.status === 403) && isErrorCode(answer.json?.error);
          if (!refused)
            wrong.push(`${who}: ${op.method} ${op.path} → ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      } else {
        const answer = await call(world, op, world.staff.token);
        if (!(answer.status === 403 && answer.json?.error === 'ERR_FORBIDDEN')) {
          wrong.push(`staff: ${op.method} ${op.path} → ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  /** What the resource-id endpoints answer to a party that does not own the resource. */
  const REFUSED_FOR_OTHERS: Record<string, { status: number; error: string }> = {
    'GET /api/customers/{customerId}/extended': { status: 403, error: 'ERR_FORBIDDEN' },
    'POST /api/orders/{orderId}/order-again': { status: 404, error: 'NOT_FOUND' },
    'POST /api/shipping-addresses/set-current': { status: 400, error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' },
  };

  it.each([
    ['another customer', 'b'],
    ['an agent for a customer that is not its own', 'agent'],
  ] as const)(
    'never shows or changes customer A’s data to %s, on every customer endpoint',
    async (_name, who) => {
      const token = who === 'b' ? world.b.token : world.agent.token;
      const beforeA = await snapshotOfA(world);
      const markers = [A_MARKERS.name, A_MARKERS.comment, A_MARKERS.city, world.a.email, world.a.userEmail];
      const wrong: string[] = [];
      let checked = 0;
      for (const op of operations) {
        if (op.security === 'none' || isBackOffice(op)) continue;
        // Changing one's own password works and revokes one's own token: done last, below.
        if (op.path === '/api/users/change-password') continue;
        const answer = await call(world, op, token);
        checked += 1;
        const name = `${op.method} ${op.path}`;
        if (process.env.DEBUG_MATRIX) console.log(who, name, answer.status, answer.body.slice(0, 80));
        if (answer.status >= 500) wrong.push(`${name} → ${answer.status}`);
        const leaked = markers.filter((m) => answer.body.includes(m));
        if (leaked.length > 0) wrong.push(`${name} shows A's ${leaked.join(', ')}`);
        const expected = REFUSED_FOR_OTHERS[name];
        if (expected && (answer.status !== expected.status || answer.json?.error !== expected.error)) {
          wrong.push(
            `${name} → ${answer.status} ${answer.body.slice(0, 120)}, expected ${expected.status} ${expected.error}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(25);
      expect(await snapshotOfA(world)).toBe(beforeA);
    },
  );

  it('refuses an agent the extended data of a customer of another agent', async () => {
    const op = operations.find((o) => o.path === '/api/customers/{customerId}/extended')!;
    expect(op).toBeDefined();
    const res = await fetch(`${world.baseUrl}/api/customers/${world.otherAgent.customerD}/extended`, {
      headers: { authorization: `Bearer ${world.agent.token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_FORBIDDEN' });
    const own = await fetch(`${world.baseUrl}/api/customers/${world.agent.customerC}/extended`, {
      headers: { authorization: `Bearer ${world.agent.token}` },
    });
    expect(own.status).toBe(200);
    const setForeign = await fetch(`${world.baseUrl}/api/shipping-addresses/set-current`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shippingAddressId: world.otherAgent.addressD }),
    });
    expect(setForeign.status).toBe(400);
    expect(await setForeign.json()).toMatchObject({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
  });
});

import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@shop/shared/errors/error-codes';
import { insertBuyer } from '../src/modules/cart/checkout-fixtures';
import { insertUser } from './account-fixtures';
import { FIXTURE_PRODUCTS } from '../src/modules/products/catalogue.fixture';
import { fetchOperations, type Operation } from '../bench/hostile-inputs';
import { changedTables, dataSnapshot } from './data-snapshot';
import {
  A_MARKERS,
  createSecurityWorld,
  insertPendingApprovalOfA,
  type SecurityWorld,
} from './security-world';
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

/** Customer A's offered quote (issue 16), made in beforeAll. */
let quoteOfA = 0;
/** Customer A's pending order approval request (issue 15), made in beforeAll. */
let approvalOfA = 0;

/**
 * The operations of the OpenAPI document a test covers, checked against the list the test was
 * written for ("METHOD /path", sorted), so that a new endpoint there cannot go untested.
 */
function coveredOperations(
  operations: Operation[],
  covers: (op: Operation) => boolean,
  expected: string[],
): Operation[] {
  const targets = operations.filter(covers);
  expect(targets.map((op) => `${op.method} ${op.path}`).sort()).toEqual(expected);
  return targets;
}

/**
 * A new login of customer A for each company role, in turn, after the `first` ones: [role, token]
 * pairs. Each logs in from its own address `${subnet}.N` (N its place in the list), for the rate limit.
 */
async function roleTokensOfA(
  world: SecurityWorld,
  roles: readonly ('approver' | 'buyer' | 'requester')[],
  namePrefix: string,
  subnet: string,
  first: [string, string][] = [],
): Promise<[string, string][]> {
  const roleTokens = [...first];
  for (const role of roles) {
    const member = await insertUser(world.testDb.handle, {
      customerId: world.a.customerId,
      name: `${namePrefix} ${role}`,
    });
    await world.testDb.handle.db
      .updateTable('users')
      .set({ company_role: role })
      .where('id', '=', member.id)
      .execute();
    const login = await fetch(`${world.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `${subnet}.${roleTokens.length + 1}`,
      },
      body: JSON.stringify({ emailorusername: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    roleTokens.push([role, ((await login.json()) as { access_token: string }).access_token]);
  }
  return roleTokens;
}

/** Adds a line for `who` to `wrong` unless `answer` is `status` with the error code `error`. */
function expectAnswer(
  wrong: string[],
  who: string,
  op: Operation,
  answer: Answer,
  status: number,
  error: string,
): void {
  if (!(answer.status === status && answer.json?.error === error))
    wrong.push(`${who}: ${op.method} ${op.path} → ${answer.status} ${answer.body.slice(0, 120)}`);
}

async function call(world: SecurityWorld, op: Operation, token: string | null): Promise<Answer> {
  const ids: Record<string, string> = {
    customerId: String(world.a.customerId),
    orderId: String(world.a.orderId),
    userId: String(world.a.userId),
    addressId: String(world.a.addressId),
    shippingAddressId: String(world.a.addressId),
    listId: String(world.a.listId),
    quoteId: String(quoteOfA),
    approvalId: String(approvalOfA),
    // Back-in-stock (issue 17): the out-of-stock product customer A waits for.
    productSku: A_WAITS_FOR,
  };
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name] ?? '1');
  const body = op.hasBody ? JSON.stringify(exampleBody(world, op)) : undefined;
  const query = (EXAMPLE_QUERIES[`${op.method} ${op.path}`] ?? '').replace(
    /\{([^}]+)\}/g,
    (_m, name: string) => ids[name] ?? '1',
  );
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

/** The out-of-stock fixture product customer A has a back-in-stock request for (issue 17). */
const A_WAITS_FOR = 'HZ-001';

/** Query strings the endpoints with required query parameters accept. */
const EXAMPLE_QUERIES: Record<string, string> = {
  'GET /api/products/search': '?searchType=all&searchString=viz',
  'GET /api/categories/search': '?searchString=viz',
  // The offline catalogue with customer A's prices (issue 19): only A's users and A's agent may keep it.
  'GET /api/offline/catalogue': '?limit=5&customerId={customerId}',
  // Quotes (issue 16): the list narrowed to the status of A's quote (offered), so a leak shows A's name.
  'GET /api/quotes': '?status=offered',
};

/** A body each customer endpoint accepts, aimed at customer A's things where it names any. */
function exampleBody(world: SecurityWorld, op: Operation): unknown {
  const product = FIXTURE_PRODUCTS.find((p) => p.n === 2)!.sku;
  const bodies: Record<string, unknown> = {
    'POST /api/cart/set-product-quantity': { productSku: product, quantity: 4 },
    'PUT /api/cart/comments': { commentWebshop: 'overwritten', commentSupplier: 'overwritten' },
    'POST /api/cart/quick-order': { lines: `${product};2` },
    'POST /api/shipping-addresses/set-current': { shippingAddressId: world.a.addressId },
    'POST /api/offline/catalogue/changes': { customerId: world.a.customerId, known: [] },
    'PUT /api/cart/shipping-method': { shippingMethodCode: 'home-delivery' },
    'PUT /api/cart/payment-method': { paymentMethodId: 1 },
    'PUT /api/cart/delivery-date': { deliveryDate: null },
    'PUT /api/cart/purchase-order-number': { purchaseOrderNumber: 'MATRIX-PO' },
    'POST /api/users/change-password': { password: 'Uj-Jelszo-2026' },
    'POST /api/tracking/page-view': { path: '/cart', language: 'hu', consent: true },
    'POST /api/order-lists': { name: 'Matrix lista', fromOrderId: world.a.orderId },
    'PATCH /api/order-lists/{listId}': { name: 'overwritten' },
    'PUT /api/order-lists/{listId}/items': [{ sku: product, quantity: 9 }],
    'POST /api/order-lists/{listId}/import': { lines: `${product};9` },
    // Moving a line of A's list into A's list: neither exists for anybody else.
    'POST /api/order-lists/{listId}/move': { sku: product, toListId: world.a.listId },
    // Quotes (issue 16): aimed at A's offered quote.
    'POST /api/quotes': { message: 'Matrix' },
    'POST /api/quotes/{quoteId}/reject': { reason: 'Matrix' },
    'POST /api/quotes/{quoteId}/offer': {
      lines: [{ sku: product, price: 1, quantity: 1 }],
      validUntil: '2099-12-31',
      message: 'Matrix',
    },
    'POST /api/quotes/{quoteId}/decline': { message: 'Matrix' },
    // An in-stock product: refused (409), so the caller never holds a request of its own for A's product.
    'POST /api/back-in-stock': { productSku: 'HZ-003' },
    // Order approvals (issue 15): a rejection of A's pending request.
    'POST /api/company/approvals/{approvalId}/reject': { reason: 'Matrix' },
    // Company users (issue 15): an invitation into the caller's own company.
    'POST /api/company/users': {
      email: `matrix-invite-${Date.now()}@example.com`,
      name: 'Matrix',
      role: 'buyer',
    },
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
    await db
      .selectFrom('back_in_stock_requests')
      .innerJoin('users', 'users.id', 'back_in_stock_requests.user_id')
      .selectAll('back_in_stock_requests')
      .where('users.customer_id', '=', id)
      .orderBy('back_in_stock_requests.id')
      .execute(),
    await db.selectFrom('order_lists').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    await db.selectFrom('quotes').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    await db.selectFrom('approvals').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    await db
      .selectFrom('quote_lines')
      .innerJoin('quotes', 'quotes.id', 'quote_lines.quote_id')
      .selectAll('quote_lines')
      .where('quotes.customer_id', '=', id)
      .orderBy('quote_lines.quote_id')
      .orderBy('quote_lines.product_id')
      .execute(),
    await db
      .selectFrom('order_list_items')
      .innerJoin('order_lists', 'order_lists.id', 'order_list_items.list_id')
      .selectAll('order_list_items')
      .where('order_lists.customer_id', '=', id)
      .orderBy('order_list_items.list_id')
      .orderBy('order_list_items.product_id')
      .execute(),
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

    // Customer A waits for an out-of-stock product (issue 17); others must neither see nor cancel it.
    const waits = await fetch(`${world.baseUrl}/api/back-in-stock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productSku: A_WAITS_FOR }),
    });
    expect(waits.status).toBe(201);

    // Customer A has an offered quote (issue 16); others must neither see, accept, reject nor answer it.
    const db = world.testDb.handle.db;
    const quoted = await db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', FIXTURE_PRODUCTS.find((p) => p.n === 2)!.sku)
      .executeTakeFirstOrThrow();
    const quote = await db
      .insertInto('quotes')
      .values({
        customer_id: world.a.customerId!,
        user_id: world.a.userId,
        agent_user_id: null,
        status: 'offered',
        message: A_MARKERS.comment,
        valid_until: '2099-12-31',
        staff_message: 'Matrix offer',
        version: 1,
        created_at: world.ctx.now().toISOString(),
        updated_at: world.ctx.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('quote_lines')
      .values({
        quote_id: quote.id,
        product_id: quoted.id,
        position: 0,
        requested_quantity: 2,
        offered_quantity: 2,
        offered_price: 100,
      })
      .execute();
    quoteOfA = quote.id;

    // Customer A has a pending order approval request (issue 15), sent by a requester of A.
    const requesterOfA = await insertUser(world.testDb.handle, {
      customerId: world.a.customerId,
      name: 'Matrix requester',
    });
    await db
      .updateTable('users')
      .set({ company_role: 'requester' })
      .where('id', '=', requesterOfA.id)
      .execute();
    const approvalId = await insertPendingApprovalOfA(world, {
      requesterUserId: requesterOfA.id,
      itemsGross: 200,
      shippingAddressId: world.a.addressId,
      comment: A_MARKERS.comment,
    });
    await db
      .insertInto('approval_items')
      .values({
        approval_id: approvalId,
        product_id: quoted.id,
        sku: FIXTURE_PRODUCTS.find((p) => p.n === 2)!.sku,
        name: A_MARKERS.name,
        quantity: 2,
        unit_price: 100,
        vat: 27,
        line_gross: 200,
      })
      .execute();
    approvalOfA = approvalId;
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
        expectAnswer(wrong, 'staff', op, await call(world, op, world.staff.token), 403, 'ERR_FORBIDDEN');
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  it('refuses staff (no integration permission) on every webhook and outbox endpoint, changing nothing', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    const targets = operations.filter((op) => /^\/api\/admin\/(webhooks|outbox)(\/|$)/.test(op.path));
    expect(targets.length).toBe(10);
    const wrong: string[] = [];
    for (const op of targets) {
      expectAnswer(wrong, 'staff', op, await call(world, op, world.staff.token), 403, 'ERR_FORBIDDEN');
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  /** What the resource-id endpoints answer to a party that does not own the resource. */
  const REFUSED_FOR_OTHERS: Record<string, { status: number; error: string }> = {
    'GET /api/customers/{customerId}/extended': { status: 403, error: 'ERR_FORBIDDEN' },
    'POST /api/orders/{orderId}/order-again': { status: 404, error: 'NOT_FOUND' },
    'POST /api/shipping-addresses/set-current': { status: 400, error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' },
    // Saved order lists (issue 16): another customer's list does not exist for the caller; a list
    // made from another customer's order is refused like order-again.
    'POST /api/order-lists': { status: 404, error: 'NOT_FOUND' },
    'GET /api/order-lists/{listId}': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'PATCH /api/order-lists/{listId}': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'DELETE /api/order-lists/{listId}': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'PUT /api/order-lists/{listId}/items': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'POST /api/order-lists/{listId}/import': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'POST /api/order-lists/{listId}/import-file': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'POST /api/order-lists/{listId}/to-cart': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    'POST /api/order-lists/{listId}/move': { status: 404, error: 'ERR_ORDER_LIST_NOT_FOUND' },
    // A's back-in-stock request is not the caller's: cancelling it finds none (issue 17).
    'DELETE /api/back-in-stock/{productSku}': { status: 404, error: 'ERR_BACK_IN_STOCK_NOT_FOUND' },
    // Customer A's prices for the offline catalogue (issue 19): neither another customer nor another agent.
    'GET /api/offline/catalogue': { status: 403, error: 'ERR_FORBIDDEN' },
    'POST /api/offline/catalogue/changes': { status: 403, error: 'ERR_FORBIDDEN' },
    // A's quote does not exist for anyone else (issue 16), whatever the step.
    'GET /api/quotes/{quoteId}': { status: 404, error: 'ERR_QUOTE_NOT_FOUND' },
    'POST /api/quotes/{quoteId}/accept': { status: 404, error: 'ERR_QUOTE_NOT_FOUND' },
    'POST /api/quotes/{quoteId}/reject': { status: 404, error: 'ERR_QUOTE_NOT_FOUND' },
    'POST /api/quotes/{quoteId}/offer': { status: 404, error: 'ERR_QUOTE_NOT_FOUND' },
    'POST /api/quotes/{quoteId}/decline': { status: 404, error: 'ERR_QUOTE_NOT_FOUND' },
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

  it('company users (issue 15): every role but owner, another company and an agent are refused, changing nothing', async () => {
    const targets = coveredOperations(operations, (op) => op.path.startsWith('/api/company/users'), [
      'DELETE /api/company/users/{userId}',
      'GET /api/company/users',
      'PATCH /api/company/users/{userId}',
      'POST /api/company/users',
    ]);
    const roleTokens = await roleTokensOfA(world, ['approver', 'buyer', 'requester'], 'Matrix', '10.78.0');
    const beforeA = await snapshotOfA(world);
    const wrong: string[] = [];
    const expect403 = (who: string, op: Operation, answer: Answer) =>
      expectAnswer(wrong, who, op, answer, 403, 'ERR_FORBIDDEN');
    for (const op of targets) {
      for (const [role, token] of roleTokens) expect403(role, op, await call(world, op, token));
      expect403('agent', op, await call(world, op, world.agent.token));
      // B's owner aimed at A's user: that user does not exist in B's company.
      const answer = await call(world, op, world.b.token);
      const markers = [world.a.email, world.a.userEmail, A_MARKERS.name];
      if (markers.some((m) => answer.body.includes(m)))
        wrong.push(`b: ${op.method} ${op.path} shows A's data`);
      if (op.path.includes('{userId}')) expectAnswer(wrong, 'b', op, answer, 404, 'NOT_FOUND');
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOfA(world)).toBe(beforeA);
  });

  it('order approvals (issue 15): buyers, requesters and agents cannot decide, another company finds nothing, nothing changes', async () => {
    const targets = coveredOperations(operations, (op) => op.path.startsWith('/api/company/approvals'), [
      'GET /api/company/approvals',
      'GET /api/company/approvals/pending-count',
      'GET /api/company/approvals/{approvalId}',
      'POST /api/company/approvals/{approvalId}/approve',
      'POST /api/company/approvals/{approvalId}/reject',
    ]);
    const roleTokens = await roleTokensOfA(world, ['buyer', 'requester'], 'Matrix approvals', '10.79.0');
    const beforeA = await snapshotOfA(world);
    const wrong: string[] = [];
    for (const op of targets) {
      const deciding = op.method === 'POST';
      for (const [role, token] of roleTokens) {
        const answer = await call(world, op, token);
        // Buyers and requesters may read their own requests (not A's requester's), never decide.
        if (deciding) expectAnswer(wrong, role, op, answer, 403, 'ERR_FORBIDDEN');
        else if (op.path.includes('{approvalId}'))
          expectAnswer(wrong, role, op, answer, 404, 'ERR_APPROVAL_NOT_FOUND');
        else if (answer.body.includes(A_MARKERS.comment)) wrong.push(`${role}: ${op.path} shows the request`);
      }
      // An agent is never the company's approver.
      expectAnswer(wrong, 'agent', op, await call(world, op, world.agent.token), 403, 'ERR_FORBIDDEN');
      // B's owner aimed at A's request: it does not exist in B's company.
      const answer = await call(world, op, world.b.token);
      if ([A_MARKERS.name, A_MARKERS.comment].some((m) => answer.body.includes(m)))
        wrong.push(`b: ${op.method} ${op.path} shows A's data`);
      if (op.path.includes('{approvalId}'))
        expectAnswer(wrong, 'b', op, answer, 404, 'ERR_APPROVAL_NOT_FOUND');
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOfA(world)).toBe(beforeA);
  });

  it("quotes (issue 16): no login of the quote's own customer may answer it, whatever its company role; nothing changes", async () => {
    const targets = coveredOperations(
      operations,
      (op) => /^\/api\/quotes\/\{quoteId\}\/(offer|decline)$/.test(op.path),
      ['POST /api/quotes/{quoteId}/decline', 'POST /api/quotes/{quoteId}/offer'],
    );
    const roleTokens = await roleTokensOfA(
      world,
      ['approver', 'buyer', 'requester'],
      'Matrix quotes',
      '10.80.0',
      [['owner', world.a.token]],
    );
    const beforeA = await snapshotOfA(world);
    const wrong: string[] = [];
    for (const [role, token] of roleTokens) {
      for (const op of targets) {
        const answer = await call(world, op, token);
        // Owners and approvers see the quote but may not answer it (403); buyers and requesters
        // other than its requester do not see it at all (404).
        const [status, error] =
          role === 'owner' || role === 'approver' ? [403, 'ERR_FORBIDDEN'] : [404, 'ERR_QUOTE_NOT_FOUND'];
        expectAnswer(wrong, role, op, answer, status, error);
      }
      // The quote as its customer's logins read it never offers the answer.
      const detail = await fetch(`${world.baseUrl}/api/quotes/${quoteOfA}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (detail.status === 200 && ((await detail.json()) as { canAnswer: boolean }).canAnswer)
        wrong.push(`${role}: GET /api/quotes/{quoteId} offers the answer`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOfA(world)).toBe(beforeA);
  });

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

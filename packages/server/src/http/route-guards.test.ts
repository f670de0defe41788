import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as permissionRules from '@shop/shared/rules/admin-permissions';
import { roleHasPermission, type AdminPermission } from '@shop/shared/rules/admin-permissions';
import { insertCustomerAccount, insertUser, nextIp } from '../../test/account-fixtures';
import { startTestApp, stopTestApp } from '../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../test/test-db';
import { createApiKey } from '../modules/integration/api-keys.service';
import { createAuth } from './auth';

// Records which permission each back-office request asks for (the real rule still answers).
vi.mock('@shop/shared/rules/admin-permissions', async (importOriginal) => {
  const original = await importOriginal<typeof permissionRules>();
  return { ...original, roleHasPermission: vi.fn(original.roleHasPermission) };
});

/**
 * Issue 21 point 1: every route of the OpenAPI document has the guard this table names. The table
 * is written by hand; the test finds each route's guard by calling it as each kind of caller, so a
 * route registered in the wrong scope, or naming the wrong permission, fails here.
 *
 *   public         no token needed, a token is not checked
 *   optional user  no token needed; a bad token → 401, a staff token → 403
 *   shop user      a customer's or agent's token (no token → 401 before the body is parsed;
 *                  staff → 403 ERR_FORBIDDEN; an account that must change its password → 403)
 *   shop user, password change due   the same, but open to an account that must change its password
 *   staff: P       an administrator's or staff member's token whose role has permission P
 *                  (no token → 401 before the body is parsed; customers and agents → 403
 *                  ERR_NOT_STAFF; staff without P → 403 ERR_FORBIDDEN); `staff: any` needs none
 *   api key        an integration API key (a bearer token of a user → 401)
 */
type Guard =
  | 'public'
  | 'optional user'
  | 'shop user'
  | 'shop user, password change due'
  | `staff: ${AdminPermission | 'any'}`
  | 'api key';

const EXPECTED: Record<string, Guard> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/shop/state': 'public',
  'GET /api/contents/{*}': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/users/register': 'public',
  'GET /api/users/{userId}/verify/{code}': 'public',
  'POST /api/users/forgot-password': 'public',
  'POST /api/users/resend-verification': 'public',
  'POST /api/users/{userId}/reset-password/{code}': 'public',
  'POST /api/users/{userId}/accept-invite/{code}': 'public',
  'POST /api/tracking/page-view': 'public',
  'GET /api/news/current': 'public',

  'GET /api/products/all': 'optional user',
  'GET /api/products/search': 'optional user',
  'GET /api/categories': 'optional user',
  'GET /api/categories/search': 'optional user',

  'GET /api/auth/me': 'shop user, password change due',
  'POST /api/users/change-password': 'shop user, password change due',
  'GET /api/users/get-user-data': 'shop user',
  'GET /api/products/ordered-products': 'shop user',
  'GET /api/customers/{customerId}/extended': 'shop user',
  'GET /api/cart': 'shop user',
  'POST /api/cart/set-product-quantity': 'shop user',
  'DELETE /api/cart/delete': 'shop user',
  'GET /api/cart/comments': 'shop user',
  'PUT /api/cart/comments': 'shop user',
  'POST /api/cart/quick-order': 'shop user',
  'GET /api/shipping-addresses': 'shop user',
  'POST /api/shipping-addresses/set-current': 'shop user',
  'GET /api/shipping-addresses/get-current-data-extended': 'shop user',
  'GET /api/shipping-methods': 'shop user',
  'GET /api/payment-methods/available-for-customer': 'shop user',
  'PUT /api/cart/shipping-method': 'shop user',
  'PUT /api/cart/payment-method': 'shop user',
  'PUT /api/cart/delivery-date': 'shop user',
  'PUT /api/cart/purchase-order-number': 'shop user',
  'GET /api/cart/delivery-days': 'shop user',
  'POST /api/orders/place-order': 'shop user',
  'GET /api/orders/history': 'shop user',
  'GET /api/company/users': 'shop user',
  'POST /api/company/users': 'shop user',
  'PATCH /api/company/users/{userId}': 'shop user',
  'DELETE /api/company/users/{userId}': 'shop user',
  'POST /api/orders/{orderId}/order-again': 'shop user',
  'POST /api/back-in-stock': 'shop user',
  'GET /api/back-in-stock': 'shop user',
  'DELETE /api/back-in-stock/{productSku}': 'shop user',
  'GET /api/order-lists': 'shop user',
  'POST /api/order-lists': 'shop user',
  'GET /api/order-lists/{listId}': 'shop user',
  'PATCH /api/order-lists/{listId}': 'shop user',
  'DELETE /api/order-lists/{listId}': 'shop user',
  'PUT /api/order-lists/{listId}/items': 'shop user',
  'POST /api/order-lists/{listId}/import': 'shop user',
  'POST /api/order-lists/{listId}/import-file': 'shop user',
  'POST /api/order-lists/{listId}/to-cart': 'shop user',
  'POST /api/order-lists/{listId}/move': 'shop user',
  // Quotes (issue 16): customers' logins and the customer's agent; the agent answers through offer/decline.
  'GET /api/quotes': 'shop user',
  'POST /api/quotes': 'shop user',
  'GET /api/quotes/{quoteId}': 'shop user',
  'POST /api/quotes/{quoteId}/accept': 'shop user',
  'POST /api/quotes/{quoteId}/reject': 'shop user',
  'POST /api/quotes/{quoteId}/offer': 'shop user',
  'POST /api/quotes/{quoteId}/decline': 'shop user',
  // Order approvals (issue 15): the company's owners and approvers decide, its users read their own.
  'GET /api/company/approvals': 'shop user',
  'GET /api/company/approvals/pending-count': 'shop user',
  'GET /api/company/approvals/{approvalId}': 'shop user',
  'POST /api/company/approvals/{approvalId}/approve': 'shop user',
  'POST /api/company/approvals/{approvalId}/reject': 'shop user',
  'GET /api/news/current/products': 'shop user',
  'GET /api/newspapers': 'shop user',
  'GET /api/newspapers/{id}/download': 'shop user',
  'GET /api/newspapers/generated': 'shop user',
  'GET /api/downloads/price-list.xlsx': 'shop user',
  'GET /api/offline/catalogue': 'shop user',
  'POST /api/offline/catalogue/changes': 'shop user',

  'POST /api/admin/auth/login': 'public',
  'GET /api/admin/auth/me': 'staff: any',
  'GET /api/admin/registrations': 'staff: registrations',
  'POST /api/admin/registrations/{id}/approve': 'staff: registrations',
  'POST /api/admin/registrations/{id}/reject': 'staff: registrations',
  'GET /api/admin/customers': 'staff: customers',
  'POST /api/admin/customers': 'staff: customers',
  'GET /api/admin/customers/{id}': 'staff: customers',
  'PATCH /api/admin/customers/{id}': 'staff: customers',
  'GET /api/admin/customers/{id}/company-users': 'staff: customers',
  'POST /api/admin/customers/{id}/company-users': 'staff: customers',
  'PATCH /api/admin/customers/{id}/company-users/{userId}': 'staff: customers',
  'POST /api/admin/customers/{id}/addresses': 'staff: customers',
  'PUT /api/admin/customers/{id}/addresses/{addressId}': 'staff: customers',
  'GET /api/admin/products/{sku}/photos': 'staff: catalogue',
  'POST /api/admin/products/{sku}/photos': 'staff: catalogue',
  'PUT /api/admin/products/{sku}/photos/order': 'staff: catalogue',
  'PUT /api/admin/products/{sku}/photos/{photoId}/alt': 'staff: catalogue',
  'DELETE /api/admin/products/{sku}/photos/{photoId}': 'staff: catalogue',
  'POST /api/admin/product-photos/zip': 'staff: catalogue',
  'GET /api/admin/assortments': 'staff: catalogue',
  'POST /api/admin/assortments': 'staff: catalogue',
  'GET /api/admin/assortments/{id}': 'staff: catalogue',
  'PUT /api/admin/assortments/{id}': 'staff: catalogue',
  'DELETE /api/admin/assortments/{id}': 'staff: catalogue',
  'GET /api/admin/assortments/customer/{id}': 'staff: catalogue',
  'GET /api/admin/products/{sku}/back-in-stock': 'staff: catalogue',
  'GET /api/admin/catalogue/products': 'staff: catalogue',
  'POST /api/admin/catalogue/products': 'staff: catalogue',
  'GET /api/admin/catalogue/products/{id}': 'staff: catalogue',
  'PUT /api/admin/catalogue/products/{id}': 'staff: catalogue',
  'GET /api/admin/catalogue/categories': 'staff: catalogue',
  'POST /api/admin/catalogue/categories': 'staff: catalogue',
  'PUT /api/admin/catalogue/categories/{id}': 'staff: catalogue',
  'DELETE /api/admin/catalogue/categories/{id}': 'staff: catalogue',
  'GET /api/admin/catalogue/manufacturers': 'staff: catalogue',
  'POST /api/admin/catalogue/manufacturers': 'staff: catalogue',
  'PUT /api/admin/catalogue/manufacturers/{id}': 'staff: catalogue',
  'DELETE /api/admin/catalogue/manufacturers/{id}': 'staff: catalogue',
  'POST /api/admin/catalogue/import': 'staff: catalogue',
  'GET /api/admin/catalogue/import/template': 'staff: catalogue',
  'GET /api/admin/orders': 'staff: orders',
  'GET /api/admin/quotes': 'staff: orders',
  'GET /api/admin/quotes/{id}': 'staff: orders',
  'POST /api/admin/quotes/{id}/offer': 'staff: orders',
  'POST /api/admin/quotes/{id}/decline': 'staff: orders',
  'GET /api/admin/orders/export.csv': 'staff: orders',
  'GET /api/admin/orders/agents': 'staff: orders',
  'GET /api/admin/orders/{id}': 'staff: orders',
  'POST /api/admin/orders/{id}/status': 'staff: orders',
  'GET /api/admin/shipping-methods': 'staff: logistics',
  'POST /api/admin/shipping-methods': 'staff: logistics',
  'PUT /api/admin/shipping-methods/{id}': 'staff: logistics',
  'GET /api/admin/payment-methods': 'staff: logistics',
  'POST /api/admin/payment-methods': 'staff: logistics',
  'PUT /api/admin/payment-methods/{id}': 'staff: logistics',
  'GET /api/admin/delivery-routes': 'staff: logistics',
  'POST /api/admin/delivery-routes': 'staff: logistics',
  'PUT /api/admin/delivery-routes/{id}': 'staff: logistics',
  'DELETE /api/admin/delivery-routes/{id}': 'staff: logistics',
  'GET /api/admin/holiday-periods': 'staff: logistics',
  'POST /api/admin/holiday-periods': 'staff: logistics',
  'PUT /api/admin/holiday-periods/{id}': 'staff: logistics',
  'DELETE /api/admin/holiday-periods/{id}': 'staff: logistics',
  'GET /api/admin/shop-closed-windows': 'staff: settings',
  'POST /api/admin/shop-closed-windows': 'staff: settings',
  'PUT /api/admin/shop-closed-windows/{id}': 'staff: settings',
  'DELETE /api/admin/shop-closed-windows/{id}': 'staff: settings',
  'GET /api/admin/shop-state/force-disabled': 'staff: settings',
  'PUT /api/admin/shop-state/force-disabled': 'staff: settings',
  'GET /api/admin/news': 'staff: content',
  'POST /api/admin/news': 'staff: content',
  'GET /api/admin/news/{id}': 'staff: content',
  'PUT /api/admin/news/{id}': 'staff: content',
  'DELETE /api/admin/news/{id}': 'staff: content',
  'GET /api/admin/content-pages': 'staff: content',
  'POST /api/admin/content-pages': 'staff: content',
  'GET /api/admin/content-pages/{id}': 'staff: content',
  'PUT /api/admin/content-pages/{id}': 'staff: content',
  'DELETE /api/admin/content-pages/{id}': 'staff: content',
  'GET /api/admin/newspapers': 'staff: content',
  'POST /api/admin/newspapers': 'staff: content',
  'PUT /api/admin/newspapers/{id}': 'staff: content',
  'DELETE /api/admin/newspapers/{id}': 'staff: content',
  'GET /api/admin/statistics': 'staff: statistics',
  'GET /api/admin/staff': 'staff: staff',
  'POST /api/admin/staff': 'staff: staff',
  'PATCH /api/admin/staff/{id}': 'staff: staff',
  'GET /api/admin/audit': 'staff: audit',
  'GET /api/admin/integration/api-keys': 'staff: integration',
  'POST /api/admin/integration/api-keys': 'staff: integration',
  'POST /api/admin/integration/api-keys/{id}/revoke': 'staff: integration',
  'GET /api/admin/webhooks': 'staff: integration',
  'POST /api/admin/webhooks': 'staff: integration',
  'PATCH /api/admin/webhooks/{id}': 'staff: integration',
  'DELETE /api/admin/webhooks/{id}': 'staff: integration',
  'POST /api/admin/webhooks/{id}/rotate-secret': 'staff: integration',
  'GET /api/admin/webhooks/{id}/deliveries': 'staff: integration',
  'POST /api/admin/webhooks/{id}/test': 'staff: integration',
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/resend': 'staff: integration',
  'GET /api/admin/outbox': 'staff: integration',
  'POST /api/admin/outbox/{id}/retry': 'staff: integration',

  'POST /api/integration/products/batch': 'api key',
  'POST /api/integration/prices/batch': 'api key',
  'POST /api/integration/stock/batch': 'api key',
  'POST /api/integration/customers/batch': 'api key',
  'POST /api/integration/credit/batch': 'api key',
  'GET /api/integration/orders': 'api key',
  'POST /api/integration/orders/acknowledge': 'api key',
  'POST /api/integration/products/{sku}/photos': 'api key',
};

/** What the OpenAPI document says about each guard's credentials. */
const DOCUMENTED: Record<string, unknown> = {
  public: undefined,
  'optional user': [{}, { bearerAuth: [] }],
  'shop user': [{ bearerAuth: [] }],
  staff: [{ bearerAuth: [] }],
  'api key': [{ apiKeyAuth: [] }],
};
/** Public, but documents the token it reads when sent (docs/decisions/0007-page-tracking.md). */
const DOCUMENTED_EXCEPTIONS: Record<string, unknown> = {
  'POST /api/tracking/page-view': [{}, { bearerAuth: [] }],
};

interface Operation {
  name: string;
  method: string;
  /** The path with every parameter replaced by `x` (no id is valid, so no handler finds a row). */
  url: string;
  hasBody: boolean;
  security: unknown;
}

const GUARD_ERRORS = new Set([
  'ERR_UNAUTHORIZED',
  'ERR_NOT_STAFF',
  'ERR_FORBIDDEN',
  'ERR_PASSWORD_CHANGE_REQUIRED',
]);

/** Did the request get past the guard (whatever the handler or validation answered then)? */
function passed(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 401) return false;
  if (res.statusCode !== 403) return true;
  return !GUARD_ERRORS.has((res.json() as { error?: string }).error ?? '');
}

function refusedWith(res: LightMyRequestResponse, status: number, error: string): boolean {
  return res.statusCode === status && (res.json() as { error?: string }).error === error;
}

describe.each(TEST_DIALECTS)('route guards on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let operations: Operation[];
  const tokens: Record<'customer' | 'mustChange' | 'staff' | 'admin', string> = {
    customer: '',
    mustChange: '',
    staff: '',
    admin: '',
  };
  let apiKey = '';

  beforeAll(async () => {
    const { ctx, ...started } = await startTestApp(dialect);
    ({ testDb, app } = started);
    const auth = createAuth(ctx);
    const sign = (userId: number, role: 'customer' | 'staff' | 'admin', customerId: number | null) =>
      auth.sign({ userId, customerId, isAgent: false, role, tokenVersion: 0 }, false);
    const { user: customer } = await insertCustomerAccount(testDb.handle);
    const { user: otherCustomer } = await insertCustomerAccount(testDb.handle);
    const mustChange = await insertUser(testDb.handle, {
      customerId: otherCustomer.customerId,
      mustChangePassword: true,
    });
    const staff = await insertUser(testDb.handle, { role: 'staff' });
    const admin = await insertUser(testDb.handle, { role: 'admin' });
    tokens.customer = await sign(customer.id, 'customer', customer.customerId);
    tokens.mustChange = await sign(mustChange.id, 'customer', mustChange.customerId);
    tokens.staff = await sign(staff.id, 'staff', null);
    tokens.admin = await sign(admin.id, 'admin', null);
    apiKey = (await createApiKey(ctx, admin.id, 'route guards')).key;

    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, 'x'),
          hasBody: op.requestBody !== undefined,
          security: op.security,
        })),
    );
  });

  afterAll(() => stopTestApp(app, testDb));

  /** Calls a route; a body is valid JSON but not what the route takes (`[]`), or malformed JSON. */
  function call(
    op: Operation,
    credentials: { token?: string; apiKey?: string; malformed?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: op.method as 'GET',
      url: op.url,
      remoteAddress: nextIp(),
      headers: {
        ...(credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}),
        ...(credentials.apiKey ? { 'x-api-key': credentials.apiKey } : {}),
        ...(op.hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(op.hasBody ? { payload: credentials.malformed ? '{"unclosed' : '[]' } : {}),
    });
  }

  /** The permissions the back office asked about while answering one administrator's request. */
  async function permissionsAsked(op: Operation): Promise<string[]> {
    const rule = vi.mocked(roleHasPermission);
    rule.mockClear();
    const res = await call(op, { token: tokens.admin });
    if (!passed(res)) return [`refused the administrator: ${res.statusCode} ${res.body}`];
    return rule.mock.calls.filter(([role]) => role === 'admin').map(([, permission]) => permission);
  }

  /** The guard a route shows to each kind of caller; a description of any inconsistency instead. */
  async function observedGuard(op: Operation): Promise<string> {
    const anonymous = await call(op);
    if (passed(anonymous)) {
      const badToken = await call(op, { token: 'not-a-jwt' });
      if (passed(badToken)) return 'public';
      if (!refusedWith(await call(op, { token: tokens.staff }), 403, 'ERR_FORBIDDEN')) {
        return 'optional user, but staff pass';
      }
      return 'optional user';
    }
    if (!refusedWith(anonymous, 401, 'ERR_UNAUTHORIZED')) return `anonymous: ${anonymous.statusCode}`;
    if (passed(await call(op, { apiKey }))) return 'api key';
    // A bearer guard answers before the body is parsed.
    if (op.hasBody && !refusedWith(await call(op, { malformed: true }), 401, 'ERR_UNAUTHORIZED')) {
      return 'a malformed body is parsed before the token is checked';
    }
    const customer = await call(op, { token: tokens.customer });
    if (refusedWith(customer, 403, 'ERR_NOT_STAFF')) {
      const asked = await permissionsAsked(op);
      if (asked.length > 1) return `asks several permissions: ${asked.join(', ')}`;
      const permission = asked[0] ?? 'any';
      const staff = await call(op, { token: tokens.staff });
      const staffMay = permission === 'any' || roleHasPermission('staff', permission as AdminPermission);
      if (staffMay ? !passed(staff) : !refusedWith(staff, 403, 'ERR_FORBIDDEN')) {
        return `staff: ${permission}, but a staff member gets ${staff.statusCode} ${staff.body}`;
      }
      return `staff: ${permission}`;
    }
    if (!passed(customer)) return `customer: ${customer.statusCode} ${customer.body}`;
    if (!refusedWith(await call(op, { token: tokens.staff }), 403, 'ERR_FORBIDDEN')) {
      return 'shop user, but staff pass';
    }
    const mustChange = await call(op, { token: tokens.mustChange });
    if (passed(mustChange)) return 'shop user, password change due';
    return refusedWith(mustChange, 403, 'ERR_PASSWORD_CHANGE_REQUIRED')
      ? 'shop user'
      : `shop user, but a forced change gets ${mustChange.statusCode}`;
  }

  it('lists every route of the OpenAPI document in the table, and no other', () => {
    expect(operations.map((op) => op.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('gives every route the guard the table names', async () => {
    const observed: Record<string, string> = {};
    for (const op of operations) observed[op.name] = await observedGuard(op);
    expect(observed).toEqual(EXPECTED);
  });

  it('documents each guard in the route’s OpenAPI security', () => {
    const documented = Object.fromEntries(operations.map((op) => [op.name, op.security]));
    const expected = Object.fromEntries(
      Object.entries(EXPECTED).map(([name, guard]) => [
        name,
        name in DOCUMENTED_EXCEPTIONS
          ? DOCUMENTED_EXCEPTIONS[name]
          : DOCUMENTED[guard.startsWith('staff') ? 'staff' : guard.replace(', password change due', '')],
      ]),
    );
    expect(documented).toEqual(expected);
  });
});

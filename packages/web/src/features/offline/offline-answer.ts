import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import type { CategoryTreeResponse } from '@shop/shared/contracts/categories';
import type { Product } from '@shop/shared/contracts/products';
import type { CurrentShippingData, ShippingAddress } from '@shop/shared/contracts/shipping';
import type { FetchLike } from '../../lib/api-client';
import { answerCategorySearch, answerListing, answerSearch } from './offline-catalogue';
import { correctedQuantity, emptyCart, lineOf, withLine } from './offline-cart';
import type { ActingChoice } from './offline-db';
import {
  actingCustomer,
  flushQueue,
  queuedChanges,
  queueChange,
  readActing,
  readMeta,
  storeAnswer,
  storedAnswer,
  storedCart,
  storedProducts,
  writeActing,
} from './offline-store';
import { readFlag, userIdOfToken } from './offline-flag';

/**
 * The offline answerer (issue 19), behind the API client's fetch while a catalogue is kept on this
 * device (offline-fetch.ts). With a connection every call goes to the server; the answers of the
 * cart and of a few reads are kept for later, and queued cart changes go first, in order. Without
 * one (the browser says so, or the request fails to reach the server) the catalogue and cart calls
 * are answered from the stored data, in the server's shapes; any other call answers 503
 * ERR_OFFLINE (placing an order, for example, needs a connection).
 *
 * The answers are those of the customer the user acts for (an agent: the customer of its current
 * shipping address). Offline an agent may switch to another customer whose catalogue is kept: the
 * address picker's call is answered here, the choice is remembered, and its cart changes are queued
 * for that customer (sent to its cart when the connection returns, offline-store.ts flushQueue).
 */

/** Reads whose last answer is kept and given back without a connection. */
const KEPT_READS = ['/api/auth/me', '/api/shop/state', '/api/shipping-methods', '/api/news/current'];

/** Reads whose answer differs per customer: kept per customer (`get:<path>@<customerId>`). */
const KEPT_PER_CUSTOMER = [
  '/api/shipping-addresses/get-current-data-extended',
  '/api/payment-methods/available-for-customer',
  '/api/cart/comments',
];

const ADDRESSES = '/api/shipping-addresses';
const SET_CURRENT = '/api/shipping-addresses/set-current';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-shop-offline': '1' },
  });
}

function header(init: RequestInit, name: string): string | null {
  const headers = init.headers as Record<string, string> | undefined;
  if (!headers) return null;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return null;
}

function tokenOf(init: RequestInit): string | null {
  const value = header(init, 'authorization');
  return value?.startsWith('Bearer ') ? value.slice(7) : null;
}

/** The token's `isAgent` claim (read, not verified: the server checks every call). */
function isAgentToken(token: string | null): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    return (
      (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { isAgent?: unknown }).isAgent ===
      true
    );
  } catch {
    return false;
  }
}

function isCartWrite(method: string, path: string): boolean {
  return method !== 'GET' && path.startsWith('/api/cart');
}

export const answerOrFetch: FetchLike = async (input, init) => {
  const flag = readFlag();
  const token = tokenOf(init);
  const userId = userIdOfToken(token);
  if (!flag || userId === null || flag.userId !== userId || !token) return fetch(input, init);
  const url = new URL(input, window.location.origin);
  const method = (init.method ?? 'GET').toUpperCase();
  const language = header(init, 'accept-language') ?? 'hu';
  if (navigator.onLine) {
    try {
      // Changes made offline reach the server before any newer change of the cart or of the
      // customer acted for.
      if (isCartWrite(method, url.pathname) || url.pathname === SET_CURRENT) {
        await flushQueue({ token, language });
      }
      const response = await fetch(input, init);
      if (response.ok) void keep(userId, method, url, response.clone(), init);
      return response;
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // The server cannot be reached: answer as without a connection.
    }
  }
  return answerOffline(userId, method, url, init);
};

/** Keeps the answers the offline answers start from. */
async function keep(
  userId: number,
  method: string,
  url: URL,
  response: Response,
  init: RequestInit,
): Promise<void> {
  try {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/cart') {
      const cart = (await response.json()) as CartResponse;
      await storeAnswer(userId, `cart:${cart.customerId}`, cart);
    } else if (method === 'POST' && path === '/api/cart/set-product-quantity') {
      const answer = (await response.json()) as SetProductQuantityResponse;
      await storeAnswer(userId, `cart:${answer.cart.customerId}`, answer.cart);
    } else if (method === 'GET' && path === ADDRESSES) {
      const addresses = (await response.json()) as ShippingAddress[];
      await storeAnswer(userId, `get:${path}`, addresses);
      // Whom the server says the user acts for (unless a choice made offline still waits).
      const current = addresses.find((address) => address.currentShippingAddress);
      const acting = await readActing(userId);
      if (current && !acting?.pending) await writeActing(userId, actingOf(current));
    } else if (method === 'POST' && path === SET_CURRENT) {
      const chosen = await storedAddress(userId, bodyOf(init).shippingAddressId);
      if (chosen) await chooseAddress(userId, chosen, false);
    } else if (method === 'GET' && KEPT_PER_CUSTOMER.includes(path)) {
      const value = (await response.json()) as unknown;
      const customerId =
        path === '/api/shipping-addresses/get-current-data-extended'
          ? (value as CurrentShippingData).customerId
          : (await readActing(userId))?.customerId;
      if (customerId !== undefined) await storeAnswer(userId, `get:${path}@${customerId}`, value);
    } else if (method === 'GET' && KEPT_READS.includes(path)) {
      await storeAnswer(userId, `get:${path}`, await response.json());
    }
  } catch {
    // Not kept: the offline answer uses the previous one.
  }
}

function bodyOf(init: RequestInit): Record<string, unknown> {
  try {
    const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as unknown;
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function actingOf(address: ShippingAddress, pending = false): ActingChoice {
  return { customerId: address.customerId, shippingAddressId: address.shippingAddressId, pending };
}

async function storedAddress(userId: number, id: unknown): Promise<ShippingAddress | undefined> {
  const addresses = (await storedAnswer<ShippingAddress[]>(userId, `get:${ADDRESSES}`)) ?? [];
  return addresses.find((address) => address.shippingAddressId === Number(id));
}

/** The address becomes the current one in the kept list, and its customer the one acted for. */
async function chooseAddress(userId: number, chosen: ShippingAddress, pending: boolean): Promise<void> {
  const addresses = (await storedAnswer<ShippingAddress[]>(userId, `get:${ADDRESSES}`)) ?? [];
  await storeAnswer(
    userId,
    `get:${ADDRESSES}`,
    addresses.map((address) => ({
      ...address,
      currentShippingAddress: address.shippingAddressId === chosen.shippingAddressId,
    })),
  );
  await writeActing(userId, actingOf(chosen, pending));
}

/** The cart as the queued changes left it (the server's last cart plus the changes since). */
async function localCart(
  userId: number,
  customerId: number,
  products: Map<string, Product>,
  now: Date,
): Promise<CartResponse> {
  let cart = (await storedCart(userId, customerId)) ?? emptyCart(customerId);
  for (const change of await queuedChanges(userId, customerId)) {
    const product = products.get(change.productSku);
    if (product) cart = withLine(cart, product, change.quantity, now);
  }
  return cart;
}

async function answerOffline(userId: number, method: string, url: URL, init: RequestInit): Promise<Response> {
  const path = url.pathname;
  if (method === 'GET' && path === ADDRESSES) {
    const kept = await storedAnswer(userId, `get:${path}`);
    return kept === undefined ? json(503, { error: 'ERR_OFFLINE' }) : json(200, kept);
  }
  if (method === 'POST' && path === SET_CURRENT) {
    // An agent switches to another customer: possible offline when that customer's catalogue is kept.
    const chosen = await storedAddress(userId, bodyOf(init).shippingAddressId);
    if (!chosen) return json(400, { error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
    const kept = await readMeta(userId, chosen.customerId);
    if (!kept?.complete) return json(503, { error: 'ERR_OFFLINE' });
    await chooseAddress(userId, chosen, true);
    return json(200, { data: true });
  }
  const meta = await actingCustomer(userId);
  if (!meta) return json(503, { error: 'ERR_OFFLINE' });
  const customerId = meta.customerId;
  const query = url.searchParams;
  const now = new Date();
  const list = await storedProducts(userId, customerId);
  if (method === 'GET' && (path === '/api/products/all' || path === '/api/products/ordered-products')) {
    if (query.get('inCart') === 'true') {
      const bySku = new Map(list.map((p) => [p.sku, p]));
      const cart = await localCart(userId, customerId, bySku, now);
      const inCart = new Set(cart.cartItemIds);
      return json(
        200,
        answerListing(
          query,
          list.filter((p) => inCart.has(p.sku)),
          now,
        ),
      );
    }
    return json(200, answerListing(query, list, now, path.endsWith('ordered-products')));
  }
  if (method === 'GET' && path === '/api/products/search') {
    return json(200, answerSearch(query, list, now));
  }
  if (method === 'GET' && path === '/api/categories') {
    const tree = await storedAnswer(userId, 'get:/categories');
    return tree ? json(200, tree) : json(503, { error: 'ERR_OFFLINE' });
  }
  if (method === 'GET' && path === '/api/categories/search') {
    const tree = await storedAnswer<CategoryTreeResponse>(userId, 'get:/categories');
    return json(200, answerCategorySearch(query, tree ?? { data: [] }));
  }
  if (method === 'GET' && path === '/api/cart') {
    const bySku = new Map(list.map((p) => [p.sku, p]));
    return json(200, await localCart(userId, customerId, bySku, now));
  }
  if (method === 'POST' && path === '/api/cart/set-product-quantity') {
    const body = bodyOf(init);
    const sku = typeof body.productSku === 'string' ? body.productSku.trim() : '';
    const requested = typeof body.quantity === 'number' ? body.quantity : NaN;
    const product = list.find((p) => p.sku === sku);
    if (!product) return json(404, { error: 'NOT_FOUND' });
    if (!Number.isInteger(requested) || requested < 0) return json(400, { error: 'ERR_VALIDATION' });
    // The shop's correction, by the shared rule on the stored stock; the server checks again.
    const correction = correctedQuantity(product, requested);
    // An agent's change remembers the address that selects the customer's cart (offline-store.ts flushQueue).
    const acting = isAgentToken(tokenOf(init)) ? await readActing(userId) : undefined;
    await queueChange(userId, {
      customerId,
      shippingAddressId: acting?.customerId === customerId ? acting.shippingAddressId : null,
      productSku: sku,
      quantity: correction.quantity,
      offlinePrice: correction.quantity > 0 ? lineOf(product, correction.quantity, now).currentPrice : null,
      at: now.toISOString(),
    });
    const bySku = new Map(list.map((p) => [p.sku, p]));
    const answer: SetProductQuantityResponse = {
      data: true,
      quantity: correction.quantity,
      warnings: correction.warnings,
      cart: await localCart(userId, customerId, bySku, now),
    };
    return json(200, answer);
  }
  if (method === 'GET' && KEPT_PER_CUSTOMER.includes(path)) {
    const kept = await storedAnswer(userId, `get:${path}@${customerId}`);
    if (kept !== undefined) return json(200, kept);
  }
  if (method === 'GET' && KEPT_READS.includes(path)) {
    const kept = await storedAnswer(userId, `get:${path}`);
    if (kept !== undefined) return json(200, kept);
  }
  return json(503, { error: 'ERR_OFFLINE' });
}

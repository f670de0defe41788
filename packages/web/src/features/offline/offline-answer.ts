import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import type { CategoryTreeResponse } from '@shop/shared/contracts/categories';
import type { Product } from '@shop/shared/contracts/products';
import type { FetchLike } from '../../lib/api-client';
import { answerCategorySearch, answerListing, answerSearch } from './offline-catalogue';
import { correctedQuantity, emptyCart, lineOf, withLine } from './offline-cart';
import {
  flushQueue,
  queuedChanges,
  queueChange,
  readMeta,
  storeAnswer,
  storedAnswer,
  storedCart,
  storedProducts,
} from './offline-store';
import { readFlag, userIdOfToken } from './offline-flag';

/**
 * The offline answerer (issue 19), behind the API client's fetch while a catalogue is kept on this
 * device (offline-fetch.ts). With a connection every call goes to the server; the answers of the
 * cart and of a few reads are kept for later, and queued cart changes go first, in order. Without
 * one (the browser says so, or the request fails to reach the server) the catalogue and cart calls
 * are answered from the stored data, in the server's shapes; any other call answers 503
 * ERR_OFFLINE (placing an order, for example, needs a connection).
 */

/** Reads whose last answer is kept and given back without a connection. */
const KEPT_READS = [
  '/api/auth/me',
  '/api/shop/state',
  '/api/shipping-addresses',
  '/api/shipping-addresses/get-current-data-extended',
  '/api/shipping-methods',
  '/api/payment-methods/available-for-customer',
  '/api/cart/comments',
  '/api/news/current',
];

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
      // Changes made offline reach the server before any newer change of the cart.
      if (isCartWrite(method, url.pathname)) await flushQueue({ token, language });
      const response = await fetch(input, init);
      if (response.ok) void keep(userId, method, url, response.clone());
      return response;
    } catch (error) {
      if (init.signal?.aborted) throw error;
      // The server cannot be reached: answer as without a connection.
    }
  }
  return answerOffline(userId, method, url, init);
};

/** Keeps the answers the offline answers start from. */
async function keep(userId: number, method: string, url: URL, response: Response): Promise<void> {
  try {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/cart') {
      await storeAnswer(userId, 'cart', await response.json());
    } else if (method === 'POST' && path === '/api/cart/set-product-quantity') {
      const answer = (await response.json()) as SetProductQuantityResponse;
      await storeAnswer(userId, 'cart', answer.cart);
    } else if (method === 'GET' && KEPT_READS.includes(path)) {
      await storeAnswer(userId, `get:${path}`, await response.json());
    }
  } catch {
    // Not kept: the offline answer uses the previous one.
  }
}

/** The cart as the queued changes left it (the server's last cart plus the changes since). */
async function localCart(userId: number, products: Map<string, Product>, now: Date): Promise<CartResponse> {
  const meta = await readMeta(userId);
  let cart = (await storedCart(userId)) ?? emptyCart(meta?.customerId ?? 0);
  for (const change of await queuedChanges(userId)) {
    const product = products.get(change.productSku);
    if (product) cart = withLine(cart, product, change.quantity, now);
  }
  return cart;
}

async function answerOffline(userId: number, method: string, url: URL, init: RequestInit): Promise<Response> {
  const meta = await readMeta(userId);
  if (!meta?.complete) return json(503, { error: 'ERR_OFFLINE' });
  const path = url.pathname;
  const query = url.searchParams;
  const now = new Date();
  const list = await storedProducts(userId);
  if (method === 'GET' && (path === '/api/products/all' || path === '/api/products/ordered-products')) {
    if (query.get('inCart') === 'true') {
      const bySku = new Map(list.map((p) => [p.sku, p]));
      const cart = await localCart(userId, bySku, now);
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
    return json(200, await localCart(userId, bySku, now));
  }
  if (method === 'POST' && path === '/api/cart/set-product-quantity') {
    const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
      productSku?: unknown;
      quantity?: unknown;
    };
    const sku = typeof body.productSku === 'string' ? body.productSku.trim() : '';
    const requested = typeof body.quantity === 'number' ? body.quantity : NaN;
    const product = list.find((p) => p.sku === sku);
    if (!product) return json(404, { error: 'NOT_FOUND' });
    if (!Number.isInteger(requested) || requested < 0) return json(400, { error: 'ERR_VALIDATION' });
    // The shop's correction, by the shared rule on the stored stock; the server checks again.
    const correction = correctedQuantity(product, requested);
    await queueChange(userId, {
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
      cart: await localCart(userId, bySku, now),
    };
    return json(200, answer);
  }
  if (method === 'GET' && KEPT_READS.includes(path)) {
    const kept = await storedAnswer(userId, `get:${path}`);
    if (kept !== undefined) return json(200, kept);
  }
  return json(503, { error: 'ERR_OFFLINE' });
}

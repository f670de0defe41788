import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import type { OfflineCatalogueResponse, OfflineProduct } from '@shop/shared/contracts/offline';
import { OFFLINE_KNOWN_MAX } from '@shop/shared/contracts/offline';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { normaliseErrorCode, type ErrorCode } from '@shop/shared/errors/error-codes';
import type { QuantityWarning } from '@shop/shared/rules/quantity-correction';
import { removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { deleteOfflineDatabase, offlineDatabase, type OfflineMeta, type QueuedChange } from './offline-db';
import { userIdOfToken, type OfflineFlag } from './offline-flag';

/**
 * Keeping the catalogue offline (issue 19): the first sync pages through `GET /api/offline/catalogue`
 * into IndexedDB with progress; later syncs send the stored ids and hashes to
 * `POST /api/offline/catalogue/changes` and store only what changed. Cart changes made offline wait
 * in a queue and are sent in order when the connection returns; the server's corrections are
 * published line by line for the page to show.
 */

/** A small observable value for the pages (useSyncExternalStore). */
function observable<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export interface SyncProgress {
  phase: 'idle' | 'full' | 'delta' | 'failed';
  /** Products stored (full) or checked (delta) so far. */
  done: number;
  /** Products to store, when known. */
  total: number | null;
  /** Products changed or removed by the last delta sync. */
  changed: number;
  error: ErrorCode | null;
}

export const syncProgress = observable<SyncProgress>({
  phase: 'idle',
  done: 0,
  total: null,
  changed: 0,
  error: null,
});

/** Bumped whenever the stored data changes (a sync, a removal, a queued change). */
export const storeRevision = observable(0);
const bump = () => storeRevision.set(storeRevision.get() + 1);

export interface Correction {
  sku: string;
  name: string;
  requested: number;
  /** What the server kept (0: the line is gone). */
  quantity: number;
  warnings: QuantityWarning[];
  /** The piece price shown offline and the one the server charges, when they differ. */
  offlinePrice: number | null;
  serverPrice: number | null;
  outOfStock: boolean;
  /** The server refused the change (e.g. the product is gone). */
  error: ErrorCode | null;
}

/** The corrections of the last replay of queued changes, for the page to show; null: none pending. */
export const corrections = observable<Correction[] | null>(null);

export interface ServerOptions {
  token: string;
  language: string;
}

class ServerError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
  ) {
    super(code);
  }
}

/** A call to the API with the user's token, past the offline answerer (plain fetch). */
async function server<T>(
  path: string,
  options: ServerOptions,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': options.language,
      Authorization: `Bearer ${options.token}`,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const payload = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) throw new ServerError(normaliseErrorCode(payload?.error), response.status);
  return payload as T;
}

export async function readMeta(userId: number): Promise<OfflineMeta | undefined> {
  return offlineDatabase(userId).meta.get('catalogue');
}

let productCache: { userId: number; revision: number; products: Promise<OfflineProduct[]> } | null = null;

/** The stored products in id order (kept in memory until the store changes). */
export function storedProducts(userId: number): Promise<OfflineProduct[]> {
  const revision = storeRevision.get();
  if (productCache?.userId !== userId || productCache.revision !== revision) {
    productCache = { userId, revision, products: offlineDatabase(userId).products.toArray() };
  }
  return productCache.products;
}

/** The stored answer of a read (`cart`, `get:/categories`, ...). */
export async function storedAnswer<T>(userId: number, key: string): Promise<T | undefined> {
  return (await offlineDatabase(userId).answers.get(key))?.value as T | undefined;
}

export async function storeAnswer(userId: number, key: string, value: unknown): Promise<void> {
  await offlineDatabase(userId).answers.put({ key, value });
}

export async function queuedChanges(userId: number): Promise<QueuedChange[]> {
  return offlineDatabase(userId).queue.orderBy('seq').toArray();
}

export async function queueChange(userId: number, change: QueuedChange): Promise<void> {
  await offlineDatabase(userId).queue.add(change);
  bump();
}

let running: Promise<void> | null = null;

/**
 * Brings the stored catalogue up to date: the whole catalogue the first time (or after the language
 * or the customer changed), else only what changed. One sync at a time.
 */
export function syncCatalogue(options: ServerOptions & { customerId?: number }): Promise<void> {
  running ??= runSync(options).finally(() => {
    running = null;
  });
  return running;
}

async function runSync(options: ServerOptions & { customerId?: number }): Promise<void> {
  const userId = userIdOfToken(options.token);
  if (userId === null) return;
  const db = offlineDatabase(userId);
  const meta = await db.meta.get('catalogue');
  const customerQuery = options.customerId !== undefined ? `&customerId=${options.customerId}` : '';
  try {
    const full =
      !meta ||
      !meta.complete ||
      meta.language !== options.language ||
      (options.customerId !== undefined && meta.customerId !== options.customerId);
    let answer: OfflineCatalogueResponse | null = null;
    if (full) {
      // The listing's count is the number of active products: the progress bar's end.
      const total = await server<ProductListResponse>('/products/all?productsPerPage=1', options)
        .then((listing) => listing.count)
        .catch(() => null);
      syncProgress.set({ phase: 'full', done: 0, total, changed: 0, error: null });
      await db.products.clear();
      let cursor: number | null = 0;
      let done = 0;
      while (cursor !== null) {
        answer = await server<OfflineCatalogueResponse>(
          `/offline/catalogue?limit=500&cursor=${cursor}${customerQuery}`,
          options,
        );
        await db.products.bulkPut(answer.products);
        done += answer.products.length;
        cursor = answer.next;
        syncProgress.set({ phase: 'full', done, total, changed: 0, error: null });
      }
    } else {
      const known = (await db.products.toArray()).map((p) => [p.id, p.hash] as [number, string]);
      syncProgress.set({ phase: 'delta', done: 0, total: known.length, changed: 0, error: null });
      let changed = 0;
      let checked = 0;
      // Chunks of the stored ids: (previous chunk's last id, this chunk's last id]; the last chunk
      // reaches to the end of the catalogue, for products newer than any stored.
      const chunks = Math.max(1, Math.ceil(known.length / OFFLINE_KNOWN_MAX));
      for (let chunk = 0; chunk < chunks; chunk += 1) {
        const part = known.slice(chunk * OFFLINE_KNOWN_MAX, (chunk + 1) * OFFLINE_KNOWN_MAX);
        const start = chunk === 0 ? 0 : known[chunk * OFFLINE_KNOWN_MAX - 1]![0];
        const through = chunk === chunks - 1 ? null : part[part.length - 1]![0];
        let after: number | null = start;
        while (after !== null) {
          const from: number = after;
          answer = await server<OfflineCatalogueResponse>('/offline/catalogue/changes', options, {
            method: 'POST',
            body: {
              ...(options.customerId !== undefined ? { customerId: options.customerId } : {}),
              after: from,
              through,
              known: part.filter(([id]) => id > from),
            },
          });
          await db.transaction('rw', db.products, async () => {
            if (answer!.products.length > 0) await db.products.bulkPut(answer!.products);
            if (answer!.removed.length > 0) await db.products.bulkDelete(answer!.removed);
          });
          changed += answer.products.length + answer.removed.length;
          after = answer.next;
        }
        checked += part.length;
        syncProgress.set({ phase: 'delta', done: checked, total: known.length, changed, error: null });
      }
    }
    const categories = await server<unknown>('/categories', options);
    await storeAnswer(userId, 'get:/categories', categories);
    if (answer) {
      await db.meta.put({
        key: 'catalogue',
        userId,
        customerId: answer.customerId,
        language: options.language,
        catalogueVersion: answer.catalogueVersion,
        syncedAt: answer.syncedAt,
        complete: true,
        products: await db.products.count(),
      });
    }
    writeStorage(STORAGE_KEYS.offlineCatalogue, JSON.stringify({ userId } satisfies OfflineFlag));
    // The pictures, in the background: the service worker's picture cache answers them offline.
    void keepPictures(await db.products.toArray());
    const last = syncProgress.get();
    syncProgress.set({ ...last, phase: 'idle', error: null });
  } catch (error) {
    syncProgress.set({
      ...syncProgress.get(),
      phase: 'failed',
      error: error instanceof ServerError ? error.code : 'ERR_NO_RES',
    });
  } finally {
    bump();
  }
}

/** The service worker's cache of product pictures (vite.config.ts). */
const PICTURE_CACHE = 'product-images';

/**
 * Puts the products' pictures into the service worker's picture cache, a few at a time, skipping the
 * ones it holds already. A picture that fails to load is left for the next sync.
 */
async function keepPictures(products: readonly OfflineProduct[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(PICTURE_CACHE);
    const urls = [...new Set(products.flatMap((p) => (p.image ? [p.image] : [])))];
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        if (await cache.match(url)) continue;
        await cache.add(url).catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  } catch {
    // No cache storage (a private window): pictures show when online only.
  }
}

/** Stops keeping the catalogue on this device: the store and the flag go. */
export async function removeOfflineCatalogue(userId: number): Promise<void> {
  removeStorage(STORAGE_KEYS.offlineCatalogue);
  await deleteOfflineDatabase(userId);
  syncProgress.set({ phase: 'idle', done: 0, total: null, changed: 0, error: null });
  bump();
}

let flushing: Promise<boolean> | null = null;

/**
 * Sends the queued cart changes in order. Each answer's corrections (a corrected quantity, a
 * different price, out of stock, a refusal) are collected and published in `corrections`. Stops
 * at the first failure to reach the server (the rest stay queued). Resolves true when anything was
 * sent.
 */
export function flushQueue(options: ServerOptions): Promise<boolean> {
  flushing ??= runFlush(options).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function runFlush(options: ServerOptions): Promise<boolean> {
  const userId = userIdOfToken(options.token);
  if (userId === null) return false;
  const db = offlineDatabase(userId);
  const queue = await db.queue.orderBy('seq').toArray();
  if (queue.length === 0) return false;
  const found: Correction[] = [];
  let sent = false;
  for (const change of queue) {
    const product = await db.products.where('sku').equals(change.productSku).first();
    const name = product?.productDetails[0]?.name ?? change.productSku;
    const base = {
      sku: change.productSku,
      name,
      requested: change.quantity,
      offlinePrice: change.offlinePrice,
    };
    try {
      const answer = await server<SetProductQuantityResponse>('/cart/set-product-quantity', options, {
        method: 'POST',
        body: { productSku: change.productSku, quantity: change.quantity },
      });
      await storeAnswer(userId, 'cart', answer.cart);
      const line = answer.cart.cartItems.find((item) => item.product.sku === change.productSku);
      const serverPrice = line?.currentPrice ?? null;
      const priceChanged =
        line !== undefined && change.offlinePrice !== null && serverPrice !== change.offlinePrice;
      const outOfStock =
        line !== undefined && (!line.orderable || line.product.stockStatus === 'out_of_stock');
      if (answer.quantity !== change.quantity || answer.warnings.length > 0 || priceChanged || outOfStock) {
        found.push({
          ...base,
          quantity: answer.quantity,
          warnings: answer.warnings,
          serverPrice: priceChanged ? serverPrice : change.offlinePrice,
          outOfStock,
          error: null,
        });
      }
    } catch (error) {
      if (!(error instanceof ServerError) || error.status >= 500) break;
      found.push({
        ...base,
        quantity: 0,
        warnings: [],
        serverPrice: null,
        outOfStock: false,
        error: error.code,
      });
    }
    await db.queue.delete(change.seq!);
    sent = true;
  }
  bump();
  if (found.length > 0) corrections.set(found);
  return sent;
}

/** The cart to show offline: the server's last, else an empty one of the customer. */
export async function storedCart(userId: number): Promise<CartResponse | undefined> {
  return storedAnswer<CartResponse>(userId, 'cart');
}

import type { CartResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import type { OfflineCatalogueResponse, OfflineProduct } from '@shop/shared/contracts/offline';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import { OFFLINE_KNOWN_MAX } from '@shop/shared/contracts/offline';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { normaliseErrorCode, type ErrorCode } from '@shop/shared/errors/error-codes';
import type { QuantityWarning } from '@shop/shared/rules/quantity-correction';
import {
  deleteOfflineDatabase,
  joinProduct,
  metaKey,
  offlineDatabase,
  splitProduct,
  type ActingChoice,
  type OfflineDatabase,
  type OfflineMeta,
  type QueuedChange,
} from './offline-db';
import { userIdOfToken, writeFlag } from './offline-flag';

/**
 * Keeping the catalogue offline (issue 19), for one customer or, for an agent, for several of its
 * customers (each synced on its own, products stored once, prices per customer; offline-db.ts): the
 * first sync pages through `GET /api/offline/catalogue?customerId=` into IndexedDB with progress; later syncs send the stored ids and hashes to
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
  /** The customer being synced (or last synced). */
  customerId: number | null;
  /** Products stored (full) or checked (delta) so far. */
  done: number;
  /** Products to store, when known. */
  total: number | null;
  /** Products changed or removed by the last delta sync. */
  changed: number;
  error: ErrorCode | null;
}

const IDLE: SyncProgress = { phase: 'idle', customerId: null, done: 0, total: null, changed: 0, error: null };

export const syncProgress = observable<SyncProgress>(IDLE);

/** Bumped whenever the stored data changes (a sync, a removal, a queued change). */
export const storeRevision = observable(0);
const bump = () => storeRevision.set(storeRevision.get() + 1);

export interface Correction {
  sku: string;
  name: string;
  /** The customer whose cart it is (an agent's changes may be for several). */
  customerId: number;
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

/**
 * How long one call to the server may take, answer and body, before it is given up. A phone's
 * connection can stall without failing (weak signal on the shop floor): a call that never settles
 * would hold the sync queue (`syncCatalogue`) for good, and the page would show the progress of a
 * sync that never ends. Given up, the sync fails with ERR_NO_RES and can be started again. A chunk
 * of 500 products is about 0.5 MB: a minute is enough on a slow mobile connection.
 */
export const SERVER_CALL_TIMEOUT_MS = 60_000;

/** A call to the API with the user's token, past the offline answerer (plain fetch). */
async function server<T>(
  path: string,
  options: ServerOptions,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  // A timer of the page rather than AbortSignal.timeout: the journey's clock (Playwright's) moves it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SERVER_CALL_TIMEOUT_MS);
  try {
    const response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': options.language,
        Authorization: `Bearer ${options.token}`,
      },
      signal: controller.signal,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const payload = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (controller.signal.aborted) throw new Error('the call was given up');
    if (!response.ok) throw new ServerError(normaliseErrorCode(payload?.error), response.status);
    return payload as T;
  } finally {
    clearTimeout(timer);
  }
}

/** The stored catalogue of one customer. */
export async function readMeta(userId: number, customerId: number): Promise<OfflineMeta | undefined> {
  return offlineDatabase(userId).meta.get(metaKey(customerId));
}

/** Every customer whose catalogue this device keeps (complete or not), by customer id. */
export async function readMetas(userId: number): Promise<OfflineMeta[]> {
  const metas = await offlineDatabase(userId).meta.toArray();
  return metas.filter((meta) => meta.key.startsWith('customer:')).sort((a, b) => a.customerId - b.customerId);
}

export async function readActing(userId: number): Promise<ActingChoice | undefined> {
  return storedAnswer<ActingChoice>(userId, 'acting');
}

export async function writeActing(userId: number, acting: ActingChoice): Promise<void> {
  await storeAnswer(userId, 'acting', acting);
  bump();
}

/**
 * The customer the offline answers are for: whom the user acts for, when its catalogue is kept;
 * without a known choice, the only kept customer. Null: nothing to answer from.
 */
export async function actingCustomer(userId: number): Promise<OfflineMeta | null> {
  const [acting, metas] = await Promise.all([readActing(userId), readMetas(userId)]);
  const complete = metas.filter((meta) => meta.complete);
  if (acting) return complete.find((meta) => meta.customerId === acting.customerId) ?? null;
  return complete.length === 1 ? complete[0]! : null;
}

let productCache: {
  userId: number;
  customerId: number;
  revision: number;
  products: Promise<OfflineProduct[]>;
} | null = null;

/** One customer's stored products in id order (kept in memory until the store changes). */
export function storedProducts(userId: number, customerId: number): Promise<OfflineProduct[]> {
  const revision = storeRevision.get();
  if (
    productCache?.userId !== userId ||
    productCache.customerId !== customerId ||
    productCache.revision !== revision
  ) {
    productCache = { userId, customerId, revision, products: joinedProducts(userId, customerId) };
  }
  return productCache.products;
}

async function joinedProducts(userId: number, customerId: number): Promise<OfflineProduct[]> {
  const db = offlineDatabase(userId);
  const [items, own] = await Promise.all([
    db.items.toArray(),
    db.prices.where('customerId').equals(customerId).toArray(),
  ]);
  const pricesOf = new Map(own.map((row) => [row.id, row]));
  const products: OfflineProduct[] = [];
  for (const item of items) {
    const row = pricesOf.get(item.id);
    if (row) products.push(joinProduct(item, row));
  }
  return products;
}

/** The stored answer of a read (`cart:<customerId>`, `get:/categories`, ...). */
export async function storedAnswer<T>(userId: number, key: string): Promise<T | undefined> {
  return (await offlineDatabase(userId).answers.get(key))?.value as T | undefined;
}

export async function storeAnswer(userId: number, key: string, value: unknown): Promise<void> {
  await offlineDatabase(userId).answers.put({ key, value });
}

/** The queued cart changes in order: all of them, or one customer's. */
export async function queuedChanges(userId: number, customerId?: number): Promise<QueuedChange[]> {
  const queue = await offlineDatabase(userId).queue.orderBy('seq').toArray();
  return customerId === undefined ? queue : queue.filter((change) => change.customerId === customerId);
}

export async function queueChange(userId: number, change: QueuedChange): Promise<void> {
  await offlineDatabase(userId).queue.add(change);
  bump();
}

export interface SyncOptions extends ServerOptions {
  /** Whose prices: the customer's own id, or one of the agent's customers. */
  customerId: number;
}

let syncs: Promise<void> = Promise.resolve();
const waiting = new Map<number, Promise<void>>();

/**
 * Brings one customer's stored catalogue up to date: the whole catalogue the first time (or after
 * the language changed), else only what changed. Syncs run one after the other; asking again for a
 * customer that is already waiting joins its turn.
 */
export function syncCatalogue(options: SyncOptions): Promise<void> {
  const queued = waiting.get(options.customerId);
  if (queued) return queued;
  const turn = syncs.then(() => {
    waiting.delete(options.customerId);
    return runSync(options);
  });
  waiting.set(options.customerId, turn);
  syncs = turn.catch(() => undefined);
  return turn;
}

/**
 * The customers whose catalogue this page has synced to the end, with the language of that sync
 * (`<userId>:<customerId>` → language).
 */
const syncedHere = new Map<string, string>();
const syncedKey = (userId: number, customerId: number) => `${userId}:${customerId}`;

/**
 * Syncs every customer kept on this device (the delta, normally), one after the other.
 * `skipSyncedHere`: not the customers this page has already synced in this language (the offline
 * session starting right after the first "keep offline" would otherwise compare the whole
 * catalogue again at once, and its sync would take the changes the user's "update now" is about).
 */
export async function syncKept(
  options: ServerOptions,
  { skipSyncedHere = false }: { skipSyncedHere?: boolean } = {},
): Promise<void> {
  const userId = userIdOfToken(options.token);
  if (userId === null) return;
  const metas = await readMetas(userId);
  const due = skipSyncedHere
    ? metas.filter((meta) => syncedHere.get(syncedKey(userId, meta.customerId)) !== options.language)
    : metas;
  await Promise.all(due.map((meta) => syncCatalogue({ ...options, customerId: meta.customerId })));
}

/**
 * Runs one phase of a sync as a user-timing measure `offline-sync:<phase>` (the browser's performance
 * timeline: bench:offline reports where a sync's time goes from these).
 */
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    measureSince(phase, start);
  }
}

function measureSince(phase: string, start: number): void {
  performance.measure(`offline-sync:${phase}`, { start, end: performance.now() });
}

/** JSON size of rows, for the storage figures of the offline page. */
function jsonBytes(rows: readonly unknown[]): number {
  let bytes = 0;
  for (const row of rows) bytes += JSON.stringify(row).length;
  return bytes;
}

/**
 * The id and hash of every stored product of the customer: its fingerprints record, one read. A
 * store kept before the record existed (offline-db.ts version 3) has none: then it is made from the
 * customer's price rows, once.
 */
async function storedHashes(db: OfflineDatabase, customerId: number): Promise<Map<number, string>> {
  const record = await db.fingerprints.get(customerId);
  if (record) return record.hashes;
  return db.transaction('rw', db.prices, db.fingerprints, async () => {
    const own = await db.prices.where('customerId').equals(customerId).toArray();
    const hashes = new Map(own.map((row) => [row.id, row.hash]));
    await db.fingerprints.put({ customerId, hashes });
    return hashes;
  });
}

async function runSync(options: SyncOptions): Promise<void> {
  const started = performance.now();
  const userId = userIdOfToken(options.token);
  if (userId === null) return;
  const { customerId } = options;
  const db = offlineDatabase(userId);
  const meta = await db.meta.get(metaKey(customerId));
  const pictures: { image: string | null }[] = [];
  let removedAny = false;
  // The id and hash of every stored product of the customer, as the fingerprints record holds them.
  let hashes = new Map<number, string>();
  /**
   * One server answer into the store in one transaction: the products' shared parts and prices in
   * two bulk writes, the removed ones in one bulk delete, and the fingerprints record. An answer
   * without changes writes nothing.
   */
  const store = async (products: readonly OfflineProduct[], removed: readonly number[]) => {
    if (products.length === 0 && removed.length === 0) return;
    const parts = products.map((product) => splitProduct(product, customerId));
    for (const product of products) pictures.push({ image: product.image });
    if (removed.length > 0) removedAny = true;
    const next = new Map(hashes);
    for (const product of products) next.set(product.id, product.hash);
    for (const id of removed) next.delete(id);
    await db.transaction('rw', db.items, db.prices, db.fingerprints, async () => {
      if (parts.length > 0) {
        await db.items.bulkPut(parts.map(([item]) => item));
        await db.prices.bulkPut(parts.map(([, own]) => own));
      }
      if (removed.length > 0) {
        await db.prices.bulkDelete(removed.map((id) => [customerId, id]) as never[]);
      }
      await db.fingerprints.put({ customerId, hashes: next });
    });
    hashes = next;
  };
  try {
    const full = !meta || !meta.complete || meta.language !== options.language;
    // The category tree is read while the products are (it is stored once they are).
    const categories = server<unknown>('/categories', options);
    categories.catch(() => undefined);
    let answer: OfflineCatalogueResponse | null = null;
    if (full) {
      // The listing's count is the number of active products: the progress bar's end.
      const total = await server<ProductListResponse>('/products/all?productsPerPage=1', options)
        .then((listing) => listing.count)
        .catch(() => null);
      syncProgress.set({ phase: 'full', customerId, done: 0, total, changed: 0, error: null });
      await db.meta.put({
        key: metaKey(customerId),
        userId,
        customerId,
        language: options.language,
        catalogueVersion: '',
        syncedAt: new Date(0).toISOString(),
        complete: false,
        products: 0,
        bytes: 0,
      });
      await db.transaction('rw', db.prices, db.fingerprints, async () => {
        await db.prices.where('customerId').equals(customerId).delete();
        await db.fingerprints.delete(customerId);
      });
      let cursor: number | null = 0;
      let done = 0;
      while (cursor !== null) {
        answer = await server<OfflineCatalogueResponse>(
          `/offline/catalogue?limit=500&cursor=${cursor}&customerId=${customerId}`,
          options,
        );
        await store(answer.products, []);
        done += answer.products.length;
        cursor = answer.next;
        syncProgress.set({ phase: 'full', customerId, done, total, changed: 0, error: null });
      }
    } else {
      hashes = await timed('read-known', () => storedHashes(db, customerId));
      const known = [...hashes].sort((a, b) => a[0] - b[0]);
      syncProgress.set({ phase: 'delta', customerId, done: 0, total: known.length, changed: 0, error: null });
      let changed = 0;
      let checked = 0;
      // Chunks of the stored ids: (previous chunk's last id, this chunk's last id]; the last chunk
      // reaches to the end of the catalogue, for products newer than any stored. Two chunks are asked
      // at a time: while the server compares one, the page receives and stores the other's answer.
      // The answers are stored one after the other, each in one transaction.
      const chunks = Math.max(1, Math.ceil(known.length / OFFLINE_KNOWN_MAX));
      let nextChunk = 0;
      let failed = false;
      let storing: Promise<void> = Promise.resolve();
      const storeInTurn = (products: readonly OfflineProduct[], removed: readonly number[]) => {
        const turn = storing.then(() => timed('store', () => store(products, removed)));
        storing = turn.catch(() => undefined);
        return turn;
      };
      const askChunks = async () => {
        while (nextChunk < chunks && !failed) {
          const chunk = nextChunk;
          nextChunk += 1;
          const part = known.slice(chunk * OFFLINE_KNOWN_MAX, (chunk + 1) * OFFLINE_KNOWN_MAX);
          const start = chunk === 0 ? 0 : known[chunk * OFFLINE_KNOWN_MAX - 1]![0];
          const through = chunk === chunks - 1 ? null : part[part.length - 1]![0];
          let after: number | null = start;
          while (after !== null && !failed) {
            const from: number = after;
            const got: OfflineCatalogueResponse = await timed('request', () =>
              server<OfflineCatalogueResponse>('/offline/catalogue/changes', options, {
                method: 'POST',
                body: { customerId, after: from, through, known: part.filter(([id]) => id > from) },
              }),
            );
            await storeInTurn(got.products, got.removed);
            answer = got;
            changed += got.products.length + got.removed.length;
            after = got.next;
          }
          checked += part.length;
          syncProgress.set({
            phase: 'delta',
            customerId,
            done: checked,
            total: known.length,
            changed,
            error: null,
          });
        }
      };
      // The first failure stops both; the sync fails with it once neither writes any more.
      const asked = await Promise.allSettled(
        [askChunks(), askChunks()].map((work) =>
          work.catch((error: unknown) => {
            failed = true;
            throw error;
          }),
        ),
      );
      for (const result of asked) if (result.status === 'rejected') throw result.reason;
    }
    const finishing = performance.now();
    // Sizes are measured on a full sync (or when products went); a delta sync keeps the figures.
    if (full || removedAny) await dropUnpricedItems(userId);
    await storeAnswer(userId, 'get:/categories', await categories);
    // The first time: the addresses, whom the user acts for and its cart (later the answerer keeps
    // them whenever the app reads them online; the delta sync stays short).
    if (full) await keepActing(userId, options);
    if (answer) {
      const count = hashes.size;
      const bytes =
        full || !meta
          ? jsonBytes(await db.prices.where('customerId').equals(customerId).toArray())
          : Math.round((meta.bytes / Math.max(1, meta.products)) * count);
      await db.meta.put({
        key: metaKey(customerId),
        userId,
        customerId,
        language: options.language,
        catalogueVersion: answer.catalogueVersion,
        syncedAt: answer.syncedAt,
        complete: true,
        products: count,
        bytes,
      });
    }
    measureSince('finish', finishing);
    measureSince(full ? 'full' : 'delta', started);
    syncedHere.set(syncedKey(userId, customerId), options.language);
    writeFlag({ userId });
    // The pictures of what was stored, in the background: the worker's picture cache answers them offline.
    void keepPictures(pictures);
    const last = syncProgress.get();
    syncProgress.set({ ...last, phase: 'idle', error: null });
  } catch (error) {
    syncProgress.set({
      ...syncProgress.get(),
      customerId,
      phase: 'failed',
      error: error instanceof ServerError ? error.code : 'ERR_NO_RES',
    });
  } finally {
    bump();
  }
}

/**
 * Keeps the shipping addresses (an agent's picker offline), whom the user acts for (unless a choice
 * made offline still waits) and that customer's cart, for the answers without a connection.
 */
async function keepActing(userId: number, options: ServerOptions): Promise<void> {
  const addresses = await server<ShippingAddress[]>('/shipping-addresses', options).catch(() => null);
  if (!addresses) return;
  await storeAnswer(userId, 'get:/api/shipping-addresses', addresses);
  const current = addresses.find((address) => address.currentShippingAddress);
  const acting = await readActing(userId);
  if (current && !acting?.pending) {
    await storeAnswer(userId, 'acting', {
      customerId: current.customerId,
      shippingAddressId: current.shippingAddressId,
      pending: false,
    } satisfies ActingChoice);
  }
  const cart = await server<CartResponse>('/cart', options).catch(() => null);
  if (cart) await storeAnswer(userId, `cart:${cart.customerId}`, cart);
}

/** Products no kept customer sees any more (removed, or their customer removed) leave the store. */
async function dropUnpricedItems(userId: number): Promise<void> {
  const db = offlineDatabase(userId);
  await db.transaction('rw', db.items, db.prices, db.answers, async () => {
    const priced = new Set<number>();
    await db.prices.each((row) => {
      priced.add(row.id);
    });
    const ids = (await db.items.toCollection().primaryKeys()) as number[];
    const unpriced = ids.filter((id) => !priced.has(id));
    if (unpriced.length > 0) await db.items.bulkDelete(unpriced);
    const items = await db.items.toArray();
    await db.answers.put({ key: 'shared-size', value: { products: items.length, bytes: jsonBytes(items) } });
  });
}

/** The shared product data on this device (names, pack sizes, stock, pictures' addresses). */
export async function sharedSize(userId: number): Promise<{ products: number; bytes: number }> {
  return (
    (await storedAnswer<{ products: number; bytes: number }>(userId, 'shared-size')) ?? {
      products: 0,
      bytes: 0,
    }
  );
}

/** The service worker's cache of product pictures (vite.config.ts). */
const PICTURE_CACHE = 'product-images';

/**
 * Puts the products' pictures into the service worker's picture cache, a few at a time, skipping the
 * ones it holds already. A picture that fails to load is left for the next sync.
 */
async function keepPictures(products: readonly { image: string | null }[]): Promise<void> {
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
  writeFlag(null);
  for (const key of syncedHere.keys()) if (key.startsWith(`${userId}:`)) syncedHere.delete(key);
  await deleteOfflineDatabase(userId);
  syncProgress.set(IDLE);
  bump();
}

/**
 * Stops keeping one customer's catalogue (an agent with several): its prices, its state and its
 * stored cart go, and the products no other kept customer sees. The last customer removes the store.
 * Refused (false) while changes for the customer wait to be sent.
 */
export async function removeCustomer(userId: number, customerId: number): Promise<boolean> {
  if ((await queuedChanges(userId, customerId)).length > 0) return false;
  const others = (await readMetas(userId)).filter((meta) => meta.customerId !== customerId);
  if (others.length === 0) {
    await removeOfflineCatalogue(userId);
    return true;
  }
  const db = offlineDatabase(userId);
  await db.transaction('rw', db.prices, db.fingerprints, db.meta, db.answers, async () => {
    await db.prices.where('customerId').equals(customerId).delete();
    await db.fingerprints.delete(customerId);
    await db.meta.delete(metaKey(customerId));
    await db.answers.delete(`cart:${customerId}`);
  });
  syncedHere.delete(syncedKey(userId, customerId));
  await dropUnpricedItems(userId);
  bump();
  return true;
}

let flushing: Promise<boolean> | null = null;

/** Makes the address the server's current one; its refusal (4xx) is returned, other failures thrown. */
async function chooseOnServer(
  shippingAddressId: number,
  options: ServerOptions,
): Promise<ServerError | null> {
  try {
    await server('/shipping-addresses/set-current', options, { method: 'POST', body: { shippingAddressId } });
    return null;
  } catch (error) {
    if (error instanceof ServerError && error.status < 500) return error;
    throw error;
  }
}

/**
 * Sends the queued cart changes in order. An agent's changes go to the cart of the customer they
 * were made for: before each run of changes for another customer its shipping address becomes the
 * current one again, and at the end the address the agent chose last (offline, or before the
 * replay) is the current one. Each answer's corrections (a corrected quantity, a different price,
 * out of stock, a refusal) are collected and published in `corrections`. Stops at the first failure
 * to reach the server (the rest stay queued). Resolves true when anything was sent.
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
  const acting = await readActing(userId);
  if (queue.length === 0 && !acting?.pending) return false;
  const found: Correction[] = [];
  let sent = false;
  let reachable = true;
  /** The address the server holds as current, as far as this replay knows (null: not changed by it). */
  let serverAddress: number | null = null;
  const refusedAddresses = new Map<number, ServerError>();
  for (const change of queue) {
    const product = await db.items.where('sku').equals(change.productSku).first();
    const name = product?.productDetails[0]?.name ?? change.productSku;
    const base = {
      sku: change.productSku,
      name,
      customerId: change.customerId,
      requested: change.quantity,
      offlinePrice: change.offlinePrice,
    };
    try {
      const address = change.shippingAddressId;
      if (address !== null && address !== serverAddress) {
        // The agent's cart of that customer: its address first (a refused address refuses its changes).
        const refusal = refusedAddresses.get(address) ?? (await chooseOnServer(address, options));
        if (refusal) {
          refusedAddresses.set(address, refusal);
          throw refusal;
        }
        serverAddress = address;
      }
      const answer = await server<SetProductQuantityResponse>('/cart/set-product-quantity', options, {
        method: 'POST',
        body: { productSku: change.productSku, quantity: change.quantity },
      });
      await storeAnswer(userId, `cart:${answer.cart.customerId}`, answer.cart);
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
      if (!(error instanceof ServerError) || error.status >= 500) {
        reachable = false;
        break;
      }
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
  // The customer the agent acts for now: the one it chose last.
  if (reachable && acting?.shippingAddressId != null && (acting.pending || serverAddress !== null)) {
    if (serverAddress !== acting.shippingAddressId) {
      await server('/shipping-addresses/set-current', options, {
        method: 'POST',
        body: { shippingAddressId: acting.shippingAddressId },
      }).catch(() => undefined);
    }
    await storeAnswer(userId, 'acting', { ...acting, pending: false } satisfies ActingChoice);
    sent = true;
  }
  bump();
  if (found.length > 0) corrections.set(found);
  return sent;
}

/** The cart to show offline for a customer: the server's last. */
export async function storedCart(userId: number, customerId: number): Promise<CartResponse | undefined> {
  return storedAnswer<CartResponse>(userId, `cart:${customerId}`);
}

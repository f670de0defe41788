import type { Product } from '@shop/shared/contracts/products';

/**
 * The client product cache (docs/product.md §§4 and 9): at most 1000 products; when a new entry would
 * make it larger, the 100 oldest entries are dropped; an entry is valid for 1 hour after it was
 * stored. "Oldest" means stored longest ago: storing a product again refreshes it (it moves to the
 * young end and its hour starts again); reading does not. Expired entries are removed when read.
 *
 * The listing stores every product it shows, so the product dialog opens at once with the data of
 * the box that was clicked. Keys carry the language and the viewer (see productCacheKey), because
 * names and prices depend on both.
 */
export const PRODUCT_CACHE_MAX_ENTRIES = 1000;
export const PRODUCT_CACHE_DROP_COUNT = 100;
export const PRODUCT_CACHE_TTL_MS = 60 * 60 * 1000;

export interface CacheEntry<T> {
  value: T;
  /** When it was stored, in ms since the epoch (of the injected clock). */
  storedAt: number;
}

export interface ProductCacheOptions {
  maxEntries?: number;
  dropCount?: number;
  ttlMs?: number;
  /** The clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

export interface ProductCache<T> {
  /** The value if present and younger than the time to live. */
  get(key: string): T | undefined;
  /** The entry with its storage time if present and valid. */
  getEntry(key: string): CacheEntry<T> | undefined;
  set(key: string, value: T): void;
  setMany(entries: Iterable<readonly [string, T]>): void;
  delete(key: string): void;
  clear(): void;
  /** Entries held, including expired ones not yet read. */
  readonly size: number;
}

export function createProductCache<T>(options: ProductCacheOptions = {}): ProductCache<T> {
  const maxEntries = options.maxEntries ?? PRODUCT_CACHE_MAX_ENTRIES;
  const dropCount = Math.max(1, options.dropCount ?? PRODUCT_CACHE_DROP_COUNT);
  const ttlMs = options.ttlMs ?? PRODUCT_CACHE_TTL_MS;
  const now = options.now ?? (() => Date.now());
  // A Map keeps insertion order: the first entries are the oldest.
  const entries = new Map<string, CacheEntry<T>>();

  function dropOldest(): void {
    let dropped = 0;
    for (const key of entries.keys()) {
      if (dropped >= dropCount) break;
      entries.delete(key);
      dropped += 1;
    }
  }

  function set(key: string, value: T): void {
    entries.delete(key);
    if (entries.size >= maxEntries) dropOldest();
    entries.set(key, { value, storedAt: now() });
  }

  function getEntry(key: string): CacheEntry<T> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    get: (key) => getEntry(key)?.value,
    getEntry,
    set,
    setMany(items) {
      for (const [key, value] of items) set(key, value);
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/** Names depend on the language and prices on the viewer: both are part of the key. */
export function productCacheKey(sku: string, language: string, viewer: string | number | null): string {
  return `${language}|${viewer ?? 'anonymous'}|${sku}`;
}

/** The shop's product cache. */
export const productCache = createProductCache<Product>();

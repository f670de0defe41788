// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createProductCache,
  PRODUCT_CACHE_DROP_COUNT,
  PRODUCT_CACHE_MAX_ENTRIES,
  PRODUCT_CACHE_TTL_MS,
  productCacheKey,
} from './product-cache';

function clock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('product cache', () => {
  it('has the limits of docs/product.md §9', () => {
    expect(PRODUCT_CACHE_MAX_ENTRIES).toBe(1000);
    expect(PRODUCT_CACHE_DROP_COUNT).toBe(100);
    expect(PRODUCT_CACHE_TTL_MS).toBe(3_600_000);
  });

  it('returns what was stored, with its storage time', () => {
    const time = clock();
    const cache = createProductCache<string>({ now: time.now });
    cache.set('a', 'alma');
    time.advance(5);
    expect(cache.get('a')).toBe('alma');
    expect(cache.getEntry('a')).toEqual({ value: 'alma', storedAt: 1_000_000 });
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps 1000 products; the 1001st drops the oldest 100', () => {
    const cache = createProductCache<number>();
    for (let i = 0; i < 1000; i += 1) cache.set(`p${i}`, i);
    expect(cache.size).toBe(1000);
    expect(cache.get('p0')).toBe(0);

    cache.set('p1000', 1000);
    expect(cache.size).toBe(901);
    for (let i = 0; i < 100; i += 1) expect(cache.get(`p${i}`)).toBeUndefined();
    expect(cache.get('p100')).toBe(100);
    expect(cache.get('p999')).toBe(999);
    expect(cache.get('p1000')).toBe(1000);
  });

  it('storing a product again refreshes it, so it is not among the oldest', () => {
    const cache = createProductCache<number>({ maxEntries: 5, dropCount: 2 });
    for (let i = 0; i < 5; i += 1) cache.set(`p${i}`, i);
    cache.set('p0', 10);
    expect(cache.size).toBe(5);
    cache.set('p5', 5);
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p2')).toBeUndefined();
    expect(cache.get('p0')).toBe(10);
    expect(cache.size).toBe(4);
  });

  it('reading does not refresh: a read entry is still dropped first', () => {
    const cache = createProductCache<number>({ maxEntries: 3, dropCount: 1 });
    cache.setMany([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
  });

  it('an entry is valid for 1 hour after it was stored', () => {
    const time = clock();
    const cache = createProductCache<string>({ now: time.now });
    cache.set('a', 'alma');
    time.advance(PRODUCT_CACHE_TTL_MS - 1);
    expect(cache.get('a')).toBe('alma');
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('storing again restarts the hour', () => {
    const time = clock();
    const cache = createProductCache<string>({ now: time.now });
    cache.set('a', 'old');
    time.advance(50 * 60 * 1000);
    cache.set('a', 'new');
    time.advance(50 * 60 * 1000);
    expect(cache.get('a')).toBe('new');
  });

  it('delete and clear', () => {
    const cache = createProductCache<number>();
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys differ by language and viewer', () => {
    expect(productCacheKey('NK1', 'hu', null)).toBe('hu|anonymous|NK1');
    expect(productCacheKey('NK1', 'en', 42)).toBe('en|42|NK1');
    expect(productCacheKey('NK1', 'hu', 42)).not.toBe(productCacheKey('NK1', 'hu', null));
  });
});

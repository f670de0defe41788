import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRODUCTS_PER_PAGE,
  MAX_SELECTED_MANUFACTURERS,
  PRODUCTS_PER_PAGE_VALUES,
} from '@shop/shared/contracts/products';
import {
  DEFAULT_PPP,
  MAX_MANUFACTURERS,
  PRODUCTS_PER_PAGE_OPTIONS,
  parseManufacturers,
  parsePage,
  parsePpp,
  readListingParams,
  rememberPpp,
  storedPpp,
  withListingParams,
} from './listing-params';

describe('listing params', () => {
  it('uses the values of the products contract', () => {
    expect(PRODUCTS_PER_PAGE_OPTIONS).toEqual(PRODUCTS_PER_PAGE_VALUES);
    expect(DEFAULT_PPP).toBe(DEFAULT_PRODUCTS_PER_PAGE);
    expect(MAX_MANUFACTURERS).toBe(MAX_SELECTED_MANUFACTURERS);
  });

  it('accepts only 1, 50, 100 and 99999 as page size', () => {
    expect([1, 50, 100, 99999].map((value) => parsePpp(String(value)))).toEqual([1, 50, 100, 99999]);
    for (const value of [
      '',
      '0',
      '2',
      '49',
      '51',
      '1000',
      '100000',
      'abc',
      '50abc',
      '1e2',
      '-50',
      '50.0',
      null,
    ]) {
      expect(parsePpp(value)).toBeNull();
    }
  });

  it('remembers the page size in localStorage under productsPerPage (default 50)', () => {
    expect(storedPpp()).toBe(50);
    rememberPpp(100);
    expect(localStorage.getItem('productsPerPage')).toBe('100');
    expect(storedPpp()).toBe(100);
    localStorage.setItem('productsPerPage', '30');
    expect(storedPpp()).toBe(50);
  });

  it('reads a page number, 1 for anything else', () => {
    expect(parsePage('7')).toBe(7);
    for (const value of [null, '', '0', '-1', '1.5', 'x', '999999999']) expect(parsePage(value)).toBe(1);
  });

  it('reads manufacturer slugs without empties, repeats or odd characters', () => {
    expect(parseManufacturers(' alfa , ,beta,alfa,<x>,12')).toEqual(['alfa', 'beta', '12']);
    expect(parseManufacturers(null)).toEqual([]);
  });

  it('the URL page size wins over the remembered one; a bad one falls back to it', () => {
    rememberPpp(100);
    expect(readListingParams(new URLSearchParams('ppp=1&page=3&manufacturers=a,b'))).toEqual({
      page: 3,
      ppp: 1,
      manufacturers: ['a', 'b'],
    });
    expect(readListingParams(new URLSearchParams('ppp=7')).ppp).toBe(100);
  });

  it('writes page, ppp and manufacturers, leaving out page 1 and an empty filter', () => {
    const base = new URLSearchParams('product=KV-1&page=4&manufacturers=a');
    expect(withListingParams(base, { page: 2, ppp: 50 }).toString()).toBe(
      'product=KV-1&page=2&manufacturers=a&ppp=50',
    );
    expect(withListingParams(base, { page: 1, manufacturers: [] }).toString()).toBe('product=KV-1');
    expect(withListingParams(base, { manufacturers: ['a', 'b'] }).get('manufacturers')).toBe('a,b');
    expect(base.toString()).toBe('product=KV-1&page=4&manufacturers=a');
  });
});

import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../components/product/product.fixture';
import { createApiClient } from '../../../lib/api-client';
import { createToastStore } from '../../../lib/toast-store';
import { markInitialSearchUsed, unusedInitialSearch, type InitialSearch } from './initial-search';
import { createSixWaySearch, type SixWaySearchState } from './six-way-search';

const done = <T>(items: T[]) => ({ status: 'done' as const, items });

function finished(term: string): SixWaySearchState {
  return {
    term,
    inProgress: false,
    products: {
      nameExact: done([]),
      name: done([makeProduct({ sku: 'NK1' })]),
      sku: done([]),
      barcodeExact: done([]),
      barcode: done([]),
    },
    categories: done([]),
  };
}

describe('a server-rendered page’s finished search', () => {
  it('starts the store from it without a request', () => {
    let calls = 0;
    const api = createApiClient({
      fetch: () => {
        calls += 1;
        return Promise.reject(new Error('no request expected'));
      },
    });
    const search = createSixWaySearch(api, createToastStore(), finished('kave'));
    expect(search.getState().products.name).toEqual(done([makeProduct({ sku: 'NK1' })]));
    expect(search.getState().inProgress).toBe(false);
    expect(calls).toBe(0);
  });

  it('holds only for its term, its language and an anonymous viewer, and only once', () => {
    const initial: InitialSearch = { language: 'hu', state: finished('kave') };
    expect(unusedInitialSearch(initial, 'kave', 'hu', null)).toBe(initial.state);
    expect(unusedInitialSearch(initial, 'tea', 'hu', null)).toBeUndefined();
    expect(unusedInitialSearch(initial, 'kave', 'en', null)).toBeUndefined();
    expect(unusedInitialSearch(initial, 'kave', 'hu', 7)).toBeUndefined();
    expect(unusedInitialSearch(initial, null, 'hu', null)).toBeUndefined();
    expect(unusedInitialSearch(null, 'kave', 'hu', null)).toBeUndefined();
    markInitialSearchUsed(initial);
    expect(unusedInitialSearch(initial, 'kave', 'hu', null)).toBeUndefined();
  });
});

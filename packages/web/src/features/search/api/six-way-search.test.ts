// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared/contracts/products';
import { makeProduct } from '../../../components/product/product.fixture';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { createToastStore } from '../../../lib/toast-store';
import { createSixWaySearch, withBarcodes } from './six-way-search';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Pending {
  url: URL;
  signal: AbortSignal | undefined;
  answer: (response: Response) => void;
}

/** A fetch whose answers the test gives one by one. */
function controlledFetch() {
  const pending: Pending[] = [];
  const fetch: FetchLike = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      pending.push({ url: new URL(input, 'http://shop.test'), signal, answer: resolve });
    });
  const find = (group: string) => {
    const found = pending.filter((request) =>
      group === 'categories'
        ? request.url.pathname === '/api/categories/search'
        : request.url.searchParams.get('searchType') === group,
    );
    return found;
  };
  return { fetch, pending, find };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const control = controlledFetch();
  const api = createApiClient({ fetch: control.fetch, retryDelayMs: 1, maxRetries: 0 });
  const toasts = createToastStore();
  const search = createSixWaySearch(api, toasts);
  return { ...control, toasts, search };
}

const products = (items: Product[]) => json(200, { data: { products: items } });

describe('six-way search', () => {
  it('fires the six searches in parallel with the parameters of docs/product.md §7.2', () => {
    const { search, pending } = setup();
    search.run('kave');
    expect(search.getState().inProgress).toBe(true);
    const calls = pending.map((request) => `${request.url.pathname}?${request.url.searchParams.toString()}`);
    expect(calls.sort()).toEqual(
      [
        '/api/products/search?selectType=simple&searchType=products-by-name-exact&searchString=kave',
        '/api/products/search?selectType=simple&searchType=products-by-name&searchString=kave',
        '/api/products/search?selectType=simple&searchType=product-by-sku&searchSku=kave',
        '/api/products/search?selectType=simple&searchType=products-by-barcode-exact&searchString=kave',
        '/api/products/search?selectType=simple&searchType=products-by-barcode&searchString=kave',
        '/api/categories/search?searchString=kave',
      ].sort(),
    );
  });

  it('fills each group as it answers and clears the flag when all have finished', async () => {
    const { search, find } = setup();
    search.run('kave');
    const coffee = makeProduct();
    const noBarcode = makeProduct({
      sku: 'NB-1',
      packSizes: [{ unit: 'piece', pieces: 1, barcode: null }],
    });
    find('products-by-name-exact')[0]!.answer(products([coffee]));
    find('products-by-name')[0]!.answer(products([coffee, noBarcode]));
    find('product-by-sku')[0]!.answer(products([]));
    find('products-by-barcode-exact')[0]!.answer(products([coffee]));
    await flush();
    expect(search.getState().inProgress).toBe(true);
    find('products-by-barcode')[0]!.answer(products([coffee, noBarcode]));
    find('categories')[0]!.answer(
      json(200, { data: [{ name: 'Kávé és tea', slug: 'kave-tea', parent: null }] }),
    );
    await flush();
    const state = search.getState();
    expect(state.inProgress).toBe(false);
    const items = (group: keyof typeof state.products) => {
      const value = state.products[group];
      return value.status === 'done' ? value.items.map((item) => item.sku) : value.status;
    };
    expect(items('nameExact')).toEqual(['KV-001']);
    expect(items('name')).toEqual(['KV-001', 'NB-1']);
    expect(items('sku')).toEqual([]);
    expect(items('barcodeExact')).toEqual(['KV-001']);
    // Products without any barcode are left out of the barcode results.
    expect(items('barcode')).toEqual(['KV-001']);
    const barcode = state.products.barcode;
    expect(barcode.status === 'done' && barcode.items[0]?.barcodes).toBe('5990000000011,5990000000028');
    expect(state.categories).toEqual({
      status: 'done',
      items: [{ name: 'Kávé és tea', slug: 'kave-tea', parent: null }],
    });
  });

  it('a new search aborts the pending one; its late answers change nothing', async () => {
    const { search, pending } = setup();
    search.run('kave');
    const first = [...pending];
    search.run('tea');
    expect(first.every((request) => request.signal?.aborted)).toBe(true);
    expect(pending.length).toBe(12);
    const second = pending.slice(6);
    expect(second.every((request) => !request.signal?.aborted)).toBe(true);
    expect(second.every((request) => request.url.search.includes('tea'))).toBe(true);
    first[0]!.answer(products([makeProduct()]));
    await flush();
    const state = search.getState();
    expect(state.term).toBe('tea');
    expect(state.inProgress).toBe(true);
    expect(Object.values(state.products).every((group) => group.status === 'loading')).toBe(true);
  });

  it('clears the flag as soon as one fails; that group has its own error toast', async () => {
    const { search, find, toasts } = setup();
    search.run('kave');
    find('products-by-barcode')[0]!.answer(json(500, { error: 'ERR_INTERNAL' }));
    await flush();
    expect(search.getState().inProgress).toBe(false);
    expect(search.getState().products.barcode).toEqual({ status: 'error' });
    expect(toasts.getToasts().map((toast) => [toast.severity, toast.message.key])).toEqual([
      ['error', 'searchResults.errors.barcode'],
    ]);
    // The other groups still fill in.
    find('products-by-name')[0]!.answer(products([makeProduct()]));
    find('categories')[0]!.answer(json(500, { error: 'ERR_INTERNAL' }));
    await flush();
    expect(search.getState().products.name.status).toBe('done');
    expect(toasts.getToasts().map((toast) => toast.message.key)).toEqual([
      'searchResults.errors.barcode',
      'searchResults.errors.categories',
    ]);
  });

  it('each group has its own toast', async () => {
    const { search, find, toasts } = setup();
    // The store shows at most 5 at once: record every toast shown.
    const shown = new Set<string>();
    toasts.subscribe(() => toasts.getToasts().forEach((toast) => shown.add(toast.message.key)));
    search.run('kave');
    for (const group of [
      'products-by-name-exact',
      'products-by-name',
      'product-by-sku',
      'products-by-barcode-exact',
      'products-by-barcode',
      'categories',
    ]) {
      find(group)[0]!.answer(json(500, { error: 'ERR_INTERNAL' }));
    }
    await flush();
    expect([...shown].sort()).toEqual(
      [
        'searchResults.errors.nameExact',
        'searchResults.errors.name',
        'searchResults.errors.sku',
        'searchResults.errors.barcodeExact',
        'searchResults.errors.barcode',
        'searchResults.errors.categories',
      ].sort(),
    );
  });

  it('an aborted search shows no error', async () => {
    const { search, toasts } = setup();
    search.run('kave');
    search.cancel();
    await flush();
    expect(toasts.getToasts()).toEqual([]);
    expect(search.getState().inProgress).toBe(false);
  });

  it('withBarcodes keeps a barcodes field the server sent', () => {
    const product = makeProduct({ barcodes: '1,2' });
    expect(withBarcodes([product])[0]?.barcodes).toBe('1,2');
  });
});

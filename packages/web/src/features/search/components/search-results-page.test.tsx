import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueApi, makeProduct, type ApiCall } from '../../../components/product/product.fixture';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

// Lazy screens and the lazy toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => toastStore.clear());

const coffee = makeProduct();
const tea = makeProduct({
  sku: 'TEA-002',
  productDetails: [{ language: 'hu', name: 'Zöld tea 100 g', description: '' }],
  packSizes: [
    { unit: 'piece', pieces: 1, barcode: '5990000000103' },
    { unit: 'carton', pieces: 20, barcode: '5990000000110' },
  ],
});

/** Answers each of the six searches with its own result (or failure). */
function sixWay(fail: string[] = []) {
  return (call: ApiCall): Response | undefined => {
    const type = call.path === '/api/categories/search' ? 'categories' : call.query.searchType;
    if (call.path !== '/api/categories/search' && call.query.selectType !== 'simple') return undefined;
    if (fail.includes(type ?? '')) return jsonResponse(500, { error: 'ERR_INTERNAL' });
    const found: Record<string, unknown> = {
      'products-by-name-exact': { data: { products: [coffee] } },
      'products-by-name': { data: { products: [coffee, tea] } },
      'product-by-sku': { data: { products: [tea] } },
      'products-by-barcode-exact': { data: { products: [tea] } },
      'products-by-barcode': { data: { products: [coffee, tea] } },
      categories: {
        data: [
          { name: 'Kávé és tea', slug: 'kave-tea', parent: null },
          { name: 'Őrölt kávé', slug: 'kave-orolt', parent: { slug: 'kave-tea', name: 'Kávé és tea' } },
        ],
      },
    };
    return jsonResponse(200, found[type ?? '']);
  };
}

function group(name: string) {
  return screen.findByRole('region', { name }, { timeout: 10_000 });
}

describe('search results', () => {
  it('shows the six result groups', async () => {
    localStorage.setItem('access_token', validToken());
    const api = catalogueApi({ other: sixWay() });
    await renderApp({ path: '/search?q=kave', fetch: api.fetch });
    const exact = await group('Pontos név (1)');
    expect(within(exact).getByRole('link', { name: 'Kávé, őrölt 250 g' })).toBeTruthy();
    expect(within(await group('Név szerint (2)')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(await group('Cikkszám szerint (1)')).getByText(/TEA-002/)).toBeTruthy();
    expect(await group('Pontos vonalkód (1)')).toBeTruthy();
    const barcodes = await group('Vonalkód szerint (2)');
    expect(within(barcodes).getByText('Vonalkódok: 5990000000011, 5990000000028')).toBeTruthy();
    expect(within(barcodes).getByText('Vonalkódok: 5990000000103, 5990000000110')).toBeTruthy();
    const categories = await group('Kategóriák (2)');
    expect(within(categories).getByRole('link', { name: 'Kávé és tea' }).getAttribute('href')).toBe(
      '/category/kave-tea',
    );
    expect(
      within(categories).getByRole('link', { name: 'Kávé és tea › Őrölt kávé' }).getAttribute('href'),
    ).toBe('/category/kave-tea/kave-orolt');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Keresés…' })).toBeNull());
    const searches = api.calls.filter(
      (call) => call.path === '/api/categories/search' || call.query.selectType === 'simple',
    );
    expect(searches).toHaveLength(6);
    // Prices for a logged-in buyer.
    expect(within(exact).getByTestId('price')).toBeTruthy();
    // The browser tab names the search.
    expect(document.title).toBe(`${screen.getByRole('heading', { level: 1 }).textContent} | Nagyker Webshop`);
    expect(document.title).toContain('kave');
  });

  it('a new search aborts the pending one', async () => {
    const signals: AbortSignal[] = [];
    const api = catalogueApi({
      other: (call, init) => {
        if (call.query.searchString === 'kave' || call.query.searchSku === 'kave') {
          signals.push(init.signal as AbortSignal);
          return new Promise<Response>(() => undefined);
        }
        return sixWay()(call);
      },
    });
    const { router } = await renderApp({ path: '/search?q=kave', fetch: api.fetch });
    await screen.findByRole('progressbar', { name: 'Keresés…' }, { timeout: 10_000 });
    await waitFor(() => expect(signals.length).toBe(6));
    expect(signals.some((signal) => signal.aborted)).toBe(false);
    await act(() => router.navigate('/search?q=tea'));
    await waitFor(() => expect(signals.every((signal) => signal.aborted)).toBe(true));
    expect(await group('Név szerint (2)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Keresés…' })).toBeNull());
  });

  it('a failing group shows its own error toast; the others still show', async () => {
    const api = catalogueApi({ other: sixWay(['products-by-barcode', 'categories']) });
    await renderApp({ path: '/search?q=kave', fetch: api.fetch });
    expect(
      await screen.findByText('Ismeretlen hiba a vonalkódra keresésnél.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Ismeretlen hiba a kategóriákra keresésnél.')).toBeTruthy();
    expect(screen.queryByText('Ismeretlen hiba a névre keresésnél.')).toBeNull();
    expect(await group('Név szerint (2)')).toBeTruthy();
    expect(
      within(await group('Vonalkód szerint')).getByText('Ebben a csoportban nem sikerült keresni.'),
    ).toBeTruthy();
    // Anonymous: no prices, the login prompt once.
    expect(screen.queryByTestId('price')).toBeNull();
    expect(screen.getByText('Az árakat és a rendelést bejelentkezés után látja.')).toBeTruthy();
  });

  it('says so when nothing is found', async () => {
    const api = catalogueApi({
      other: (call) =>
        call.path === '/api/categories/search'
          ? jsonResponse(200, { data: [] })
          : call.query.selectType === 'simple'
            ? jsonResponse(200, { data: { products: [] } })
            : undefined,
    });
    await renderApp({ path: '/search?q=zzzz', fetch: api.fetch });
    expect(await screen.findByText('Erre a keresésre nincs találat.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('by SKU uses product-by-sku, one product on page 1', async () => {
    const api = catalogueApi({ products: () => [tea] });
    await renderApp({ path: '/search?sku=TEA-002', fetch: api.fetch });
    const box = (await screen.findAllByRole('article', {}, { timeout: 10_000 }))[0]!;
    expect(within(box).getByRole('heading', { name: 'Zöld tea 100 g' })).toBeTruthy();
    const call = api.lastProductCall();
    expect(call?.path).toBe('/api/products/search');
    expect(call?.query).toMatchObject({
      searchType: 'product-by-sku',
      searchSku: 'TEA-002',
      productsPerPage: '1',
      currentPage: '1',
    });
  });

  it('lists all results of searchType=all, paged, on request', async () => {
    const api = catalogueApi({ products: () => [coffee, tea], count: 2 });
    await renderApp({ path: '/search?q=kave&view=list&ppp=100', fetch: api.fetch });
    await screen.findAllByRole('article', {}, { timeout: 10_000 });
    expect(api.lastProductCall()?.query).toMatchObject({
      searchType: 'all',
      searchString: 'kave',
      productsPerPage: '100',
      currentPage: '1',
    });
    expect(screen.getByRole('link', { name: 'Csoportosított találatok' }).getAttribute('href')).toBe(
      '/search?q=kave',
    );
  });

  it('a search shorter than 3 characters in the URL sends nothing', async () => {
    const api = catalogueApi();
    await renderApp({ path: '/search?q=ab', fetch: api.fetch });
    expect(
      await screen.findByText('Legalább 3 karaktert adjon meg a kereséshez.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(api.productCalls()).toEqual([]);
  });
});

import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@shop/shared/format/format';
import {
  ALFA,
  anonymous,
  BETA,
  catalogueApi,
  listResponse,
  makeProduct,
  type ApiCall as Call,
} from '../../../components/product/product.fixture';
import type { FetchLike } from '../../../lib/api-client';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

// Lazy screens and the lazy toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

const FILTER_KEYS = ['mainCategorySlug', 'subCategorySlug', 'onSale', 'seasonal'];

function filterOf(call: Call | undefined): Record<string, string> {
  return Object.fromEntries(
    FILTER_KEYS.filter((key) => call?.query[key] !== undefined).map((key) => [key, call!.query[key]!]),
  );
}

/** The first render loads the lazy catalogue page: allow it more than a second. */
async function listingShown() {
  return screen.findAllByRole('article', {}, { timeout: 10_000 });
}

/** Money as the default text normaliser of Testing Library sees it (no-break spaces as spaces). */
const ft = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

describe('catalogue listing: routes and filters', () => {
  it.each([
    ['/', '/api/products/all', {}],
    ['/on-sale-products', '/api/products/all', { onSale: 'true' }],
    ['/seasonal-products', '/api/products/all', { seasonal: 'true' }],
    ['/category/italok', '/api/products/all', { mainCategorySlug: 'italok' }],
    [
      '/category/italok/asvanyviz',
      '/api/products/all',
      { mainCategorySlug: 'italok', subCategorySlug: 'asvanyviz' },
    ],
    ['/ordered-products', '/api/products/ordered-products', {}],
  ])('%s calls %s with its own filter only', async (path, endpoint, filter) => {
    localStorage.setItem('access_token', validToken());
    const api = catalogueApi();
    await renderApp({ path, fetch: api.fetch });
    await listingShown();
    const call = api.lastProductCall();
    expect(call?.path).toBe(endpoint);
    expect(filterOf(call)).toEqual(filter);
    expect(call?.query).toMatchObject({ currentPage: '1', productsPerPage: '50', caching: 'true' });
    expect(call?.query.selectedManufacturers).toBeUndefined();
  });

  it('each named route clears the filters of the others when navigating', async () => {
    const api = catalogueApi();
    const { router } = await renderApp({ path: '/on-sale-products', fetch: api.fetch });
    await listingShown();
    expect(filterOf(api.lastProductCall())).toEqual({ onSale: 'true' });

    await act(() => router.navigate('/seasonal-products'));
    await waitFor(() => expect(filterOf(api.lastProductCall())).toEqual({ seasonal: 'true' }));
    await act(() => router.navigate('/category/italok/asvanyviz'));
    await waitFor(() =>
      expect(filterOf(api.lastProductCall())).toEqual({
        mainCategorySlug: 'italok',
        subCategorySlug: 'asvanyviz',
      }),
    );
    await act(() => router.navigate('/category/kave-tea'));
    await waitFor(() => expect(filterOf(api.lastProductCall())).toEqual({ mainCategorySlug: 'kave-tea' }));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(api.lastProductCall()?.query.mainCategorySlug).toBeUndefined());
    expect(filterOf(api.lastProductCall())).toEqual({});
  });

  it('shows the category tree in the sidebar; a category route is titled by its name', async () => {
    const api = catalogueApi();
    await renderApp({ path: '/category/italok/asvanyviz', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ásványvíz' })).toBeTruthy();
    // The browser tab says which category it is, not a generic "Subcategory".
    await waitFor(() => expect(document.title).toBe('Ásványvíz | Nagyker Webshop'));
    const nav = screen.getByRole('navigation', { name: 'Termékkategóriák' });
    expect(
      within(nav)
        .getByRole('link', { name: /Kávé és tea/ })
        .getAttribute('href'),
    ).toBe('/category/kave-tea');
    const current = within(nav).getByRole('link', { name: /Ásványvíz/ });
    expect(current.getAttribute('href')).toBe('/category/italok/asvanyviz');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Korábban rendelt termékek' })).toBeNull();
    expect(api.calls.find((call) => call.path === '/api/categories')).toBeTruthy();
  });

  it('asks an anonymous visitor to log in on ordered-products, without calling it', async () => {
    const api = catalogueApi();
    await renderApp({ path: '/ordered-products', fetch: api.fetch });
    expect(await screen.findByText('A korábban rendelt termékeket bejelentkezés után látja.')).toBeTruthy();
    expect(api.productCalls()).toEqual([]);
  });

  it('shows the no-product-found message, and a spinner while loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = catalogueApi();
    const slow = vi.fn<FetchLike>((input, init) =>
      input.startsWith('/api/products/all')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : api.fetch(input, init),
    );
    await renderApp({ path: '/', fetch: slow });
    expect(await screen.findByRole('progressbar', { name: 'Termékek betöltése…' })).toBeTruthy();
    act(() => answer(jsonResponse(200, listResponse([], 0, []))));
    expect(await screen.findByText('Nem található termék.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Termékek betöltése…' })).toBeNull();
  });
});

describe('catalogue listing: page size', () => {
  it('takes a valid ppp from the URL', async () => {
    const api = catalogueApi();
    await renderApp({ path: '/?ppp=100', fetch: api.fetch });
    await listingShown();
    expect(api.lastProductCall()?.query.productsPerPage).toBe('100');
    expect((screen.getByRole('combobox', { name: 'Oldalanként' }) as HTMLSelectElement).value).toBe('100');
  });

  it('shows "all" (ppp 99999) from pages of 100 loaded as the list nears its end', async () => {
    const many = Array.from({ length: 250 }, (_, index) =>
      makeProduct({ id: index + 1, sku: `SKU-${String(index + 1).padStart(3, '0')}` }),
    );
    const api = catalogueApi({
      count: many.length,
      products: (call) => {
        const size = Number(call.query.productsPerPage);
        const from = (Number(call.query.currentPage) - 1) * size;
        return many.slice(from, from + size);
      },
    });
    await renderApp({ path: '/?ppp=99999', fetch: api.fetch });
    await listingShown();
    expect(api.productCalls()[0]?.query).toMatchObject({ productsPerPage: '100', currentPage: '1' });
    await screen.findByText('100 / 250 termék betöltve', {}, { timeout: 20_000 });
    // jsdom lays nothing out: a row measures 0 px, plus the 16 px gap. Only the rows in and near the
    // window's 768 px are in the DOM, never all loaded boxes.
    const articles = () => document.querySelectorAll('article').length;
    expect(articles()).toBeGreaterThan(0);
    expect(articles()).toBeLessThan(100);
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    };
    const loaded = () => document.body.textContent?.match(/(\d+) \/ 250 termék betöltve/)?.[1];
    // Scroll down step by step (the rows keep their estimated height in jsdom) until all pages are in.
    const most: number[] = [];
    for (let y = 2000; y <= 200_000 && loaded() !== '250'; y += 2000) {
      scrollTo(y);
      await new Promise((resolve) => setTimeout(resolve, 20));
      most.push(articles());
    }
    await screen.findByText('250 / 250 termék betöltve', {}, { timeout: 20_000 });
    expect(Math.max(...most)).toBeLessThan(100);
    // The boxes in the DOM are those of the second page's end, where the scrolling is.
    const shown = [...document.querySelectorAll('article')].map((box) =>
      Number(box.textContent?.match(/SKU-(\d+)/)?.[1] ?? 0),
    );
    expect(Math.min(...shown)).toBeGreaterThan(150);
    expect(api.productCalls().map((call) => [call.query.currentPage, call.query.productsPerPage])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
    scrollTo(0);
    expect(screen.getByText('Termékek: 250')).toBeTruthy();
    expect(document.querySelector('[data-testid="all-products"]')).not.toBeNull();
  }, 60_000);

  it.each(['20', '0', 'abc', '50abc', '1e2', '-1'])('falls back to 50 for ppp=%s', async (ppp) => {
    const api = catalogueApi();
    await renderApp({ path: `/?ppp=${ppp}`, fetch: api.fetch });
    await listingShown();
    expect(api.lastProductCall()?.query.productsPerPage).toBe('50');
  });

  it('uses the remembered page size, and ignores an invalid remembered one', async () => {
    localStorage.setItem('productsPerPage', '100');
    const first = catalogueApi();
    const view = await renderApp({ path: '/', fetch: first.fetch });
    await listingShown();
    expect(first.lastProductCall()?.query.productsPerPage).toBe('100');
    view.unmount();

    localStorage.setItem('productsPerPage', '77');
    const second = catalogueApi();
    await renderApp({ path: '/', fetch: second.fetch });
    await listingShown();
    expect(second.lastProductCall()?.query.productsPerPage).toBe('50');
  });

  it('a chosen page size goes into the URL and localStorage and starts at page 1', async () => {
    const api = catalogueApi({ count: 300 });
    const { router } = await renderApp({ path: '/?page=3', fetch: api.fetch });
    await listingShown();
    expect(api.lastProductCall()?.query.currentPage).toBe('3');
    const select = screen.getByRole('combobox', { name: 'Oldalanként' });
    expect([...(select as HTMLSelectElement).options].map((option) => [option.value, option.text])).toEqual([
      ['1', '1'],
      ['50', '50'],
      ['100', '100'],
      ['99999', 'Mind'],
    ]);
    fireEvent.change(select, { target: { value: '99999' } });
    await waitFor(() => expect(router.state.location.search).toBe('?ppp=99999'));
    expect(localStorage.getItem('productsPerPage')).toBe('99999');
    // "All" loads the listing in pages of 100 (AllProductsView).
    await waitFor(() =>
      expect(api.lastProductCall()?.query).toMatchObject({ productsPerPage: '100', currentPage: '1' }),
    );
  });
});

describe('catalogue listing: pagination and manufacturers', () => {
  it('pages above and below the grid; page and ppp go into the URL', async () => {
    const user = userEvent.setup();
    const api = catalogueApi({ count: 120 });
    const { router } = await renderApp({ path: '/category/italok', fetch: api.fetch });
    await listingShown();
    const top = screen.getByRole('navigation', { name: 'Lapozás (fent)' });
    const bottom = screen.getByRole('navigation', { name: 'Lapozás (lent)' });
    expect(within(top).getByRole('button', { name: '3. oldal' })).toBeTruthy();
    expect(within(top).queryByRole('button', { name: '4. oldal' })).toBeNull();
    expect(screen.getByText('Termékek: 120')).toBeTruthy();

    await user.click(within(bottom).getByRole('button', { name: '2. oldal' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&ppp=50'));
    expect(router.state.location.pathname).toBe('/category/italok');
    await waitFor(() =>
      expect(api.lastProductCall()?.query).toMatchObject({ currentPage: '2', mainCategorySlug: 'italok' }),
    );
    await listingShown();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Lapozás (fent)' })).getByRole('button', {
        name: 'Előző oldal',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?ppp=50'));
    // Page 1 is still fresh in the query cache: shown again without a call.
    await listingShown();
    expect(api.productCalls().map((call) => call.query.currentPage)).toEqual(['1', '2']);
  });

  it.each(['abc', '0', '-2', '1.5'])('an invalid page %s means page 1', async (page) => {
    const api = catalogueApi();
    await renderApp({ path: `/?page=${page}`, fetch: api.fetch });
    await listingShown();
    expect(api.lastProductCall()?.query.currentPage).toBe('1');
  });

  it('lists the manufacturers of the result; chosen ones go into the URL and the call', async () => {
    const user = userEvent.setup();
    const api = catalogueApi({ count: 120 });
    const { router } = await renderApp({ path: '/seasonal-products?page=2', fetch: api.fetch });
    await listingShown();
    const bar = screen.getByRole('group', { name: 'Gyártók' });
    const beta = within(bar).getByRole('button', { name: BETA.name });
    expect(beta.getAttribute('aria-pressed')).toBe('false');

    await user.click(beta);
    await waitFor(() => expect(router.state.location.search).toBe('?manufacturers=beta'));
    await waitFor(() =>
      expect(api.lastProductCall()?.query).toMatchObject({
        selectedManufacturers: 'beta',
        currentPage: '1',
        seasonal: 'true',
      }),
    );
    await listingShown();
    await user.click(
      within(screen.getByRole('group', { name: 'Gyártók' })).getByRole('button', { name: ALFA.name }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?manufacturers=beta%2Calfa'));
    await waitFor(() => expect(api.lastProductCall()?.query.selectedManufacturers).toBe('beta,alfa'));
    await listingShown();
    expect(
      within(screen.getByRole('group', { name: 'Gyártók' }))
        .getByRole('button', { name: BETA.name })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Szűrő törlése' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(api.lastProductCall()?.query.selectedManufacturers).toBeUndefined());
  });

  it('reads the chosen manufacturers from a shared URL', async () => {
    const api = catalogueApi();
    await renderApp({ path: '/?manufacturers=alfa,,alfa,beta', fetch: api.fetch });
    await listingShown();
    expect(api.lastProductCall()?.query.selectedManufacturers).toBe('alfa,beta');
    expect(screen.getByRole('button', { name: ALFA.name }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('product boxes', () => {
  it('anonymous visitors see no prices and no quantity field, but a prompt to log in', async () => {
    const api = catalogueApi({ products: () => [anonymous(makeProduct({ discount: true }))] });
    await renderApp({ path: '/', fetch: api.fetch });
    const box = (await listingShown())[0]!;
    expect(within(box).getByRole('heading', { name: 'Kávé, őrölt 250 g' })).toBeTruthy();
    expect(within(box).getByText('KV-001')).toBeTruthy();
    expect(within(box).getByText('Akciós')).toBeTruthy();
    expect(within(box).getByText('Raktáron')).toBeTruthy();
    expect(box.textContent).not.toMatch(/Ft/);
    expect(within(box).queryByRole('textbox', { name: 'Mennyiség (db)' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Kosárba' })).toBeNull();
    expect(within(box).getByText('Az árakat és a rendelést bejelentkezés után látja.')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Bejelentkezés' }).getAttribute('href')).toBe('/login');
    const image = within(box).getByRole('img', { name: 'Kávé, őrölt 250 g' });
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('160');
  });

  it('a customer sees gross and net prices per piece and per pack, the special price and the flags', async () => {
    localStorage.setItem('access_token', validToken());
    const product = makeProduct({
      discount: true,
      priceChanged: true,
      lastOrderedQuantity: 24,
      stock: 5,
      stockStatus: 'few_stock',
      minOrderQuantity: null,
      orderQuantityStep: 1,
    });
    product.prices[0]!.specialPrice = 85000;
    const api = catalogueApi({ products: () => [product] });
    await renderApp({ path: '/', fetch: api.fetch });
    const box = (await listingShown())[0]!;
    expect(within(box).getByText(`Eredeti ár: ${ft(100000)}`)).toBeTruthy();
    expect(within(box).getByText(`${ft(85000)} / db`, { exact: false })).toBeTruthy();
    // 850 / 1.27 = 669.29
    expect(within(box).getByText(`nettó ${ft(66900)} / db`)).toBeTruthy();
    // One carton: the reached piece special price (850 Ft) beats the carton tier (900 Ft): 12 × 850.
    expect(within(box).getByText(`Karton (12 db): ${ft(1020000)}, nettó ${ft(803200)}`)).toBeTruthy();
    expect(within(box).getByText('Akciós')).toBeTruthy();
    expect(within(box).getByText('Árváltozás')).toBeTruthy();
    expect(within(box).getByText('Kevés')).toBeTruthy();
    expect(within(box).getByText(/Legutóbb rendelt/).textContent).toBe('Legutóbb rendelt: 24 db');
    expect(within(box).getByText('5990000000028')).toBeTruthy();
    expect(box.textContent).toContain('Min. nincs · Max. nincs · Lépték 1 db');
  });
});

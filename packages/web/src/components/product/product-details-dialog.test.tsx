import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@shop/shared/format/format';
import { productCache } from '../../lib/product-cache';
import { renderApp } from '../../test/render-app';
import { validToken } from '../../test/tokens';
import { anonymous, catalogueApi, makeProduct } from './product.fixture';

// Lazy screens and the lazy toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

const ft = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

beforeEach(() => productCache.clear());

async function dialog(name = 'Kávé, őrölt 250 g') {
  return screen.findByRole('dialog', { name }, { timeout: 10_000 });
}

describe('product dialog', () => {
  it('opens from a shared ?product= URL: fetched by SKU, with details, pack sizes and price tiers', async () => {
    localStorage.setItem('access_token', validToken());
    const product = makeProduct({
      productDetails: [
        { language: 'hu', name: 'Kávé, őrölt 250 g', description: 'Gondosan pörkölt arabica.' },
      ],
    });
    product.prices[0]!.customerDiscount = 5;
    product.prices[1]!.customerDiscount = 5;
    product.prices[2]!.customerDiscount = 5;
    // The listing behind shows another product, so the dialog has to fetch this one.
    const other = makeProduct({ sku: 'OTHER-1' });
    const api = catalogueApi({ products: (call) => (call.query.searchSku ? [product] : [other]) });
    await renderApp({ path: '/category/italok?product=KV-001', fetch: api.fetch });
    const view = await dialog();
    expect(
      api.calls.some(
        (call) =>
          call.path === '/api/products/search' &&
          call.query.searchType === 'product-by-sku' &&
          call.query.searchSku === 'KV-001',
      ),
    ).toBe(true);
    expect(within(view).getByText('Gondosan pörkölt arabica.')).toBeTruthy();
    expect(within(view).getByRole('heading', { name: 'Árlépcsők' })).toBeTruthy();
    const rows = within(view)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('td,th')].map((cell) => cell.textContent?.replace(/\s/g, ' ')));
    expect(rows).toEqual([
      ['Egység', 'Mennyiségtől', 'Bruttó / db', 'Nettó / db', 'Akciós ár'],
      // 5 % off: 1000 → 950 Ft, net 748 Ft; 900 → 855, net 673; 800 → 760, net 598.
      ['Darab', '1 db', ft(95000), ft(74803), '–'],
      ['Karton', '12 db', ft(85500), ft(67323), '–'],
      ['Raklap', '480 db', ft(76000), ft(59843), '–'],
    ]);
    expect(within(view).getByText('Az árak tartalmazzák az Ön 5% kedvezményét.')).toBeTruthy();
    expect(within(view).getByRole('link', { name: 'Őrölt kávé' }).getAttribute('href')).toBe(
      '/category/kave-tea/kave-orolt',
    );
    expect(within(view).getByRole('textbox', { name: 'Mennyiség (db)' })).toBeTruthy();
  });

  it('opens from the listing at once from the product cache, and closes back to the listing', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access_token', validToken());
    const api = catalogueApi();
    const { router } = await renderApp({ path: '/on-sale-products?page=2', fetch: api.fetch });
    const box = (await screen.findAllByRole('article', {}, { timeout: 10_000 }))[0]!;
    await user.click(within(box).getByRole('link', { name: 'Kávé, őrölt 250 g' }));
    const view = await dialog();
    expect(router.state.location.pathname).toBe('/on-sale-products');
    expect(new URLSearchParams(router.state.location.search).get('product')).toBe('KV-001');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(within(view).getByText('Pörkölt kávé.')).toBeTruthy();
    expect(api.calls.some((call) => call.query.searchType === 'product-by-sku')).toBe(false);

    await user.click(within(view).getByRole('button', { name: 'Bezárás' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?page=2');
  });

  it('closing a dialog opened from a shared URL removes ?product=', async () => {
    const user = userEvent.setup();
    const api = catalogueApi();
    const { router } = await renderApp({ path: '/?product=KV-001&ppp=100', fetch: api.fetch });
    const view = await dialog();
    await user.click(within(view).getByRole('button', { name: 'Bezárás' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ppp=100'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows anonymous visitors the details without prices, with the login prompt', async () => {
    const api = catalogueApi({ products: () => [anonymous(makeProduct())] });
    await renderApp({ path: '/?product=KV-001', fetch: api.fetch });
    const view = await dialog();
    expect(within(view).queryByRole('heading', { name: 'Árlépcsők' })).toBeNull();
    expect(view.textContent).not.toMatch(/Ft/);
    expect(within(view).getByText('Az árakat és a rendelést bejelentkezés után látja.')).toBeTruthy();
    expect(within(view).getByText('5990000000028')).toBeTruthy();
  });

  it('tells when there is no such product', async () => {
    const api = catalogueApi({ products: (call) => (call.query.searchSku ? [] : [makeProduct()]) });
    await renderApp({ path: '/?product=NOPE-1', fetch: api.fetch });
    const view = await dialog('NOPE-1');
    expect(await within(view).findByText('A termék nem található.')).toBeTruthy();
  });
});

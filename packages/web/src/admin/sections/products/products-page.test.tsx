import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminProductListItem } from '@shop/shared/contracts/admin-catalogue';
import { jsonResponse, renderAdmin } from '../../test/render-admin';
import ProductsPage from './products-page';

configure({ asyncUtilTimeout: 5000 });

/** Page `page` of 25 products, numbered from the page's first row. */
function items(page: number, count = 25): AdminProductListItem[] {
  return Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * 25 + i + 1;
    return {
      id: n,
      sku: `BM${String(n).padStart(7, '0')}`,
      name: `Termék ${n}`,
      manufacturer: null,
      price: 10_000,
      stock: 5,
      isActive: true,
      isOrderable: true,
      isSeasonal: false,
      waiting: 0,
    };
  });
}

/**
 * The product list past the server's count cap (docs/decisions/0021-capped-list-totals.md): "10 000+"
 * and a next button that stays on; under the cap the exact count and the last page's button off.
 */
describe('products list totals', { timeout: 60_000 }, () => {
  it('shows "1–25 / 10 000+" when the count stopped at the cap, and pages on', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderAdmin(
      <ProductsPage />,
      (url) => {
        if (!url.startsWith('/api/admin/catalogue/products')) return undefined;
        const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
        return jsonResponse(200, {
          items: items(page),
          total: Math.max(10_000, page * 25),
          totalIsLowerBound: true,
          page,
          pageSize: 25,
        });
      },
      '/',
    );
    expect(await screen.findByText('1–25 / 10 000+')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Következő oldal' });
    expect(next.hasAttribute('disabled')).toBe(false);
    await user.click(next);
    expect(await screen.findByText('26–50 / 10 000+')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true));
  });

  it('shows the exact count under the cap, with the next button off on the last page', async () => {
    await renderAdmin(
      <ProductsPage />,
      (url) =>
        url.startsWith('/api/admin/catalogue/products')
          ? jsonResponse(200, {
              items: items(1, 20),
              total: 20,
              totalIsLowerBound: false,
              page: 1,
              pageSize: 25,
            })
          : undefined,
      '/',
    );
    expect(await screen.findByText('1–20 / 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Következő oldal' }).hasAttribute('disabled')).toBe(true);
  });
});

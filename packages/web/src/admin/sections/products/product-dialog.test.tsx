import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import ProductsPage from './products-page';

configure({ asyncUtilTimeout: 5000 });

describe('product dialog', { timeout: 60_000 }, () => {
  it('shows the field a save is refused for under that field, described and focused', async () => {
    const user = userEvent.setup();
    await renderAdmin(
      <ProductsPage />,
      (url) => {
        if (url.startsWith('/api/admin/catalogue/products'))
          return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
        if (url === '/api/admin/catalogue/categories') return jsonResponse(200, { items: [] });
        if (url === '/api/admin/catalogue/manufacturers') return jsonResponse(200, { items: [] });
        return undefined;
      },
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'Új termék' }));
    const dialog = await screen.findByRole('dialog', { name: 'Új termék' });
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
    const sku = within(dialog).getByRole('textbox', { name: /^Cikkszám/ });
    await waitFor(() => expect(fieldError(sku)).toBe('Ellenőrizze ezt a mezőt: Cikkszám'));
    expect(document.activeElement).toBe(sku);
    expect(fieldError(within(dialog).getByRole('textbox', { name: /^Tömeg/ }))).toBeNull();
  });
});

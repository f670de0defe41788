import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPEN_SHOP } from '../../../features/cart/cart.fixture';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import ProductsPage from './products-page';

configure({ asyncUtilTimeout: 5000 });

const answer = (url: string) => {
  if (url.startsWith('/api/admin/catalogue/products'))
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
  if (url === '/api/admin/catalogue/categories') return jsonResponse(200, { items: [] });
  if (url === '/api/admin/catalogue/manufacturers') return jsonResponse(200, { items: [] });
  if (url === '/api/shop/state') return jsonResponse(200, OPEN_SHOP);
  return undefined;
};

async function openNewProduct() {
  const user = userEvent.setup();
  const view = await renderAdmin(<ProductsPage />, answer, '/');
  await user.click(await screen.findByRole('button', { name: 'Új termék' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új termék' });
  return { user, dialog, ...view };
}

describe('product dialog', { timeout: 60_000 }, () => {
  it('shows every problem at once under its field, focuses the first, and sends nothing', async () => {
    const { user, dialog, calls } = await openNewProduct();
    await user.clear(within(dialog).getByRole('textbox', { name: /^ÁFA/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^ÁFA/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
    const sku = within(dialog).getByRole('textbox', { name: /^Cikkszám/ });
    await waitFor(() => expect(fieldError(sku)).toBe('Kötelező mező.'));
    expect(fieldError(within(dialog).getByRole('textbox', { name: /^Név \(HU\)/ }))).toBe(
      'Ellenőrizze ezt a mezőt: Magyar név',
    );
    expect(fieldError(within(dialog).getByRole('textbox', { name: /^ÁFA/ }))).toBe(
      'Ellenőrizze ezt a mezőt: ÁFA (%)',
    );
    expect(fieldError(within(dialog).getByRole('textbox', { name: /^Bruttó ár/ }))).toBe(
      'Ellenőrizze ezt a mezőt: Bruttó ár (Ft/db)',
    );
    expect(fieldError(within(dialog).getByRole('textbox', { name: /^Tömeg/ }))).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(sku));
    expect(calls('POST', '/api/admin/catalogue/products')).toHaveLength(0);
  });

  it('adds and removes pack sizes and prices as rows of their own', async () => {
    const { user, dialog } = await openNewProduct();
    const pieces = () => within(dialog).getAllByRole('textbox', { name: /^Darab \/ egység/ });
    const prices = () => within(dialog).getAllByRole('textbox', { name: /^Bruttó ár/ });
    expect(pieces()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Kiszerelés hozzáadása' }));
    await user.type(pieces()[1]!, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Ár hozzáadása' }));
    expect(prices()).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: '1. kiszerelés törlése' }));
    expect(pieces()).toHaveLength(1);
    expect(pieces()[0]).toHaveProperty('value', '12');
    await user.click(within(dialog).getByRole('button', { name: '2. ár törlése' }));
    expect(prices()).toHaveLength(1);
  });
});

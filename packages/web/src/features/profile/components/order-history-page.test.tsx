import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import type { FetchLike } from '../../../lib/api-client';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

const ORDER: OrderHistoryItem = {
  orderId: 1042,
  createdAt: new Date(2026, 10, 20, 9, 5, 7).toISOString(),
  status: 'new',
  orderItemsSumPrice: 2160050,
  orderItemsSumPriceNet: 1700827,
  orderItemsCount: 1,
  orderItemsSum: 24,
  orderItemsSumWeight: 6240,
  logisticsCost: 150000,
  shippingCost: 0,
  shippingMethod: 'Kiszállítás',
  shippingMethodCode: 'delivery',
  isHomeDelivery: true,
  paymentMethod: 'Banki átutalás (8 nap)',
  paymentMethodCode: 'bank_transfer',
  paymentTermDays: 8,
  shippingCountryCode: 'HU',
  shippingCountry: 'Magyarország',
  shippingZip: '2310',
  shippingCity: 'Szigetszentmiklós',
  shippingAptSuite: 'Gyári út 9.',
  deliveryDatetime: '2026-11-26',
  commentWebshop: '',
  commentSupplier: '',
  placedByAgent: false,
  placedByUserId: 7,
  placedByName: 'Nguyễn Thị Lan',
  purchaseOrderNumber: null,
  lines: [
    {
      sku: 'KV-001',
      name: 'Kávé, őrölt 250 g',
      quantity: 24,
      unitPrice: 90002,
      vat: 27,
      weight: 260,
      lineGross: 2160050,
      lineNet: 1700827,
    },
  ],
};

function api(history: () => Response, other?: (path: string) => Response | undefined) {
  const calls: string[] = [];
  const fetch: FetchLike = (input) => {
    const path = new URL(input, 'http://localhost').pathname;
    calls.push(path);
    if (path === '/api/orders/history') return Promise.resolve(history());
    return Promise.resolve(other?.(path) ?? jsonResponse(404, { error: 'NOT_FOUND' }));
  };
  return { fetch, calls };
}

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
  localStorage.setItem('access_token', validToken());
});

describe('order history', () => {
  it('lists date, order id and gross total; a row expands to the details and lines', async () => {
    const { fetch } = api(() => jsonResponse(200, [ORDER]));
    await renderApp({ path: '/profile/order-history', fetch });
    const table = await screen.findByRole('table', { name: 'Leadott rendelések' }, { timeout: 5000 });
    const row = within(table).getByTestId('order-row-1042');
    expect(within(row).getByText('2026.11.20 09:05:07')).toBeTruthy();
    expect(within(row).getByText('1042')).toBeTruthy();
    expect(within(row).getByText('21 601 Ft')).toBeTruthy();
    expect(screen.queryByTestId('order-details-1042')).toBeNull();
    const toggle = within(row).getByRole('button', { name: 'A(z) 1042 számú rendelés részletei' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    const details = await screen.findByTestId('order-details-1042');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(details).getByText('17 008 Ft')).toBeTruthy();
    expect(within(details).getByText('6,24 kg')).toBeTruthy();
    expect(within(details).getByText('Banki átutalás (8 nap)')).toBeTruthy();
    expect(within(details).getByText('Magyarország (HU), 2310, Szigetszentmiklós, Gyári út 9.')).toBeTruthy();
    expect(within(details).getByText('2026.11.26')).toBeTruthy();
    expect(within(details).getByText('Kávé, őrölt 250 g')).toBeTruthy();
  });

  it('hides the delivery date when the order was not home delivery', async () => {
    const pickup = { ...ORDER, isHomeDelivery: false, shippingMethod: 'Csak számla', deliveryDatetime: null };
    const { fetch } = api(() => jsonResponse(200, [pickup]));
    await renderApp({ path: '/profile/order-history', fetch });
    await userEvent
      .setup()
      .click(
        await screen.findByRole('button', { name: 'A(z) 1042 számú rendelés részletei' }, { timeout: 5000 }),
      );
    const details = await screen.findByTestId('order-details-1042');
    expect(within(details).queryByText('Szállítási nap')).toBeNull();
  });

  it('shows the empty text', async () => {
    const { fetch } = api(() => jsonResponse(200, []));
    await renderApp({ path: '/profile/order-history', fetch });
    expect(await screen.findByText('Még nem adott le rendelést.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('stops loading with the error toast', async () => {
    const { fetch } = api(() => jsonResponse(500, { error: 'ERR_INTERNAL' }));
    await renderApp({ path: '/profile/order-history', fetch });
    expect(
      await screen.findByText('Nem sikerült betölteni a rendelési előzményeket.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Rendelések betöltése…')).toBeNull();
  });

  it('orders again and reports what changed', async () => {
    const { fetch, calls } = api(
      () => jsonResponse(200, [ORDER]),
      (path) =>
        path === '/api/orders/1042/order-again'
          ? jsonResponse(200, {
              data: true,
              added: [],
              corrected: [
                {
                  line: 1,
                  code: 'KV-001',
                  sku: 'KV-001',
                  requested: 24,
                  quantity: 12,
                  cartQuantity: 12,
                  warnings: ['quantity_to_order_is_not_available'],
                },
              ],
              rejected: [],
            })
          : undefined,
    );
    const user = userEvent.setup();
    await renderApp({ path: '/profile/order-history', fetch });
    await user.click(
      await screen.findByRole('button', { name: 'A(z) 1042 számú rendelés részletei' }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Újrarendelés' }));
    const dialog = await screen.findByRole('dialog', { name: 'Újrarendelés: a(z) 1042 számú rendelés' });
    expect(
      within(dialog).getByText('1. sor – KV-001: kért 24 db, hozzáadva 12 db (a kosárban: 12 db)'),
    ).toBeTruthy();
    await waitFor(() => expect(calls).toContain('/api/orders/1042/order-again'));
  });
});

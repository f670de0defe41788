import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type { OrderListDetail, OrderListLine } from '@shop/shared/contracts/order-lists';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, recordingFetch, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

function line(sku: string, name: string, values: Partial<OrderListLine>): OrderListLine {
  return {
    quantity: 6,
    price: 100000,
    specialPrice: null,
    currentPrice: 100000,
    lineGross: 600000,
    orderable: true,
    problem: null,
    correctedQuantity: 6,
    warnings: [],
    ...values,
    product: {
      id: sku.length,
      sku,
      productDetails: [{ language: 'hu', name, description: '' }],
      vat: 27,
      weight: 250,
      image: null,
      stock: 40,
      stockStatus: 'in_stock',
      isActive: true,
      isOrderable: true,
      prices: [],
      minOrderQuantity: null,
      maxOrderQuantity: null,
      orderQuantityStep: 1,
      limits: { minimum: null, maximum: null },
      packSizes: [],
    },
  };
}

const LIST: OrderListDetail = {
  id: 7,
  name: 'Hétfői rendelés',
  itemCount: 2,
  version: 3,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  lines: [
    line('KV-001', 'Kávé, őrölt 250 g', {}),
    line('TEA-9', 'Tea, zöld', {
      orderable: false,
      problem: 'out_of_stock',
      currentPrice: 50000,
      price: 50000,
      lineGross: 100000,
      quantity: 2,
      correctedQuantity: 0,
      warnings: ['quantity_to_order_is_not_available'],
    }),
  ],
  totalGross: 600000,
  notOrderableCount: 1,
};

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
  localStorage.setItem('access_token', validToken());
});

describe('order list page', () => {
  it("shows today's prices, flags the line that cannot be ordered and saves changed quantities", async () => {
    const { fetch, calls } = recordingFetch((call) => {
      if (call.path === '/api/order-lists/7' && call.method === 'GET') return jsonResponse(200, LIST);
      if (call.path === '/api/order-lists/7/items' && call.method === 'PUT')
        return jsonResponse(200, { ...LIST, version: 4, lines: [{ ...LIST.lines[0]!, quantity: 10 }] });
      return undefined;
    });
    await renderApp({ path: '/profile/order-lists/7', fetch });
    const table = await screen.findByRole('table', { name: 'Hétfői rendelés' }, { timeout: 5000 });
    const coffee = within(table).getByText('KV-001').closest('tr')!;
    const tea = within(table).getByText('TEA-9').closest('tr')!;
    expect(within(coffee).getByText('Rendelhető')).toBeTruthy();
    expect(within(coffee).getByText(/^1000\sFt$/)).toBeTruthy();
    expect(within(tea).getByText('Nincs készleten')).toBeTruthy();
    expect(screen.getByText(/Most nem rendelhető tételek: 1/)).toBeTruthy();

    const user = userEvent.setup();
    const quantity = within(coffee).getByRole('spinbutton', { name: 'Kávé, őrölt 250 g mennyisége' });
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(within(tea).getByRole('button', { name: 'Tea, zöld eltávolítása a listáról' }));
    await user.click(screen.getByRole('button', { name: 'Változások mentése' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual([{ sku: 'KV-001', quantity: 10 }]);
    expect(await screen.findByText('A lista elmentve.')).toBeTruthy();
  });

  it('orders the list into the cart and reports each line', async () => {
    const answer: CartAdditionResponse = {
      data: true,
      added: [{ line: 1, code: 'KV-001', sku: 'KV-001', requested: 6, quantity: 6, cartQuantity: 6 }],
      corrected: [
        {
          line: 2,
          code: 'TEA-9',
          sku: 'TEA-9',
          requested: 2,
          quantity: 0,
          cartQuantity: 0,
          warnings: ['quantity_to_order_is_not_available'],
        },
      ],
      rejected: [],
    };
    const { fetch, calls } = recordingFetch((call) => {
      if (call.path === '/api/order-lists/7') return jsonResponse(200, LIST);
      if (call.path === '/api/order-lists/7/to-cart') return jsonResponse(200, answer);
      return undefined;
    });
    await renderApp({ path: '/profile/order-lists/7', fetch });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Lista megrendelése (kosárba)' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Kosárba tett tételek: Hétfői rendelés' });
    expect(within(dialog).getByTestId('cart-addition-report')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/order-lists/7/to-cart')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Tovább a kosárhoz' }).getAttribute('href')).toBe(
      '/cart',
    );
  });

  it('moves a line to another list, not while quantities are edited; a line moved meanwhile is said so and read again', async () => {
    const summaries = [
      { id: 7, name: 'Hétfői rendelés', itemCount: 2, version: 3, createdAt: '', updatedAt: '' },
      { id: 8, name: 'Pénteki rendelés', itemCount: 1, version: 1, createdAt: '', updatedAt: '' },
    ];
    let moved = false;
    const { fetch, calls } = recordingFetch((call) => {
      if (call.path === '/api/order-lists' && call.method === 'GET') return jsonResponse(200, summaries);
      if (call.path === '/api/order-lists/7' && call.method === 'GET') return jsonResponse(200, LIST);
      if (call.path === '/api/order-lists/7/move') {
        if (moved) return jsonResponse(404, { error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: 'TEA-9' } });
        moved = true;
        return jsonResponse(200, {
          from: { ...LIST, version: 4, itemCount: 1, lines: [LIST.lines[1]!] },
          to: { ...summaries[1]!, itemCount: 2, version: 2 },
        });
      }
      return undefined;
    });
    await renderApp({ path: '/profile/order-lists/7', fetch });
    const table = await screen.findByRole('table', { name: 'Hétfői rendelés' }, { timeout: 5000 });
    const user = userEvent.setup();
    const coffee = within(table).getByText('KV-001').closest('tr')!;
    const moveCoffee = within(coffee).getByRole('button', {
      name: 'Kávé, őrölt 250 g áthelyezése másik listára',
    });
    // An unsaved quantity: moving waits for it to be saved or dropped.
    const quantity = within(coffee).getByRole('spinbutton', { name: 'Kávé, őrölt 250 g mennyisége' });
    await user.type(quantity, '1');
    expect(moveCoffee).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Mégse' }));
    expect(moveCoffee).toHaveProperty('disabled', false);

    await user.click(moveCoffee);
    const menu = await screen.findByRole('menu', { name: 'Kávé, őrölt 250 g áthelyezése ide:' });
    expect(within(menu).queryByRole('menuitem', { name: 'Hétfői rendelés' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Pénteki rendelés' }));
    expect(await screen.findByText('Kávé, őrölt 250 g átkerült ide: Pénteki rendelés.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/order-lists/7/move')!.body).toEqual({
      sku: 'KV-001',
      toListId: 8,
    });
    // The list shown is the answer's (a new version: the table is drawn again).
    const current = () => screen.getByRole('table', { name: 'Hétfői rendelés' });
    await waitFor(() => expect(within(current()).queryByText('KV-001')).toBeNull());

    // The tea line, moved meanwhile by a colleague: the shop says so and reads the list again.
    const reads = calls.filter((c) => c.path === '/api/order-lists/7' && c.method === 'GET').length;
    const tea = within(current()).getByText('TEA-9').closest('tr')!;
    await user.click(within(tea).getByRole('button', { name: 'Tea, zöld áthelyezése másik listára' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pénteki rendelés' }));
    expect(
      await screen.findByText('Tea, zöld már nincs ezen a listán (közben megváltozott). A lista frissült.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/order-lists/7' && c.method === 'GET').length,
      ).toBeGreaterThan(reads),
    );
  });

  it('says when the list does not exist (another customer’s or deleted)', async () => {
    const { fetch } = recordingFetch((call) =>
      call.path === '/api/order-lists/99'
        ? jsonResponse(404, { error: 'ERR_ORDER_LIST_NOT_FOUND' })
        : undefined,
    );
    await renderApp({ path: '/profile/order-lists/99', fetch });
    expect(await screen.findByText('A rendelési lista nem található.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

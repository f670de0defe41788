import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartResponse } from '@shop/shared/contracts/cart';
import { makeCart, makeItem } from '../../features/cart/cart.fixture';
import { cartProductOf } from '../../features/offline/offline-cart';
import { toastStore } from '../../lib/toast-store';
import { jsonResponse, renderApp } from '../../test/render-app';
import { validToken } from '../../test/tokens';
import { catalogueApi, makeProduct, type ApiCall } from './product.fixture';

// Lazy screens and the lazy toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

const TOASTS = {
  minimum: 'A mennyiséget a legkisebb rendelhető mennyiségre emeltük.',
  maximum: 'A mennyiséget a legnagyobb rendelhető mennyiségre csökkentettük.',
  notAvailable: 'A kért mennyiség nem áll rendelkezésre.',
  step: 'A mennyiséget a rendelési egység többszörösére igazítottuk.',
  added: 'A termék a kosárba került.',
  removed: 'A terméket eltávolítottuk a kosárból.',
  failed: 'Nem sikerült módosítani a termék mennyiségét.',
};

/** Carton 12 is the minimum, pallet 480 the maximum, 100 in stock, step 12. */
const product = makeProduct({ minOrderQuantity: 'carton', maxOrderQuantity: 'pallet', stock: 100 });

function cart(quantity: number): CartResponse {
  const base = cartWithLine(quantity);
  return quantity > 0 ? base : { ...base, cartItems: [], count: 0, cartItemIds: [] };
}

/** The set-product-quantity answer: the fields of docs/product.md §7.2 and the cart as the change left it. */
function quantityAnswer(quantity: number, warnings: string[] = []) {
  return jsonResponse(200, { data: true, quantity, warnings, cart: cart(quantity) });
}

function cartWithLine(quantity: number): CartResponse {
  const line = makeItem(
    {
      quantity,
      lineNet: 0,
      lineWeight: 0,
      product: { ...cartProductOf(product), limits: { minimum: 12, maximum: 480 } },
    },
    product.sku,
  );
  return makeCart([line], {
    shippingAddressId: 1,
    totals: {
      gross: 0,
      net: 0,
      weight: 0,
      pieces: quantity,
      logisticsCost: 0,
      shippingMethodCost: 0,
      grandTotal: 0,
    },
  });
}

async function renderBox(other?: (call: ApiCall) => Response | undefined) {
  localStorage.setItem('access_token', validToken());
  const api = catalogueApi({ products: () => [product], other });
  const view = await renderApp({ path: '/', fetch: api.fetch });
  const box = (await screen.findAllByRole('article', {}, { timeout: 10_000 }))[0]!;
  const input = within(box).getByRole('textbox', { name: 'Mennyiség (db)' }) as HTMLInputElement;
  return { ...view, api, box, input };
}

async function typeQuantity(input: HTMLInputElement, text: string) {
  const user = userEvent.setup();
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

async function toastsShown(...texts: string[]) {
  for (const text of texts) expect(await screen.findByText(text)).toBeTruthy();
}

// The toast store is the app's singleton: start every test without toasts.
beforeEach(() => toastStore.clear());

describe('quantity field', () => {
  it('starts at the smallest orderable quantity', async () => {
    const { input, box } = await renderBox();
    expect(input.value).toBe('12');
    expect(within(box).getByRole('combobox', { name: 'Lépésköz' })).toBeTruthy();
  });

  it('raises a quantity below the minimum at once, with the warning as a toast', async () => {
    const { input } = await renderBox();
    await typeQuantity(input, '5');
    expect(input.value).toBe('12');
    await toastsShown(TOASTS.minimum);
  });

  it('rounds up to the step', async () => {
    const { input } = await renderBox();
    await typeQuantity(input, '13');
    expect(input.value).toBe('24');
    await toastsShown(TOASTS.step);
    expect(toastStore.getToasts().map((toast) => toast.message.key)).toEqual([
      'toasts.order_quantity_step_correction',
    ]);
  });

  it('applies maximum, stock and step in order, each warning a toast', async () => {
    const { input } = await renderBox();
    await typeQuantity(input, '500');
    // 500 → maximum 480 → stock 100 → not a multiple of 12: 108 is over the stock, so 96.
    expect(input.value).toBe('96');
    await toastsShown(TOASTS.maximum, TOASTS.notAvailable, TOASTS.step);
  });

  it('steps by the chosen pack size and corrects at once', async () => {
    const user = userEvent.setup();
    const { input, box } = await renderBox();
    await user.click(within(box).getByRole('button', { name: 'Növelés (Karton)' }));
    expect(input.value).toBe('24');
    await user.selectOptions(within(box).getByRole('combobox', { name: 'Lépésköz' }), 'piece');
    await user.click(within(box).getByRole('button', { name: 'Növelés (Darab)' }));
    expect(input.value).toBe('36');
    await toastsShown(TOASTS.step);
    await user.selectOptions(within(box).getByRole('combobox', { name: 'Lépésköz' }), 'pallet');
    await user.click(within(box).getByRole('button', { name: 'Növelés (Raklap)' }));
    expect(input.value).toBe('96');
    await toastsShown(TOASTS.maximum, TOASTS.notAvailable);
    await user.click(within(box).getByRole('button', { name: 'Csökkentés (Raklap)' }));
    expect(input.value).toBe('0');
    // Unavailable but focusable (aria-disabled): focus stays on it for a keyboard user.
    expect(within(box).getByRole('button', { name: 'Kosárba' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('ignores what is not a quantity', async () => {
    const { input } = await renderBox();
    await typeQuantity(input, 'sok');
    expect(input.value).toBe('12');
  });
});

describe('adding to the cart', () => {
  it('sets the corrected quantity, shows the server warnings and the success toast', async () => {
    const user = userEvent.setup();
    let posted: unknown;
    const { input, box } = await renderBox((call) => {
      if (call.path === '/api/cart/set-product-quantity') {
        posted = call.body;
        return quantityAnswer(72, ['quantity_to_order_is_not_available']);
      }
      return undefined;
    });
    await typeQuantity(input, '84');
    await user.click(within(box).getByRole('button', { name: 'Kosárba' }));
    await toastsShown(TOASTS.notAvailable, TOASTS.added);
    expect(posted).toEqual({ productSku: 'KV-001', quantity: 84 });
    expect(input.value).toBe('72');
    // The cart comes with the answer.
    expect(await within(box).findByText('Kosárban: 72 db')).toBeTruthy();
  });

  it('shows product_quantity_update_unsuccessful when it fails', async () => {
    const user = userEvent.setup();
    const { box } = await renderBox((call) =>
      call.path === '/api/cart/set-product-quantity'
        ? jsonResponse(500, { error: 'ERR_INTERNAL' })
        : undefined,
    );
    await user.click(within(box).getByRole('button', { name: 'Kosárba' }));
    await toastsShown(TOASTS.failed);
  });

  it('shows the quantity in the cart; 0 removes the line', async () => {
    const user = userEvent.setup();
    let inCart = 24;
    const { input, box } = await renderBox((call) => {
      if (call.path === '/api/cart') return jsonResponse(200, cart(inCart));
      if (call.path === '/api/cart/set-product-quantity') {
        inCart = (call.body as { quantity: number }).quantity;
        return quantityAnswer(inCart);
      }
      return undefined;
    });
    expect(await within(box).findByText('Kosárban: 24 db')).toBeTruthy();
    expect(input.value).toBe('24');
    expect(within(box).getByRole('button', { name: 'Módosítás' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(within(box).getByRole('button', { name: 'Csökkentés (Karton)' }));
    await user.click(within(box).getByRole('button', { name: 'Csökkentés (Karton)' }));
    expect(input.value).toBe('0');
    await user.click(within(box).getByRole('button', { name: 'Törlés a kosárból' }));
    await toastsShown(TOASTS.removed);
    await waitFor(() => expect(within(box).queryByText('Kosárban: 24 db')).toBeNull());
    expect(input.value).toBe('12');
  });

  it('costs one request: the cart of the answer replaces the cached one, nothing is fetched again', async () => {
    const user = userEvent.setup();
    const { input, box, api } = await renderBox((call) => {
      // The cart as it was: a GET after the change would bring back 24 pieces.
      if (call.path === '/api/cart') return jsonResponse(200, cart(24));
      if (call.path === '/api/cart/set-product-quantity') return quantityAnswer(48);
      return undefined;
    });
    expect(await within(box).findByText('Kosárban: 24 db')).toBeTruthy();
    const before = api.calls.length;
    await typeQuantity(input, '48');
    await user.click(within(box).getByRole('button', { name: 'Módosítás' }));
    expect(await within(box).findByText('Kosárban: 48 db')).toBeTruthy();
    // Time for a refetch to start if anything asked for one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cartCalls = api.calls.slice(before).filter((call) => /^\/api\/(cart|products)/.test(call.path));
    expect(cartCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/cart/set-product-quantity',
    ]);
    expect(within(box).getByText('Kosárban: 48 db')).toBeTruthy();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';
import { cartApi, makeCart, makeItem, quantityAnswer, type ApiCall } from '../cart.fixture';

// Lazy screens, message namespaces and the toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
});

function signIn(extra: Record<string, unknown> = {}) {
  localStorage.setItem('access_token', validToken(extra));
}

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Kosár' }, { timeout: 5000 });
}

describe('cart main shell', () => {
  it('shows the not-allowed view to anonymous visitors', async () => {
    const api = cartApi();
    await renderApp({ path: '/cart', fetch: api.fetch });
    // The file's first render also loads the lazy cart route's modules (cold): seen at over 5 s on a
    // machine at load 6, so this wait allows 15 s (the file's test timeout is 20 s).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bejelentkezés szükséges' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Kosár' })).toBeNull();
    expect(api.calls.some((call) => call.path === '/api/cart')).toBe(false);
  });

  it('shows the cart-is-empty message (and the quick order) when count is 0', async () => {
    signIn();
    const api = cartApi({ cart: () => makeCart([]) });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    expect(await screen.findByText('A kosár üres.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gyorsrendelés' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tovább az átvételhez és fizetéshez' })).toBeNull();
  });

  it('asks an agent without a current address to choose one, listing customers with notes', async () => {
    signIn({ isAgent: true, id: null });
    const addresses: ShippingAddress[] = [
      {
        shippingAddressId: 5,
        currentShippingAddress: false,
        zip: '1106',
        city: 'Budapest',
        aptSuite: 'Jászberényi út 55.',
        country: 'Magyarország',
        countryCode: 'HU',
        logisticsCost: 0,
        note: 'Kapucsengő: Hoa Sen.',
        routeName: null,
        customerId: 8,
        customer: {
          name: 'Hoa Sen Élelmiszer Kft.',
          email: 'hoasen@example.com',
          taxNumber: null,
          companyRegistrationNumber: null,
          billingAddress: {
            country: 'Magyarország',
            countryCode: 'HU',
            zip: '1106',
            city: 'Budapest',
            aptSuite: 'x',
          },
        },
      },
    ];
    const api = cartApi({
      other: (call) => {
        if (call.path === '/api/cart') return jsonResponse(409, { error: 'ERR_NO_CURRENT_SHIPPING' });
        if (call.path === '/api/shipping-addresses') return jsonResponse(200, addresses);
        if (call.path === '/api/shipping-addresses/set-current') return jsonResponse(200, { data: true });
        return undefined;
      },
    });
    await renderApp({ path: '/cart', fetch: api.fetch });
    expect(
      await screen.findByText(
        'Kérjük, először válasszon szállítási címet (ügyfelet).',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Hoa Sen Élelmiszer Kft.')).toBeTruthy();
    expect(screen.getByText('Kapucsengő: Hoa Sen.')).toBeTruthy();
    expect(screen.getByText(/Magyarország \(HU\)/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Kiválasztás: Hoa Sen/ }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/shipping-addresses/set-current')?.body).toEqual({
        shippingAddressId: 5,
      }),
    );
  });
});

describe('cart page', () => {
  it('shows the lines, the non-orderable warning, the totals and the checkout button', async () => {
    signIn();
    const blocked = makeItem({ orderable: false, quantity: 12 }, 'TEA-002');
    const api = cartApi({ cart: () => makeCart([makeItem(), blocked]) });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    expect(
      await screen.findByText(
        'A kosár nem rendelhető terméket is tartalmaz. Ezeket a rendelés leadásakor automatikusan eltávolítjuk.',
      ),
    ).toBeTruthy();
    const boxes = screen.getAllByRole('article');
    expect(boxes.map((box) => box.getAttribute('data-sku'))).toEqual(['KV-001', 'TEA-002']);
    expect(within(boxes[1]!).getByText('Nem rendelhető – a rendeléskor eltávolítjuk')).toBeTruthy();
    // 24 × 900 Ft + 12 × 900 Ft = 32 400 Ft gross; 36 × 260 g = 9,36 kg.
    const summary = screen.getByTestId('cart-summary');
    expect(within(summary).getByText('32 400 Ft')).toBeTruthy();
    expect(within(summary).getByText('9,36 kg')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' });
    expect(link.getAttribute('href')).toBe('/cart/receipt-and-payment');
    expect(api.calls.filter((call) => call.path === '/api/cart').length).toBeGreaterThan(0);
  });

  it('loads its products with products/all: cart filter, every product, first page, no caching', async () => {
    signIn();
    const requests: URL[] = [];
    const api = cartApi({
      cart: () => makeCart([makeItem(), makeItem({ quantity: 12 }, 'TEA-002')]),
      other: (call) => {
        if (call.path === '/api/products/all') requests.push(new URL(call.url ?? '', 'http://localhost'));
        return undefined;
      },
    });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const box = (await screen.findAllByRole('article'))[1]!;
    // The products/all data: manufacturer, the on-sale flag and the pack barcodes.
    expect(await within(box).findByText('Akciós')).toBeTruthy();
    expect(within(box).getByText(/Alfa Kft\./)).toBeTruthy();
    expect(within(box).getByText('5990000000028')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      inCart: 'true',
      productsPerPage: '99999',
      currentPage: '1',
      caching: 'false',
    });
  });

  it('changes a quantity through set-product-quantity and shows the toast', async () => {
    signIn();
    let quantity = 24;
    const api = cartApi({
      cart: () => makeCart([makeItem({ quantity })]),
      other: (call) => {
        if (call.path !== '/api/cart/set-product-quantity') return undefined;
        quantity = (call.body as { quantity: number }).quantity;
        return quantityAnswer(quantity, makeCart([makeItem({ quantity })]));
      },
    });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const box = (await screen.findAllByRole('article'))[0]!;
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Növelés (Karton)' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/cart/set-product-quantity')?.body).toEqual({
        productSku: 'KV-001',
        quantity: 36,
      }),
    );
    expect(await screen.findByText('A termék a kosárba került.')).toBeTruthy();
    await waitFor(() =>
      expect((within(box).getByRole('textbox', { name: 'Mennyiség (db)' }) as HTMLInputElement).value).toBe(
        '36',
      ),
    );
  });

  it('says removed when a line goes to 0 and reduced when it gets fewer pieces', async () => {
    signIn();
    let quantity = 36;
    const api = cartApi({
      cart: () => makeCart(quantity > 0 ? [makeItem({ quantity })] : []),
      other: (call) => {
        if (call.path !== '/api/cart/set-product-quantity') return undefined;
        quantity = (call.body as { quantity: number }).quantity;
        return quantityAnswer(quantity, makeCart(quantity > 0 ? [makeItem({ quantity })] : []));
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const box = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(box).getByRole('button', { name: 'Csökkentés (Karton)' }));
    expect(await screen.findByText('A termék mennyiségét csökkentettük a kosárban.')).toBeTruthy();
    expect(screen.queryByText('A termék a kosárba került.')).toBeNull();
    await waitFor(() =>
      expect((within(box).getByRole('textbox', { name: 'Mennyiség (db)' }) as HTMLInputElement).value).toBe(
        '24',
      ),
    );
    await user.click(within(box).getByRole('button', { name: /^Eltávolítás a kosárból/ }));
    expect(await screen.findByText('A terméket eltávolítottuk a kosárból.')).toBeTruthy();
    expect(await screen.findByText('A kosár üres.')).toBeTruthy();
  });

  it('costs one request per click: the cart of the answer is shown, the cart and its products are not fetched again', async () => {
    signIn();
    const api = cartApi({
      // The cart as it was: a GET after the change would bring back 24 pieces.
      cart: () => makeCart([makeItem({ quantity: 24 })]),
      other: (call) =>
        call.path === '/api/cart/set-product-quantity'
          ? quantityAnswer(36, makeCart([makeItem({ quantity: 36 })]))
          : undefined,
    });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const box = (await screen.findAllByRole('article'))[0]!;
    const quantityField = () =>
      within(box).getByRole('textbox', { name: 'Mennyiség (db)' }) as HTMLInputElement;
    await waitFor(() => expect(quantityField().value).toBe('24'));
    const before = api.calls.length;
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Növelés (Karton)' }));
    expect(await screen.findByText('A termék a kosárba került.')).toBeTruthy();
    // Time for a refetch to start if anything asked for one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cartCalls = api.calls.slice(before).filter((call) => /^\/api\/(cart|products)/.test(call.path));
    expect(cartCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/cart/set-product-quantity',
    ]);
    expect(quantityField().value).toBe('36');
  });

  it('shows product_quantity_update_unsuccessful when the change fails', async () => {
    signIn();
    const api = cartApi({
      other: (call) =>
        call.path === '/api/cart/set-product-quantity'
          ? jsonResponse(500, { error: 'ERR_INTERNAL' })
          : undefined,
    });
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const box = (await screen.findAllByRole('article'))[0]!;
    await userEvent.setup().click(within(box).getByRole('button', { name: /^Eltávolítás a kosárból/ }));
    expect(await screen.findByText('Nem sikerült módosítani a termék mennyiségét.')).toBeTruthy();
  });

  it('deletes the whole cart only after the confirmation', async () => {
    signIn();
    let deleted = false;
    const api = cartApi({
      cart: () => (deleted ? makeCart([]) : makeCart()),
      other: (call) => {
        if (call.path !== '/api/cart/delete') return undefined;
        deleted = true;
        return jsonResponse(200, { data: true });
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Kosár ürítése' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biztosan üríti a kosarat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mégse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.path === '/api/cart/delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Kosár ürítése' }));
    const again = await screen.findByRole('dialog', { name: 'Biztosan üríti a kosarat?' });
    await user.click(within(again).getByRole('button', { name: 'Kosár ürítése' }));
    expect(await screen.findByText('A kosarat kiürítettük.')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/api/cart/delete')?.method).toBe('DELETE');
    expect(await screen.findByText('A kosár üres.')).toBeTruthy();
  });
});

describe('quick order', () => {
  it('sends the pasted lines and lists what was added, corrected and rejected', async () => {
    signIn();
    const result: CartAdditionResponse = {
      data: true,
      added: [{ line: 1, code: 'KV-001', sku: 'KV-001', requested: 24, quantity: 24, cartQuantity: 48 }],
      corrected: [
        {
          line: 2,
          code: '5990000000012',
          sku: 'TEA-002',
          requested: 5,
          quantity: 12,
          cartQuantity: 12,
          warnings: ['minimum_order_quantity'],
        },
      ],
      rejected: [{ line: 3, code: 'NINCS-ILYEN', reason: 'ERR_PRODUCT_NOT_FOUND' }],
    };
    let posted: ApiCall | undefined;
    const api = cartApi({
      cart: () => makeCart([]),
      other: (call) => {
        if (call.path !== '/api/cart/quick-order') return undefined;
        posted = call;
        return jsonResponse(200, result);
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/cart', fetch: api.fetch });
    await heading();
    const field = await screen.findByRole('textbox', { name: 'Rendelési sorok' });
    await user.type(field, 'KV-001; 24{Enter}5990000000012; 5{Enter}NINCS-ILYEN; 1');
    expect(screen.getByText('3 feldolgozható sor')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hozzáadás a kosárhoz' }));
    const report = await screen.findByTestId('cart-addition-report');
    expect(posted?.body).toEqual({ lines: 'KV-001; 24\n5990000000012; 5\nNINCS-ILYEN; 1' });
    expect(within(report).getByText('1. sor – KV-001: 24 db (a kosárban: 48 db)')).toBeTruthy();
    expect(
      within(report).getByText('2. sor – 5990000000012: kért 5 db, hozzáadva 12 db (a kosárban: 12 db)'),
    ).toBeTruthy();
    expect(
      within(report).getByText('A mennyiséget a legkisebb rendelhető mennyiségre emeltük.'),
    ).toBeTruthy();
    expect(within(report).getByText('3. sor – NINCS-ILYEN: A termék nem található.')).toBeTruthy();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';
import { cartApi, HOME_DELIVERY, makeCart, OPEN_SHOP, type CartApiOptions } from '../cart.fixture';

// Lazy screens, message namespaces and the toast stack load slowly on a busy machine: wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
  localStorage.setItem('access_token', validToken());
});

const PLACE = 'Rendelés leadása';
const BACK = 'Vissza a kosárhoz';

async function renderCheckout(options: CartApiOptions = {}) {
  const api = cartApi(options);
  const view = await renderApp({ path: '/cart/receipt-and-payment', fetch: api.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Átvétel és fizetés' }, { timeout: 5000 });
  await screen.findByText('Lotus Ázsia Market Kft.');
  return { ...view, api };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('receipt and payment', () => {
  it('shows the closed warning with the window and no ordering buttons', async () => {
    await renderCheckout({
      shop: {
        ...OPEN_SHOP,
        closed: true,
        window: { startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' },
      },
    });
    const alert = await screen.findByTestId('shop-closed');
    expect(
      within(alert).getByText('A webáruház jelenleg zárva tart, rendelést nem lehet leadni.'),
    ).toBeTruthy();
    expect(
      within(alert).getByText(
        'Leltár és karbantartás miatt 2024.12.27 16:00 és 2025.01.02 08:00 között nem fogadunk rendelést.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: PLACE })).toBeNull();
    expect(screen.queryByRole('link', { name: BACK })).toBeNull();
  });

  it('announces an upcoming closed window in the shell, keeps ordering open, and can be hidden', async () => {
    const window = { startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' };
    const text =
      'Figyelem: 2024.12.27 16:00 és 2025.01.02 08:00 között a webáruház zárva tart, ezalatt nem fogadunk rendelést. Kérjük, rendelését addig adja le.';
    const { unmount } = await renderCheckout({ shop: { ...OPEN_SHOP, upcoming: window, notice: window } });
    const notice = await screen.findByTestId('closure-notice');
    expect(within(notice).getByText(text)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: PLACE })).toHaveLength(2);
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Értesítés elrejtése' }));
    await waitFor(() => expect(screen.queryByTestId('closure-notice')).toBeNull());
    expect(localStorage.getItem('closure_notice_dismissed')).toBe('2024-12-27T16:00');
    unmount();
    // Hidden for this window on the next visit; a later window is announced again.
    await renderCheckout({ shop: { ...OPEN_SHOP, upcoming: window, notice: window } });
    expect(screen.queryByTestId('closure-notice')).toBeNull();
  });

  it('shows no notice while the window is still far away', async () => {
    await renderCheckout({
      shop: { ...OPEN_SHOP, upcoming: { startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' } },
    });
    expect(screen.getAllByRole('button', { name: PLACE })).toHaveLength(2);
    expect(screen.queryByTestId('closure-notice')).toBeNull();
  });

  it('shows the force-closed warning', async () => {
    await renderCheckout({ shop: { ...OPEN_SHOP, forceClosed: true } });
    const alert = await screen.findByTestId('shop-force-closed');
    expect(
      within(alert).getByText('A rendelésfelvétel átmenetileg szünetel. Kérjük, próbálja újra később.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: PLACE })).toBeNull();
  });

  it('saves the shipping and payment methods and the delivery day; warns for a day within 48 hours', async () => {
    let cart = makeCart();
    const { api } = await renderCheckout({
      cart: () => cart,
      other: (call) => {
        if (call.path === '/api/cart/shipping-method') {
          cart = {
            ...cart,
            currentShippingMethod: { code: 'delivery', name: 'Kiszállítás', cost: 0, isHomeDelivery: true },
          };
        }
        if (call.path === '/api/cart/delivery-date') {
          cart = { ...cart, deliveryDate: (call.body as { deliveryDate: string }).deliveryDate };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    expect(screen.queryByRole('combobox', { name: 'Szállítási nap' })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: HOME_DELIVERY.name }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/cart/shipping-method')?.body).toEqual({
        shippingMethodCode: 'delivery',
      }),
    );
    const select = await screen.findByRole('combobox', { name: 'Szállítási nap' });
    expect(await screen.findByText('Szállítási idősáv: 09:00-15:00')).toBeTruthy();
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(3));
    await user.selectOptions(select, '2026-11-26');
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/cart/delivery-date')?.body).toEqual({
        deliveryDate: '2026-11-26',
      }),
    );
    expect(screen.queryByTestId('within-48-hours')).toBeNull();
    await user.selectOptions(select, '2026-11-23');
    expect(await screen.findByTestId('within-48-hours')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Banki átutalás (8 nap)' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/cart/payment-method')?.body).toEqual({
        paymentMethodId: 11,
      }),
    );
    // Shipping data shows for home delivery.
    expect(await screen.findByRole('heading', { name: 'Szállítási adatok' })).toBeTruthy();
  });

  it('saves the comments after typing pauses', async () => {
    const { api } = await renderCheckout();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Megjegyzés a webáruháznak' }), 'Délelőtt');
    await waitFor(
      () =>
        expect(
          api.calls.filter((call) => call.path === '/api/cart/comments' && call.method === 'PUT').at(-1)
            ?.body,
        ).toEqual({
          commentWebshop: 'Délelőtt',
          commentSupplier: '',
        }),
      { timeout: 3000 },
    );
  });

  it('places the order once, disables Back while placing, then goes home with the success toast', async () => {
    const answer = deferred<Response>();
    const { api, router } = await renderCheckout({
      other: (call) => (call.path === '/api/orders/place-order' ? answer.promise : undefined),
    });
    // Click through the loading state's pointer-events: none, as a fast double click could.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const [top] = screen.getAllByRole('button', { name: PLACE });
    await user.click(top!);
    await user.click(top!);
    await user.click(screen.getAllByRole('button', { name: PLACE })[1]!);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: BACK })[0]!.getAttribute('aria-disabled')).toBe('true'),
    );
    expect(api.calls.filter((call) => call.path === '/api/orders/place-order').length).toBe(1);
    answer.resolve(jsonResponse(200, { data: true, orderId: 77, removedProducts: [] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The toast stack is a lazy chunk: on a busy machine it takes more than the default second.
    expect(
      await screen.findByText(
        'Rendelését rögzítettük, a visszaigazolást e-mailben elküldtük.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(localStorage.getItem('order_success')).toBeNull();
    expect(api.calls.filter((call) => call.path === '/api/orders/place-order').length).toBe(1);
  });

  it('shows the error list at the top and refreshes the cart', async () => {
    const { api } = await renderCheckout({
      other: (call) =>
        call.path === '/api/orders/place-order'
          ? jsonResponse(200, {
              data: [
                { error: 'ERR_OUT_OF_STOCK', params: { sku: 'KV-001', available: 3, requested: 24 } },
                { error: 'ERR_NO_DELIVERY_DATE' },
              ],
            })
          : undefined,
    });
    const before = api.calls.filter((call) => call.path === '/api/cart').length;
    await userEvent.setup().click(screen.getAllByRole('button', { name: PLACE })[0]!);
    const alert = await screen.findByTestId('order-errors');
    expect(within(alert).getByText('KV-001: A termék elfogyott.')).toBeTruthy();
    expect(within(alert).getByText('Kérjük, válasszon szállítási napot.')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/api/cart').length).toBeGreaterThan(before),
    );
    expect(screen.getAllByRole('button', { name: PLACE })[0]!.hasAttribute('disabled')).toBe(false);
  });

  it('treats an answer that is neither true nor a list as ERR_UNKNOWN_ERROR', async () => {
    await renderCheckout({
      other: (call) =>
        call.path === '/api/orders/place-order' ? jsonResponse(200, { data: 'ok' }) : undefined,
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: PLACE })[0]!);
    const alert = await screen.findByTestId('order-errors');
    expect(within(alert).getByText('Ismeretlen hiba történt a rendelés leadásakor.')).toBeTruthy();
  });

  it('shows place_order_error when the request fails', async () => {
    await renderCheckout({
      other: (call) =>
        call.path === '/api/orders/place-order' ? jsonResponse(500, { error: 'ERR_INTERNAL' }) : undefined,
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: PLACE })[0]!);
    expect(await screen.findByText('Hiba történt a rendelés leadása közben.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: PLACE })[0]!.hasAttribute('disabled')).toBe(false),
    );
  });

  it('warns to choose a shipping address first on ERR_NO_CURRENT_SHIPPING', async () => {
    await renderCheckout({
      other: (call) =>
        call.path === '/api/orders/place-order'
          ? jsonResponse(200, { data: [{ error: 'ERR_NO_CURRENT_SHIPPING' }] })
          : undefined,
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: PLACE })[0]!);
    await waitFor(() =>
      expect(toastStore.getToasts().map((toast) => [toast.severity, toast.message.key])).toContainEqual([
        'warning',
        'errors.ERR_NO_CURRENT_SHIPPING',
      ]),
    );
  });

  it('shows the closed snack-bar and the warning when the shop closed meanwhile', async () => {
    let shopClosed = false;
    await renderCheckout({
      other: (call) => {
        if (call.path === '/api/shop/state')
          return jsonResponse(200, { ...OPEN_SHOP, closed: shopClosed, window: null });
        if (call.path !== '/api/orders/place-order') return undefined;
        shopClosed = true;
        return jsonResponse(200, { data: [{ error: 'ERR_SHOP_CLOSED' }] });
      },
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: PLACE })[0]!);
    expect(await screen.findByText('A webáruház zárva tart, a rendelés most nem adható le.')).toBeTruthy();
    expect(await screen.findByTestId('shop-closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: PLACE })).toBeNull();
  });
});

describe('cart route meta', () => {
  it('hides the cart sidebar by its route meta (sidebar: false), which the cart page shows', async () => {
    await renderCheckout();
    expect(document.title).toBe('Átvétel és fizetés | Nagyker Webshop');
    expect(screen.queryByRole('complementary', { name: 'Összesítés' })).toBeNull();
    // The checkout shows the totals in its own column instead.
    expect(screen.getByTestId('cart-summary')).toBeTruthy();
  });

  it('shows the cart sidebar on /cart (route meta sidebar: true)', async () => {
    const api = cartApi();
    await renderApp({ path: '/cart', fetch: api.fetch });
    const aside = await screen.findByRole('complementary', { name: 'Összesítés' }, { timeout: 5000 });
    expect(within(aside).getByRole('link', { name: 'Tovább az átvételhez és fizetéshez' })).toBeTruthy();
  });
});

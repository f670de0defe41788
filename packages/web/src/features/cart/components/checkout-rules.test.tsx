import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';
import { BANK_TRANSFER, cartApi, makeCart, PICKUP } from '../cart.fixture';

// Lazy screens and message namespaces load slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** Text with the formatter's narrow and no-break spaces as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
  localStorage.setItem('access_token', validToken());
});

/** Issue 16 in the checkout: the minimum order value, the credit for deferred methods, the PO number. */
describe('checkout rules', () => {
  const ruled = () =>
    makeCart(undefined, {
      currentShippingMethod: { code: PICKUP.code, name: PICKUP.name, cost: 0, isHomeDelivery: false },
      paymentMethodId: BANK_TRANSFER.id,
      currentPaymentMethod: BANK_TRANSFER,
      purchaseOrderNumberRequired: true,
      minimumOrder: { minimum: 3_000_000, missing: 1_000_000 },
      credit: {
        limit: 5_000_000,
        openBalance: 4_000_000,
        balanceAt: null,
        pending: 900_000,
        available: 100_000,
      },
    });

  it('shows the missing amount, the available credit and marks the deferred method with the reason', async () => {
    const api = cartApi({ cart: ruled });
    await renderApp({ path: '/cart/receipt-and-payment', fetch: api.fetch });
    expect(plain((await screen.findByTestId('minimum-order-missing')).textContent)).toContain(
      'A választott szállítási mód minimális rendelési értéke 30 000 Ft. Még 10 000 Ft értékű termék hiányzik.',
    );
    expect(plain(screen.getByTestId('credit-available').textContent)).toContain(
      'Halasztott fizetéshez elérhető hitelkeret: 1000 Ft',
    );
    const blocked = await screen.findByTestId('payment-method-blocked');
    expect(plain(blocked.textContent)).toContain('meghaladja az elérhető hitelkeretet (1000 Ft)');
    expect(screen.getByTestId('deferred-chosen-blocked')).toBeTruthy();
    // The immediate method stays available.
    expect((screen.getByRole('radio', { name: 'Készpénz' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText('Kötelező: cégük minden rendeléshez megrendelésszámot kér.')).toBeTruthy();
  });

  it('shows nothing of the rules when the cart meets them', async () => {
    const api = cartApi({
      cart: () =>
        makeCart(undefined, {
          paymentMethodId: BANK_TRANSFER.id,
          currentPaymentMethod: BANK_TRANSFER,
          minimumOrder: { minimum: 100, missing: 0 },
          credit: null,
        }),
    });
    await renderApp({ path: '/cart/receipt-and-payment', fetch: api.fetch });
    await screen.findByTestId('purchase-order-number');
    expect(screen.queryByTestId('minimum-order-missing')).toBeNull();
    expect(screen.queryByTestId('credit-available')).toBeNull();
    expect(screen.queryByTestId('payment-method-blocked')).toBeNull();
  });

  it('saves the trimmed purchase-order number on Enter', async () => {
    const api = cartApi({
      cart: ruled,
      other: (call) =>
        call.path === '/api/cart/purchase-order-number' ? jsonResponse(200, { data: true }) : undefined,
    });
    await renderApp({ path: '/cart/receipt-and-payment', fetch: api.fetch });
    const field = await screen.findByTestId('purchase-order-number');
    await userEvent.setup().type(field, '  PO-77 {Enter}');
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/cart/purchase-order-number')?.body).toEqual({
        purchaseOrderNumber: 'PO-77',
      }),
    );
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { createToastStore, toastApi, type ToastStore } from '../lib/toast-store';
import { LIVE_REGION_SETTLE_MS, ToastHost } from './toast-host';

describe('ToastHost', () => {
  let store: ToastStore;

  beforeEach(async () => {
    store = createToastStore();
    const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost store={store} />
      </I18nextProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('hides a success toast after 5 s', () => {
    act(() => void toastApi(store).success('toasts.place_order_error'));
    expect(screen.getByRole('status').textContent).toContain('Hiba történt a rendelés leadása közben.');
    advance(4999);
    expect(screen.queryByRole('status')).not.toBeNull();
    advance(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hides a warning after 10 s', () => {
    act(() => void toastApi(store).warning('toasts.minimum_order_quantity'));
    advance(9999);
    expect(screen.getByRole('alert').textContent).toContain('legkisebb rendelhető mennyiségre');
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps an error until it is closed, bottom-left', async () => {
    act(() => void toastApi(store).error('toasts.product_quantity_update_unsuccessful'));
    advance(10 * 60 * 1000);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Nem sikerült módosítani a termék mennyiségét.');
    expect(screen.getByRole('region', { name: 'Értesítések' })).toBeTruthy();
    const live = screen.getByTestId('toast-live-region');
    expect(getComputedStyle(live).left).toBe('16px');
    expect(getComputedStyle(live).bottom).toBe('16px');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Értesítés bezárása' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks several toasts, each with its own timer', () => {
    act(() => void toastApi(store).success('toasts.place_order_error'));
    advance(3000);
    act(() => void toastApi(store).warning('toasts.maximum_order_quantity'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    advance(2000);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    advance(8000);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is a live region on the page before any toast, and toasts are added inside it', () => {
    const live = screen.getByTestId('toast-live-region');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    act(() => void toastApi(store).success('toasts.place_order_error'));
    expect(screen.getByTestId('toast-live-region')).toBe(live);
    expect(live.textContent).toContain('Hiba történt a rendelés leadása közben.');
    act(() => void toastApi(store).error('toasts.product_quantity_update_unsuccessful'));
    expect(live.contains(screen.getByRole('alert'))).toBe(true);
  });
});

describe('ToastHost loaded for a waiting toast', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the live region first and the toast a moment later, so it is announced', async () => {
    vi.useFakeTimers();
    const store = createToastStore();
    toastApi(store).error('toasts.product_quantity_update_unsuccessful');
    const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost store={store} />
      </I18nextProvider>,
    );
    const live = screen.getByTestId('toast-live-region');
    expect(live.textContent).toBe('');
    act(() => vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS));
    expect(live.textContent).toContain('Nem sikerült módosítani a termék mennyiségét.');
  });
});

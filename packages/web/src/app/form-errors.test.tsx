import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import { cartApi, makeCart } from '../features/cart/cart.fixture';
import type { FetchLike } from '../lib/api-client';
import { toastStore } from '../lib/toast-store';
import { jsonResponse, renderApp } from '../test/render-app';
import { CUSTOMER_ME, validToken } from '../test/tokens';

/**
 * Issue 8: form errors are announced. A field's error marks its input aria-invalid and is the text
 * of the element its aria-describedby points to; a form-level error is an alert (a new one for every
 * failed attempt); toasts and the quick-order report are added to live regions that were on the
 * page before them. Login and registration have their own tests (login-form, registration-form).
 */

// Lazy screens, message namespaces and the toast stack load slowly on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
});

function fakeApi(answers: Record<string, () => Response>) {
  return vi.fn<FetchLike>((url, init) => {
    const answer = answers[`${init.method ?? 'GET'} ${url}`];
    return Promise.resolve(answer ? answer() : jsonResponse(404, { error: 'NOT_FOUND' }));
  });
}

/** The input is invalid and described by an element that says `message`. */
function expectFieldError(input: HTMLElement, message: string | RegExp) {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
}

describe('form errors are announced', () => {
  it('login: every failed attempt is a new alert, and empty fields are described by their errors', async () => {
    const fetch = fakeApi({
      'POST /api/auth/login': () => jsonResponse(401, { error: 'ERR_WRONG_LOGIN_CRED' }),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/login', fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Bejelentkezés' });
    const name = within(dialog).getByLabelText(/^E-mail-cím vagy felhasználónév/, { selector: 'input' });
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    await waitFor(() => expectFieldError(name, 'Kötelező mező.'));
    // Focus goes to the first invalid field, so its error is read with it.
    expect(document.activeElement).toBe(name);

    await user.type(name, 'anna@example.com');
    await user.type(within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' }), 'rossz-jelszo');
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    const first = await within(dialog).findByRole('alert');
    expect(first.textContent).toContain('Hibás');
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    // The same message again: a new alert element, which screen readers announce again.
    await waitFor(() => expect(within(dialog).getByRole('alert')).not.toBe(first));
    expect(within(dialog).getByRole('alert').textContent).toBe(first.textContent);
  });

  it('forgot password: the address field is described by its error; a rejection is an alert', async () => {
    const fetch = fakeApi({
      'POST /api/users/forgot-password': () => jsonResponse(400, { error: 'ERR_EMAIL_NOT_FOUND' }),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/forgot-password', fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Elfelejtett jelszó' });
    const email = within(dialog).getByLabelText(/^E-mail-cím/, { selector: 'input' });
    await user.click(within(dialog).getByRole('button', { name: 'Link küldése' }));
    await waitFor(() => expectFieldError(email, 'Kötelező mező.'));
    await user.type(email, 'nincs@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Link küldése' }));
    expect((await within(dialog).findByRole('alert')).textContent).not.toBe('');
    expect(email.getAttribute('aria-invalid')).toBe('false');
  });

  it('password change: both fields are described by their errors', async () => {
    localStorage.setItem('access_token', validToken());
    const fetch = fakeApi({
      'GET /api/auth/me': () => jsonResponse(200, CUSTOMER_ME),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/profile/change-password', fetch });
    const password = await screen.findByLabelText(/^Új jelszó \*/, { selector: 'input' });
    const verify = screen.getByLabelText(/^Új jelszó még egyszer/, { selector: 'input' });
    await user.type(password, 'abc');
    await user.type(verify, 'xyz');
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expectFieldError(password, 'Új jelszó: legalább 6 karakter szükséges.'));
    expectFieldError(verify, /.+/);
    // The form-level message is a toast in the live region.
    const live = await screen.findByTestId('toast-live-region');
    await waitFor(() => expect(within(live).getByRole('alert').textContent).not.toBe(''));
  });

  it('quick order: rejected lines mark the field invalid and the report, in a live region, describes it', async () => {
    localStorage.setItem('access_token', validToken());
    const result: CartAdditionResponse = {
      data: true,
      added: [],
      corrected: [],
      rejected: [{ line: 1, code: 'NINCS-ILYEN', reason: 'ERR_PRODUCT_NOT_FOUND' }],
    };
    const api = cartApi({
      cart: () => makeCart([]),
      other: (call) => (call.path === '/api/cart/quick-order' ? jsonResponse(200, result) : undefined),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/cart', fetch: api.fetch });
    const field = await screen.findByRole('textbox', { name: 'Rendelési sorok' });
    // The report's live region is on the page, empty, before anything is sent.
    const region = screen.getByRole('status', { name: 'Eredmény' });
    expect(region.textContent).toBe('');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await user.type(field, 'NINCS-ILYEN; 1');
    await user.click(screen.getByRole('button', { name: 'Hozzáadás a kosárhoz' }));
    await waitFor(() => expectFieldError(field, '1. sor – NINCS-ILYEN: A termék nem található.'));
    expect(screen.getByRole('status', { name: 'Eredmény' })).toBe(region);
  });

  it('checkout comments: a failed save marks both fields invalid with the message', async () => {
    localStorage.setItem('access_token', validToken());
    let fail = true;
    const api = cartApi({
      other: (call) =>
        call.path === '/api/cart/comments' && call.method === 'PUT'
          ? fail
            ? jsonResponse(500, { error: 'ERR_UNKNOWN_ERROR' })
            : jsonResponse(200, { data: true })
          : undefined,
    });
    const user = userEvent.setup();
    await renderApp({ path: '/cart/receipt-and-payment', fetch: api.fetch });
    const shop = await screen.findByRole('textbox', { name: 'Megjegyzés a webáruháznak' });
    const supplier = screen.getByRole('textbox', { name: 'Megjegyzés a szállítónak' });
    expect(shop.getAttribute('aria-invalid')).toBe('false');
    await user.type(shop, 'Hívjanak előtte.');
    await user.tab();
    const message = 'Nem sikerült menteni a megjegyzést. Kérjük, próbálja újra.';
    await waitFor(() => expectFieldError(shop, message));
    expectFieldError(supplier, message);
    // Saved on the next try: the error goes away.
    fail = false;
    await user.type(shop, '!');
    await user.tab();
    await waitFor(() => expect(shop.getAttribute('aria-invalid')).toBe('false'));
  });
});

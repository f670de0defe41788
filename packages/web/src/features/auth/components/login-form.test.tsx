import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../../lib/api-client';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { CUSTOMER_ME, validToken } from '../../../test/tokens';

// Screens are lazy modules; on a busy machine their first load can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

type Handler = (body: unknown, headers: Record<string, string>) => Response;

/** A fake API: "METHOD /path" → handler; anything else answers 404. Records every call. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn<FetchLike>((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = init.headers as Record<string, string>;
    calls.push({ key, body, headers });
    const handler = handlers[key];
    return Promise.resolve(handler ? handler(body, headers) : jsonResponse(404, { error: 'NOT_FOUND' }));
  });
  return { fetch, calls };
}

async function openLogin(handlers: Record<string, Handler> = {}) {
  const api = fakeApi(handlers);
  const user = userEvent.setup();
  const app = await renderApp({ path: '/login', fetch: api.fetch });
  const dialog = await screen.findByRole('dialog', { name: 'Bejelentkezés' }, { timeout: 5000 });
  return { ...app, ...api, user, dialog };
}

describe('login dialog', () => {
  it('asks for both fields only after the first submit, then follows each change', async () => {
    const { user, dialog, calls } = await openLogin();
    const name = within(dialog).getByLabelText(/E-mail-cím vagy felhasználónév/);
    const password = within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' });
    expect(name.getAttribute('aria-invalid')).toBe('false');
    await user.type(name, 'x');
    await user.clear(name);
    expect(within(dialog).queryByText('Kötelező mező.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    expect(await within(dialog).findAllByText('Kötelező mező.')).toHaveLength(2);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Kötelező mező.');
    expect(calls.filter((call) => call.key === 'POST /api/auth/login')).toHaveLength(0);

    // From now on the rules follow every change.
    await user.type(name, 'anna');
    await waitFor(() => expect(within(dialog).getAllByText('Kötelező mező.')).toHaveLength(1));
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the wrong-credentials message for any 401, and other codes translated', async () => {
    let status = 401;
    let code = 'USER_NOT_FOUND';
    const { user, dialog } = await openLogin({
      'POST /api/auth/login': () => jsonResponse(status, { error: code }),
    });
    await user.type(within(dialog).getByLabelText(/E-mail-cím vagy felhasználónév/), 'anna@example.com');
    await user.type(within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' }), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Hibás e-mail-cím vagy jelszó.');

    status = 403;
    code = 'INACTIVE_USER';
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('még nem hagyták jóvá'),
    );
  });

  it('offers a new confirmation mail to a registration whose address is not confirmed yet', async () => {
    let emailVerified = true;
    const { user, dialog, calls } = await openLogin({
      'POST /api/auth/login': () => jsonResponse(403, { error: 'INACTIVE_USER', params: { emailVerified } }),
      'POST /api/users/resend-verification': () => jsonResponse(200, { data: true }),
    });
    await user.type(within(dialog).getByLabelText(/E-mail-cím vagy felhasználónév/), ' anna@example.com');
    await user.type(within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' }), 'secret-pw');
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    await within(dialog).findByRole('alert');
    // Confirmed and waiting for approval: nothing to send again.
    expect(within(dialog).queryByRole('button', { name: 'Megerősítő e-mail újraküldése' })).toBeNull();

    emailVerified = false;
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Megerősítő e-mail újraküldése' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Új megerősítő e-mailt küldtünk a(z) anna@example.com címre. A benne lévő link 7 napig érvényes.',
    );
    expect(
      calls.filter((call) => call.key === 'POST /api/users/resend-verification').map((c) => c.body),
    ).toEqual([{ email: 'anna@example.com' }]);
  });

  it('shows and hides the password', async () => {
    const { user, dialog } = await openLogin();
    const password = within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Jelszó megjelenítése' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(within(dialog).getByRole('button', { name: 'Jelszó elrejtése' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('stores the token and closes to the shop root', async () => {
    const token = validToken();
    const { user, dialog, calls, router } = await openLogin({
      'POST /api/auth/login': () => jsonResponse(200, { access_token: token }),
      'GET /api/auth/me': () => jsonResponse(200, { ...CUSTOMER_ME, name: 'Anna Kft.' }),
    });
    await user.type(within(dialog).getByLabelText(/E-mail-cím vagy felhasználónév/), ' Anna@Example.com ');
    await user.type(within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' }), 'secret1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maradjak bejelentkezve' }));
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(calls.find((call) => call.key === 'POST /api/auth/login')?.body).toEqual({
      emailorusername: 'Anna@Example.com',
      password: 'secret1',
      keepMeLoggedIn: true,
    });
    expect(await screen.findByRole('button', { name: 'Kijelentkezés' })).toBeTruthy();
    // The new session asks whether a password change is due, with the new token.
    await waitFor(() => expect(calls.some((call) => call.key === 'GET /api/auth/me')).toBe(true));
    expect(calls.find((call) => call.key === 'GET /api/auth/me')?.headers.Authorization).toBe(
      `Bearer ${token}`,
    );
  });
});

describe('forced password change', () => {
  const first = validToken({ tv: 0 });
  const second = validToken({ tv: 1 });

  function forcedApi(extra: Record<string, Handler> = {}) {
    let changed = false;
    return {
      'POST /api/auth/login': () => jsonResponse(200, { access_token: first, reset: true }),
      'GET /api/auth/me': () =>
        jsonResponse(200, {
          userId: 42,
          customerId: 7,
          isAgent: false,
          name: 'Kényszer Bt.',
          mustChangePassword: !changed,
          currentCustomerId: 7,
        }),
      'POST /api/users/change-password': (body: unknown) => {
        if ((body as { password: string }).password === 'server-refuses') {
          return jsonResponse(400, { error: 'ERR_VALIDATION' });
        }
        changed = true;
        return jsonResponse(200, { data: true, access_token: second });
      },
      ...extra,
    };
  }

  it('opens after a login with the reset flag, cannot be dismissed, and unlocks the shop after a change', async () => {
    const { user, dialog, calls } = await openLogin(forcedApi());
    await user.type(within(dialog).getByLabelText(/E-mail-cím vagy felhasználónév/), 'forced@example.com');
    await user.type(within(dialog).getByLabelText(/^Jelszó/, { selector: 'input' }), 'forced123');
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));

    const forced = await screen.findByRole('dialog', { name: 'Kedves Vásárlónk!' });
    const description = within(forced).getByText(/automatikusan létrehozott jelszót/);
    expect(forced.getAttribute('aria-describedby')).toBe(description.id);
    // The theme's error red (#C62828).
    expect(getComputedStyle(description).color).toBe('rgb(198, 40, 40)');
    expect(getComputedStyle(forced).maxWidth).toBe('800px');

    // Persistent: Escape and the backdrop leave it open.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeTruthy();

    // The forced form follows the reset form's rules.
    await user.click(within(forced).getByRole('button', { name: 'Mentés' }));
    expect(await within(forced).findAllByText('Kötelező mező.')).toHaveLength(2);
    const toast = await screen.findByText('Kérjük, ellenőrizze a megadott adatokat.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    await user.type(within(forced).getByLabelText(/^Új jelszó \*/, { selector: 'input' }), 'server-refuses');
    await user.type(
      within(forced).getByLabelText(/^Új jelszó még egyszer/, { selector: 'input' }),
      'server-refuses',
    );
    await user.click(within(forced).getByRole('button', { name: 'Mentés' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((alert) => alert.textContent?.includes('A megadott adatok hibásak')),
      ).toBe(true),
    );
    expect(screen.getByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeTruthy();

    const newPassword = within(forced).getByLabelText(/^Új jelszó \*/, { selector: 'input' });
    const verify = within(forced).getByLabelText(/^Új jelszó még egyszer/, { selector: 'input' });
    await user.clear(newPassword);
    await user.clear(verify);
    await user.type(newPassword, 'brand-new-1');
    await user.type(verify, 'brand-new-1');
    await user.click(within(forced).getByRole('button', { name: 'Mentés' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeNull());
    expect(localStorage.getItem('access_token')).toBe(second);
    expect(
      calls.filter((call) => call.key === 'POST /api/users/change-password').at(-1)?.headers.Authorization,
    ).toBe(`Bearer ${first}`);
    expect(await screen.findByText('Jelszavát sikeresen megváltoztattuk.')).toBeTruthy();
    // The new token asks again and hears that no change is due any more.
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.key === 'GET /api/auth/me' && call.headers.Authorization === `Bearer ${second}`,
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeNull();
  });

  it('opens for a stored session when /api/auth/me says so, and logging out closes it', async () => {
    localStorage.setItem('access_token', first);
    const api = fakeApi(forcedApi());
    const user = userEvent.setup();
    await renderApp({ fetch: api.fetch });
    const forced = await screen.findByRole('dialog', { name: 'Kedves Vásárlónk!' });
    await user.click(within(forced).getByRole('button', { name: 'Kijelentkezés' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeNull());
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('opens when any call answers ERR_PASSWORD_CHANGE_REQUIRED', async () => {
    localStorage.setItem('access_token', first);
    const api = fakeApi({
      'GET /api/auth/me': () => jsonResponse(500, { error: 'ERR_INTERNAL' }),
      'GET /api/users/get-user-data': () => jsonResponse(403, { error: 'ERR_PASSWORD_CHANGE_REQUIRED' }),
    });
    await renderApp({ path: '/profile', fetch: api.fetch });
    expect(await screen.findByRole('dialog', { name: 'Kedves Vásárlónk!' })).toBeTruthy();
  });
});

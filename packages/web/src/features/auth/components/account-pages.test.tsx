import { configure, act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../../lib/api-client';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';
import { VERIFY_REDIRECT_MS } from './verify-email-page';

// Screens are lazy modules; on a busy machine their first load can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

const CODE = 'A'.repeat(43);

describe('verify page', () => {
  afterEach(() => vi.useRealTimers());

  it('confirms at once, says staff approve within 48-72 hours, and goes home after 7,500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, { data: true })));
    const { router } = await renderApp({ path: `/user/12/verify/${CODE}`, fetch });
    const success = await screen.findByText(/48–72 órán belül/, {}, { timeout: 5000 });
    const box = success.closest('.MuiAlert-root') as HTMLElement;
    expect(box.getAttribute('role')).toBe('status');
    expect(box.textContent).toContain('E-mail-cím megerősítve');
    expect(getComputedStyle(box).width).toBe('550px');
    expect(getComputedStyle(box).maxWidth).toBe('80%');
    expect(fetch.mock.calls.filter(([url]) => url === `/api/users/12/verify/${CODE}`)).toHaveLength(1);
    expect(await screen.findByText('E-mail-címét sikeresen megerősítette.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(VERIFY_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe(`/user/12/verify/${CODE}`);
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(VERIFY_REDIRECT_MS).toBe(7500);
  });

  it('shows the translated error in an error alert', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(409, { error: 'ERR_ALREADY_VER' })));
    const { router } = await renderApp({ path: `/user/12/verify/${CODE}`, fetch });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('A megerősítés nem sikerült');
    expect(alert.textContent).toContain('A regisztrációt már megerősítette.');
    expect(router.state.location.pathname).toBe(`/user/12/verify/${CODE}`);
  });
});

describe('reset-password page', () => {
  async function openReset(answer: (body: { newPassword: string }) => Response) {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = vi.fn<FetchLike>(async (url, init) => {
      if (url === `/api/users/12/reset-password/${CODE}` && init.method === 'POST') {
        await gate;
        return answer(JSON.parse(init.body as string) as { newPassword: string });
      }
      return jsonResponse(404, { error: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const app = await renderApp({ path: `/user/12/reset-password/${CODE}`, fetch });
    await screen.findByRole('heading', { level: 1, name: 'Új jelszó beállítása' }, { timeout: 5000 });
    const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
    return {
      ...app,
      user,
      fetch,
      release,
      newPassword: input(/^Új jelszó \*/),
      verify: input(/^Új jelszó még egyszer/),
    };
  }

  it('checks 6-128 characters and equality only after the first submit', async () => {
    const { user, newPassword, verify, fetch } = await openReset(() => jsonResponse(200, { data: true }));
    await user.type(newPassword, 'abc');
    await user.type(verify, 'xyz');
    expect(screen.queryByText('Új jelszó: legalább 6 karakter szükséges.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('Új jelszó: legalább 6 karakter szükséges.')).toBeTruthy();
    expect(
      (await screen.findByText('Kérjük, ellenőrizze a megadott adatokat.')).closest('[role="alert"]'),
    ).not.toBeNull();
    await user.type(newPassword, 'def');
    expect(await screen.findByText('A két jelszó nem egyezik.')).toBeTruthy();
    await user.paste('x'.repeat(130));
    expect(await screen.findByText('Új jelszó: legfeljebb 128 karakter adható meg.')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.includes('reset-password'))).toBe(false);
  });

  it('turns invalid while the server decides and valid again when it rejects, with the code as a toast', async () => {
    const { user, newPassword, verify, release } = await openReset(() =>
      jsonResponse(400, { error: 'ERR_FORGOT_PASSWORD_LINK' }),
    );
    await user.type(newPassword, 'new-secret');
    await user.type(verify, 'new-secret');
    const save = screen.getByRole('button', { name: 'Mentés' });
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    release();
    const toast = await screen.findByText('A jelszó-visszaállító link érvénytelen vagy lejárt.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the reset-success dialog that leads to the login; a stored session ends', async () => {
    localStorage.setItem('access_token', validToken());
    const { user, newPassword, verify, release, fetch, router } = await openReset(() =>
      jsonResponse(200, { data: true }),
    );
    await user.type(newPassword, 'new-secret');
    await user.type(verify, 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Új jelszó beállítva' });
    expect(within(dialog).getByText('Új jelszavát beállítottuk, most már bejelentkezhet vele.')).toBeTruthy();
    const call = fetch.mock.calls.find(([url]) => url.includes('reset-password'));
    expect(JSON.parse(call?.[1].body as string)).toEqual({ newPassword: 'new-secret' });
    expect(localStorage.getItem('access_token')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Bejelentkezés' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: 'Bejelentkezés' })).toBeTruthy();
  });
});

describe('forgot-password dialog', () => {
  it('needs the e-mail address, then sends the link and says so', async () => {
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        url === '/api/users/forgot-password'
          ? jsonResponse(200, { data: true })
          : jsonResponse(404, { error: 'NOT_FOUND' }),
      ),
    );
    const user = userEvent.setup();
    const { router } = await renderApp({ path: '/forgot-password', fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Elfelejtett jelszó' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Link küldése' }));
    expect(await within(dialog).findByText('Kötelező mező.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^E-mail-cím/), 'Anna@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Link küldése' }));
    expect(await screen.findByText('A jelszó-visszaállító linket elküldtük e-mailben.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = fetch.mock.calls.find(([url]) => url === '/api/users/forgot-password');
    expect(JSON.parse(call?.[1].body as string)).toEqual({ email: 'anna@example.com' });
  });

  it('shows a rejected address translated', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(404, { error: 'ERR_NO_USER_FOUND' })));
    const user = userEvent.setup();
    await renderApp({ path: '/forgot-password', fetch });
    const dialog = await screen.findByRole('dialog', { name: 'Elfelejtett jelszó' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText(/^E-mail-cím/), 'nobody@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Link küldése' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ezzel az e-mail-címmel nincs regisztrált felhasználó.',
    );
  });
});

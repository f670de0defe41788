import { makeCart } from '../features/cart/cart.fixture';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../lib/api-client';
import { getNavigationSignal } from '../lib/navigation-abort';
import { jsonResponse, renderApp } from '../test/render-app';
import { validToken } from '../test/tokens';

async function shellReady() {
  return screen.findByRole('heading', { level: 1, name: 'Termékek' }, { timeout: 5000 });
}

describe('app shell', () => {
  it('renders in Hungarian by default, with landmarks and a skip link', async () => {
    await renderApp();
    await shellReady();
    expect(document.documentElement.lang).toBe('hu');
    await waitFor(() => expect(document.title).toBe('Termékek | Nagyker Webshop'));
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ugrás a tartalomra' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByRole('search', { name: 'Keresés a termékek között' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bejelentkezés' })).toBeTruthy();
    const legal = screen.getByRole('navigation', { name: 'Jogi információk és letöltések' });
    const links = within(legal)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Jogi információk', '/legal-information'],
      ['Vásárlási tájékoztató', '/how-to-buy'],
      ['Kapcsolat', '/contact'],
      ['Adatkezelési tájékoztató', '/privacy-policy'],
      ['Akciós újság', '/special-offer'],
      ['Letöltések', '/downloads'],
    ]);
  });

  it('switches to English with the language switch and remembers it', async () => {
    const user = userEvent.setup();
    await renderApp();
    await shellReady();
    const languageButton = screen.getByRole('button', { name: /^Nyelv/ });
    expect(languageButton.getAttribute('aria-label')).toBe('Nyelv: Magyar');
    expect(languageButton.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(languageButton);
    const menu = await screen.findByRole('menu');
    expect(languageButton.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Magyar', 'English', 'Tiếng Việt', '中文']);
    await user.click(within(menu).getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Legal information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Products | Wholesale Webshop'));
  });

  it('starts in the stored language and sends it as Accept-Language', async () => {
    localStorage.setItem('language', 'vi');
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(404, { error: 'NOT_FOUND' })));
    await renderApp({ path: '/contact', fetch });
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi');
    const headers = fetch.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('vi');
  });

  it('ignores an unknown stored language and falls back to hu', async () => {
    localStorage.setItem('language', 'de');
    await renderApp();
    await shellReady();
    expect(document.documentElement.lang).toBe('hu');
  });
});

describe('routes', () => {
  it.each([
    '/cart',
    '/cart/receipt-and-payment',
    '/profile',
    '/profile/change-password',
    '/profile/order-history',
  ])('%s shows the not-allowed view to anonymous visitors', async (path) => {
    await renderApp({ path });
    expect(await screen.findByRole('heading', { name: 'Bejelentkezés szükséges' })).toBeTruthy();
    expect(screen.getByText('Az oldal megtekintéséhez be kell jelentkeznie.')).toBeTruthy();
  });

  it.each([
    ['/profile/order-history', 'Rendelési előzmények'],
    ['/cart', 'Kosár'],
    ['/cart/receipt-and-payment', 'Átvétel és fizetés'],
  ])('%s shows its title as the heading when logged in', async (path, title) => {
    localStorage.setItem('access_token', validToken());
    await renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} | Nagyker Webshop`));
  });

  it.each([
    ['/on-sale-products', 'Akciós termékek'],
    ['/seasonal-products', 'Szezonális termékek'],
    ['/ordered-products', 'Korábban rendelt termékek'],
    ['/category/italok', 'Kategória'],
    ['/category/italok/asvanyviz', 'Alkategória'],
    ['/user/12/verify/abc', 'Regisztráció megerősítése'],
    ['/user/12/reset-password/abc', 'Új jelszó beállítása'],
  ])('%s has its screen', async (path, heading) => {
    await renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each([
    ['/login', 'Bejelentkezés'],
    ['/registration', 'Regisztráció'],
    ['/forgot-password', 'Elfelejtett jelszó'],
  ])('%s opens as a dialog over the listing, and closes to /', async (path, title) => {
    const user = userEvent.setup();
    const { router } = await renderApp({ path });
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(document.title).toBe(`${title} | Nagyker Webshop`));
    await user.click(within(dialog).getByRole('button', { name: 'Bezárás' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each(['/login', '/registration', '/forgot-password'])('%s sends a logged-in user to /', async (path) => {
    localStorage.setItem('access_token', validToken());
    const { router } = await renderApp({ path });
    await shellReady();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the header login button opens the login dialog', async () => {
    const user = userEvent.setup();
    await renderApp();
    await shellReady();
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }));
    expect(await screen.findByRole('dialog', { name: 'Bejelentkezés' })).toBeTruthy();
  });
});

/** The URLs a mocked fetch was called with, without the shell's own shop-state call. */
function contentCalls(fetch: { mock: { calls: readonly (readonly unknown[])[] } }): unknown[] {
  return fetch.mock.calls.map((call) => call[0]).filter((url) => url !== '/api/shop/state');
}

describe('content pages', () => {
  it('shows the not-found view when the content call answers 404', async () => {
    let answer: (response: Response) => void = () => undefined;
    // The shell asks for the shop state (closure notice) on its own; only the content call is held.
    const fetch = vi.fn<FetchLike>((url) =>
      url === '/api/shop/state'
        ? Promise.resolve(jsonResponse(404, { error: 'NOT_FOUND' }))
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    await renderApp({ path: '/no-such-page', fetch });
    expect(await screen.findByText('A tartalom betöltése folyamatban…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Az oldal nem található' })).toBeNull();
    expect(contentCalls(fetch)).toEqual(['/api/contents/no-such-page']);
    act(() => answer(jsonResponse(404, { error: 'NOT_FOUND' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Az oldal nem található' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Az oldal nem található | Nagyker Webshop'));
    expect(screen.getByRole('link', { name: 'Vissza a főoldalra' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found view when the server cannot be reached', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderApp({ path: '/how-to-buy', fetch });
    expect(await screen.findByRole('heading', { name: 'Az oldal nem található' })).toBeTruthy();
    // The first try and five retries, 3000 ms apart (the shell's shop-state call is not counted).
    expect(contentCalls(fetch)).toEqual(Array.from({ length: 6 }, () => '/api/contents/how-to-buy'));
  });

  it('shows a found page with its title and the HTML without scripts; inner links stay in the app', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        url === '/api/contents/contact'
          ? jsonResponse(200, {
              title: 'Kapcsolat',
              description:
                '<p>Írjon nekünk!<script>window.hacked = true</script></p><a href="/how-to-buy" onclick="window.hacked = true">Vásárlás menete</a><img src="x" onerror="window.hacked = true">',
            })
          : jsonResponse(404, { error: 'NOT_FOUND' }),
      ),
    );
    const { router } = await renderApp({ path: '/contact', fetch });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Kapcsolat' })).closest('article');
    expect(article).not.toBeNull();
    expect(within(article!).getByText('Írjon nekünk!')).toBeTruthy();
    expect(article!.querySelector('script')).toBeNull();
    expect(article!.querySelector('[onclick], [onerror]')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Kapcsolat | Nagyker Webshop'));
    await user.click(within(article!).getByRole('link', { name: 'Vásárlás menete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/how-to-buy'));
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });
});

describe('cookie consent', () => {
  it('disappears after a choice and stays hidden on reload', async () => {
    const user = userEvent.setup();
    const first = await renderApp();
    await shellReady();
    const banner = screen.getByRole('region', { name: 'Sütiket használunk' });
    expect(within(banner).getByRole('link', { name: 'Adatkezelési tájékoztató' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    await user.click(within(banner).getByRole('button', { name: 'Elfogadom' }));
    expect(screen.queryByRole('region', { name: 'Sütiket használunk' })).toBeNull();
    expect(localStorage.getItem('cookie_consent')).toBe('accepted');
    first.unmount();

    await renderApp();
    await shellReady();
    expect(screen.queryByRole('region', { name: 'Sütiket használunk' })).toBeNull();
  });

  it('remembers a decline too', async () => {
    const user = userEvent.setup();
    await renderApp();
    await shellReady();
    await user.click(screen.getByRole('button', { name: 'Elutasítom' }));
    expect(screen.queryByRole('region', { name: 'Sütiket használunk' })).toBeNull();
    const { getCookieConsent } = await import('../lib/cookie-consent');
    expect(getCookieConsent()).toBe('declined');
  });
});

describe('search', () => {
  it('refuses fewer than 3 characters and shows the rule', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp();
    await shellReady();
    const input = screen.getByRole('searchbox', { name: 'Keresés a termékek között' });
    await user.type(input, 'ab{Enter}');
    const rule = await screen.findByText('Legalább 3 karaktert adjon meg a kereséshez.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(rule.id);
    expect(router.state.location.pathname).toBe('/');

    await user.type(input, 'c{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Találatok erre: „abc”' })).toBeTruthy();
    expect(screen.queryByText('Legalább 3 karaktert adjon meg a kereséshez.')).toBeNull();
  });

  it('searches by SKU with the toggle', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp();
    await shellReady();
    const skuToggle = screen.getByRole('button', { name: 'Cikkszám' });
    expect(skuToggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(skuToggle);
    expect(skuToggle.getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByRole('searchbox', { name: 'Keresés a termékek között' }), ' 10-200 {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sku=10-200'));
    expect(
      await screen.findByRole('heading', { name: 'Találatok erre a cikkszámra: „10-200”' }),
    ).toBeTruthy();
    // The box keeps the search it shows.
    expect(
      (screen.getByRole('searchbox', { name: 'Keresés a termékek között' }) as HTMLInputElement).value,
    ).toBe('10-200');
    expect(screen.getByRole('button', { name: 'Cikkszám' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('authenticated header', () => {
  it('has profile, cart and logout; the cart button opens the cart drawer', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access_token', validToken());
    await renderApp({
      fetch: (input) =>
        Promise.resolve(
          String(input).endsWith('/api/cart')
            ? jsonResponse(200, makeCart([]))
            : jsonResponse(404, { error: 'NOT_FOUND' }),
        ),
    });
    await shellReady();
    expect(screen.queryByRole('button', { name: 'Bejelentkezés' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/profile');
    await user.click(screen.getByRole('button', { name: 'Kosár' }));
    const drawer = await screen.findByRole('dialog', { name: 'Kosár' });
    expect(await within(drawer).findByText('A kosár üres.')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Kosár bezárása' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kosár' })).toBeNull());
  });

  it('logout removes the token and the product-news flag and goes home', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access_token', validToken());
    localStorage.setItem('product_news_shown', '1');
    const { router } = await renderApp({ path: '/profile/order-history' });
    await screen.findByRole('heading', { level: 1, name: 'Rendelési előzmények' });
    await user.click(screen.getByRole('button', { name: 'Kijelentkezés' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('product_news_shown')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Bejelentkezés' })).toBeTruthy();
  });

  it('shows the session-expired toast after a reload caused by an expired session', async () => {
    localStorage.setItem('session_expired', '1');
    await renderApp();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A munkamenete lejárt. Kérjük, jelentkezzen be újra.',
    );
    expect(localStorage.getItem('session_expired')).toBeNull();
  });
});

describe('navigation', () => {
  it('reports page views from the second navigation on, without waiting for them', async () => {
    const onPageView = vi.fn(() => new Promise<void>(() => undefined));
    const { router } = await renderApp({ onPageView });
    await shellReady();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onPageView).not.toHaveBeenCalled();

    await act(() => router.navigate('/on-sale-products'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Akciós termékek' })).toBeTruthy();
    await waitFor(() => expect(onPageView).toHaveBeenCalledWith('/on-sale-products', 'hu'));

    await act(() => router.navigate('/search?q=alma'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Találatok erre: „alma”' })).toBeTruthy();
    await waitFor(() => expect(onPageView).toHaveBeenLastCalledWith('/search?q=alma', 'hu'));
    expect(onPageView).toHaveBeenCalledTimes(2);
  });

  it('a failing page-view report never breaks navigation', async () => {
    const onPageView = vi.fn(() => {
      throw new Error('tracking down');
    });
    const { router } = await renderApp({ onPageView });
    await shellReady();
    await act(() => router.navigate('/seasonal-products'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Szezonális termékek' })).toBeTruthy();
    await waitFor(() => expect(onPageView).toHaveBeenCalledTimes(1));
    await act(() => router.navigate('/'));
    expect(await shellReady()).toBeTruthy();
  });

  it('aborts pending requests on navigation; requests of the new page go through', async () => {
    const fetch = vi.fn<FetchLike>((url, init) => {
      if (url === '/api/slow') {
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      return Promise.resolve(
        jsonResponse(200, { title: 'Vásárlási tájékoztató', description: '<p>Így vásárolhat.</p>' }),
      );
    });
    const { router, apiClient } = await renderApp({ fetch });
    await shellReady();
    const before = getNavigationSignal();
    const pending = expect(apiClient.get('/slow')).rejects.toMatchObject({
      name: 'AbortError',
      abortedBy: 'navigation',
    });
    const unscoped = apiClient.get('/slow', { navigationScoped: false });
    await act(() => router.navigate('/how-to-buy'));
    expect(before.aborted).toBe(true);
    expect(getNavigationSignal().aborted).toBe(false);
    await pending;
    expect(await screen.findByRole('heading', { level: 1, name: 'Vásárlási tájékoztató' })).toBeTruthy();
    let settled = false;
    void unscoped.finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/shared/contracts/products';
import { createI18n } from '../../../i18n/i18n';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { ApiClientProvider } from '../../../lib/api-client-context';
import { authStore } from '../../../lib/auth-store';
import { validToken } from '../../../test/tokens';
import { NEWS_LAST_SHOWN_KEY } from '../lib/news-schedule';
import { NewsHost } from './news-host';

// The machine may be busy: give lazy routes and queries time to settle.
configure({ asyncUtilTimeout: 5000 });

const T0 = Date.parse('2026-03-15T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const NEWS = {
  title: 'Új termékek érkeztek',
  description:
    '<p>Friss kínálat!</p><img src="x" onerror="window.__newsXss = true"><script>window.__newsXss = true</script>',
};

function product(sku: string, name: string, currentPrice: number): Product {
  return {
    id: sku.length,
    sku,
    productDetails: [{ language: 'hu', name, description: '' }],
    prices: [],
    currentPrice,
    vat: 27,
    weight: 100,
    image: null,
    stock: 10,
    stockStatus: 'in_stock',
    isActive: true,
    isOrderable: true,
    isSeasonal: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
    orderQuantityStep: 1,
    lastOrderedQuantity: 0,
    packSizes: [],
    categories: [],
    manufacturer: null,
    description: '',
    discount: true,
    priceChanged: false,
  };
}

interface Server {
  fetch: FetchLike & ReturnType<typeof vi.fn>;
  calls: () => string[];
}

function server(options: { news?: boolean; products?: Product[] } = {}): Server {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/news/current')
      return options.news === false ? json(404, { error: 'NOT_FOUND' }) : json(200, NEWS);
    if (url === '/api/news/current/products') return json(200, { products: options.products ?? [] });
    return json(404, { error: 'NOT_FOUND' });
  });
  return { fetch: fetch as Server['fetch'], calls: () => fetch.mock.calls.map((call) => String(call[0])) };
}

async function renderHost(fetch: FetchLike, now: () => number) {
  const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
  const client = createApiClient({
    fetch,
    getToken: () => authStore.getToken(),
    getLanguage: () => 'hu',
    retryDelayMs: 1,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>
          <MemoryRouter>
            <NewsHost now={now} />
          </MemoryRouter>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('news pop-up', () => {
  let clock = T0;
  const now = () => clock;

  beforeEach(() => {
    clock = T0;
    localStorage.setItem('cookie_consent', 'accepted');
  });
  afterEach(() => {
    authStore.logout();
    delete (window as { __newsXss?: boolean }).__newsXss;
  });

  it('shows the current news once, stores the time, and the floating button opens it again', async () => {
    const user = userEvent.setup();
    const { fetch } = server();
    const view = await renderHost(fetch, now);
    const dialog = await screen.findByRole('dialog', { name: NEWS.title });
    expect(within(dialog).getByText('Friss kínálat!')).toBeTruthy();
    expect(localStorage.getItem(NEWS_LAST_SHOWN_KEY)).toBe(String(T0));
    // The script and the event handler of the text never run.
    expect(dialog.innerHTML).not.toMatch(/onerror|<script/i);
    expect((window as { __newsXss?: boolean }).__newsXss).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Rendben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Hírek' }));
    expect(await screen.findByRole('dialog', { name: NEWS.title })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bezárás' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.unmount();
  });

  it('does not open by itself again within 24 hours, and does after 24 hours', async () => {
    localStorage.setItem(NEWS_LAST_SHOWN_KEY, String(T0));
    clock = T0 + 23 * HOUR;
    const first = await renderHost(server().fetch, now);
    // The news exists (the floating button shows), but the pop-up stays closed.
    expect(await screen.findByRole('button', { name: 'Hírek' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened later with the floating button: the text is sanitised then, and shows.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hírek' }));
    const reopened = await screen.findByRole('dialog', { name: NEWS.title });
    expect(within(reopened).getByText('Friss kínálat!')).toBeTruthy();
    expect(reopened.innerHTML).not.toMatch(/onerror|<script/i);
    first.unmount();

    clock = T0 + 24 * HOUR;
    await renderHost(server().fetch, now);
    expect(await screen.findByRole('dialog', { name: NEWS.title })).toBeTruthy();
    expect(localStorage.getItem(NEWS_LAST_SHOWN_KEY)).toBe(String(T0 + 24 * HOUR));
  });

  it('shows nothing when there is no current news (404)', async () => {
    const { fetch, calls } = server({ news: false });
    await renderHost(fetch, now);
    await waitFor(() => expect(calls()).toContain('/api/news/current'));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hírek' })).toBeNull();
    expect(localStorage.getItem(NEWS_LAST_SHOWN_KEY)).toBeNull();
  });

  it('hides the floating button while the cookie banner waits for a choice', async () => {
    localStorage.removeItem('cookie_consent');
    localStorage.setItem(NEWS_LAST_SHOWN_KEY, String(T0));
    const { fetch, calls } = server();
    await renderHost(fetch, now);
    await waitFor(() => expect(calls()).toContain('/api/news/current'));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Hírek' })).toBeNull();
  });
});

describe('product news', () => {
  let clock = T0;
  const now = () => clock;
  const products = [product('KV-1', 'Kávé őrölt 250 g', 123456), product('TE-22', 'Zöld tea', 5000)];

  beforeEach(() => {
    clock = T0;
    localStorage.setItem('cookie_consent', 'accepted');
    // The pop-up was shown an hour ago: only the product dialog is due.
    localStorage.setItem(NEWS_LAST_SHOWN_KEY, String(T0 - HOUR));
  });
  afterEach(() => authStore.logout());

  it('is not shown to anonymous visitors and their products are not asked for', async () => {
    const { fetch, calls } = server({ products });
    await renderHost(fetch, now);
    expect(await screen.findByRole('button', { name: 'Hírek' })).toBeTruthy();
    expect(calls()).not.toContain('/api/news/current/products');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the products once per login session; after logout and a new login again', async () => {
    const user = userEvent.setup();
    authStore.login(validToken({ userId: 42 }));
    const first = await renderHost(server({ products }).fetch, now);
    const dialog = await screen.findByRole('dialog', { name: 'Újdonságaink' });
    expect(within(dialog).getByText('Kávé őrölt 250 g')).toBeTruthy();
    expect(within(dialog).getByText('Zöld tea')).toBeTruthy();
    expect(within(dialog).getByText('1235 Ft / db')).toBeTruthy();
    expect(within(dialog).getByText('nettó 972 Ft')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Rendben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('product_news_shown')).toBe('42');
    first.unmount();

    // A reload in the same session: not again.
    const second = server({ products });
    const again = await renderHost(second.fetch, now);
    expect(await screen.findByRole('button', { name: 'Hírek' })).toBeTruthy();
    expect(second.calls()).not.toContain('/api/news/current/products');
    expect(screen.queryByRole('dialog')).toBeNull();
    again.unmount();

    // Logout removes the flag; the next login session shows it again.
    authStore.logout();
    expect(localStorage.getItem('product_news_shown')).toBeNull();
    authStore.login(validToken({ userId: 42 }));
    await renderHost(server({ products }).fetch, now);
    expect(await screen.findByRole('dialog', { name: 'Újdonságaink' })).toBeTruthy();
  });

  it('waits for the news pop-up to close first', async () => {
    const user = userEvent.setup();
    localStorage.removeItem(NEWS_LAST_SHOWN_KEY);
    authStore.login(validToken({ userId: 7 }));
    const { fetch, calls } = server({ products });
    await renderHost(fetch, now);
    const popup = await screen.findByRole('dialog', { name: NEWS.title });
    expect(calls()).not.toContain('/api/news/current/products');
    await user.click(within(popup).getByRole('button', { name: 'Rendben' }));
    expect(await screen.findByRole('dialog', { name: 'Újdonságaink' })).toBeTruthy();
  });

  it('shows nothing when the news item has no products', async () => {
    authStore.login(validToken({ userId: 9 }));
    const { fetch, calls } = server({ products: [] });
    await renderHost(fetch, now);
    await waitFor(() => expect(calls()).toContain('/api/news/current/products'));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

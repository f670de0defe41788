import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

// The machine may be busy: give lazy routes and queries time to settle.
configure({ asyncUtilTimeout: 5000 });

const apiFetch = vi.fn(async (url: string) => {
  if (url === '/api/newspapers') return jsonResponse(404, { error: 'ERR_NO_CATALOGUES' });
  return jsonResponse(404, { error: 'NOT_FOUND' });
});

describe('downloads page', () => {
  afterEach(() => {
    authStore.logout();
    vi.restoreAllMocks();
  });

  it('shows the not-allowed view to anonymous visitors', async () => {
    await renderApp({ path: '/downloads', fetch: apiFetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bejelentkezés szükséges' })).toBeTruthy();
  });

  it('has the price list and the newspapers; the price list downloads as XLSX with the token', async () => {
    const user = userEvent.setup();
    authStore.login(validToken());
    URL.createObjectURL = vi.fn(() => 'blob:list');
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const downloads = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('PK', {
        status: 200,
        headers: { 'content-disposition': `attachment; filename="arlista-2026-03-15.xlsx"` },
      }),
    );
    await renderApp({ path: '/downloads', fetch: apiFetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Letöltések' })).toBeTruthy();
    const newspapers = screen.getByRole('region', { name: 'Akciós újság' });
    expect(await within(newspapers).findByText('Az akciós újság még nem került feltöltésre.')).toBeTruthy();
    const priceList = screen.getByRole('region', { name: 'Árlista' });
    await user.click(within(priceList).getByRole('button', { name: 'Árlista letöltése (XLSX)' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const [url, init] = downloads.mock.calls[0] ?? [];
    expect(url).toBe('/api/downloads/price-list.xlsx');
    expect(init?.headers).toMatchObject({
      'Accept-Language': 'hu',
      Authorization: expect.stringMatching(/^Bearer /),
    });
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).download).toBe('arlista-2026-03-15.xlsx');
  });

  it('shows the error of a failed price-list download (an agent without a current address)', async () => {
    const user = userEvent.setup();
    authStore.login(validToken({ isAgent: true, id: null }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(409, { error: 'ERR_NO_CURRENT_SHIPPING' }));
    await renderApp({ path: '/downloads', fetch: apiFetch });
    await user.click(await screen.findByRole('button', { name: 'Árlista letöltése (XLSX)' }));
    expect(await screen.findByText('Kérjük, először válasszon szállítási címet.')).toBeTruthy();
  });
});

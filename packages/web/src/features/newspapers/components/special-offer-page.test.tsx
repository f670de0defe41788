import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Newspaper } from '@shop/shared/contracts/newspapers';
import { authStore } from '../../../lib/auth-store';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

// The machine may be busy: give lazy routes and queries time to settle.
configure({ asyncUtilTimeout: 5000 });

const UPLOADED: Newspaper = {
  id: 3,
  kind: 'uploaded',
  title: 'Tavaszi akciók',
  language: 'hu',
  validFrom: '2026-03-01',
  validTo: '2026-03-31',
  downloadPath: '/newspapers/3/download',
  fileName: 'tavasz.pdf',
};
const GENERATED: Newspaper = {
  id: null,
  kind: 'generated',
  title: 'Akciós újság',
  language: 'hu',
  validFrom: '2026-03-15',
  validTo: null,
  downloadPath: '/newspapers/generated?language=hu',
  fileName: 'akcios-ujsag-2026-03-15.pdf',
};

function api(newspapers: () => Response) {
  return vi.fn(async (url: string) => {
    if (url === '/api/newspapers') return newspapers();
    return jsonResponse(404, { error: 'NOT_FOUND' });
  });
}

describe('special-offer page', () => {
  afterEach(() => {
    authStore.logout();
    vi.restoreAllMocks();
  });

  it('shows the not-allowed view to anonymous visitors without asking the server', async () => {
    const fetch = api(() => jsonResponse(200, { newspapers: [UPLOADED] }));
    await renderApp({ path: '/special-offer', fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bejelentkezés szükséges' })).toBeTruthy();
    expect(fetch.mock.calls.map((call) => call[0])).not.toContain('/api/newspapers');
  });

  it('lists the newspapers with validity, language and kind, uploaded first', async () => {
    authStore.login(validToken());
    await renderApp({
      path: '/special-offer',
      fetch: api(() => jsonResponse(200, { newspapers: [UPLOADED, GENERATED] })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Akciós újság' })).toBeTruthy();
    const items = await within(screen.getByRole('main')).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: 'Tavaszi akciók' })).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Érvényes: 2026.03.01 – 2026.03.31')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Nyelv: Magyar')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Érvényes: 2026.03.15-tól visszavonásig')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('A mai akciókból, az Ön áraival')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Akciós újság | Nagyker Webshop'));
  });

  it('shows ERR_NO_CATALOGUES as “not yet uploaded”', async () => {
    authStore.login(validToken());
    await renderApp({
      path: '/special-offer',
      fetch: api(() => jsonResponse(404, { error: 'ERR_NO_CATALOGUES' })),
    });
    expect(await screen.findByText('Az akciós újság még nem került feltöltésre.')).toBeTruthy();
  });

  it('shows ERR_GETTING_CATALOGUES with a retry that loads again', async () => {
    const user = userEvent.setup();
    authStore.login(validToken());
    let fail = true;
    const fetch = api(() =>
      fail
        ? jsonResponse(500, { error: 'ERR_GETTING_CATALOGUES' })
        : jsonResponse(200, { newspapers: [GENERATED] }),
    );
    await renderApp({ path: '/special-offer', fetch });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Hiba történt az akciós újság betöltésekor.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Újra' }));
    expect(await screen.findByRole('heading', { name: 'Akciós újság', level: 2 })).toBeTruthy();
  });

  it('downloads a newspaper with the token and shows a failed download’s error', async () => {
    const user = userEvent.setup();
    authStore.login(validToken());
    const created = vi.fn(() => 'blob:newspaper');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const downloads = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) === '/api/newspapers/3/download') {
        return new Response('%PDF-1.4', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="tavasz.pdf"',
          },
        });
      }
      return jsonResponse(404, { error: 'NOT_FOUND' });
    });
    await renderApp({
      path: '/special-offer',
      fetch: api(() => jsonResponse(200, { newspapers: [UPLOADED, GENERATED] })),
    });
    await user.click(await screen.findByRole('button', { name: 'Letöltés (PDF): Tavaszi akciók' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const [url, init] = downloads.mock.calls[0] ?? [];
    expect(url).toBe('/api/newspapers/3/download');
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect(created).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Letöltés (PDF): Akciós újság' }));
    expect(await screen.findByText('A keresett tartalom nem található.')).toBeTruthy();
  });
});

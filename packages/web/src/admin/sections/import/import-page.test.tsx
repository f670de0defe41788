import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, renderAdmin } from '../../test/render-admin';
import ImportPage from './import-page';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('product import page', { timeout: 60_000 }, () => {
  it('shows the line of a CSV syntax error the server found, instead of a general error', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        jsonResponse(400, { error: 'ERR_IMPORT_FILE', params: { reason: 'csv_syntax', line: 3 } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    await renderAdmin(<ImportPage />, () => undefined);
    await user.upload(
      await screen.findByLabelText('Fájl kiválasztása'),
      new File(['sku;price\nKV-006;150\nTE-001;"170"x\n'], 'products.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Próbaellenőrzés' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A fájl 3. sora nem érvényes CSV (ellenőrizze az idézőjeleket). Semmi sem íródott be.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      '/api/admin/catalogue/import?format=csv&dryRun=true',
      expect.objectContaining({ method: 'POST' }),
    ]);
    expect(toastStore.getToasts()).toHaveLength(0);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import ManufacturersPage from './manufacturers-page';

configure({ asyncUtilTimeout: 5000 });

describe('manufacturer dialog (the shared list edit cycle)', { timeout: 60_000 }, () => {
  it('checks the shared contract first, then shows a taken slug under the slug field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdmin(<ManufacturersPage />, (url, init) => {
      if (url === '/api/admin/catalogue/manufacturers' && init.method === 'POST')
        return jsonResponse(409, { error: 'ERR_SLUG_TAKEN' });
      if (url === '/api/admin/catalogue/manufacturers') return jsonResponse(200, { items: [] });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Új gyártó' }));
    const dialog = await screen.findByRole('dialog', { name: 'Új gyártó' });
    const name = within(dialog).getByRole('textbox', { name: /^Név/ });
    const slug = within(dialog).getByRole('textbox', { name: /^URL-azonosító/ });
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Mentés' }));

    // The slug's help text is its description until it has an error.
    expect(slug.getAttribute('aria-invalid')).toBe('false');
    await save();
    await waitFor(() => expect(fieldError(name)).toBe('Kötelező mező.'));
    expect(fieldError(slug)).toBe('Kötelező mező.');
    await user.type(slug, 'rossz slug!');
    expect(fieldError(slug)).toBeNull();
    await save();
    await waitFor(() =>
      expect(fieldError(slug)).toBe('Kisbetűk, számok és kötőjel; a bolt URL-jében jelenik meg.'),
    );
    expect(calls('POST', '/api/admin/catalogue/manufacturers')).toHaveLength(0);

    await user.type(name, 'Új Gyártó');
    await user.clear(slug);
    await user.type(slug, 'uj-gyarto');
    await save();
    await waitFor(() => expect(fieldError(slug)).toBe('Ez az URL-azonosító már foglalt.'));
    expect(calls('POST', '/api/admin/catalogue/manufacturers')).toHaveLength(1);
    expect(fieldError(name)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(toastStore.getToasts()).toEqual([]);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import ShopClosedPage from './shop-closed-page';

configure({ asyncUtilTimeout: 5000 });

const existing = { id: 7, startsAt: '2030-06-10T08:00', endsAt: '2030-06-10T12:00', note: null };

async function openAddDialog(post: () => Response) {
  const user = userEvent.setup();
  const view = await renderAdmin(<ShopClosedPage />, (url, init) => {
    if (url === '/api/admin/shop-closed-windows' && init.method === 'POST') return post();
    if (url === '/api/admin/shop-closed-windows')
      return jsonResponse(200, { timeZone: 'Europe/Budapest', windows: [existing] });
    if (url === '/api/admin/shop-state/force-disabled') return jsonResponse(200, { forceDisabled: false });
    return undefined;
  });
  await screen.findByRole('row', { name: /2030-06-10 08:00/ });
  await user.click(screen.getByRole('button', { name: 'Új időszak' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új zárási időszak' });
  const starts = within(dialog).getByLabelText(/^Kezdete/);
  const ends = within(dialog).getByLabelText(/^Vége/);
  const save = () => user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  return { ...view, user, dialog, starts, ends, save };
}

describe('shop-closed window dialog', { timeout: 30_000 }, () => {
  it('shows a missing time and a wrong order under the fields, without sending', async () => {
    const { user, starts, ends, save, calls } = await openAddDialog(() => jsonResponse(200, existing));
    await save();
    await waitFor(() => expect(fieldError(starts)).toBe('Kötelező: válasszon dátumot és időpontot.'));
    expect(fieldError(ends)).toBe('Kötelező: válasszon dátumot és időpontot.');
    await waitFor(() => expect(document.activeElement).toBe(starts));

    await user.type(starts, '2030-07-01T10:00');
    await user.type(ends, '2030-07-01T09:00');
    expect(fieldError(starts)).toBeNull();
    await save();
    await waitFor(() => expect(fieldError(ends)).toBe('A végének a kezdete után kell lennie.'));
    expect(fieldError(starts)).toBeNull();
    expect(calls('POST', '/api/admin/shop-closed-windows')).toHaveLength(0);
    expect(toastStore.getToasts()).toEqual([]);
  });

  it('shows the server refusing an overlapping window under the start field, not as a toast', async () => {
    const { user, dialog, starts, ends, save, calls } = await openAddDialog(() =>
      jsonResponse(409, {
        error: 'ERR_CLOSED_WINDOW_OVERLAP',
        params: { field: 'startsAt', startsAt: '2030-06-10 08:00', endsAt: '2030-06-10 12:00' },
      }),
    );
    await user.type(starts, '2030-06-10T09:00');
    await user.type(ends, '2030-06-10T13:00');
    await save();
    await waitFor(() =>
      expect(fieldError(starts)).toBe(
        'Ez az időszak átfedésben van a(z) 2030-06-10 08:00 – 2030-06-10 12:00 zárvatartással. Módosítsa azt, vagy válasszon másik időszakot.',
      ),
    );
    expect(calls('POST', '/api/admin/shop-closed-windows')).toHaveLength(1);
    expect(dialog.isConnected).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(starts));
    expect(toastStore.getToasts()).toEqual([]);
    // Changing the start clears its error.
    await user.clear(starts);
    await user.type(starts, '2030-06-10T12:00');
    expect(fieldError(starts)).toBeNull();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import StaffPage from './staff-page';

configure({ asyncUtilTimeout: 5000 });

describe('staff account dialog', { timeout: 60_000 }, () => {
  it('shows the shared password and e-mail rules, and a taken e-mail, under their fields', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdmin(
      <StaffPage />,
      (url, init) => {
        if (url === '/api/admin/staff' && init.method === 'POST')
          return jsonResponse(409, { error: 'ERR_DUP_EMAIL' });
        if (url.startsWith('/api/admin/staff'))
          return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
        return undefined;
      },
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'Új fiók' }));
    const dialog = await screen.findByRole('dialog', { name: 'Új fiók' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    const password = within(dialog).getByLabelText(/^Jelszó/);
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Mentés' }));

    await user.type(email, 'nem-cim');
    await user.type(within(dialog).getByRole('textbox', { name: /^Név/ }), 'Új Munkatárs');
    await user.type(password, 'abc');
    await save();
    await waitFor(() => expect(fieldError(email)).toBe('Adjon meg érvényes e-mail-címet.'));
    expect(fieldError(password)).toBe('Legalább 6 karakter.');
    expect(calls('POST', '/api/admin/staff')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'foglalt@example.com');
    await user.type(password, 'defghi');
    await save();
    await waitFor(() => expect(fieldError(email)).toBe('Ezzel az e-mail-címmel már regisztráltak.'));
    expect(fieldError(password)).toBeNull();
    expect(toastStore.getToasts()).toEqual([]);
  });
});

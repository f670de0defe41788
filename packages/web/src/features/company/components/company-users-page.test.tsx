import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanyUsersResponse } from '@shop/shared/contracts/company';
import { toastStore } from '../../../lib/toast-store';
import { jsonResponse, recordingFetch, renderApp, type RecordedCall } from '../../../test/render-app';
import { validToken } from '../../../test/tokens';

const USERS: CompanyUsersResponse = {
  users: [
    {
      userId: 42,
      email: 'owner@example.com',
      name: 'Nguyễn Thị Lan',
      role: 'owner',
      orderLimit: null,
      monthlyLimit: null,
      shippingAddressIds: [],
      status: 'active',
      inviteExpiresAt: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    },
    {
      userId: 43,
      email: 'buyer@example.com',
      name: 'Horváth Péter',
      role: 'buyer',
      orderLimit: 50_000,
      monthlyLimit: 300_000,
      shippingAddressIds: [11],
      status: 'active',
      inviteExpiresAt: null,
      createdAt: '2026-01-02T10:00:00.000Z',
    },
  ],
  addresses: [
    {
      shippingAddressId: 11,
      zip: '1134',
      city: 'Budapest',
      aptSuite: 'Váci út 45.',
      country: 'Magyarország',
    },
    {
      shippingAddressId: 12,
      zip: '2310',
      city: 'Szigetszentmiklós',
      aptSuite: 'Gyári út 9.',
      country: 'Magyarország',
    },
  ],
  activity: [
    {
      id: 1,
      at: '2026-01-02T10:00:00.000Z',
      action: 'invite',
      actorName: 'Nguyễn Thị Lan',
      byStaff: false,
      userId: 43,
      userName: 'Horváth Péter',
      changes: { role: 'buyer' },
    },
  ],
};

/** The fake API: the users list, else `answer`; every call is recorded. */
function api(answer: (call: RecordedCall) => Response | undefined) {
  return recordingFetch((call) =>
    call.method === 'GET' && call.path === '/api/company/users' ? jsonResponse(200, USERS) : answer(call),
  );
}

beforeEach(() => {
  localStorage.clear();
  toastStore.clear();
});

describe('company users page (issue 15)', { timeout: 60_000 }, () => {
  it('shows an owner the users with roles, limits and addresses, and invites with the form checked first', async () => {
    localStorage.setItem('access_token', validToken({ companyRole: 'owner' }));
    const user = userEvent.setup();
    const { fetch, calls } = api((call) =>
      call.method === 'POST' && call.path === '/api/company/users'
        ? jsonResponse(200, { data: true, user: { ...USERS.users[1]!, userId: 44, status: 'invited' } })
        : undefined,
    );
    await renderApp({ path: '/profile/company-users', fetch });
    const table = await screen.findByRole('table', { name: 'A cég felhasználói' }, { timeout: 10_000 });
    const buyer = within(table).getByText('Horváth Péter').closest('tr')!;
    expect(buyer.textContent).toContain('Beszerző');
    expect(buyer.textContent).toMatch(/50\s000\sFt/);
    expect(buyer.textContent).toContain('1134 Budapest');
    expect(within(table).getByText('Nguyễn Thị Lan (Ön)')).toBeTruthy();
    expect(screen.getByText('Nguyễn Thị Lan meghívta: Horváth Péter')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Felhasználó meghívása' }));
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználó meghívása' });
    await user.click(within(dialog).getByRole('button', { name: 'Meghívó küldése' }));
    await waitFor(() => expect(within(dialog).getAllByText('Kötelező mező.').length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail-cím' }), 'Uj.Beszerzo@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Név' }), 'Új Beszerző');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Rendelésenkénti keret (Ft, bruttó)' }),
      '50000',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Szigetszentmiklós/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Meghívó küldése' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'uj.beszerzo@example.com',
      name: 'Új Beszerző',
      role: 'buyer',
      orderLimit: 50000,
      monthlyLimit: null,
      shippingAddressIds: [12],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Felhasználó meghívása' })).toBeNull());
  });

  it('asks before removing and sends the removal; tells other roles that only owners manage users', async () => {
    localStorage.setItem('access_token', validToken({ companyRole: 'owner' }));
    const user = userEvent.setup();
    const { fetch, calls } = api((call) =>
      call.method === 'DELETE' ? jsonResponse(200, { data: true }) : undefined,
    );
    const view = await renderApp({ path: '/profile/company-users', fetch });
    await user.click(
      await screen.findByRole('button', { name: 'Horváth Péter eltávolítása' }, { timeout: 10_000 }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Eltávolítja a felhasználót?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Eltávolítás' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        '/api/company/users/43',
      ]),
    );
    view.unmount();

    localStorage.setItem('access_token', validToken({ companyRole: 'buyer' }));
    const other = api(() => undefined);
    await renderApp({ path: '/profile/company-users', fetch: other.fetch });
    expect(
      await screen.findByText('A cég felhasználóit csak a tulajdonosok kezelhetik.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(other.calls.filter((c) => c.path === '/api/company/users')).toHaveLength(0);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import type { CompanyUsersResponse } from '@shop/shared/contracts/company';
import { fieldError, jsonResponse } from '../../test/render-admin';
import { customerDetailFixture } from './customer-detail.fixture';
import { renderCustomerDetail } from './render-customer-detail';

configure({ asyncUtilTimeout: 5000 });

const detail: CustomerDetail = { ...customerDetailFixture, email: 'owner@example.com', phone: null };

const buyer = {
  userId: 8,
  email: 'buyer@example.com',
  name: 'Horváth Péter',
  role: 'buyer' as const,
  orderLimit: 50_000,
  monthlyLimit: null,
  shippingAddressIds: [],
  status: 'active' as const,
  inviteExpiresAt: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

const users: CompanyUsersResponse = {
  users: [
    { ...buyer, userId: 5, email: 'owner@example.com', name: 'Kiss Anna', role: 'owner', orderLimit: null },
    buyer,
  ],
  addresses: [],
  activity: [],
};

describe('company users card (issue 15)', { timeout: 60_000 }, () => {
  it('lists the users with roles and limits; staff disable one and invite another, checked by the contract', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCustomerDetail(detail, (url, init) => {
      if (url === '/api/admin/customers/5/company-users' && (init.method ?? 'GET') === 'GET')
        return jsonResponse(200, users);
      if (url === '/api/admin/customers/5/company-users/8')
        return jsonResponse(200, { data: true, user: { ...buyer, status: 'disabled' } });
      if (url === '/api/admin/customers/5/company-users' && init.method === 'POST')
        return jsonResponse(409, { error: 'ERR_DUP_EMAIL' });
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'A cég felhasználói' });
    const row = (await within(table).findByText('Horváth Péter')).closest('tr')!;
    expect(row.textContent).toContain('Beszerző');
    expect(row.textContent).toMatch(/50\s000\sFt/);
    await user.click(within(row).getByRole('button', { name: 'Horváth Péter letiltása' }));
    await waitFor(() => expect(calls('PATCH', '/api/admin/customers/5/company-users/8')).toHaveLength(1));
    const [, init] = calls('PATCH', '/api/admin/customers/5/company-users/8')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ disabled: true });

    await user.click(screen.getByRole('button', { name: 'Felhasználó meghívása' }));
    const dialog = await screen.findByRole('dialog', { name: 'Felhasználó meghívása' });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail-cím/ });
    await user.type(email, 'nem-email');
    await user.type(within(dialog).getByRole('textbox', { name: /^Név/ }), 'Új Ember');
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(fieldError(email)).toBeTruthy());
    expect(calls('POST', '/api/admin/customers/5/company-users')).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'owner@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(calls('POST', '/api/admin/customers/5/company-users')).toHaveLength(1));
    const [, sent] = calls('POST', '/api/admin/customers/5/company-users')[0]!;
    expect(JSON.parse(String(sent.body))).toEqual({
      email: 'owner@example.com',
      name: 'Új Ember',
      role: 'buyer',
      orderLimit: null,
      monthlyLimit: null,
      shippingAddressIds: [],
    });
    await waitFor(() => expect(fieldError(email)).toContain('már'));
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { customerDetailFixture } from './customer-detail.fixture';
import { renderCustomerDetail } from './render-customer-detail';

configure({ asyncUtilTimeout: 5000 });

/** Issue 16: the customer page's ordering rules and credit card. */
const base = customerDetailFixture;

const detail: CustomerDetail = {
  ...base,
  customer: {
    ...base.customer!,
    creditLimit: 5_000_000,
    openBalance: 1_000_000,
    openBalanceAt: '2026-11-20T08:00:00.000Z',
    pendingDeferred: 1_500_000,
  },
};

describe('ordering rules and credit card', { timeout: 60_000 }, () => {
  it('shows the available credit and saves the PO requirement, the limit and a changed balance in minor units', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCustomerDetail(detail);
    const card = (await screen.findByRole('heading', { name: 'Rendelési szabályok és hitelkeret' })).closest(
      'form',
    )!;
    expect(
      within(card)
        .getByTestId('admin-credit-available')
        .textContent?.replace(/[\u00a0\u202f]/g, ' '),
    ).toBe('Elérhető keret: 25 000 Ft');
    await user.click(
      within(card).getByRole('switch', { name: 'Megrendelésszám (PO) kötelező a rendeléshez' }),
    );
    const limit = within(card).getByRole('textbox', { name: 'Hitelkeret (Ft, üres = nincs)' });
    await user.clear(limit);
    await user.type(limit, 'sok');
    await user.click(within(card).getByRole('button', { name: 'Mentés' }));
    expect(within(card).getByText('Adjon meg egy összeget, pl. 150000 vagy 150000,50.')).toBeTruthy();
    expect(calls('PATCH', '/api/admin/customers/5')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '80000');
    const balance = within(card).getByRole('textbox', { name: 'Nyitott egyenleg (Ft)' });
    await user.clear(balance);
    await user.type(balance, '-1500,50');
    await user.click(within(card).getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(calls('PATCH', '/api/admin/customers/5')).toHaveLength(1));
    const [, init] = calls('PATCH', '/api/admin/customers/5')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      customer: { purchaseOrderNumberRequired: true, creditLimit: 8_000_000, openBalance: -150_050 },
    });
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { fieldError } from '../../test/render-admin';
import { customerDetailFixture } from './customer-detail.fixture';
import { renderCustomerDetail } from './render-customer-detail';

configure({ asyncUtilTimeout: 5000 });

const detail: CustomerDetail = customerDetailFixture;

describe('customer detail cards', { timeout: 60_000 }, () => {
  it('checks a card with the shared contract and shows every problem under its field at once, the first focused', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCustomerDetail(detail);
    const card = (await screen.findByRole('heading', { name: 'Vásárlói adatok és árazás' })).closest('form')!;
    const field = (name: RegExp) => within(card).getByRole('textbox', { name });
    await user.clear(field(/^Vásárló \(cég\) neve/));
    await user.clear(field(/^Vásárló e-mail-címe/));
    await user.type(field(/^Vásárló e-mail-címe/), 'nem-email');
    await user.clear(field(/^Vásárlói kedvezmény/));
    await user.type(field(/^Vásárlói kedvezmény/), '120');
    await user.click(within(card).getByRole('button', { name: 'Mentés' }));
    await waitFor(() => expect(fieldError(field(/^Vásárló \(cég\) neve/))).toBe('Kötelező mező.'));
    expect(fieldError(field(/^Vásárló e-mail-címe/))).toBeTruthy();
    expect(fieldError(field(/^Vásárlói kedvezmény/))).toBeTruthy();
    expect(fieldError(field(/^Település/))).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Vásárló \(cég\) neve/)));
    expect(calls('PATCH', '/api/admin/customers/5')).toHaveLength(0);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../../lib/toast-store';
import { fieldError, jsonResponse, renderAdmin } from '../../test/render-admin';
import CustomersPage from './customers-page';

configure({ asyncUtilTimeout: 5000 });

async function openCreateDialog(post: (body: unknown) => Response) {
  const user = userEvent.setup();
  const view = await renderAdmin(
    <CustomersPage />,
    (url, init) => {
      if (url === '/api/admin/customers' && init.method === 'POST')
        return post(JSON.parse(String(init.body)));
      if (url.startsWith('/api/admin/customers'))
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 });
      return undefined;
    },
    '/',
  );
  await user.click(await screen.findByRole('button', { name: 'Új fiók' }));
  const dialog = await screen.findByRole('dialog', { name: 'Új fiók' });
  const field = (label: RegExp) => within(dialog).getByRole('textbox', { name: label });
  const submit = () =>
    user.click(within(dialog).getByRole('button', { name: 'Létrehozás és jelszó küldése' }));
  return { ...view, user, dialog, field, submit };
}

async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/** Fills in every field of a new company customer; the two company numbers as given. */
async function fillCompany(
  user: UserEvent,
  field: (label: RegExp) => HTMLElement,
  { registrationNumber, taxNumber }: { registrationNumber: string; taxNumber: string },
) {
  await fill(user, field(/^Bejelentkezési e-mail/), 'uj@example.com');
  await fill(user, field(/^Kapcsolattartó neve/), 'Új Vásárló');
  await fill(user, field(/^Telefonszám/), '+36 30 123 4567');
  await fill(user, field(/^Cégjegyzékszám/), registrationNumber);
  await fill(user, field(/^Adószám/), taxNumber);
  await fill(user, field(/^Irányítószám/), '1111');
  await fill(user, field(/^Település/), 'Budapest');
  await fill(user, field(/^Utca, házszám/), 'Fő utca 1.');
}

describe('create-account dialog', { timeout: 60_000 }, () => {
  it('asks a company for everything the registration asks, with the same rules, under each field', async () => {
    const { user, field, submit, calls } = await openCreateDialog(() =>
      jsonResponse(200, { userId: 1, customerId: 1, mailSent: true }),
    );
    await submit();
    const required = 'Kötelező mező.';
    await waitFor(() => expect(fieldError(field(/^Bejelentkezési e-mail/))).toBe(required));
    expect(fieldError(field(/^Cégjegyzékszám/))).toBe(required);
    expect(fieldError(field(/^Adószám/))).toBe(required);
    expect(fieldError(field(/^Irányítószám/))).toBe(required);
    await waitFor(() => expect(document.activeElement).toBe(field(/^Bejelentkezési e-mail/)));

    await fillCompany(user, field, { registrationNumber: '1-9-12', taxNumber: '12345678-2-41' });
    await submit();
    await waitFor(() =>
      expect(fieldError(field(/^Adószám/))).toBe('Az adószám ellenőrző számjegye (8. számjegy) hibás.'),
    );
    expect(fieldError(field(/^Cégjegyzékszám/))).toMatch(/^Érvénytelen cégjegyzékszám/);
    expect(fieldError(field(/^Bejelentkezési e-mail/))).toBeNull();
    expect(calls('POST', '/api/admin/customers')).toHaveLength(0);

    // A private customer need not give them.
    await user.click(within(screen.getByRole('dialog')).getByRole('switch', { name: 'Cég' }));
    await user.clear(field(/^Cégjegyzékszám/));
    await user.clear(field(/^Adószám/));
    await submit();
    await waitFor(() => expect(calls('POST', '/api/admin/customers')).toHaveLength(1));
  });

  it('shows a tax number the server finds registered under the tax number field', async () => {
    const { user, field, submit, calls } = await openCreateDialog(() =>
      jsonResponse(409, { error: 'ERR_DUP_TAX_NUM' }),
    );
    await fillCompany(user, field, { registrationNumber: '01-09-123456', taxNumber: '12345676-2-41' });
    await submit();
    await waitFor(() => expect(fieldError(field(/^Adószám/))).toMatch(/adószám/i));
    const [[, init]] = calls('POST', '/api/admin/customers') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      role: 'customer',
      customer: { isCompany: true, taxNumber: '12345676-2-41', companyRegistrationNumber: '01-09-123456' },
    });
    await waitFor(() => expect(document.activeElement).toBe(field(/^Adószám/)));
    expect(toastStore.getToasts()).toEqual([]);
  });
});

import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../../lib/api-client';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { CUSTOMER_ME, validToken } from '../../../test/tokens';

// Screens are lazy modules; on a busy machine their first load can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

function fakeApi(answers: Record<string, () => Response>) {
  return vi.fn<FetchLike>((url, init) => {
    const answer = answers[`${init.method ?? 'GET'} ${url}`];
    return Promise.resolve(answer ? answer() : jsonResponse(404, { error: 'NOT_FOUND' }));
  });
}

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('own data', () => {
  it('shows a customer its data from get-user-data, read-only, without the agent field', async () => {
    localStorage.setItem('access_token', validToken());
    const fetch = fakeApi({
      'GET /api/auth/me': () => jsonResponse(200, CUSTOMER_ME),
      'GET /api/users/get-user-data': () =>
        jsonResponse(200, {
          email: 'customer@example.com',
          phone: '+36 1 234 5678',
          taxNumber: '12345676-2-41',
          companyRegistrationNumber: null,
          name: 'Példa Kft.',
          isCompany: true,
          billing: {
            country: 'Magyarország',
            countryCode: 'HU',
            zip: '1111',
            city: 'Budapest',
            aptSuite: 'Fő u. 1.',
          },
        }),
    });
    await renderApp({ path: '/profile', fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saját adatok' })).toBeTruthy();
    await screen.findByDisplayValue('customer@example.com', {}, { timeout: 5000 });
    expect(fieldValue('Név vagy cégnév')).toBe('Példa Kft.');
    expect(fieldValue('E-mail-cím')).toBe('customer@example.com');
    expect(fieldValue('Telefonszám')).toBe('+36 1 234 5678');
    expect(fieldValue('Adószám')).toBe('12345676-2-41');
    expect(fieldValue('Cégjegyzékszám')).toBe('—');
    expect(screen.getByLabelText('E-mail-cím').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByLabelText('Üzletkötő neve')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url.includes('/extended'))).toBe(false);
  });

  it('shows an agent its name and its current customer from the extended call only', async () => {
    localStorage.setItem('access_token', validToken({ isAgent: true, id: null, userId: 3 }));
    const fetch = fakeApi({
      'GET /api/auth/me': () =>
        jsonResponse(200, {
          ...CUSTOMER_ME,
          userId: 3,
          customerId: null,
          isAgent: true,
          name: 'Szabó Gábor',
          currentCustomerId: 9,
        }),
      'GET /api/customers/9/extended': () =>
        jsonResponse(200, {
          data: {
            agentData: {
              name: 'Szabó Gábor',
              currentShippingAddress: {
                shippingAddressId: 4,
                currentShippingAddress: true,
                zip: '6720',
                city: 'Szeged',
                aptSuite: 'Kárász u. 2.',
                country: 'Magyarország',
                countryCode: 'HU',
                logisticsCost: 0,
                note: null,
                customer: {
                  name: 'Hoa Sen Bt.',
                  email: 'hoasen@example.com',
                  taxNumber: '12345676-2-41',
                  companyRegistrationNumber: '06-06-123456',
                  billingAddress: {
                    country: 'Magyarország',
                    countryCode: 'HU',
                    zip: '6720',
                    city: 'Szeged',
                    aptSuite: 'Kárász u. 2.',
                  },
                },
              },
            },
          },
        }),
    });
    await renderApp({ path: '/profile', fetch });
    await screen.findByDisplayValue('Szabó Gábor', {}, { timeout: 5000 });
    expect(fieldValue('Üzletkötő neve')).toBe('Szabó Gábor');
    expect(fieldValue('Név vagy cégnév')).toBe('Hoa Sen Bt.');
    expect(fieldValue('E-mail-cím')).toBe('hoasen@example.com');
    expect(fieldValue('Cégjegyzékszám')).toBe('06-06-123456');
    expect(fetch.mock.calls.some(([url]) => url.includes('get-user-data'))).toBe(false);
  });

  it('shows the profile-data error toast when the data cannot be loaded', async () => {
    localStorage.setItem('access_token', validToken());
    const fetch = fakeApi({
      'GET /api/users/get-user-data': () => jsonResponse(500, { error: 'ERR_INTERNAL' }),
    });
    await renderApp({ path: '/profile', fetch });
    const messages = await screen.findAllByText(
      'Nem sikerült betölteni a profiladatokat. Kérjük, töltse újra az oldalt.',
      {},
      { timeout: 5000 },
    );
    expect(messages.some((message) => message.closest('[role="alert"]'))).toBe(true);
  });
});

describe('change password', () => {
  it('changes the password, keeps the new token, and empties the form with its rules off', async () => {
    const before = validToken({ tv: 0 });
    const after = validToken({ tv: 1 });
    localStorage.setItem('access_token', before);
    let answer = () => jsonResponse(400, { error: 'ERR_VALIDATION' });
    const fetch = fakeApi({
      'GET /api/auth/me': () => jsonResponse(200, CUSTOMER_ME),
      'POST /api/users/change-password': () => answer(),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/profile/change-password', fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jelszó módosítása' })).toBeTruthy();
    const newPassword = await screen.findByLabelText(
      /^Új jelszó \*/,
      { selector: 'input' },
      { timeout: 5000 },
    );
    const verify = screen.getByLabelText(/^Új jelszó még egyszer/, { selector: 'input' });

    await user.type(newPassword, 'abc');
    expect(screen.queryByText('Új jelszó: legalább 6 karakter szükséges.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('Új jelszó: legalább 6 karakter szükséges.')).toBeTruthy();

    // A rejection shows the translated code; the rules stay on.
    await user.type(newPassword, 'defgh');
    await user.type(verify, 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('A megadott adatok hibásak. Kérjük, ellenőrizze őket.')).toBeTruthy();
    await user.type(verify, 'X');
    expect(await screen.findByText('A két jelszó nem egyezik.')).toBeTruthy();
    await user.type(verify, '{Backspace}');

    answer = () => jsonResponse(200, { data: true, access_token: after });
    await user.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('Jelszavát sikeresen megváltoztattuk.')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBe(after);
    const sent = fetch.mock.calls.filter(([url]) => url === '/api/users/change-password');
    expect(JSON.parse(sent.at(-1)?.[1].body as string)).toEqual({ password: 'abcdefgh' });
    await waitFor(() => expect((newPassword as HTMLInputElement).value).toBe(''));
    expect((verify as HTMLInputElement).value).toBe('');
    // Rules are off again: typing a short password shows nothing until the next submit.
    await user.type(newPassword, 'a');
    expect(screen.queryByText('Új jelszó: legalább 6 karakter szükséges.')).toBeNull();
    expect(newPassword.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows agents only a warning', async () => {
    localStorage.setItem('access_token', validToken({ isAgent: true, id: null }));
    await renderApp({ path: '/profile/change-password' });
    expect(
      await screen.findByText(
        'Üzletkötőként jelszavát csak a vállalatirányítási (SAP) rendszerben módosíthatja.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Új jelszó/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mentés' })).toBeNull();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { huTaxNumberCheckDigit } from '@shop/shared/rules/hu-tax-number';
import type { FetchLike } from '../../../lib/api-client';
import { jsonResponse, renderApp } from '../../../test/render-app';

// Screens are lazy modules; on a busy machine their first load can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

async function openRegistration(answer?: () => Response) {
  const fetch = vi.fn<FetchLike>((url, init) =>
    Promise.resolve(
      url === '/api/users/register' && init.method === 'POST' && answer
        ? answer()
        : jsonResponse(404, { error: 'NOT_FOUND' }),
    ),
  );
  const user = userEvent.setup();
  await renderApp({ path: '/registration', fetch });
  const dialog = await screen.findByRole('dialog', { name: 'Regisztráció' }, { timeout: 5000 });
  const field = (label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Regisztráció' }));
  const registerCalls = () => fetch.mock.calls.filter(([url]) => url === '/api/users/register');
  return { user, dialog, field, submit, registerCalls };
}

/** A valid tax number: seven digits, their check digit, VAT code 2, territorial code 41. */
function taxNumber(firstSeven: string): string {
  return `${firstSeven}${huTaxNumberCheckDigit(firstSeven)}-2-41`;
}

/** Types a value in one go (a paste), which keeps these long forms fast. */
async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

async function fillValidCompany(user: UserEvent, field: (label: RegExp) => HTMLElement) {
  await user.click(field(/Cégként regisztrálok/));
  await fill(user, field(/^Cégnév/), 'Teszt Kereskedő Kft.');
  await fill(user, field(/^Telefonszám/), '+36 1 234 5678');
  await fill(user, field(/^E-mail-cím \*/), 'Teszt@Example.com');
  await fill(user, field(/^E-mail-cím megerősítése/), 'teszt@example.com');
  await fill(user, field(/^Jelszó \*/), 'titkos-jelszo');
  await fill(user, field(/^Jelszó megerősítése/), 'titkos-jelszo');
  await fill(user, field(/^Cégjegyzékszám/), '01-09-123456');
  await fill(user, field(/^Adószám/), taxNumber('1234567'));
  await fill(user, field(/^Ország \*/), 'Magyarország');
  await fill(user, field(/^Országkód/), 'HU');
  await fill(user, field(/^Irányítószám/), '1111');
  await fill(user, field(/^Település/), 'Budapest');
  await fill(user, field(/^Utca, házszám/), 'Fő utca 1.');
}

// Long forms: MUI re-renders every field on each change, which jsdom makes slow on a busy machine.
describe('registration dialog', { timeout: 40_000 }, () => {
  it('switches its rules on at the first submit and then follows each change', async () => {
    const { user, dialog, field, submit, registerCalls } = await openRegistration();
    await fill(user, field(/^E-mail-cím \*/), 'not-an-address');
    await fill(user, field(/^Jelszó \*/), 'abc');
    expect(within(dialog).queryByText('Érvénytelen e-mail-cím.')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await submit();
    expect(await within(dialog).findByText('Érvénytelen e-mail-cím.')).toBeTruthy();
    expect(within(dialog).getByText('Jelszó: legalább 6 karakter szükséges.')).toBeTruthy();
    expect(within(dialog).getAllByText('Kötelező mező.').length).toBeGreaterThanOrEqual(8);
    const formMessage = within(dialog).getByRole('alert');
    expect(formMessage.textContent).toBe('Kérjük, ellenőrizze a megadott adatokat.');
    expect(registerCalls()).toHaveLength(0);

    // Rules now follow every change.
    await fill(user, field(/^Jelszó \*/), 'def');
    await waitFor(() =>
      expect(within(dialog).queryByText('Jelszó: legalább 6 karakter szükséges.')).toBeNull(),
    );
    await fill(user, field(/^Jelszó megerősítése/), 'abcdeX');
    expect(await within(dialog).findByText('A két jelszó nem egyezik.')).toBeTruthy();
    await user.clear(field(/^E-mail-cím \*/));
    await fill(user, field(/^E-mail-cím \*/), 'anna@example.com');
    await fill(user, field(/^E-mail-cím megerősítése/), 'anna@example.hu');
    expect(await within(dialog).findByText('A két e-mail-cím nem egyezik.')).toBeTruthy();
  });

  it('requires the company numbers for a company and checks the tax number check digit', async () => {
    const { user, dialog, field, submit } = await openRegistration();
    await submit();
    const companyNumber = field(/^Cégjegyzékszám/);
    const tax = field(/^Adószám/);
    // A person may leave them empty.
    expect(companyNumber.getAttribute('aria-invalid')).toBe('false');
    expect(tax.getAttribute('aria-invalid')).toBe('false');

    await user.click(field(/Cégként regisztrálok/));
    expect(field(/^Cégnév/)).toBeTruthy();
    await waitFor(() => expect(tax.getAttribute('aria-invalid')).toBe('true'));
    expect(companyNumber.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(describedBy(tax)).toBe('Kötelező mező.');

    await fill(user, tax, '12345678-2-41');
    await waitFor(() => expect(describedBy(tax)).toBe('Az adószám ellenőrző számjegye (8. számjegy) hibás.'));
    await user.clear(tax);
    await fill(user, tax, '12345676-7-41');
    await waitFor(() => expect(describedBy(tax)).toBe('Az adószám 9. számjegye (áfakód) csak 1–5 lehet.'));
    await user.clear(tax);
    await fill(user, tax, '1234567-2-41');
    await waitFor(() => expect(describedBy(tax)).toBe('Érvénytelen adószám. Formátum: 12345678-1-12.'));
    await user.clear(tax);
    await user.type(tax, taxNumber('1234567'));
    await waitFor(() => expect(tax.getAttribute('aria-invalid')).toBe('false'));

    await fill(user, companyNumber, '21-09-123456');
    await waitFor(() =>
      expect(describedBy(companyNumber)).toBe('Érvénytelen cégjegyzékszám. Formátum: 01-09-123456.'),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Kérjük, ellenőrizze a megadott adatokat.');
  });

  it('sends the registration without the confirmations and tells about the 48-72 hour approval', async () => {
    const { user, dialog, field, submit, registerCalls } = await openRegistration(() =>
      jsonResponse(200, { data: true, userId: 5 }),
    );
    await fillValidCompany(user, field);
    await submit();
    const success = await within(dialog).findByRole('status');
    expect(success.textContent).toContain('Sikeres regisztráció');
    expect(success.textContent).toContain('teszt@example.com');
    expect(success.textContent).toContain('48–72 órán belül');
    expect(registerCalls()).toHaveLength(1);
    expect(JSON.parse(registerCalls()[0]![1].body as string)).toEqual({
      email: 'teszt@example.com',
      password: 'titkos-jelszo',
      phone: '+36 1 234 5678',
      name: 'Teszt Kereskedő Kft.',
      isCompany: true,
      companyRegistrationNumber: '01-09-123456',
      taxNumber: taxNumber('1234567'),
      billing: {
        country: 'Magyarország',
        countryCode: 'HU',
        zip: '1111',
        city: 'Budapest',
        aptSuite: 'Fő utca 1.',
      },
      language: 'hu',
    });
    expect(await screen.findByText(/Kérjük, erősítse meg e-mail-címét/)).toBeTruthy();
  });

  it('translates the server codes and marks the field a duplicate belongs to', async () => {
    const { user, dialog, field, submit } = await openRegistration(() =>
      jsonResponse(409, { error: 'ERR_DUP_TAX_NUM' }),
    );
    await fillValidCompany(user, field);
    await submit();
    await waitFor(() =>
      expect(within(dialog).getAllByText('Ezzel az adószámmal már regisztráltak.')).toHaveLength(2),
    );
    expect(field(/^Adószám/).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Regisztráció' })).toBeTruthy();
  });
});

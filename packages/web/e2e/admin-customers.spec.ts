import { expect, test } from '@playwright/test';
import {
  logIn,
  randomCompanyRegistrationNumber,
  randomTaxNumber,
  screenshots,
  withoutOverlays,
  withoutOverlaysEach,
} from './support/accounts';
import { adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';
import { waitForMail } from './support/mailbox';

test.beforeEach(withoutOverlaysEach);

/**
 * Issue 7: staff create a customer with a generated password; the customer reads it from the mail
 * and must change it at the first login.
 */
test('a customer created in the back office gets a password by mail and must change it first', async ({
  page,
  browser,
}) => {
  const email = `uj-vasarlo-${Date.now()}@example.com`;
  const context = await browser.newContext();
  const admin = await context.newPage();
  await withoutOverlays(admin);
  await adminLogIn(admin);
  await admin.getByRole('link', { name: 'Vásárlók és üzletkötők' }).click();
  await expect(admin.getByRole('heading', { name: 'Vásárlók és üzletkötők' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /customer@example\.com/ })).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-customers');

  await admin.getByRole('button', { name: 'Új fiók' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Új fiók' });
  await dialog.getByRole('textbox', { name: 'Bejelentkezési e-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Kapcsolattartó neve' }).fill('Új Vásárló');
  await dialog.getByRole('textbox', { name: 'Telefonszám' }).fill('+36 30 123 4567');
  await dialog.getByRole('textbox', { name: 'Vásárló (cég) neve' }).fill('Új Vásárló Kft.');
  await dialog.getByRole('textbox', { name: 'Irányítószám' }).fill('1111');
  await dialog.getByRole('textbox', { name: 'Település' }).fill('Budapest');
  await dialog.getByRole('textbox', { name: 'Utca, házszám' }).fill('Fő utca 1.');
  // A company is asked for the registration and tax numbers, as in the shop's registration.
  const submitButton = dialog.getByRole('button', { name: 'Létrehozás és jelszó küldése' });
  const taxNumber = dialog.getByRole('textbox', { name: 'Adószám' });
  await taxNumber.fill('12345678-2-41');
  await submitButton.click();
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(taxNumber).toHaveAccessibleDescription('Az adószám ellenőrző számjegye (8. számjegy) hibás.');
  await expect(dialog.getByRole('textbox', { name: 'Cégjegyzékszám' })).toHaveAccessibleDescription(
    'Kötelező mező.',
  );
  await screenshots(admin, 'admin-customers-create-errors');
  await dialog.getByRole('textbox', { name: 'Cégjegyzékszám' }).fill(randomCompanyRegistrationNumber());
  await taxNumber.fill(randomTaxNumber());
  await expect(taxNumber).not.toHaveAttribute('aria-invalid', 'true');
  await screenshots(admin, 'admin-customers-create');
  await submitButton.click();
  await expect(admin.getByRole('heading', { name: 'Új Vásárló Kft.' })).toBeVisible();
  await expect(admin.getByText(`A fiók elkészült; a jelszót elküldtük ide: ${email}.`)).toBeVisible();

  // Pricing and a shipping address with logistics cost.
  await admin.getByRole('textbox', { name: 'Vásárlói kedvezmény (%)' }).fill('2,5');
  await admin.getByRole('button', { name: 'Mentés' }).nth(1).click();
  await expect(admin.getByText('Mentve.').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Cím hozzáadása' }).click();
  const address = admin.getByRole('dialog', { name: 'Cím hozzáadása' });
  await address.getByRole('textbox', { name: 'Irányítószám' }).fill('6720');
  await address.getByRole('textbox', { name: 'Település' }).fill('Szeged');
  await address.getByRole('textbox', { name: 'Utca, házszám' }).fill('Kárász utca 1.');
  await address.getByRole('textbox', { name: 'Logisztikai költség (Ft)' }).fill('1500');
  await address.getByRole('button', { name: 'Mentés' }).click();
  await expect(address).toHaveCount(0);
  await expect(admin.getByRole('row', { name: /6720 Szeged/ })).toContainText('1500 Ft');
  expect(await axeViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-customer-detail');
  await context.close();

  const mail = await waitForMail(email);
  const password = /Jelszó: (\S+)/.exec(mail.text)?.[1];
  expect(password).toBeTruthy();

  await logIn(page, email, password!);
  const forced = page.getByRole('dialog', { name: 'Kedves Vásárlónk!' });
  await expect(forced).toBeVisible();
  await forced.locator('input[name="newPassword"]').fill('Sajat-jelszo-1');
  await forced.locator('input[name="verifyPassword"]').fill('Sajat-jelszo-1');
  await forced.getByRole('button', { name: 'Mentés' }).click();
  await expect(forced).toHaveCount(0);
  await expect(page.getByText('Jelszavát sikeresen megváltoztattuk.')).toBeVisible();
});

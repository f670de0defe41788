import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  billingAddressSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  registerFieldsSchema,
} from '@shop/shared/contracts/users';
import { createI18n } from '../i18n/i18n';
import { combineResolvers, lengthLimits, validationMessage } from './form-validation';

describe('lengthLimits', () => {
  it('reads the limits of the shared schemas through pipes and optional wrappers', () => {
    expect(lengthLimits(passwordSchema)).toEqual({ min: 6, max: 128 });
    expect(lengthLimits(emailSchema)).toEqual({ max: 255 });
    expect(lengthLimits(phoneSchema)).toEqual({ max: 64 });
    expect(lengthLimits(registerFieldsSchema.shape.taxNumber)).toEqual({ max: 32 });
    expect(lengthLimits(billingAddressSchema.shape.countryCode)).toEqual({ max: 8 });
    expect(lengthLimits(z.number())).toEqual({});
  });
});

describe('validationMessage', () => {
  it('translates the message keys of the shared schemas, with field and length', async () => {
    const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
    const t = i18n.t;
    const field = 'Jelszó';
    expect(validationMessage(t, undefined, { field })).toBeUndefined();
    expect(validationMessage(t, { message: 'required' }, { field })).toBe('Kötelező mező.');
    expect(validationMessage(t, { message: 'too_short' }, { field, limits: { min: 6 } })).toBe(
      'Jelszó: legalább 6 karakter szükséges.',
    );
    expect(validationMessage(t, { message: 'too_long' }, { field, limits: { max: 128 } })).toBe(
      'Jelszó: legfeljebb 128 karakter adható meg.',
    );
    expect(validationMessage(t, { message: 'ERR_DUP_EMAIL' }, { field })).toBe(
      'Ezzel az e-mail-címmel már regisztráltak.',
    );
    expect(validationMessage(t, { message: 'Invalid input' }, { field })).toBe('Érvénytelen érték.');
  });

  it('tells which part of a tax number is wrong', async () => {
    const i18n = await createI18n({ language: 'en', namespaces: 'all' });
    const message = (value: string) =>
      validationMessage(i18n.t, { message: 'invalid_tax_number' }, { field: 'Tax number', value });
    expect(message('12345678-2-41')).toBe('The check digit (8th digit) of the tax number is wrong.');
    expect(message('12345676-9-41')).toBe('The 9th digit of the tax number (VAT code) must be 1–5.');
    expect(message('12345676-2-21')).toBe(
      'The last two digits of the tax number (territorial code) are invalid.',
    );
    expect(message('123')).toBe('Invalid tax number. Format: 12345678-1-12.');
  });
});

describe('combineResolvers', () => {
  const fields = z.object({ a: z.string().min(1, { error: 'required', abort: true }), b: z.string() });
  const same = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, {
    path: ['b'],
    message: 'password_mismatch',
  });
  const resolver = combineResolvers<z.input<typeof fields>, z.output<typeof fields>>(
    zodResolver(fields),
    zodResolver(same),
  );
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('reports the errors of every schema at once', async () => {
    const result = await resolver({ a: '', b: 'x' }, undefined, options);
    expect(result.errors).toMatchObject({ a: { message: 'required' }, b: { message: 'password_mismatch' } });
  });

  it('answers the values of the first schema when all pass', async () => {
    const result = await resolver({ a: 'x', b: 'x' }, undefined, options);
    expect(result).toEqual({ values: { a: 'x', b: 'x' }, errors: {} });
  });
});

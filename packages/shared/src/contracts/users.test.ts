import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth';
import {
  changePasswordRequestSchema,
  registerFieldsSchema,
  registerRequestSchema,
  checkCompanyFields,
} from './users';

const valid = {
  email: '  Beszerzes@Pelda.HU ',
  password: 'Jelszo-123',
  phone: '+36 (30) 123-4567',
  name: ' Példa Kft. ',
  isCompany: true,
  companyRegistrationNumber: '01-09-123456',
  taxNumber: '12345676-2-41',
  billing: {
    country: 'Magyarország',
    countryCode: 'HU',
    zip: '1051',
    city: 'Budapest',
    aptSuite: 'Nádor utca 5.',
  },
};

function messagesOf(input: unknown): Record<string, string> {
  const result = registerRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('registerRequestSchema', () => {
  it('trims, lower-cases the e-mail and defaults the company flag', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('beszerzes@pelda.hu');
    expect(parsed.name).toBe('Példa Kft.');
    const person = registerRequestSchema.parse({
      ...valid,
      isCompany: undefined,
      companyRegistrationNumber: '',
      taxNumber: null,
    });
    expect(person).toMatchObject({ isCompany: false, companyRegistrationNumber: null, taxNumber: null });
  });

  it('requires both company numbers for a company, with the message key "required"', () => {
    expect(messagesOf({ ...valid, companyRegistrationNumber: '', taxNumber: undefined })).toEqual({
      companyRegistrationNumber: 'required',
      taxNumber: 'required',
    });
  });

  it('checks the Hungarian formats and the tax check digit', () => {
    expect(messagesOf({ ...valid, taxNumber: '12345678-2-41' })).toEqual({ taxNumber: 'invalid_tax_number' });
    expect(messagesOf({ ...valid, companyRegistrationNumber: '1-09-123456' })).toEqual({
      companyRegistrationNumber: 'invalid_company_registration_number',
    });
    expect(messagesOf({ ...valid, isCompany: false, taxNumber: '123' })).toEqual({
      taxNumber: 'invalid_tax_number',
    });
  });

  it('gives stable message keys for the other fields', () => {
    expect(messagesOf({ ...valid, email: '' })).toEqual({ email: 'required' });
    expect(messagesOf({ ...valid, email: 'nope' })).toEqual({ email: 'invalid_email' });
    expect(messagesOf({ ...valid, password: '' })).toEqual({ password: 'required' });
    expect(messagesOf({ ...valid, password: '12345' })).toEqual({ password: 'too_short' });
    expect(messagesOf({ ...valid, password: 'x'.repeat(129) })).toEqual({ password: 'too_long' });
    expect(messagesOf({ ...valid, phone: 'abc' })).toEqual({ phone: 'invalid_phone' });
    expect(messagesOf({ ...valid, phone: '12345' })).toEqual({ phone: 'invalid_phone' });
    expect(messagesOf({ ...valid, billing: { ...valid.billing, zip: ' ' } })).toEqual({
      'billing.zip': 'required',
    });
  });

  it('lets the web extend the fields with confirmations and apply the company rule again', () => {
    const form = registerFieldsSchema
      .extend({ emailConfirmation: registerFieldsSchema.shape.email })
      .superRefine(checkCompanyFields)
      .refine((v) => v.email === v.emailConfirmation, {
        path: ['emailConfirmation'],
        message: 'emails_differ',
      });
    expect(form.safeParse({ ...valid, emailConfirmation: 'beszerzes@pelda.hu' }).success).toBe(true);
    const result = form.safeParse({ ...valid, emailConfirmation: 'other@pelda.hu', taxNumber: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain('required');
  });
});

describe('password and login schemas', () => {
  it('accepts 6 to 128 characters for a new password', () => {
    expect(changePasswordRequestSchema.safeParse({ password: 'abcdef' }).success).toBe(true);
    expect(changePasswordRequestSchema.safeParse({ password: 'abcde' }).success).toBe(false);
  });
  it('needs both login fields', () => {
    expect(loginRequestSchema.safeParse({ emailorusername: 'a', password: 'b' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ emailorusername: ' ', password: 'b' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ emailorusername: 'a', password: '' }).success).toBe(false);
  });
});

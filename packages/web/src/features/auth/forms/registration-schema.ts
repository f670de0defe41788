import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  billingAddressSchema,
  checkCompanyFields,
  emailSchema,
  passwordSchema,
  phoneSchema,
  registerFieldsSchema,
  type RegisterData,
} from '@shop/shared/contracts/users';
import { combineResolvers, lengthLimits } from '../../../lib/form-validation';

/**
 * The registration form (docs/product.md §§2 and 5): the shared registration fields plus the e-mail
 * and password confirmations. The company rules (both numbers required for a company, Hungarian
 * formats and the tax number's check digit) and the confirmations are separate schemas, so every
 * rule shows at the first submit (see combineResolvers).
 */
const required = { error: 'required', abort: true } as const;

export const registrationFieldsSchema = registerFieldsSchema.extend({
  emailConfirmation: z.string().trim().min(1, required),
  passwordConfirmation: z.string().min(1, required),
});

const companySchema = registerFieldsSchema
  .pick({ isCompany: true, companyRegistrationNumber: true, taxNumber: true })
  .superRefine(checkCompanyFields);

const confirmationSchema = z
  .object({
    email: z.string(),
    emailConfirmation: z.string(),
    password: z.string(),
    passwordConfirmation: z.string(),
  })
  .superRefine((values, ctx) => {
    const confirmation = values.emailConfirmation.trim().toLowerCase();
    if (confirmation !== '' && confirmation !== values.email.trim().toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: 'email_mismatch' });
    }
    if (values.passwordConfirmation !== '' && values.passwordConfirmation !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'password_mismatch' });
    }
  });

export type RegistrationValues = z.input<typeof registrationFieldsSchema>;
export type RegistrationOutput = z.output<typeof registrationFieldsSchema>;

/** A resolver over a part of the form's values (it reads only the fields it knows). */
const partial = (resolver: unknown) => resolver as Resolver<RegistrationValues, unknown, unknown>;

export const registrationResolver = combineResolvers<RegistrationValues, RegistrationOutput>(
  zodResolver(registrationFieldsSchema),
  partial(zodResolver(companySchema)),
  partial(zodResolver(confirmationSchema)),
);

export const registrationDefaults: RegistrationValues = {
  email: '',
  emailConfirmation: '',
  password: '',
  passwordConfirmation: '',
  phone: '',
  name: '',
  isCompany: false,
  companyRegistrationNumber: '',
  taxNumber: '',
  billing: { country: '', countryCode: '', zip: '', city: '', aptSuite: '' },
};

/** The length limits of each field, from the shared schemas. */
export const registrationLimits = {
  email: lengthLimits(emailSchema),
  password: lengthLimits(passwordSchema),
  phone: lengthLimits(phoneSchema),
  name: lengthLimits(registerFieldsSchema.shape.name),
  companyRegistrationNumber: lengthLimits(registerFieldsSchema.shape.companyRegistrationNumber),
  taxNumber: lengthLimits(registerFieldsSchema.shape.taxNumber),
  country: lengthLimits(billingAddressSchema.shape.country),
  countryCode: lengthLimits(billingAddressSchema.shape.countryCode),
  zip: lengthLimits(billingAddressSchema.shape.zip),
  city: lengthLimits(billingAddressSchema.shape.city),
  aptSuite: lengthLimits(billingAddressSchema.shape.aptSuite),
};

/** The registration call's body: the form's values without the confirmations. */
export function toRegisterRequest(
  values: RegistrationOutput,
  language: RegisterData['language'],
): RegisterData {
  const { emailConfirmation: _email, passwordConfirmation: _password, ...fields } = values;
  return language ? { ...fields, language } : fields;
}

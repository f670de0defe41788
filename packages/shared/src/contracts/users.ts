import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/password-policy';
import { huTaxNumberProblem, isValidHuCompanyRegistrationNumber } from '../rules/hu-tax-number';

/**
 * Account contracts: registration, verification, passwords, own data (docs/product.md §§2, 3, 5, 7).
 *
 * Validation messages are stable keys the web translates under `validation.<key>`:
 * `required`, `invalid_email`, `invalid_phone`, `invalid_tax_number`,
 * `invalid_company_registration_number`, `too_short`, `too_long` (zod's `minimum`/`maximum`
 * travel in the issue for the length messages).
 */

export const MESSAGES = {
  required: 'required',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  invalidTaxNumber: 'invalid_tax_number',
  invalidCompanyRegistrationNumber: 'invalid_company_registration_number',
  tooShort: 'too_short',
  tooLong: 'too_long',
} as const;

const required = { error: MESSAGES.required, abort: true } as const;

/** An e-mail address, trimmed and lower-cased (addresses are compared case-insensitively). */
export const emailSchema = z
  .string()
  .trim()
  .min(1, required)
  .max(255, MESSAGES.tooLong)
  .pipe(z.email(MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase());

/** A new password: 6 to 128 characters (docs/product.md §§5 and 9). */
export const passwordSchema = z
  .string()
  .min(1, required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong);

const PHONE_PATTERN = /^\+?[0-9][0-9 ()/.-]*$/;
export const phoneSchema = z
  .string()
  .trim()
  .min(1, required)
  .max(64, MESSAGES.tooLong)
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 20;
  }, MESSAGES.invalidPhone);

const requiredText = (max: number) => z.string().trim().min(1, required).max(max, MESSAGES.tooLong);

/** Optional text: trimmed; missing, null and '' all become null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const billingAddressSchema = z.object({
  country: requiredText(100),
  countryCode: optionalText(8),
  zip: requiredText(20),
  city: requiredText(100),
  aptSuite: requiredText(255),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/**
 * The registration fields without the cross-field rule, so the web can extend them with the
 * confirmation fields; apply {@link checkCompanyFields} with `superRefine` on the result.
 */
export const registerFieldsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema,
  /** The person's name, or the company name for a company. */
  name: requiredText(255),
  isCompany: z.boolean().default(false),
  /** CC-FF-NNNNNN; required for a company. */
  companyRegistrationNumber: optionalText(32),
  /** NNNNNNNN-N-NN with a valid check digit; required for a company. */
  taxNumber: optionalText(32),
  billing: billingAddressSchema,
  /** The language of the account's e-mails; the request's Accept-Language when missing. */
  language: z.enum(LANGUAGES).optional(),
});

interface CompanyFields {
  isCompany: boolean;
  companyRegistrationNumber: string | null;
  taxNumber: string | null;
}

/** Company fields: both required for a company; when given, their Hungarian format is checked. */
export function checkCompanyFields(data: CompanyFields, ctx: z.RefinementCtx): void {
  if (data.companyRegistrationNumber === null) {
    if (data.isCompany)
      ctx.addIssue({ code: 'custom', path: ['companyRegistrationNumber'], message: MESSAGES.required });
  } else if (!isValidHuCompanyRegistrationNumber(data.companyRegistrationNumber)) {
    ctx.addIssue({
      code: 'custom',
      path: ['companyRegistrationNumber'],
      message: MESSAGES.invalidCompanyRegistrationNumber,
    });
  }
  if (data.taxNumber === null) {
    if (data.isCompany) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: MESSAGES.required });
  } else {
    const problem = huTaxNumberProblem(data.taxNumber);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxNumber'],
        message: MESSAGES.invalidTaxNumber,
        params: { problem },
      });
    }
  }
}

/** POST /api/users/register (docs/product.md §7.2). */
export const registerRequestSchema = registerFieldsSchema.superRefine(checkCompanyFields);
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterData = z.output<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  data: z.literal(true),
  userId: z.number().int(),
});

/** `{ data: true }`: the plain success answer (docs/product.md §7.2). */
export const successResponseSchema = z.object({ data: z.literal(true) });

const longCode = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/** GET /api/users/{userId}/verify/{code} */
export const verifyParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  code: longCode,
});

/** POST /api/users/forgot-password */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

/** POST /api/users/resend-verification: a new confirmation mail for a registration not confirmed yet. */
export const resendVerificationRequestSchema = z.object({ email: emailSchema });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

/** POST /api/users/{userId}/reset-password/{code} */
export const resetPasswordParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  code: longCode,
});
export const resetPasswordRequestSchema = z.object({ newPassword: passwordSchema });

/** POST /api/users/change-password */
export const changePasswordRequestSchema = z.object({ password: passwordSchema });
/** The version of the account's tokens changed: `access_token` replaces the one in use. */
export const changePasswordResponseSchema = z.object({ data: z.literal(true), access_token: z.string() });

/** An address as the answers show it (a billing address; country name and code). */
export const addressOutSchema = z.object({
  country: z.string(),
  countryCode: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  aptSuite: z.string(),
});

/** GET /api/users/get-user-data (customers only) */
export const userDataResponseSchema = z.object({
  email: z.string(),
  phone: z.string().nullable(),
  taxNumber: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
  name: z.string(),
  isCompany: z.boolean(),
  billing: addressOutSchema,
});
export type UserData = z.infer<typeof userDataResponseSchema>;

/* ------------------------------------------------------------ extended customer data */

/** GET /api/customers/{customerId}/extended */
export const extendedCustomerParamsSchema = z.object({ customerId: z.coerce.number().int().positive() });

/** A customer's phone and company identity, as the account answers and events list them. */
export const customerCompanyFields = {
  phone: z.string().nullable(),
  isCompany: z.boolean(),
  taxNumber: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
};

/** A customer's id, name, e-mail and company identity. */
export const customerIdentityFields = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  ...customerCompanyFields,
};

/** A customer as shown beside a shipping address (docs/product.md §3). */
export const addressCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  taxNumber: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
  billingAddress: addressOutSchema,
});

/** Where a shipping address is, in the order the answers list it. */
export const addressPlaceFields = {
  zip: z.string(),
  city: z.string(),
  aptSuite: z.string(),
  country: z.string(),
  countryCode: z.string().nullable(),
};

/** The fields every buyer-side shipping address answer starts with. */
export const shippingAddressFields = {
  shippingAddressId: z.number().int(),
  /** This is the user's current shipping address. */
  currentShippingAddress: z.boolean(),
  ...addressPlaceFields,
  /** Gross minor units (1/100 Ft), charged for home delivery to this address. */
  logisticsCost: z.number().int(),
  note: z.string().nullable(),
};

export const extendedShippingAddressSchema = z.object({
  ...shippingAddressFields,
  customer: addressCustomerSchema,
});
export type ExtendedShippingAddress = z.infer<typeof extendedShippingAddressSchema>;

export const customerDataSchema = z.object({
  ...customerIdentityFields,
  billingAddress: addressOutSchema,
});

export const agentDataSchema = z.object({
  /** The agent's own name. */
  name: z.string(),
  /** The agent's current shipping address with its customer; null until the agent chooses one. */
  currentShippingAddress: extendedShippingAddressSchema.nullable(),
});

export const extendedCustomerResponseSchema = z.object({
  data: z.union([z.object({ customerData: customerDataSchema }), z.object({ agentData: agentDataSchema })]),
});
export type ExtendedCustomerResponse = z.infer<typeof extendedCustomerResponseSchema>;

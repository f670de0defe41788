import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { adminPageQuerySchema, adminPageSchema, adminSearchSchema } from './admin-common';
import {
  addressOutSchema,
  addressPlaceFields,
  billingAddressSchema,
  checkCompanyFields,
  customerIdentityFields,
  emailSchema,
  phoneSchema,
} from './users';

/** Back-office contracts: customers and agents (issue 7). Money in minor units, discounts in basis points. */

export const ACCOUNT_KINDS = ['customer', 'agent'] as const;

export const customersQuerySchema = adminPageQuerySchema.extend({
  q: adminSearchSchema,
  kind: z.enum(ACCOUNT_KINDS).optional(),
  /** Only the customers of this agent. */
  agentUserId: z.coerce.number().int().positive().optional(),
});

export const customerListItemSchema = z.object({
  userId: z.number().int(),
  role: z.enum(ACCOUNT_KINDS),
  email: z.string(),
  name: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  agentName: z.string().nullable(),
  priceGroup: z.string().nullable(),
  discountBp: z.number().int().nullable(),
  isActive: z.boolean(),
  isDisabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customersPageSchema = adminPageSchema(customerListItemSchema);

export const adminAddressSchema = z.object({
  id: z.number().int(),
  ...addressPlaceFields,
  logisticsCost: z.number().int(),
  deliveryRouteId: z.number().int().nullable(),
  note: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdminAddress = z.infer<typeof adminAddressSchema>;

export const customerDetailSchema = z.object({
  userId: z.number().int(),
  role: z.enum(ACCOUNT_KINDS),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  language: z.string(),
  isActive: z.boolean(),
  isDisabled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  customer: z
    .object({
      ...customerIdentityFields,
      billing: addressOutSchema,
      agentUserId: z.number().int().nullable(),
      priceGroup: z.string().nullable(),
      discountBp: z.number().int(),
      paymentMethodIds: z.array(z.number().int()),
      addresses: z.array(adminAddressSchema),
      /** Issue 16: place-order needs a purchase-order number. */
      purchaseOrderNumberRequired: z.boolean(),
      /** Issue 16: credit limit for deferred payment methods, minor units; null = none. */
      creditLimit: z.number().int().nullable(),
      /** What the customer owed at `openBalanceAt` (staff or the ERP), minor units. */
      openBalance: z.number().int(),
      openBalanceAt: z.string().nullable(),
      /** Deferred orders placed since `openBalanceAt`, not cancelled, minor units. */
      pendingDeferred: z.number().int(),
    })
    .nullable(),
  /** An agent's customers. */
  agentCustomers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Choices for the forms. */
  options: z.object({
    agents: z.array(z.object({ userId: z.number().int(), name: z.string() })),
    paymentMethods: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
    deliveryRoutes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    priceGroups: z.array(z.string()),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const nameSchema = z.string().trim().min(1, { error: 'required', abort: true }).max(255, 'too_long');

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'too_long')
    .nullable()
    .transform((value) => (value ? value : null));

export const updateCustomerSchema = z
  .object({
    /** The user's (contact person's) name and phone. */
    name: nameSchema.optional(),
    phone: phoneSchema.nullable().optional(),
    mustChangePassword: z.boolean().optional(),
    /** Disabling stops the account's tokens at once. */
    disabled: z.boolean().optional(),
    customer: z
      .object({
        name: nameSchema.optional(),
        email: emailSchema.optional(),
        phone: phoneSchema.nullable().optional(),
        taxNumber: nullableText(32).optional(),
        companyRegistrationNumber: nullableText(32).optional(),
        billing: billingAddressSchema.optional(),
        agentUserId: z.number().int().positive().nullable().optional(),
        priceGroup: nullableText(64).optional(),
        /** 0 to 10 000 basis points (0–100 %). */
        discountBp: z.number().int().min(0).max(10_000).optional(),
        paymentMethodIds: z.array(z.number().int().positive()).max(100).optional(),
        /** Issue 16: make place-order require a purchase-order number. */
        purchaseOrderNumberRequired: z.boolean().optional(),
        /** Minor units, up to 1 billion Ft; null removes the limit. */
        creditLimit: z
          .number()
          .int('invalid_number')
          .min(0, 'too_small')
          .max(100_000_000_000, 'too_large')
          .nullable()
          .optional(),
        /** Minor units (negative: the customer has paid ahead); saving it sets its instant to now. */
        openBalance: z
          .number()
          .int('invalid_number')
          .min(-100_000_000_000, 'too_small')
          .max(100_000_000_000, 'too_large')
          .optional(),
      })
      .optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'required');
export type UpdateCustomerRequest = z.input<typeof updateCustomerSchema>;

export const addressInputSchema = z.object({
  zip: z.string().trim().min(1, { error: 'required', abort: true }).max(20, 'too_long'),
  city: z.string().trim().min(1, { error: 'required', abort: true }).max(100, 'too_long'),
  aptSuite: z.string().trim().min(1, { error: 'required', abort: true }).max(255, 'too_long'),
  country: z.string().trim().min(1, { error: 'required', abort: true }).max(100, 'too_long'),
  countryCode: nullableText(8).optional().default(null),
  /** Minor units (1/100 Ft), gross. */
  logisticsCost: z.number().int().min(0).max(100_000_000),
  deliveryRouteId: z.number().int().positive().nullable(),
  note: nullableText(500).optional().default(null),
  isActive: z.boolean().default(true),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  addressId: z.coerce.number().int().positive(),
});

/** What every new account gives: the login's e-mail, the person's name and phone, the language. */
const newAccountFields = {
  email: emailSchema,
  name: nameSchema,
  phone: phoneSchema,
  language: z.enum(LANGUAGES).default('hu'),
};

export const createAccountSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('customer'),
    ...newAccountFields,
    /**
     * The company fields follow the shop's registration (checkCompanyFields): for a company the
     * registration number and the tax number are required, and when given their Hungarian formats
     * (and the tax number's check digit) are checked.
     */
    customer: z
      .object({
        name: nameSchema,
        isCompany: z.boolean(),
        taxNumber: nullableText(32).optional().default(null),
        companyRegistrationNumber: nullableText(32).optional().default(null),
        billing: billingAddressSchema,
        agentUserId: z.number().int().positive().nullable().optional().default(null),
      })
      .superRefine(checkCompanyFields),
  }),
  z.object({
    role: z.literal('agent'),
    ...newAccountFields,
  }),
]);
export type CreateAccountRequest = z.input<typeof createAccountSchema>;

export const createAccountResponseSchema = z.object({
  userId: z.number().int(),
  customerId: z.number().int().nullable(),
  mailSent: z.boolean(),
});

import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { emailSchema, passwordSchema } from './users';
import { rowIdSchema } from './row-id';

/**
 * Company users (issue 15, docs/product.md §3.4 and §6.1): a customer's logins with their role,
 * limits and the shipping addresses they may use. Limits travel as whole gross forints (null = no
 * limit); the database keeps minor units (1/100 Ft).
 */

export const COMPANY_ROLES = ['owner', 'approver', 'buyer', 'requester'] as const;
export const companyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof companyRoleSchema>;

/** Highest limit accepted: ten billion forints. */
export const MAX_LIMIT_FT = 10_000_000_000;

const limitSchema = z
  .number({ error: 'invalid_number' })
  .int('invalid_number')
  .min(0, 'invalid_number')
  .max(MAX_LIMIT_FT, 'too_large')
  .nullable();

const nameSchema = z.string().trim().min(1, { error: 'required', abort: true }).max(255, 'too_long');

const addressIdsSchema = z
  .array(z.number().int().positive())
  .max(500)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/company/users: invite a user (no addresses = all of the company's). */
export const inviteCompanyUserSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  role: companyRoleSchema,
  orderLimit: limitSchema.default(null),
  monthlyLimit: limitSchema.default(null),
  shippingAddressIds: addressIdsSchema.default([]),
  /** The language of the invitation mail and of the new account; the inviter's request language when missing. */
  language: z.enum(LANGUAGES).optional(),
});
export type InviteCompanyUserRequest = z.input<typeof inviteCompanyUserSchema>;
export type InviteCompanyUser = z.output<typeof inviteCompanyUserSchema>;

/** PATCH /api/company/users/{userId}: only the fields sent change. */
export const updateCompanyUserSchema = z
  .object({
    name: nameSchema.optional(),
    role: companyRoleSchema.optional(),
    orderLimit: limitSchema.optional(),
    monthlyLimit: limitSchema.optional(),
    shippingAddressIds: addressIdsSchema.optional(),
    /** true disables the login (its tokens stop at once), false enables it again. */
    disabled: z.boolean().optional(),
  })
  .strict();
export type UpdateCompanyUserRequest = z.input<typeof updateCompanyUserSchema>;
export type UpdateCompanyUser = z.output<typeof updateCompanyUserSchema>;

export const companyUserParamsSchema = z.object({
  userId: rowIdSchema,
});

export const COMPANY_USER_STATUSES = ['invited', 'active', 'disabled'] as const;

export const companyUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: companyRoleSchema,
  /** Gross forints; null = no limit. */
  orderLimit: z.number().int().nullable(),
  monthlyLimit: z.number().int().nullable(),
  /** Empty: every address of the company. */
  shippingAddressIds: z.array(z.number().int()),
  status: z.enum(COMPANY_USER_STATUSES),
  /** When an open invitation expires (status `invited`). */
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const companyAddressSchema = z.object({
  shippingAddressId: z.number().int(),
  zip: z.string(),
  city: z.string(),
  aptSuite: z.string(),
  country: z.string(),
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

/** One change of the company's users, newest first (the audit log). */
export const companyActivitySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  /** A back-office user made the change. */
  byStaff: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  changes: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.number())]),
  ),
});
export type CompanyActivity = z.infer<typeof companyActivitySchema>;

/** GET /api/company/users (and the back office's users card). */
export const companyUsersResponseSchema = z.object({
  users: z.array(companyUserSchema),
  /** The company's active shipping addresses, for the address choice. */
  addresses: z.array(companyAddressSchema),
  /** The latest 50 changes. */
  activity: z.array(companyActivitySchema),
});
export type CompanyUsersResponse = z.infer<typeof companyUsersResponseSchema>;

export const companyUserResponseSchema = z.object({ data: z.literal(true), user: companyUserSchema });
export type CompanyUserResponse = z.infer<typeof companyUserResponseSchema>;

/** POST /api/users/{userId}/accept-invite/{code} */
export const acceptInviteParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  code: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const acceptInviteRequestSchema = z.object({ newPassword: passwordSchema });
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

/** GET /api/orders/history?userId=: owners and approvers may narrow the company's orders to one user. */
export const orderHistoryQuerySchema = z.object({
  userId: rowIdSchema.optional(),
});

/** Roles that see every order of the company (others see their own). */
export function seesCompanyOrders(role: CompanyRole | null | undefined): boolean {
  return role === 'owner' || role === 'approver';
}

import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { ADMIN_ROLES } from '../rules/admin-permissions';
import { adminPageQuerySchema, adminPageSchema, adminSearchSchema } from './admin-common';
import { customerCompanyFields, emailSchema, passwordSchema } from './users';

/** Back-office contracts: the registrations queue, staff accounts and the audit log (issue 7). */

/* ------------------------------------------------------------------ registrations */

export const REGISTRATION_STATUSES = ['pending', 'unverified', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const registrationsQuerySchema = adminPageQuerySchema.extend({
  /** pending: confirmed e-mail, waiting for approval (default); unverified: e-mail not confirmed yet. */
  status: z.enum(REGISTRATION_STATUSES).default('pending'),
  q: adminSearchSchema,
});
export type RegistrationsQuery = z.infer<typeof registrationsQuerySchema>;

export const registrationSchema = z.object({
  userId: z.number().int(),
  customerId: z.number().int().nullable(),
  email: z.string(),
  /** The customer's (company's) name. */
  name: z.string(),
  /** The person who registered. */
  contactName: z.string(),
  ...customerCompanyFields,
  billingAddress: z.string(),
  language: z.string(),
  emailVerifiedAt: z.string().nullable(),
  registeredAt: z.string(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registrationsPageSchema = adminPageSchema(registrationSchema);

export const rejectRegistrationSchema = z.object({
  reason: z.string().trim().min(1, { error: 'required', abort: true }).max(1000, 'too_long'),
});
export type RejectRegistrationRequest = z.infer<typeof rejectRegistrationSchema>;

export const registrationDecisionSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  /** The account was already approved: nothing changed, no mail. */
  alreadyApproved: z.boolean(),
  mailSent: z.boolean(),
});
export type RegistrationDecision = z.infer<typeof registrationDecisionSchema>;

/* ------------------------------------------------------------------ staff accounts */

export const staffQuerySchema = adminPageQuerySchema.extend({
  q: adminSearchSchema,
});

export const staffAccountSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  role: z.enum(ADMIN_ROLES),
  language: z.string(),
  isDisabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffPageSchema = adminPageSchema(staffAccountSchema);

const nameSchema = z.string().trim().min(1, { error: 'required', abort: true }).max(255, 'too_long');

export const createStaffSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  role: z.enum(ADMIN_ROLES),
  password: passwordSchema,
  language: z.enum(LANGUAGES).default('hu'),
});
export type CreateStaffRequest = z.input<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({
    name: nameSchema.optional(),
    role: z.enum(ADMIN_ROLES).optional(),
    disabled: z.boolean().optional(),
    /** A new password; the account's tokens stop working. */
    password: passwordSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'required');
export type UpdateStaffRequest = z.input<typeof updateStaffSchema>;

/* ------------------------------------------------------------------ audit log */

export const auditQuerySchema = adminPageQuerySchema.extend({
  actorUserId: z.coerce.number().int().positive().optional(),
  entity: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  action: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  entityId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  /** 'YYYY-MM-DD' in UTC, inclusive. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryOut = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = adminPageSchema(auditEntrySchema).extend({
  /** The distinct entities and actions in the log, for the filter lists. */
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

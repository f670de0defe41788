import { z } from 'zod';

/**
 * Authentication contracts (docs/product.md §§3, 4 and 7).
 *
 * Validation messages are stable keys the web translates under `validation.<key>`
 * (`required`, `too_long`, ...); zod's own `minimum`/`maximum` travel in the issue.
 */

export const USER_ROLES = ['customer', 'agent', 'admin', 'staff'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRoleName = z.infer<typeof userRoleSchema>;

/** The login name of a sign-in form (shop and back office): an e-mail address or a user name. */
export const loginNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(255, 'too_long');
/** The password of a sign-in form (shop and back office): any non-empty text up to 1024 characters. */
export const loginPasswordSchema = z
  .string()
  .min(1, { error: 'required', abort: true })
  .max(1024, 'too_long');

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  emailorusername: loginNameSchema.describe('The e-mail address (any letter case) or the user name'),
  password: loginPasswordSchema,
  keepMeLoggedIn: z.boolean().optional().describe('true: a token valid for 30 days; otherwise 12 hours'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  /** Present (true) when the account must change its password before it can use the shop. */
  reset: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The claims of the access token (docs/product.md §3, plus `tv` the token version and `role`). */
export const accessTokenClaimsSchema = z.object({
  exp: z.number().int(),
  iat: z.number().int().optional(),
  isAgent: z.boolean(),
  /** The customer id; null for agents. */
  id: z.number().int().nullable(),
  userId: z.number().int(),
  tv: z.number().int(),
  role: userRoleSchema,
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** GET /api/auth/me: who the token belongs to; open while a password change is required. */
export const meResponseSchema = z.object({
  userId: z.number().int(),
  /** The customer of a customer account; null for agents. */
  customerId: z.number().int().nullable(),
  isAgent: z.boolean(),
  name: z.string(),
  mustChangePassword: z.boolean(),
  /**
   * The customer the session currently works for: a customer's own id, or for an agent the customer
   * of the agent's current shipping address (null until one is chosen). Use it for
   * `GET /api/customers/{customerId}/extended`.
   */
  currentCustomerId: z.number().int().nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

import { z } from 'zod';
import { ADMIN_PERMISSIONS, ADMIN_ROLES } from '../rules/admin-permissions';
import { loginNameSchema, loginPasswordSchema } from './auth';

/** Back-office login and session (issue 7). */

export const adminPermissionSchema = z.enum(ADMIN_PERMISSIONS);
export const adminRoleSchema = z.enum(ADMIN_ROLES);

/** POST /api/admin/auth/login */
export const adminLoginRequestSchema = z.object({
  email: loginNameSchema.describe(
    'The e-mail address (any letter case) or the user name of an administrator or staff member',
  ),
  password: loginPasswordSchema,
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminSessionSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  permissions: z.array(adminPermissionSchema),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminLoginResponseSchema = z.object({
  access_token: z.string(),
  session: adminSessionSchema,
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminSessionSchema,
  type AdminSession,
} from '@shop/shared/contracts/admin-auth';
import { isAdminRole, permissionsOf } from '@shop/shared/rules/admin-permissions';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { type Auth, signedIn } from '../../http/auth';
import { loginRateLimit } from '../../lib/rate-limit';
import { checkCredentials } from '../auth/auth.service';
import { findUserById } from '../users/users.repository';

const tags = ['admin'];

async function sessionOf(ctx: AppContext, userId: number): Promise<AdminSession> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user || !isAdminRole(user.role)) throw new AppError('ERR_TOKEN_REVOKED');
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    permissions: permissionsOf(user.role),
  };
}

/**
 * Back-office login (public: the back office's only door, under /api/admin): administrators and
 * staff only; a token of 12 hours, signed like the shop's. And the signed-in staff member's
 * session (staffScope, any back-office role).
 */
export function adminAuthRoutes(
  ctx: AppContext,
  auth: Auth,
): { public: FastifyPluginAsyncZod; staff: FastifyPluginAsyncZod } {
  const anyone: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/auth/login',
      {
        config: { rateLimit: loginRateLimit(ctx.config.loginRateLimit) },
        schema: {
          tags,
          summary: 'Back-office login (administrators and staff)',
          description:
            'Answers a 12-hour access token (same JWT as the shop, role admin or staff) and the session. ' +
            'Errors: ERR_WRONG_LOGIN_CRED (401), ERR_ACCOUNT_LOCKED (423) after 5 failures in 15 minutes; ' +
            'then, only with the right password: ERR_NOT_STAFF (403) for customers and agents, ' +
            'ERR_ACCOUNT_DISABLED (403) for a disabled staff account; ERR_RATE_LIMITED (429) per IP.',
          body: adminLoginRequestSchema,
          response: { 200: adminLoginResponseSchema },
        },
      },
      async (request) => {
        const user = await checkCredentials(ctx, {
          emailorusername: request.body.email,
          password: request.body.password,
        });
        if (!isAdminRole(user.role)) throw new AppError('ERR_NOT_STAFF');
        if (user.is_disabled === 1 || user.is_active !== 1) throw new AppError('ERR_ACCOUNT_DISABLED');
        const accessToken = await auth.sign(
          {
            userId: user.id,
            customerId: null,
            isAgent: false,
            role: user.role,
            tokenVersion: user.token_version,
          },
          false,
        );
        return { access_token: accessToken, session: await sessionOf(ctx, user.id) };
      },
    );
  };

  const staff: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/auth/me',
      {
        config: { permission: 'any' },
        schema: {
          tags,
          summary: 'The signed-in administrator or staff member, with the permissions of the role',
          description:
            'Errors: ERR_UNAUTHORIZED, ERR_TOKEN_EXPIRED, ERR_TOKEN_REVOKED (401), ERR_NOT_STAFF (403).',
          response: { 200: adminSessionSchema },
        },
      },
      async (request) => sessionOf(ctx, signedIn(request).userId),
    );
  };

  return { public: anyone, staff };
}

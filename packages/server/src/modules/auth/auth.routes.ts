import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, loginResponseSchema, meResponseSchema } from '@shop/shared/contracts/auth';
import type { AppContext } from '../../app-context';
import { type Auth, signedIn } from '../../http/auth';
import { loginRateLimit } from '../../lib/rate-limit';
import * as service from './auth.service';

const tags = ['auth'];

/** Logging in (public) and "who am I" (shopUserScope, open while a password change is required). */
export function authRoutes(
  ctx: AppContext,
  auth: Auth,
): { public: FastifyPluginAsyncZod; shopUser: FastifyPluginAsyncZod } {
  const anyone: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/auth/login',
      {
        config: { rateLimit: loginRateLimit(ctx.config.loginRateLimit) },
        schema: {
          tags,
          summary: 'Log in with the e-mail address or user name',
          description:
            'Answers the access token (JWT, HS256; claims exp, isAgent, id = customer id, userId, tv, role), valid for ' +
            '12 hours or, with keepMeLoggedIn, 30 days; `reset: true` when the password must be changed first. ' +
            'Errors: ERR_WRONG_LOGIN_CRED (401) for an unknown account or a wrong password; ERR_ACCOUNT_LOCKED (423, ' +
            'params.until) after 5 failures in 15 minutes; then, only with the right password: ERR_ADMIN_CANNOT_LOGIN (403), ' +
            'ERR_ACCOUNT_DISABLED (403), INACTIVE_USER (403, params.emailVerified); ERR_RATE_LIMITED (429) per IP.',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) => service.login(ctx, auth, request.body),
    );
  };

  const shopUser: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/auth/me',
      {
        config: { allowWhenPasswordChangeRequired: true },
        schema: {
          tags,
          summary: 'Who the token belongs to (open while a password change is required)',
          response: { 200: meResponseSchema },
        },
      },
      async (request) => service.me(ctx, signedIn(request)),
    );
  };

  return { public: anyone, shopUser };
}

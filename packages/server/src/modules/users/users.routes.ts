import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  forgotPasswordRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  resendVerificationRequestSchema,
  successResponseSchema,
  userDataResponseSchema,
  verifyParamsSchema,
} from '@shop/shared/contracts/users';
import type { AppContext } from '../../app-context';
import { type Auth, SHORT_TOKEN_SECONDS, signedIn } from '../../http/auth';
import { RATE_LIMITS, routeRateLimit } from '../../lib/rate-limit';
import * as service from './users.service';

const tags = ['users'];

/** Was the token in use issued for "keep me logged in"? The new token keeps its lifetime. */
function tokenWasLongLived(request: FastifyRequest): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  try {
    const claims = decodeJwt(token);
    return (
      typeof claims.exp === 'number' &&
      typeof claims.iat === 'number' &&
      claims.exp - claims.iat > SHORT_TOKEN_SECONDS
    );
  } catch {
    return false;
  }
}

/**
 * Registration, e-mail confirmation and password reset (public), and the signed-in user's password
 * and data (shopUserScope).
 */
export function usersRoutes(
  ctx: AppContext,
  auth: Auth,
): { public: FastifyPluginAsyncZod; shopUser: FastifyPluginAsyncZod } {
  const anyone: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/users/register',
      {
        config: { rateLimit: routeRateLimit(RATE_LIMITS.registration) },
        schema: {
          tags,
          summary: 'Register a customer (company or person)',
          description:
            'Stores the customer, its user (inactive) and the confirmation mail (outbox, delivered after the commit) with ' +
            '`/user/{userId}/verify/{code}` in the account language (`language`, else Accept-Language). ' +
            'Errors: ERR_VALIDATION (400), ERR_DUP_EMAIL, ERR_DUP_COMP_REG_NUM, ERR_DUP_TAX_NUM (409), ' +
            'ERR_SEND_REG_VER_EMAIL (502, the mail could not be queued; nothing stored), ERR_CREATE_USER (500, nothing stored), ERR_RATE_LIMITED (429).',
          body: registerRequestSchema,
          response: { 200: registerResponseSchema },
        },
      },
      async (request) => {
        const { userId } = await service.registerUser(ctx, request.body, {
          language: request.language,
          log: request.log,
        });
        return { data: true as const, userId };
      },
    );

    app.post(
      '/users/resend-verification',
      {
        config: { rateLimit: routeRateLimit(RATE_LIMITS.passwordMail) },
        schema: {
          tags,
          summary: 'Send the registration confirmation mail again',
          description:
            'For a registration whose confirmation mail never arrived or whose link expired: a new ' +
            '`/user/{userId}/verify/{code}` link (7 days) replaces the older one. Errors: ERR_NO_USER_FOUND (404), ' +
            'ERR_ALREADY_VER (409), ERR_ACCOUNT_DISABLED (403, a rejected registration), ' +
            'ERR_SEND_REG_VER_EMAIL (502, the mail could not be queued), ERR_VALIDATION (400), ERR_RATE_LIMITED (429).',
          body: resendVerificationRequestSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await service.resendVerification(ctx, request.body.email, request.log);
        return { data: true as const };
      },
    );

    app.get(
      '/users/:userId/verify/:code',
      {
        schema: {
          tags,
          summary: 'Confirm the e-mail address of a registration',
          description:
            'Single use; the code expires after 7 days. Errors: ERR_ALREADY_VER (409), ERR_VERIFY_LINK (400).',
          params: verifyParamsSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await service.verifyEmail(ctx, request.params.userId, request.params.code);
        return { data: true as const };
      },
    );

    app.post(
      '/users/forgot-password',
      {
        config: { rateLimit: routeRateLimit(RATE_LIMITS.passwordMail) },
        schema: {
          tags,
          summary: 'Send a password-reset link by e-mail',
          description:
            'The mail carries `/user/{userId}/reset-password/{code}`, valid for 1 hour, single use. ' +
            'Errors: ERR_NO_USER_FOUND (404), ERR_NO_MAIL_SENT (502, the mail could not be queued), ERR_AGENT_CANNOT_CHANGE_PASSWORD (403), ' +
            'ERR_ADMIN_CANNOT_LOGIN (403), ERR_ACCOUNT_DISABLED (403), ERR_RATE_LIMITED (429).',
          body: forgotPasswordRequestSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await service.requestPasswordReset(ctx, request.body.email, request.log);
        return { data: true as const };
      },
    );

    app.post(
      '/users/:userId/reset-password/:code',
      {
        config: { rateLimit: routeRateLimit(RATE_LIMITS.passwordReset) },
        schema: {
          tags,
          summary: 'Set a new password with a reset link',
          description:
            'Ends a forced change and a lockout, and revokes older tokens. ' +
            'Errors: ERR_FORGOT_PASSWORD_LINK (400) for a wrong, used or expired link; ERR_VALIDATION (400).',
          params: resetPasswordParamsSchema,
          body: resetPasswordRequestSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await service.resetPassword(
          ctx,
          request.params.userId,
          request.params.code,
          request.body.newPassword,
        );
        return { data: true as const };
      },
    );
  };

  const shopUser: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/users/change-password',
      {
        config: { allowWhenPasswordChangeRequired: true },
        schema: {
          tags,
          summary: 'Change the password of the signed-in user',
          description:
            'Revokes every older token and answers a fresh `access_token` (same lifetime) to use from now on. ' +
            'Open while a password change is required. Errors: ERR_AGENT_CANNOT_CHANGE_PASSWORD (403), ERR_VALIDATION (400).',
          body: changePasswordRequestSchema,
          response: { 200: changePasswordResponseSchema },
        },
      },
      async (request) => {
        const accessToken = await service.changePassword(
          ctx,
          auth,
          signedIn(request),
          request.body.password,
          tokenWasLongLived(request),
        );
        return { data: true as const, access_token: accessToken };
      },
    );

    app.get(
      '/users/get-user-data',
      {
        schema: {
          tags,
          summary: "The signed-in customer's own data (not for agents)",
          description: 'Errors: ERR_FORBIDDEN (403) for agents, ERR_PASSWORD_CHANGE_REQUIRED (403).',
          response: { 200: userDataResponseSchema },
        },
      },
      async (request) => service.getUserData(ctx, signedIn(request)),
    );
  };

  return { public: anyone, shopUser };
}

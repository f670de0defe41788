import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import {
  acceptInviteParamsSchema,
  acceptInviteRequestSchema,
  companyUserParamsSchema,
  companyUserResponseSchema,
  companyUsersResponseSchema,
  inviteCompanyUserSchema,
  updateCompanyUserSchema,
} from '@shop/shared/contracts/company';
import { successResponseSchema } from '@shop/shared/contracts/users';
import type { AppContext } from '../../app-context';
import { RATE_LIMITS, routeRateLimit } from '../../lib/rate-limit';
import { actorOf } from '../admin/admin-access';
import { ADMIN_ROLE_ERRORS, adminRoute } from '../admin/admin-crud-routes';
import * as service from './company.service';
import { answerNoStore } from '../shop/no-store-answers';

const tags = ['company'];
const OWNER_ERRORS =
  'ERR_UNAUTHORIZED (401), ERR_FORBIDDEN (403) for agents and for every role but `owner`, ERR_TOKEN_REVOKED (401)';

/** The options of an owners' route: its OpenAPI text (`description`, then how it refuses others) and schemas. */
function ownerRoute<S extends object>(summary: string, description: string, schema: S) {
  return { schema: { tags, summary, description: `${description}${OWNER_ERRORS}.`, ...schema } };
}

/**
 * Company users (issue 15): owners manage their company's logins (shop-user scope), the invited
 * person accepts (public), staff do the same from the customer's page (staff scope, `customers`).
 */
export function companyRoutes(ctx: AppContext): {
  public: FastifyPluginAsyncZod;
  shopUser: FastifyPluginAsyncZod;
  staff: FastifyPluginAsyncZod;
} {
  // The owner's routes and staff's do the same once they know who acts (service.CompanyActor).
  /** An invitation's answer: the invited user as stored. */
  const invite = async (
    actor: service.CompanyActor,
    request: { body: Parameters<typeof service.inviteCompanyUser>[2]; language: FastifyRequest['language'] },
  ) => ({
    data: true as const,
    user: await service.inviteCompanyUser(ctx, actor, request.body, request.language),
  });
  /** A change's answer: the user as it is now. */
  const change = async (
    actor: service.CompanyActor,
    request: { params: { userId: number }; body: Parameters<typeof service.updateCompanyUser>[3] },
  ) => ({
    data: true as const,
    user: await service.updateCompanyUser(ctx, actor, request.params.userId, request.body),
  });
  /** The signed-in staff member acting on the company of the account `:id` (the customer's page). */
  const staffOn = (request: FastifyRequest & { params: { id: number } }) =>
    service.staffActor(ctx, actorOf(request), request.params.id);

  const shopUser: FastifyPluginAsyncZod = async (app) => {
    answerNoStore(app);

    app.get(
      '/company/users',
      ownerRoute(
        "The company's users, its addresses and the latest changes (owners)",
        'Limits are gross forints (null = none); `shippingAddressIds` empty = every address. Errors: ',
        { response: { 200: companyUsersResponseSchema } },
      ),
      async (request) => service.listCompanyUsers(ctx, service.ownerActor(request.auth)),
    );

    app.post(
      '/company/users',
      ownerRoute(
        'Invite a user into the company (owners)',
        'Stores the login (inactive) and queues the invitation mail with `/user/{userId}/invite/{code}` ' +
          '(7 days, single use) in one transaction; audited. Errors: ERR_VALIDATION (400), ' +
          'ERR_INVALID_SHIPPING_ADDRESS_ID (400, not an active address of the company), ERR_DUP_EMAIL (409), ',
        { body: inviteCompanyUserSchema, response: { 200: companyUserResponseSchema } },
      ),
      async (request) => invite(service.ownerActor(request.auth), request),
    );

    app.patch(
      '/company/users/:userId',
      ownerRoute(
        "Change a user's name, role, limits, addresses, or disable / enable it (owners)",
        'Only the fields sent change; audited. A new role or disabling revokes the tokens of the login at once. ' +
          'Errors: ERR_LAST_OWNER (409, the last active owner cannot be demoted or disabled), NOT_FOUND (404, ' +
          'not a user of the company), ERR_INVALID_SHIPPING_ADDRESS_ID (400), ERR_VALIDATION (400), ',
        {
          params: companyUserParamsSchema,
          body: updateCompanyUserSchema,
          response: { 200: companyUserResponseSchema },
        },
      ),
      async (request) => change(service.ownerActor(request.auth), request),
    );

    app.delete(
      '/company/users/:userId',
      ownerRoute(
        'Remove a user from the company (owners)',
        'The login stops at once; its orders keep it as their buyer; audited. Errors: ERR_LAST_OWNER (409), ' +
          'NOT_FOUND (404), ',
        { params: companyUserParamsSchema, response: { 200: successResponseSchema } },
      ),
      async (request) => {
        await service.removeCompanyUser(ctx, service.ownerActor(request.auth), request.params.userId);
        return { data: true as const };
      },
    );
  };

  const anyone: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/users/:userId/accept-invite/:code',
      {
        config: { rateLimit: routeRateLimit(RATE_LIMITS.passwordReset) },
        schema: {
          tags,
          summary: 'Accept a company invitation: set the password',
          description:
            'Activates the invited login (then it logs in as usual). Single use; 7 days. ' +
            'Errors: ERR_INVITE_LINK (400, wrong, used or expired link, or the login was disabled or removed), ' +
            'ERR_VALIDATION (400), ERR_RATE_LIMITED (429).',
          params: acceptInviteParamsSchema,
          body: acceptInviteRequestSchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request) => {
        await service.acceptInvite(ctx, request.params.userId, request.params.code, request.body.newPassword);
        return { data: true as const };
      },
    );
  };

  const staffParams = adminIdParamsSchema.extend({ userId: companyUserParamsSchema.shape.userId });

  const staff: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/customers/:id/company-users',
      adminRoute(
        'customers',
        "The users of the account's company with roles, limits and the latest changes",
        `\`id\` is any login of the company. Errors: ERR_NO_USER_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        { params: adminIdParamsSchema, response: { 200: companyUsersResponseSchema } },
      ),
      async (request) => service.listCompanyUsers(ctx, await staffOn(request)),
    );

    app.post(
      '/customers/:id/company-users',
      adminRoute(
        'customers',
        "Invite a user into the account's company",
        "Like the owner's invitation (mail, 7 days); audited with the staff member. Errors: ERR_VALIDATION (400), " +
          `ERR_INVALID_SHIPPING_ADDRESS_ID (400), ERR_DUP_EMAIL (409), ERR_NO_USER_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          body: inviteCompanyUserSchema,
          response: { 200: companyUserResponseSchema },
        },
      ),
      async (request) => invite(await staffOn(request), request),
    );

    app.patch(
      '/customers/:id/company-users/:userId',
      adminRoute(
        'customers',
        "Change, disable or enable a user of the account's company",
        "Like the owner's change; audited with the staff member. Errors: ERR_LAST_OWNER (409), NOT_FOUND (404), " +
          `ERR_INVALID_SHIPPING_ADDRESS_ID (400), ERR_VALIDATION (400), ERR_NO_USER_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: staffParams,
          body: updateCompanyUserSchema,
          response: { 200: companyUserResponseSchema },
        },
      ),
      async (request) => change(await staffOn(request), request),
    );
  };

  return { public: anyone, shopUser, staff };
}

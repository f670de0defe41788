import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  registrationDecisionSchema,
  registrationsPageSchema,
  registrationsQuerySchema,
  rejectRegistrationSchema,
} from '@shop/shared/contracts/admin-accounts';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import type { AppContext } from '../../app-context';
import { actorOf } from './admin-access';
import { ADMIN_ROLE_ERRORS, adminRoute } from './admin-crud-routes';
import * as service from './registrations.service';

/** The registrations queue (permission `registrations`). */
export function registrationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/registrations',
      adminRoute(
        'registrations',
        'Registrations: pending (confirmed, waiting for approval), unverified or rejected',
        `Errors: ERR_VALIDATION (400), ${ADMIN_ROLE_ERRORS}.`,
        {
          querystring: registrationsQuerySchema,
          response: { 200: registrationsPageSchema },
        },
      ),
      async (request) => service.listRegistrations(ctx, request.query),
    );

    app.post(
      '/registrations/:id/approve',
      adminRoute(
        'registrations',
        'Approve a registration; the customer gets the approval mail',
        'The same approval as `npm run admin -- approve`. Audited. Errors: ERR_NO_USER_FOUND (404), ' +
          `ERR_EMAIL_NOT_VERIFIED (403), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          response: { 200: registrationDecisionSchema },
        },
      ),
      async (request) => service.approveRegistration(ctx, request.params.id, actorOf(request), request.log),
    );

    app.post(
      '/registrations/:id/reject',
      adminRoute(
        'registrations',
        'Reject a registration with a reason; the account is disabled and the person gets a mail',
        `Audited. Errors: ERR_VALIDATION (400), ERR_NO_USER_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          body: rejectRegistrationSchema,
          response: { 200: registrationDecisionSchema },
        },
      ),
      async (request) =>
        service.rejectRegistration(
          ctx,
          request.params.id,
          request.body.reason,
          actorOf(request),
          request.log,
        ),
    );
  };
}

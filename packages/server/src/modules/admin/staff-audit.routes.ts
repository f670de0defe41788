import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  createStaffSchema,
  staffAccountSchema,
  staffPageSchema,
  staffQuerySchema,
  updateStaffSchema,
} from '@shop/shared/contracts/admin-accounts';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import type { AppContext } from '../../app-context';
import { actorOf } from './admin-access';
import { adminRoute } from './admin-crud-routes';
import { listAudit } from './audit.service';
import * as staff from './staff.service';

const ROLE_ERRORS =
  'ERR_UNAUTHORIZED (401) without a token, ERR_NOT_STAFF (403) for customers and agents, ' +
  'ERR_FORBIDDEN (403) for staff (administrators only)';

/** Staff accounts (permission `staff`) and the audit log viewer (permission `audit`): administrators only. */
export function staffAuditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff',
      adminRoute(
        'staff',
        'Administrator and staff accounts',
        `Errors: ERR_VALIDATION (400), ${ROLE_ERRORS}.`,
        {
          querystring: staffQuerySchema,
          response: { 200: staffPageSchema },
        },
      ),
      async (request) => staff.listStaff(ctx, request.query),
    );

    app.post(
      '/staff',
      adminRoute(
        'staff',
        'Create an administrator or staff account with a password',
        `Audited. Errors: ERR_VALIDATION (400), ERR_DUP_EMAIL (409), ${ROLE_ERRORS}.`,
        {
          body: createStaffSchema,
          response: { 200: staffAccountSchema },
        },
      ),
      async (request) => staff.createStaff(ctx, request.body, actorOf(request)),
    );

    app.patch(
      '/staff/:id',
      adminRoute(
        'staff',
        'Change a staff account: name, role, disabled, password',
        'Disabling or a new password stops the account\u2019s tokens at once. Audited. Errors: ERR_VALIDATION (400), ' +
          `ERR_NO_USER_FOUND (404), ERR_CANNOT_CHANGE_OWN_ACCOUNT (409) to disable or demote oneself, ${ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          body: updateStaffSchema,
          response: { 200: staffAccountSchema },
        },
      ),
      async (request) => staff.updateStaff(ctx, request.params.id, request.body, actorOf(request)),
    );

    app.get(
      '/audit',
      adminRoute(
        'audit',
        'The audit log of staff changes: who, what, when, before and after; newest first',
        `Filters: actorUserId, entity, action, entityId, from/to (UTC dates). Errors: ERR_VALIDATION (400), ${ROLE_ERRORS}.`,
        {
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      ),
      async (request) => listAudit(ctx, request.query),
    );
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type {
  Registration,
  RegistrationDecision,
  RegistrationsQuery,
} from '@shop/shared/contracts/admin-accounts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { pageOf } from './admin-query';
import { approveUser, rejectUser } from '../users/users.service';
import { findUserRole, listRegistrationRows } from './registrations.repository';

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

/** The registrations queue: customer accounts not yet approved (or rejected), oldest first. */
export async function listRegistrations(
  ctx: AppContext,
  query: RegistrationsQuery,
): Promise<AdminPage<Registration>> {
  return pageOf(query, await listRegistrationRows(ctx.database.db, query), (row) => ({
    userId: row.id,
    customerId: row.customer_id,
    email: row.email,
    name: row.customer_name ?? row.name,
    contactName: row.name,
    phone: row.phone,
    isCompany: row.is_company === 1,
    taxNumber: row.tax_number ?? null,
    companyRegistrationNumber: row.company_registration_number ?? null,
    billingAddress: [row.billing_zip, row.billing_city, row.billing_apt_suite, row.billing_country]
      .filter(Boolean)
      .join(', '),
    language: row.language,
    emailVerifiedAt: row.email_verified_at,
    registeredAt: row.created_at,
    rejectedAt: row.rejected_at,
    rejectionReason: row.rejection_reason,
  }));
}

async function customerUser(ctx: AppContext, userId: number) {
  const user = await findUserRole(ctx.database.db, userId);
  if (!user || user.role !== 'customer') throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

/**
 * Approves a registration with the same logic as `npm run admin -- approve`: the e-mail address
 * must be confirmed; the customer gets the approval mail; the audit log records who approved.
 */
export async function approveRegistration(
  ctx: AppContext,
  userId: number,
  actorUserId: number,
  log: Logger,
): Promise<RegistrationDecision> {
  const user = await customerUser(ctx, userId);
  return approveUser(ctx, user.email, log, { actorUserId });
}

/** Rejects a registration (the account is disabled); the person gets a mail with the reason. */
export async function rejectRegistration(
  ctx: AppContext,
  userId: number,
  reason: string,
  actorUserId: number,
  log: Logger,
): Promise<RegistrationDecision> {
  const user = await customerUser(ctx, userId);
  const result = await rejectUser(ctx, user.email, reason, log, { actorUserId });
  return { ...result, alreadyApproved: false };
}

import type { FastifyBaseLogger } from 'fastify';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type {
  Registration,
  RegistrationDecision,
  RegistrationsQuery,
} from '@shop/shared/contracts/admin-accounts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { approveUser, rejectUser } from '../users/users.service';
import { lowerContains, offsetOf } from './admin-query';

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

/** The registrations queue: customer accounts not yet approved (or rejected), oldest first. */
export async function listRegistrations(
  ctx: AppContext,
  query: RegistrationsQuery,
): Promise<AdminPage<Registration>> {
  const db = ctx.database.db;
  let base = db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .where('users.role', '=', 'customer');
  if (query.status === 'pending') {
    base = base
      .where('users.is_active', '=', 0)
      .where('users.is_disabled', '=', 0)
      .where('users.email_verified_at', 'is not', null);
  } else if (query.status === 'unverified') {
    base = base
      .where('users.is_active', '=', 0)
      .where('users.is_disabled', '=', 0)
      .where('users.email_verified_at', 'is', null);
  } else {
    base = base.where('users.rejected_at', 'is not', null);
  }
  const q = query.q;
  if (q) {
    base = base.where((eb) =>
      eb.or([
        lowerContains(eb, 'users.email', q),
        lowerContains(eb, 'users.name', q),
        lowerContains(eb, 'customers.name', q),
        lowerContains(eb, 'customers.tax_number', q),
        lowerContains(eb, 'customers.company_registration_number', q),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'users.id',
        'users.customer_id',
        'users.email',
        'users.name',
        'users.phone',
        'users.language',
        'users.email_verified_at',
        'users.created_at',
        'users.rejected_at',
        'users.rejection_reason',
        'customers.is_company',
        'customers.name as customer_name',
        'customers.tax_number',
        'customers.company_registration_number',
        'customers.billing_zip',
        'customers.billing_city',
        'customers.billing_apt_suite',
        'customers.billing_country',
      ])
      .orderBy(
        query.status === 'rejected' ? 'users.rejected_at' : 'users.created_at',
        query.status === 'rejected' ? 'desc' : 'asc',
      )
      .orderBy('users.id')
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
  ]);
  return {
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    items: rows.map((row) => ({
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
    })),
  };
}

async function customerUser(ctx: AppContext, userId: number) {
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
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

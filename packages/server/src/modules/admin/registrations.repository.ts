import type { Kysely } from 'kysely';
import type { RegistrationsQuery } from '@shop/shared/contracts/admin-accounts';
import type { Database } from '../../db/schema';
import { anyContains, pageWithTotal } from './admin-query';

/** Queries of the registrations queue. No logic here, only SQL. */

type Db = Kysely<Database>;

/** One page of customer registrations in the given state, with their customers and the total. */
export async function listRegistrationRows(db: Db, query: RegistrationsQuery) {
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
  if (q)
    base = base.where((eb) =>
      anyContains(
        eb,
        [
          'users.email',
          'users.name',
          'customers.name',
          'customers.tax_number',
          'customers.company_registration_number',
        ],
        q,
      ),
    );
  return pageWithTotal(base, query, (matches) =>
    matches
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
      .orderBy('users.id'),
  );
}

export async function findUserRole(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
}

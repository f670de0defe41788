import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The account for a login name: the e-mail address (any letter case) or the user name.
 * An e-mail match wins over a user-name match.
 */
export async function findUserForLogin(db: Db, identifier: string): Promise<UserRow | undefined> {
  const wanted = identifier.toLowerCase();
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn<string>('lower', [eb.ref('email')]), '=', wanted),
        eb(eb.fn<string>('lower', [eb.ref('username')]), '=', wanted),
      ]),
    )
    .orderBy('id')
    .limit(5)
    .execute();
  return rows.find((row) => row.email.toLowerCase() === wanted) ?? rows[0];
}

/**
 * Counts one failed login in the account's window, atomically: a window older than
 * `windowStartsAfter` (or none) starts again at `now` with count 1. Answers the new count.
 */
export async function recordFailedLogin(
  db: Db,
  userId: number,
  now: string,
  windowStartsAfter: string,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => {
      const windowOver = eb.or([
        eb('failed_login_window_start', 'is', null),
        eb('failed_login_window_start', '<=', windowStartsAfter),
      ]);
      return {
        failed_login_count: eb
          .case()
          .when(windowOver)
          .then(eb.lit(1))
          .else(eb('failed_login_count', '+', 1))
          .end(),
        failed_login_window_start: eb
          .case()
          .when(windowOver)
          .then(eb.val(now))
          .else(eb.ref('failed_login_window_start'))
          .end(),
        updated_at: now,
      };
    })
    .where('id', '=', userId)
    .returning('failed_login_count')
    .executeTakeFirstOrThrow();
  return row.failed_login_count;
}

/** Locks the account until the given instant and starts the failure count again. */
export async function lockAccount(db: Db, userId: number, until: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ locked_until: until, failed_login_count: 0, failed_login_window_start: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function clearFailedLogins(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_login_count: 0, failed_login_window_start: null, locked_until: null })
    .where('id', '=', userId)
    .execute();
}

/** The name of a user and, for an agent, the customer of its current shipping address if still its own. */
export async function findSessionDetails(
  db: Db,
  userId: number,
): Promise<
  | { name: string; currentAddressCustomerId: number | null; currentAddressAgentUserId: number | null }
  | undefined
> {
  const row = await db
    .selectFrom('users')
    .leftJoin('shipping_addresses', 'shipping_addresses.id', 'users.current_shipping_address_id')
    .leftJoin('customers', 'customers.id', 'shipping_addresses.customer_id')
    .select([
      'users.name',
      'shipping_addresses.customer_id as currentAddressCustomerId',
      'customers.agent_user_id as currentAddressAgentUserId',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row;
}

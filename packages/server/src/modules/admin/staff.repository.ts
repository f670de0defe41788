import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { anyContains, pageWithTotal } from './admin-query';

/** Queries of the administrator and staff accounts. No logic here, only SQL. */

type Db = Kysely<Database>;

export const STAFF_COLUMNS = [
  'id',
  'email',
  'username',
  'name',
  'role',
  'language',
  'is_disabled',
  'created_at',
] as const;

/** One page of administrator and staff accounts by name, with the total that match. */
export async function listStaffRows(
  db: Db,
  query: { page: number; pageSize: number; q?: string | undefined },
) {
  let base = db.selectFrom('users').where('role', 'in', ['admin', 'staff']);
  const q = query.q;
  if (q) base = base.where((eb) => anyContains(eb, ['email', 'name'], q));
  return pageWithTotal(base, query, (matches) =>
    matches
      .select([...STAFF_COLUMNS])
      .orderBy('name')
      .orderBy('id'),
  );
}

export async function findStaffRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([...STAFF_COLUMNS])
    .where('id', '=', userId)
    .where('role', 'in', ['admin', 'staff'])
    .executeTakeFirst();
}

export async function insertStaffRow(db: Db, values: Insertable<UsersTable>) {
  return db
    .insertInto('users')
    .values(values)
    .returning([...STAFF_COLUMNS])
    .executeTakeFirstOrThrow();
}

/** Changes a staff account; `revokeTokens` also raises its token version (all tokens end). */
export async function updateStaffRow(
  db: Db,
  userId: number,
  values: Updateable<UsersTable>,
  revokeTokens: boolean,
) {
  return db
    .updateTable('users')
    .set((eb) => ({ ...values, ...(revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}) }))
    .where('id', '=', userId)
    .returning([...STAFF_COLUMNS])
    .executeTakeFirstOrThrow();
}

import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * The `users` columns every new password sets, whichever way it comes (reset link, change while
 * signed in, accepted invitation): the hash, the end of a forced change, and a new token version so
 * that every older token stops at once.
 */
export function newPasswordColumns(eb: ExpressionBuilder<Database, 'users'>, passwordHash: string) {
  return {
    password_hash: passwordHash,
    must_change_password: 0,
    token_version: eb('token_version', '+', 1),
  } as const;
}

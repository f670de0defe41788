import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { uniqueViolationColumn } from '../users/unique-violation';
import { recordAudit } from './admin-access';

type Db = Kysely<Database>;

/** What a write did: the record's id, its state before and after (audited), and the answer. */
export interface AuditedWork<T> {
  id: number;
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs a back-office write and its audit entry (`<entity>.<action>`) in one transaction. A unique
 * collision becomes 409 ERR_DUPLICATE `{ field }` (`fieldOf` names the field of a column).
 */
export async function auditedWrite<T>(
  ctx: AppContext,
  actor: AuthUser,
  entity: string,
  action: string,
  work: (trx: Db) => Promise<AuditedWork<T>>,
  fieldOf: (column: string) => string = (column) => column,
): Promise<T> {
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: `${entity}.${action}`,
        entity,
        entityId: done.id,
        before: done.before,
        after: done.after,
        at: ctx.now(),
      });
      return done.result;
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    const column = uniqueViolationColumn(error);
    if (column) throw new AppError('ERR_DUPLICATE', { field: fieldOf(column) });
    throw error;
  }
}

/** The row, or 404 NOT_FOUND. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw new AppError('NOT_FOUND');
  return row;
}

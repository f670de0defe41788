import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type { AdminPermission } from '@shop/shared/rules/admin-permissions';

/** The signed-in staff member's user id inside an admin route (the staff scope has checked it). */
export function actorOf(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('ERR_UNAUTHORIZED');
  return request.auth.userId;
}

export interface AuditEntry {
  actorUserId: number;
  /** What was done, e.g. 'approve', 'update', 'create', 'disable'. */
  action: string;
  /** What kind of thing, e.g. 'user', 'customer', 'product'. */
  entity: string;
  entityId: string | number | null;
  /** The state before and after the change (stored as JSON; null when there is none). */
  before: unknown;
  after: unknown;
  /** When; defaults to now. Pass the context clock's time (`ctx.now()`) where tests travel in time. */
  at?: Date;
}

function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * Writes one audit_log row (who, what, when, before and after as JSON). Call it inside the same
 * transaction as the change, so a change never lands without its audit entry.
 */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action.slice(0, 64),
      entity: entry.entity.slice(0, 64),
      entity_id: entry.entityId === null ? null : String(entry.entityId).slice(0, 64),
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
      created_at: (entry.at ?? new Date()).toISOString(),
    })
    .execute();
}

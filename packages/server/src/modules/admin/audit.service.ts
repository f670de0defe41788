import type { AuditPage } from '@shop/shared/contracts/admin-accounts';
import type { AppContext } from '../../app-context';
import { listAuditRows, type AuditFilter } from './audit.repository';

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** The audit log, newest first, filtered by actor, entity, action, entity id and UTC date range. */
export async function listAudit(ctx: AppContext, query: AuditFilter): Promise<AuditPage> {
  const { total, rows, entities, actions } = await listAuditRows(ctx.database.db, query);
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    entities,
    actions,
    items: rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      actorUserId: row.actor_user_id,
      actorName: row.actor_name ?? null,
      actorEmail: row.actor_email ?? null,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: parse(row.before_json),
      after: parse(row.after_json),
    })),
  };
}

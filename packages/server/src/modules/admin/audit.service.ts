import type { AuditPage } from '@shop/shared/contracts/admin-accounts';
import type { AppContext } from '../../app-context';
import { offsetOf } from './admin-query';

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** The audit log, newest first, filtered by actor, entity, action, entity id and UTC date range. */
export async function listAudit(
  ctx: AppContext,
  query: {
    page: number;
    pageSize: number;
    actorUserId?: number | undefined;
    entity?: string | undefined;
    action?: string | undefined;
    entityId?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<AuditPage> {
  const db = ctx.database.db;
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_user_id');
  if (query.actorUserId !== undefined) base = base.where('audit_log.actor_user_id', '=', query.actorUserId);
  if (query.entity) base = base.where('audit_log.entity', '=', query.entity);
  if (query.action) base = base.where('audit_log.action', '=', query.action);
  if (query.entityId) base = base.where('audit_log.entity_id', '=', query.entityId);
  if (query.from) base = base.where('audit_log.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where('audit_log.created_at', '<=', `${query.to}T23:59:59.999Z`);
  const [{ total }, rows, entities, actions] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'audit_log.id',
        'audit_log.created_at',
        'audit_log.actor_user_id',
        'audit_log.action',
        'audit_log.entity',
        'audit_log.entity_id',
        'audit_log.before_json',
        'audit_log.after_json',
        'users.name as actor_name',
        'users.email as actor_email',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
  ]);
  return {
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    entities: entities.map((row) => row.entity),
    actions: actions.map((row) => row.action),
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

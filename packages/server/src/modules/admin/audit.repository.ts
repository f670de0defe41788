import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pageWithTotal } from './admin-query';

/** Queries of the audit log. No logic here, only SQL. */

type Db = Kysely<Database>;

export interface AuditFilter {
  page: number;
  pageSize: number;
  actorUserId?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  entityId?: string | undefined;
  /** UTC dates (YYYY-MM-DD), both days included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** One page of entries, newest first, with their actors, the total that match, and every entity and
 *  action the log holds (for the filters). */
export async function listAuditRows(db: Db, query: AuditFilter) {
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_user_id');
  if (query.actorUserId !== undefined) base = base.where('audit_log.actor_user_id', '=', query.actorUserId);
  if (query.entity) base = base.where('audit_log.entity', '=', query.entity);
  if (query.action) base = base.where('audit_log.action', '=', query.action);
  if (query.entityId) base = base.where('audit_log.entity_id', '=', query.entityId);
  if (query.from) base = base.where('audit_log.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where('audit_log.created_at', '<=', `${query.to}T23:59:59.999Z`);
  const [page, entities, actions] = await Promise.all([
    pageWithTotal(base, query, (matches) =>
      matches
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
        .orderBy('audit_log.id', 'desc'),
    ),
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
  ]);
  return {
    total: page.total,
    rows: page.rows,
    entities: entities.map((row) => row.entity),
    actions: actions.map((row) => row.action),
  };
}

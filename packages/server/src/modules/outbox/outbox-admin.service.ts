import type { OutboxMessageView, OutboxPage, OutboxView } from '@shop/shared/contracts/admin-webhooks';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import * as repo from './outbox.repository';
import { wakeOutbox } from './outbox.service';

/** How far back the outbox page shows sent messages (they are pruned after that). */
const SENT_SHOWN_MS = 7 * 86_400_000;

function toView(row: Omit<repo.OutboxRow, 'payload'>): OutboxMessageView {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    topic: row.topic,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** The outbox page of the back office (issue 14 point 8): pending, failed, sent in the last 7 days. */
export async function listOutbox(
  ctx: AppContext,
  query: { status: OutboxView; page: number; pageSize: number },
): Promise<OutboxPage> {
  const since = new Date(ctx.now().getTime() - SENT_SHOWN_MS).toISOString();
  const { rows, counts } = await repo.listView(
    ctx.database.db,
    query.status,
    since,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    items: rows.map(toView),
    total: counts[query.status],
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** Tries a failed message again now (audited). 404 ERR_OUTBOX_NOT_FOUND, 409 ERR_OUTBOX_NOT_FAILED. */
export async function retryOutboxMessage(
  ctx: AppContext,
  actorUserId: number,
  id: number,
): Promise<OutboxMessageView> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const row = await repo.findView(trx, id);
    if (!row) throw new AppError('ERR_OUTBOX_NOT_FOUND');
    if (!(await repo.retryFailed(trx, id, ctx.now().toISOString()))) {
      throw new AppError('ERR_OUTBOX_NOT_FAILED', { status: row.status });
    }
    await recordAudit(trx, {
      actorUserId,
      action: 'outbox.retry',
      entity: 'outbox',
      entityId: id,
      before: { status: row.status, attempts: Number(row.attempts), lastError: row.last_error },
      after: { status: 'pending' },
      at: ctx.now(),
    });
  });
  wakeOutbox(ctx);
  const row = await repo.findView(ctx.database.db, id);
  if (!row) throw new AppError('ERR_OUTBOX_NOT_FOUND');
  return toView(row);
}

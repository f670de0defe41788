import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database, Instant, OutboxTable } from '../../db/schema';

type Db = Kysely<Database>;
export type OutboxRow = Selectable<OutboxTable>;

export interface NewOutboxRow {
  kind: OutboxRow['kind'];
  messageId: string;
  target: string;
  topic: string;
  payload: string;
  now: Instant;
}

export async function insertMessage(db: Db, row: NewOutboxRow): Promise<number> {
  const inserted = await db
    .insertInto('outbox')
    .values({
      kind: row.kind,
      message_id: row.messageId,
      target: row.target.slice(0, 1000),
      topic: row.topic.slice(0, 255),
      payload: row.payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: row.now,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Claims up to `limit` due rows for one dispatcher in one statement: pending rows whose time has
 * come, and rows whose holder's lease has run out (the holder died). On PostgreSQL the rows are
 * picked `FOR UPDATE SKIP LOCKED`, so dispatchers of several processes never wait for or take each
 * other's rows; SQLite has one writer at a time. Each claim counts as an attempt.
 */
export async function claimDue(
  db: Db,
  dialect: DialectName,
  claim: { now: Instant; leaseUntil: Instant; lockedBy: string; limit: number },
): Promise<OutboxRow[]> {
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', claim.now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', claim.now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(claim.limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sending',
      lease_until: claim.leaseUntil,
      locked_by: claim.lockedBy,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Delivered: a mail's body (its links, codes, a first password) is not kept once sent. */
export async function markSent(db: Db, row: Pick<OutboxRow, 'id' | 'kind'>, at: Instant): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: at,
      lease_until: null,
      locked_by: null,
      last_error: null,
      ...(row.kind === 'mail' ? { payload: null } : {}),
    })
    .where('id', '=', row.id)
    .execute();
}

/** A failed attempt: pending again at `nextAttemptAt`, or failed for good. Only while still ours. */
export async function markFailedAttempt(
  db: Db,
  id: number,
  lockedBy: string,
  outcome: { status: 'pending' | 'failed'; nextAttemptAt: Instant; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.status,
      next_attempt_at: outcome.nextAttemptAt,
      last_error: outcome.error.slice(0, 2000),
      lease_until: null,
      locked_by: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_by', '=', lockedBy)
    .execute();
}

/** When something next becomes due: the earliest pending attempt or running-out lease. */
export async function nextDueAt(db: Db): Promise<Instant | null> {
  const [pending, leased] = await Promise.all([
    db
      .selectFrom('outbox')
      .select('next_attempt_at as at')
      .where('status', '=', 'pending')
      .orderBy('next_attempt_at')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select('lease_until as at')
      .where('status', '=', 'sending')
      .where('lease_until', 'is not', null)
      .orderBy('lease_until')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const times = [pending?.at, leased?.at].filter((t): t is string => typeof t === 'string');
  return times.length ? times.sort()[0]! : null;
}

/** SQLite has one server process: claims left by a previous (killed) run are free at once. */
export async function releaseAllLeases(db: Db, now: Instant): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ lease_until: now })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sent rows older than `before` are removed (the outbox is not an archive). */
export async function pruneSent(db: Db, before: Instant): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

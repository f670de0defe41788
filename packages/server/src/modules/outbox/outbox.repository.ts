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

/**
 * Delivered: a mail's body (its links, codes, a first password) is not kept once sent. Marks every
 * row of `rows` in one statement (the dispatcher records a pass's deliveries together).
 */
export async function markSent(db: Db, rows: Pick<OutboxRow, 'id' | 'kind'>[], at: Instant): Promise<void> {
  if (rows.length === 0) return;
  const mails = rows.filter((row) => row.kind === 'mail').map((row) => row.id);
  const others = rows.filter((row) => row.kind !== 'mail').map((row) => row.id);
  const sent = { status: 'sent', sent_at: at, lease_until: null, locked_by: null, last_error: null } as const;
  if (mails.length > 0) {
    await db
      .updateTable('outbox')
      .set({ ...sent, payload: null })
      .where('id', 'in', mails)
      .execute();
  }
  if (others.length > 0) await db.updateTable('outbox').set(sent).where('id', 'in', others).execute();
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

export type OutboxView = 'pending' | 'failed' | 'sent';

const VIEW_COLUMNS = [
  'id',
  'kind',
  'message_id',
  'target',
  'topic',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_until',
  'locked_by',
  'last_error',
  'created_at',
  'sent_at',
] as const;

/** The back office's outbox page: pending (also being sent), failed, or sent since `sentSince`. */
export async function listView(
  db: Db,
  view: OutboxView,
  sentSince: Instant,
  limit: number,
  offset: number,
): Promise<{ rows: Omit<OutboxRow, 'payload'>[]; counts: Record<OutboxView, number> }> {
  let q = db.selectFrom('outbox').select(VIEW_COLUMNS);
  if (view === 'pending')
    q = q.where('status', 'in', ['pending', 'sending']).orderBy('next_attempt_at').orderBy('id');
  else if (view === 'failed') q = q.where('status', '=', 'failed').orderBy('id', 'desc');
  else
    q = q
      .where('status', '=', 'sent')
      .where('sent_at', '>=', sentSince)
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc');
  const [rows, counted] = await Promise.all([
    q.limit(limit).offset(offset).execute(),
    db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn
          .sum<number>(eb.case().when('status', 'in', ['pending', 'sending']).then(1).else(0).end())
          .as('pending'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', sentSince)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('sent'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    counts: {
      pending: Number(counted.pending ?? 0),
      failed: Number(counted.failed ?? 0),
      sent: Number(counted.sent ?? 0),
    },
  };
}

/** One message without its payload. */
export async function findView(db: Db, id: number): Promise<Omit<OutboxRow, 'payload'> | undefined> {
  return db.selectFrom('outbox').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * A failed message is tried again at once, as if just written: attempts start over and the give-up
 * time counts from now. Answers whether it was failed (a second retry changes nothing).
 */
export async function retryFailed(db: Db, id: number, now: Instant): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, created_at: now, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

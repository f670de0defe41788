import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection';
import type { Database } from './schema';

/**
 * Short write transactions with group commit on SQLite (docs/decisions/0008-catalogue-read-model.md,
 * "Checkout"). With `synchronous = FULL` every SQLite commit waits for the disk (about 9 ms on the
 * development machine), and the single connection runs one transaction at a time, so commits — not
 * work — capped the cart and place-order at about 110 per second.
 *
 * `runWrite(handle, work)` queues `work`; the queue runs in one `BEGIN IMMEDIATE` transaction, each
 * work inside its own savepoint (a work that throws is rolled back alone and gets its error), then
 * commits once and only then answers every work of the batch: an answer still means "on disk".
 * Works run one after another, so each sees the writes of those before it (stock guards, the cart
 * version) exactly as separate transactions would. If the commit itself fails, every work of the
 * batch fails with that error. A work must use only the handle it is given (never the app's
 * database handle: its single connection is held by the batch) and must not call runWrite itself.
 *
 * PostgreSQL commits concurrent transactions together by itself: there `work` runs in its own
 * ordinary transaction.
 *
 * The one write path of the buyer's cart: every cart and checkout write (modules/cart/cart.service.ts:
 * quantities, quick order and order again, emptying, comments; the checkout's methods and delivery
 * day through its saveCartFields) and place-order run through runWrite; cart.test.ts checks that
 * neither service opens a transaction of its own.
 */
export type WriteWork<T> = (trx: Kysely<Database>) => Promise<T>;

const MAX_BATCH = 64;

interface Job {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class SqliteGroupCommit {
  private readonly queue: Job[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        // One turn of the event loop first: requests that have already arrived join this batch.
        await new Promise((resolve) => setImmediate(resolve));
        await this.batch(this.queue.splice(0, MAX_BATCH));
      }
    } finally {
      this.running = false;
    }
  }

  private async batch(jobs: Job[]): Promise<void> {
    const outcomes: { job: Job; ok: boolean; value: unknown }[] = [];
    try {
      await this.db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          for (const job of jobs) {
            await sql`savepoint group_commit`.execute(conn);
            try {
              const value = await job.work(conn);
              await sql`release savepoint group_commit`.execute(conn);
              outcomes.push({ job, ok: true, value });
            } catch (error) {
              await sql`rollback to savepoint group_commit`.execute(conn);
              await sql`release savepoint group_commit`.execute(conn);
              outcomes.push({ job, ok: false, value: error });
            }
          }
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      // Nothing of the batch is on disk: every work fails (with its own error if it had one).
      for (const job of jobs) {
        const own = outcomes.find((o) => o.job === job && !o.ok);
        job.reject(own ? own.value : error);
      }
      return;
    }
    for (const { job, ok, value } of outcomes) {
      if (ok) job.resolve(value);
      else job.reject(value);
    }
  }
}

const queues = new WeakMap<Kysely<Database>, SqliteGroupCommit>();

/** Runs `work` in a write transaction (grouped with concurrent ones on SQLite); see above. */
export function runWrite<T>(handle: DatabaseHandle, work: WriteWork<T>): Promise<T> {
  if (handle.dialect !== 'sqlite') return handle.db.transaction().execute(work);
  let queue = queues.get(handle.db);
  if (!queue) {
    queue = new SqliteGroupCommit(handle.db);
    queues.set(handle.db, queue);
  }
  return queue.run(work);
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../app-context';
import { runWrite } from '../../db/group-commit';
import { nextAttempt } from './outbox-retry';
import * as repo from './outbox.repository';
import { mailPayloadSchema, onOutboxWake, OutboxGiveUp } from './outbox.service';
import { deliverWebhook } from '../webhooks/webhook-delivery';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** How one kind of message is delivered; a rejection is a failed attempt. */
export type Deliver = (ctx: AppContext, row: repo.OutboxRow) => Promise<void>;

const deliverMail: Deliver = async (ctx, row) => {
  const mail = mailPayloadSchema.parse(JSON.parse(row.payload ?? 'null'));
  await ctx.mailer.send(mail);
};

export interface DispatcherOptions {
  log: Log;
  /** Claims only while this says so (the server is migrated and not stopping). */
  isReady?: () => boolean;
  /** Rows claimed at once. */
  batchSize?: number;
  /** Deliveries running at once. */
  concurrency?: number;
  /** An attempt that has not finished after this long counts as failed (below the lease). */
  attemptTimeoutMs?: number;
  deliverers?: Partial<Record<repo.OutboxRow['kind'], Deliver>>;
  random?: () => number;
}

const SENT_KEPT_MS = 7 * 86_400_000;
/**
 * A wake (a commit that enqueued) starts a pass this long after it, so that the messages of a burst
 * of orders are claimed together: on SQLite every pass is a commit, and a commit waits for the disk
 * with the whole process (about 10 ms here), so passes per order cost the checkout its throughput.
 */
const WAKE_DELAY_MS = 15;
const PRUNE_EVERY_MS = 3_600_000;

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Delivers the outbox (docs/decisions/0019-outbox.md): claims due rows under a lease, delivers
 * them a few at a time, marks each sent or schedules its next attempt (backoff with full jitter,
 * outbox-retry.ts), and marks it failed after the give-up time. It sleeps until the next row is
 * due (at most the poll interval) unless `wake()` is called; `stop()` stops claiming and waits for
 * the deliveries in flight.
 */
export class OutboxDispatcher {
  readonly instanceId = `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly deliverers: Partial<Record<repo.OutboxRow['kind'], Deliver>>;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  private unregister: (() => void) | null = null;
  private lastPrune = 0;
  /** Delivered rows not yet marked sent: written with the next claim, in the same transaction. */
  private delivered: repo.OutboxRow[] = [];
  private wakeTimer: NodeJS.Timeout | null = null;
  /** Failed attempts so far (an admin command reports them). */
  failedAttempts = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: DispatcherOptions,
  ) {
    this.deliverers = { mail: deliverMail, webhook: deliverWebhook, ...options.deliverers };
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unregister = onOutboxWake(this.ctx.database, () => this.wake());
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    if (!this.wakeSleeper || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeSleeper?.();
    }, WAKE_DELAY_MS);
    this.wakeTimer.unref();
  }

  /** Stops claiming and waits until the deliveries in flight are done and recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unregister?.();
    this.unregister = null;
    this.wakeSleeper?.();
    await this.loop;
    this.loop = null;
    await this.flushSent();
  }

  /**
   * One pass: claims what is due now, delivers it and records the outcome. Answers how many rows it
   * claimed.
   */
  async runOnce(): Promise<number> {
    const claimed = await this.pass();
    await this.flushSent();
    return claimed;
  }

  /** Marks the delivered rows sent that the last pass left to the next claim. */
  private async flushSent(): Promise<void> {
    const rows = this.delivered.splice(0);
    if (rows.length === 0) return;
    const { ctx } = this;
    try {
      await runWrite(ctx.database, (trx) => repo.markSent(trx, rows, ctx.now().toISOString()));
    } catch (error) {
      // Delivered but not recorded: the lease runs out and they go again (at least once).
      this.options.log.error(
        { err: error, outboxIds: rows.map((r) => r.id) },
        'outbox: delivered, but could not mark them sent',
      );
    }
  }

  /**
   * Claims and delivers; the rows delivered are marked sent in the next pass's claim (one commit a
   * pass instead of two), or by flushSent.
   */
  private async pass(): Promise<number> {
    const { ctx } = this;
    const now = ctx.now();
    const sent = this.delivered.splice(0);
    let rows: repo.OutboxRow[];
    try {
      rows = await runWrite(ctx.database, async (trx) => {
        await repo.markSent(trx, sent, now.toISOString());
        return repo.claimDue(trx, ctx.database.dialect, {
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + ctx.config.outbox.leaseMs).toISOString(),
          lockedBy: this.instanceId,
          limit: this.options.batchSize ?? 32,
        });
      });
    } catch (error) {
      this.delivered.unshift(...sent);
      throw error;
    }
    const queue = [...rows];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await this.deliverOne(row);
    };
    await Promise.all(Array.from({ length: Math.min(queue.length, this.options.concurrency ?? 8) }, worker));
    return rows.length;
  }

  private async deliverOne(row: repo.OutboxRow): Promise<void> {
    const { ctx, options } = this;
    try {
      const deliver = this.deliverers[row.kind];
      if (!deliver) throw new Error(`no delivery for ${row.kind} messages`);
      const limit = options.attemptTimeoutMs ?? Math.max(1000, Math.floor(ctx.config.outbox.leaseMs / 2));
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          deliver(ctx, row),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${limit} ms`)), limit);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      await this.recordFailure(row, errorText(error), error instanceof OutboxGiveUp);
      return;
    }
    this.delivered.push(row);
  }

  private async recordFailure(row: repo.OutboxRow, error: string, giveUpNow = false): Promise<void> {
    const { ctx, options } = this;
    this.failedAttempts += 1;
    const now = ctx.now();
    const decision = giveUpNow
      ? ({ giveUp: true } as const)
      : nextAttempt(
          ctx.config.outbox,
          { attempts: row.attempts, createdAt: new Date(row.created_at), now },
          options.random,
        );
    const context = { outboxId: row.id, kind: row.kind, target: row.target, attempts: row.attempts, error };
    if (decision.giveUp) options.log.error(context, 'outbox: giving up on a message');
    else options.log.warn({ ...context, nextAttemptAt: decision.at.toISOString() }, 'outbox: attempt failed');
    try {
      await runWrite(ctx.database, (trx) =>
        repo.markFailedAttempt(trx, row.id, this.instanceId, {
          status: decision.giveUp ? 'failed' : 'pending',
          nextAttemptAt: decision.giveUp ? now.toISOString() : decision.at.toISOString(),
          error,
        }),
      );
    } catch (recordError) {
      options.log.error({ err: recordError, outboxId: row.id }, 'outbox: could not record a failed attempt');
    }
  }

  private async run(): Promise<void> {
    const { ctx, options } = this;
    let leasesReleased = ctx.database.dialect !== 'sqlite';
    while (!this.stopping) {
      this.woken = false;
      const ready = options.isReady?.() ?? true;
      const poll = ctx.config.outbox.pollMs;
      // Not ready yet (migrating): look again soon, so a backlog goes out right after the start.
      let wait = Math.min(poll, 250);
      if (ready) {
        try {
          if (!leasesReleased) {
            // SQLite has one server process: what a killed run had claimed is free at once.
            await runWrite(ctx.database, (trx) => repo.releaseAllLeases(trx, ctx.now().toISOString()));
            leasesReleased = true;
          }
          if ((await this.pass()) > 0) continue;
          wait = await this.idleWait();
        } catch (error) {
          // The database is away, for example: one line per poll interval, not a flood.
          options.log.error({ err: error }, 'outbox: dispatcher pass failed');
          wait = poll;
        }
      }
      if (!this.stopping && !this.woken) await this.sleep(wait);
    }
  }

  /** Until the next row is due (at most the poll interval); prunes old sent rows now and then. */
  private async idleWait(): Promise<number> {
    const { ctx } = this;
    const now = ctx.now().getTime();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await runWrite(ctx.database, (trx) => repo.pruneSent(trx, new Date(now - SENT_KEPT_MS).toISOString()));
    }
    const next = await repo.nextDueAt(ctx.database.db);
    const poll = ctx.config.outbox.pollMs;
    if (next === null) return poll;
    // At least 10 ms: rows another process is claiming right now are not polled in a tight loop.
    return Math.max(10, Math.min(poll, new Date(next).getTime() - now));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      // The dispatcher alone never keeps a process alive.
      const done = () => {
        clearTimeout(timer);
        if (this.wakeTimer) clearTimeout(this.wakeTimer);
        this.wakeTimer = null;
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms).unref();
      this.wakeSleeper = done;
    });
  }
}

/**
 * One delivery pass outside the server (the admin command line): what is due now is delivered now;
 * what fails stays in the outbox for the server's dispatcher. Answers how many attempts failed.
 */
export async function deliverDueNow(ctx: AppContext, log: Log): Promise<{ failed: number }> {
  const dispatcher = new OutboxDispatcher(ctx, { log });
  await dispatcher.runOnce();
  return { failed: dispatcher.failedAttempts };
}

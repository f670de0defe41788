import type { AppContext } from '../../app-context';
import { expireQuotes } from '../quotes/quotes.service';
import { expireDue } from './approvals.service';

type Log = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export interface ExpirySweepOptions {
  log: Log;
  /** Sweeps only while this says so (the server is migrated and not stopping). */
  isReady?: () => boolean;
  /** Milliseconds between passes (default: the SWEEP_INTERVAL_MS setting). */
  intervalMs?: number;
}

/** At most this many batches of 200 approval requests in one pass (the next pass goes on). */
const MAX_BATCHES = 50;

/**
 * The expiry sweep (issue 15 point 8, docs/product.md §3.4.2 and §5.12): every SWEEP_INTERVAL_MS,
 * in each server process, it moves the approval requests whose 7 days are over to `expired` (the
 * requester is mailed through the outbox) and the quote offers past their last valid day to
 * `expired` — without anybody opening a page. The reads keep expiring on their own as well.
 *
 * Several processes may sweep at once: every request moves with a conditional update
 * (`... WHERE status = 'pending'`) and only the process whose update moved it writes the mail, so a
 * requester is told once. The first pass comes one interval after the start; `stop()` cancels the
 * next pass and waits for the one running, before the outbox dispatcher drains (app.ts).
 */
export class ExpirySweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ExpirySweepOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Cancels the next pass and waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: answers how many approval requests and quotes it expired. */
  async runOnce(): Promise<{ approvals: number; quotes: number }> {
    let approvals = 0;
    for (let batch = 0; batch < MAX_BATCHES && !this.stoppedMidway(); batch += 1) {
      const expired = await expireDue(this.ctx);
      approvals += expired;
      if (expired === 0) break;
    }
    const quotes = await expireQuotes(this.ctx);
    return { approvals, quotes };
  }

  /** Only a started sweep that is being stopped ends a pass early (runOnce alone runs whole). */
  private stoppedMidway(): boolean {
    return this.stopped && this.running !== null;
  }

  private schedule(): void {
    const interval = this.options.intervalMs ?? this.ctx.config.sweepIntervalMs;
    // The sweep alone never keeps a process alive; stop() waits for a pass that has begun.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule();
      });
    }, interval).unref();
  }

  private async pass(): Promise<void> {
    if (!(this.options.isReady?.() ?? true)) return;
    try {
      const result = await this.runOnce();
      if (result.approvals > 0 || result.quotes > 0) this.options.log.info(result, 'expiry sweep: expired');
    } catch (error) {
      // The database is away, for example: one line per interval, and the next pass tries again.
      this.options.log.error({ err: error }, 'expiry sweep: pass failed');
    }
  }
}

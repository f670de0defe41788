import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  sql,
} from 'kysely';
import { createDatabase, describeTarget, type DatabaseHandle } from './connection';
import type { Database } from './schema';

/**
 * Read replicas (issue 18 point 7; /work/shared/DESIGN.md "Reads and writes"): PostgreSQL streaming
 * replicas of the primary that serve the anonymous-safe reads — the catalogue, the search, the
 * categories, content pages and news. Anything in a user's write path (cart, checkout, orders,
 * accounts) and every read that must see the user's own last write use `ctx.database`, the primary;
 * a service that may read from a replica asks `readDatabase(ctx)` for its handle.
 *
 * The read handle is a Kysely instance whose every query goes to a healthy replica (round robin),
 * and, when that replica fails (refused, killed, cancelled by recovery), runs again on the primary:
 * a read is safe to repeat. A replica is healthy when it answered the last check and its lag is at
 * most `maxLagMs`. Lag is measured by positions in the write-ahead log, not by replay timestamps (an
 * idle primary writes nothing, so a replica's last replayed transaction looks old while it is fully
 * caught up): every check reads the primary's `pg_current_wal_lsn()` and keeps it with the time;
 * a replica whose `pg_last_wal_replay_lsn()` has reached the position the primary had at time T is
 * at most `now - T` behind. A failed or lagging replica is skipped until a check finds it well again;
 * with none left, the primary serves. The read handle runs no transactions.
 */

/** What a caller needs of a database for reads: the Kysely instance and its dialect. */
export type ReadHandle = Pick<DatabaseHandle, 'db' | 'dialect'>;

/** The handle for anonymous-safe reads: a replica when some are configured and healthy, else the primary. */
export function readDatabase(ctx: { database: DatabaseHandle; replicas?: ReadReplicas }): ReadHandle {
  return ctx.replicas?.handle ?? ctx.database;
}

export interface ReplicaStatus {
  /** The address with its password hidden. */
  url: string;
  healthy: boolean;
  /** Measured lag in milliseconds (null: not measured yet, or the replica did not answer). */
  lagMs: number | null;
  /** Why the replica is skipped, when it is. */
  problem: string | null;
}

interface Replica {
  handle: DatabaseHandle;
  url: string;
  healthy: boolean;
  lagMs: number | null;
  problem: string | null;
}

interface LsnSample {
  at: number;
  lsn: bigint;
}

export interface ReadReplicaOptions {
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often the replicas are checked; default a quarter of maxLagMs, between 100 ms and 1 s. */
  checkMs?: number;
  /** Connections per replica (default 10). */
  poolSize?: number;
  /** Told when a replica is skipped or taken back. */
  onChange?: (status: ReplicaStatus) => void;
}

/** `X/Y` (two hexadecimal halves) as one number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/**
 * Whether an error says the replica itself is unwell (connection refused or lost, server shutting
 * down or starting, a query cancelled by recovery), rather than the query being wrong.
 */
function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57') || code.startsWith('53') || code === '40001';
}

export class ReadReplicas {
  /** The read handle: Kysely over the healthy replicas, falling back to the primary. */
  readonly handle: ReadHandle;
  private readonly replicas: Replica[];
  private readonly history: LsnSample[] = [];
  private readonly checkMs: number;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly primary: DatabaseHandle,
    urls: readonly string[],
    private readonly options: ReadReplicaOptions,
  ) {
    if (primary.dialect !== 'postgres') throw new Error('read replicas need a PostgreSQL primary');
    this.checkMs = options.checkMs ?? Math.max(100, Math.min(1000, Math.floor(options.maxLagMs / 4)));
    this.replicas = urls.map((url) => ({
      handle: createDatabase(
        { kind: 'postgres', url },
        {
          poolSize: options.poolSize ?? 10,
          connectionTimeoutMs: 1000,
          // A replica that stops answering (a network partition sends no reset) fails its reads
          // after this, and they run again on the primary.
          queryTimeoutMs: Math.max(5000, options.maxLagMs * 2),
        },
      ),
      url: describeTarget({ kind: 'postgres', url }),
      // Unknown until the first check.
      healthy: false,
      lagMs: null,
      problem: 'not checked yet',
    }));
    this.handle = { db: new Kysely<Database>({ dialect: failoverDialect(this) }), dialect: 'postgres' };
  }

  /** Checks now, then every checkMs until close(). */
  async start(): Promise<void> {
    await this.check();
    const tick = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        void this.check().finally(tick);
      }, this.checkMs);
      this.timer.unref();
    };
    tick();
  }

  /** Measures every replica's health and lag once (concurrent calls share one check). */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const maxLag = this.options.maxLagMs;
    let primaryLsn: bigint | null = null;
    try {
      const row = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`
        .execute(this.primary.db)
        .then((result) => result.rows[0]);
      if (row) primaryLsn = parseLsn(row.lsn);
    } catch {
      // The primary does not answer: the replicas' lag cannot be measured; they keep their state.
      return;
    }
    const sampledAt = Date.now();
    if (primaryLsn !== null) this.history.push({ at: sampledAt, lsn: primaryLsn });
    // Keep what can tell a lag up to a little more than the limit.
    const keepFrom = sampledAt - maxLag - 10 * this.checkMs - 1000;
    while (this.history.length > 1 && (this.history[0]?.at ?? sampledAt) < keepFrom) this.history.shift();

    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const result = await withTimeout(
            sql<{
              recovery: boolean;
              lsn: string | null;
            }>`select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn`.execute(
              replica.handle.db,
            ),
            Math.max(1000, maxLag),
          );
          const row = result.rows[0];
          const lag = row?.recovery && row.lsn !== null ? this.lagOf(parseLsn(row.lsn)) : 0;
          if (lag > maxLag) {
            this.setState(
              replica,
              false,
              lag === Number.POSITIVE_INFINITY ? null : lag,
              `lags ${lagText(lag)}`,
            );
          } else {
            this.setState(replica, true, lag, null);
          }
        } catch (error) {
          this.setState(replica, false, null, reasonOf(error));
        }
      }),
    );
  }

  /**
   * How far behind a replica that replayed up to `replayed` is: 0 when it has the primary's latest
   * sampled position, else the age of the newest sample it has reached (Infinity: none kept).
   */
  private lagOf(replayed: bigint): number {
    const now = Date.now();
    for (let index = this.history.length - 1; index >= 0; index -= 1) {
      const sample = this.history[index];
      if (sample && replayed >= sample.lsn) return index === this.history.length - 1 ? 0 : now - sample.at;
    }
    return Number.POSITIVE_INFINITY;
  }

  private setState(replica: Replica, healthy: boolean, lagMs: number | null, problem: string | null): void {
    const changed = replica.healthy !== healthy;
    replica.healthy = healthy;
    replica.lagMs = lagMs;
    replica.problem = problem;
    if (changed) this.options.onChange?.(statusOf(replica));
  }

  /** The next healthy replica (round robin), or null for the primary. */
  pick(): Replica | null {
    const count = this.replicas.length;
    for (let step = 0; step < count; step += 1) {
      const replica = this.replicas[(this.next + step) % count];
      if (replica?.healthy) {
        this.next = (this.next + step + 1) % count;
        return replica;
      }
    }
    return null;
  }

  /** A replica whose query failed is skipped until a check finds it well. */
  markFailed(replica: Replica, error: unknown): void {
    this.setState(replica, false, null, reasonOf(error));
  }

  /** Runs a read on a healthy replica, or on the primary when there is none or the replica fails. */
  async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const replica = this.pick();
    if (replica === null) return this.primary.db.executeQuery<R>(query);
    try {
      return await replica.handle.db.executeQuery<R>(query);
    } catch (error) {
      if (isReplicaFailure(error)) this.markFailed(replica, error);
      // A read is safe to repeat: the primary answers it (or fails the same way for a wrong query).
      return this.primary.db.executeQuery<R>(query);
    }
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(statusOf);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.checking?.catch(() => undefined);
    await Promise.all(this.replicas.map((replica) => replica.handle.close().catch(() => undefined)));
  }
}

function statusOf(replica: Replica): ReplicaStatus {
  return { url: replica.url, healthy: replica.healthy, lagMs: replica.lagMs, problem: replica.problem };
}

function lagText(lag: number): string {
  return lag === Number.POSITIVE_INFINITY ? 'further than measured' : `${Math.round(lag)} ms`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Kysely's PostgreSQL dialect with a driver that hands every query to ReadReplicas.execute. */
function failoverDialect(replicas: ReadReplicas) {
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery) => replicas.execute<R>(query),
    async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
      yield await replicas.execute<R>(query);
    },
  };
  const refuse = (): Promise<void> =>
    Promise.reject(new Error('the read handle runs no transactions: use ctx.database'));
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

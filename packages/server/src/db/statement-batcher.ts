import { type RawBuilder, sql } from 'kysely';

/**
 * Many requests' lookups of the same kind in one statement (issue 18 point 3; decision 0027).
 *
 * On PostgreSQL a statement's round trip (the server's `writev`, the backend's wake-up, the driver)
 * costs about as much CPU on this two-core machine as rendering a whole catalogue page (decision 0025),
 * and the token check is one such round trip on every signed-in request. `createStatementBatcher`
 * queues the calls that arrive while earlier statements are still out and sends them together as one
 * statement, answering each caller its own row.
 *
 * - A call is sent after it was queued, never before: its statement's snapshot is at least as new as
 *   the call, so a batch's answer is as fresh as a statement of its own would be (a token revoked
 *   before the request came is refused).
 * - With nothing else waiting, a call goes out in the same turn of the event loop it came in (after
 *   the calls that came in that turn joined it), so a quiet server answers as fast as before.
 * - At most `maxInFlight` statements are out at once, each with at most `maxBatch` calls; while
 *   they are out, new calls wait and go together in the next statement.
 * - A statement that fails fails every call of its batch with its error.
 * - With `keyOf`, a statement holds at most one call per key: a call whose key is already in the batch
 *   waits for the next one, in the order the calls came (a batched write of carts: one row per cart).
 */
export interface StatementBatcherOptions<Call = unknown> {
  maxInFlight: number;
  maxBatch: number;
  keyOf?: (call: Call) => string | number;
}

/** The batching of the shop's statements: at most two out (the machine's two cores), 64 calls each. */
export const STATEMENT_BATCHING: StatementBatcherOptions = { maxInFlight: 2, maxBatch: 64 };

export type BatchRunner<Call, Answer> = (calls: readonly Call[]) => Promise<readonly Answer[]>;

interface Waiting<Call, Answer> {
  call: Call;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export function createStatementBatcher<Call, Answer>(
  run: BatchRunner<Call, Answer>,
  { maxInFlight, maxBatch, keyOf }: StatementBatcherOptions<Call>,
): (call: Call) => Promise<Answer> {
  const queue: Waiting<Call, Answer>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // The calls that arrive in this turn of the event loop join the first statement.
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      void send(take());
    }
  }

  /** The next batch from the queue: its first calls, at most one per key when calls have keys. */
  function take(): Waiting<Call, Answer>[] {
    if (keyOf === undefined) return queue.splice(0, maxBatch);
    const batch: Waiting<Call, Answer>[] = [];
    const later: Waiting<Call, Answer>[] = [];
    const keys = new Set<string | number>();
    for (const waiting of queue) {
      const key = keyOf(waiting.call);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else {
        later.push(waiting);
      }
    }
    queue.splice(0, queue.length, ...later);
    return batch;
  }

  async function send(batch: Waiting<Call, Answer>[]): Promise<void> {
    inFlight += 1;
    try {
      const answers = await run(batch.map((waiting) => waiting.call));
      if (answers.length !== batch.length) {
        throw new Error(`statement batch: ${answers.length} answers for ${batch.length} calls`);
      }
      batch.forEach((waiting, index) => waiting.resolve(answers[index] as Answer));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      inFlight -= 1;
      if (queue.length > 0) schedule();
    }
  }

  return (call) =>
    new Promise<Answer>((resolve, reject) => {
      queue.push({ call, resolve, reject });
      schedule();
    });
}

/**
 * One batcher per owner (a database handle) and name, made at its first use: the token checks
 * (http/auth.ts) and the cart's reads and writes (cart.service.ts) each keep theirs beside the handle
 * they send to, so a second app on another database gets its own.
 */
const batchersOf = new WeakMap<object, Map<string, unknown>>();

export function batcherOf<Call, Answer>(
  owner: object,
  name: string,
  make: () => (call: Call) => Promise<Answer>,
): (call: Call) => Promise<Answer> {
  let named = batchersOf.get(owner);
  if (named === undefined) {
    named = new Map();
    batchersOf.set(owner, named);
  }
  let batcher = named.get(name) as ((call: Call) => Promise<Answer>) | undefined;
  if (batcher === undefined) {
    batcher = make();
    named.set(name, batcher);
  }
  return batcher;
}

/**
 * A batch's calls as the rows of a PostgreSQL statement: `(select * from unnest(…) with ordinality as
 * x(column…, n))`, one array parameter per column and `n` the call's position from 1 (the answer's
 * order); in parentheses, so `.as('b')` makes it a source to select from.
 *
 * Each array is behind a sub-select: PostgreSQL then estimates the batch's size alike with and without
 * the values, and after five executions keeps the generic plan. With the arrays as bare parameters
 * each execution was planned anew for its number of rows: 1.2–2.7 ms of planning against 1.3–2 ms of
 * execution for nine users' token checks (EXPLAIN ANALYZE EXECUTE; decision 0027).
 */
export function batchRows<Row extends object>(
  columns: readonly (readonly [name: keyof Row & string, type: string, values: unknown])[],
): RawBuilder<Row & { n: string }> {
  const arrays = sql.join(columns.map(([, type, values]) => sql`(select ${values}::${sql.raw(type)}[])`));
  const names = sql.raw([...columns.map(([name]) => name), 'n'].join(', '));
  return sql<Row & { n: string }>`(select * from unnest(${arrays}) with ordinality as x(${names}))`;
}

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
 */
export interface StatementBatcherOptions {
  maxInFlight: number;
  maxBatch: number;
}

export type BatchRunner<Call, Answer> = (calls: readonly Call[]) => Promise<readonly Answer[]>;

interface Waiting<Call, Answer> {
  call: Call;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export function createStatementBatcher<Call, Answer>(
  run: BatchRunner<Call, Answer>,
  { maxInFlight, maxBatch }: StatementBatcherOptions,
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
      void send(queue.splice(0, maxBatch));
    }
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

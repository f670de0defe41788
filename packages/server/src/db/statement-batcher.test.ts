import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher';

/** A runner that records every batch and answers when `release` is called. */
function recordingRunner() {
  const batches: number[][] = [];
  const pending: { calls: readonly number[]; answer(fail?: Error): void }[] = [];
  const run = (calls: readonly number[]) =>
    new Promise<readonly string[]>((resolve, reject) => {
      batches.push([...calls]);
      pending.push({
        calls,
        answer: (fail) => (fail ? reject(fail) : resolve(calls.map((call) => `answer ${call}`))),
      });
    });
  return { batches, pending, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createStatementBatcher', () => {
  it('sends the calls of one turn of the event loop in one statement and answers each its own', async () => {
    const { batches, pending, run } = recordingRunner();
    const lookup = createStatementBatcher(run, { maxInFlight: 2, maxBatch: 64 });
    const answers = Promise.all([1, 2, 3].map((call) => lookup(call)));
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    pending[0]!.answer();
    expect(await answers).toEqual(['answer 1', 'answer 2', 'answer 3']);
  });

  it('keeps at most maxInFlight statements out; the calls meanwhile go together in the next one', async () => {
    const { batches, pending, run } = recordingRunner();
    const lookup = createStatementBatcher(run, { maxInFlight: 2, maxBatch: 64 });
    const first = lookup(1);
    await turn();
    const second = lookup(2);
    await turn();
    const waiting = [3, 4, 5].map((call) => lookup(call));
    await turn();
    await turn();
    expect(batches).toEqual([[1], [2]]);
    pending[0]!.answer();
    expect(await first).toBe('answer 1');
    await turn();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    pending[1]!.answer();
    pending[2]!.answer();
    expect(await second).toBe('answer 2');
    expect(await Promise.all(waiting)).toEqual(['answer 3', 'answer 4', 'answer 5']);
  });

  it('cuts a long queue into statements of at most maxBatch calls', async () => {
    const { batches, pending, run } = recordingRunner();
    const lookup = createStatementBatcher(run, { maxInFlight: 2, maxBatch: 3 });
    const answers = Promise.all([1, 2, 3, 4, 5, 6, 7].map((call) => lookup(call)));
    await turn();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    pending[0]!.answer();
    await turn();
    await turn();
    expect(batches[2]).toEqual([7]);
    pending[1]!.answer();
    pending[2]!.answer();
    expect(await answers).toEqual([1, 2, 3, 4, 5, 6, 7].map((call) => `answer ${call}`));
  });

  it('fails every call of a failed statement with its error, and only those; the next statement runs', async () => {
    const { batches, pending, run } = recordingRunner();
    const lookup = createStatementBatcher(run, { maxInFlight: 1, maxBatch: 64 });
    const failed = [1, 2].map((call) => lookup(call).catch((error: Error) => error.message));
    await turn();
    const later = lookup(3);
    await turn();
    expect(batches).toEqual([[1, 2]]);
    pending[0]!.answer(new Error('connection lost'));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    await turn();
    expect(batches).toEqual([[1, 2], [3]]);
    pending[1]!.answer();
    expect(await later).toBe('answer 3');
  });

  it('fails the calls when the statement answers a different number of rows than calls', async () => {
    const lookup = createStatementBatcher(async (calls: readonly number[]) => calls.slice(1), {
      maxInFlight: 1,
      maxBatch: 64,
    });
    const outcomes = await Promise.allSettled([lookup(1), lookup(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it('with keyOf, sends at most one call per key in a statement; the others follow in the order they came', async () => {
    const { batches, pending, run } = recordingRunner();
    // Keyed by the tens: 11, 12 and 13 are of one key.
    const lookup = createStatementBatcher(run, {
      maxInFlight: 1,
      maxBatch: 64,
      keyOf: (call) => Math.floor(call / 10),
    });
    const answers = Promise.all([11, 21, 12, 31, 13, 22].map((call) => lookup(call)));
    await turn();
    expect(batches).toEqual([[11, 21, 31]]);
    // A statement's answer, then a turn for its callers and one for the waiting calls to go out.
    pending[0]!.answer();
    await turn();
    await turn();
    expect(batches).toEqual([
      [11, 21, 31],
      [12, 22],
    ]);
    pending[1]!.answer();
    await turn();
    await turn();
    expect(batches).toEqual([[11, 21, 31], [12, 22], [13]]);
    pending[2]!.answer();
    expect(await answers).toEqual([11, 21, 12, 31, 13, 22].map((call) => `answer ${call}`));
  });
});

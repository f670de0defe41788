import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@shop/shared/errors/error-codes';
import {
  describeRequest,
  fetchOperations,
  hostileRequest,
  runHostileInputs,
  sendHostile,
  type Operation,
} from '../bench/hostile-inputs';
import { changedTables, dataSnapshot, type DataSnapshot } from './data-snapshot';
import { createSecurityWorld, type SecurityWorld } from './security-world';
import { TEST_DIALECTS } from './test-db';

/**
 * Issue 9: random and hostile bodies, query strings, paths and headers sent to every endpoint of
 * the OpenAPI document, over real HTTP, with and without a valid token. The answer is never a 5xx
 * (nor a dropped connection); an error answer carries a known code and changes no data.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;

describe.each(TEST_DIALECTS)('hostile inputs on %s', (dialect) => {
  let world: SecurityWorld;
  let operations: Operation[];

  beforeAll(async () => {
    world = await createSecurityWorld(dialect);
    operations = await fetchOperations(world.baseUrl);
  });

  afterAll(async () => {
    await world?.close();
  });

  it('finds the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.security === 'required').length).toBeGreaterThan(20);
  });

  it('answers malformed JSON with 400 ERR_BAD_JSON and an oversized body with 413 ERR_PAYLOAD_TOO_LARGE', async () => {
    const before = await dataSnapshot(world.testDb.handle);
    // Back-office calls with an administrator's token: others are refused before their body is read.
    const tokenOf = (op: Operation) =>
      op.path.startsWith('/api/admin/') ? world.admin.token : world.a.token;
    const targets = operations.filter((o) => o.hasBody && !o.path.includes('{'));
    expect(targets.length).toBeGreaterThan(5);
    for (const op of targets) {
      for (const body of ['{"broken":', '{"a":1,}', "{'a':1}", '']) {
        const res = await sendHostile(
          world.baseUrl,
          {
            method: op.method,
            url: op.path,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
            body,
            withToken: true,
            target: op.path,
          },
          tokenOf(op),
        );
        expect(res.status, `${op.method} ${op.path} ${body}`).toBe(400);
        expect(JSON.parse(res.body), `${op.method} ${op.path} ${body}`).toMatchObject({
          error: 'ERR_BAD_JSON',
        });
      }
      const big = await sendHostile(
        world.baseUrl,
        {
          method: op.method,
          url: op.path,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.2' },
          body: JSON.stringify({ filler: 'x'.repeat(world.ctx.config.bodyLimit + 10) }),
          withToken: true,
          target: op.path,
        },
        tokenOf(op),
      );
      expect(big.status, `${op.method} ${op.path} oversized`).toBe(413);
      if (big.body) expect(JSON.parse(big.body)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    }
    expect(changedTables(before, await dataSnapshot(world.testDb.handle))).toEqual([]);
  });

  it('runHostileInputs (the benchmark entry) counts what it tried over HTTP', async () => {
    const result = await runHostileInputs(world.baseUrl, { runs: 60, seed: 42, token: world.b.token });
    expect(result.tried).toBeGreaterThan(50);
    expect(result.serverErrors, result.examples.join('\n')).toBe(0);
  });
  it('never answers 5xx, and an error answer has a code and changes nothing', async () => {
    let before: DataSnapshot = await dataSnapshot(world.testDb.handle);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileRequest(operations, { withToken: true }), async (req) => {
        // Back-office requests carry an administrator's token, so they reach the admin validators.
        const token = req.target.includes(' /api/admin/') ? world.admin.token : world.a.token;
        const answer = await sendHostile(world.baseUrl, req, token);
        if (answer.status === -1) return; // node:http refused to send it
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `${describeRequest(req)} → ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, what).toBeGreaterThan(0);
        expect(answer.status, what).toBeLessThan(500);
        const after = await dataSnapshot(world.testDb.handle);
        if (answer.status >= 400) {
          expect(changedTables(before, after), what).toEqual([]);
          if (req.method !== 'HEAD' && answer.body.length > 0) {
            const body = JSON.parse(answer.body) as { error?: unknown };
            expect(isErrorCode(body.error), what).toBe(true);
          }
        }
        before = after;
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    // The run reached the handlers, not only the validators.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });
});

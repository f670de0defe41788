import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../bench/bench-lib';
import { SERVER_NODE_FLAGS } from '../src/node-flags';

/**
 * Decision 0029: the server process runs with SERVER_NODE_FLAGS wherever it is started as in
 * production (the benchmarks and the journeys use the list itself), and the flags do what they are
 * there for on this Node.
 */
const ROOT = path.resolve(SERVER_DIR, '..', '..');
const START = `node ${SERVER_NODE_FLAGS.join(' ')} packages/server/dist/server.js`;
const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The young generation's capacity in MB after a burst of short-lived objects, under `flags`. */
function youngGenerationMb(flags: readonly string[]): number {
  const script = `
    const v8 = require('node:v8');
    let kept = [];
    for (let i = 0; i < 3e6; i += 1) { kept.push({ i, s: 'x' + i }); if (kept.length > 200000) kept = []; }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
}

describe('the server process Node flags', () => {
  it('npm start starts the built server with them', () => {
    expect(scripts.start).toBe(`npm run build && ${START}`);
  });

  it('npm run seed and seed:large run the command line with them', () => {
    const cli = `node ${SERVER_NODE_FLAGS.join(' ')} packages/server/dist/cli.js`;
    expect(scripts.seed).toBe(`npm run build -w @shop/server && ${cli} seed`);
    expect(scripts['seed:large']).toBe(`npm run build -w @shop/server && ${cli} seed-large`);
  });

  it("the README's production start and its systemd unit give them", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${START}\``);
    expect(readme).toContain(`ExecStart=/usr/bin/${START}`);
    // No other command starting the server is shown (the diagram's boxes name processes, not commands).
    const commands = readme
      .split('\n')
      .filter((line) => !/─ node dist\/server\.js +PORT=/.test(line))
      .flatMap((line) => line.match(/node [^`\n]*dist\/server\.js/g) ?? []);
    expect(commands).toEqual([START, START]);
  });

  it('give the young generation four times the default size on this Node', () => {
    const without = youngGenerationMb([]);
    const withFlags = youngGenerationMb(SERVER_NODE_FLAGS);
    expect(withFlags).toBeGreaterThanOrEqual(4 * without);
    expect(withFlags).toBeGreaterThanOrEqual(64);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test-db';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe.each(TEST_DIALECTS)('the server process on %s', (dialect) => {
  let testDb: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exitOf(child);
    }
    await testDb?.drop();
  });

  it('migrates at start, serves, and shuts down cleanly on SIGTERM', async () => {
    testDb = await createTestDatabase(dialect, { migrate: false });
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'proc-'));
    const started = startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: testDb.url });
    child = started.child;
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 60_000);
    const tables = await testDb.handle.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('products');

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(started.output()).toContain('shut down cleanly');
  });

  it('refuses to start on a bad configuration value and names it', async () => {
    const started = startServer({ PORT: 'not-a-port' });
    child = started.child;
    expect(await exitOf(child)).toBe(2);
    expect(started.output()).toContain('PORT');
  });
});

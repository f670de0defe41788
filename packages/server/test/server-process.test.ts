import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, SERVER_DIR } from '../bench/bench-lib';
import { prepareShop, ShopProcess } from '../bench/reliability-kit';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test-db';
import { useServerBuild } from './server-build';

function startServer(
  env: Record<string, string>,
  /** Where the server's standard output goes (default: this test reads it). */
  stdout: 'pipe' | Writable = 'pipe',
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', stdout, 'pipe'],
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

/** The exit code, or 'still running' when the process has not exited within the time. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  return Promise.race([exitOf(child), late]).finally(() => clearTimeout(timer));
}

/** A separate process that reads a server's log from a pipe, as `npm start | <reader>` would. */
function startLogReader(): { process: ChildProcess; input: Writable; output: () => string } {
  const reader = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let output = '';
  reader.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  return { process: reader, input: reader.stdin!, output: () => output };
}

describe.each(TEST_DIALECTS)('the server process on %s', (dialect) => {
  let testDb: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let reader: ChildProcess | undefined;
  afterEach(async () => {
    for (const proc of [child, reader]) {
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await exitOf(proc);
      }
    }
    reader = undefined;
    await testDb?.drop();
  });

  /** A server on a fresh database whose log goes through a reader process; resolves once ready. */
  async function startWithLogReader() {
    testDb = await createTestDatabase(dialect, { migrate: false });
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'proc-'));
    const log = startLogReader();
    reader = log.process;
    child = startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: testDb.url }, log.input).child;
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 60_000);
    await waitFor(async () => log.output().includes('shop ready'), 10_000);
    return { base, server: child, reader: log.process };
  }

  it('exits 0 within 15 s on SIGTERM when the reader of its log goes away at the same moment', async () => {
    const { server, reader } = await startWithLogReader();
    // As the harness did: signal the server and end the process reading its standard output.
    server.kill('SIGTERM');
    reader.kill('SIGKILL');
    expect(await exitWithin(server, 15_000)).toBe(0);
  });

  it('exits 0 within 15 s on SIGTERM while the reader of its log has stopped reading', async () => {
    const { base, server, reader } = await startWithLogReader();
    reader.kill('SIGSTOP');
    // Each request logs two lines: 400 of them fill the pipe (64 KiB) well before the end.
    for (let i = 0; i < 400; i += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    server.kill('SIGTERM');
    expect(await exitWithin(server, 15_000)).toBe(0);
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

// ---------------------------------------------------------------------------------------------
// The built server (dist/server.js): draining on SIGTERM, waiting for an unreachable database.

const build = useServerBuild();

/** Sends the headers and the first part of a JSON request on a connection of its own. */
function startSlowRequest(port: number, pathName: string, token: string, body: unknown) {
  const text = JSON.stringify(body);
  const bytes = Buffer.from(text);
  const half = Math.floor(bytes.length / 2);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${pathName} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, half));
  return {
    finish: () => socket.write(bytes.subarray(half)),
    /** The whole answer once the server has closed the connection. */
    answer: async () => {
      await closed;
      const [head = '', payload = ''] = received.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      return { status, head, payload };
    },
  };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(TEST_DIALECTS)('the built server on %s under SIGTERM', (dialect) => {
  it('answers every request it has accepted, refuses new connections, then exits 0', async () => {
    const testDb = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'drain-'));
    let shop: ShopProcess | undefined;
    try {
      const fixture = await prepareShop(testDb.handle, { buyers: 4, products: 2 });
      shop = await ShopProcess.start({
        serverJs: build.serverJs,
        databaseUrl: testDb.url,
        dataDir,
        jwtSecret: fixture.jwtSecret,
      });
      const product = fixture.products[0]!;
      // Four requests in flight: their headers are in, half of each body is still on the way.
      const slow = fixture.buyers.map((buyer, i) =>
        startSlowRequest(shop!.port, '/api/cart/set-product-quantity', buyer.token, {
          productSku: product.sku,
          quantity: i + 1,
        }),
      );
      // An idle keep-alive connection, which the server may close at once.
      const idle = connect(shop.port, '127.0.0.1');
      idle.on('error', () => undefined);
      const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
      let idleAnswer = '';
      idle.on('data', (d: Buffer) => (idleAnswer += d.toString()));
      idle.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      const incoming = () =>
        shop!
          .output()
          .split('\n')
          .filter((l) => l.includes('incoming request') && l.includes('/api/cart/set-product-quantity'))
          .length;
      await waitFor(async () => incoming() === 4 && idleAnswer.includes('200 OK'), 30_000);

      shop.child.kill('SIGTERM');
      await waitFor(async () => shop!.output().includes('shutting down'), 30_000);
      // No new connections once draining has begun.
      await waitFor(() => connectionRefused(shop!.port), 15_000);
      await idleClosed;
      expect(shop.running).toBe(true);

      for (const request of slow) request.finish();
      const answers = await Promise.all(slow.map((r) => r.answer()));
      for (const [i, answer] of answers.entries()) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.payload)).toMatchObject({ data: true, quantity: i + 1 });
      }
      const exit = await shop.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(shop.output()).toContain('shut down cleanly');

      // What the drained requests wrote is in the database.
      const lines = await testDb.handle.db
        .selectFrom('cart_items as ci')
        .innerJoin('carts as c', 'c.id', 'ci.cart_id')
        .select(['c.customer_id', 'ci.quantity'])
        .where('ci.product_id', '=', product.id)
        .execute();
      expect(lines.map((l) => [l.customer_id, Number(l.quantity)]).sort()).toEqual(
        fixture.buyers.map((b, i) => [b.customerId, i + 1]).sort(),
      );
    } finally {
      if (shop?.running) await shop.stop('SIGKILL');
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

/** A TCP proxy to PostgreSQL that starts listening only when told to (until then: connection refused). */
function postgresProxy(port: number, target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return {
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe.runIf(TEST_DIALECTS.includes('postgres'))('the built server with PostgreSQL out of reach', () => {
  it('stays alive, says not ready and retries with a clear log line, then migrates and serves', async () => {
    const testDb = await createTestDatabase('postgres', { migrate: false });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'unreachable-'));
    const real = new URL(testDb.url);
    const proxyPort = await freePort();
    const proxy = postgresProxy(proxyPort, { host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(testDb.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxyPort);
    let shop: ShopProcess | undefined;
    try {
      shop = await ShopProcess.spawn({
        serverJs: build.serverJs,
        databaseUrl: viaProxy.toString(),
        dataDir,
        jwtSecret: 'x'.repeat(40),
      });
      const base = shop.url;
      await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 30_000);
      await waitFor(
        async () => (shop!.output().match(/database not reachable at/g) ?? []).length >= 2,
        30_000,
      );

      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      const readyBody = (await ready.json()) as { error: string; params: { phase: string; reason: string } };
      expect(readyBody.error).toBe('ERR_SERVICE_UNAVAILABLE');
      expect(readyBody.params.phase).toBe('starting');
      expect(readyBody.params.reason).toContain('ECONNREFUSED');
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      const other = await fetch(`${base}/api/categories`);
      expect(other.status).toBe(503);
      expect(((await other.json()) as { error: string }).error).toBe('ERR_SERVICE_UNAVAILABLE');
      const line =
        shop
          .output()
          .split('\n')
          .find((l) => l.includes('database not reachable at')) ?? '';
      expect(line).toContain(`127.0.0.1:${proxyPort}`);
      expect(line).toMatch(/retrying in \d+ ms/);
      expect(shop.running).toBe(true);
      expect(await testDb.handle.db.introspection.getTables()).toEqual([]);

      // The database becomes reachable: the server migrates and serves.
      await proxy.open();
      await shop.waitReady(30_000);
      expect(shop.output()).toContain('database reachable at');
      expect(shop.output()).toContain('migrations applied');
      const tables = await testDb.handle.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('orders');
      expect((await fetch(`${base}/api/categories`)).status).toBe(200);

      expect(await shop.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    } finally {
      if (shop?.running) await shop.stop('SIGKILL');
      await proxy.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

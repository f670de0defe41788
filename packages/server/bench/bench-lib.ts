import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase } from '../test/postgres-database';
import { SERVER_NODE_FLAGS } from '../src/node-flags';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export interface BenchTarget {
  dialect: 'sqlite' | 'postgres';
  databaseUrl: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh database for a benchmark: a temporary SQLite file, or a new PostgreSQL database on the
 * server at `adminUrl` (default BENCH_POSTGRES_URL).
 */
export async function createTarget(
  dialect: 'sqlite' | 'postgres',
  adminUrl: string | undefined = BENCH_POSTGRES_URL,
): Promise<BenchTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${dialect}-`));
  if (dialect === 'sqlite') {
    return {
      dialect,
      databaseUrl: `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
      dataDir,
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('no PostgreSQL URL');
  const database = await createPostgresDatabase(adminUrl, `shop_bench_${Date.now().toString(36)}`);
  return {
    dialect,
    databaseUrl: database.url,
    dataDir,
    async cleanup() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fills a fresh target the way the catalogue-sized benches start: the demo data, then `products`
 * products of the large seed (through the built CLI); logs how long it took. Answers the environment
 * the CLI ran with (database, data folder, quiet logs).
 */
export async function seedLargeCatalogue(target: BenchTarget, products: number): Promise<NodeJS.ProcessEnv> {
  const env = { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn' };
  const seedStart = Date.now();
  await run(process.execPath, [...SERVER_NODE_FLAGS, 'dist/cli.js', 'seed'], env);
  await run(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'dist/cli.js', 'seed-large', '--products', String(products)],
    env,
  );
  console.log(
    `[${target.dialect}] seeded ${products} products in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  return env;
}

/** The demo customer's access token from the shop's login (`base` ends in /api). */
export async function demoCustomerToken(base: string): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailorusername: 'customer@example.com', password: 'customer123' }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** The JSON answer of a call; a status other than 2xx stops the benchmark with the answer's text. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo administrator's access token from the back-office login (`base` ends in /api). */
export async function demoAdminToken(base: string): Promise<string> {
  const admin = await fetchJson<{ access_token: string }>(`${base}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  return admin.access_token;
}

export async function postgresReachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface RunningServer {
  url: string;
  /** The server process id. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server (packages/server/dist/server.js) in its own process, with the Node flags of
 * production (SERVER_NODE_FLAGS, decision 0029). BENCH_NODE_ARGS adds Node options to them, e.g.
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` for a CPU profile of the server under the
 * benchmark's load (written when the benchmark stops it).
 */
export async function startServer(
  target: BenchTarget,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/server.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl,
      DATA_DIR: target.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // Every benchmark client comes from 127.0.0.1: the per-IP search limit would answer 429.
      SEARCH_RATE_LIMIT: '0',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `work` on `target`, then removes the target (see BenchTarget.cleanup), whatever happened. */
export async function withTarget<T>(target: BenchTarget, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await target.cleanup();
  }
}

/** Starts the shop on `target` (see startServer), runs `work` on it, then stops it, whatever happened. */
export async function withServer<T>(
  target: BenchTarget,
  work: (server: RunningServer) => Promise<T>,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<T> {
  const server = await startServer(target, extraEnv);
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

export interface Figures {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

/** The p-th percentile of ascending `sorted` (nearest rank), to 0.1 ms; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

/** The p50, p95 and p99 of latencies `times` (ms, in any order; sorted here in place). */
export function latencyPercentiles(times: number[]): Pick<Figures, 'p50' | 'p95' | 'p99'> {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** The headers and body of a JSON call with a bearer token (no body, no content type). */
export function bearerJsonInit(method: string, token: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  };
}

/**
 * Runs autocannon against one URL and returns exact latency percentiles (ms, from every
 * response's own time) and requests per second.
 */
export async function measure(
  name: string,
  url: string,
  options: {
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
    requests?: autocannon.Request[];
    /** Seconds of the same load before measuring, not counted (JIT, caches, connections). */
    warmup?: number;
  } = {},
): Promise<Figures> {
  if (options.warmup) {
    const { warmup, ...rest } = options;
    await measure(name, url, { ...rest, duration: warmup });
  }
  const times: number[] = [];
  // Without a callback autocannon returns an event emitter that is also a promise of the result.
  const settings: autocannon.Options = {
    url,
    connections: options.connections ?? 20,
    duration: options.duration ?? 8,
  };
  if (options.headers) settings.headers = options.headers;
  if (options.method) settings.method = options.method;
  if (options.body !== undefined) settings.body = options.body;
  if (options.requests) settings.requests = options.requests;
  const instance = autocannon(settings) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  return {
    name,
    ...latencyPercentiles(times),
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function printTable(title: string, rows: Figures[]): void {
  console.log(`\n${title}`);
  printMarkdownTable(
    ['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'non-2xx', 'errors'],
    'lrrrrrr',
    rows.map((r) => [r.name, r.p50, r.p95, r.p99, r.rps, r.non2xx, r.errors]),
  );
}

/**
 * Prints a Markdown table: a header of `titles`, the separator (`align` has one letter a column:
 * `l` left, `r` right-aligned) and a line a row of cells.
 */
export function printMarkdownTable(
  titles: readonly string[],
  align: string,
  rows: readonly (readonly (string | number)[])[],
): void {
  console.log(`| ${titles.join(' | ')} |`);
  console.log(`|${[...align].map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`);
  for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
}

const cliArgs = process.argv.slice(2);

/** A whole-number command-line option `--name N` within [min, max]; a bad value stops the benchmark. */
export function numberOption(name: string, fallback: number, min = 1, max = 10_000_000): number {
  const i = cliArgs.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(cliArgs[i + 1]);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} takes a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

/**
 * `--name a,b`: a comma-separated choice of `allowed` values, `fallback` when the option is not given.
 * Exits 2 with "--name takes `usage`" on a value outside `allowed`.
 */
export function listOption<T extends string>(
  name: string,
  allowed: readonly T[],
  fallback: readonly T[],
  usage: string,
): Set<T> {
  const i = cliArgs.indexOf(`--${name}`);
  const values = new Set(i >= 0 ? (cliArgs[i + 1] ?? '').split(',') : fallback);
  if (values.size === 0 || [...values].some((value) => !(allowed as readonly string[]).includes(value))) {
    console.error(`--${name} takes ${usage}`);
    process.exit(2);
  }
  return values as Set<T>;
}

/** `--only sqlite|postgres`, or '' for both. */
export function onlyOption(): '' | 'sqlite' | 'postgres' {
  const i = cliArgs.indexOf('--only');
  if (i < 0) return '';
  const value = cliArgs[i + 1];
  if (value !== 'sqlite' && value !== 'postgres') {
    console.error('--only takes sqlite or postgres');
    process.exit(2);
  }
  return value;
}

/**
 * The options of the benchmarks that run on the large catalogue: `--products N` (default
 * `defaultProducts`), `--duration S` (seconds a load runs, default 8) and `--only sqlite|postgres`.
 */
export function largeCatalogueOptions(defaultProducts: number): {
  products: number;
  duration: number;
  only: '' | 'sqlite' | 'postgres';
} {
  return {
    products: numberOption('products', defaultProducts),
    duration: numberOption('duration', 8, 1, 600),
    only: onlyOption(),
  };
}

/** The PostgreSQL server the benchmarks create their databases on. */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** A database URL with its password masked, for the output. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The databases a benchmark measures: SQLite unless `--only postgres`; PostgreSQL unless
 * `--only sqlite`, and only when it answers at BENCH_POSTGRES_URL. Each database left out is
 * printed at once as a SKIPPED line and returned, so the verdict names it again at the end.
 */
export async function databasesToMeasure(
  only: '' | 'sqlite' | 'postgres',
  pgUrl: string = BENCH_POSTGRES_URL,
): Promise<{ dialects: ('sqlite' | 'postgres')[]; skipped: string[] }> {
  const dialects: ('sqlite' | 'postgres')[] = [];
  const skipped: string[] = [];
  if (only === 'postgres') skipped.push('SQLite: not measured (--only postgres)');
  else dialects.push('sqlite');
  if (only === 'sqlite') skipped.push('PostgreSQL: not measured (--only sqlite)');
  else if (await postgresReachable(pgUrl)) dialects.push('postgres');
  else
    skipped.push(
      `PostgreSQL: not measured, nothing answers at ${withoutPassword(pgUrl)} ` +
        '(set BENCH_DATABASE_URL or TEST_DATABASE_URL)',
    );
  for (const line of skipped) console.log(`SKIPPED ${line}`);
  return { dialects, skipped };
}

/** The value after `--name` on the command line, if given. */
export function stringOption(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/**
 * `--database-url URL --data-dir DIR`: an already seeded database (a million products take minutes to
 * seed; seed it once with the CLI's `seed` and `seed-large`), measured as it is: nothing seeded, nothing
 * dropped, the dialect follows the URL. Undefined without `--database-url`.
 */
export function existingTargetOption(): BenchTarget | undefined {
  const url = stringOption('database-url');
  if (url === undefined) return undefined;
  const dataDir = stringOption('data-dir');
  if (!dataDir) throw new Error('--database-url needs --data-dir (the DATA_DIR it was seeded with)');
  return {
    dialect: url.startsWith('postgres') ? 'postgres' : 'sqlite',
    databaseUrl: url,
    dataDir,
    async cleanup() {},
  };
}

/**
 * `npm run bench:reliability`: the figures of issue 9.
 *
 * 1. Load held: buyers (closed loop: fill the cart with 1–3 products, place the order, again) for
 *    a fixed time against the built server on SQLite, on PostgreSQL, and on two processes sharing
 *    one PostgreSQL (each call to either process at random); orders per second, place-order
 *    latency, and the database checked against every answer (no lost order, no oversell).
 * 2. Faults survived: the same buyers while the server is killed with SIGKILL mid-burst and
 *    restarted, several times, on each database; lost orders and half-written orders must be 0.
 * 3. Hostile inputs: random and hostile requests to every OpenAPI operation
 *    (bench/hostile-inputs.ts); 5xx answers must be 0.
 *
 * Options: --buyers N (16), --duration S (10), --kills N (5), --runs N (hostile requests, 1000),
 * --only sqlite|postgres. PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL; Redis for the
 * two-process run from BENCH_REDIS_URL / TEST_REDIS_URL when set.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import {
  BENCH_POSTGRES_URL,
  createTarget,
  databasesToMeasure,
  numberOption,
  onlyOption,
  printMarkdownTable,
  run,
  SERVER_DIR,
  type BenchTarget,
} from './bench-lib';
import { finish } from './bench-verdict';
import { runHostileInputs } from './hostile-inputs';
import {
  checkShop,
  crashRun,
  prepareShop,
  ShopProcess,
  sleep,
  sqliteIntegrity,
  startBuyers,
  type ShopCheck,
} from './reliability-kit';
import { createDatabase, type DatabaseHandle } from '../src/db/connection';

const buyerCount = numberOption('buyers', 16, 1, 500);
const duration = numberOption('duration', 10, 1, 600);
const kills = numberOption('kills', 5, 1, 100);
const hostileRuns = numberOption('runs', 1000, 1, 1_000_000);
const only = onlyOption();
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const serverJs = path.join(SERVER_DIR, 'dist', 'server.js');

function handleFor(target: BenchTarget): DatabaseHandle {
  return createDatabase(
    target.dialect === 'sqlite'
      ? { kind: 'sqlite', file: target.databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: target.databaseUrl },
    { poolSize: 4 },
  );
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

function halfWritten(check: ShopCheck): number {
  return check.ordersWithoutLines + check.linesWithoutOrder + check.ordersWithoutHistory + check.wrongTotals;
}

interface LoadRow {
  name: string;
  orders: number;
  ordersPerSecond: number;
  callsPerSecond: number;
  p50: number;
  p95: number;
  refused: number;
  unexpected: number;
  lost: number;
  oversold: number;
}

async function load(dialect: 'sqlite' | 'postgres', processes: number): Promise<LoadRow> {
  const target = await createTarget(dialect, BENCH_POSTGRES_URL);
  const jwtSecret = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
  if (processes > 1 && redisUrl) env.REDIS_URL = redisUrl;
  const shops: ShopProcess[] = [];
  let handle: DatabaseHandle | undefined;
  try {
    for (let i = 0; i < processes; i += 1)
      shops.push(
        await ShopProcess.spawn({
          serverJs,
          databaseUrl: target.databaseUrl,
          dataDir: target.dataDir,
          jwtSecret,
          env,
        }),
      );
    await Promise.all(shops.map((s) => s.waitReady(120_000)));
    handle = handleFor(target);
    const fixture = await prepareShop(handle, { buyers: buyerCount, products: 20, hotStock: 200, jwtSecret });
    const urls = shops.map((s) => s.url);
    const buyers = startBuyers(fixture, { urls: () => urls, seed: 900, hotShare: 0.1 });
    const { ledger } = buyers;
    const started = performance.now();
    await sleep(duration * 1000);
    await buyers.stop();
    const seconds = (performance.now() - started) / 1000;
    const check = await checkShop(handle, fixture, ledger);
    const name = `${dialect}${processes > 1 ? `, ${processes} processes${env.REDIS_URL ? ' + Redis' : ''}` : ''}`;
    const row: LoadRow = {
      name,
      orders: ledger.acknowledged.length,
      ordersPerSecond: Math.round((ledger.acknowledged.length / seconds) * 10) / 10,
      callsPerSecond: Math.round(ledger.answered / seconds),
      p50: percentile(ledger.placeOrderMs, 50),
      p95: percentile(ledger.placeOrderMs, 95),
      refused: Object.values(ledger.refused).reduce((a, b) => a + b, 0),
      unexpected: ledger.unexpected.length + ledger.networkErrors,
      lost: check.lost.length + check.wrongLines.length + halfWritten(check),
      oversold: check.stockMismatches.length + check.negativeStock,
    };
    console.log(`  load ${name}: ${row.orders} orders in ${seconds.toFixed(1)} s = ${row.ordersPerSecond}/s`);
    if (ledger.unexpected.length) console.log('  unexpected answers:', ledger.unexpected.slice(0, 5));
    return row;
  } finally {
    await Promise.all(shops.map((s) => s.stop('SIGTERM')));
    await handle?.close();
    await target.cleanup();
  }
}

interface FaultRow {
  dialect: string;
  kills: number;
  inFlight: string;
  restartMs: number;
  orders: number;
  unanswered: number;
  lost: number;
  halfWritten: number;
  stockMismatches: number;
  integrity: string;
}

async function faults(dialect: 'sqlite' | 'postgres'): Promise<FaultRow> {
  const target = await createTarget(dialect, BENCH_POSTGRES_URL);
  const jwtSecret = randomBytes(32).toString('hex');
  let handle: DatabaseHandle | undefined;
  try {
    // Migrate with a first start, then prepare the shop.
    const first = await ShopProcess.start({
      serverJs,
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      jwtSecret,
      env: { LOG_LEVEL: 'warn' },
    });
    await first.stop('SIGTERM');
    handle = handleFor(target);
    const fixture = await prepareShop(handle, { buyers: buyerCount, products: 8, hotStock: 100, jwtSecret });
    const result = await crashRun({
      serverJs,
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      fixture,
      kills,
      ordersBetweenKills: 30,
      seed: 11,
      log: (m) => console.log(`  ${dialect}: ${m}`),
    });
    await result.shop.stop('SIGTERM');
    const check = await checkShop(handle, fixture, result.ledger);
    const integrity = await sqliteIntegrity(handle);
    return {
      dialect,
      kills: result.kills,
      inFlight: result.inFlightAtKills.join('/'),
      restartMs: percentile(result.restartMs, 50),
      orders: result.ledger.acknowledged.length,
      unanswered: result.ledger.unanswered,
      lost: check.lost.length + check.wrongLines.length,
      halfWritten: halfWritten(check) + (check.unacknowledgedInDatabase > result.ledger.unanswered ? 1 : 0),
      stockMismatches: check.stockMismatches.length + check.negativeStock,
      integrity: dialect === 'sqlite' ? `${integrity.integrity}, ${integrity.fkErrors} FK errors` : 'n/a',
    };
  } finally {
    await handle?.close();
    await target.cleanup();
  }
}

async function hostile(): Promise<{ tried: number; serverErrors: number; examples: string[] }> {
  const target = await createTarget('sqlite');
  const jwtSecret = randomBytes(32).toString('hex');
  let shop: ShopProcess | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    shop = await ShopProcess.start({
      serverJs,
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      jwtSecret,
      env: { LOG_LEVEL: 'warn' },
    });
    handle = handleFor(target);
    const fixture = await prepareShop(handle, { buyers: 1, products: 3, jwtSecret });
    const anonymous = await runHostileInputs(shop.url, { runs: Math.ceil(hostileRuns / 2), seed: 9 });
    const signedIn = await runHostileInputs(shop.url, {
      runs: Math.floor(hostileRuns / 2),
      seed: 10,
      token: fixture.buyers[0]!.token,
    });
    return {
      tried: anonymous.tried + signedIn.tried,
      serverErrors: anonymous.serverErrors + signedIn.serverErrors,
      examples: [...anonymous.examples, ...signedIn.examples],
    };
  } finally {
    await shop?.stop('SIGTERM');
    await handle?.close();
    await target.cleanup();
  }
}

async function main(): Promise<void> {
  const machine = () =>
    `${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`;
  console.log(`machine at the start: ${machine()}`);
  await run('npm', ['run', 'build', '-w', '@shop/server'], {});
  const { dialects, skipped } = await databasesToMeasure(only, BENCH_POSTGRES_URL);

  console.log(`load: ${buyerCount} buyers for ${duration} s`);
  const loadRows: LoadRow[] = [];
  for (const dialect of dialects) loadRows.push(await load(dialect, 1));
  if (dialects.includes('postgres')) loadRows.push(await load('postgres', 2));

  console.log(`faults: ${kills} SIGKILLs per database, ${buyerCount} buyers`);
  const faultRows: FaultRow[] = [];
  for (const dialect of dialects) faultRows.push(await faults(dialect));

  console.log(`hostile inputs: ${hostileRuns} requests`);
  const hostileResult = await hostile();

  console.log(`\nmachine at the end: ${machine()}`);
  console.log(
    `\nLoad held: ${buyerCount} buyers, each filling a cart with 1–3 products and ordering, ${duration} s`,
  );
  printMarkdownTable(
    [
      'set-up',
      'orders',
      'orders/s',
      'HTTP calls/s',
      'place-order p50 ms',
      'p95 ms',
      'refused (sold out)',
      'failed calls',
      'lost or half-written',
      'oversold',
    ],
    'lrrrrrrrrr',
    loadRows.map((r) => [
      r.name,
      r.orders,
      r.ordersPerSecond,
      r.callsPerSecond,
      r.p50,
      r.p95,
      r.refused,
      r.unexpected,
      r.lost,
      r.oversold,
    ]),
  );
  console.log(`\nFaults survived: SIGKILL mid-burst (calls in flight), restart on the same database`);
  printMarkdownTable(
    [
      'database',
      'kills',
      'calls in flight at each kill',
      'restart ms (median)',
      'orders answered true',
      'place-orders without answer',
      'lost orders',
      'half-written',
      'stock ≠ initial − ordered',
      'SQLite integrity',
    ],
    'lrlrrrrrrl',
    faultRows.map((r) => [
      r.dialect,
      r.kills,
      r.inFlight,
      r.restartMs,
      r.orders,
      r.unanswered,
      r.lost,
      r.halfWritten,
      r.stockMismatches,
      r.integrity,
    ]),
  );
  console.log(`\nHostile inputs: ${hostileResult.tried} tried, ${hostileResult.serverErrors} answered 5xx`);
  for (const e of hostileResult.examples) console.log(`  ${e}`);

  const failed = [
    ...loadRows
      .filter((r) => r.unexpected > 0 || r.lost > 0 || r.oversold > 0)
      .map(
        (r) =>
          `${r.name}: ${r.unexpected} failed calls, ${r.lost} lost or half-written, ${r.oversold} oversold`,
      ),
    ...faultRows
      .filter(
        (r) =>
          r.lost > 0 ||
          r.halfWritten > 0 ||
          r.stockMismatches > 0 ||
          (!r.integrity.startsWith('ok') && r.integrity !== 'n/a'),
      )
      .map(
        (r) =>
          `${r.dialect} faults: ${r.lost} lost, ${r.halfWritten} half-written, ${r.stockMismatches} stock mismatches, integrity ${r.integrity}`,
      ),
    ...(hostileResult.serverErrors > 0 ? [`hostile inputs: ${hostileResult.serverErrors} answered 5xx`] : []),
  ];
  finish({ missed: [], failed, skipped });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

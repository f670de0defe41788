/**
 * The parts the fault, scale-out and backup tests and `npm run bench:reliability` share: the built
 * server started as a real child process (killable), a small shop of buyers and products written
 * straight into the database, buyers placing orders in a loop over HTTP while keeping a ledger of
 * every answer, and a check of the database against that ledger.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../src/app-context';
import type { DatabaseHandle } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import { insertBuyer, insertMethods, insertProduct } from '../src/modules/cart/checkout-fixtures';
import { bearerJsonInit, freePort, SERVER_DIR } from './bench-lib';

// ---------------------------------------------------------------------------------------------
// The built server

export interface ServerBuild {
  serverJs: string;
  cliJs: string;
  remove(): void;
}

/**
 * Builds the server with its own build script into a private folder (packages/server/.tmp/...),
 * so that tests running at the same time never start a half-written dist/server.js.
 */
export async function buildServer(): Promise<ServerBuild> {
  const relative = path.join('.tmp', `build-${process.pid}-${randomBytes(3).toString('hex')}`);
  const dir = path.join(SERVER_DIR, relative);
  mkdirSync(dir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], {
      cwd: SERVER_DIR,
      env: { ...process.env, SERVER_BUILD_DIR: relative },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build.mjs exited ${code}`))));
  });
  return {
    serverJs: path.join(dir, 'server.js'),
    cliJs: path.join(dir, 'cli.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ShopProcessOptions {
  serverJs: string;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  /** A fixed port (to restart on the same address); a free one when missing. */
  port?: number;
  env?: NodeJS.ProcessEnv;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One server process: `node dist/server.js` with its own environment. */
export class ShopProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  readonly exited: Promise<ExitResult>;
  private log = '';

  private constructor(options: ShopProcessOptions & { port: number }) {
    this.port = options.port;
    this.url = `http://127.0.0.1:${options.port}`;
    this.child = spawn(process.execPath, [options.serverJs], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        ...options.env,
        PORT: String(options.port),
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        JWT_SECRET: options.jwtSecret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => resolve({ code, signal }));
    });
  }

  /** Starts the process (it does not wait for readiness; see `waitReady`). */
  static async spawn(options: ShopProcessOptions): Promise<ShopProcess> {
    return new ShopProcess({ ...options, port: options.port ?? (await freePort()) });
  }

  /** Starts the process and waits until /api/ready answers 200. */
  static async start(options: ShopProcessOptions, timeoutMs = 60_000): Promise<ShopProcess> {
    const shop = await ShopProcess.spawn(options);
    await shop.waitReady(timeoutMs);
    return shop;
  }

  /** Everything the process printed (pino JSON lines). */
  output(): string {
    return this.log;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async waitReady(timeoutMs = 60_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (!this.running) throw new Error(`server exited before it was ready:\n${this.log}`);
      try {
        const res = await fetch(`${this.url}/api/ready`);
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(50);
    }
    throw new Error(`server not ready after ${timeoutMs} ms:\n${this.log}`);
  }

  /** Sends a signal and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitResult> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// A small shop in the database

export interface ShopProduct {
  id: number;
  sku: string;
  initialStock: number;
}

export interface ShopBuyer {
  index: number;
  customerId: number;
  token: string;
}

export interface ShopFixture {
  jwtSecret: string;
  products: ShopProduct[];
  /** A product with little stock that the buyers race for. */
  hot: ShopProduct;
  buyers: ShopBuyer[];
  paymentMethodId: number;
  shippingMethodCode: string;
}

/**
 * Buyers (customer, user, address, bank transfer allowed, a signed token), `products` products with
 * plenty of stock and one hot product with `hotStock`, written into a migrated database. Orders are
 * picked up by the buyer (no delivery day), so the shop's calendar never refuses one.
 */
export async function prepareShop(
  database: DatabaseHandle,
  options: { buyers: number; products?: number; hotStock?: number; stock?: number; jwtSecret?: string },
): Promise<ShopFixture> {
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const ctx = { config: { jwtSecret }, database, now: () => new Date() } as unknown as AppContext;
  const methods = await insertMethods(database);
  const products: ShopProduct[] = [];
  const stock = options.stock ?? 1_000_000;
  for (let i = 0; i < (options.products ?? 8); i += 1) {
    const p = await insertProduct(database, { stock, prices: [{ price: 10_000 + i * 100 }] });
    products.push({ ...p, initialStock: stock });
  }
  const hotStock = options.hotStock ?? 100;
  const hotRow = await insertProduct(database, { stock: hotStock, prices: [{ price: 99_900 }] });
  const hot = { ...hotRow, initialStock: hotStock };
  const buyers: ShopBuyer[] = [];
  for (let i = 0; i < options.buyers; i += 1) {
    const b = await insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer] });
    buyers.push({ index: i, customerId: b.customerId, token: b.token });
  }
  return {
    jwtSecret,
    products: [...products, hot],
    hot,
    buyers,
    paymentMethodId: methods.bankTransfer,
    shippingMethodCode: 'pickup-customer',
  };
}

// ---------------------------------------------------------------------------------------------
// Buyers placing orders

export interface AcknowledgedOrder {
  orderId: number;
  customerId: number;
  /** SKU → pieces, as the buyer's cart held them when the order was answered `true`. */
  lines: Map<string, number>;
}

export interface Ledger {
  acknowledged: AcknowledgedOrder[];
  /** place-order calls sent without an answer (the process died): each may or may not be an order. */
  unanswered: number;
  /** place-order answered with a list of reasons (e.g. out of stock). */
  refused: Record<string, number>;
  /** Calls that failed on the network (connection refused or reset) — expected while killed. */
  networkErrors: number;
  /** 503 answers (starting or draining) — expected around a restart. */
  unavailable: number;
  /** Any other non-2xx answer: never expected. */
  unexpected: { status: number; body: string; path: string }[];
  /** Every HTTP call answered (of any status). */
  answered: number;
  /** Calls in flight right now. */
  inFlight: number;
  /** Milliseconds of every answered place-order call. */
  placeOrderMs: number[];
}

export function newLedger(): Ledger {
  return {
    acknowledged: [],
    unanswered: 0,
    refused: {},
    networkErrors: 0,
    unavailable: 0,
    unexpected: [],
    answered: 0,
    inFlight: 0,
    placeOrderMs: [],
  };
}

type CallResult = { kind: 'answer'; status: number; json: unknown; text: string } | { kind: 'network' };

async function call(
  ledger: Ledger,
  url: string,
  token: string,
  method: string,
  body?: unknown,
): Promise<CallResult> {
  ledger.inFlight += 1;
  try {
    const res = await fetch(url, {
      ...bearerJsonInit(method, token, body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    ledger.answered += 1;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { kind: 'answer', status: res.status, json, text };
  } catch {
    ledger.networkErrors += 1;
    return { kind: 'network' };
  } finally {
    ledger.inFlight -= 1;
  }
}

export interface BuyerLoopOptions {
  /** The processes to send to; each call picks one at random. */
  urls: () => string[];
  fixture: ShopFixture;
  ledger: Ledger;
  stop: () => boolean;
  /** Chance that an order includes the hot product (0..1). */
  hotShare?: number;
  /** Seeded choice of products and quantities. */
  random?: () => number;
}

/** The fixture's buyers ordering, each in its own buyerLoop, and how to stop them. */
export interface RunningBuyers {
  ledger: Ledger;
  /** Tells every buyer to stop, and settles when all have. */
  stop(): Promise<void>;
}

/**
 * Starts a buyerLoop for every buyer of the fixture, with one ledger; buyer i draws from
 * seededRandom(seed + i).
 */
export function startBuyers(
  fixture: ShopFixture,
  options: Pick<BuyerLoopOptions, 'urls' | 'hotShare'> & { seed: number },
): RunningBuyers {
  const ledger = newLedger();
  let stopped = false;
  const loops = fixture.buyers.map((buyer) =>
    buyerLoop(buyer, {
      urls: options.urls,
      fixture,
      ledger,
      stop: () => stopped,
      hotShare: options.hotShare,
      random: seededRandom(options.seed + buyer.index),
    }),
  );
  return {
    ledger,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** A small deterministic random source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One buyer's loop: put 1–3 products in the cart (set-product-quantity), place the order, again.
 * The buyer keeps its own view of the cart from the answers; after any call without an answer it
 * reads the cart again before going on, so an order answered `true` is recorded with exactly the
 * lines it must contain.
 */
export async function buyerLoop(buyer: ShopBuyer, options: BuyerLoopOptions): Promise<void> {
  const { fixture, ledger } = options;
  const random = options.random ?? Math.random;
  const pick = () => {
    const urls = options.urls();
    return urls[Math.floor(random() * urls.length)]!;
  };
  const plain = fixture.products.filter((p) => p.id !== fixture.hot.id);
  const expected = new Map<string, number>();
  let synced = false;
  let methodsSet = false;
  const unexpected = (res: { status: number; text: string }, p: string) => {
    ledger.unexpected.push({ status: res.status, body: res.text.slice(0, 300), path: p });
  };
  const backOff = () => sleep(20 + random() * 30);

  while (!options.stop()) {
    if (!methodsSet) {
      const base = pick();
      const a = await call(ledger, `${base}/api/cart/shipping-method`, buyer.token, 'PUT', {
        shippingMethodCode: fixture.shippingMethodCode,
      });
      const b = await call(ledger, `${base}/api/cart/payment-method`, buyer.token, 'PUT', {
        paymentMethodId: fixture.paymentMethodId,
      });
      if (a.kind === 'answer' && b.kind === 'answer' && a.status === 200 && b.status === 200) {
        methodsSet = true;
      } else {
        for (const r of [a, b]) {
          if (r.kind === 'answer' && r.status === 503) ledger.unavailable += 1;
          else if (r.kind === 'answer' && r.status !== 200) unexpected(r, 'checkout methods');
        }
        await backOff();
        continue;
      }
    }
    if (!synced) {
      const res = await call(ledger, `${pick()}/api/cart`, buyer.token, 'GET');
      if (res.kind === 'network' || res.status !== 200) {
        if (res.kind === 'answer' && res.status === 503) ledger.unavailable += 1;
        else if (res.kind === 'answer') unexpected(res, '/api/cart');
        await backOff();
        continue;
      }
      expected.clear();
      const cart = res.json as { cartItems: { quantity: number; product: { sku: string } }[] };
      for (const item of cart.cartItems) expected.set(item.product.sku, item.quantity);
      synced = true;
    }

    // Fill the cart.
    const count = 1 + Math.floor(random() * 3);
    let broken = false;
    for (let i = 0; i < count && !broken; i += 1) {
      const product =
        random() < (options.hotShare ?? 0.3) ? fixture.hot : plain[Math.floor(random() * plain.length)]!;
      const quantity = 1 + Math.floor(random() * 3);
      const res = await call(ledger, `${pick()}/api/cart/set-product-quantity`, buyer.token, 'POST', {
        productSku: product.sku,
        quantity,
      });
      if (res.kind === 'answer' && res.status === 200) {
        const answered = (res.json as { quantity: number }).quantity;
        if (answered > 0) expected.set(product.sku, answered);
        else expected.delete(product.sku);
        continue;
      }
      if (res.kind === 'answer' && res.status === 503) ledger.unavailable += 1;
      else if (res.kind === 'answer') unexpected(res, 'set-product-quantity');
      synced = false;
      broken = true;
    }
    if (broken) {
      await backOff();
      continue;
    }
    if (expected.size === 0) continue;

    // Place the order.
    const t0 = performance.now();
    const res = await call(ledger, `${pick()}/api/orders/place-order`, buyer.token, 'POST');
    if (res.kind === 'answer') ledger.placeOrderMs.push(performance.now() - t0);
    if (res.kind === 'network') {
      ledger.unanswered += 1;
      synced = false;
      await backOff();
      continue;
    }
    if (res.status === 503) {
      ledger.unavailable += 1;
      synced = false;
      await backOff();
      continue;
    }
    const body = res.json as { data?: unknown; orderId?: number; removedProducts?: string[] } | null;
    if (res.status === 200 && body?.data === true && typeof body.orderId === 'number') {
      const lines = new Map(expected);
      for (const sku of body.removedProducts ?? []) lines.delete(sku);
      ledger.acknowledged.push({ orderId: body.orderId, customerId: buyer.customerId, lines });
      expected.clear();
      continue;
    }
    if (res.status === 200 && Array.isArray(body?.data)) {
      for (const e of body.data as { error: string }[])
        ledger.refused[e.error] = (ledger.refused[e.error] ?? 0) + 1;
      // Start again with an empty cart (the hot product may be sold out).
      const del = await call(ledger, `${pick()}/api/cart/delete`, buyer.token, 'DELETE');
      if (del.kind === 'answer' && del.status === 200) expected.clear();
      else synced = false;
      continue;
    }
    unexpected(res, 'place-order');
    synced = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The database against the ledger

export interface ShopCheck {
  /** Orders of the fixture's buyers in the database. */
  ordersInDatabase: number;
  acknowledged: number;
  /** Orders answered `true` that are not in the database. Must be 0. */
  lost: number[];
  /** Orders answered `true` whose lines differ from the cart the buyer had. Must be 0. */
  wrongLines: number[];
  /** Orders in the database that were never answered `true` (at most `unanswered`). */
  unacknowledgedInDatabase: number;
  /** Orders without lines, lines without an order, orders without their status history. */
  ordersWithoutLines: number;
  linesWithoutOrder: number;
  ordersWithoutHistory: number;
  /** Orders whose stored line count or pieces differ from their lines. */
  wrongTotals: number;
  /** Products whose stock is not the initial stock minus every piece ordered. */
  stockMismatches: { sku: string; initial: number; ordered: number; stock: number }[];
  negativeStock: number;
  /** Pieces of the hot product sold. */
  hotSold: number;
}

/**
 * How many rows of `table` no row of `other` matches (`table.column = other.otherColumn`): orders
 * without lines, lines without their order and the like. Both tables have an `id` key.
 */
async function countUnmatched(
  db: DatabaseHandle['db'],
  [table, column]: [keyof Database, string],
  [other, otherColumn]: [keyof Database, string],
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM ${sql.table(table)} AS a
    LEFT JOIN ${sql.table(other)} AS b ON ${sql.ref(`b.${otherColumn}`)} = ${sql.ref(`a.${column}`)}
    WHERE b.id IS NULL`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function checkShop(
  database: DatabaseHandle,
  fixture: ShopFixture,
  ledger: Ledger,
): Promise<ShopCheck> {
  const db = database.db;
  const customerIds = fixture.buyers.map((b) => b.customerId);
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'items_count', 'items_pieces'])
    .where('customer_id', 'in', customerIds)
    .execute();
  const items = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.order_id', 'oi.sku', 'oi.quantity', 'oi.product_id'])
    .where('o.customer_id', 'in', customerIds)
    .execute();
  const byOrder = new Map<number, Map<string, number>>();
  for (const item of items) {
    const lines = byOrder.get(item.order_id) ?? new Map<string, number>();
    lines.set(item.sku, (lines.get(item.sku) ?? 0) + Number(item.quantity));
    byOrder.set(item.order_id, lines);
  }
  const inDatabase = new Set(orders.map((o) => o.id));
  const lost: number[] = [];
  const wrongLines: number[] = [];
  const acknowledgedIds = new Set<number>();
  for (const ack of ledger.acknowledged) {
    acknowledgedIds.add(ack.orderId);
    if (!inDatabase.has(ack.orderId)) {
      lost.push(ack.orderId);
      continue;
    }
    const lines = byOrder.get(ack.orderId) ?? new Map<string, number>();
    const same = lines.size === ack.lines.size && [...ack.lines].every(([sku, q]) => lines.get(sku) === q);
    if (!same) wrongLines.push(ack.orderId);
  }
  let wrongTotals = 0;
  for (const order of orders) {
    const lines = byOrder.get(order.id);
    const pieces = lines ? [...lines.values()].reduce((a, b) => a + b, 0) : 0;
    if (lines && (Number(order.items_count) !== lines.size || Number(order.items_pieces) !== pieces))
      wrongTotals += 1;
  }
  // Whole-database checks (not only the fixture's customers): nothing half-written anywhere.
  const withoutLines = await countUnmatched(db, ['orders', 'id'], ['order_items', 'order_id']);
  const orphanLines = await countUnmatched(db, ['order_items', 'order_id'], ['orders', 'id']);
  const withoutHistory = await countUnmatched(db, ['orders', 'id'], ['order_status_history', 'order_id']);
  const ordered = await db
    .selectFrom('order_items')
    .select(['product_id'])
    .select((eb) => eb.fn.sum<number>('quantity').as('pieces'))
    .groupBy('product_id')
    .execute();
  const orderedBy = new Map(ordered.map((r) => [r.product_id, Number(r.pieces)]));
  const stocks = await db
    .selectFrom('products')
    .select(['id', 'sku', 'stock'])
    .where(
      'id',
      'in',
      fixture.products.map((p) => p.id),
    )
    .execute();
  const stockMismatches: ShopCheck['stockMismatches'] = [];
  let negativeStock = 0;
  for (const p of fixture.products) {
    const row = stocks.find((s) => s.id === p.id);
    const stock = Number(row?.stock ?? Number.NaN);
    const sold = orderedBy.get(p.id) ?? 0;
    if (stock < 0) negativeStock += 1;
    if (p.initialStock - sold !== stock)
      stockMismatches.push({ sku: p.sku, initial: p.initialStock, ordered: sold, stock });
  }
  return {
    ordersInDatabase: orders.length,
    acknowledged: ledger.acknowledged.length,
    lost,
    wrongLines,
    unacknowledgedInDatabase: orders.filter((o) => !acknowledgedIds.has(o.id)).length,
    ordersWithoutLines: withoutLines,
    linesWithoutOrder: orphanLines,
    ordersWithoutHistory: withoutHistory,
    wrongTotals,
    stockMismatches,
    negativeStock,
    hotSold: orderedBy.get(fixture.hot.id) ?? 0,
  };
}

/** SQLite's own checks of the file: `integrity_check` says ok and no foreign key points nowhere. */
export async function sqliteIntegrity(
  database: DatabaseHandle,
): Promise<{ integrity: string; fkErrors: number }> {
  if (database.dialect !== 'sqlite') return { integrity: 'ok', fkErrors: 0 };
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
  const fk = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(database.db);
  return { integrity: integrity.rows.map((r) => r.integrity_check).join('; '), fkErrors: fk.rows.length };
}

// ---------------------------------------------------------------------------------------------
// The crash run

export interface CrashRunOptions {
  serverJs: string;
  databaseUrl: string;
  dataDir: string;
  fixture: ShopFixture;
  /** How many SIGKILLs. */
  kills: number;
  /** Orders to wait for after each (re)start before the next kill. */
  ordersBetweenKills: number;
  /** Orders after the last restart before the buyers stop. */
  ordersAfterLastRestart?: number;
  seed?: number;
  log?: (message: string) => void;
}

export interface CrashRunResult {
  ledger: Ledger;
  kills: number;
  /** Calls in flight at the moment of each kill. */
  inFlightAtKills: number[];
  /** How long each restart took until /api/ready (ms). */
  restartMs: number[];
  seconds: number;
  /** The process that is still running after the run (the caller stops it). */
  shop: ShopProcess;
}

/**
 * Buyers order in a loop against one server process; after every `ordersBetweenKills` orders the
 * process is killed with SIGKILL while calls are in flight, and started again on the same
 * database and port. Returns the ledger for `checkShop`.
 */
export async function crashRun(options: CrashRunOptions): Promise<CrashRunResult> {
  const port = await freePort();
  const startShop = () =>
    ShopProcess.start({
      serverJs: options.serverJs,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      jwtSecret: options.fixture.jwtSecret,
      port,
      env: { LOG_LEVEL: 'warn' },
    });
  let shop = await startShop();
  const started = performance.now();
  const random = seededRandom(options.seed ?? 1);
  const buyers = startBuyers(options.fixture, { urls: () => [shop.url], seed: (options.seed ?? 1) * 1000 });
  const { ledger } = buyers;
  const waitOrders = async (n: number) => {
    const target = ledger.acknowledged.length + n;
    const end = Date.now() + 60_000;
    while (ledger.acknowledged.length < target) {
      if (Date.now() > end)
        throw new Error(
          `no progress: ${JSON.stringify({ ...ledger, acknowledged: ledger.acknowledged.length })}`,
        );
      await sleep(5);
    }
  };
  const inFlightAtKills: number[] = [];
  const restartMs: number[] = [];
  try {
    for (let k = 0; k < options.kills; k += 1) {
      await waitOrders(options.ordersBetweenKills);
      // Kill at a moment with calls in flight (mid-burst), with a little randomness.
      await sleep(random() * 20);
      const end = Date.now() + 5_000;
      while (ledger.inFlight === 0 && Date.now() < end) await sleep(1);
      inFlightAtKills.push(ledger.inFlight);
      shop.child.kill('SIGKILL');
      const exit = await shop.exited;
      if (exit.signal !== 'SIGKILL')
        throw new Error(`server exited with ${JSON.stringify(exit)}, not SIGKILL`);
      options.log?.(`kill ${k + 1}: SIGKILL with ${inFlightAtKills[k]} calls in flight`);
      const t0 = performance.now();
      shop = await startShop();
      restartMs.push(Math.round(performance.now() - t0));
    }
    await waitOrders(options.ordersAfterLastRestart ?? options.ordersBetweenKills);
  } catch (error) {
    const stopping = buyers.stop();
    await shop.stop('SIGKILL');
    await stopping;
    throw error;
  } finally {
    await buyers.stop();
  }
  return {
    ledger,
    kills: inFlightAtKills.length,
    inFlightAtKills,
    restartMs,
    seconds: Math.round(performance.now() - started) / 1000,
    shop,
  };
}

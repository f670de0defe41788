/**
 * npm run bench:cpu — the server's CPU time per catalogue request, a figure that does not depend on how
 * busy the machine is (unlike latency). Starts the built server on a database, sends a fixed number of
 * requests per scenario with a few connections, and reads the server process's user + system CPU time
 * (/proc/<pid>/stat, Linux) before and after: CPU ms per request = difference / requests.
 * SQLite's work runs in the server's process. On PostgreSQL (--db postgres://…) a second column adds
 * the CPU time of every process named `postgres` on the machine (/proc/<pid>/stat; the database server
 * must run on this machine, and nothing else should use it meanwhile), per request.
 *
 * Options: --db URL (an existing, seeded database; default: a fresh SQLite database with the demo data
 * and --products generated products), --products N (default 100000), --requests N per scenario
 * (default 400), --connections N (default 4), --scenarios catalogue,cart (default both: the catalogue's
 * reads; the demo customer's cart: POST /api/cart/set-product-quantity on a cart of 2 lines, as
 * bench:checkout's buyers have, and of 20 lines, and GET /api/cart of 20 lines).
 * There is no target figure; it exits 1 when a request failed (non-2xx, error or timeout), and names
 * the database it did not measure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  fetchJson,
  listOption,
  type BenchTarget,
  demoCustomerToken,
  numberOption,
  seedLargeCatalogue,
  startServer,
} from './bench-lib';
import { finish, judgeCpu } from './bench-verdict';

const products = numberOption('products', 100_000);
const requests = numberOption('requests', 400, 10, 1_000_000);
const connections = numberOption('connections', 4, 1, 100);
const dbIndex = process.argv.indexOf('--db');
const existingDb = dbIndex >= 0 ? process.argv[dbIndex + 1] : undefined;
const groups = listOption(
  'scenarios',
  ['catalogue', 'cart'],
  ['catalogue', 'cart'],
  'catalogue, cart or catalogue,cart',
);

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU ms of a process so far. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state(0) ... utime is field 14 of the whole line = index 11 here, stime 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** User + system CPU ms so far of every process named `postgres` on this machine, by process id. */
function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        byPid.set(Number(entry), cpuMs(Number(entry)));
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU ms between two snapshots: each process's growth, a new process's whole time. A
 * process that ended meanwhile is left out (its last moments are lost, never counted negative).
 */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** A request of a scenario: GET with headers, or a POST whose JSON body `body(i)` gives per request. */
interface Scenario {
  name: string;
  url: string;
  headers: Record<string, string>;
  body?: (i: number) => unknown;
}

async function fire(scenario: Scenario, amount: number): Promise<number> {
  const { url, headers, body } = scenario;
  let counter = 0;
  const result = await autocannon({
    url,
    headers,
    connections,
    amount,
    ...(body
      ? {
          requests: [
            {
              method: 'POST' as const,
              setupRequest: (request: autocannon.Request) => {
                counter += 1;
                return {
                  ...request,
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify(body(counter)),
                };
              },
            },
          ],
        }
      : {}),
  });
  return result.non2xx + result.errors + result.timeouts;
}

async function send(scenario: Scenario, i: number): Promise<Response> {
  const { url, headers, body } = scenario;
  return body
    ? fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      })
    : fetch(url, { headers });
}

/**
 * SKUs of `count` listed products whose quantity is never corrected (priced, orderable, no minimum or
 * maximum, plenty of stock; a step may round the quantity, as in the seeded catalogue), for the cart scenarios.
 */
async function plainSkus(base: string, headers: Record<string, string>, count: number): Promise<string[]> {
  const skus: string[] = [];
  for (let page = 1; page <= 20 && skus.length < count; page += 1) {
    const listed = await fetchJson<{
      products: {
        sku: string;
        stock: number;
        isActive: boolean;
        isOrderable: boolean;
        currentPrice: number | null;
        minOrderQuantity: string | null;
        maxOrderQuantity: string | null;
        orderQuantityStep: number;
      }[];
    }>(`${base}/products/all?currentPage=${page}&productsPerPage=100`, { headers });
    for (const p of listed.products) {
      if (
        skus.length < count &&
        p.isActive &&
        p.isOrderable &&
        p.currentPrice !== null &&
        p.stock >= 20 &&
        p.minOrderQuantity === null &&
        p.maxOrderQuantity === null
      )
        skus.push(p.sku);
    }
  }
  if (skus.length < count) throw new Error(`only ${skus.length} products fit the cart scenarios`);
  return skus;
}

async function main(): Promise<void> {
  let target: BenchTarget;
  if (existingDb) {
    const dataDir = existingDb.startsWith('sqlite:')
      ? path.dirname(existingDb.slice('sqlite:'.length))
      : mkdtempSync(path.join(tmpdir(), 'cpu-cost-'));
    target = {
      dialect: existingDb.startsWith('sqlite:') ? 'sqlite' : 'postgres',
      databaseUrl: existingDb,
      dataDir,
      async cleanup() {},
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cpu-cost-'));
    target = {
      dialect: 'sqlite',
      databaseUrl: `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
      dataDir,
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    await seedLargeCatalogue(target, products);
  }
  const server = await startServer(target);
  const rows: { name: string; failures: number }[] = [];
  try {
    const base = `${server.url}/api`;
    const customer = { authorization: `Bearer ${await demoCustomerToken(base)}`, 'accept-language': 'hu' };
    const anonymous = { 'accept-language': 'hu' };
    const scenarios: (Scenario & { prepare?: () => Promise<void> })[] = [];
    if (groups.has('catalogue')) {
      const categories = await fetchJson<{ data: { slug: string; children?: { slug: string }[] }[] }>(
        `${base}/categories`,
      );
      const main = categories.data.find((c) => (c.children ?? []).length > 0) ?? categories.data[0];
      const first = await fetchJson<{
        products: {
          sku: string;
          productDetails: { name: string }[];
          packSizes: { barcode: string | null }[];
        }[];
        count: number;
      }>(`${base}/products/all?currentPage=1&productsPerPage=50`, { headers: customer });
      const sample = first.products.find((p) => p.packSizes.some((s) => s.barcode)) ?? first.products[0];
      const word =
        (sample?.productDetails[0]?.name ?? 'kave').split(/\s+/).find((w) => w.length >= 4) ?? 'kave';
      const barcode = sample?.packSizes.find((s) => s.barcode)?.barcode ?? '5990000000000';
      const deep = Math.max(1, Math.floor(first.count / 100));
      const q = encodeURIComponent(word);
      const reads: [string, string, Record<string, string>][] = [
        ['listing page 1 (customer)', '/products/all?currentPage=1&productsPerPage=50', customer],
        ['listing page 1 (anonymous)', '/products/all?currentPage=1&productsPerPage=50', anonymous],
        [`listing deep page ${deep}`, `/products/all?currentPage=${deep}&productsPerPage=50`, customer],
        [
          'category page 1',
          `/products/all?currentPage=1&productsPerPage=50&mainCategorySlug=${main?.slug ?? ''}`,
          customer,
        ],
        [
          'search all',
          `/products/search?searchType=all&searchString=${q}&currentPage=1&productsPerPage=50`,
          customer,
        ],
        [
          'search name',
          `/products/search?selectType=simple&searchType=products-by-name&searchString=${q}`,
          customer,
        ],
        [
          'search barcode exact',
          `/products/search?selectType=simple&searchType=products-by-barcode-exact&searchString=${barcode}`,
          customer,
        ],
        [
          'search name exact',
          `/products/search?selectType=simple&searchType=products-by-name-exact&searchString=${q}`,
          customer,
        ],
        ['categories', '/categories', customer],
        [
          'search categories',
          `/categories/search?searchString=${encodeURIComponent(word.slice(0, 4))}`,
          customer,
        ],
      ];
      for (const [name, route, headers] of reads) scenarios.push({ name, url: `${base}${route}`, headers });
    }
    if (groups.has('cart')) {
      const skus = await plainSkus(base, customer, 20);
      const setQuantity = `${base}/cart/set-product-quantity`;
      const fill = async (lines: readonly string[]) => {
        const emptied = await fetch(`${base}/cart/delete`, { method: 'DELETE', headers: customer });
        if (!emptied.ok) throw new Error(`DELETE /api/cart/delete answered ${emptied.status}`);
        for (const sku of lines) {
          const res = await send(
            {
              name: 'fill',
              url: setQuantity,
              headers: customer,
              body: () => ({ productSku: sku, quantity: 1 }),
            },
            0,
          );
          if (!res.ok) throw new Error(`set-product-quantity answered ${res.status}: ${await res.text()}`);
        }
      };
      // As bench:checkout's buyers: two SKUs in turn, 1 to 5 pieces.
      scenarios.push({
        name: 'set-product-quantity, cart of 2 lines',
        url: setQuantity,
        headers: customer,
        body: (i) => ({ productSku: skus[i % 2], quantity: 1 + (i % 5) }),
        prepare: () => fill(skus.slice(0, 2)),
      });
      scenarios.push({
        name: 'set-product-quantity, cart of 20 lines',
        url: setQuantity,
        headers: customer,
        body: (i) => ({ productSku: skus[(i * 7) % 20], quantity: 1 + (i % 5) }),
        prepare: () => fill(skus),
      });
      scenarios.push({ name: 'GET /api/cart, 20 lines', url: `${base}/cart`, headers: customer });
    }
    const pid = server.pid;
    console.log(`CPU per request: ${requests} requests per scenario, ${connections} connections`);
    const onPostgres = target.dialect === 'postgres';
    console.log(
      `| scenario | server CPU ms/request |${onPostgres ? ' PostgreSQL CPU ms/request |' : ''} JSON characters |`,
    );
    console.log(`|---|---:|${onPostgres ? '---:|' : ''}---:|`);
    for (const scenario of scenarios) {
      await scenario.prepare?.();
      const first = await send(scenario, 0);
      const bytes = (await first.text()).length;
      // warm up (JIT, caches)
      const warmupFailures = (first.ok ? 0 : 1) + (await fire(scenario, Math.min(100, requests)));
      const before = cpuMs(pid);
      const databaseBefore = onPostgres ? postgresCpuMs() : new Map<number, number>();
      const failures = warmupFailures + (await fire(scenario, requests));
      const after = cpuMs(pid);
      const perRequest = (ms: number) => Math.round((ms / requests) * 100) / 100;
      const database = onPostgres ? ` ${perRequest(postgresCpuSince(databaseBefore))} |` : '';
      console.log(
        `| ${scenario.name} | ${perRequest(after - before)} |${database} ${bytes} |${failures ? ` ${failures} failed` : ''}`,
      );
      rows.push({ name: scenario.name, failures });
    }
  } finally {
    await server.stop();
    await target.cleanup();
  }
  const other = target.dialect === 'sqlite' ? 'PostgreSQL' : 'SQLite';
  finish(
    judgeCpu(rows, [
      `${other}: not measured (bench:cpu measures one database: --db URL, default a fresh SQLite)`,
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

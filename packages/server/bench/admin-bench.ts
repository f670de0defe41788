/**
 * npm run bench:admin — the back office's lists on a large database (issue 18 point 5).
 * For SQLite (and PostgreSQL when it answers at BENCH_DATABASE_URL / TEST_DATABASE_URL): creates a fresh
 * database, seeds the demo data, the large catalogue, generated customers and orders
 * (`seed-large --products N --customers N --orders N`), starts the built server in its own process,
 * logs in as the demo admin through /api/admin/auth/login and measures with autocannon (10 connections,
 * a back office has few users at once) the product list (page 1, a deep page, a search by a name word,
 * by SKU, by barcode, the active filter), the customers list (page 1, a search) and the orders list
 * (page 1, a status filter, a customer search). Each scenario first runs --warmup seconds, not counted.
 * Options: --products N (default 100000), --customers N (default 5000), --orders N (default 200000),
 * --duration S (default 8), --warmup S (default 2), --only sqlite|postgres.
 * --database-url URL (with --data-dir DIR): measure an already seeded database instead (a million
 * products take minutes to seed; seed it once with `seed` and `seed-large`), nothing seeded or dropped;
 * the dialect follows the URL, --only is ignored. --no-build: measure packages/server/dist as it is.
 * Exits 1 when a scenario's p95 is 100 ms or more, on either database, or a request failed.
 */
import { cpus, loadavg } from 'node:os';
import {
  demoAdminToken,
  existingTargetOption,
  fetchJson,
  createTarget,
  databasesToMeasure,
  measure,
  printTable,
  run,
  numberOption,
  onlyOption,
  BENCH_POSTGRES_URL,
  withServer,
  withTarget,
} from './bench-lib';
import { finish, judgeAdmin, type AdminRow } from './bench-verdict';

const products = numberOption('products', 100_000);
const customers = numberOption('customers', 5_000, 1, 1_000_000);
const orders = numberOption('orders', 200_000, 1, 10_000_000);
const duration = numberOption('duration', 8, 1, 600);
const warmup = numberOption('warmup', 2, 0, 60);
const only = onlyOption();
const pgUrl = BENCH_POSTGRES_URL;
const existing = existingTargetOption();
const build = !process.argv.includes('--no-build');

const CONNECTIONS = 10;
const PAGE_SIZE = 25;

interface Page<T> {
  total: number;
  totalIsLowerBound?: boolean;
  items: T[];
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<AdminRow[]> {
  const target = existing ?? (await createTarget(dialect, pgUrl));
  const env = { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn' };
  return withTarget(target, async () => {
    const seedStart = Date.now();
    if (existing) console.log(`[${dialect}] measuring the seeded database at ${existing.databaseUrl}`);
    else {
      await run(process.execPath, ['dist/cli.js', 'seed'], env);
      await run(
        process.execPath,
        [
          'dist/cli.js',
          'seed-large',
          '--products',
          String(products),
          '--customers',
          String(customers),
          '--orders',
          String(orders),
        ],
        env,
      );
      console.log(
        `[${dialect}] seeded ${products} products, ${customers} customers, ${orders} orders in ` +
          `${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
      );
    }
    return withServer(target, async (server) => {
      const base = `${server.url}/api`;
      const adminToken = await demoAdminToken(base);
      const headers = { authorization: `Bearer ${adminToken}`, 'accept-language': 'hu' };
      const get = <T>(path: string) => fetchJson<T>(`${base}${path}`, { headers });

      // The searched values come from the data, from the middle of the lists, so they are typical.
      const productPage = await get<Page<{ id: number; sku: string; name: string }>>(
        `/admin/catalogue/products?page=1&pageSize=${PAGE_SIZE}`,
      );
      // The list counts up to 10,001 matches (docs/decisions/0021): past that, the seeded number is the count.
      const productCount = productPage.totalIsLowerBound ? products : productPage.total;
      const deepPage = Math.max(1, Math.floor(productCount / PAGE_SIZE / 2));
      const middle = await get<Page<{ id: number; sku: string; name: string }>>(
        `/admin/catalogue/products?page=${deepPage}&pageSize=${PAGE_SIZE}`,
      );
      const sample = middle.items[0];
      if (!sample) throw new Error('no products in the back office list');
      const word =
        sample.name.split(/\s+/).find((w) => w.length >= 5) ?? sample.name.split(/\s+/)[0] ?? 'kave';
      const detail = await get<{ packSizes?: { barcode: string | null }[] }>(
        `/admin/catalogue/products/${sample.id}`,
      );
      const barcode = detail.packSizes?.find((p) => p.barcode)?.barcode;
      if (!barcode) throw new Error(`product ${sample.sku} has no barcode`);
      const customerPage = await get<Page<{ customerName: string | null }>>(
        `/admin/customers?page=1&pageSize=${PAGE_SIZE}`,
      );
      const orderPage = await get<Page<{ customerName: string }>>(
        `/admin/orders?page=1&pageSize=${PAGE_SIZE}`,
      );
      const someCustomer = orderPage.items[0]?.customerName;
      if (!someCustomer || customerPage.total === 0) throw new Error('no customers or orders in the lists');
      // "Ázsia Jade 1234 Kft." → the number part, which names one customer and a few dozen orders.
      const customerWord = someCustomer.split(/\s+/).find((w) => /^\d+$/.test(w)) ?? someCustomer;
      const e = encodeURIComponent;
      const list = `pageSize=${PAGE_SIZE}`;
      const scenarios: [string, string][] = [
        ['products page 1', `/admin/catalogue/products?page=1&${list}`],
        [`products page ${deepPage}`, `/admin/catalogue/products?page=${deepPage}&${list}`],
        [`products search "${word}"`, `/admin/catalogue/products?q=${e(word)}&page=1&${list}`],
        ['products search SKU', `/admin/catalogue/products?q=${e(sample.sku)}&page=1&${list}`],
        ['products search barcode', `/admin/catalogue/products?q=${e(barcode)}&page=1&${list}`],
        ['products inactive', `/admin/catalogue/products?active=false&page=1&${list}`],
        ['products active page 100', `/admin/catalogue/products?active=true&page=100&${list}`],
        ['customers page 1', `/admin/customers?page=1&${list}`],
        [`customers search "${customerWord}"`, `/admin/customers?q=${e(customerWord)}&page=1&${list}`],
        ['orders page 1', `/admin/orders?page=1&${list}`],
        ['orders page 100', `/admin/orders?page=100&${list}`],
        ['orders status shipped', `/admin/orders?status=shipped&page=1&${list}`],
        [`orders customer "${customerWord}"`, `/admin/orders?customer=${e(customerWord)}&page=1&${list}`],
      ];
      const rows: AdminRow[] = [];
      for (const [name, path] of scenarios) {
        const figures = await measure(`${dialect}: ${name}`, `${base}${path}`, {
          headers,
          duration,
          connections: CONNECTIONS,
          warmup,
        });
        rows.push({ ...figures, dialect });
        console.log(`  ${figures.name}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, ${figures.rps} req/s`);
      }
      return rows;
    });
  });
}

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(`${cpus().length} cores, load average at the start ${load()}`);
  if (build) await run('npm', ['run', 'build', '-w', '@shop/server'], {});
  const { dialects, skipped } = existing
    ? { dialects: [existing.dialect], skipped: [] }
    : await databasesToMeasure(only, pgUrl);
  const rows: AdminRow[] = [];
  for (const dialect of dialects) {
    console.log(`[${dialect}] load average before seeding ${load()}`);
    rows.push(...(await benchDialect(dialect)));
  }
  printTable(
    `Back-office benchmark: ${products} products, ${customers} customers, ${orders} orders, ` +
      `${CONNECTIONS} connections, ${duration} s per scenario`,
    rows,
  );
  console.log(`load average at the end ${load()}`);
  finish(judgeAdmin(rows, skipped));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * npm run bench:catalogue — the catalogue's speed on a 100,000-product database.
 * For SQLite (and PostgreSQL when reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local default):
 * creates a fresh database, seeds the demo data plus the large catalogue, starts the built server in its
 * own process, and measures with autocannon (20 connections) the listing and every search type.
 * Each scenario first runs --warmup seconds of the same load, not counted (the JIT and the caches
 * warm up; the first scenario would otherwise pay for them alone).
 * Options: --products N (default 100000), --duration S (default 8), --warmup S (default 2),
 * --only sqlite|postgres.
 */
import {
  createTarget,
  measure,
  postgresReachable,
  printTable,
  run,
  startServer,
  type Figures,
  numberOption,
  onlyOption,
  BENCH_POSTGRES_URL,
} from './bench-lib';

const products = numberOption('products', 100_000);
const duration = numberOption('duration', 8, 1, 600);
const warmup = numberOption('warmup', 2, 0, 60);
const only = onlyOption();
const pgUrl = BENCH_POSTGRES_URL;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface ProductLite {
  sku: string;
  productDetails: { name: string }[];
  packSizes: { barcode: string | null }[];
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<Figures[]> {
  const target = await createTarget(dialect, pgUrl);
  const env = { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn' };
  try {
    const seedStart = Date.now();
    await run(process.execPath, ['dist/cli.js', 'seed'], env);
    await run(process.execPath, ['dist/cli.js', 'seed-large', '--products', String(products)], env);
    console.log(
      `[${dialect}] seeded ${products} products in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(target);
    try {
      const base = `${server.url}/api`;
      const login = await json<{ access_token: string }>(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailorusername: 'customer@example.com', password: 'customer123' }),
      });
      const headers = { authorization: `Bearer ${login.access_token}`, 'accept-language': 'hu' };
      const categories = await json<{ data: { slug: string; children?: { slug: string }[] }[] }>(
        `${base}/categories`,
      );
      const main = categories.data.find((c) => (c.children ?? []).length > 0) ?? categories.data[0];
      if (!main) throw new Error('no categories');
      const first = await json<{ products: ProductLite[]; count: number }>(
        `${base}/products/all?currentPage=1&productsPerPage=50`,
        { headers },
      );
      const deepPage = Math.max(1, Math.floor(first.count / 50 / 2));
      const sample = first.products.find((p) => p.packSizes.some((s) => s.barcode)) ?? first.products[0];
      if (!sample) throw new Error('no products');
      const word =
        (sample.productDetails[0]?.name ?? 'kave').split(/\s+/).find((w) => w.length >= 4) ?? 'kave';
      const barcode = sample.packSizes.find((s) => s.barcode)?.barcode ?? '5990000000000';
      const q = encodeURIComponent(word);
      const scenarios: [string, string][] = [
        ['listing page 1', `/products/all?currentPage=1&productsPerPage=50`],
        [`listing deep page ${deepPage}`, `/products/all?currentPage=${deepPage}&productsPerPage=50`],
        ['category page 1', `/products/all?currentPage=1&productsPerPage=50&mainCategorySlug=${main.slug}`],
        ['category page 10', `/products/all?currentPage=10&productsPerPage=50&mainCategorySlug=${main.slug}`],
        ['search all', `/products/search?searchType=all&searchString=${q}&currentPage=1&productsPerPage=50`],
        [
          'search name exact',
          `/products/search?selectType=simple&searchType=products-by-name-exact&searchString=${q}`,
        ],
        ['search name', `/products/search?selectType=simple&searchType=products-by-name&searchString=${q}`],
        [
          'search sku',
          `/products/search?selectType=simple&searchType=product-by-sku&searchSku=${encodeURIComponent(sample.sku)}`,
        ],
        [
          'search barcode exact',
          `/products/search?selectType=simple&searchType=products-by-barcode-exact&searchString=${barcode}`,
        ],
        [
          'search barcode',
          `/products/search?selectType=simple&searchType=products-by-barcode&searchString=${barcode.slice(0, 8)}`,
        ],
        ['search categories', `/categories/search?searchString=${encodeURIComponent(word.slice(0, 4))}`],
      ];
      const rows: Figures[] = [];
      for (const [name, path] of scenarios) {
        const figures = await measure(`${dialect}: ${name}`, `${base}${path}`, {
          headers,
          duration,
          connections: 20,
          warmup,
        });
        rows.push(figures);
        console.log(`  ${figures.name}: p95 ${figures.p95} ms, ${figures.rps} req/s`);
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

async function main(): Promise<void> {
  await run('npm', ['run', 'build'], {});
  const rows: Figures[] = [];
  if (only !== 'postgres') rows.push(...(await benchDialect('sqlite')));
  if (only !== 'sqlite') {
    if (await postgresReachable(pgUrl)) rows.push(...(await benchDialect('postgres')));
    else console.log(`PostgreSQL not reachable at ${pgUrl}; skipped`);
  }
  printTable(`Catalogue benchmark: ${products} products, 20 connections, ${duration} s per scenario`, rows);
  const bad = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (bad.length) {
    console.error(`errors in: ${bad.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * npm run bench:catalogue — the catalogue's speed on a 100,000-product database.
 * For SQLite (and PostgreSQL when reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local default):
 * creates a fresh database, seeds the demo data plus the large catalogue, starts the built server in its
 * own process, and measures with autocannon (20 connections) the listing and every search type.
 * Each scenario first runs --warmup seconds of the same load, not counted (the JIT and the caches
 * warm up; the first scenario would otherwise pay for them alone).
 * Options: --products N (default 100000), --duration S (default 8), --warmup S (default 2),
 * --only sqlite|postgres.
 * Exits 1 when a SQLite p95 misses its target (listing under 25 ms, search under 40 ms) or a request
 * failed; a database that was not measured is printed as SKIPPED.
 */
import {
  createTarget,
  databasesToMeasure,
  measure,
  printTable,
  run,
  startServer,
  numberOption,
  onlyOption,
  BENCH_POSTGRES_URL,
} from './bench-lib';
import { finish, judgeCatalogue, type CatalogueRow } from './bench-verdict';

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

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<CatalogueRow[]> {
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
      const scenarios: [string, CatalogueRow['kind'], string][] = [
        ['listing page 1', 'listing', `/products/all?currentPage=1&productsPerPage=50`],
        [
          `listing deep page ${deepPage}`,
          'listing',
          `/products/all?currentPage=${deepPage}&productsPerPage=50`,
        ],
        [
          'category page 1',
          'listing',
          `/products/all?currentPage=1&productsPerPage=50&mainCategorySlug=${main.slug}`,
        ],
        [
          'category page 10',
          'listing',
          `/products/all?currentPage=10&productsPerPage=50&mainCategorySlug=${main.slug}`,
        ],
        [
          'search all',
          'search',
          `/products/search?searchType=all&searchString=${q}&currentPage=1&productsPerPage=50`,
        ],
        [
          'search name exact',
          'search',
          `/products/search?selectType=simple&searchType=products-by-name-exact&searchString=${q}`,
        ],
        [
          'search name',
          'search',
          `/products/search?selectType=simple&searchType=products-by-name&searchString=${q}`,
        ],
        [
          'search sku',
          'search',
          `/products/search?selectType=simple&searchType=product-by-sku&searchSku=${encodeURIComponent(sample.sku)}`,
        ],
        [
          'search barcode exact',
          'search',
          `/products/search?selectType=simple&searchType=products-by-barcode-exact&searchString=${barcode}`,
        ],
        [
          'search barcode',
          'search',
          `/products/search?selectType=simple&searchType=products-by-barcode&searchString=${barcode.slice(0, 8)}`,
        ],
        [
          'search categories',
          'search',
          `/categories/search?searchString=${encodeURIComponent(word.slice(0, 4))}`,
        ],
      ];
      const rows: CatalogueRow[] = [];
      for (const [name, kind, path] of scenarios) {
        const figures = await measure(`${dialect}: ${name}`, `${base}${path}`, {
          headers,
          duration,
          connections: 20,
          warmup,
        });
        rows.push({ ...figures, dialect, kind });
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
  const { dialects, skipped } = await databasesToMeasure(only, pgUrl);
  const rows: CatalogueRow[] = [];
  for (const dialect of dialects) rows.push(...(await benchDialect(dialect)));
  printTable(`Catalogue benchmark: ${products} products, 20 connections, ${duration} s per scenario`, rows);
  finish(judgeCatalogue(rows, skipped));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

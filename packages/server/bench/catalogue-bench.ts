/**
 * npm run bench:catalogue — the catalogue's speed on a 100,000-product database.
 * For SQLite (and PostgreSQL when reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local default):
 * creates a fresh database, seeds the demo data plus the large catalogue, starts the built server in its
 * own process, and measures with autocannon (20 connections) the listing and every search type.
 * Each scenario first runs --warmup seconds of the same load, not counted (the JIT and the caches
 * warm up; the first scenario would otherwise pay for them alone).
 * Then (issue 17 point 6) the same customer gets an assortment of 30 % of the products (30,000 of
 * 100,000; by subcategories above 166,666 products, see assignAssortment) and the listing and the product searches run again ("assortment 30%: ...").
 * Options: --products N (default 100000), --duration S (default 8), --warmup S (default 2),
 * --only sqlite|postgres. --database-url URL with --data-dir DIR: measure an already seeded database
 * (`seed` then `seed-large --products N`, N given as --products too) instead of a fresh one, only that
 * database; --no-build: measure packages/server/dist as it is.
 * Exits 1 when a SQLite p95 misses its target (listing under 25 ms, search under 40 ms) or a request
 * failed; a database that was not measured is printed as SKIPPED.
 */
import {
  demoAdminToken,
  fetchJson,
  createTarget,
  databasesToMeasure,
  demoCustomerToken,
  existingTargetOption,
  largeCatalogueOptions,
  measure,
  numberOption,
  printTable,
  run,
  seedLargeCatalogue,
  withServer,
  withTarget,
} from './bench-lib';
import { readFileSync } from 'node:fs';
import { finish, judgeCatalogue, type CatalogueRow } from './bench-verdict';

const { products, duration, only } = largeCatalogueOptions(100_000);
const warmup = numberOption('warmup', 2, 0, 60);
const existing = existingTargetOption();

interface ProductLite {
  sku: string;
  productDetails: { name: string }[];
  packSizes: { barcode: string | null }[];
}

/**
 * Creates an assortment of 30 % of the large seed's products (SKUs BM0000001 … by number) through
 * the back office and assigns it to the demo customer; answers how many active products it holds.
 */
async function assignAssortment(base: string, count: number): Promise<number> {
  const adminToken = await demoAdminToken(base);
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const found = await fetchJson<{ items: { customerId: number | null }[] }>(
    `${base}/admin/customers?q=${encodeURIComponent('customer@example.com')}`,
    { headers: { authorization: headers.authorization } },
  );
  const customerId = found.items[0]?.customerId;
  if (!customerId) throw new Error('customer@example.com not found');
  // The API takes at most 50,000 SKUs per list (contracts/assortment.ts): 30 % of up to 166,666
  // products is named by SKU, every product whose number ends in 1, 4 or 7, so the listing's scan skips
  // 70 % everywhere. Above that (1,000,000 products) the assortment is made of subcategories, every
  // other one in the back office's order, until they hold 30 % of the products, as a wholesaler
  // would set a restaurant chain's range.
  const target = Math.round(count * 0.3);
  // Named by the time: a seeded database measured again (--database-url) already has an earlier one.
  const name = `Bench 30 % ${new Date().toISOString()}`;
  let body: Record<string, unknown>;
  if (target <= 50_000) {
    const includedSkus: string[] = [];
    for (let n = 1; n <= count; n += 1) {
      if (n % 10 === 1 || n % 10 === 4 || n % 10 === 7) includedSkus.push(`BM${String(n).padStart(7, '0')}`);
    }
    body = { name, includedSkus, customerIds: [customerId] };
  } else {
    const { items } = await fetchJson<{
      items: { id: number; parentId: number | null; productCount: number }[];
    }>(`${base}/admin/catalogue/categories`, { headers: { authorization: headers.authorization } });
    const categoryIds: number[] = [];
    let held = 0;
    const subcategories = items.filter((c) => c.parentId !== null && c.productCount > 0);
    for (const [index, category] of subcategories.entries()) {
      if (held >= target) break;
      if (index % 2 === 1) continue;
      categoryIds.push(category.id);
      held += category.productCount;
    }
    for (const category of subcategories.filter((_, index) => index % 2 === 1)) {
      if (held >= target) break;
      categoryIds.push(category.id);
      held += category.productCount;
    }
    body = { name, categoryIds, customerIds: [customerId] };
  }
  const saved = await fetchJson<{ productCount: number }>(`${base}/admin/assortments`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return saved.productCount;
}

/** Issue 18 point 2: the server's resident memory stays under 1 GB during the run. */
const RSS_LIMIT_MB = 1024;
const peakRss: { dialect: string; mb: number }[] = [];

/** The server process's peak resident set (VmHWM) in MB, read from /proc (Linux). */
function peakResidentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<CatalogueRow[]> {
  const target = existing ?? (await createTarget(dialect));
  return withTarget(target, async () => {
    if (existing) console.log(`[${dialect}] measuring the seeded database at ${existing.databaseUrl}`);
    else await seedLargeCatalogue(target, products);
    return withServer(target, async (server) => {
      const base = `${server.url}/api`;
      const headers = { authorization: `Bearer ${await demoCustomerToken(base)}`, 'accept-language': 'hu' };
      const categories = await fetchJson<{ data: { slug: string; children?: { slug: string }[] }[] }>(
        `${base}/categories`,
      );
      const main = categories.data.find((c) => (c.children ?? []).length > 0) ?? categories.data[0];
      if (!main) throw new Error('no categories');
      const first = await fetchJson<{ products: ProductLite[]; count: number }>(
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
      const measureAll = async (prefix: string, list: typeof scenarios) => {
        for (const [name, kind, path] of list) {
          const figures = await measure(`${dialect}: ${prefix}${name}`, `${base}${path}`, {
            headers,
            duration,
            connections: 20,
            warmup,
          });
          rows.push({ ...figures, dialect, kind });
          console.log(`  ${figures.name}: p95 ${figures.p95} ms, ${figures.rps} req/s`);
        }
      };
      await measureAll('', scenarios);

      // Issue 17 point 6: the same customer with an assortment of 30 % of the large catalogue (every
      // product whose number ends in 1, 4 or 7, so the listing's scan skips 70 % everywhere), then
      // the listing and the searches again. The searched word, SKU and barcode are re-chosen inside
      // the assortment so the searches find something.
      const held = await assignAssortment(base, products);
      console.log(`[${dialect}] assortment of ${held} products assigned to customer@example.com`);
      const inside = await fetchJson<{ products: ProductLite[]; count: number }>(
        `${base}/products/all?currentPage=1&productsPerPage=50`,
        { headers },
      );
      const own = inside.products.find((p) => p.packSizes.some((s) => s.barcode)) ?? inside.products[0];
      if (!own) throw new Error('the assortment shows no products');
      const ownWord = (own.productDetails[0]?.name ?? word).split(/\s+/).find((w) => w.length >= 4) ?? word;
      const ownBarcode = own.packSizes.find((s) => s.barcode)?.barcode ?? barcode;
      // The deep page is the middle of the assortment's own pages (the catalogue's would lie past its end).
      const ownDeepPage = Math.max(1, Math.floor(inside.count / 50 / 2));
      const swap = (path: string) =>
        path
          .replace(`currentPage=${deepPage}&`, `currentPage=${ownDeepPage}&`)
          .replace(`searchString=${q}`, `searchString=${encodeURIComponent(ownWord)}`)
          .replace(`searchSku=${encodeURIComponent(sample.sku)}`, `searchSku=${encodeURIComponent(own.sku)}`)
          .replace(`searchString=${barcode.slice(0, 8)}`, `searchString=${ownBarcode.slice(0, 8)}`)
          .replace(`searchString=${barcode}`, `searchString=${ownBarcode}`);
      await measureAll(
        'assortment 30%: ',
        scenarios
          .filter(([name]) => name !== 'search categories')
          .map(
            ([name, kind, path]) =>
              [name.replace(`deep page ${deepPage}`, `deep page ${ownDeepPage}`), kind, swap(path)] as [
                string,
                CatalogueRow['kind'],
                string,
              ],
          ),
      );
      peakRss.push({ dialect, mb: peakResidentMb(server.pid) });
      return rows;
    });
  });
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) await run('npm', ['run', 'build'], {});
  const { dialects, skipped } = existing
    ? { dialects: [existing.dialect], skipped: [`the other database: not measured (--database-url)`] }
    : await databasesToMeasure(only);
  if (existing) console.log(`SKIPPED ${skipped[0]}`);
  const rows: CatalogueRow[] = [];
  for (const dialect of dialects) rows.push(...(await benchDialect(dialect)));
  printTable(`Catalogue benchmark: ${products} products, 20 connections, ${duration} s per scenario`, rows);
  for (const { dialect, mb } of peakRss) console.log(`[${dialect}] server's peak resident memory: ${mb} MB`);
  const verdict = judgeCatalogue(rows, skipped);
  const overMemory = peakRss
    .filter(({ mb }) => !(mb < RSS_LIMIT_MB))
    .map(({ dialect, mb }) => `${dialect}: peak resident memory ${mb} MB (limit ${RSS_LIMIT_MB} MB)`);
  finish({ ...verdict, missed: [...verdict.missed, ...overMemory] });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

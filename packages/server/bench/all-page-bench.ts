/**
 * npm run bench:all-page — the "all" page (productsPerPage=99999, issue 18 point 6) at 99,999 products.
 * For SQLite (and PostgreSQL when reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local
 * default): creates a fresh database, seeds the demo data plus the large catalogue, starts the built
 * server in its own process and asks for the whole catalogue, anonymous and as the demo customer,
 * plain and gzip, a few times each. Prints per request the time to first byte, the whole time, the
 * bytes, and the server's resident memory (VmRSS from /proc) before, at its peak during, and after.
 * Options: --products N (default 99999), --repeat N (default 3), --only sqlite|postgres.
 * Run `npm run build -w @shop/server` first (the script starts dist/server.js).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import {
  createTarget,
  databasesToMeasure,
  demoCustomerToken,
  largeCatalogueOptions,
  numberOption,
  seedLargeCatalogue,
  withServer,
  withTarget,
} from './bench-lib';

const { products, only } = largeCatalogueOptions(99_999);
const repeat = numberOption('repeat', 3, 1, 50);

/** The resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

interface Sample {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

function fetchAll(url: string, pid: number, headers: Record<string, string>): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 20);
    const start = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    const req = request(url, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - start;
        bytes += chunk.length;
      });
      res.on('end', () => {
        const totalMs = performance.now() - start;
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, rssMb(pid));
        resolve({ firstByteMs, totalMs, bytes, rssBefore, rssPeak, rssAfter: rssMb(pid) });
      });
    });
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.end();
  });
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const target = await createTarget(dialect);
  return withTarget(target, async () => {
    await seedLargeCatalogue(target, products);
    return withServer(target, async (server) => {
      const token = await demoCustomerToken(`${server.url}/api`);
      const url = `${server.url}/api/products/all?currentPage=1&productsPerPage=99999`;
      console.log(`[${dialect}] server resident memory at start: ${rssMb(server.pid).toFixed(0)} MB`);
      const cases: [string, Record<string, string>][] = [
        ['anonymous', { 'accept-language': 'hu' }],
        ['anonymous gzip', { 'accept-language': 'hu', 'accept-encoding': 'gzip' }],
        ['customer', { 'accept-language': 'hu', authorization: `Bearer ${token}` }],
        [
          'customer gzip',
          { 'accept-language': 'hu', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
        ],
      ];
      console.log(
        '| database | caller | run | first byte ms | whole ms | MB sent | RSS before MB | RSS peak MB | RSS after MB |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const [name, headers] of cases) {
        for (let i = 1; i <= repeat; i += 1) {
          const s = await fetchAll(url, server.pid, headers);
          console.log(
            `| ${dialect} | ${name} | ${i} | ${s.firstByteMs.toFixed(0)} | ${s.totalMs.toFixed(0)} | ` +
              `${(s.bytes / 1024 / 1024).toFixed(1)} | ${s.rssBefore.toFixed(0)} | ${s.rssPeak.toFixed(0)} | ` +
              `${s.rssAfter.toFixed(0)} |`,
          );
        }
      }
    });
  });
}

const { dialects } = await databasesToMeasure(only);
for (const dialect of dialects) await benchDialect(dialect);

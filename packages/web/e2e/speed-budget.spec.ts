import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { LAZY_NAMESPACES } from '../src/i18n/namespaces';

/**
 * Speed budget (issue 8): the JavaScript the shop's first page loads is at most 200 KB gzipped.
 * Runs after `npm run build` (the e2e step builds first) on packages/web/dist: the entry script of
 * index.html, its modulepreload links and every module those import statically. Lazy screens,
 * message namespaces and the back office load on demand and are not part of it.
 */
const BUDGET_BYTES = 200 * 1000;
const dist = path.resolve('packages/web/dist');

/** `/assets/x.js` paths the first page loads: entry + modulepreloads + static imports (closure). */
function firstPageScripts(): { entry: string; preloads: string[]; files: string[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*\ssrc="([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const files = new Set<string>();
  const queue = [entry, ...preloads];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`;
    // `import("./x.js")` is a lazy chunk.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] as string));
    }
  }
  return { entry, preloads, files: [...files].sort() };
}

/** Every string leaf of a message file. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [];
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

test('the first page loads at most 200 KB of gzipped JavaScript', () => {
  const { entry, preloads, files } = firstPageScripts();
  expect(files).toContain(entry);
  // Every statically imported chunk is also preloaded, so the browser fetches them in parallel.
  expect(files.filter((file) => file !== entry && !preloads.includes(file))).toEqual([]);

  const sizes = files.map((file) => ({ file, gzip: gzipped(file) }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(
    [
      ...sizes
        .sort((a, b) => b.gzip - a.gzip)
        .map(({ file, gzip }) => `${(gzip / 1000).toFixed(1)} KB  ${file}`),
      `${(total / 1000).toFixed(1)} KB  total of ${files.length} files (budget ${BUDGET_BYTES / 1000} KB)`,
    ].join('\n'),
  );
  expect(files.length).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the back office and the lazy screens are not in the first page', () => {
  const { files } = firstPageScripts();
  const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  // The longest hu message of each lazy namespace and of the back office stays out (hu is the
  // bundled language).
  const messageFiles = [
    ...LAZY_NAMESPACES.map((namespace) => `packages/web/src/i18n/locales/hu/${namespace}.json`),
    'packages/web/src/admin/i18n/hu.json',
  ].filter((file) => existsSync(file));
  expect(messageFiles.length).toBeGreaterThanOrEqual(LAZY_NAMESPACES.length);
  for (const file of messageFiles) {
    const texts = strings(JSON.parse(readFileSync(file, 'utf8')));
    const longest = texts.reduce((a, b) => (b.length > a.length ? b : a), '');
    expect(longest.length, file).toBeGreaterThan(30);
    expect(code.includes(longest), `${file}: "${longest}" in the first page`).toBe(false);
  }
});

test('the shop serves scripts, styles, fonts, icons and images with long-lived caching and compression', async ({
  request,
}) => {
  const home = await request.get('/');
  expect(home.headers()['cache-control']).toBe('no-cache');
  // A page the browser renders names its scripts in the HTML (a server-rendered one loads them
  // from its check script, decision 0016).
  const cart = await request.get('/cart');
  expect(cart.headers()['cache-control']).toBe('no-cache');
  const html = await cart.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
  const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] as string;
  const icon = /rel="icon"[^>]*href="([^"]+)"/.exec(html)?.[1] as string;
  const css = await (await request.get(style)).text();
  const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(css)?.[1] as string;
  const listing = (await (await request.get('/api/products/all?productsPerPage=50')).json()) as {
    products: { image: string | null }[];
  };
  const image = listing.products.find((product) => product.image)?.image as string;
  for (const url of [script, style, icon, font, image]) expect(url, 'an asset of each kind').toBeTruthy();
  // The HTML pages too, rendered or not.
  for (const url of ['/', '/cart']) {
    const page = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding'], url).toBe('br');
  }

  const maxAge = (value: string | undefined) => Number(/max-age=(\d+)/.exec(value ?? '')?.[1] ?? 0);
  const YEAR = 365 * 24 * 3600;
  const DAY = 24 * 3600;
  // Text files above 1 KB are compressed (smaller ones gain nothing); woff2 and raster images are
  // compressed formats already.
  for (const [url, minimum, text] of [
    [script, YEAR, true],
    [style, YEAR, true],
    [font, YEAR, false],
    [icon, DAY, true],
    [image, DAY, image.endsWith('.svg')],
  ] as const) {
    const response = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const headers = response.headers();
    const compressible = text && (await response.body()).length > 1024;
    expect(response.status(), url).toBe(200);
    expect(
      maxAge(headers['cache-control']),
      `${url} cache-control ${headers['cache-control']}`,
    ).toBeGreaterThanOrEqual(minimum);
    if (minimum === YEAR) expect(headers['cache-control'], url).toContain('immutable');
    if (compressible) expect(headers['content-encoding'], `${url} compressed`).toMatch(/^(br|gzip)$/);
  }
});

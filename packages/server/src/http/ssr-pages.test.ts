import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import type { SsrRenderer } from '@shop/shared/ssr/ssr-contract';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-db';
import { testContext } from '../../test/test-config';
import { buildApp } from '../app';
import { DEMO_ACCOUNTS, runDemoSeed } from '../seed/demo-seed';
import {
  createSsrPages,
  encodeHtml,
  guessNarrow,
  SSR_CHECK_SCRIPT,
  SSR_CHECK_SCRIPT_HASH,
} from './ssr-pages';

/**
 * Server-rendered catalogue pages (decision 0016) with the real renderer: the web package's
 * src/ssr/entry-server.tsx is built here (as `npm run build` does) next to a template index.html,
 * and the app renders the demo catalogue from its own API on each database.
 */
const WEB_DIR = fileURLToPath(new URL('../../../web/', import.meta.url));
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const TEMPLATE =
  '<!doctype html><html lang="hu"><head><title>Shop</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/main-abc.js">' +
  '<script type="module" crossorigin src="/assets/boot-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const root = mkdtempSync(path.join(tmpdir(), 'ssr-pages-'));
const webDist = path.join(root, 'dist');

beforeAll(async () => {
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  // A production build, as `npm run build` makes it (the test runner's NODE_ENV is "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
      root: WEB_DIR,
      mode: 'production',
      logLevel: 'silent',
      build: { ssr: 'src/ssr/entry-server.tsx', outDir: path.join(root, 'dist-ssr'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Dehydrated {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

function stateOf(html: string): Dehydrated {
  const json = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}') as Dehydrated;
}

function listingIn(html: string): ProductListResponse {
  const query = stateOf(html).queries.find((item) => item.queryKey[0] === 'products');
  expect(query).toBeDefined();
  return query?.state.data as ProductListResponse;
}

const skusIn = (html: string) => [...html.matchAll(/data-sku="([^"]+)"/g)].map((match) => match[1]);

describe.each(TEST_DIALECTS)('server-rendered pages on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'ssr-data-'));
    await runDemoSeed(testDb.handle.db, { dataDir });
    app = await buildApp(testContext(testDb.handle, { config: { webDistDir: webDist, dataDir } }), {
      logger: process.env.SSR_TEST_LOG ? { level: 'error' } : false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, ...headers } });

  /** The access token of a demo account, logged in through the API. */
  async function tokenOf(account: { email: string; password: string }): Promise<string | undefined> {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailorusername: account.email, password: account.password },
    });
    return login.json<{ access_token?: string }>().access_token;
  }

  /** The first listing page as the token's customer sees it (with prices). */
  async function listingFor(token: string): Promise<ProductListResponse> {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/products/all?productsPerPage=50',
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.json<ProductListResponse>();
  }

  it('renders the home listing into the HTML, with the data it was rendered from', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<div id="root"><div data-ssr>');
    expect(html).toContain('data-ssr-narrow="1"');
    // The app's scripts load after the paint: the check script adds the entry and its preloads,
    // which wait in an inert template.
    expect(html).toContain('data-app-entry="/assets/boot-abc.js"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<template id="app-preloads"><link rel="modulepreload" crossorigin href="/assets/main-abc.js"></template>',
    );
    expect(html.match(/modulepreload/g)).toHaveLength(1);
    const listing = listingIn(html);
    const api = (
      await app.inject({ method: 'GET', url: '/api/products/all?productsPerPage=50' })
    ).json<ProductListResponse>();
    expect(listing.count).toBe(api.count);
    expect(listing.products.map((product) => product.sku)).toEqual(
      api.products.map((product) => product.sku),
    );
    // The first boxes are in the markup (the rest render in the browser, as on any page).
    const skus = skusIn(html);
    expect(skus.length).toBeGreaterThanOrEqual(4);
    expect(skus).toEqual(api.products.slice(0, skus.length).map((product) => product.sku));
    // The styles of the markup, marked for the browser's style cache.
    expect(html).toMatch(/<style data-emotion="css [\w-]+( [\w-]+)+">/);
    // The categories of the sidebar come with it.
    expect(stateOf(html).queries.some((query) => query.queryKey[0] === 'categories')).toBe(true);
  });

  it('lists only the category of a category page', async () => {
    const tree = (await app.inject({ method: 'GET', url: '/api/categories' })).json<{
      data: { slug: string }[];
    }>();
    const slug = tree.data[1]?.slug ?? '';
    expect(slug).not.toBe('');
    const page = await get(`/category/${slug}`, { 'user-agent': DESKTOP });
    expect(page.body).toContain('data-ssr-narrow="0"');
    const api = (
      await app.inject({
        method: 'GET',
        url: `/api/products/all?productsPerPage=50&mainCategorySlug=${slug}`,
      })
    ).json<ProductListResponse>();
    expect(api.count).toBeGreaterThan(0);
    const listing = listingIn(page.body);
    expect(listing.products.map((product) => product.sku)).toEqual(
      api.products.map((product) => product.sku),
    );
    expect(skusIn(page.body).every((sku) => api.products.some((product) => product.sku === sku))).toBe(true);
  });

  it('renders for nobody: a customer token or cookie never puts prices or a cart in the page', async () => {
    const token = (await tokenOf(DEMO_ACCOUNTS.customer)) ?? '';
    const mine = await listingFor(token);
    expect(mine.products.some((product) => product.prices.length > 0)).toBe(true);

    const page = await get('/on-sale-products', {
      authorization: `Bearer ${token}`,
      cookie: `token=${token}`,
    });
    const listing = listingIn(page.body);
    expect(listing.products.length).toBeGreaterThan(0);
    expect(listing.products.every((product) => product.prices.length === 0)).toBe(true);
    expect(stateOf(page.body).queries.some((query) => query.queryKey[0] === 'cart')).toBe(false);
  });

  describe('personal pages (decision 0017)', () => {
    let token: string;
    let sku: string;
    let userKey: string;

    beforeAll(async () => {
      token = (await tokenOf(DEMO_ACCOUNTS.customer)) ?? '';
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        userId: number;
        id: number;
      };
      userKey = `${claims.userId}/${claims.id}`;
      const listing = await listingFor(token);
      const product = listing.products.find(
        (item) => item.prices.length > 0 && item.isOrderable && item.stock > 100 && !item.minOrderQuantity,
      );
      sku = product?.sku ?? '';
      expect(sku).not.toBe('');
      const added = await app.inject({
        method: 'POST',
        url: '/api/cart/set-product-quantity',
        headers: { authorization: `Bearer ${token}` },
        payload: { productSku: sku, quantity: Math.max(1, product?.orderQuantityStep ?? 1) },
      });
      expect(added.statusCode).toBe(200);
    });

    const cookie = (value: string) => ({ cookie: `other=1; shop_session=${encodeURIComponent(value)}` });

    it('renders the cart and the checkout for the account of the session cookie, for it alone', async () => {
      for (const url of ['/cart', '/cart/receipt-and-payment']) {
        const page = await get(url, cookie(token));
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('<div id="root"><div data-ssr>');
        expect(page.body, url).toContain(`data-ssr-user="${userKey}"`);
        // Never stored by a cache, and only for this cookie.
        expect(page.headers['cache-control'], url).toBe('private, no-store');
        expect(page.headers.vary, url).toContain('cookie');
        const cart = stateOf(page.body).queries.find((query) => query.queryKey[0] === 'cart');
        expect(JSON.stringify(cart?.state.data), url).toContain(sku);
        const markup = page.body.slice(
          page.body.indexOf('<div data-ssr>'),
          page.body.indexOf('id="ssr-state"'),
        );
        // The cart lists its lines; the checkout shows their totals.
        expect(markup, url).toContain(url === '/cart' ? sku : 'data-testid="cart-summary"');
      }
      // The same address without the cookie, or with the token only as a bearer header: the plain
      // page, never the one rendered for the customer a moment ago.
      expect((await get('/cart')).body).toBe(TEMPLATE);
      expect((await get('/cart', { authorization: `Bearer ${token}` })).body).toBe(TEMPLATE);
    });

    it('renders nothing personal for a forged, revoked or staff token', async () => {
      const [head, payload] = token.split('.');
      const forged = `${head}.${payload}.${'A'.repeat(43)}`;
      expect((await get('/cart', cookie(forged))).body).toBe(TEMPLATE);
      expect((await get('/cart', cookie('not a token'))).body).toBe(TEMPLATE);
      expect((await get('/cart', { cookie: 'shop_session=%E0%A4%A' })).body).toBe(TEMPLATE);
      // A staff token from the back-office login: valid for the back office, never a shop session.
      const staffLogin = await app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email: DEMO_ACCOUNTS.staff.email, password: DEMO_ACCOUNTS.staff.password },
      });
      expect(staffLogin.statusCode).toBe(200);
      const staffToken = staffLogin.json<{ access_token: string }>().access_token;
      const staffMe = await app.inject({
        method: 'GET',
        url: '/api/admin/auth/me',
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(staffMe.statusCode).toBe(200);
      expect((await get('/cart', cookie(staffToken))).body).toBe(TEMPLATE);
      // Logged out everywhere (the token version moves on): the cookie's token is refused.
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as {
        userId: number;
      };
      await testDb.handle.db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', claims.userId)
        .execute();
      try {
        expect((await get('/cart', cookie(token))).body).toBe(TEMPLATE);
      } finally {
        await testDb.handle.db
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '-', 1) }))
          .where('id', '=', claims.userId)
          .execute();
      }
      expect((await get('/cart', cookie(token))).body).toContain(`data-ssr-user="${userKey}"`);
    });

    it('a personal render only reads: any other call of the page is refused', async () => {
      // What the page's calls were answered, and what the render logged, checked after it.
      const answers: { call: string; status: number; body: unknown }[] = [];
      const logged: unknown[] = [];
      const writing: SsrRenderer = {
        renderPage: async ({ fetch, token: pageToken }) => {
          const headers = { authorization: `Bearer ${pageToken ?? ''}`, 'content-type': 'application/json' };
          for (const [method, url, body] of [
            ['GET', '/api/cart', undefined],
            ['DELETE', '/api/cart/delete', undefined],
            ['POST', '/api/cart/set-product-quantity', JSON.stringify({ productSku: sku, quantity: 0 })],
          ] as const) {
            const answer = await fetch(url, { method, headers, ...(body ? { body } : {}) });
            answers.push({ call: `${method} ${url}`, status: answer.status, body: await answer.json() });
          }
          return null;
        },
      };
      const render = createSsrPages({
        app,
        renderer: writing,
        template: TEMPLATE,
        checkSession: async () => ({ userId: 1, customerId: 1 }),
      });
      const request = {
        url: '/cart',
        headers: cookie(token),
        ip: '127.0.0.1',
        log: { error: (entry: unknown) => logged.push(entry) },
      } as never;
      expect(await render(request)).toBeNull();
      expect(logged).toEqual([]);
      // The read went through; the writes never reached the API.
      expect(answers.map(({ call, status }) => [call, status])).toEqual([
        ['GET /api/cart', 200],
        ['DELETE /api/cart/delete', 405],
        ['POST /api/cart/set-product-quantity', 405],
      ]);
      expect(JSON.stringify(answers[0]?.body)).toContain(sku);
      expect(answers.slice(1).map((answer) => answer.body)).toEqual([
        { error: 'ERR_METHOD_NOT_ALLOWED' },
        { error: 'ERR_METHOD_NOT_ALLOWED' },
      ]);
      const cart = await app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cart.body).toContain(sku);
    });
  });

  it('renders a text search with its six groups already searched', async () => {
    const page = await get('/search?q=kave');
    expect(page.body).toContain('<div data-ssr>');
    const state = stateOf(page.body) as Dehydrated & {
      search?: {
        language: string;
        state: {
          term: string;
          inProgress: boolean;
          products: Record<string, { status: string; items?: { sku: string }[] }>;
        };
      };
    };
    expect(state.search?.language).toBe('hu');
    expect(state.search?.state.term).toBe('kave');
    expect(state.search?.state.inProgress).toBe(false);
    const byName = state.search?.state.products.name;
    expect(byName?.status).toBe('done');
    const api = (
      await app.inject({
        method: 'GET',
        url: '/api/products/search?selectType=simple&searchType=products-by-name&searchString=kave',
      })
    ).json<{ data: { products: { sku: string }[] } }>();
    expect(api.data.products.length).toBeGreaterThan(0);
    expect(byName?.items?.map((product) => product.sku)).toEqual(
      api.data.products.map((product) => product.sku),
    );
    // The rows of the groups are in the markup.
    const markup = page.body.slice(page.body.indexOf('<div data-ssr>'), page.body.indexOf('id="ssr-state"'));
    for (const product of api.data.products) expect(markup).toContain(`>${product.sku}<`);
    // A search by item number is a query like the listing's.
    const bySku = await get(`/search?sku=${api.data.products[0]?.sku ?? ''}`);
    expect(skusIn(bySku.body)).toEqual([api.data.products[0]?.sku]);
  });

  it('sends every other page as the plain index.html', async () => {
    for (const url of ['/cart', '/profile', '/login', '/admin/orders', '/no-such-page']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(TEMPLATE);
    }
  });

  it('answers hostile listing addresses with a page, never an error', async () => {
    for (const url of [
      '/?page=-1&ppp=7',
      '/?page=99999999&ppp=99999',
      '/?manufacturers=%00%3Cscript%3E',
      '/category/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/category/no-such-category/and-sub',
      `/?${'x'.repeat(3000)}=1`,
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('<script>alert(1)');
      expect(page.body, url).toContain('<div id="root">');
    }
  });

  it('allows exactly its inline check script in the Content-Security-Policy', async () => {
    const page = await get('/seasonal-products');
    expect(page.body).toContain(`<script>${SSR_CHECK_SCRIPT}</script>`);
    const hash = `'sha256-${createHash('sha256').update(SSR_CHECK_SCRIPT).digest('base64')}'`;
    expect(hash).toBe(SSR_CHECK_SCRIPT_HASH);
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    // The only other allowance: compiling WebAssembly (the barcode scanner), which is not eval.
    expect(scriptSrc).toBe(`script-src 'self' ${hash} 'wasm-unsafe-eval'`);
  });

  it('compresses the page as the browser accepts it', async () => {
    const plain = (await get('/')).body;
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await get('/', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
    expect(gzip.rawPayload.length).toBeLessThan(plain.length / 4);
    const cart = await get('/cart', { 'accept-encoding': 'identity' });
    expect(cart.headers['content-encoding']).toBeUndefined();
  });
});

describe('server rendering without the database', () => {
  it('guesses the narrow header from phone and tablet user agents', () => {
    expect(guessNarrow(PHONE)).toBe(true);
    expect(guessNarrow('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(true);
    expect(guessNarrow(DESKTOP)).toBe(false);
    expect(guessNarrow(undefined)).toBe(false);
  });

  it('reads Accept-Encoding with its weights', () => {
    const html = 'x'.repeat(5000);
    expect(encodeHtml(html, 'br;q=0, gzip').encoding).toBe('gzip');
    expect(encodeHtml(html, 'BR').encoding).toBe('br');
    expect(encodeHtml(html, 'gzip;q=0.0').encoding).toBeUndefined();
    expect(encodeHtml(html, undefined)).toEqual({ body: html });
    expect(encodeHtml('short', 'br')).toEqual({ body: 'short' });
  });

  it('renders at most maxRendering pages at once; the others get the plain page', async () => {
    const page = { html: '<p>hi</p>', head: '', css: '', cssIds: [], state: '{}' };
    const waiting: (() => void)[] = [];
    const renderer: SsrRenderer = {
      renderPage: () =>
        new Promise((resolve) => {
          waiting.push(() => resolve(page));
        }),
    };
    const app = { inject: () => Promise.reject(new Error('unused')) } as unknown as FastifyInstance;
    const render = createSsrPages({ app, renderer, template: TEMPLATE, cacheMs: 0, maxRendering: 2 });
    const request = (url: string) =>
      ({ url, headers: {}, ip: '127.0.0.1', log: { error: () => undefined } }) as never;
    const first = render(request('/?q=1'));
    const second = render(request('/?q=2'));
    expect(await render(request('/?q=3'))).toBeNull();
    expect(waiting).toHaveLength(2);
    for (const resume of waiting.splice(0)) resume();
    expect((await first)?.html).toContain('<p>hi</p>');
    expect((await second)?.html).toContain('<p>hi</p>');
    // Slots are free again once those are done.
    const fourth = render(request('/?q=4'));
    waiting.splice(0).forEach((resume) => resume());
    expect((await fourth)?.html).toContain('<p>hi</p>');
  });

  it('falls back to the plain page when the renderer fails or declines, and keeps a page a few seconds', async () => {
    let calls = 0;
    const page = { html: '<p>hi</p>', head: '', css: '', cssIds: [], state: '{}' };
    const renderer: SsrRenderer = {
      renderPage: async ({ url }) => {
        calls += 1;
        if (url === '/boom') throw new Error('render failed');
        return url === '/declined' ? null : page;
      },
    };
    const app = { inject: () => Promise.reject(new Error('unused')) } as unknown as FastifyInstance;
    const render = createSsrPages({ app, renderer, template: TEMPLATE, cacheMs: 60_000 });
    const request = (url: string) =>
      ({ url, headers: {}, ip: '127.0.0.1', log: { error: () => undefined } }) as never;
    expect(await render(request('/boom'))).toBeNull();
    expect(await render(request('/declined'))).toBeNull();
    const first = await render(request('/'));
    expect(first?.html).toContain('<div id="root"><div data-ssr><p>hi</p></div></div>');
    expect(first?.personal).toBe(false);
    expect((await render(request('/')))?.html).toBe(first?.html);
    expect(calls).toBe(3);
  });
});

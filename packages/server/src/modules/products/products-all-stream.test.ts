import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema, productListResponseSchema } from '@shop/shared/contracts/products';
import type { Language } from '@shop/shared/i18n/languages';
import { TEST_DIALECTS } from '../../../test/test-db';
import { startTestApp, stopTestApp, type TestApp } from '../../../test/test-app';
import { runLargeSeed } from '../../seed/large-seed';
import * as service from './products.service';

/**
 * The "all" page (productsPerPage=99999, issue 18 point 6) on 20,000 products: streamed in pieces
 * with back-pressure, the same JSON as the pages of 100, compressed when asked. Prints the time to
 * first byte, the whole time and the resident memory growth (bench/all-page-bench.ts does the same
 * at 99,999 products against the built server).
 */
const PRODUCTS = 20_000;
const ALL = '/api/products/all?currentPage=1&productsPerPage=99999';

interface Fetched {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  firstByteMs: number;
  totalMs: number;
  peakRssGrowthMb: number;
}

/** A GET over a real socket, reading as fast as the client can; samples this process's RSS meanwhile. */
function fetchOverHttp(port: number, url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let firstByteMs = -1;
    const chunks: Buffer[] = [];
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - start;
        chunks.push(chunk);
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          firstByteMs,
          totalMs: performance.now() - start,
          peakRssGrowthMb: (peak - rssBefore) / 1024 / 1024,
        });
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.end();
  });
}

interface ListingBody {
  products: { id: number; sku: string }[];
  count: number;
  manufacturers: { id: number }[];
}

describe.each(TEST_DIALECTS)('the streamed "all" page on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-all-stream-'));
    await runLargeSeed(t.testDb.handle.db, { products: PRODUCTS, dataDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 600_000);

  afterAll(async () => {
    await stopTestApp(t?.app, t?.testDb);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every product in the shape and order of the pages of 100, chunked', async () => {
    const pageOf = async (page: number) =>
      (
        await t.app.inject({ url: `/api/products/all?currentPage=${page}&productsPerPage=100` })
      ).json<ListingBody>();
    const first = await pageOf(1);
    // The seed leaves a few products inactive: the listing counts the active ones.
    const active = first.count;
    expect(active).toBeGreaterThan(PRODUCTS * 0.9);

    const answer = await fetchOverHttp(port, ALL);
    expect(answer.status).toBe(200);
    // Streamed: no length known in advance.
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers['content-length']).toBeUndefined();
    const body = productListResponseSchema.parse(JSON.parse(answer.body.toString('utf8'))) as ListingBody;
    expect(body.count).toBe(active);
    expect(body.products).toHaveLength(active);
    expect(new Set(body.products.map((p) => p.id)).size).toBe(active);
    expect(body.manufacturers).toEqual(first.manufacturers);
    expect(body.products.slice(0, 100)).toEqual(first.products);
    const middle = await pageOf(101);
    expect(body.products.slice(10_000, 10_100)).toEqual(middle.products);
    const last = await pageOf(Math.ceil(active / 100));
    expect(body.products.slice(-last.products.length)).toEqual(last.products);

    console.log(
      `[${dialect}] all page, ${PRODUCTS} products, ${(answer.body.length / 1024 / 1024).toFixed(1)} MB: ` +
        `first byte ${answer.firstByteMs.toFixed(0)} ms, whole ${answer.totalMs.toFixed(0)} ms, ` +
        `resident memory growth at most ${answer.peakRssGrowthMb.toFixed(1)} MB`,
    );
    // The first piece leaves before the last product is written.
    expect(answer.firstByteMs).toBeLessThan(answer.totalMs / 2);
  });

  it('compresses the stream when the client accepts gzip', async () => {
    const answer = await fetchOverHttp(port, ALL, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(answer.body).toString('utf8')) as ListingBody;
    expect(body.products).toHaveLength(body.count);
    expect(body.count).toBeGreaterThan(PRODUCTS * 0.9);
    expect(answer.body.length).toBeLessThan(gunzipSync(answer.body).length / 3);
    console.log(
      `[${dialect}] all page gzip: ${(answer.body.length / 1024 / 1024).toFixed(1)} MB on the wire, ` +
        `first byte ${answer.firstByteMs.toFixed(0)} ms, whole ${answer.totalMs.toFixed(0)} ms, ` +
        `resident memory growth at most ${answer.peakRssGrowthMb.toFixed(1)} MB`,
    );
  });

  it('streams a search answer of more than 100 products the same way', async () => {
    const answer = await fetchOverHttp(
      port,
      '/api/products/search?searchType=all&searchString=classic&currentPage=1&productsPerPage=99999',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const body = JSON.parse(answer.body.toString('utf8')) as ListingBody;
    expect(body.count).toBeGreaterThan(100);
    expect(body.products).toHaveLength(body.count);
    const first = (
      await t.app.inject({
        url: '/api/products/search?searchType=all&searchString=classic&currentPage=1&productsPerPage=100',
      })
    ).json<ListingBody>();
    expect(body.products.slice(0, 100)).toEqual(first.products);
  });

  /** What the service answers an anonymous caller for a page of `/api/products/all`. */
  const allListing = (currentPage: string, productsPerPage: string, language: Language) =>
    service.listProducts(
      t.ctx,
      { auth: null, language },
      productListQuerySchema.parse({ currentPage, productsPerPage }),
      'all',
      service.createListingCaches(),
    );

  it('writes no further than the reader takes (back-pressure)', async () => {
    const answer = await allListing('1', '99999', 'hu');
    expect(answer).toBeInstanceOf(Readable);
    const stream = answer as Readable;
    const iterator = stream[Symbol.asyncIterator]();
    const head = (await iterator.next()).value as Buffer;
    expect(head.subarray(0, 13).toString()).toBe('{"products":[');
    // Nobody reads for a while: the stream renders at most up to its high-water mark ahead.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.readableLength).toBeLessThan(2 * 1024 * 1024);
    let total = head.length;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      total += (next.value as Buffer).length;
    }
    // The whole answer is many times what was buffered while nobody read.
    expect(total).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('keeps pages of 100 and fewer as one buffer', async () => {
    const answer = await allListing('3', '100', 'en');
    expect(Buffer.isBuffer(answer)).toBe(true);
    expect((JSON.parse((answer as Buffer).toString()) as ListingBody).products).toHaveLength(100);
  });
});

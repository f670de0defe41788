import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newspaperListResponseSchema, type NewspaperListResponse } from '@shop/shared/contracts/newspapers';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { formatMoney } from '@shop/shared/format/format';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { insertCustomerAccount } from '../../../test/account-fixtures';
import { startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { createAuth } from '../../http/auth';
import { productSvg } from '../../seed/product-image';
import { type CatalogueWorld, createCatalogueWorld, getJson } from '../products/catalogue-test-setup';
import { pdfFonts } from './newspaper-fonts';
import { pdfText, plainSpaces } from './pdf-text.fixture';

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function download(
  app: FastifyInstance,
  url: string,
  options: { token?: string; language?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  return app.inject({ method: 'GET', url, headers });
}

describe.each(TEST_DIALECTS)('special-offer newspapers on %s', (dialect) => {
  let w: CatalogueWorld;

  beforeAll(async () => {
    w = await createCatalogueWorld(dialect);
    // KV-002 gets the shop's generated picture, drawn into the PDF as vectors.
    const imageDir = path.join(w.ctx.config.dataDir, 'images', 'products');
    mkdirSync(imageDir, { recursive: true });
    writeFileSync(
      path.join(imageDir, 'KV-002.svg'),
      productSvg({ name: 'Kávé őrölt', size: '250 g', brand: 'Alfa', color: '#8D6E63', shape: 'bag' }),
    );
    await w.testDb.handle.db
      .updateTable('products')
      .set({ image: '/images/products/KV-002.svg' })
      .where('sku', '=', 'KV-002')
      .execute();
  });
  afterAll(async () => {
    await w.close();
  });

  const onSale = async (token: string, language = 'hu') =>
    (
      await getJson<ProductListResponse>(w.app, '/api/products/all?onSale=true&productsPerPage=100', {
        token,
        language,
      })
    ).body.products;

  describe('access', () => {
    it('every call needs a login', async () => {
      for (const url of [
        '/api/newspapers',
        '/api/newspapers/1/download',
        '/api/newspapers/generated?language=hu',
      ]) {
        const response = await download(w.app, url);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
      }
    });

    it('refuses a bad id and a bad language', async () => {
      expect((await download(w.app, '/api/newspapers/abc/download', { token: w.tokens.a })).statusCode).toBe(
        400,
      );
      const response = await download(w.app, '/api/newspapers/generated?language=de', { token: w.tokens.a });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('ERR_VALIDATION');
    });
  });

  describe('the list', () => {
    it('has the generated newspaper in the request language, valid from today to the first offer’s end', async () => {
      const response = await getJson<NewspaperListResponse>(w.app, '/api/newspapers', {
        token: w.tokens.b,
        language: 'en',
      });
      expect(response.status).toBe(200);
      expect(newspaperListResponseSchema.safeParse(response.body).success).toBe(true);
      expect(response.body.newspapers).toEqual([
        {
          id: null,
          kind: 'generated',
          title: 'Special offer newspaper',
          language: 'en',
          validFrom: '2026-03-15',
          // KV-002's special price ends on 2026-03-31 23:59:59.999Z = 2026-04-01 in Budapest; TE-002's is open.
          validTo: '2026-04-01',
          downloadPath: '/newspapers/generated?language=en',
          fileName: 'special-offers-2026-03-15.pdf',
        },
      ]);
    });

    it('lists uploaded newspapers valid today first, the request language’s before the others', async () => {
      const db = w.testDb.handle.db;
      const rows = [
        {
          title: 'Tavaszi akciók',
          language: 'hu',
          valid_from: '2026-03-01',
          valid_to: '2026-03-31',
          file: 'tavasz.pdf',
        },
        {
          title: 'Spring offers',
          language: 'en',
          valid_from: '2026-03-10',
          valid_to: '2026-03-20',
          file: 'spring.pdf',
        },
        {
          title: 'Lejárt',
          language: 'hu',
          valid_from: '2026-02-01',
          valid_to: '2026-02-28',
          file: 'old.pdf',
        },
        {
          title: 'Jövőbeli',
          language: null,
          valid_from: '2026-04-01',
          valid_to: '2026-04-30',
          file: 'next.pdf',
        },
      ];
      for (const row of rows) {
        await db
          .insertInto('newspapers')
          .values({
            title: row.title,
            language: row.language,
            valid_from: row.valid_from,
            valid_to: row.valid_to,
            file_name: row.file,
            file_path: `newspapers/uploaded/${row.file}`,
            created_at: '2026-03-01T00:00:00.000Z',
          })
          .execute();
      }
      const hu = await getJson<NewspaperListResponse>(w.app, '/api/newspapers', {
        token: w.tokens.a,
        language: 'hu',
      });
      expect(hu.body.newspapers.map((n) => [n.kind, n.title])).toEqual([
        ['uploaded', 'Tavaszi akciók'],
        ['uploaded', 'Spring offers'],
        ['generated', 'Akciós újság'],
      ]);
      const en = await getJson<NewspaperListResponse>(w.app, '/api/newspapers', {
        token: w.tokens.a,
        language: 'en',
      });
      expect(en.body.newspapers.map((n) => n.title)).toEqual([
        'Spring offers',
        'Tavaszi akciók',
        'Special offer newspaper',
      ]);
      const spring = en.body.newspapers[0];
      expect(spring).toMatchObject({
        kind: 'uploaded',
        language: 'en',
        validFrom: '2026-03-10',
        validTo: '2026-03-20',
      });
      expect(spring?.downloadPath).toMatch(/^\/newspapers\/\d+\/download$/);
    });
  });

  describe('downloading an uploaded newspaper', () => {
    it('sends the file from the data folder as a PDF attachment', async () => {
      const dir = path.join(w.ctx.config.dataDir, 'newspapers', 'uploaded');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'tavasz.pdf'), MINIMAL_PDF);
      const list = await getJson<NewspaperListResponse>(w.app, '/api/newspapers', {
        token: w.tokens.a,
        language: 'hu',
      });
      const entry = list.body.newspapers.find((n) => n.title === 'Tavaszi akciók');
      const response = await download(w.app, `/api${entry?.downloadPath}`, { token: w.tokens.a });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="tavasz.pdf"; filename*=UTF-8''tavasz.pdf`,
      );
      expect(response.rawPayload.equals(MINIMAL_PDF)).toBe(true);
    });

    it('answers 404 NOT_FOUND when the file is missing, the id is unknown or the path leaves the data folder', async () => {
      const db = w.testDb.handle.db;
      const escaping = await db
        .insertInto('newspapers')
        .values({
          title: 'Kilógó',
          language: null,
          valid_from: '2026-03-01',
          valid_to: '2026-03-31',
          file_name: 'x.pdf',
          file_path: '../../../etc/hostname',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const spring = await db
        .selectFrom('newspapers')
        .select('id')
        .where('title', '=', 'Spring offers')
        .executeTakeFirstOrThrow();
      for (const id of [spring.id, 999_999, escaping.id]) {
        const response = await download(w.app, `/api/newspapers/${id}/download`, { token: w.tokens.a });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'NOT_FOUND' });
      }
      await db.deleteFrom('newspapers').where('id', '=', escaping.id).execute();
    });
  });

  describe('the generated newspaper', () => {
    it('is a PDF with the on-sale products’ names and the customer’s gross and net prices', async () => {
      const response = await download(w.app, '/api/newspapers/generated?language=hu', { token: w.tokens.b });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('filename="akcios-ujsag-2026-03-15.pdf"');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, title } = await pdfText(response.rawPayload);
      expect(title).toContain('Akciós újság');
      expect(text).toContain('Akciós újság');
      expect(text).toContain('Érvényes: 2026.03.15 – 2026.04.01');
      const products = await onSale(w.tokens.b);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(text).toContain(product.productDetails[0]?.name);
        expect(text).toContain(plainSpaces(formatMoney(product.currentPrice ?? 0)));
        expect(text).toContain(
          `Nettó: ${plainSpaces(formatMoney(netFromGrossMinor(product.currentPrice ?? 0, product.vat)))}`,
        );
      }
      expect(text).toContain('Az akció vége: 2026.04.01');
      // Not on sale: not in the newspaper.
      expect(text).not.toContain('Spagetti');
    });

    it('writes names in the language, Vietnamese and Chinese letters included', async () => {
      const en = await pdfText(
        (await download(w.app, '/api/newspapers/generated?language=en', { token: w.tokens.b })).rawPayload,
      );
      expect(en.text).toContain('Ground coffee 250 g');
      expect(en.text).toContain('Special offer newspaper');
      const vi = await pdfText(
        (await download(w.app, '/api/newspapers/generated?language=vi', { token: w.tokens.b })).rawPayload,
      );
      expect(vi.text).toContain('Cà phê xay 250 g');
      expect(vi.text).toContain('Bản tin khuyến mãi');
      const zh = await pdfText(
        (await download(w.app, '/api/newspapers/generated?language=zh', { token: w.tokens.b })).rawPayload,
      );
      if (pdfFonts().cjk) {
        expect(zh.text).toContain('研磨咖啡 250克');
        expect(zh.text).toContain('特价商品目录');
      } else {
        expect(zh.text).toContain('Kávé őrölt 250 g');
        expect(zh.text).toContain('Special offer newspaper');
      }
    });

    it('uses the language of Accept-Language when none is asked for', async () => {
      const response = await download(w.app, '/api/newspapers/generated', {
        token: w.tokens.b,
        language: 'en',
      });
      expect((await pdfText(response.rawPayload)).text).toContain('Ground coffee 250 g');
    });

    it('has each customer’s own prices and is cached per day and pricing in the data folder', async () => {
      const a = await download(w.app, '/api/newspapers/generated?language=hu', { token: w.tokens.a });
      const textA = (await pdfText(a.rawPayload)).text;
      const onSaleForA = await onSale(w.tokens.a);
      expect(onSaleForA.length).toBeGreaterThan(0);
      for (const product of onSaleForA) {
        expect(textA).toContain(plainSpaces(formatMoney(product.currentPrice ?? 0)));
      }
      const dir = path.join(w.ctx.config.dataDir, 'newspapers', 'generated');
      const files = readdirSync(dir).filter((name) => name.startsWith('2026-03-15-hu-'));
      expect(files).toHaveLength(2); // customer B's (list prices) and customer A's (VIP group, 5 %)
      const again = await download(w.app, '/api/newspapers/generated?language=hu', { token: w.tokens.a });
      expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
      // The agent acts for customer B: same prices, same file.
      const agent = await download(w.app, '/api/newspapers/generated?language=hu', { token: w.tokens.agent });
      const b = await download(w.app, '/api/newspapers/generated?language=hu', { token: w.tokens.b });
      expect(agent.rawPayload.equals(b.rawPayload)).toBe(true);
      expect(readdirSync(dir).filter((name) => name.startsWith('2026-03-15-hu-'))).toHaveLength(2);
    });

    it('is made again on the next day, and the earlier day’s files are removed', async () => {
      const dir = path.join(w.ctx.config.dataDir, 'newspapers', 'generated');
      // 00:30 on 16 March in Budapest; the tokens (signed at noon for 12 hours) are still valid.
      w.ctx.clock.set(new Date('2026-03-15T23:30:00.000Z'));
      try {
        const response = await download(w.app, '/api/newspapers/generated?language=hu', {
          token: w.tokens.b,
        });
        expect(response.statusCode).toBe(200);
        expect((await pdfText(response.rawPayload)).text).toContain('Érvényes: 2026.03.16 – 2026.04.01');
        const names = readdirSync(dir);
        expect(names.length).toBeGreaterThan(0);
        expect(names.every((name) => name.startsWith('2026-03-16-'))).toBe(true);
      } finally {
        w.ctx.clock.set(new Date('2026-03-15T12:00:00.000Z'));
      }
    });
  });
});

describe.each(TEST_DIALECTS)('newspaper errors on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    const { ctx, ...started } = await startTestApp(dialect, { now: new Date('2026-03-15T12:00:00.000Z') });
    ({ testDb, app } = started);
    const account = await insertCustomerAccount(testDb.handle);
    token = await createAuth(ctx).sign(
      {
        userId: account.user.id,
        customerId: account.customer.id,
        isAgent: false,
        role: 'customer',
        tokenVersion: 0,
      },
      false,
    );
  });
  afterAll(() => stopTestApp(app, testDb));

  it('ERR_NO_CATALOGUES when nothing is uploaded and nothing is on sale', async () => {
    for (const url of ['/api/newspapers', '/api/newspapers/generated?language=hu']) {
      const response = await download(app, url, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'ERR_NO_CATALOGUES' });
    }
  });

  it('ERR_GETTING_CATALOGUES when the newspapers cannot be read', async () => {
    await testDb.handle.db.schema.alterTable('newspapers').renameTo('newspapers_away').execute();
    try {
      for (const url of ['/api/newspapers', '/api/newspapers/1/download']) {
        const response = await download(app, url, { token });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'ERR_GETTING_CATALOGUES' });
      }
    } finally {
      await testDb.handle.db.schema.alterTable('newspapers_away').renameTo('newspapers').execute();
    }
  });
});

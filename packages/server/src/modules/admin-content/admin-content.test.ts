import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWSPAPER_MAX_BYTES } from '@shop/shared/contracts/admin-content';
import { TEST_DIALECTS } from '../../../test/test-db';
import { insertProduct } from '../cart/checkout-fixtures';
import { auditRows, crudRequests, expectRefused, okJson } from '../admin-orders/admin-test-fixtures';
import { useAdminTestApp } from '../admin-orders/admin-test-app.fixture';
import { looksLikePdf } from './admin-content.service';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('PDF check', () => {
  it('wants the PDF header and the end-of-file mark', () => {
    expect(looksLikePdf(PDF)).toBe(true);
    expect(looksLikePdf(Buffer.from('%PDF-1.7 but cut off'))).toBe(false);
    expect(looksLikePdf(Buffer.from('<html>%%EOF'))).toBe(false);
    expect(looksLikePdf(Buffer.alloc(0))).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('back-office content on %s', (dialect) => {
  const t = useAdminTestApp(dialect, {
    now: new Date('2025-03-10T10:00:00Z'),
  });

  const ok = okJson;
  const upload = (
    query: string,
    body: Buffer | string,
    token = t.parties.staff.token,
    type = 'application/pdf',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/newspapers?${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload: body,
    });

  it('refuses no token, customers and agents on every content endpoint, changing nothing', async () => {
    const counts = async () => {
      const db = t.testDb.handle.db;
      const [news, pages, papers] = await Promise.all([
        db.selectFrom('news').selectAll().execute(),
        db.selectFrom('content_pages').selectAll().execute(),
        db.selectFrom('newspapers').selectAll().execute(),
      ]);
      return [news.length, pages.length, papers.length];
    };
    const unchanged = async () => {
      expect(await counts()).toEqual([0, 0, 0]);
      expect(await auditRows(t.ctx, 'news')).toEqual([]);
      expect(await auditRows(t.ctx, 'content_page')).toEqual([]);
      expect(await auditRows(t.ctx, 'newspaper')).toEqual([]);
    };
    const news = {
      startsAt: null,
      endsAt: null,
      isActive: true,
      translations: { hu: { title: 'x', description: '' } },
      productSkus: [],
    };
    const page = { path: 'x', sortOrder: 0, translations: { hu: { title: 'x', description: '' } } };
    const paper = { title: 'x', language: null, validFrom: '2025-03-01', validTo: '2025-03-31' };
    const requests = [
      ...crudRequests('news', news, { getOne: true }),
      ...crudRequests('content-pages', page, { getOne: true }),
      { method: 'GET' as const, url: '/api/admin/newspapers' },
      {
        method: 'POST' as const,
        url: '/api/admin/newspapers?title=x&validFrom=2025-03-01&validTo=2025-03-31&fileName=x.pdf',
        payload: PDF,
        headers: { 'content-type': 'application/pdf' },
      },
      { method: 'PUT' as const, url: '/api/admin/newspapers/1', payload: paper },
      { method: 'DELETE' as const, url: '/api/admin/newspapers/1' },
    ];
    for (const request of requests)
      await expectRefused(t.app, t.parties, request, { staffAllowed: true, unchanged });
  });

  it('saves news with translations and linked products, sanitised; the shop shows it at once', async () => {
    const a = await insertProduct(t.testDb.handle, { sku: 'NEWS-A', name: 'Alma' });
    const b = await insertProduct(t.testDb.handle, { sku: 'NEWS-B', name: 'Körte' });
    const body = {
      startsAt: '2025-03-01T00:00:00+01:00',
      endsAt: null,
      isActive: true,
      translations: {
        hu: {
          title: 'Tavaszi <b>akció</b>',
          description: '<p onclick="x()">Új <strong>áruk</strong></p><script>alert(1)</script>',
        },
        en: { title: 'Spring sale', description: '<p>New goods</p>' },
      },
      productSkus: ['NEWS-B', 'NEWS-A'],
    };
    const saved = await ok(await t.call('POST', '/api/admin/news', t.parties.staff.token, body));
    expect(saved).toMatchObject({
      startsAt: '2025-02-28T23:00:00.000Z',
      translations: {
        hu: { title: 'Tavaszi akció', description: '<p>Új <strong>áruk</strong></p>' },
        en: { title: 'Spring sale', description: '<p>New goods</p>' },
      },
      products: [
        { id: b.id, sku: 'NEWS-B', name: 'Körte' },
        { id: a.id, sku: 'NEWS-A', name: 'Alma' },
      ],
    });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/news/current',
      headers: { 'accept-language': 'en' },
    });
    expect(current.json()).toEqual({ title: 'Spring sale', description: '<p>New goods</p>' });

    const missing = await t.call('POST', '/api/admin/news', t.parties.staff.token, {
      ...body,
      productSkus: ['NOPE'],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: 'NOPE' } });
    const noHu = await t.call('POST', '/api/admin/news', t.parties.staff.token, {
      ...body,
      translations: { en: body.translations.en },
    });
    expect(noHu.statusCode).toBe(400);
    const backwards = await t.call('POST', '/api/admin/news', t.parties.staff.token, {
      ...body,
      endsAt: '2025-02-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);

    const id = String(saved.id);
    const updated = await ok(
      await t.call('PUT', `/api/admin/news/${id}`, t.parties.staff.token, {
        ...body,
        isActive: false,
        translations: { hu: body.translations.hu },
        productSkus: ['NEWS-A'],
      }),
    );
    expect(updated).toMatchObject({ isActive: false, products: [{ sku: 'NEWS-A' }] });
    expect(Object.keys(updated.translations as object)).toEqual(['hu']);
    expect((await t.app.inject({ method: 'GET', url: '/api/news/current' })).statusCode).toBe(404);
    const list = (await ok(
      await t.call('GET', '/api/admin/news', t.parties.staff.token),
    )) as unknown as unknown[];
    expect(list).toEqual([
      expect.objectContaining({ title: 'Tavaszi akció', languages: ['hu'], productCount: 1 }),
    ]);
    await ok(await t.call('DELETE', `/api/admin/news/${id}`, t.parties.staff.token));
    expect((await t.call('GET', `/api/admin/news/${id}`, t.parties.staff.token)).statusCode).toBe(404);
    const audit = await auditRows(t.ctx, 'news', id);
    expect(audit.map((row) => row.action)).toEqual(['news.create', 'news.update', 'news.delete']);
    expect(audit[1]?.before).toMatchObject({ isActive: true });
    expect(audit[1]?.after).toMatchObject({ isActive: false });
  });

  it('saves content pages with sanitised HTML; the shop serves them; paths stay unique', async () => {
    const saved = await ok(
      await t.call('POST', '/api/admin/content-pages', t.parties.staff.token, {
        path: 'szallitas',
        sortOrder: 5,
        translations: {
          hu: {
            title: 'Szállítás',
            description:
              '<h2>Díjak</h2><p style="color:red">Ingyenes <a href="javascript:alert(1)">itt</a> és <a href="https://example.com">ott</a></p><img src=x onerror=alert(1)>',
          },
          zh: { title: '配送', description: '<p>免费</p>' },
        },
      }),
    );
    const hu = (saved.translations as { hu: { description: string } }).hu.description;
    expect(hu).toBe(
      '<h2>Díjak</h2><p>Ingyenes <a>itt</a> és <a href="https://example.com" target="_blank" rel="noopener noreferrer">ott</a></p>',
    );
    const shop = await t.app.inject({
      method: 'GET',
      url: '/api/contents/szallitas',
      headers: { 'accept-language': 'zh' },
    });
    expect(shop.json()).toEqual({ title: '配送', description: '<p>免费</p>' });

    const other = await ok(
      await t.call('POST', '/api/admin/content-pages', t.parties.staff.token, {
        path: 'kapcsolat',
        sortOrder: 1,
        translations: { hu: { title: 'Kapcsolat', description: '<p>Hívjon!</p>' } },
      }),
    );
    const clash = await t.call('PUT', `/api/admin/content-pages/${String(other.id)}`, t.parties.staff.token, {
      path: 'szallitas',
      sortOrder: 1,
      translations: { hu: { title: 'Kapcsolat', description: '' } },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'ERR_DUPLICATE', params: { field: 'path' } });
    const badPath = await t.call('POST', '/api/admin/content-pages', t.parties.staff.token, {
      path: '../etc',
      sortOrder: 1,
      translations: { hu: { title: 'x', description: '' } },
    });
    expect(badPath.statusCode).toBe(400);

    const moved = await ok(
      await t.call('PUT', `/api/admin/content-pages/${String(other.id)}`, t.parties.staff.token, {
        path: 'segitseg/kapcsolat',
        sortOrder: 1,
        translations: { hu: { title: 'Kapcsolat', description: '<p>Írjon!</p>' } },
      }),
    );
    expect(moved).toMatchObject({ path: 'segitseg/kapcsolat' });
    expect((await t.app.inject({ method: 'GET', url: '/api/contents/kapcsolat' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/contents/segitseg/kapcsolat' })).json()).toEqual({
      title: 'Kapcsolat',
      description: '<p>Írjon!</p>',
    });
    const list = (await ok(
      await t.call('GET', '/api/admin/content-pages', t.parties.staff.token),
    )) as unknown as { path: string }[];
    expect(list.map((p) => p.path)).toEqual(['segitseg/kapcsolat', 'szallitas']);
    await ok(await t.call('DELETE', `/api/admin/content-pages/${String(saved.id)}`, t.parties.staff.token));
    expect((await t.app.inject({ method: 'GET', url: '/api/contents/szallitas' })).statusCode).toBe(404);
    expect((await auditRows(t.ctx, 'content_page')).map((row) => row.action)).toEqual([
      'content_page.create',
      'content_page.create',
      'content_page.update',
      'content_page.delete',
    ]);
  });

  it('uploads newspaper PDFs with validity dates; refuses other files and oversized ones; the shop lists them', async () => {
    const query =
      'title=M%C3%A1rciusi%20akci%C3%B3k&language=hu&validFrom=2025-03-01&validTo=2025-03-31&fileName=marcius.pdf';
    const notPdf = await upload(query, Buffer.from('<html><body>hi</body></html>'));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toMatchObject({ error: 'ERR_NOT_A_PDF' });
    const wrongType = await upload(query, '{"a":1}', t.parties.staff.token, 'application/json');
    expect(wrongType.statusCode).toBe(415);
    const tooBig = Buffer.alloc(NEWSPAPER_MAX_BYTES + 10, 0x20);
    PDF.copy(tooBig);
    const big = await upload(query, tooBig);
    expect(big.statusCode).toBe(413);
    const badDates = await upload(query.replace('validTo=2025-03-31', 'validTo=2025-02-01'), PDF);
    expect(badDates.statusCode).toBe(400);
    const badName = await upload(query.replace('marcius.pdf', 'marcius.exe'), PDF);
    expect(badName.statusCode).toBe(400);
    expect(await t.testDb.handle.db.selectFrom('newspapers').selectAll().execute()).toEqual([]);

    const saved = await ok(await upload(query, PDF));
    expect(saved).toMatchObject({
      title: 'Márciusi akciók',
      language: 'hu',
      validFrom: '2025-03-01',
      validTo: '2025-03-31',
      fileName: 'marcius.pdf',
      size: PDF.length,
    });
    const row = await t.testDb.handle.db.selectFrom('newspapers').selectAll().executeTakeFirstOrThrow();
    const file = path.join(t.ctx.config.dataDir, row.file_path);
    expect(existsSync(file)).toBe(true);

    const shopList = await t.call('GET', '/api/newspapers', t.parties.customer.token);
    expect(shopList.statusCode, shopList.body).toBe(200);
    expect(shopList.json()).toMatchObject({
      newspapers: [{ id: saved.id, title: 'Márciusi akciók', kind: 'uploaded' }],
    });
    const download = await t.call(
      'GET',
      `/api/newspapers/${String(saved.id)}/download`,
      t.parties.customer.token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Validity moved into the past: the shop no longer offers it.
    await ok(
      await t.call('PUT', `/api/admin/newspapers/${String(saved.id)}`, t.parties.staff.token, {
        title: 'Februári akciók',
        language: '',
        validFrom: '2025-02-01',
        validTo: '2025-02-28',
      }),
    );
    expect((await t.call('GET', '/api/newspapers', t.parties.customer.token)).json()).toEqual({
      error: 'ERR_NO_CATALOGUES',
    });
    await ok(await t.call('DELETE', `/api/admin/newspapers/${String(saved.id)}`, t.parties.staff.token));
    expect(existsSync(file)).toBe(false);
    const audit = await auditRows(t.ctx, 'newspaper', String(saved.id));
    expect(audit.map((a) => a.action)).toEqual(['newspaper.create', 'newspaper.update', 'newspaper.delete']);
    expect(audit[1]?.after).toMatchObject({ title: 'Februári akciók', language: null });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { AppError } from '../../http/app-error';
import { sanitizeContentHtml } from '../../lib/html-sanitizer';
import { CONTENT_PAGES } from '../../seed/demo-content';
import { saveContentPage } from './content.service';

const NOW = new Date('2026-03-15T12:00:00.000Z');

describe.each(TEST_DIALECTS)('content pages on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ testDb, app } = await startTestApp(dialect, { now: NOW }));
    await saveContentPage(
      testDb.handle.db,
      {
        path: 'legal-information',
        sortOrder: 10,
        translations: {
          hu: {
            title: 'Jogi <b>információk</b>',
            description:
              '<h2>Üzemeltető</h2><p onclick="alert(1)">Nagyker Kft.</p><script>alert("x")</script>' +
              '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">rossz</a> <a href="/contact">Kapcsolat</a>',
          },
          en: { title: 'Legal information', description: '<h2>Operator</h2><p>Nagyker Ltd.</p>' },
        },
      },
      NOW,
    );
  });
  afterAll(() => stopTestApp(app, testDb));

  const get = (url: string, language?: string) =>
    app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

  it('answers the page in the request language', async () => {
    const response = await get('/api/contents/legal-information', 'en-US,en;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Legal information',
      description: '<h2>Operator</h2><p>Nagyker Ltd.</p>',
    });
    expect(response.headers.vary).toContain('accept-language');
  });

  it('falls back to Hungarian for a language without a text, and without Accept-Language', async () => {
    for (const language of ['vi', 'zh', undefined]) {
      const response = await get('/api/contents/legal-information', language);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ title: string }>().title).toBe('Jogi információk');
    }
  });

  it('stored the HTML sanitised: no script, no event handler, no javascript: link', async () => {
    const stored = await testDb.handle.db
      .selectFrom('content_page_translations')
      .select(['description'])
      .where('language', '=', 'hu')
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe(
      '<h2>Üzemeltető</h2><p>Nagyker Kft.</p><a>rossz</a> <a href="/contact">Kapcsolat</a>',
    );
    const body = (await get('/api/contents/legal-information')).json<{ description: string }>();
    expect(body.description).toBe(stored.description);
    expect(body.description).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('finds the page with slashes around the path and in other letter case', async () => {
    expect((await get('/api/contents/legal-information/')).statusCode).toBe(200);
    expect((await get('/api/contents/Legal-Information')).statusCode).toBe(200);
  });

  it('answers 404 NOT_FOUND for a missing page, also a nested or encoded path', async () => {
    for (const url of [
      '/api/contents/no-such-page',
      '/api/contents/legal-information/more',
      '/api/contents/%C3%A1rak',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND' });
    }
  });

  it('refuses a path longer than the column', async () => {
    const response = await get(`/api/contents/${'a'.repeat(300)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('ERR_VALIDATION');
  });

  it('updating a page keeps the languages not given and sanitises the new text', async () => {
    await saveContentPage(
      testDb.handle.db,
      {
        path: 'legal-information',
        translations: {
          hu: { title: 'Jogi információk', description: '<p>Új<iframe src="https://x"></iframe></p>' },
        },
      },
      NOW,
    );
    expect((await get('/api/contents/legal-information')).json()).toEqual({
      title: 'Jogi információk',
      description: '<p>Új</p>',
    });
    expect((await get('/api/contents/legal-information', 'en')).json<{ title: string }>().title).toBe(
      'Legal information',
    );
  });

  it('refuses a bad page and changes nothing', async () => {
    const bad = [
      { path: '../etc', translations: { hu: { title: 'x', description: '' } } },
      { path: 'Nagybetu', translations: { hu: { title: 'x', description: '' } } },
      { path: 'no-hungarian', translations: { en: { title: 'x', description: '' } } },
      { path: 'empty-title', translations: { hu: { title: '<b></b>', description: '' } } },
    ];
    for (const input of bad) {
      await expect(saveContentPage(testDb.handle.db, input, NOW)).rejects.toBeInstanceOf(AppError);
    }
    const paths = await testDb.handle.db.selectFrom('content_pages').select('path').execute();
    expect(paths.map((row) => row.path)).toEqual(['legal-information']);
  });
});

describe('the demo content pages', () => {
  it('survive sanitising with their links (http, https, mailto, tel, relative) in every language', () => {
    for (const page of CONTENT_PAGES) {
      for (const language of LANGUAGES) {
        const html = page.texts[language].description;
        const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
        const cleaned = sanitizeContentHtml(html);
        expect([...cleaned.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual(hrefs);
        expect(cleaned.replace(/<[^>]+>/g, '')).toBe(html.replace(/<[^>]+>/g, ''));
      }
    }
  });

  it('the privacy policy describes the page-view tracking and the consent rule in every language', () => {
    const privacy = CONTENT_PAGES.find((page) => page.path === 'privacy-policy');
    expect(privacy).toBeDefined();
    const mentions: Record<string, RegExp[]> = {
      hu: [/Oldalmegtekintések/, /analitikai sütiket/, /12 hónap/],
      en: [/Page views/, /accepted analytics cookies/, /12 months/],
      vi: [/Lượt xem trang/, /cookie phân tích/, /12 tháng/],
      zh: [/页面浏览/, /分析类Cookie/, /12个月/],
    };
    for (const language of LANGUAGES) {
      for (const pattern of mentions[language] ?? []) {
        expect(privacy?.texts[language].description).toMatch(pattern);
      }
    }
  });
});

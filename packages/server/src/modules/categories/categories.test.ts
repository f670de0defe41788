import { describe, expect, it } from 'vitest';
import {
  categorySearchResponseSchema,
  categoryTreeResponseSchema,
  type CategorySearchResult,
  type MainCategory,
} from '@shop/shared/contracts/categories';
import { countingHandle } from '../../../test/query-counter';
import { TEST_DIALECTS } from '../../../test/test-db';
import { buildApp } from '../../app';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import { getJson } from '../products/catalogue-test-setup';
import { useCatalogueWorld } from '../products/catalogue-world.fixture';
import { FIXTURE_NOW } from '../products/catalogue.fixture';

describe.each(TEST_DIALECTS)('categories on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  const tree = (language?: string) =>
    getJson<{ data: MainCategory[] }>(w.app, '/api/categories', language ? { language } : {});
  const search = (searchString: string | null, options: { language?: string; token?: string } = {}) =>
    getJson<{ data: CategorySearchResult[] }>(
      w.app,
      `/api/categories/search${searchString === null ? '' : `?${new URLSearchParams({ searchString })}`}`,
      options,
    );

  describe('GET /api/categories', () => {
    it('gives the main categories with their subcategories and active product counts', async () => {
      const { status, body } = await tree();
      expect(status).toBe(200);
      expect(categoryTreeResponseSchema.safeParse(body).success).toBe(true);
      expect(body.data).toEqual([
        {
          slug: 'italok',
          name: 'Italok',
          productCount: 13, // kave 6 + tea 3 + 4 of its own; the inactive coffee is not counted
          children: [
            { slug: 'kave', name: 'Kávé', productCount: 6 },
            { slug: 'tea', name: 'Tea', productCount: 3 },
            { slug: 'teafuvek', name: 'Teafüvek', productCount: 0 },
          ],
        },
        {
          slug: 'elelmiszer',
          name: 'Élelmiszer',
          productCount: 13,
          children: [
            { slug: 'levesek', name: 'Levesek', productCount: 3 },
            { slug: 'tesztak', name: 'Tészták', productCount: 3 },
          ],
        },
        { slug: 'haztartas', name: 'Háztartás', productCount: 4, children: [] },
        { slug: 'ures-kategoria', name: 'Üres kategória', productCount: 0, children: [] },
      ]);
    });

    it('names the categories in the request language, falling back to Hungarian', async () => {
      const en = (await tree('en')).body.data;
      expect(en.map((c) => c.name)).toEqual(['Drinks', 'Food', 'Household', 'Üres kategória']);
      expect(en[0]?.children.map((c) => c.name)).toEqual(['Coffee', 'Tea', 'Herbal teas']);
      const zh = (await tree('zh-CN')).body.data;
      expect(zh[1]?.children.map((c) => c.name)).toEqual(['汤', '面食']);
      expect((await tree('fr')).body.data[0]?.name).toBe('Italok');
    });

    it('counts follow the catalogue once its version changes', async () => {
      const db = w.testDb.handle.db;
      const id = w.fx.productId.get(7)!;
      await db.updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();
      try {
        await bumpCatalogueVersion(db, FIXTURE_NOW);
        const italok = (await tree()).body.data[0]!;
        expect(italok.productCount).toBe(12);
        expect(italok.children[1]).toEqual({ slug: 'tea', name: 'Tea', productCount: 2 });
      } finally {
        await db.updateTable('products').set({ is_active: 1 }).where('id', '=', id).execute();
        await bumpCatalogueVersion(db, FIXTURE_NOW);
      }
      expect((await tree()).body.data[0]?.productCount).toBe(13);
    });
  });

  describe('GET /api/categories/search', () => {
    it('finds a category without accents, with its parent', async () => {
      const { status, body } = await search('kave');
      expect(status).toBe(200);
      expect(categorySearchResponseSchema.safeParse(body).success).toBe(true);
      expect(body.data).toEqual([{ name: 'Kávé', slug: 'kave', parent: { slug: 'italok', name: 'Italok' } }]);
      expect((await search('KÁVÉ')).body.data.map((c) => c.slug)).toEqual(['kave']);
    });

    it('matches names in every language and answers in the request language', async () => {
      expect((await search('coffee', { language: 'en' })).body.data).toEqual([
        { name: 'Coffee', slug: 'kave', parent: { slug: 'italok', name: 'Drinks' } },
      ]);
      expect((await search('coffee')).body.data[0]?.name).toBe('Kávé');
      expect((await search('ca phe')).body.data.map((c) => c.slug)).toEqual(['kave']);
      expect((await search('thao moc')).body.data.map((c) => c.slug)).toEqual(['teafuvek']);
      expect((await search('家居用')).body.data).toEqual([
        { name: 'Háztartás', slug: 'haztartas', parent: null },
      ]);
      expect((await search('soup', { language: 'vi' })).body.data).toEqual([
        { name: 'Súp', slug: 'levesek', parent: { slug: 'elelmiszer', name: 'Thực phẩm' } },
      ]);
    });

    it('ranks exact names before prefixes', async () => {
      expect((await search('tea')).body.data.map((c) => c.slug)).toEqual(['tea', 'teafuvek']);
      expect((await search('ital')).body.data.map((c) => c.slug)).toEqual(['italok']);
      expect((await search('kategoria')).body.data.map((c) => c.slug)).toEqual(['ures-kategoria']);
      expect((await search('nincs ilyen')).body.data).toEqual([]);
    });

    it('finds a renamed category by its new name once the catalogue version changes', async () => {
      const db = w.testDb.handle.db;
      const teaId = (
        await db.selectFrom('categories').select('id').where('slug', '=', 'tea').executeTakeFirstOrThrow()
      ).id;
      const rename = (name: string, searchName: string) =>
        db
          .updateTable('category_translations')
          .set({ name, search_name: searchName })
          .where('category_id', '=', teaId)
          .where('language', '=', 'hu')
          .execute();
      expect((await search('zoldtea')).body.data).toEqual([]);
      await rename('Zöldtea', 'zoldtea');
      try {
        await bumpCatalogueVersion(db, FIXTURE_NOW);
        expect((await search('zoldtea')).body.data).toEqual([
          { name: 'Zöldtea', slug: 'tea', parent: { slug: 'italok', name: 'Italok' } },
        ]);
        expect((await tree()).body.data[0]?.children[1]?.name).toBe('Zöldtea');
      } finally {
        await rename('Tea', 'tea');
        await bumpCatalogueVersion(db, FIXTURE_NOW);
      }
      expect((await search('zoldtea')).body.data).toEqual([]);
    });

    it('a warm search costs the catalogue version alone: with the token check, or one statement', async () => {
      const { handle, counter } = countingHandle(w.testDb.handle);
      const app = await buildApp({ ...w.ctx, database: handle }, { logger: false, outbox: false });
      await app.ready();
      try {
        for (const token of [undefined, w.tokens.a]) {
          await getJson(app, '/api/categories/search?searchString=kave', token ? { token } : {});
          counter.queries = 0;
          const warm = await getJson<{ data: CategorySearchResult[] }>(
            app,
            '/api/categories/search?searchString=kave',
            token ? { token } : {},
          );
          expect(warm.body.data.map((c) => c.slug)).toEqual(['kave']);
          expect(counter.queries).toBe(1);
        }
      } finally {
        await app.close();
      }
    });

    it('allows anonymous visitors and logged-in users alike', async () => {
      expect((await search('tea', { token: w.tokens.a })).status).toBe(200);
      expect((await search('tea', { token: 'bad' })).status).toBe(401);
    });

    it.each([['ka'], ['  ka '], ['饮料'], [''], [null], ['x'.repeat(101)]])(
      'searchString %j → 400 ERR_VALIDATION',
      async (value) => {
        const { status, body } = await search(value);
        expect(status).toBe(400);
        expect(body).toMatchObject({ error: 'ERR_VALIDATION' });
      },
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsProductsResponse } from '@shop/shared/contracts/news';
import { newsProductsResponseSchema } from '@shop/shared/contracts/news';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { TEST_DIALECTS } from '../../../test/test-db';
import { getJson } from '../products/catalogue-test-setup';
import { useCatalogueWorld } from '../products/catalogue-world.fixture';
import { FIXTURE_NOW } from '../products/catalogue.fixture';

const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(FIXTURE_NOW.getTime() + offsetDays * day).toISOString();

describe.each(TEST_DIALECTS)('news on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  async function insertNews(values: {
    startsAt: string | null;
    endsAt: string | null;
    active?: boolean;
    texts: Record<string, { title: string; description: string }>;
    products?: number[];
  }): Promise<number> {
    const db = w.testDb.handle.db;
    const news = await db
      .insertInto('news')
      .values({
        starts_at: values.startsAt,
        ends_at: values.endsAt,
        is_active: values.active === false ? 0 : 1,
        created_at: values.startsAt ?? at(-30),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [language, text] of Object.entries(values.texts)) {
      await db
        .insertInto('news_translations')
        .values({ news_id: news.id, language, ...text })
        .execute();
    }
    for (const [index, n] of (values.products ?? []).entries()) {
      await db
        .insertInto('news_products')
        .values({ news_id: news.id, product_id: w.fx.productId.get(n) ?? 0, sort_order: (index + 1) * 10 })
        .execute();
    }
    return news.id;
  }

  it('answers 404 NOT_FOUND while there is no news item', async () => {
    const response = await getJson(w.app, '/api/news/current');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND' });
  });

  describe('with news items', () => {
    beforeAll(async () => {
      // Not current: inactive, not started yet, ended.
      await insertNews({
        startsAt: at(-1),
        endsAt: null,
        active: false,
        texts: { hu: { title: 'Inaktív', description: 'x' } },
      });
      await insertNews({
        startsAt: at(10),
        endsAt: null,
        texts: { hu: { title: 'Jövőbeli', description: 'x' } },
      });
      await insertNews({
        startsAt: at(-20),
        endsAt: at(-10),
        texts: { hu: { title: 'Lejárt', description: 'x' } },
      });
      // The current one; an older current one loses to it.
      await insertNews({
        startsAt: at(-9),
        endsAt: at(30),
        texts: { hu: { title: 'Régebbi', description: 'x' } },
      });
      await insertNews({
        startsAt: at(-3),
        endsAt: at(3),
        texts: {
          hu: {
            title: 'Új termékek',
            description: '<p>Megérkeztek!</p><script>alert(1)</script><img src=x onerror="alert(2)">',
          },
          en: {
            title: 'New arrivals',
            description: '<p>They are here!</p><a href="javascript:alert(1)">x</a>',
          },
        },
        products: [13, 2, 19, 10],
      });
    });

    it('answers the current item in the request language, sanitised', async () => {
      const response = await getJson(w.app, '/api/news/current', { language: 'en' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ title: 'New arrivals', description: '<p>They are here!</p><a>x</a>' });
    });

    it('falls back to Hungarian', async () => {
      const response = await getJson(w.app, '/api/news/current', { language: 'vi' });
      expect(response.body).toEqual({ title: 'Új termékek', description: '<p>Megérkeztek!</p>' });
    });

    it('follows the clock: after the current item ends, the older current one shows', async () => {
      w.ctx.clock.set(new Date(FIXTURE_NOW.getTime() + 4 * day));
      try {
        expect((await getJson<{ title: string }>(w.app, '/api/news/current')).body.title).toBe('Régebbi');
      } finally {
        w.ctx.clock.set(FIXTURE_NOW);
      }
    });

    it('needs a login for the products', async () => {
      const response = await getJson(w.app, '/api/news/current/products');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'ERR_UNAUTHORIZED' });
    });

    it('answers the active products in their order with the customer’s listing prices', async () => {
      const response = await getJson<NewsProductsResponse>(w.app, '/api/news/current/products', {
        token: w.tokens.a,
        language: 'en',
      });
      expect(response.status).toBe(200);
      expect(newsProductsResponseSchema.safeParse(response.body).success).toBe(true);
      // Product 19 is inactive: left out.
      expect(response.body.products.map((p) => p.sku)).toEqual(['TS-001', 'KV-002', 'LE-001']);
      expect(response.body.products[0]?.productDetails[0]?.name).toBe('Rice noodles');
      const listing = await getJson<ProductListResponse>(w.app, '/api/products/all?productsPerPage=100', {
        token: w.tokens.a,
        language: 'en',
      });
      for (const product of response.body.products) {
        const listed = listing.body.products.find((p) => p.sku === product.sku);
        expect(product).toEqual(listed);
      }
    });

    it('an agent gets the prices of its current address’s customer', async () => {
      const agent = await getJson<NewsProductsResponse>(w.app, '/api/news/current/products', {
        token: w.tokens.agent,
      });
      const customerB = await getJson<NewsProductsResponse>(w.app, '/api/news/current/products', {
        token: w.tokens.b,
      });
      expect(agent.body.products.map((p) => p.currentPrice)).toEqual(
        customerB.body.products.map((p) => p.currentPrice),
      );
      const customerA = await getJson<NewsProductsResponse>(w.app, '/api/news/current/products', {
        token: w.tokens.a,
      });
      expect(customerA.body.products.map((p) => p.currentPrice)).not.toEqual(
        customerB.body.products.map((p) => p.currentPrice),
      );
    });
  });
});

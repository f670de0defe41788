import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PRODUCT_ROW_COLUMNS, type ProductRow } from '../products/products.repository';

type Db = Kysely<Database>;

/**
 * The current news item: active, started (or no start) and not ended (or no end); the one that
 * started last wins, then the newest.
 */
export async function findCurrentNewsId(db: Db, nowIso: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('news')
    .select(['id'])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>=', nowIso)]))
    .orderBy((eb) => eb.fn.coalesce('starts_at', 'created_at'), 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The item's texts in the language and in hu (the fallback). */
export async function findNewsTexts(db: Db, newsId: number, language: string) {
  return db
    .selectFrom('news_translations')
    .select(['language', 'title', 'description'])
    .where('news_id', '=', newsId)
    .where('language', 'in', [...new Set([language, 'hu'])])
    .execute();
}

/** The active products attached to a news item, in their order, as catalogue rows. */
export async function findNewsProductRows(db: Db, newsId: number): Promise<ProductRow[]> {
  return db
    .selectFrom('news_products as np')
    .innerJoin('products as p', 'p.id', 'np.product_id')
    .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
    .select(PRODUCT_ROW_COLUMNS)
    .where('np.news_id', '=', newsId)
    .where('p.is_active', '=', 1)
    .orderBy('np.sort_order')
    .orderBy('p.id')
    .execute();
}

import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { inAssortment } from '../assortments/assortments.repository';

type Db = Kysely<Database>;

/** Categories with their names in the language and in Hungarian (the fallback). */
export async function findCategoriesWithNames(db: Db, language: string, ids?: readonly number[]) {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('category_translations as tl', (join) =>
      join.onRef('tl.category_id', '=', 'c.id').on('tl.language', '=', language),
    )
    .leftJoin('category_translations as th', (join) =>
      join.onRef('th.category_id', '=', 'c.id').on('th.language', '=', 'hu'),
    )
    .select([
      'c.id',
      'c.parent_id',
      'c.slug',
      'c.sort_order',
      'tl.name as name_language',
      'th.name as name_hu',
    ]);
  if (ids !== undefined) {
    if (ids.length === 0) return [];
    query = query.where('c.id', 'in', [...ids]);
  }
  return query.orderBy('c.sort_order').orderBy('c.id').execute();
}

/** Translations (any language) whose folded name contains every word. */
export async function findMatchingTranslations(db: Db, words: readonly string[]) {
  let query = db
    .selectFrom('category_translations as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(['c.id', 'c.parent_id', 't.language', 't.search_name']);
  for (const word of words) query = query.where('t.search_name', 'like', `%${word}%`);
  return query.execute();
}

/** Active products per category (each category on its own); with an assortment, only its products. */
export async function countActiveProductsPerCategory(db: Db, assortmentId: number | null = null) {
  let query = db
    .selectFrom('product_categories as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .select(['pc.category_id'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('p.is_active', '=', 1);
  if (assortmentId !== null) query = query.where(inAssortment('p.id', assortmentId));
  return query.groupBy('pc.category_id').execute();
}

/** Active products per main category: in the main category or any direct subcategory, counted once. */
export async function countActiveProductsPerMainCategory(db: Db, assortmentId: number | null = null) {
  const mainId = sql<number>`coalesce(c.parent_id, c.id)`;
  let query = db
    .selectFrom('product_categories as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(mainId.as('main_id'))
    .select(sql<number>`count(distinct pc.product_id)`.as('count'))
    .where('p.is_active', '=', 1);
  if (assortmentId !== null) query = query.where(inAssortment('p.id', assortmentId));
  return query.groupBy(mainId).execute();
}

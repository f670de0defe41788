import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { inAssortment } from '../assortments/assortments.repository';

type Db = Kysely<Database>;

/** Every category (catalogue order) and every translation, for the per-version category index. */
export async function findAllCategoriesAndTranslations(db: Db) {
  const [categories, translations] = await Promise.all([
    db
      .selectFrom('categories as c')
      .select(['c.id', 'c.parent_id', 'c.slug'])
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('category_translations as t')
      .select(['t.category_id', 't.language', 't.name', 't.search_name'])
      .execute(),
  ]);
  return { categories, translations };
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

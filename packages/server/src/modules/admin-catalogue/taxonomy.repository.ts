import type { Kysely } from 'kysely';
import { idRows } from '../../db/id-rows';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Categories (all, or those with the given ids) with their product and subcategory counts. */
export async function selectCategories(db: Db, ids?: readonly number[]) {
  let q = db
    .selectFrom('categories as c')
    .select(['c.id', 'c.slug', 'c.parent_id', 'c.sort_order'])
    .select((eb) => [
      eb
        .selectFrom('product_categories as pc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('pc.category_id', '=', 'c.id')
        .as('product_count'),
      eb
        .selectFrom('categories as child')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('child.parent_id', '=', 'c.id')
        .as('child_count'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id');
  if (ids) q = q.where('c.id', 'in', ids);
  return q.execute();
}

export async function selectCategoryTranslations(db: Db, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('category_translations')
    .select(['category_id', 'language', 'name'])
    .where('category_id', 'in', categoryIds)
    .execute();
}

export async function findCategoryParent(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'parent_id']).where('id', '=', id).executeTakeFirst();
}

export async function hasSubcategory(db: Db, id: number): Promise<boolean> {
  const child = await db.selectFrom('categories').select('id').where('parent_id', '=', id).executeTakeFirst();
  return child !== undefined;
}

/** The id of the category with this slug, if any. */
export async function findCategoryIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

interface CategoryValues {
  slug: string;
  parent_id: number | null;
  sort_order: number;
}

const categoryRows = idRows('categories');
export const insertCategory: (db: Db, values: CategoryValues) => Promise<number> = categoryRows.insert;
export const updateCategory: (db: Db, id: number, values: CategoryValues) => Promise<void> =
  categoryRows.update;

/** Replaces a category's names (one per language, with the folded search form). */
export async function replaceCategoryTranslations(
  db: Db,
  categoryId: number,
  translations: readonly { language: string; name: string; search_name: string }[],
): Promise<void> {
  await db.deleteFrom('category_translations').where('category_id', '=', categoryId).execute();
  await db
    .insertInto('category_translations')
    .values(translations.map((t) => ({ category_id: categoryId, ...t })))
    .execute();
}

export async function deleteCategoryRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('category_translations').where('category_id', '=', id).execute();
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/** Manufacturers (all, or those with the given ids) with their product counts. */
export async function selectManufacturers(db: Db, ids?: readonly number[]) {
  let q = db
    .selectFrom('manufacturers as m')
    .select(['m.id', 'm.name', 'm.slug'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.manufacturer_id', '=', 'm.id')
        .as('product_count'),
    )
    .orderBy('m.name')
    .orderBy('m.id');
  if (ids) q = q.where('m.id', 'in', ids);
  return q.execute();
}

/** The id of the manufacturer with this slug, if any. */
export async function findManufacturerIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('manufacturers').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

interface ManufacturerValues {
  name: string;
  slug: string;
}

const manufacturerRows = idRows('manufacturers');
export const insertManufacturer: (db: Db, values: ManufacturerValues) => Promise<number> =
  manufacturerRows.insert;
export const updateManufacturer: (db: Db, id: number, values: ManufacturerValues) => Promise<void> =
  manufacturerRows.update;
export const deleteManufacturerRow = manufacturerRows.remove;

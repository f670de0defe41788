import type {
  AdminCategory,
  AdminManufacturer,
  CategoryInput,
  ManufacturerInput,
} from '@shop/shared/contracts/admin-catalogue';
import { categoryInputSchema } from '@shop/shared/contracts/admin-catalogue';
import type { Language } from '@shop/shared/i18n/languages';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import { uniqueViolationColumn } from '../users/unique-violation';

/**
 * Categories (two levels: main categories and their subcategories, a name in every language) and
 * manufacturers. Deleting one that is still used answers 409 ERR_CATEGORY_IN_USE /
 * ERR_MANUFACTURER_IN_USE and changes nothing.
 */

type Db = Kysely<Database>;

async function categoryRows(db: Db, ids?: number[]): Promise<AdminCategory[]> {
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
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const translations = await db
    .selectFrom('category_translations')
    .select(['category_id', 'language', 'name'])
    .where(
      'category_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    parentId: row.parent_id,
    sortOrder: Number(row.sort_order),
    translations: translations
      .filter((t) => t.category_id === row.id)
      .map((t) => ({ language: t.language as Language, name: t.name })),
    productCount: Number(row.product_count ?? 0),
    childCount: Number(row.child_count ?? 0),
  }));
}

export async function listCategories(ctx: AppContext): Promise<AdminCategory[]> {
  return categoryRows(ctx.database.db);
}

async function checkParent(db: Db, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === id) throw new AppError('ERR_CATEGORY_PARENT', { field: 'parentId' });
  const parent = await db
    .selectFrom('categories')
    .select(['id', 'parent_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw new AppError('ERR_CATEGORY_NOT_FOUND', { field: 'parentId' });
  // Two levels only: the parent must be a main category, and a category with children stays one.
  if (parent.parent_id !== null) throw new AppError('ERR_CATEGORY_PARENT', { field: 'parentId' });
  if (id !== null) {
    const child = await db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', '=', id)
      .executeTakeFirst();
    if (child) throw new AppError('ERR_CATEGORY_PARENT', { field: 'parentId' });
  }
}

function slugTaken(error: unknown): boolean {
  const column = uniqueViolationColumn(error);
  return column === 'slug' || (column !== null && column.includes('slug'));
}

export async function saveCategory(
  ctx: AppContext,
  actorUserId: number,
  id: number | null,
  rawInput: CategoryInput,
): Promise<AdminCategory> {
  const input = categoryInputSchema.parse(rawInput);
  try {
    const savedId = await ctx.database.db.transaction().execute(async (trx) => {
      const before = id === null ? null : ((await categoryRows(trx, [id]))[0] ?? null);
      if (id !== null && !before) throw new AppError('ERR_CATEGORY_NOT_FOUND');
      await checkParent(trx, id, input.parentId);
      const taken = await trx
        .selectFrom('categories')
        .select('id')
        .where('slug', '=', input.slug)
        .executeTakeFirst();
      if (taken && taken.id !== id) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
      let categoryId: number;
      const values = { slug: input.slug, parent_id: input.parentId, sort_order: input.sortOrder };
      if (id === null) {
        categoryId = (
          await trx.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow()
        ).id;
      } else {
        categoryId = id;
        await trx.updateTable('categories').set(values).where('id', '=', id).execute();
        await trx.deleteFrom('category_translations').where('category_id', '=', id).execute();
      }
      await trx
        .insertInto('category_translations')
        .values(
          input.translations.map((t) => ({
            category_id: categoryId,
            language: t.language,
            name: t.name,
            search_name: foldForSearch(t.name),
          })),
        )
        .execute();
      const after = (await categoryRows(trx, [categoryId]))[0];
      await recordAudit(trx, {
        actorUserId,
        action: id === null ? 'category.create' : 'category.update',
        entity: 'category',
        entityId: categoryId,
        before,
        after,
      });
      await bumpCatalogueVersion(trx, ctx.now());
      return categoryId;
    });
    return (await categoryRows(ctx.database.db, [savedId]))[0]!;
  } catch (error) {
    if (slugTaken(error)) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
    throw error;
  }
}

export async function deleteCategory(ctx: AppContext, actorUserId: number, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = (await categoryRows(trx, [id]))[0];
    if (!before) throw new AppError('ERR_CATEGORY_NOT_FOUND');
    if (before.productCount > 0 || before.childCount > 0) {
      throw new AppError('ERR_CATEGORY_IN_USE', {
        products: before.productCount,
        children: before.childCount,
      });
    }
    await trx.deleteFrom('category_translations').where('category_id', '=', id).execute();
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await recordAudit(trx, {
      actorUserId,
      action: 'category.delete',
      entity: 'category',
      entityId: id,
      before,
      after: null,
    });
    await bumpCatalogueVersion(trx, ctx.now());
  });
}

async function manufacturerRows(db: Db, ids?: number[]): Promise<AdminManufacturer[]> {
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
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    productCount: Number(r.product_count ?? 0),
  }));
}

export async function listManufacturers(ctx: AppContext): Promise<AdminManufacturer[]> {
  return manufacturerRows(ctx.database.db);
}

export async function saveManufacturer(
  ctx: AppContext,
  actorUserId: number,
  id: number | null,
  input: ManufacturerInput,
): Promise<AdminManufacturer> {
  try {
    const savedId = await ctx.database.db.transaction().execute(async (trx) => {
      const before = id === null ? null : ((await manufacturerRows(trx, [id]))[0] ?? null);
      if (id !== null && !before) throw new AppError('ERR_MANUFACTURER_NOT_FOUND');
      const taken = await trx
        .selectFrom('manufacturers')
        .select('id')
        .where('slug', '=', input.slug)
        .executeTakeFirst();
      if (taken && taken.id !== id) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
      let manufacturerId: number;
      if (id === null) {
        manufacturerId = (
          await trx
            .insertInto('manufacturers')
            .values({ name: input.name, slug: input.slug })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        manufacturerId = id;
        await trx
          .updateTable('manufacturers')
          .set({ name: input.name, slug: input.slug })
          .where('id', '=', id)
          .execute();
      }
      const after = (await manufacturerRows(trx, [manufacturerId]))[0];
      await recordAudit(trx, {
        actorUserId,
        action: id === null ? 'manufacturer.create' : 'manufacturer.update',
        entity: 'manufacturer',
        entityId: manufacturerId,
        before,
        after,
      });
      await bumpCatalogueVersion(trx, ctx.now());
      return manufacturerId;
    });
    return (await manufacturerRows(ctx.database.db, [savedId]))[0]!;
  } catch (error) {
    if (slugTaken(error)) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
    throw error;
  }
}

export async function deleteManufacturer(ctx: AppContext, actorUserId: number, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = (await manufacturerRows(trx, [id]))[0];
    if (!before) throw new AppError('ERR_MANUFACTURER_NOT_FOUND');
    if (before.productCount > 0)
      throw new AppError('ERR_MANUFACTURER_IN_USE', { products: before.productCount });
    await trx.deleteFrom('manufacturers').where('id', '=', id).execute();
    await recordAudit(trx, {
      actorUserId,
      action: 'manufacturer.delete',
      entity: 'manufacturer',
      entityId: id,
      before,
      after: null,
    });
    await bumpCatalogueVersion(trx, ctx.now());
  });
}

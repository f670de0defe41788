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
import {
  deleteCategoryRow,
  deleteManufacturerRow,
  findCategoryIdBySlug,
  findCategoryParent,
  findManufacturerIdBySlug,
  hasSubcategory,
  insertCategory,
  insertManufacturer,
  replaceCategoryTranslations,
  selectCategories,
  selectCategoryTranslations,
  selectManufacturers,
  updateCategory,
  updateManufacturer,
} from './taxonomy.repository';

/**
 * Categories (two levels: main categories and their subcategories, a name in every language) and
 * manufacturers. Deleting one that is still used answers 409 ERR_CATEGORY_IN_USE /
 * ERR_MANUFACTURER_IN_USE and changes nothing.
 */

type Db = Kysely<Database>;

async function categoryRows(db: Db, ids?: number[]): Promise<AdminCategory[]> {
  const rows = await selectCategories(db, ids);
  const translations = await selectCategoryTranslations(
    db,
    rows.map((r) => r.id),
  );
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
  const parent = await findCategoryParent(db, parentId);
  if (!parent) throw new AppError('ERR_CATEGORY_NOT_FOUND', { field: 'parentId' });
  // Two levels only: the parent must be a main category, and a category with children stays one.
  if (parent.parent_id !== null) throw new AppError('ERR_CATEGORY_PARENT', { field: 'parentId' });
  if (id !== null && (await hasSubcategory(db, id))) {
    throw new AppError('ERR_CATEGORY_PARENT', { field: 'parentId' });
  }
}

function slugTaken(error: unknown): boolean {
  const column = uniqueViolationColumn(error);
  return column === 'slug' || (column !== null && column.includes('slug'));
}

/** The one record `rows` holds, or the kind's not-found error. */
function one<T>(rows: T[], notFound: 'ERR_CATEGORY_NOT_FOUND' | 'ERR_MANUFACTURER_NOT_FOUND'): T {
  const row = rows[0];
  if (!row) throw new AppError(notFound);
  return row;
}

/**
 * Runs a category or manufacturer write in one transaction with its audit entry
 * (`<entity>.<action>`) and a new catalogue version; a slug collision is ERR_SLUG_TAKEN.
 * Answers the record as written (`after`).
 */
async function taxonomyWrite<T>(
  ctx: AppContext,
  actorUserId: number,
  entity: 'category' | 'manufacturer',
  action: 'create' | 'update' | 'delete',
  work: (trx: Db) => Promise<{ id: number; before: unknown; after: T }>,
): Promise<T> {
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      await recordAudit(trx, {
        actorUserId,
        action: `${entity}.${action}`,
        entity,
        entityId: done.id,
        before: done.before,
        after: done.after,
      });
      await bumpCatalogueVersion(trx, ctx.now());
      return done.after;
    });
  } catch (error) {
    if (slugTaken(error)) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
    throw error;
  }
}

export async function saveCategory(
  ctx: AppContext,
  actorUserId: number,
  id: number | null,
  rawInput: CategoryInput,
): Promise<AdminCategory> {
  const input = categoryInputSchema.parse(rawInput);
  const action = id === null ? 'create' : 'update';
  return taxonomyWrite(ctx, actorUserId, 'category', action, async (trx) => {
    const before = id === null ? null : one(await categoryRows(trx, [id]), 'ERR_CATEGORY_NOT_FOUND');
    await checkParent(trx, id, input.parentId);
    const taken = await findCategoryIdBySlug(trx, input.slug);
    if (taken !== undefined && taken !== id) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
    const values = { slug: input.slug, parent_id: input.parentId, sort_order: input.sortOrder };
    const categoryId = id ?? (await insertCategory(trx, values));
    if (id !== null) await updateCategory(trx, id, values);
    await replaceCategoryTranslations(
      trx,
      categoryId,
      input.translations.map((t) => ({
        language: t.language,
        name: t.name,
        search_name: foldForSearch(t.name),
      })),
    );
    const after = one(await categoryRows(trx, [categoryId]), 'ERR_CATEGORY_NOT_FOUND');
    return { id: categoryId, before, after };
  });
}

export async function deleteCategory(ctx: AppContext, actorUserId: number, id: number): Promise<void> {
  await taxonomyWrite(ctx, actorUserId, 'category', 'delete', async (trx) => {
    const before = one(await categoryRows(trx, [id]), 'ERR_CATEGORY_NOT_FOUND');
    if (before.productCount > 0 || before.childCount > 0) {
      throw new AppError('ERR_CATEGORY_IN_USE', {
        products: before.productCount,
        children: before.childCount,
      });
    }
    await deleteCategoryRow(trx, id);
    return { id, before, after: null };
  });
}

async function manufacturerRows(db: Db, ids?: number[]): Promise<AdminManufacturer[]> {
  const rows = await selectManufacturers(db, ids);
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
  const action = id === null ? 'create' : 'update';
  return taxonomyWrite(ctx, actorUserId, 'manufacturer', action, async (trx) => {
    const before = id === null ? null : one(await manufacturerRows(trx, [id]), 'ERR_MANUFACTURER_NOT_FOUND');
    const taken = await findManufacturerIdBySlug(trx, input.slug);
    if (taken !== undefined && taken !== id) throw new AppError('ERR_SLUG_TAKEN', { field: 'slug' });
    const values = { name: input.name, slug: input.slug };
    const manufacturerId = id ?? (await insertManufacturer(trx, values));
    if (id !== null) await updateManufacturer(trx, id, values);
    const after = one(await manufacturerRows(trx, [manufacturerId]), 'ERR_MANUFACTURER_NOT_FOUND');
    return { id: manufacturerId, before, after };
  });
}

export async function deleteManufacturer(ctx: AppContext, actorUserId: number, id: number): Promise<void> {
  await taxonomyWrite(ctx, actorUserId, 'manufacturer', 'delete', async (trx) => {
    const before = one(await manufacturerRows(trx, [id]), 'ERR_MANUFACTURER_NOT_FOUND');
    if (before.productCount > 0)
      throw new AppError('ERR_MANUFACTURER_IN_USE', { products: before.productCount });
    await deleteManufacturerRow(trx, id);
    return { id, before, after: null };
  });
}

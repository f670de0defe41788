import type { Kysely } from 'kysely';
import type {
  Assortment,
  AssortmentInputParsed,
  AssortmentSummary,
  CustomerAssortment,
} from '@shop/shared/contracts/assortments';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { auditedWrite, found } from '../admin/audited-write';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import * as repo from './assortments.repository';

type Db = Kysely<Database>;

/**
 * Customer assortments in the back office (issue 17 points 5-6). Every change bumps the catalogue
 * version (decision 0008) in its transaction, so every process drops its cached memberships and
 * shows the new assortment on its next request; assigning a customer needs the same, because the
 * listing's caches are per version and the pricing query reads the assignment on every request.
 */

async function productCount(db: Db, assortmentId: number): Promise<number> {
  return repo.countActive(db, await repo.findMemberIds(db, assortmentId));
}

export async function listAssortments(ctx: AppContext): Promise<AssortmentSummary[]> {
  const db = ctx.database.db;
  const [rows, groups] = await Promise.all([repo.listAssortments(db), repo.findPriceGroupsOf(db)]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      productCount: await productCount(db, row.id),
      customerCount: Number(row.customer_count ?? 0),
      priceGroups: groups
        .filter((g) => g.assortment_id === row.id)
        .map((g) => g.price_group)
        .sort(),
      updatedAt: row.updated_at,
    })),
  );
}

export async function getAssortment(
  ctx: AppContext,
  id: number,
  db: Db = ctx.database.db,
): Promise<Assortment> {
  const row = found(await repo.findAssortment(db, id));
  const [parts, count] = await Promise.all([repo.findAssortmentParts(db, id), productCount(db, id)]);
  return {
    id: row.id,
    name: row.name,
    categoryIds: parts.categories.map((c) => c.category_id),
    includedSkus: parts.products.filter((p) => p.excluded === 0).map((p) => p.sku),
    excludedSkus: parts.products.filter((p) => p.excluded === 1).map((p) => p.sku),
    customers: parts.customers.map((c) => ({ id: c.id, name: c.name })),
    priceGroups: parts.groups.map((g) => g.price_group),
    productCount: count,
    updatedAt: row.updated_at,
  };
}

/** Checks every reference of the input; the first unknown one refuses the whole write. */
async function resolveInput(db: Db, input: AssortmentInputParsed) {
  const skus = [...new Set([...input.includedSkus, ...input.excludedSkus])];
  const [categories, products, customers] = await Promise.all([
    input.categoryIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('categories').select('id').where('id', 'in', input.categoryIds).execute(),
    skus.length === 0
      ? Promise.resolve([])
      : db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', skus).execute(),
    input.customerIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('customers').select('id').where('id', 'in', input.customerIds).execute(),
  ]);
  const categoryIds = new Set(categories.map((c) => c.id));
  const missingCategory = input.categoryIds.find((id) => !categoryIds.has(id));
  if (missingCategory !== undefined) throw new AppError('ERR_CATEGORY_NOT_FOUND', { id: missingCategory });
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  const missingSku = skus.find((sku) => !bySku.has(sku));
  if (missingSku !== undefined) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku: missingSku });
  const customerIds = new Set(customers.map((c) => c.id));
  const missingCustomer = input.customerIds.find((id) => !customerIds.has(id));
  if (missingCustomer !== undefined) {
    throw new AppError('ERR_VALIDATION', { field: 'body.customerIds', id: missingCustomer });
  }
  const excluded = new Set(input.excludedSkus);
  const included = input.includedSkus.filter((sku) => !excluded.has(sku));
  return {
    included: included.map((sku) => bySku.get(sku)!),
    excluded: input.excludedSkus.map((sku) => bySku.get(sku)!),
  };
}

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

/** POST (id null) and PUT: the whole assortment with its assignments; audited. */
export async function saveAssortment(
  ctx: AppContext,
  actor: AuthUser,
  id: number | null,
  input: AssortmentInputParsed,
): Promise<Assortment> {
  const products = await resolveInput(ctx.database.db, input);
  const nowIso = ctx.now().toISOString();
  return auditedWrite(
    ctx,
    actor,
    'assortment',
    id === null ? 'create' : 'update',
    async (trx) => {
      let assortmentId: number;
      let before: Assortment | null = null;
      if (id === null) {
        const row = await trx
          .insertInto('assortments')
          .values({ name: input.name, created_at: nowIso, updated_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow();
        assortmentId = row.id;
      } else {
        before = await getAssortment(ctx, id, trx);
        await trx
          .updateTable('assortments')
          .set({ name: input.name, updated_at: nowIso })
          .where('id', '=', id)
          .execute();
        assortmentId = id;
        await trx.deleteFrom('assortment_categories').where('assortment_id', '=', id).execute();
        await trx.deleteFrom('assortment_products').where('assortment_id', '=', id).execute();
        await trx.deleteFrom('assortment_customers').where('assortment_id', '=', id).execute();
        await trx.deleteFrom('assortment_price_groups').where('assortment_id', '=', id).execute();
      }
      await insertInChunks(input.categoryIds, (chunk) =>
        trx
          .insertInto('assortment_categories')
          .values(chunk.map((categoryId) => ({ assortment_id: assortmentId, category_id: categoryId })))
          .execute(),
      );
      const listed = [
        ...products.included.map((productId) => ({
          assortment_id: assortmentId,
          product_id: productId,
          excluded: 0 as const,
        })),
        ...products.excluded.map((productId) => ({
          assortment_id: assortmentId,
          product_id: productId,
          excluded: 1 as const,
        })),
      ];
      await insertInChunks(listed, (chunk) => trx.insertInto('assortment_products').values(chunk).execute());
      // A customer or price group has one assortment: assigning it here moves it from another one.
      if (input.customerIds.length > 0) {
        await trx.deleteFrom('assortment_customers').where('customer_id', 'in', input.customerIds).execute();
      }
      await insertInChunks(input.customerIds, (chunk) =>
        trx
          .insertInto('assortment_customers')
          .values(chunk.map((customerId) => ({ customer_id: customerId, assortment_id: assortmentId })))
          .execute(),
      );
      if (input.priceGroups.length > 0) {
        await trx
          .deleteFrom('assortment_price_groups')
          .where('price_group', 'in', input.priceGroups)
          .execute();
        await trx
          .insertInto('assortment_price_groups')
          .values(input.priceGroups.map((group) => ({ price_group: group, assortment_id: assortmentId })))
          .execute();
      }
      await bumpCatalogueVersion(trx, ctx.now());
      const after = await getAssortment(ctx, assortmentId, trx);
      return { id: assortmentId, before, after: { ...after, productCount: undefined }, result: after };
    },
    (column) => (column === 'name' ? 'name' : column),
  );
}

/** DELETE: its customers and price groups see the whole catalogue again; audited. */
export async function deleteAssortment(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await auditedWrite(ctx, actor, 'assortment', 'delete', async (trx) => {
    const before = await getAssortment(ctx, id, trx);
    await trx.deleteFrom('assortment_price_groups').where('assortment_id', '=', id).execute();
    await trx.deleteFrom('assortment_customers').where('assortment_id', '=', id).execute();
    await trx.deleteFrom('assortment_products').where('assortment_id', '=', id).execute();
    await trx.deleteFrom('assortment_categories').where('assortment_id', '=', id).execute();
    await trx.deleteFrom('assortments').where('id', '=', id).execute();
    await bumpCatalogueVersion(trx, ctx.now());
    return { id, before, after: null, result: undefined };
  });
}

/** The customer card's line: which assortment the customer sees, and why. */
export async function customerAssortment(ctx: AppContext, customerId: number): Promise<CustomerAssortment> {
  const db = ctx.database.db;
  const exists = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!exists) throw new AppError('NOT_FOUND');
  const assortment = await repo.findCustomerAssortment(db, customerId);
  if (!assortment) return { assortment: null };
  const row = found(await repo.findAssortment(db, assortment.id));
  return { assortment: { id: row.id, name: row.name, via: assortment.via } };
}

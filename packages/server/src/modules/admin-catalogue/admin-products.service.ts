import { sql } from 'kysely';
import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  ProductInput,
} from '@shop/shared/contracts/admin-catalogue';
import { adminProductListQuerySchema } from '@shop/shared/contracts/admin-catalogue';
import type { Language } from '@shop/shared/i18n/languages';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import { searchTextMatches } from '../products/products.dialect';
import {
  finishWrites,
  loadProducts,
  productIssuesMany,
  productUnchanged,
  writeProduct,
} from './product-aggregate.repository';

/**
 * Back-office products: a paged search over the shop's search index (products.search_text through
 * FTS5 trigram on SQLite, pg_trgm on PostgreSQL), reading one product whole, creating and saving
 * it. Every write is audited in the same transaction and bumps the catalogue version.
 */

export async function listProducts(
  ctx: AppContext,
  rawQuery: AdminProductListQuery,
  language: Language,
): Promise<AdminProductListResponse> {
  const query = adminProductListQuerySchema.parse(rawQuery);
  const { db, dialect } = ctx.database;
  const words = foldForSearch(query.q ?? '')
    .split(' ')
    .filter((word) => word.length > 0)
    .slice(0, 8);
  let base = db.selectFrom('products as p');
  if (words.length > 0) base = base.where(searchTextMatches(dialect, words));
  if (query.active) base = base.where('p.is_active', '=', query.active === 'true' ? 1 : 0);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
      .select([
        'p.id',
        'p.sku',
        'p.stock',
        'p.is_active',
        'p.is_orderable',
        'p.is_seasonal',
        'm.name as manufacturer',
      ])
      .select((eb) => [
        eb
          .selectFrom('product_details as d')
          .select('d.name')
          .whereRef('d.product_id', '=', 'p.id')
          .orderBy(sql`case when d.language = ${language} then 0 when d.language = 'hu' then 1 else 2 end`)
          .limit(1)
          .as('name'),
        eb
          .selectFrom('price_entries as e')
          .select('e.price')
          .whereRef('e.product_id', '=', 'p.id')
          .where('e.price_group', 'is', null)
          .orderBy('e.quantity_discount')
          .orderBy('e.id')
          .limit(1)
          .as('price'),
      ])
      .orderBy('p.sku')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      sku: row.sku,
      name: row.name ?? '',
      manufacturer: row.manufacturer ?? null,
      price: row.price === null || row.price === undefined ? null : Number(row.price),
      stock: Number(row.stock),
      isActive: row.is_active === 1,
      isOrderable: row.is_orderable === 1,
      isSeasonal: row.is_seasonal === 1,
    })),
    total: Number(countRow.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getProduct(ctx: AppContext, id: number): Promise<AdminProduct> {
  const product = (await loadProducts(ctx.database.db, [id])).get(id);
  if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND');
  return product;
}

/** Creates (id null) or replaces a product; the first failed check is the error. */
export async function saveProduct(
  ctx: AppContext,
  actorUserId: number,
  id: number | null,
  input: ProductInput,
): Promise<AdminProduct> {
  const now = ctx.now();
  const savedId = await ctx.database.db.transaction().execute(async (trx) => {
    const before = id === null ? null : ((await loadProducts(trx, [id])).get(id) ?? null);
    if (id !== null && !before) throw new AppError('ERR_PRODUCT_NOT_FOUND');
    const [issues] = await productIssuesMany(trx, [{ productId: id, input }]);
    const first = issues?.[0];
    if (first) throw new AppError(first.code, { field: first.field });
    if (before && productUnchanged(before, input)) return before.id;
    const outcome = await writeProduct(trx, before, input, { now, timeZone: ctx.config.shopTimeZone });
    const after = (await loadProducts(trx, [outcome.productId])).get(outcome.productId);
    await recordAudit(trx, {
      actorUserId,
      action: before ? 'product.update' : 'product.create',
      entity: 'product',
      entityId: outcome.productId,
      before,
      after,
    });
    await finishWrites(trx, [outcome], now);
    return outcome.productId;
  });
  return getProduct(ctx, savedId);
}

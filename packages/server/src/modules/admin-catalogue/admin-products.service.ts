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
import { listProductRows } from './admin-products.repository';
import type { ProductPageAnchors } from './product-page-anchors.repository';
import type { ProductSearchMatches } from './product-search-matches';
import {
  finishWrites,
  loadProducts,
  productIssuesMany,
  productUnchanged,
  writeProduct,
} from './product-aggregate.repository';
import { wakeOutbox } from '../outbox/outbox.service';

/**
 * Back-office products: a paged search over the shop's search index (products.search_text through
 * FTS5 trigram on SQLite, pg_trgm on PostgreSQL), reading one product whole, creating and saving
 * it. Every write is audited in the same transaction and bumps the catalogue version.
 */

export async function listProducts(
  ctx: AppContext,
  rawQuery: AdminProductListQuery,
  language: Language,
  anchors?: ProductPageAnchors,
  searchMatches?: ProductSearchMatches,
): Promise<AdminProductListResponse> {
  const query = adminProductListQuerySchema.parse(rawQuery);
  const { db, dialect } = ctx.database;
  const words = foldForSearch(query.q ?? '')
    .split(' ')
    .filter((word) => word.length > 0)
    .slice(0, 8);
  const { total, totalIsLowerBound, rows } = await listProductRows(db, dialect, {
    words,
    active: query.active === undefined ? undefined : query.active === 'true',
    page: query.page,
    pageSize: query.pageSize,
    language,
    anchors,
    searchMatches,
  });
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
      waiting: Number(row.waiting ?? 0),
    })),
    total,
    totalIsLowerBound,
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
    await finishWrites(trx, [outcome], now, ctx);
    return outcome.productId;
  });
  // Back-in-stock mails queued with the change (issue 17) go out at once.
  wakeOutbox(ctx);
  return getProduct(ctx, savedId);
}

import type { CurrentNews, NewsProductsResponse } from '@shop/shared/contracts/news';
import { DEFAULT_LANGUAGE, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import { readDatabase } from '../../db/read-replicas';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { sanitizeContentHtml, sanitizePlainText } from '../../lib/html-sanitizer';
import { readCatalogueSettings } from '../products/catalogue-cache.service';
import { loadProducts, resolvePricingContext } from '../products/products.service';
import * as repo from './news.repository';

/**
 * `GET /api/news/current`: the current item's title and description in the language (else hu);
 * NOT_FOUND when there is none. The description is sanitised again on the way out, so HTML that
 * reached the table by another way than a save (an import) cannot run script either.
 */
export async function getCurrentNews(ctx: AppContext, language: Language): Promise<CurrentNews> {
  const db = readDatabase(ctx).db;
  const newsId = await repo.findCurrentNewsId(db, ctx.now().toISOString());
  if (newsId === undefined) throw new AppError('NOT_FOUND');
  const rows = await repo.findNewsTexts(db, newsId, language);
  const row = rows.find((r) => r.language === language) ?? rows.find((r) => r.language === DEFAULT_LANGUAGE);
  if (!row) throw new AppError('NOT_FOUND');
  return { title: sanitizePlainText(row.title), description: sanitizeContentHtml(row.description) };
}

/**
 * `GET /api/news/current/products`: the active products of the current item in its order, as the
 * catalogue shows them to this caller (the products service computes the prices); NOT_FOUND when
 * there is no current item.
 */
export async function getCurrentNewsProducts(
  ctx: AppContext,
  auth: AuthUser,
  language: Language,
): Promise<NewsProductsResponse> {
  const db = readDatabase(ctx).db;
  const newsId = await repo.findCurrentNewsId(db, ctx.now().toISOString());
  if (newsId === undefined) throw new AppError('NOT_FOUND');
  const [rows, pricing, settings] = await Promise.all([
    repo.findNewsProductRows(db, newsId),
    resolvePricingContext(ctx, auth),
    readCatalogueSettings(db),
  ]);
  return { products: await loadProducts(ctx, rows, pricing, language, settings) };
}

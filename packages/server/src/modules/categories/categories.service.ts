import type { Language } from '@shop/shared/i18n/languages';
import {
  CATEGORY_SEARCH_LIMIT,
  type CategorySearchResult,
  type MainCategory,
} from '@shop/shared/contracts/categories';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { AppContext } from '../../app-context';
import { readDatabase } from '../../db/read-replicas';
import { CatalogueCache, readCatalogueSettings } from '../products/catalogue-cache.service';
import * as repo from './categories.repository';
import type { AuthUser } from '../../http/auth';
import { assortmentOf, resolvePricingContext } from '../products/products.service';

type NamedRow = Awaited<ReturnType<typeof repo.findCategoriesWithNames>>[number];

function nameOf(row: NamedRow): string {
  return row.name_language ?? row.name_hu ?? row.slug;
}

/**
 * `GET /api/categories/search`: categories whose name in any language contains every word of the
 * query (folded: case- and accent-insensitive). Ranked: exact name, name prefix, word prefix, other;
 * then main categories before subcategories, then catalogue order. Names in the request language.
 */
export async function searchCategories(
  ctx: AppContext,
  language: Language,
  searchString: string,
): Promise<CategorySearchResult[]> {
  const folded = foldForSearch(searchString);
  const words = folded.split(' ').filter((word) => word.length > 0);
  if (words.length === 0) return [];
  const db = readDatabase(ctx).db;
  const matches = await repo.findMatchingTranslations(db, words);
  const rankOf = (name: string) =>
    name === folded ? 0 : name.startsWith(folded) ? 1 : ` ${name}`.includes(` ${folded}`) ? 2 : 3;
  const best = new Map<number, { rank: number; parentId: number | null }>();
  for (const match of matches) {
    const rank = rankOf(match.search_name);
    const seen = best.get(match.id);
    if (!seen || rank < seen.rank) best.set(match.id, { rank, parentId: match.parent_id });
  }
  if (best.size === 0) return [];
  const ids = new Set<number>(best.keys());
  for (const { parentId } of best.values()) if (parentId !== null) ids.add(parentId);
  const rows = await repo.findCategoriesWithNames(db, language, [...ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const order = new Map(rows.map((row, index) => [row.id, index]));
  return [...best.entries()]
    .sort(
      ([a, x], [b, y]) =>
        x.rank - y.rank ||
        Number(x.parentId !== null) - Number(y.parentId !== null) ||
        (order.get(a) ?? 0) - (order.get(b) ?? 0),
    )
    .slice(0, CATEGORY_SEARCH_LIMIT)
    .flatMap(([id, { parentId }]) => {
      const row = byId.get(id);
      if (!row) return [];
      const parent = parentId !== null ? byId.get(parentId) : undefined;
      return [
        {
          name: nameOf(row),
          slug: row.slug,
          parent: parent ? { slug: parent.slug, name: nameOf(parent) } : null,
        },
      ];
    });
}

/** Active products per category and per main category (language-independent, so cached once). */
export interface CategoryCounts {
  own: Map<number, number>;
  main: Map<number, number>;
}

/** Per-process cache of the category counts, valid for one catalogue version and a minute. */
export function createCountsCache(): CatalogueCache<CategoryCounts> {
  return new CatalogueCache<CategoryCounts>();
}

async function categoryCounts(
  ctx: AppContext,
  cache: CatalogueCache<CategoryCounts>,
  assortmentId: number | null,
): Promise<CategoryCounts> {
  const db = readDatabase(ctx).db;
  const { version } = await readCatalogueSettings(db);
  const nowMs = ctx.now().getTime();
  // A customer with an assortment counts only its products (modules/assortments), cached per assortment.
  const key = assortmentId === null ? 'counts' : `counts:${assortmentId}`;
  const cached = cache.get(key, version, nowMs);
  if (cached) return cached;
  const [perCategory, perMain] = await Promise.all([
    repo.countActiveProductsPerCategory(db, assortmentId),
    repo.countActiveProductsPerMainCategory(db, assortmentId),
  ]);
  const counts = {
    own: new Map(perCategory.map((row) => [row.category_id, Number(row.count)])),
    main: new Map(perMain.map((row) => [Number(row.main_id), Number(row.count)])),
  };
  cache.set(key, version, counts, nowMs);
  return counts;
}

/**
 * `GET /api/categories`: the main categories (parent null) with their subcategories, in catalogue
 * order, names in the request language (fallback hu), with the number of active products (the
 * counts are cached; the names are read on every call, which is one small query).
 */
export async function categoryTree(
  ctx: AppContext,
  language: Language,
  cache: CatalogueCache<CategoryCounts>,
  auth: AuthUser | null = null,
): Promise<MainCategory[]> {
  const assortmentId = auth ? assortmentOf(await resolvePricingContext(ctx, auth)) : null;
  const [rows, counts] = await Promise.all([
    repo.findCategoriesWithNames(readDatabase(ctx).db, language),
    categoryCounts(ctx, cache, assortmentId),
  ]);
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({
      slug: row.slug,
      name: nameOf(row),
      productCount: counts.main.get(row.id) ?? 0,
      children: rows
        .filter((child) => child.parent_id === row.id)
        .map((child) => ({
          slug: child.slug,
          name: nameOf(child),
          productCount: counts.own.get(child.id) ?? 0,
        })),
    }));
}

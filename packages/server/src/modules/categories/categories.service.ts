import type { Language } from '@shop/shared/i18n/languages';
import {
  CATEGORY_SEARCH_LIMIT,
  type CategorySearchResult,
  type MainCategory,
} from '@shop/shared/contracts/categories';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { AppContext } from '../../app-context';
import { readDatabase } from '../../db/read-replicas';
import { CatalogueCache } from '../products/catalogue-cache.service';
import * as repo from './categories.repository';
import type { AuthUser } from '../../http/auth';
import { assortmentOf, catalogueSettingsFor, resolvePricingContext } from '../products/products.service';

/**
 * Every category with its names, for one catalogue version (categories and their translations bump
 * it: decision 0008): the tree and the category search answer from it without a query of their own.
 */
export interface CategoryIndex {
  /** In catalogue order (sort order, then id). */
  categories: IndexedCategory[];
  byId: Map<number, IndexedCategory>;
  /** Every translation's folded name, with its category. */
  searchNames: { category: IndexedCategory; searchName: string }[];
}

interface IndexedCategory {
  id: number;
  parentId: number | null;
  slug: string;
  /** Position in catalogue order. */
  order: number;
  names: Map<string, string>;
}

/** Per-process caches of the category index and counts, each valid for one catalogue version. */
export interface CategoryCaches {
  index: CatalogueCache<Promise<CategoryIndex>>;
  counts: CatalogueCache<CategoryCounts>;
}

export function createCategoryCaches(): CategoryCaches {
  return {
    index: new CatalogueCache<Promise<CategoryIndex>>(),
    counts: new CatalogueCache<CategoryCounts>(),
  };
}

async function categoryIndex(
  ctx: AppContext,
  caches: CategoryCaches,
  version: string,
): Promise<CategoryIndex> {
  const nowMs = ctx.now().getTime();
  const hit = caches.index.get('index', version, nowMs);
  if (hit) return hit;
  const loading = repo
    .findAllCategoriesAndTranslations(readDatabase(ctx).db)
    .then(({ categories, translations }) => {
      const index: CategoryIndex = { categories: [], byId: new Map(), searchNames: [] };
      categories.forEach((row, order) => {
        const category = { id: row.id, parentId: row.parent_id, slug: row.slug, order, names: new Map() };
        index.categories.push(category);
        index.byId.set(row.id, category);
      });
      for (const row of translations) {
        const category = index.byId.get(row.category_id);
        if (!category) continue;
        category.names.set(row.language, row.name);
        index.searchNames.push({ category, searchName: row.search_name });
      }
      return index;
    });
  caches.index.set('index', version, loading, nowMs);
  loading.catch(() => caches.index.deleteIf('index', loading));
  return loading;
}

/** The name in the language, else Hungarian, else the slug. */
function nameOf(category: IndexedCategory, language: Language): string {
  return category.names.get(language) ?? category.names.get('hu') ?? category.slug;
}

/**
 * `GET /api/categories/search`: categories whose name in any language contains every word of the
 * query (folded: case- and accent-insensitive). Ranked: exact name, name prefix, word prefix, other;
 * then main categories before subcategories, then catalogue order. Names in the request language.
 */
export async function searchCategories(
  ctx: AppContext,
  caches: CategoryCaches,
  request: { language: Language; auth: AuthUser | null },
  searchString: string,
): Promise<CategorySearchResult[]> {
  const folded = foldForSearch(searchString);
  const words = folded.split(' ').filter((word) => word.length > 0);
  if (words.length === 0) return [];
  const { version } = await catalogueSettingsFor(ctx, request.auth);
  const index = await categoryIndex(ctx, caches, version);
  const rankOf = (name: string) =>
    name === folded ? 0 : name.startsWith(folded) ? 1 : ` ${name}`.includes(` ${folded}`) ? 2 : 3;
  const best = new Map<IndexedCategory, number>();
  for (const { category, searchName } of index.searchNames) {
    if (!words.every((word) => searchName.includes(word))) continue;
    const rank = rankOf(searchName);
    const seen = best.get(category);
    if (seen === undefined || rank < seen) best.set(category, rank);
  }
  return [...best.entries()]
    .sort(
      ([a, x], [b, y]) =>
        x - y || Number(a.parentId !== null) - Number(b.parentId !== null) || a.order - b.order,
    )
    .slice(0, CATEGORY_SEARCH_LIMIT)
    .map(([category]) => {
      const parent = category.parentId !== null ? index.byId.get(category.parentId) : undefined;
      return {
        name: nameOf(category, request.language),
        slug: category.slug,
        parent: parent ? { slug: parent.slug, name: nameOf(parent, request.language) } : null,
      };
    });
}

/** Active products per category and per main category (language-independent, so cached once). */
export interface CategoryCounts {
  own: Map<number, number>;
  main: Map<number, number>;
}

async function categoryCounts(
  ctx: AppContext,
  cache: CatalogueCache<CategoryCounts>,
  version: string,
  assortmentId: number | null,
): Promise<CategoryCounts> {
  const db = readDatabase(ctx).db;
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
 * index and the counts are cached per catalogue version).
 */
export async function categoryTree(
  ctx: AppContext,
  language: Language,
  caches: CategoryCaches,
  auth: AuthUser | null = null,
): Promise<MainCategory[]> {
  const [settings, pricing] = await Promise.all([
    catalogueSettingsFor(ctx, auth),
    auth ? resolvePricingContext(ctx, auth) : null,
  ]);
  const assortmentId = pricing ? assortmentOf(pricing) : null;
  const [index, counts] = await Promise.all([
    categoryIndex(ctx, caches, settings.version),
    categoryCounts(ctx, caches.counts, settings.version, assortmentId),
  ]);
  return index.categories
    .filter((row) => row.parentId === null)
    .map((row) => ({
      slug: row.slug,
      name: nameOf(row, language),
      productCount: counts.main.get(row.id) ?? 0,
      children: index.categories
        .filter((child) => child.parentId === row.id)
        .map((child) => ({
          slug: child.slug,
          name: nameOf(child, language),
          productCount: counts.own.get(child.id) ?? 0,
        })),
    }));
}

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import {
  parseProductsPerPage,
  SIMPLE_SEARCH_LIMIT,
  type Manufacturer,
  type PackUnitName,
  type PriceEntry,
  type Product,
  type ProductListQueryParsed,
  type ProductListResponse,
  type ProductSearchQueryParsed,
  type SimpleSearchResponse,
} from '@shop/shared/contracts/products';
import {
  currentPrice,
  discountPercent,
  entriesForPriceGroup,
  hasValidSpecialPrice,
} from '@shop/shared/rules/pricing';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import { stockStatus } from '@shop/shared/rules/stock-status';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { CatalogueCache, readCatalogueSettings, type CatalogueSettings } from './catalogue-cache.service';
import * as repo from './products.repository';
import type { ProductFilter, ProductRow, ProductSort } from './products.repository';
import { addDays, localDateTime } from '@shop/shared/rules/calendar-date';

/**
 * Whose prices a request sees (docs/decisions/0004-anonymous-catalogue.md):
 * - anonymous: no prices at all;
 * - list: list prices without a discount (an agent with no current customer, staff);
 * - customer: the customer's price group and discount (a customer's own; for an agent the customer
 *   of its current shipping address, if that customer is the agent's).
 */
export type PricingContext =
  | { kind: 'anonymous' }
  | { kind: 'list' }
  | { kind: 'customer'; customerId: number; priceGroup: string | null; discountBp: number };

export async function resolvePricingContext(ctx: AppContext, auth: AuthUser | null): Promise<PricingContext> {
  if (!auth) return { kind: 'anonymous' };
  const db = ctx.database.db;
  const row =
    auth.role === 'customer' && auth.customerId !== null
      ? await repo.findCustomerPricing(db, auth.customerId)
      : auth.role === 'agent'
        ? await repo.findAgentCustomerPricing(db, auth.userId)
        : undefined;
  if (!row) return { kind: 'list' };
  return {
    kind: 'customer',
    customerId: row.id,
    priceGroup: row.price_group,
    discountBp: row.customer_discount_bp,
  };
}

/** Per-process cache of the customer-independent part of `products/all`: the per-manufacturer tally. */
export interface ListingCaches {
  tallies: CatalogueCache<repo.ManufacturerTally[]>;
}
export function createListingCaches(): ListingCaches {
  return { tallies: new CatalogueCache<repo.ManufacturerTally[]>() };
}

export interface CatalogueRequest {
  auth: AuthUser | null;
  language: Language;
}

function priceGroupOf(pricing: PricingContext): string | null {
  return pricing.kind === 'customer' ? pricing.priceGroup : null;
}

function baseFilter(ctx: AppContext, query: ProductListQueryParsed, pricing: PricingContext): ProductFilter {
  const filter: ProductFilter = { nowIso: ctx.now().toISOString(), priceGroup: priceGroupOf(pricing) };
  if (query.mainCategorySlug !== undefined) filter.mainCategorySlug = query.mainCategorySlug;
  if (query.subCategorySlug !== undefined) filter.subCategorySlug = query.subCategorySlug;
  if (query.onSale) filter.onSale = true;
  if (query.seasonal) filter.seasonal = true;
  if (query.selectedManufacturers && query.selectedManufacturers.length > 0) {
    const ids: number[] = [];
    const slugs: string[] = [];
    for (const item of query.selectedManufacturers) {
      if (/^\d+$/.test(item)) ids.push(Number(item));
      else slugs.push(item);
    }
    filter.manufacturers = {
      ids: [...new Set(ids)].sort((a, b) => a - b),
      slugs: [...new Set(slugs)].sort(),
    };
  }
  return filter;
}

function explicitSort(query: ProductListQueryParsed, language: Language): ProductSort | undefined {
  switch (query.orderBy) {
    case 'name':
      return { kind: 'name', language, descending: false };
    case 'name-desc':
      return { kind: 'name', language, descending: true };
    case 'sku':
      return { kind: 'sku', descending: false };
    case 'sku-desc':
      return { kind: 'sku', descending: true };
    case 'newest':
      return { kind: 'newest' };
    default:
      return undefined;
  }
}

function pageSize(query: ProductListQueryParsed): number {
  const ppp = parseProductsPerPage(query.productsPerPage);
  if (ppp === null) throw new AppError('ERR_INVALID_PPP', { allowed: '1, 50, 100, 99999' });
  return ppp;
}

/** `GET /api/products/all` and `GET /api/products/ordered-products`. */
export async function listProducts(
  ctx: AppContext,
  request: CatalogueRequest,
  query: ProductListQueryParsed,
  mode: 'all' | 'ordered',
  caches: ListingCaches,
): Promise<ProductListResponse> {
  const ppp = pageSize(query);
  const db = ctx.database.db;
  const pricing = await resolvePricingContext(ctx, request.auth);
  const filter = baseFilter(ctx, query, pricing);
  let sort = explicitSort(query, request.language) ?? { kind: 'catalogue' as const };
  if (mode === 'ordered') {
    if (pricing.kind !== 'customer') {
      throw new AppError(request.auth?.role === 'agent' ? 'ERR_NO_CURRENT_SHIPPING' : 'ERR_FORBIDDEN');
    }
    filter.orderedByCustomerId = pricing.customerId;
    sort = explicitSort(query, request.language) ?? { kind: 'lastOrdered', customerId: pricing.customerId };
  }
  const settings = await readCatalogueSettings(db);
  const offset = (query.currentPage - 1) * ppp;
  const rows = await repo.findProductPage(db, ctx.database.dialect, filter, sort, ppp, offset);

  // The per-manufacturer tally (total count and manufacturers) does not depend on the customer for
  // products/all (except onSale's price group, part of the key): cached per filter and catalogue version.
  const cacheable = mode === 'all';
  const nowMs = ctx.now().getTime();
  const key = JSON.stringify(filterKey(filter));
  let tally = cacheable ? caches.tallies.get(key, settings.version, nowMs) : undefined;
  if (tally === undefined) {
    tally = await repo.tallyByManufacturer(db, ctx.database.dialect, filter);
    if (cacheable) caches.tallies.set(key, settings.version, tally, nowMs);
  }
  const { count, manufacturers } = summarise(tally, filter);
  const products = await loadProducts(ctx, rows, pricing, request.language, settings);
  return { products, count, manufacturers };
}

/** The cache key of a products/all filter without its manufacturer part. */
function filterKey(filter: ProductFilter): unknown[] {
  return [
    filter.mainCategorySlug ?? null,
    filter.subCategorySlug ?? null,
    filter.seasonal ?? false,
    filter.onSale ? ['onSale', filter.priceGroup] : false,
  ];
}

/** Total count (over the selected manufacturers, if any) and the manufacturers of the result. */
function summarise(
  tally: readonly repo.ManufacturerTally[],
  filter: ProductFilter,
): { count: number; manufacturers: Manufacturer[] } {
  const selected = filter.manufacturers;
  const chosen = selected
    ? tally.filter(
        (row) =>
          row.manufacturerId !== null &&
          (selected.ids.includes(row.manufacturerId) ||
            (row.slug !== null && selected.slugs.includes(row.slug))),
      )
    : tally;
  const manufacturers = tally.flatMap((row) =>
    row.manufacturerId !== null && row.name !== null && row.slug !== null
      ? [{ id: row.manufacturerId, name: row.name, slug: row.slug }]
      : [],
  );
  return { count: chosen.reduce((sum, row) => sum + row.count, 0), manufacturers };
}

/** `GET /api/products/search`, both forms (spec section 7). */
export async function searchProducts(
  ctx: AppContext,
  request: CatalogueRequest,
  query: ProductSearchQueryParsed,
): Promise<ProductListResponse | SimpleSearchResponse> {
  const db = ctx.database.db;
  const dialect = ctx.database.dialect;
  const pricing = await resolvePricingContext(ctx, request.auth);
  const filter = baseFilter(ctx, query, pricing);
  const text = (query.searchString ?? '').trim();
  const folded = foldForSearch(text);
  const words = folded.split(' ').filter((word) => word.length > 0);
  let sort: ProductSort = { kind: 'catalogue' };

  if (query.selectType === 'simple') {
    switch (query.searchType) {
      case 'products-by-name-exact':
        if (words.length === 0) return { data: { products: [] } };
        filter.textWords = words;
        filter.nameExact = folded;
        break;
      case 'products-by-name':
        if (words.length === 0) return { data: { products: [] } };
        filter.textWords = words;
        sort = { kind: 'relevance', folded };
        break;
      case 'products-by-barcode-exact':
        filter.barcodeExact = text;
        break;
      case 'products-by-barcode':
        // Barcodes are part of search_text: its index narrows the candidates before the exact check.
        if (words.length > 0) filter.textWords = words;
        filter.barcodeContains = text.toLowerCase();
        break;
      case 'product-by-sku':
        filter.skuExact = (query.searchSku ?? '').trim().toLowerCase();
        break;
    }
    const settings = await readCatalogueSettings(db);
    const rows = await repo.findProductPage(db, dialect, filter, sort, SIMPLE_SEARCH_LIMIT, 0);
    let products = await loadProducts(ctx, rows, pricing, request.language, settings);
    if (query.searchType === 'products-by-barcode-exact' || query.searchType === 'products-by-barcode') {
      products = products
        .map((product) => ({
          ...product,
          barcodes: product.packSizes.flatMap((size) => (size.barcode ? [size.barcode] : [])).join(','),
        }))
        .filter((product) => product.barcodes.length > 0);
    }
    return { data: { products } };
  }

  let ppp: number;
  let page: number;
  if (query.searchType === 'product-by-sku') {
    // The spec: a SKU search forces productsPerPage=1 and currentPage=1, whatever was sent.
    filter.skuExact = (query.searchSku ?? '').trim().toLowerCase();
    ppp = 1;
    page = 1;
  } else {
    ppp = pageSize(query);
    page = query.currentPage;
    if (words.length === 0) return { products: [], count: 0, manufacturers: [] };
    filter.textWords = words;
    sort = { kind: 'relevance', folded };
  }
  sort = explicitSort(query, request.language) ?? sort;
  const settings = await readCatalogueSettings(db);
  const offset = (page - 1) * ppp;
  const rows = await repo.findProductPage(db, dialect, filter, sort, ppp, offset);
  const { count, manufacturers } = summarise(await repo.tallyByManufacturer(db, dialect, filter), filter);
  const products = await loadProducts(ctx, rows, pricing, request.language, settings);
  return { products, count, manufacturers };
}

/** The calendar day (YYYY-MM-DD) `days` before now in the shop's time zone. */
export function shopDayBefore(now: Date, timeZone: string, days: number): string {
  // The shared helpers keep one date formatter per time zone; building one per call is slow.
  return addDays(localDateTime(now, timeZone).date, -days);
}

/** Days back for the price-change flag. */
export const PRICE_CHANGE_DAYS = 14;

function languageRank(language: string): number {
  const index = (LANGUAGES as readonly string[]).indexOf(language);
  return index < 0 ? LANGUAGES.length : index;
}

/**
 * Rows of one page → products in the spec's shape, with batched detail queries (no N+1).
 * Also used by other modules that show products with the caller's prices (news products,
 * the generated newspaper, the price list).
 */
export async function loadProducts(
  ctx: AppContext,
  rows: ProductRow[],
  pricing: PricingContext,
  language: Language,
  settings: CatalogueSettings,
): Promise<Product[]> {
  if (rows.length === 0) return [];
  const db = ctx.database.db;
  const dialect = ctx.database.dialect;
  const ids = rows.map((row) => row.id);
  const priceGroup = priceGroupOf(pricing);
  const now = ctx.now();
  const [details, packs, categories, entries, history, lastOrdered] = await Promise.all([
    repo.findDetails(db, dialect, ids),
    repo.findPackSizes(db, dialect, ids),
    repo.findProductCategories(db, dialect, ids, language),
    repo.findPriceEntries(db, dialect, ids, priceGroup),
    pricing.kind === 'anonymous'
      ? Promise.resolve([])
      : repo.findHistoricPrices(
          db,
          dialect,
          ids,
          priceGroup,
          shopDayBefore(now, ctx.config.shopTimeZone, PRICE_CHANGE_DAYS),
        ),
    pricing.kind === 'customer'
      ? repo.findLastOrderedQuantities(db, dialect, ids, pricing.customerId)
      : Promise.resolve([]),
  ]);

  const byProduct = <T extends { product_id: number | null }>(list: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      if (item.product_id === null) continue;
      const bucket = map.get(item.product_id);
      if (bucket) bucket.push(item);
      else map.set(item.product_id, [item]);
    }
    return map;
  };
  const detailsOf = byProduct(details);
  const packsOf = byProduct(packs);
  const categoriesOf = byProduct(categories);
  const entriesOf = byProduct(entries);
  const historyPrice = new Map<string, number>();
  for (const row of history)
    historyPrice.set(`${row.product_id}|${row.price_group ?? ''}|${row.quantitative_unit}`, row.price);
  const lastOrderedOf = new Map(lastOrdered.map((row) => [row.product_id, row.quantity]));
  const discount = pricing.kind === 'customer' ? discountPercent(pricing.discountBp) : 0;

  return rows.map((row): Product => {
    const ownDetails = detailsOf.get(row.id) ?? [];
    const detail =
      ownDetails.find((d) => d.language === language) ??
      ownDetails.find((d) => d.language === DEFAULT_LANGUAGE) ??
      [...ownDetails].sort((a, b) => languageRank(a.language) - languageRank(b.language))[0];
    const packSizes = (packsOf.get(row.id) ?? []).map((p) => ({
      unit: p.unit as PackUnitName,
      pieces: p.pieces,
      barcode: p.barcode,
    }));
    const effective = entriesForPriceGroup(
      (entriesOf.get(row.id) ?? []).map((e) => ({
        priceGroup: e.price_group,
        price: Number(e.price),
        specialPrice: e.special_price === null ? null : Number(e.special_price),
        specialPriceStart: e.special_price_start,
        specialPriceEnd: e.special_price_end,
        quantityDiscount: e.quantity_discount,
        quantitativeUnit: e.quantitative_unit as PackUnitName,
        customerDiscount: discount,
      })),
      priceGroup,
    );
    const tiers: PriceEntry[] = effective.map(({ priceGroup: _group, ...tier }) => tier);
    const limits = orderQuantityLimits({
      prices: tiers,
      minOrderQuantity: row.min_order_quantity,
      maxOrderQuantity: row.max_order_quantity,
      stock: row.stock,
      orderQuantityStep: row.order_quantity_step,
    });
    const priced = pricing.kind !== 'anonymous';
    let priceChanged = false;
    if (priced && effective.length > 0) {
      const base = effective[0]!; // the lowest threshold: the piece price
      const past =
        historyPrice.get(`${row.id}|${base.priceGroup ?? ''}|${base.quantitativeUnit}`) ??
        historyPrice.get(`${row.id}||${base.quantitativeUnit}`);
      priceChanged = past !== undefined && Number(past) !== base.price;
    }
    const manufacturer =
      row.manufacturer_id !== null && row.manufacturer_name !== null && row.manufacturer_slug !== null
        ? { id: row.manufacturer_id, name: row.manufacturer_name, slug: row.manufacturer_slug }
        : null;
    return {
      id: row.id,
      sku: row.sku,
      productDetails: detail
        ? [{ language: detail.language, name: detail.name, description: detail.description }]
        : [],
      prices: priced ? tiers : [],
      currentPrice: priced ? currentPrice(tiers, Math.max(1, limits.minimum ?? 1), now) : null,
      vat: Number(row.vat),
      weight: Number(row.weight),
      image: row.image,
      stock: Number(row.stock),
      stockStatus: stockStatus(
        { stock: row.stock, packSizes, orderQuantityStep: row.order_quantity_step },
        settings.fewStockThreshold,
      ),
      isActive: row.is_active === 1,
      isOrderable: row.is_orderable === 1,
      isSeasonal: row.is_seasonal === 1,
      minOrderQuantity: row.min_order_quantity,
      maxOrderQuantity: row.max_order_quantity,
      orderQuantityStep: row.order_quantity_step,
      lastOrderedQuantity: lastOrderedOf.get(row.id) ?? 0,
      packSizes,
      categories: (categoriesOf.get(row.id) ?? []).map((c) => ({
        slug: c.slug,
        name: c.name_language ?? c.name_hu ?? c.slug,
        parentSlug: c.parent_slug,
      })),
      manufacturer,
      description: detail?.description ?? '',
      discount: hasValidSpecialPrice(tiers, now),
      priceChanged,
    };
  });
}

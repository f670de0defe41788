import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Language } from '@shop/shared/i18n/languages';
import {
  parseProductsPerPage,
  productListQuerySchema,
  productSearchQuerySchema,
  SIMPLE_SEARCH_LIMIT,
  type Manufacturer,
  type Product,
  type ProductListQueryParsed,
  type ProductSearchQueryParsed,
} from '@shop/shared/contracts/products';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { AppContext } from '../../app-context';
import { readDatabase } from '../../db/read-replicas';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import {
  CACHE_TTL_MS,
  CatalogueCache,
  catalogueSettingsOf,
  readCatalogueSettings,
  type CatalogueSettings,
} from './catalogue-cache.service';
import {
  CatalogueReadModel,
  loadCategoryDictionary,
  loadStaticProducts,
  writeProductJson,
  productObject,
  priceViewKey,
  type ViewContext,
} from './catalogue-read-model';
import { findCart } from '../cart/cart.repository';
import {
  latestTokenCheckRow,
  pageLiveFromTokenCheck,
  resolveActingCustomer,
  tokenCheckRow,
} from '../shipping-addresses/acting-customer.service';
import {
  findUserWithCurrentAddress,
  type TokenCheckPage,
  type UserWithCurrentAddress,
} from '../shipping-addresses/shipping-addresses.repository';
import { JsonPieces } from './json-pieces';
import * as repo from './products.repository';
import type { ProductFilter, ProductRow, ProductSort } from './products.repository';
import { sameIds } from '../../lib/same-ids';
import { addDays, localDateTime } from '@shop/shared/rules/calendar-date';
import {
  type AssortmentMembership,
  knownMembership,
  membershipOrNull,
} from '../assortments/assortment-membership';

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
  | {
      kind: 'customer';
      customerId: number;
      priceGroup: string | null;
      discountBp: number;
      /** The customer's assortment (modules/assortments): it sees only that; null: everything. */
      assortmentId: number | null;
    };

export async function resolvePricingContext(ctx: AppContext, auth: AuthUser | null): Promise<PricingContext> {
  if (!auth) return { kind: 'anonymous' };
  // The row the request's token check read; else (a call outside a request) the same row read now.
  const row = tokenCheckRow(auth) ?? (await findUserWithCurrentAddress(ctx.database.db, auth.userId));
  return row ? pricingOfTokenCheckRow(auth, row) : { kind: 'list' };
}

/**
 * The same pricing from the row the request's token check read (acting-customer.service.ts): the
 * customer's own customer, or the customer of the agent's current address if it is the agent's
 * (the one place this rule is written).
 */
function pricingOfTokenCheckRow(
  auth: Pick<AuthUser, 'role' | 'customerId' | 'userId'>,
  row: UserWithCurrentAddress,
): PricingContext {
  const own = auth.role === 'customer' && auth.customerId !== null;
  const agents = auth.role === 'agent' && row.address_agent_user_id === auth.userId;
  const customerId = own ? row.own_customer_id : agents ? row.address_customer_id : null;
  if (customerId === null) return { kind: 'list' };
  return {
    kind: 'customer',
    customerId,
    priceGroup: own ? row.own_price_group : row.address_price_group,
    discountBp: (own ? row.own_discount_bp : row.address_discount_bp) ?? 0,
    assortmentId: own
      ? (row.own_assortment_id ?? row.own_group_assortment_id)
      : (row.address_own_assortment_id ?? row.address_group_assortment_id),
  };
}

/** The assortment a pricing context is limited to (null: the whole catalogue). */
export function assortmentOf(pricing: PricingContext): number | null {
  return pricing.kind === 'customer' ? pricing.assortmentId : null;
}

/**
 * Per-process caches of `products/all` and the search (docs/decisions/0008-catalogue-read-model.md),
 * each valid for one catalogue version and at most CACHE_TTL_MS: the whole ordered result of a filter
 * (ids and manufacturers), its per-manufacturer tally, and the static products.
 */
export interface ListingCaches {
  tallies: CatalogueCache<Promise<repo.ManufacturerTally[]>>;
  results: CatalogueCache<Promise<ResultList>>;
  model: CatalogueReadModel;
  /** The catalogue version the last request read (anonymous requests guess their page with it). */
  latestVersion?: string;
}
export function createListingCaches(): ListingCaches {
  return {
    tallies: new CatalogueCache<Promise<repo.ManufacturerTally[]>>(),
    results: new CatalogueCache<Promise<ResultList>>(CACHE_TTL_MS, MAX_CACHED_RESULTS),
    model: new CatalogueReadModel(),
  };
}

/** At most this many whole results are kept (a result is at most the catalogue's ids). */
const MAX_CACHED_RESULTS = 100;
const MAX_MANUFACTURER_SELECTIONS = 50;

/** A whole filtered result in listing order, ignoring the manufacturer filter. */
interface ResultList {
  ids: number[];
  manufacturerIds: (number | null)[];
  /** The ids restricted to a manufacturer selection, per selection. */
  selections: Map<string, number[]>;
  /** The result narrowed to an assortment, per assortment membership (of the same version). */
  scoped?: WeakMap<AssortmentMembership, ScopedResult>;
}

interface ScopedResult {
  list: ResultList;
  tally: repo.ManufacturerTally[];
}

/**
 * A whole result narrowed to a customer's assortment (issue 17 point 6): one pass over the cached
 * ids with the membership's byte array, its tally recounted from the kept manufacturers (names and
 * order from the whole result's tally). Kept with the result, so a page of a warm result costs a
 * slice, as without an assortment.
 */
function scopedResult(
  list: ResultList,
  tally: readonly repo.ManufacturerTally[],
  membership: AssortmentMembership,
): ScopedResult {
  list.scoped ??= new WeakMap();
  let scoped = list.scoped.get(membership);
  if (scoped === undefined) {
    const ids: number[] = [];
    const manufacturerIds: (number | null)[] = [];
    const counts = new Map<number | null, number>();
    for (let index = 0; index < list.ids.length; index += 1) {
      const id = list.ids[index]!;
      if (!membership.has(id)) continue;
      const manufacturer = list.manufacturerIds[index] ?? null;
      ids.push(id);
      manufacturerIds.push(manufacturer);
      counts.set(manufacturer, (counts.get(manufacturer) ?? 0) + 1);
    }
    scoped = {
      list: { ids, manufacturerIds, selections: new Map() },
      tally: tally.flatMap((row) => {
        const count = counts.get(row.manufacturerId) ?? 0;
        return count > 0 ? [{ ...row, count }] : [];
      }),
    };
    list.scoped.set(membership, scoped);
  }
  return scoped;
}

/** The cached value of `key`, or `load()` shared by every request that asks before it settles. */
function cachedAsync<T>(
  cache: CatalogueCache<Promise<T>>,
  key: string,
  version: string,
  nowMs: number,
  load: () => Promise<T>,
): Promise<T> {
  const hit = cache.get(key, version, nowMs);
  if (hit) return hit;
  const promise = load();
  cache.set(key, version, promise, nowMs);
  promise.then(
    (value) => settledValues.set(promise, value),
    () => cache.deleteIf(key, promise),
  );
  return promise;
}

/** The values of cachedAsync's promises that have settled (for peekCached). */
const settledValues = new WeakMap<Promise<unknown>, unknown>();

/** Without waiting: the settled cached value of `key`, or undefined (not cached, or still loading). */
function peekCached<T>(
  cache: CatalogueCache<Promise<T>>,
  key: string,
  version: string,
  nowMs: number,
): T | undefined {
  const hit = cache.get(key, version, nowMs);
  return hit && (settledValues.get(hit) as T | undefined);
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

/**
 * The caller's pricing and the catalogue settings, read from the catalogue database (the same for
 * everyone, so it may be a read replica: db/read-replicas.ts), with the read model brought to the
 * settings' version (a new version drops only the products it changed, when the bumps name them:
 * decision 0008).
 */
async function catalogueRequestContext(
  ctx: AppContext,
  request: CatalogueRequest,
  caches: ListingCaches,
  planOf?: (pricing: PricingContext) => PagePlan | undefined,
): Promise<{ pricing: PricingContext; settings: CatalogueSettings }> {
  const read = readDatabase(ctx);
  // Anonymous: the settings' statement also reads the stock of the page the request will most likely
  // show, guessed from this process's latest catalogue version (decision 0026); the handler uses it
  // only if its page is exactly that one.
  const guess =
    request.auth === null && planOf && caches.latestVersion !== undefined
      ? guessedIds(ctx, caches, planOf, { kind: 'anonymous' }, caches.latestVersion)
      : undefined;
  let pricing: PricingContext;
  let settings: CatalogueSettings;
  if (guess !== undefined) {
    pricing = { kind: 'anonymous' };
    const answer = await repo.findSettingsAndStock(read.db, read.dialect, guess);
    settings = catalogueSettingsOf(answer.version, answer.fewStockThreshold);
    pagesReadWithSettings.set(request, { ids: guess, live: { stock: answer.stock, lastOrdered: new Map() } });
  } else {
    [pricing, settings] = await Promise.all([
      resolvePricingContext(ctx, request.auth),
      catalogueSettingsFor(ctx, request.auth),
    ]);
  }
  caches.latestVersion = settings.version;
  await caches.model.adopt(read.db, settings.version);
  return { pricing, settings };
}

/** The page an anonymous request's settings statement read the stock of (catalogueRequestContext). */
const pagesReadWithSettings = new WeakMap<
  CatalogueRequest,
  { ids: readonly number[]; live: repo.PageLive }
>();

/**
 * The catalogue settings (version, few-stock threshold) as the catalogue database has them. A
 * signed-in request's token check read them with the user (acting-customer.service.ts), from the
 * primary: used only when the catalogue is read there too (a replica's read model must be brought to
 * the replica's own version); else one query.
 */
export async function catalogueSettingsFor(
  ctx: AppContext,
  auth: AuthUser | null,
): Promise<CatalogueSettings> {
  const catalogue = readDatabase(ctx).db;
  const known = auth && catalogue === ctx.database.db ? tokenCheckRow(auth) : undefined;
  return known
    ? catalogueSettingsOf(known.catalogue_version, known.few_stock_threshold)
    : readCatalogueSettings(catalogue);
}

/** `GET /api/products/all` and `GET /api/products/ordered-products`: the answer as UTF-8 JSON. */
export async function listProducts(
  ctx: AppContext,
  request: CatalogueRequest,
  query: ProductListQueryParsed,
  mode: 'all' | 'ordered',
  caches: ListingCaches,
): Promise<JsonAnswer> {
  const ppp = pageSize(query);
  // The customer's own orders and cart are read on the primary (they must show the last change).
  const db = ctx.database.db;
  const dialect = ctx.database.dialect;
  const { pricing, settings } = await catalogueRequestContext(ctx, request, caches, (guessed) =>
    mode === 'all' ? listingPlan(ctx, query, guessed, request.language) : undefined,
  );
  const filter = baseFilter(ctx, query, pricing);
  const offset = (query.currentPage - 1) * ppp;
  let sort: ProductSort | undefined = explicitSort(query, request.language);
  if (mode === 'ordered') {
    if (pricing.kind !== 'customer') {
      throw new AppError(request.auth?.role === 'agent' ? 'ERR_NO_CURRENT_SHIPPING' : 'ERR_FORBIDDEN');
    }
    filter.orderedByCustomerId = pricing.customerId;
    if (pricing.assortmentId !== null) filter.assortmentId = pricing.assortmentId;
    sort ??= { kind: 'lastOrdered', customerId: pricing.customerId };
  }
  if (query.inCart) {
    const cartId = await actingCartId(ctx, request.auth);
    if (cartId === null) return Buffer.from('{"products":[],"count":0,"manufacturers":[]}');
    filter.inCartId = cartId;
  }
  if (filter.orderedByCustomerId !== undefined || filter.inCartId !== undefined) {
    // The customer's own orders and cart change all the time: paged and counted in the database.
    const [rows, tally] = await Promise.all([
      repo.findProductPage(db, dialect, filter, sort ?? { kind: 'catalogue' }, ppp, offset),
      repo.tallyByManufacturer(db, dialect, filter),
    ]);
    const stock = new Map(rows.map((row) => [row.id, Number(row.stock)]));
    const ids = rows.map((row) => row.id);
    if (ids.length > STREAMED_PAGE_MIN) {
      return streamedListing(ctx, caches, ids, stock, pricing, request.language, settings, tally, filter);
    }
    const products = await renderProducts(ctx, caches, ids, stock, pricing, request.language, settings);
    return listingJson(products, tally, filter);
  }
  return pagedListing(
    ctx,
    caches,
    request,
    filter,
    sort ?? { kind: 'catalogue' },
    ppp,
    offset,
    pricing,
    settings,
  );
}

/**
 * The cart of the acting customer for `inCart=true` (the cart page's products): a login is needed;
 * an agent without a current address gets ERR_NO_CURRENT_SHIPPING like every cart call. Null: no
 * cart yet.
 */
async function actingCartId(ctx: AppContext, auth: AuthUser | null): Promise<number | null> {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  const acting = await resolveActingCustomer(ctx, auth);
  const cart = await findCart(ctx.database.db, acting.userId, acting.customerId);
  return cart?.id ?? null;
}

/** A page of a cached whole result, with its count and manufacturers, as JSON text. */
async function pagedListing(
  ctx: AppContext,
  caches: ListingCaches,
  request: CatalogueRequest,
  filter: ProductFilter,
  sort: ProductSort,
  ppp: number,
  offset: number,
  pricing: PricingContext,
  settings: CatalogueSettings,
): Promise<JsonAnswer> {
  const [whole, wholeTally, membership] = await Promise.all([
    resultList(ctx, caches, filter, sort, settings.version),
    resultTally(ctx, caches, filter, settings.version),
    membershipOrNull(readDatabase(ctx).db, settings.version, assortmentOf(pricing)),
  ]);
  const { ids, tally } = pageOfResult(whole, wholeTally, membership, filter, ppp, offset);
  // The live data of the page (of a streamed page, its first chunk), if the token check read it with
  // the user (speculatedPage guessed this page).
  const live = liveReadAhead(request, pricing, firstPiece(ids));
  if (ids.length > STREAMED_PAGE_MIN) {
    return streamedListing(ctx, caches, ids, null, pricing, request.language, settings, tally, filter, live);
  }
  const products = await renderProducts(ctx, caches, ids, live, pricing, request.language, settings);
  return listingJson(products, tally, filter);
}

/** The ids rendered first: a page, or a streamed page's first chunk. */
function firstPiece(ids: number[]): number[] {
  return ids.length > STREAMED_PAGE_MIN ? ids.slice(0, STREAMED_CHUNK) : ids;
}

/** A page of a whole result: narrowed to the assortment, to the selected manufacturers, then sliced. */
function pageOfResult(
  whole: ResultList,
  wholeTally: repo.ManufacturerTally[],
  membership: AssortmentMembership | null,
  filter: ProductFilter,
  ppp: number,
  offset: number,
): { ids: number[]; tally: repo.ManufacturerTally[] } {
  const { list, tally } = membership
    ? scopedResult(whole, wholeTally, membership)
    : { list: whole, tally: wholeTally };
  return { ids: selectManufacturers(list, tally, filter).slice(offset, offset + ppp), tally };
}

/**
 * The live data of these ids if the request already read exactly them: a signed-in customer's with
 * its token check (speculatedPage), an anonymous request's with the catalogue settings
 * (catalogueRequestContext). Else null: the caller reads them.
 */
function liveReadAhead(
  request: CatalogueRequest,
  pricing: PricingContext,
  ids: readonly number[],
): repo.PageLive | null {
  if (request.auth === null) {
    const read = pagesReadWithSettings.get(request);
    return read !== undefined && pricing.kind === 'anonymous' && sameIds(read.ids, ids) ? read.live : null;
  }
  if (pricing.kind !== 'customer') return null;
  return pageLiveFromTokenCheck(request.auth, ids, pricing.customerId) ?? null;
}

/** The page of `GET /api/products/all` (not the cart's products, inCart: undefined). */
function listingPlan(
  ctx: AppContext,
  query: ProductListQueryParsed,
  pricing: PricingContext,
  language: Language,
): PagePlan | undefined {
  if (query.inCart) return undefined;
  const ppp = pageSize(query);
  const sort = explicitSort(query, language) ?? { kind: 'catalogue' };
  const offset = (query.currentPage - 1) * ppp;
  return { kind: 'paged', filter: baseFilter(ctx, query, pricing), sort, ppp, offset };
}

/** A plan made from a query not yet validated (speculatedPage): undefined when it does not parse. */
type RawPlan = (
  ctx: AppContext,
  query: unknown,
  pricing: PricingContext,
  language: Language,
) => PagePlan | undefined;

function rawPlan<S extends z.ZodType>(
  schema: S,
  plan: (
    ctx: AppContext,
    query: z.output<S>,
    pricing: PricingContext,
    language: Language,
  ) => PagePlan | undefined,
): RawPlan {
  return (ctx, query, pricing, language) => {
    const parsed = schema.safeParse(query);
    return parsed.success ? plan(ctx, parsed.data, pricing, language) : undefined;
  };
}

/** The plans of `GET /api/products/all` and `GET /api/products/search` for speculatedPage. */
export const listingPlanOf = rawPlan(productListQuerySchema, listingPlan);
export const searchPlanOf = rawPlan(productSearchQuerySchema, searchPlan);

/**
 * The page a customer's catalogue request (`products/all`, `products/search`) will most likely
 * answer, guessed before its token check from the user's latest token-check row in this process
 * (catalogue version, pricing, assortment) and the warm caches, without a query. The token check
 * then reads the page's live data (stock, last ordered quantities) in its own statement, so a warm
 * page costs one statement instead of two (issue 18, docs/decisions/0026-token-check-carries-the-page.md).
 * Only a guess: the handler uses that data only if the page it makes from the fresh row is exactly
 * this one, for the same customer (pageLiveFromTokenCheck); else it reads the live data itself. A
 * streamed page's guess is its first chunk. Undefined when anything needed is not warm, when the
 * query is invalid (the handler answers the error), or with read replicas.
 */
export function speculatedPage(
  ctx: AppContext,
  caches: ListingCaches,
  request: { query: unknown; language: Language },
  userId: number,
  planOf: RawPlan,
): TokenCheckPage | undefined {
  const row = latestTokenCheckRow(userId);
  if (row === undefined || readDatabase(ctx).db !== ctx.database.db) return undefined;
  const pricing = pricingOfTokenCheckRow(
    { role: row.role, customerId: row.customer_id, userId: row.id },
    row,
  );
  if (pricing.kind !== 'customer') return undefined;
  const version = catalogueSettingsOf(row.catalogue_version, row.few_stock_threshold).version;
  const ids = guessedIds(
    ctx,
    caches,
    (guessed) => planOf(ctx, request.query, guessed, request.language),
    pricing,
    version,
  );
  return ids === undefined ? undefined : { ids, customerId: pricing.customerId };
}

/**
 * The ids a plan shows at a catalogue version, from settled cache entries only (no query), or
 * undefined: nothing warm, a fixed answer, an empty page, or an invalid query (the handler answers
 * its error). A streamed page's first chunk.
 */
function guessedIds(
  ctx: AppContext,
  caches: ListingCaches,
  planOf: (pricing: PricingContext) => PagePlan | undefined,
  pricing: PricingContext,
  version: string,
): number[] | undefined {
  let plan: PagePlan | undefined;
  try {
    plan = planOf(pricing);
  } catch {
    return undefined; // an invalid page size: the handler answers it
  }
  if (plan === undefined || plan.kind === 'fixed') return undefined;
  const nowMs = ctx.now().getTime();
  const { filter, sort } = plan;
  const whole = peekCached(caches.results, JSON.stringify([filterKey(filter), sort]), version, nowMs);
  const membership = knownMembership(readDatabase(ctx).db, version, assortmentOf(pricing));
  if (whole === undefined || membership === undefined) return undefined;
  let ids: number[];
  if (plan.kind === 'simple') {
    ids = simpleIds(whole, membership);
  } else {
    const wholeTally = peekCached(caches.tallies, JSON.stringify(filterKey(filter)), version, nowMs);
    if (wholeTally === undefined) return undefined;
    ids = firstPiece(pageOfResult(whole, wholeTally, membership, filter, plan.ppp, plan.offset).ids);
  }
  return ids.length > 0 ? ids : undefined;
}

/**
 * A listing answer: one buffer, or for a page of more than STREAMED_PAGE_MIN products (the spec's
 * "all" page, productsPerPage=99999) a stream of UTF-8 JSON pieces (issue 18).
 */
export type JsonAnswer = Buffer | Readable;

/** Pages with more products than this are streamed (the largest ordinary page is 100). */
export const STREAMED_PAGE_MIN = 100;
/** Products rendered per piece of a streamed page: a handful of batched queries each. */
export const STREAMED_CHUNK = 500;

function listingTail(tally: readonly repo.ManufacturerTally[], filter: ProductFilter): string {
  return `],"count":${selectedCount(tally, filter)},"manufacturers":${manufacturersJson(tally)}}`;
}

function listingJson(
  products: JsonPieces,
  tally: readonly repo.ManufacturerTally[],
  filter: ProductFilter,
): Buffer {
  return jsonAnswer('{"products":[', products, listingTail(tally, filter));
}

/**
 * The listing answer of a large page as a stream (issue 18, docs/product.md §3.1): the same JSON as
 * listingJson, written STREAMED_CHUNK products at a time while the client reads. Readable.from asks
 * the generator for the next piece only when the socket (or the compressor) has taken the last one,
 * so the memory held is one chunk's products and buffers, whatever the page size; the products are
 * not kept in the read model's cache, which stays with the hot products of the ordinary pages.
 */
function streamedListing(
  ctx: AppContext,
  caches: ListingCaches,
  ids: readonly number[],
  stock: Map<number, number> | null,
  pricing: PricingContext,
  language: Language,
  settings: CatalogueSettings,
  tally: readonly repo.ManufacturerTally[],
  filter: ProductFilter,
  firstChunkLive: repo.PageLive | null = null,
): Readable {
  const tail = listingTail(tally, filter);
  async function* pieces(): AsyncGenerator<Buffer> {
    yield Buffer.from('{"products":[');
    let written = 0;
    for (let start = 0; start < ids.length; start += STREAMED_CHUNK) {
      const chunk = ids.slice(start, start + STREAMED_CHUNK);
      const products = await renderProducts(
        ctx,
        caches,
        chunk,
        start === 0 && firstChunkLive ? firstChunkLive : stock,
        pricing,
        language,
        settings,
        false,
        false,
      );
      if (products.count === 0) continue;
      yield products.toBuffer(written > 0 ? ',' : '', '');
      written += products.count;
    }
    yield Buffer.from(tail);
  }
  return Readable.from(pieces(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** The manufacturers of a tally as JSON, written once per tally (a cached tally serves many requests). */
const manufacturersJsonOf = new WeakMap<readonly repo.ManufacturerTally[], string>();
function manufacturersJson(tally: readonly repo.ManufacturerTally[]): string {
  let json = manufacturersJsonOf.get(tally);
  if (json === undefined) {
    json = JSON.stringify(resultManufacturers(tally));
    manufacturersJsonOf.set(tally, json);
  }
  return json;
}

/** The cache key of a filter without its manufacturer part (and without `now`). */
function filterKey(filter: ProductFilter): unknown[] {
  return [
    filter.mainCategorySlug ?? null,
    filter.subCategorySlug ?? null,
    filter.seasonal ?? false,
    filter.onSale ? ['onSale', filter.priceGroup] : false,
    filter.textWords ?? null,
    filter.nameExact ?? null,
    filter.skuExact ?? null,
    filter.barcodeExact ?? null,
    filter.barcodeContains ?? null,
  ];
}

function resultList(
  ctx: AppContext,
  caches: ListingCaches,
  filter: ProductFilter,
  sort: ProductSort,
  version: string,
): Promise<ResultList> {
  const key = JSON.stringify([filterKey(filter), sort]);
  return cachedAsync(caches.results, key, version, ctx.now().getTime(), async () => {
    const read = readDatabase(ctx);
    const rows = await repo.findOrderedIds(read.db, read.dialect, filter, sort);
    return {
      ids: rows.map((row) => row.id),
      manufacturerIds: rows.map((row) => row.manufacturer_id),
      selections: new Map(),
    };
  });
}

/** The per-manufacturer tally of a filter (its total count and manufacturers), cached per filter. */
function resultTally(
  ctx: AppContext,
  caches: ListingCaches,
  filter: ProductFilter,
  version: string,
): Promise<repo.ManufacturerTally[]> {
  const key = JSON.stringify(filterKey(filter));
  return cachedAsync(caches.tallies, key, version, ctx.now().getTime(), () =>
    repo.tallyByManufacturer(readDatabase(ctx).db, readDatabase(ctx).dialect, filter),
  );
}

/** The chosen manufacturers of a selection (ids or slugs) among those of the result. */
function chosenManufacturers(
  tally: readonly repo.ManufacturerTally[],
  filter: ProductFilter,
): repo.ManufacturerTally[] {
  const selected = filter.manufacturers;
  if (!selected) return [...tally];
  return tally.filter(
    (row) =>
      row.manufacturerId !== null &&
      (selected.ids.includes(row.manufacturerId) || (row.slug !== null && selected.slugs.includes(row.slug))),
  );
}

/** The ids of a result restricted to the selected manufacturers (cached per selection). */
function selectManufacturers(
  list: ResultList,
  tally: readonly repo.ManufacturerTally[],
  filter: ProductFilter,
): number[] {
  if (!filter.manufacturers) return list.ids;
  const chosen = new Set(chosenManufacturers(tally, filter).map((row) => row.manufacturerId));
  const key = [...chosen].sort((a, b) => (a ?? 0) - (b ?? 0)).join(',');
  let ids = list.selections.get(key);
  if (ids === undefined) {
    ids = list.ids.filter((_id, index) => chosen.has(list.manufacturerIds[index] ?? null));
    if (list.selections.size >= MAX_MANUFACTURER_SELECTIONS) list.selections.clear();
    list.selections.set(key, ids);
  }
  return ids;
}

/** Total count of the result (over the selected manufacturers, if any). */
function selectedCount(tally: readonly repo.ManufacturerTally[], filter: ProductFilter): number {
  if (!filter.manufacturers) {
    let count = 0;
    for (const row of tally) count += row.count;
    return count;
  }
  return chosenManufacturers(tally, filter).reduce((sum, row) => sum + row.count, 0);
}

/** The manufacturers of the result. */
function resultManufacturers(tally: readonly repo.ManufacturerTally[]): Manufacturer[] {
  return tally.flatMap((row) =>
    row.manufacturerId !== null && row.name !== null && row.slug !== null
      ? [{ id: row.manufacturerId, name: row.name, slug: row.slug }]
      : [],
  );
}

/**
 * What a search or listing request shows, decided from its query and pricing alone (no query):
 * a fixed answer, the simple search's first SIMPLE_SEARCH_LIMIT products, or a page of a result.
 * The handler runs it; speculatedPage uses it to guess the page before the token check.
 */
type PagePlan =
  | { kind: 'fixed'; json: Buffer }
  | { kind: 'simple'; filter: ProductFilter; sort: ProductSort; barcodes: boolean }
  | { kind: 'paged'; filter: ProductFilter; sort: ProductSort; ppp: number; offset: number };

/** The plan of `GET /api/products/search`, both forms (docs/product.md §7). */
function searchPlan(
  ctx: AppContext,
  query: ProductSearchQueryParsed,
  pricing: PricingContext,
  language: Language,
): PagePlan {
  const filter = baseFilter(ctx, query, pricing);
  const text = (query.searchString ?? '').trim();
  const folded = foldForSearch(text);
  const words = folded.split(' ').filter((word) => word.length > 0);
  let sort: ProductSort = { kind: 'catalogue' };

  if (query.selectType === 'simple') {
    const empty: PagePlan = { kind: 'fixed', json: Buffer.from('{"data":{"products":[]}}') };
    switch (query.searchType) {
      case 'products-by-name-exact':
        if (words.length === 0) return empty;
        filter.textWords = words;
        filter.nameExact = folded;
        break;
      case 'products-by-name':
        if (words.length === 0) return empty;
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
    const barcodes =
      query.searchType === 'products-by-barcode-exact' || query.searchType === 'products-by-barcode';
    return { kind: 'simple', filter, sort, barcodes };
  }

  let ppp: number;
  let page: number;
  if (query.searchType === 'product-by-sku') {
    // docs/product.md §5.3: a SKU search forces productsPerPage=1 and currentPage=1, whatever was sent.
    filter.skuExact = (query.searchSku ?? '').trim().toLowerCase();
    ppp = 1;
    page = 1;
  } else {
    ppp = pageSize(query);
    page = query.currentPage;
    if (words.length === 0) {
      return { kind: 'fixed', json: Buffer.from('{"products":[],"count":0,"manufacturers":[]}') };
    }
    filter.textWords = words;
    sort = { kind: 'relevance', folded };
  }
  sort = explicitSort(query, language) ?? sort;
  return { kind: 'paged', filter, sort, ppp, offset: (page - 1) * ppp };
}

/** The simple search's products of a whole result: the first SIMPLE_SEARCH_LIMIT in the assortment. */
function simpleIds(whole: ResultList, membership: AssortmentMembership | null): number[] {
  return membership
    ? membership.filter(whole.ids, SIMPLE_SEARCH_LIMIT)
    : whole.ids.slice(0, SIMPLE_SEARCH_LIMIT);
}

/** `GET /api/products/search`, both forms (docs/product.md §7), as UTF-8 JSON. */
export async function searchProducts(
  ctx: AppContext,
  request: CatalogueRequest,
  query: ProductSearchQueryParsed,
  caches: ListingCaches,
): Promise<JsonAnswer> {
  const { pricing, settings } = await catalogueRequestContext(ctx, request, caches, (guessed) =>
    searchPlan(ctx, query, guessed, request.language),
  );
  const plan = searchPlan(ctx, query, pricing, request.language);
  if (plan.kind === 'fixed') return plan.json;
  if (plan.kind === 'paged') {
    const { filter, sort, ppp, offset } = plan;
    return pagedListing(ctx, caches, request, filter, sort, ppp, offset, pricing, settings);
  }
  const [whole, membership] = await Promise.all([
    resultList(ctx, caches, plan.filter, plan.sort, settings.version),
    membershipOrNull(readDatabase(ctx).db, settings.version, assortmentOf(pricing)),
  ]);
  const ids = simpleIds(whole, membership);
  const products = await renderProducts(
    ctx,
    caches,
    ids,
    liveReadAhead(request, pricing, ids),
    pricing,
    request.language,
    settings,
    plan.barcodes,
  );
  return jsonAnswer('{"data":{"products":[', products, ']}}');
}

/** The calendar day (YYYY-MM-DD) `days` before now in the shop's time zone. */
export function shopDayBefore(now: Date, timeZone: string, days: number): string {
  // The shared helpers keep one date formatter per time zone; building one per call is slow.
  // Formatting is still a few microseconds, so the last answer is kept for its minute: every time
  // zone in use today is offset from UTC by whole minutes, so a local date never changes inside a
  // UTC minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastShopDay;
  if (last && last.minute === minute && last.timeZone === timeZone && last.days === days) return last.day;
  const day = addDays(localDateTime(now, timeZone).date, -days);
  lastShopDay = { minute, timeZone, days, day };
  return day;
}

let lastShopDay: { minute: number; timeZone: string; days: number; day: string } | undefined;

/** Days back for the price-change flag. */
export const PRICE_CHANGE_DAYS = 14;

function viewContext(
  ctx: AppContext,
  pricing: PricingContext,
  language: Language,
  settings: CatalogueSettings,
): ViewContext {
  const now = ctx.now();
  const priceGroup = priceGroupOf(pricing);
  const discountBp = pricing.kind === 'customer' ? pricing.discountBp : 0;
  return {
    audience: {
      priced: pricing.kind !== 'anonymous',
      priceGroup,
      discountBp,
      key: priceViewKey({ priceGroup, discountBp }),
    },
    language,
    now,
    priceChangeDay: shopDayBefore(now, ctx.config.shopTimeZone, PRICE_CHANGE_DAYS),
    fewStockThreshold: settings.fewStockThreshold,
  };
}

/**
 * The products of these ids, in this order, as comma-separated JSON objects: static parts from the
 * read model, stock (from `stock`, else one query) and last ordered quantities read live. Ids that no
 * longer exist are left out.
 */
async function renderProducts(
  ctx: AppContext,
  caches: ListingCaches,
  ids: readonly number[],
  stock: Map<number, number> | repo.PageLive | null,
  pricing: PricingContext,
  language: Language,
  settings: CatalogueSettings,
  withBarcodes = false,
  keepInModel = true,
): Promise<JsonPieces> {
  if (ids.length === 0) return new JsonPieces();
  // The catalogue and its stock from a replica when there is one; the customer's own last orders
  // from the primary.
  const read = readDatabase(ctx);
  const [statics, live] = await Promise.all([
    caches.model.staticProducts(read.db, read.dialect, ids, keepInModel),
    liveData(ctx, read, ids, stock, pricing),
  ]);
  const stockOf = live.stock;
  const lastOrderedOf = live.lastOrdered;
  const view = viewContext(ctx, pricing, language, settings);
  const out = new JsonPieces();
  for (const id of ids) {
    const product = statics.get(id);
    const pieces = stockOf.get(id);
    if (!product || pieces === undefined) continue;
    if (withBarcodes && product.barcodes.length === 0) continue;
    if (out.count > 0) out.ascii(',');
    writeProductJson(
      out,
      product,
      { stock: pieces, lastOrderedQuantity: lastOrderedOf.get(id) ?? 0 },
      view,
      withBarcodes,
    );
  }
  return out;
}

/**
 * What is live per request for a page: the stock (given, or read) and the customer's last ordered
 * quantities (from the primary: they must show the customer's last order). Both from one database
 * (no read replica): one statement, one round trip. Both given (read by the request's token check,
 * speculatedPage): none.
 */
async function liveData(
  ctx: AppContext,
  read: ReturnType<typeof readDatabase>,
  ids: readonly number[],
  given: Map<number, number> | repo.PageLive | null,
  pricing: PricingContext,
): Promise<{ stock: Map<number, number>; lastOrdered: Map<number | null, number> }> {
  if (given !== null && !(given instanceof Map)) return given;
  const stock = given;
  if (pricing.kind !== 'customer') {
    return { stock: stock ?? (await repo.findStock(read.db, read.dialect, ids)), lastOrdered: new Map() };
  }
  if (stock === null && read.db === ctx.database.db) {
    return repo.findStockAndLastOrdered(read.db, read.dialect, ids, pricing.customerId);
  }
  const [liveStock, lastOrdered] = await Promise.all([
    stock ?? repo.findStock(read.db, read.dialect, ids),
    repo.findLastOrderedQuantities(ctx.database.db, ctx.database.dialect, ids, pricing.customerId),
  ]);
  return { stock: liveStock, lastOrdered: new Map(lastOrdered.map((row) => [row.product_id, row.quantity])) };
}

/** A JSON answer: `head`, the products separated by commas, `tail`. */
function jsonAnswer(head: string, products: JsonPieces, tail: string): Buffer {
  return products.toBuffer(head, tail);
}

/**
 * Rows of one page → products in the shape of docs/product.md §3.1, with batched queries (no N+1). Used by other
 * modules that show products with the caller's prices (news products, the generated newspaper, the
 * price list); the same read model code as the listing, without its per-process cache.
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
  // A customer with an assortment sees only its products (news, newspaper, price list alike).
  const membership = await membershipOrNull(db, settings.version, assortmentOf(pricing));
  if (membership) rows = rows.filter((row) => membership.has(row.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [statics, lastOrdered] = await Promise.all([
    loadCategoryDictionary(db).then((categories) => loadStaticProducts(db, dialect, ids, categories)),
    pricing.kind === 'customer'
      ? repo.findLastOrderedQuantities(db, dialect, ids, pricing.customerId)
      : Promise.resolve([]),
  ]);
  const lastOrderedOf = new Map(lastOrdered.map((row) => [row.product_id, row.quantity]));
  const view = viewContext(ctx, pricing, language, settings);
  return rows.flatMap((row) => {
    const product = statics.get(row.id);
    return product
      ? [
          productObject(
            product,
            { stock: Number(row.stock), lastOrderedQuantity: lastOrderedOf.get(row.id) ?? 0 },
            view,
          ),
        ]
      : [];
  });
}

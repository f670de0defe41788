import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type {
  Manufacturer,
  PackSize,
  PackUnitName,
  PriceEntry,
  Product,
} from '@shop/shared/contracts/products';
import {
  currentPrice,
  discountPercent,
  entriesForPriceGroup,
  hasValidSpecialPrice,
} from '@shop/shared/rules/pricing';
import type { PriceEntryRuleInput } from '@shop/shared/rules/product-rules';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { stockStatus } from '@shop/shared/rules/stock-status';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { changedProductsBetween } from './catalogue-version';
import { inIdList } from './products.dialect';
import type { JsonPieces } from './json-pieces';
import {
  findPackSizes,
  PRICE_ENTRY_COLUMNS,
  PRODUCT_ROW_COLUMNS,
  type PriceEntryRow,
} from './products.repository';
import { parseStoredPhotos, shopPhotos, type StoredPhoto } from '../product-photos/photo-json';

/**
 * The catalogue read model (docs/decisions/0008-catalogue-read-model.md): what a product looks like
 * apart from its stock and the caller's prices, loaded in a fixed number of batched queries and kept
 * per process for one catalogue version (catalogue-version.ts), with its JSON pre-serialised per
 * language. Per request only the live parts are added on top: stock, the customer's price entries
 * (price group, discount, special price validity now, price change against 14 days ago) and the last
 * ordered quantity.
 */

type Db = Kysely<Database>;

/** A price entry of any price group, in the order the listing uses (threshold, then id). */
export interface StoredPriceEntry extends PriceEntryRuleInput {
  quantitativeUnit: PackUnitName;
}

/** A `price_entries` row as pricing reads it (numbers as numbers, whatever the driver answers). */
export function storedPriceEntry(row: PriceEntryRow): StoredPriceEntry {
  return {
    priceGroup: row.price_group,
    price: Number(row.price),
    specialPrice: row.special_price === null ? null : Number(row.special_price),
    specialPriceStart: row.special_price_start,
    specialPriceEnd: row.special_price_end,
    quantityDiscount: row.quantity_discount,
    quantitativeUnit: row.quantitative_unit as PackUnitName,
  };
}

interface StoredHistory {
  priceGroup: string | null;
  unit: string;
  recordedOn: string;
  price: number;
}

export interface CategoryRef {
  id: number;
  slug: string;
  parentSlug: string | null;
  /** Main categories first, then by sort order and id. */
  rank: [number, number, number];
  names: Map<string, string>;
}

/** The customer-independent part of one product. */
export interface StaticProduct {
  id: number;
  sku: string;
  vat: number;
  weight: number;
  image: string | null;
  isActive: boolean;
  isOrderable: boolean;
  isSeasonal: boolean;
  minOrderQuantity: PackUnitName | null;
  maxOrderQuantity: PackUnitName | null;
  orderQuantityStep: number;
  manufacturer: Manufacturer | null;
  details: { language: string; name: string; description: string }[];
  packSizes: PackSize[];
  categories: CategoryRef[];
  entries: StoredPriceEntry[];
  /** Price history, oldest first (then by id). */
  history: StoredHistory[];
  /** Every pack barcode, comma separated (the barcode searches' `barcodes`). */
  barcodes: string;
  /** Uploaded photos in their order (products.photos, modules/product-photos). */
  photos: StoredPhoto[];
  /** UTF-8 JSON of the static fields per language, without the closing brace. */
  json: Map<Language, Buffer>;
  /** Computed prices per price group and discount. */
  prices: Map<string, PriceView>;
}

/** The caller's prices of one product. */
interface PriceView {
  tiers: PriceEntry[];
  /** `,"prices":[...]` as UTF-8 JSON. */
  tiersJson: Buffer;
  /** The piece price entry (lowest threshold) of the effective entries, for the price-change flag. */
  base: { priceGroup: string | null; unit: string; price: number } | null;
  minimum: number | null;
  /** The last computed price-change flag and the day it was computed for. */
  changedOn?: string;
  changed?: boolean;
  /**
   * The instants (ms) at which some special price of the tiers starts or stops being valid, ascending:
   * between two of them currentPrice and the On-sale flag cannot change.
   */
  changes: number[];
  /** currentPrice and the On-sale flag as computed by the shared rules, valid for instants in [from, until). */
  timed?: { from: number; until: number; currentPrice: number | null; discount: boolean };
}

/** Whose prices: anonymous callers see none; `priceGroup` null with discount 0 is the list price. */
export interface PriceAudience {
  priced: boolean;
  priceGroup: string | null;
  discountBp: number;
  /** priceViewKey of the above, computed once per request. */
  key: string;
}

export interface LiveProductData {
  stock: number;
  lastOrderedQuantity: number;
}

function languageRank(language: string): number {
  const index = (LANGUAGES as readonly string[]).indexOf(language);
  return index < 0 ? LANGUAGES.length : index;
}

function compareRank(a: CategoryRef, b: CategoryRef): number {
  return a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2];
}

/** The categories with their names in every language (a few hundred rows at most). */
export async function loadCategoryDictionary(db: Db): Promise<Map<number, CategoryRef>> {
  const [categories, names] = await Promise.all([
    db
      .selectFrom('categories as c')
      .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
      .select(['c.id', 'c.slug', 'c.parent_id', 'c.sort_order', 'parent.slug as parent_slug'])
      .execute(),
    db.selectFrom('category_translations').select(['category_id', 'language', 'name']).execute(),
  ]);
  const dictionary = new Map<number, CategoryRef>();
  for (const row of categories) {
    dictionary.set(row.id, {
      id: row.id,
      slug: row.slug,
      parentSlug: row.parent_slug,
      rank: [row.parent_id === null ? 0 : 1, Number(row.sort_order), row.id],
      names: new Map(),
    });
  }
  for (const row of names) dictionary.get(row.category_id)?.names.set(row.language, row.name);
  return dictionary;
}

/**
 * Loads the static part of these products in six queries whatever their number (rows, details,
 * pack sizes, category links, price entries of every group, price history). Missing ids are absent.
 */
export async function loadStaticProducts(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
  categories: Map<number, CategoryRef>,
): Promise<Map<number, StaticProduct>> {
  const result = new Map<number, StaticProduct>();
  if (ids.length === 0) return result;
  const [rows, details, packs, links, entries, history] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
      .select([...PRODUCT_ROW_COLUMNS, 'p.photos'])
      .where(inIdList(dialect, 'p.id', ids))
      .execute(),
    db
      .selectFrom('product_details')
      .select(['product_id', 'language', 'name', 'description'])
      .where(inIdList(dialect, 'product_details.product_id', ids))
      .orderBy('product_id')
      .orderBy('language')
      .execute(),
    findPackSizes(db, dialect, ids),
    db
      .selectFrom('product_categories as pc')
      .select(['pc.product_id', 'pc.category_id'])
      .where(inIdList(dialect, 'pc.product_id', ids))
      .execute(),
    db
      .selectFrom('price_entries')
      .select(PRICE_ENTRY_COLUMNS)
      .where(inIdList(dialect, 'price_entries.product_id', ids))
      .orderBy('product_id')
      .orderBy('quantity_discount')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('price_history')
      .select(['product_id', 'price_group', 'quantitative_unit', 'price', 'recorded_on'])
      .where(inIdList(dialect, 'price_history.product_id', ids))
      .orderBy('recorded_on')
      .orderBy('id')
      .execute(),
  ]);
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      sku: row.sku,
      vat: Number(row.vat),
      weight: Number(row.weight),
      image: row.image,
      isActive: row.is_active === 1,
      isOrderable: row.is_orderable === 1,
      isSeasonal: row.is_seasonal === 1,
      minOrderQuantity: row.min_order_quantity,
      maxOrderQuantity: row.max_order_quantity,
      orderQuantityStep: row.order_quantity_step,
      manufacturer:
        row.manufacturer_id !== null && row.manufacturer_name !== null && row.manufacturer_slug !== null
          ? { id: row.manufacturer_id, name: row.manufacturer_name, slug: row.manufacturer_slug }
          : null,
      details: [],
      packSizes: [],
      categories: [],
      entries: [],
      history: [],
      barcodes: '',
      photos: parseStoredPhotos(row.photos),
      json: new Map(),
      prices: new Map(),
    });
  }
  for (const d of details) {
    result
      .get(d.product_id)
      ?.details.push({ language: d.language, name: d.name, description: d.description });
  }
  for (const p of packs) {
    result
      .get(p.product_id)
      ?.packSizes.push({ unit: p.unit as PackUnitName, pieces: p.pieces, barcode: p.barcode });
  }
  for (const link of links) {
    const category = categories.get(link.category_id);
    if (category) result.get(link.product_id)?.categories.push(category);
  }
  for (const e of entries) result.get(e.product_id)?.entries.push(storedPriceEntry(e));
  for (const h of history) {
    result.get(h.product_id)?.history.push({
      priceGroup: h.price_group,
      unit: h.quantitative_unit,
      recordedOn: String(h.recorded_on),
      price: Number(h.price),
    });
  }
  for (const product of result.values()) {
    product.categories.sort(compareRank);
    product.barcodes = product.packSizes.flatMap((size) => (size.barcode ? [size.barcode] : [])).join(',');
  }
  return result;
}

/** The name and description shown: the language's, else Hungarian, else the first by language order. */
function detailFor(product: StaticProduct, language: Language) {
  return (
    product.details.find((d) => d.language === language) ??
    product.details.find((d) => d.language === DEFAULT_LANGUAGE) ??
    [...product.details].sort((a, b) => languageRank(a.language) - languageRank(b.language))[0]
  );
}

function categoriesFor(product: StaticProduct, language: Language) {
  return product.categories.map((c) => ({
    slug: c.slug,
    name: c.names.get(language) ?? c.names.get(DEFAULT_LANGUAGE) ?? c.slug,
    parentSlug: c.parentSlug,
  }));
}

/** The static fields as JSON (an object missing its closing brace), built once per language. */
function staticJson(product: StaticProduct, language: Language): Buffer {
  let json = product.json.get(language);
  if (json === undefined) {
    const detail = detailFor(product, language);
    const head = {
      id: product.id,
      sku: product.sku,
      productDetails: detail
        ? [{ language: detail.language, name: detail.name, description: detail.description }]
        : [],
      vat: product.vat,
      weight: product.weight,
      image: product.image,
      isActive: product.isActive,
      isOrderable: product.isOrderable,
      isSeasonal: product.isSeasonal,
      minOrderQuantity: product.minOrderQuantity,
      maxOrderQuantity: product.maxOrderQuantity,
      orderQuantityStep: product.orderQuantityStep,
      packSizes: product.packSizes,
      categories: categoriesFor(product, language),
      manufacturer: product.manufacturer,
      description: detail?.description ?? '',
      photos: shopPhotos(product.photos, language),
    };
    json = Buffer.from(JSON.stringify(head).slice(0, -1));
    product.json.set(language, json);
  }
  return json;
}

const MAX_PRICE_VIEWS = 16;

/** The key of an audience's prices in StaticProduct.prices. */
export function priceViewKey(audience: Pick<PriceAudience, 'priceGroup' | 'discountBp'>): string {
  return `${audience.priceGroup ?? ''}\u0000${audience.discountBp}`;
}

function priceView(product: StaticProduct, audience: PriceAudience): PriceView {
  const key = audience.key;
  let view = product.prices.get(key);
  if (view === undefined) {
    const discount = discountPercent(audience.discountBp);
    const group = audience.priceGroup;
    const effective = entriesForPriceGroup(
      product.entries
        .filter((e) => e.priceGroup === null || e.priceGroup === group)
        .map((e) => ({ ...e, customerDiscount: discount })),
      group,
    );
    const tiers: PriceEntry[] = effective.map(({ priceGroup: _group, ...tier }) => tier);
    const first = effective[0];
    view = {
      tiers,
      changes: specialPriceChanges(tiers),
      tiersJson: Buffer.from(`,"prices":${JSON.stringify(tiers)}`),
      base: first ? { priceGroup: first.priceGroup, unit: first.quantitativeUnit, price: first.price } : null,
      minimum: orderQuantityLimits({
        prices: tiers,
        minOrderQuantity: product.minOrderQuantity,
        maxOrderQuantity: product.maxOrderQuantity,
        stock: 0,
        orderQuantityStep: product.orderQuantityStep,
      }).minimum,
    };
    if (product.prices.size >= MAX_PRICE_VIEWS) product.prices.clear();
    product.prices.set(key, view);
  }
  return view;
}

/** The audience's price tiers of one product, from the same per-audience view as the listing's. */
export function audienceTiers(product: StaticProduct, audience: PriceAudience): PriceEntry[] {
  return priceView(product, audience).tiers;
}

/**
 * Where a special price's validity can flip (special-price rule: valid while start <= now <= end):
 * at its start, and one millisecond after its end. Unreadable bounds never make a price valid, so
 * they are no change; a bound of an entry whose special price can never apply is harmless extra.
 */
function specialPriceChanges(tiers: readonly PriceEntry[]): number[] {
  const changes: number[] = [];
  for (const tier of tiers) {
    const start = tier.specialPriceStart ? Date.parse(tier.specialPriceStart) : NaN;
    const end = tier.specialPriceEnd ? Date.parse(tier.specialPriceEnd) : NaN;
    if (!Number.isNaN(start)) changes.push(start);
    if (!Number.isNaN(end)) changes.push(end + 1);
  }
  return changes.sort((a, b) => a - b);
}

/**
 * currentPrice and the On-sale flag at `now`, by the shared rules (currentPrice, hasValidSpecialPrice).
 * The answer depends on `now` only through which special prices are valid, so it is kept until the
 * next instant where one of them starts or ends (and only for instants from the one it was computed
 * at: a test clock may go back).
 */
function timedPrices(view: PriceView, now: Date): { currentPrice: number | null; discount: boolean } {
  const at = now.getTime();
  const timed = view.timed;
  if (timed && at >= timed.from && at < timed.until) return timed;
  let until = Number.POSITIVE_INFINITY;
  for (const change of view.changes) {
    if (change > at) {
      until = change;
      break;
    }
  }
  const computed = {
    from: at,
    until,
    currentPrice: currentPrice(view.tiers, Math.max(1, view.minimum ?? 1), now),
    discount: hasValidSpecialPrice(view.tiers, now),
  };
  if (!Number.isNaN(at)) view.timed = computed;
  return computed;
}

/**
 * The price-change flag: the piece price differs from the price in effect on `day` (the latest history
 * row on or before it, of the entry's price group, else of the list).
 */
function priceChanged(product: StaticProduct, view: PriceView, day: string): boolean {
  if (view.changedOn === day) return view.changed ?? false;
  let changed = false;
  const base = view.base;
  if (base) {
    let own: number | undefined;
    let list: number | undefined;
    for (const h of product.history) {
      if (h.recordedOn > day || h.unit !== base.unit) continue;
      if (base.priceGroup !== null && h.priceGroup === base.priceGroup) own = h.price;
      else if (h.priceGroup === null) list = h.price;
    }
    const past = own ?? list;
    changed = past !== undefined && past !== base.price;
  }
  view.changedOn = day;
  view.changed = changed;
  return changed;
}

const NO_PRICES = Buffer.from(',"prices":[]');

interface DynamicParts {
  prices: PriceEntry[];
  pricesJson: Buffer;
  currentPrice: number | null;
  stockStatus: Product['stockStatus'];
  discount: boolean;
  priceChanged: boolean;
}

export interface ViewContext {
  audience: PriceAudience;
  language: Language;
  now: Date;
  /** The shop day 14 days ago (YYYY-MM-DD), for the price-change flag. */
  priceChangeDay: string;
  fewStockThreshold: number;
}

function dynamicParts(product: StaticProduct, live: LiveProductData, view: ViewContext): DynamicParts {
  const status = stockStatus(
    { stock: live.stock, packSizes: product.packSizes, orderQuantityStep: product.orderQuantityStep },
    view.fewStockThreshold,
  );
  const prices = priceView(product, view.audience);
  const timed = timedPrices(prices, view.now);
  if (!view.audience.priced) {
    return {
      prices: [],
      pricesJson: NO_PRICES,
      currentPrice: null,
      stockStatus: status,
      discount: timed.discount,
      priceChanged: false,
    };
  }
  return {
    prices: prices.tiers,
    pricesJson: prices.tiersJson,
    currentPrice: timed.currentPrice,
    stockStatus: status,
    discount: timed.discount,
    priceChanged: prices.tiers.length > 0 && priceChanged(product, prices, view.priceChangeDay),
  };
}

/** One product in the contract's shape (the object form, for callers that work with objects). */
export function productObject(product: StaticProduct, live: LiveProductData, view: ViewContext): Product {
  const d = dynamicParts(product, live, view);
  const detail = detailFor(product, view.language);
  return {
    id: product.id,
    sku: product.sku,
    productDetails: detail
      ? [{ language: detail.language, name: detail.name, description: detail.description }]
      : [],
    prices: d.prices,
    currentPrice: d.currentPrice,
    vat: product.vat,
    weight: product.weight,
    image: product.image,
    stock: live.stock,
    stockStatus: d.stockStatus,
    isActive: product.isActive,
    isOrderable: product.isOrderable,
    isSeasonal: product.isSeasonal,
    minOrderQuantity: product.minOrderQuantity,
    maxOrderQuantity: product.maxOrderQuantity,
    orderQuantityStep: product.orderQuantityStep,
    lastOrderedQuantity: live.lastOrderedQuantity,
    packSizes: product.packSizes,
    categories: categoriesFor(product, view.language),
    manufacturer: product.manufacturer,
    description: detail?.description ?? '',
    photos: shopPhotos(product.photos, view.language),
    discount: d.discount,
    priceChanged: d.priceChanged,
  };
}

/**
 * The same product as UTF-8 JSON, appended to `out`: the pre-serialised static part, the caller's
 * prices (serialised once per price group and discount) and the live fields.
 */
export function writeProductJson(
  out: JsonPieces,
  product: StaticProduct,
  live: LiveProductData,
  view: ViewContext,
  withBarcodes = false,
): void {
  const d = dynamicParts(product, live, view);
  out.buffer(staticJson(product, view.language));
  out.buffer(d.pricesJson);
  out.buffer(FIELD_CURRENT_PRICE);
  out.number(d.currentPrice);
  out.buffer(FIELD_STOCK);
  out.number(live.stock);
  out.buffer(FIELDS_STATUS_TO_LAST_ORDERED[d.stockStatus]);
  out.number(live.lastOrderedQuantity);
  out.buffer(FIELDS_DISCOUNT_CHANGED[d.discount ? 1 : 0][d.priceChanged ? 1 : 0]);
  if (withBarcodes) out.text(`,"barcodes":${JSON.stringify(product.barcodes)}`);
  out.buffer(CLOSE);
  out.count += 1;
}

// The constant fragments of a product's live fields, in the order of the object form (productObject).
const FIELD_CURRENT_PRICE = Buffer.from(',"currentPrice":');
const FIELD_STOCK = Buffer.from(',"stock":');
const FIELDS_STATUS_TO_LAST_ORDERED: Record<Product['stockStatus'], Buffer> = {
  in_stock: Buffer.from(',"stockStatus":"in_stock","lastOrderedQuantity":'),
  few_stock: Buffer.from(',"stockStatus":"few_stock","lastOrderedQuantity":'),
  out_of_stock: Buffer.from(',"stockStatus":"out_of_stock","lastOrderedQuantity":'),
};
const FIELDS_DISCOUNT_CHANGED = [false, true].map((discount) =>
  [false, true].map((changed) => Buffer.from(`,"discount":${discount},"priceChanged":${changed}`)),
) as [[Buffer, Buffer], [Buffer, Buffer]];
const CLOSE = Buffer.from('}');

export const MAX_CACHED_PRODUCTS = 50_000;

const ADOPTED_NOTHING: Promise<number | null> = Promise.resolve(0);

/**
 * The per-process store of static products for one catalogue version. `sync(version)` is called
 * once per request with the version read from the database; a different version empties it.
 * `adopt(db, version)` instead drops only the products the versions between changed, when known.
 */
export class CatalogueReadModel {
  private version: string | null = null;
  private generation = 0;
  private readonly products = new Map<number, StaticProduct>();
  private categories: Promise<Map<number, CategoryRef>> | null = null;
  /** The adoption of a new version under way, shared by the requests that bring the same version. */
  private adopting: { version: string; done: Promise<number | null> } | null = null;

  constructor(private readonly maxProducts = MAX_CACHED_PRODUCTS) {}

  /** Adopts the catalogue version read in this request; returns true when the caches were dropped. */
  sync(version: string): boolean {
    if (version === this.version) return false;
    this.version = version;
    this.generation += 1;
    this.products.clear();
    this.categories = null;
    return true;
  }

  /**
   * Adopts the catalogue version read in this request, dropping only what changed since the version
   * held: when the recorded bumps (catalogue-version.ts) link the two and name their products, only
   * those products go (the categories and every other product stay, with their serialised JSON and
   * prices); otherwise everything goes, as `sync` does. Loads begun before are not kept either way.
   * Returns the number of products dropped, or null when everything was. The version held answers
   * at once (no query); concurrent requests that bring the same new version share one read of the
   * bumps.
   */
  adopt(db: Db, version: string): Promise<number | null> {
    if (version === this.version) return ADOPTED_NOTHING;
    const pending = this.adopting;
    if (pending !== null && pending.version === version) return pending.done.then(() => 0);
    const done = this.adoptFrom(db, version);
    const adopting = { version, done };
    this.adopting = adopting;
    const settle = () => {
      if (this.adopting === adopting) this.adopting = null;
    };
    done.then(settle, settle);
    return done;
  }

  private async adoptFrom(db: Db, version: string): Promise<number | null> {
    const from = this.version;
    const changed = from === null ? null : await changedProductsBetween(db, from, version);
    // Another request of this process adopted a version meanwhile: it holds what that one read.
    if (this.version === version) return 0;
    if (changed === null || this.version !== from) {
      this.sync(version);
      return null;
    }
    this.version = version;
    this.generation += 1;
    let dropped = 0;
    for (const id of changed) if (this.products.delete(id)) dropped += 1;
    return dropped;
  }

  /** The static product of this id as cached now (tests: which objects a version kept). */
  cached(id: number): StaticProduct | undefined {
    return this.products.get(id);
  }

  /**
   * The static products of these ids (cached ones from memory, the others in one batch of queries).
   * `keep` false: the loaded ones are not cached (a streamed "all" page would otherwise push out the
   * products of the ordinary pages).
   */
  async staticProducts(
    db: Db,
    dialect: DialectName,
    ids: readonly number[],
    keep = true,
  ): Promise<Map<number, StaticProduct>> {
    const found = new Map<number, StaticProduct>();
    const missing: number[] = [];
    for (const id of ids) {
      const product = this.products.get(id);
      if (product) found.set(id, product);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    if (this.categories === null) {
      const loading = loadCategoryDictionary(db);
      this.categories = loading;
      loading.catch(() => {
        if (this.categories === loading) this.categories = null;
      });
    }
    const loaded = await loadStaticProducts(db, dialect, missing, await this.categories);
    const cache = keep && generation === this.generation;
    for (const [id, product] of loaded) {
      found.set(id, product);
      if (!cache) continue;
      if (this.products.size >= this.maxProducts) {
        const oldest = this.products.keys().next().value;
        if (oldest !== undefined) this.products.delete(oldest);
      }
      this.products.set(id, product);
    }
    return found;
  }

  get size(): number {
    return this.products.size;
  }
}

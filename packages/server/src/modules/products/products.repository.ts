import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database, PackUnit, PriceEntriesTable, ProductsTable } from '../../db/schema';
import { PreparedQuery } from '../../db/prepared-query';
import { FEW_STOCK_THRESHOLD_KEY } from './catalogue-cache.service';
import { CATALOGUE_VERSION_KEY } from './catalogue-version';
import { inAssortment } from '../assortments/assortments.repository';
import { idListParameter, inIdList, inIdParameter, jsonPairs, searchTextMatches } from './products.dialect';

type Db = Kysely<Database>;
type ProductDb = Database & { p: ProductsTable };

/** What narrows a listing; undefined fields do not filter. Only active products are ever listed. */
export interface ProductFilter {
  /** Now, ISO, for special-price validity. */
  nowIso: string;
  /** The customer's price group (decides which entries' special prices count for onSale). */
  priceGroup: string | null;
  mainCategorySlug?: string;
  subCategorySlug?: string;
  onSale?: boolean;
  seasonal?: boolean;
  manufacturers?: { ids: number[]; slugs: string[] };
  orderedByCustomerId?: number;
  /** Only the lines of this cart; inactive products are listed too (a cart line stays visible). */
  inCartId?: number;
  /** Folded words that must all be substrings of search_text. */
  textWords?: string[];
  /** Folded text that must equal one of the folded names. */
  nameExact?: string;
  /** Lower-cased SKU, matched exactly (case-insensitive). */
  skuExact?: string;
  barcodeExact?: string;
  /** Lower-cased substring of a pack barcode. */
  barcodeContains?: string;
  /**
   * Only products of this assortment (modules/assortments). Used by the listings paged in the
   * database (ordered products); the cached results are narrowed in memory instead.
   */
  assortmentId?: number;
}

export type ProductSort =
  | { kind: 'catalogue' }
  | { kind: 'relevance'; folded: string }
  | { kind: 'lastOrdered'; customerId: number }
  | { kind: 'name'; language: string; descending: boolean }
  | { kind: 'sku'; descending: boolean }
  | { kind: 'newest' };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The ids of the categories a listing is limited to: the subcategory (within the main category when
 * both are given), or the main category with its subcategories; undefined without a category.
 */
function filterCategories(eb: ExpressionBuilder<ProductDb, 'p'>, f: ProductFilter) {
  if (f.subCategorySlug !== undefined) {
    const categories = eb
      .selectFrom('categories as c')
      .select('c.id')
      .where('c.slug', '=', f.subCategorySlug);
    if (f.mainCategorySlug === undefined) return categories;
    return categories.where(
      'c.parent_id',
      'in',
      eb.selectFrom('categories as main').select('main.id').where('main.slug', '=', f.mainCategorySlug),
    );
  }
  if (f.mainCategorySlug === undefined) return undefined;
  const main = eb
    .selectFrom('categories as main')
    .select('main.id')
    .where('main.slug', '=', f.mainCategorySlug);
  return eb
    .selectFrom('categories as c')
    .select('c.id')
    .where((w) => w.or([w('c.id', 'in', main), w('c.parent_id', 'in', main)]));
}

/** The WHERE of a listing, on `products as p`. */
function filterExpression(
  eb: ExpressionBuilder<ProductDb, 'p'>,
  dialect: DialectName,
  f: ProductFilter,
  options: { ignoreManufacturers?: boolean } = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] =
    f.inCartId === undefined
      ? [eb('p.is_active', '=', 1)]
      : [
          eb(
            'p.id',
            'in',
            eb.selectFrom('cart_items as ci').select('ci.product_id').where('ci.cart_id', '=', f.inCartId),
          ),
        ];
  if (f.seasonal) conditions.push(eb('p.is_seasonal', '=', 1));
  if (f.assortmentId !== undefined) conditions.push(inAssortment('p.id', f.assortmentId));
  const categories = filterCategories(eb, f);
  if (categories !== undefined) {
    conditions.push(
      eb(
        'p.id',
        'in',
        eb
          .selectFrom('product_categories as pc')
          .select('pc.product_id')
          .where('pc.category_id', 'in', categories),
      ),
    );
  }
  if (f.manufacturers && !options.ignoreManufacturers) {
    const { ids, slugs } = f.manufacturers;
    const alternatives: Expression<SqlBool>[] = [];
    if (ids.length > 0) alternatives.push(eb('p.manufacturer_id', 'in', ids));
    if (slugs.length > 0) {
      alternatives.push(
        eb(
          'p.manufacturer_id',
          'in',
          eb.selectFrom('manufacturers as fm').select('fm.id').where('fm.slug', 'in', slugs),
        ),
      );
    }
    conditions.push(alternatives.length > 0 ? eb.or(alternatives) : sql<SqlBool>`1 = 0`);
  }
  if (f.onSale) conditions.push(eb('p.id', 'in', onSaleProductIds(eb, f)));
  if (f.orderedByCustomerId !== undefined) {
    conditions.push(
      eb(
        'p.id',
        'in',
        eb
          .selectFrom('order_items as oi')
          .innerJoin('orders as o', 'o.id', 'oi.order_id')
          .select('oi.product_id')
          .where('o.customer_id', '=', f.orderedByCustomerId)
          .where('oi.product_id', 'is not', null)
          .$narrowType<{ product_id: number }>(),
      ),
    );
  }
  if (f.textWords && f.textWords.length > 0) conditions.push(searchTextMatches(dialect, f.textWords));
  if (f.nameExact !== undefined) conditions.push(eb('p.search_text', 'like', `%|${f.nameExact}|%`));
  if (f.skuExact !== undefined) conditions.push(eb(eb.fn('lower', ['p.sku']), '=', f.skuExact));
  if (f.barcodeExact !== undefined) {
    conditions.push(
      eb(
        'p.id',
        'in',
        eb.selectFrom('pack_sizes as bx').select('bx.product_id').where('bx.barcode', '=', f.barcodeExact),
      ),
    );
  }
  if (f.barcodeContains !== undefined) {
    const pattern = `%${escapeLike(f.barcodeContains)}%`;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('pack_sizes as bc')
          .select(sql.lit(1).as('one'))
          .whereRef('bc.product_id', '=', 'p.id')
          .where(sql<SqlBool>`lower(bc.barcode) like ${pattern} escape '\\'`),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * Ids of products with a special price valid now among the entries that apply to the price group:
 * the group's own entries, and list entries of units the group does not override.
 */
function onSaleProductIds(eb: ExpressionBuilder<ProductDb, 'p'>, f: ProductFilter) {
  return eb
    .selectFrom('price_entries as pe')
    .select('pe.product_id')
    .where('pe.special_price', '>', sql.lit(0))
    .where(sql<SqlBool>`pe.special_price < pe.price`)
    .where((w) =>
      w.or([
        w('pe.special_price_start', 'is', null),
        w('pe.special_price_start', '=', ''),
        w('pe.special_price_start', '<=', f.nowIso),
      ]),
    )
    .where((w) =>
      w.or([
        w('pe.special_price_end', 'is', null),
        w('pe.special_price_end', '=', ''),
        w('pe.special_price_end', '>=', f.nowIso),
      ]),
    )
    .where((w) =>
      f.priceGroup === null
        ? w('pe.price_group', 'is', null)
        : w.or([
            w('pe.price_group', '=', f.priceGroup),
            w.and([
              w('pe.price_group', 'is', null),
              w.not(
                w.exists(
                  w
                    .selectFrom('price_entries as ge')
                    .select(sql.lit(1).as('one'))
                    .whereRef('ge.product_id', '=', 'pe.product_id')
                    .whereRef('ge.quantitative_unit', '=', 'pe.quantitative_unit')
                    .where('ge.price_group', '=', f.priceGroup),
                ),
              ),
            ]),
          ]),
    );
}

/** The columns of `price_entries` that pricing reads, for StoredPriceEntry (catalogue-read-model). */
export const PRICE_ENTRY_COLUMNS = [
  'product_id',
  'price_group',
  'price',
  'special_price',
  'special_price_start',
  'special_price_end',
  'quantity_discount',
  'quantitative_unit',
] as const;

export type PriceEntryRow = Pick<Selectable<PriceEntriesTable>, (typeof PRICE_ENTRY_COLUMNS)[number]>;

/** The columns of a catalogue row (`products as p` joined with `manufacturers as m`). */
export const PRODUCT_ROW_COLUMNS = [
  'p.id',
  'p.sku',
  'p.vat',
  'p.weight',
  'p.image',
  'p.stock',
  'p.is_active',
  'p.is_orderable',
  'p.is_seasonal',
  'p.min_order_quantity',
  'p.max_order_quantity',
  'p.order_quantity_step',
  'm.id as manufacturer_id',
  'm.name as manufacturer_name',
  'm.slug as manufacturer_slug',
] as const;

export interface ProductRow {
  id: number;
  sku: string;
  vat: number;
  weight: number;
  image: string | null;
  stock: number;
  is_active: number;
  is_orderable: number;
  is_seasonal: number;
  min_order_quantity: PackUnit | null;
  max_order_quantity: PackUnit | null;
  order_quantity_step: number;
  manufacturer_id: number | null;
  manufacturer_name: string | null;
  manufacturer_slug: string | null;
}

/** The expression a listing is ordered by (then by id), and the directions. */
function sortKey(sort: ProductSort): {
  key: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  idDirection: 'asc' | 'desc';
} {
  switch (sort.kind) {
    case 'relevance': {
      const q = sort.folded;
      return {
        key: sql`case
          when p.search_text like ${`%|${q}|%`} or p.search_text like ${`%~${q}~%`} then 0
          when p.search_text like ${`%|${q}%`} then 1
          when p.search_text like ${`% ${q}%`} then 2
          else 3 end`,
        direction: 'asc',
        idDirection: 'asc',
      };
    }
    case 'lastOrdered':
      return {
        key: sql`(select max(o.created_at) from order_items oi inner join orders o on o.id = oi.order_id
             where oi.product_id = p.id and o.customer_id = ${sort.customerId})`,
        direction: 'desc',
        idDirection: 'asc',
      };
    case 'name':
      return {
        key: sql`coalesce(
          (select d.name from product_details d where d.product_id = p.id and d.language = ${sort.language}),
          (select d.name from product_details d where d.product_id = p.id and d.language = 'hu'), '')`,
        direction: sort.descending ? 'desc' : 'asc',
        idDirection: 'asc',
      };
    case 'sku':
      return { key: sql`p.sku`, direction: sort.descending ? 'desc' : 'asc', idDirection: 'asc' };
    case 'newest':
      return { key: sql`p.created_at`, direction: 'desc', idDirection: 'desc' };
    case 'catalogue':
      return { key: sql`p.id`, direction: 'asc', idDirection: 'asc' };
  }
}

/**
 * One page of the filtered products, in order, with their manufacturer. The page's ids are chosen
 * first on the products table alone (an index scan that skips `offset` rows cheaply), then only
 * those rows are read in full and joined with their manufacturer.
 */
export async function findProductPage(
  db: Db,
  dialect: DialectName,
  filter: ProductFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  const { key, direction, idDirection } = sortKey(sort);
  const page = db
    .selectFrom('products as p')
    .where((eb) => filterExpression(eb, dialect, filter))
    .select(['p.id', key.as('sort_key')])
    .orderBy(key, direction)
    .orderBy('p.id', idDirection)
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom(page.as('pg'))
    .innerJoin('products as p', 'p.id', 'pg.id')
    .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
    .select(PRODUCT_ROW_COLUMNS)
    .orderBy('pg.sort_key', direction)
    .orderBy('pg.id', idDirection)
    .execute();
}

export interface ManufacturerTally {
  manufacturerId: number | null;
  name: string | null;
  slug: string | null;
  count: number;
}

/**
 * The filtered result counted per manufacturer, ignoring the manufacturer filter: in one pass it
 * gives both the manufacturers of the result and (summed over the selected ones) the total count.
 * Ordered by manufacturer name.
 */
export async function tallyByManufacturer(
  db: Db,
  dialect: DialectName,
  filter: ProductFilter,
): Promise<ManufacturerTally[]> {
  const rows = await db
    .selectFrom('products as p')
    .where((eb) => filterExpression(eb, dialect, filter, { ignoreManufacturers: true }))
    .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
    .select(['p.manufacturer_id', 'm.name', 'm.slug'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .groupBy(['p.manufacturer_id', 'm.name', 'm.slug'])
    .orderBy('m.name')
    .orderBy('p.manufacturer_id')
    .execute();
  return rows.map((row) => ({
    manufacturerId: row.manufacturer_id,
    name: row.name,
    slug: row.slug,
    count: Number(row.count),
  }));
}

export async function findPackSizes(db: Db, dialect: DialectName, ids: readonly number[]) {
  return db
    .selectFrom('pack_sizes')
    .select(['product_id', 'unit', 'pieces', 'barcode'])
    .where(inIdList(dialect, 'pack_sizes.product_id', ids))
    .orderBy('product_id')
    .orderBy('pieces')
    .orderBy('id')
    .execute();
}

/** List entries and, with a price group, that group's entries (never another group's). */
export async function findPriceEntries(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
  priceGroup: string | null,
) {
  return db
    .selectFrom('price_entries')
    .select(['id', ...PRICE_ENTRY_COLUMNS])
    .where(inIdList(dialect, 'price_entries.product_id', ids))
    .where((eb) =>
      priceGroup === null
        ? eb('price_group', 'is', null)
        : eb.or([eb('price_group', 'is', null), eb('price_group', '=', priceGroup)]),
    )
    .orderBy('product_id')
    .orderBy('quantity_discount')
    .orderBy('id')
    .execute();
}

/** The customer's order lines of these products with their recency rank per product (1: most recent). */
function rankedOrderLines(
  db: Db,
  dialect: DialectName,
  ids: unknown,
  customerId: number | RawBuilder<number>,
) {
  return db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.product_id', 'oi.quantity'])
    .select(
      sql<number>`row_number() over (partition by oi.product_id order by o.created_at desc, o.id desc, oi.id desc)`.as(
        'rn',
      ),
    )
    .where('o.customer_id', '=', customerId)
    .where(inIdParameter(dialect, 'oi.product_id', ids));
}

/** The quantity of the customer's most recent order line per product. */
const lastOrderedQuery = new PreparedQuery(2, (db, dialect, [ids, customerId]: [unknown, number]) =>
  db
    .selectFrom(rankedOrderLines(db, dialect, ids, customerId).as('t'))
    .select(['t.product_id', 't.quantity'])
    .where('t.rn', '=', 1),
);

/** The quantity of the customer's most recent order line per product. */
export async function findLastOrderedQuantities(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
  customerId: number,
) {
  return lastOrderedQuery.execute(db, idListParameter(dialect, ids), customerId);
}

/** Every product of the filter (ignoring its manufacturer part) in listing order, with its manufacturer. */
export async function findOrderedIds(
  db: Db,
  dialect: DialectName,
  filter: ProductFilter,
  sort: ProductSort,
): Promise<{ id: number; manufacturer_id: number | null }[]> {
  const { key, direction, idDirection } = sortKey(sort);
  return db
    .selectFrom('products as p')
    .where((eb) => filterExpression(eb, dialect, filter, { ignoreManufacturers: true }))
    .select(['p.id', 'p.manufacturer_id'])
    .orderBy(key, direction)
    .orderBy('p.id', idDirection)
    .execute();
}

const stockQuery = new PreparedQuery(1, (db, dialect, [ids]: [unknown]) =>
  db
    .selectFrom('products')
    .select(jsonPairs(dialect, 'products.id', 'products.stock').as('pairs'))
    .where(inIdParameter(dialect, 'products.id', ids)),
);

/**
 * The live stock of these products and the quantity of the customer's most recent order line of each,
 * in one statement (two sub-selects, one answer row): a customer's listing page on the primary then
 * costs one round trip and one pooled connection for its live data instead of two (issue 18).
 */
const stockAndLastOrderedQuery = new PreparedQuery(
  3,
  (db, dialect, [stockIds, orderedIds, customerId]: [unknown, unknown, number]) =>
    db.selectNoFrom(pageLiveColumns(db, dialect, stockIds, orderedIds, customerId)),
);

/**
 * The two sub-selects of a page's live data, `stock_pairs` and `ordered_pairs` (jsonPairs text), as
 * columns of any select: stockAndLastOrderedQuery's own, and the token check's when it carries a
 * listing page (shipping-addresses.repository.ts, findUserWithCurrentAddress).
 */
export function pageLiveColumns(
  db: Db,
  dialect: DialectName,
  stockIds: unknown,
  orderedIds: unknown,
  customerId: number | RawBuilder<number>,
) {
  return [
    db
      .selectFrom('products')
      .select(jsonPairs(dialect, 'products.id', 'products.stock').as('pairs'))
      .where(inIdParameter(dialect, 'products.id', stockIds))
      .as('stock_pairs'),
    db
      .selectFrom(rankedOrderLines(db, dialect, orderedIds, customerId).as('t'))
      .select(jsonPairs(dialect, 't.product_id', 't.quantity').as('pairs'))
      .where('t.rn', '=', 1)
      .as('ordered_pairs'),
  ] as const;
}

/** The live data of a page read by pageLiveColumns, as maps by product id. */
export interface PageLive {
  stock: Map<number, number>;
  lastOrdered: Map<number, number>;
}

export function pageLiveOf(row: { stock_pairs?: string | null; ordered_pairs?: string | null }): PageLive {
  return { stock: pairsMap(row.stock_pairs), lastOrdered: pairsMap(row.ordered_pairs) };
}

/**
 * The catalogue settings (version, few-stock threshold) and, in the same statement, the live stock of
 * these products: an anonymous listing page in one round trip (products.service.ts,
 * catalogueRequestContext; decision 0026).
 */
const settingsAndStockQuery = new PreparedQuery(
  3,
  (db, dialect, [versionKey, thresholdKey, ids]: [string, string, unknown]) =>
    db.selectNoFrom((eb) => [
      eb.selectFrom('settings').select('value').where('key', '=', versionKey).as('version'),
      eb.selectFrom('settings').select('value').where('key', '=', thresholdKey).as('few_stock_threshold'),
      eb
        .selectFrom('products')
        .select(jsonPairs(dialect, 'products.id', 'products.stock').as('pairs'))
        .where(inIdParameter(dialect, 'products.id', ids))
        .as('stock_pairs'),
    ]),
);

export async function findSettingsAndStock(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
): Promise<{ version: string | null; fewStockThreshold: string | null; stock: Map<number, number> }> {
  const row = await settingsAndStockQuery.executeTakeFirst(
    db,
    CATALOGUE_VERSION_KEY,
    FEW_STOCK_THRESHOLD_KEY,
    idListParameter(dialect, ids),
  );
  return {
    version: row?.version ?? null,
    fewStockThreshold: row?.few_stock_threshold ?? null,
    stock: pairsMap(row?.stock_pairs),
  };
}

/** Integer pairs of jsonPairs (null: no rows) as a map. */
function pairsMap(pairs: string | null | undefined): Map<number, number> {
  const map = new Map<number, number>();
  if (pairs) for (const [id, value] of JSON.parse(pairs) as [number, number][]) map.set(id, value);
  return map;
}

/**
 * findStock and findLastOrderedQuantities in one statement, for when both are read from the same
 * database: the stock by id, and the last ordered quantity by product id (absent: never ordered).
 */
export async function findStockAndLastOrdered(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
  customerId: number,
): Promise<PageLive> {
  const row = await stockAndLastOrderedQuery.executeTakeFirst(
    db,
    idListParameter(dialect, ids),
    idListParameter(dialect, ids),
    customerId,
  );
  return pageLiveOf(row ?? {});
}

/** The live stock of these products, by id (one answer row: see jsonPairs). */
export async function findStock(
  db: Db,
  dialect: DialectName,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const row = await stockQuery.executeTakeFirst(db, idListParameter(dialect, ids));
  const stock = new Map<number, number>();
  if (row?.pairs) {
    for (const [id, pieces] of JSON.parse(row.pairs) as [number, number][]) stock.set(id, pieces);
  }
  return stock;
}

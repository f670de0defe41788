import type { Insertable, Kysely } from 'kysely';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { Database, Flag, PackUnit, PriceEntriesTable } from '../db/schema';
import { buildProductSearchText } from '../modules/products/product-search-text.service';
import {
  CATALOGUE,
  MANUFACTURERS,
  type MainCategoryDef,
  type ProductLine,
  type Shape,
  type SizeSpec,
  type SubcategoryDef,
  type Tr,
  type Variant,
  type Vat,
} from './catalogue-data';
import { hungarianEan13 } from './ean13';
import { insertRows, insertRowsReturning } from './seed-db';
import type { SeedRandom } from './seed-random';

/** Pack units from the smallest to the largest; each has a fixed digit in the barcode. */
export const PACK_UNIT_ORDER: readonly PackUnit[] = ['piece', 'carton', 'collector', 'row', 'pallet'];
const UNIT_INDEX: Record<PackUnit, number> = { piece: 0, carton: 1, collector: 2, row: 3, pallet: 4 };
/** Price per piece against the piece price: bigger units are cheaper per piece. */
const UNIT_PRICE_FACTOR: Record<PackUnit, number> = {
  piece: 1,
  carton: 0.97,
  collector: 0.955,
  row: 0.94,
  pallet: 0.91,
};

export interface SpecialSpec {
  /** Percentage off the list price of every price entry. */
  percentOff: number;
  start: string | null;
  end: string | null;
}

/** Everything needed to insert one product with its details, pack sizes and prices. */
export interface ProductSpec {
  sku: string;
  /** Barcodes are 599 | range | number | unit digit | check digit. */
  barcodeRange: number;
  barcodeNumber: number;
  mainSlug: string;
  categorySlug: string;
  brand: string;
  names: Tr;
  descriptions: Tr;
  /** Short texts for the generated picture. */
  label: { name: string; size: string; brand: string };
  shape: Shape;
  color: string;
  vat: Vat;
  weight: number;
  stock: number;
  isActive: Flag;
  isOrderable: Flag;
  isSeasonal: Flag;
  min: PackUnit | null;
  max: PackUnit | null;
  packs: Array<{ unit: PackUnit; pieces: number }>;
  /** Gross list price per piece in minor units; null means no price entries at all. */
  piecePrice: number | null;
  special: SpecialSpec | null;
  image: string | null;
  createdAt: string;
}

export interface CatalogueIds {
  categoryIds: Map<string, number>;
  manufacturerIds: Map<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Names, sizes, weights

const UNIT_LABELS: Record<SizeSpec['unit'], Tr> = {
  g: { hu: 'g', en: 'g', vi: 'g', zh: '克' },
  kg: { hu: 'kg', en: 'kg', vi: 'kg', zh: '公斤' },
  ml: { hu: 'ml', en: 'ml', vi: 'ml', zh: '毫升' },
  l: { hu: 'l', en: 'l', vi: 'l', zh: '升' },
  pcs: { hu: 'db', en: 'pcs', vi: 'cái', zh: '个' },
  bags: { hu: 'filter', en: 'bags', vi: 'túi lọc', zh: '袋' },
  rolls: { hu: 'tekercs', en: 'rolls', vi: 'cuộn', zh: '卷' },
  sheets: { hu: 'lap', en: 'sheets', vi: 'tờ', zh: '张' },
  m: { hu: 'm', en: 'm', vi: 'm', zh: '米' },
};

/** '0,5 l' in hu and vi, '0.5 l' in en, '0.5升' in zh. */
export function formatSize(size: Pick<SizeSpec, 'amount' | 'unit'>, language: Language): string {
  const number = String(size.amount);
  const amount = language === 'hu' || language === 'vi' ? number.replace('.', ',') : number;
  const label =
    size.unit === 'pcs' && size.amount === 1 && language === 'en' ? 'pc' : UNIT_LABELS[size.unit][language];
  return language === 'zh' ? `${amount}${label}` : `${amount} ${label}`;
}

const PACKAGING_GRAMS: Record<Shape, number> = {
  bottle: 30,
  can: 15,
  glass: 250,
  carton: 25,
  box: 20,
  bag: 6,
  jar: 180,
  tube: 12,
  roll: 5,
  tray: 15,
  sack: 120,
  canister: 100,
  tub: 40,
  pack: 10,
};
const DEFAULT_UNIT_GRAMS: Record<'pcs' | 'bags' | 'rolls' | 'sheets' | 'm', number> = {
  pcs: 10,
  bags: 2,
  rolls: 110,
  sheets: 3,
  m: 8,
};

/** Gross weight of one piece in grams. */
export function pieceWeight(size: SizeSpec, shape: Shape, gramsPerUnit?: number): number {
  const packaging = PACKAGING_GRAMS[size.shape ?? shape];
  switch (size.unit) {
    case 'g':
    case 'ml':
      return Math.round(size.amount + packaging);
    case 'kg':
    case 'l':
      return Math.round(size.amount * 1000 + packaging * (size.amount >= 1 ? 1.5 : 1));
    default:
      return Math.round(size.amount * (gramsPerUnit ?? DEFAULT_UNIT_GRAMS[size.unit]) + packaging);
  }
}

export function productDescription(about: Tr, size: SizeSpec, brand: string, carton: number): Tr {
  return {
    hu: `${about.hu} Kiszerelés: ${formatSize(size, 'hu')}. Gyártó: ${brand}. Kartononként ${carton} db.`,
    en: `${about.en} Pack size: ${formatSize(size, 'en')}. Made by ${brand}. ${carton} pieces per carton.`,
    vi: `${about.vi} Quy cách: ${formatSize(size, 'vi')}. Nhà sản xuất: ${brand}. ${carton} sản phẩm mỗi thùng.`,
    zh: `${about.zh}规格：${formatSize(size, 'zh')}。生产商：${brand}。每箱${carton}件。`,
  };
}

/** "Kávé, őrölt 250 g" / "Ground coffee 250 g" / "Cà phê xay 250 g" / "咖啡粉 250克". */
export function productNames(variant: Tr, size: SizeSpec, prefix = ''): Tr {
  const name = (language: Language): string => `${prefix}${variant[language]} ${formatSize(size, language)}`;
  return { hu: name('hu'), en: name('en'), vi: name('vi'), zh: name('zh') };
}

// ---------------------------------------------------------------------------------------------
// Pack sizes and prices

/**
 * Pack sizes: piece 1, carton (the order step), optionally a collector of 2-4 cartons and a row
 * (one pallet layer of cartons), and a pallet of several rows. All are multiples of the carton.
 */
export function makePacks(
  carton: number,
  weight: number,
  rng: SeedRandom,
  options: { row?: boolean; rowCartons?: number; collector?: boolean } = {},
): Array<{ unit: PackUnit; pieces: number }> {
  const cartonKg = (carton * weight) / 1000;
  const rowCartons = options.rowCartons ?? (cartonKg > 12 ? 6 : cartonKg > 6 ? 8 : cartonKg > 3 ? 10 : 12);
  const layers = cartonKg > 8 ? 4 : cartonKg > 3 ? 5 : 6;
  const packs: Array<{ unit: PackUnit; pieces: number }> = [
    { unit: 'piece', pieces: 1 },
    { unit: 'carton', pieces: carton },
  ];
  const withCollector = options.collector ?? rng.chance(0.35);
  if (withCollector) packs.push({ unit: 'collector', pieces: carton * rng.int(2, 4) });
  const withRow = options.row ?? rng.chance(0.5);
  if (withRow) packs.push({ unit: 'row', pieces: carton * rowCartons });
  packs.push({ unit: 'pallet', pieces: carton * rowCartons * layers });
  return packs;
}

/** A "nice" shop price in whole forints ending in 9. */
export function shopPriceFt(value: number): number {
  return Math.max(9, Math.round(value / 10) * 10 - 1);
}

export interface PriceRow {
  unit: PackUnit;
  pieces: number;
  price: number;
  specialPrice: number | null;
}

/** One price entry per pack unit; per-piece prices fall strictly as the units grow. */
export function priceRows(spec: Pick<ProductSpec, 'packs' | 'piecePrice' | 'special'>): PriceRow[] {
  if (spec.piecePrice === null) return [];
  const rows: PriceRow[] = [];
  let previous = Number.POSITIVE_INFINITY;
  for (const pack of spec.packs) {
    let price = Math.round((spec.piecePrice * UNIT_PRICE_FACTOR[pack.unit]) / 100) * 100;
    if (price >= previous) price = previous - 100;
    price = Math.max(100, price);
    previous = price;
    const specialPrice = spec.special
      ? Math.max(
          50,
          Math.min(price - 100, Math.round((price * (100 - spec.special.percentOff)) / 10_000) * 100),
        )
      : null;
    rows.push({ unit: pack.unit, pieces: pack.pieces, price, specialPrice });
  }
  return rows;
}

export function barcodeOf(spec: Pick<ProductSpec, 'barcodeRange' | 'barcodeNumber'>, unit: PackUnit): string {
  return hungarianEan13(spec.barcodeRange, spec.barcodeNumber, UNIT_INDEX[unit]);
}

/**
 * products.search_text in the format the product search reads (buildProductSearchText of the
 * products module): folded names of every language, the SKU and every barcode, smallest pack first.
 */
export function searchTextOf(
  spec: Pick<ProductSpec, 'names' | 'sku' | 'packs' | 'barcodeRange' | 'barcodeNumber'>,
): string {
  return buildProductSearchText({
    names: LANGUAGES.map((language) => spec.names[language]),
    sku: spec.sku,
    barcodes: spec.packs.map((pack) => barcodeOf(spec, pack.unit)),
  });
}

// ---------------------------------------------------------------------------------------------
// Walking the catalogue tables

export interface LineItem {
  main: MainCategoryDef;
  sub: SubcategoryDef;
  line: ProductLine;
  variant: Variant;
  size: SizeSpec;
  brand: string;
}

export function subcategorySlug(main: MainCategoryDef, sub: SubcategoryDef): string {
  return `${main.slug}-${sub.slug}`;
}

/** Every variant x size of every line, with the brand rotating over the line's brands. */
export function catalogueItems(): LineItem[] {
  const items: LineItem[] = [];
  for (const main of CATALOGUE) {
    for (const sub of main.subs) {
      for (const line of sub.lines) {
        line.variants.forEach((variant, vi) => {
          line.sizes.forEach((size, si) => {
            const brand = line.brands[(vi + si) % line.brands.length] ?? line.brands[0] ?? 'Nagyker';
            items.push({ main, sub, line, variant, size, brand });
          });
        });
      }
    }
  }
  return items;
}

/**
 * The fields of a product spec that follow from its catalogue item alone (no randomness): category,
 * brand, names (after `namePrefix`), descriptions, picture label, shape, colour, VAT, weight, season.
 */
export function itemSpecFields(item: LineItem, namePrefix = '') {
  const carton = item.size.carton;
  return {
    mainSlug: item.main.slug,
    categorySlug: subcategorySlug(item.main, item.sub),
    brand: item.brand,
    names: productNames(item.variant.names, item.size, namePrefix),
    descriptions: productDescription(item.line.about, item.size, item.brand, carton),
    label: { name: item.variant.names.hu, size: formatSize(item.size, 'hu'), brand: item.brand },
    shape: item.size.shape ?? item.line.shape,
    color: item.main.color,
    vat: item.line.vat,
    weight: pieceWeight(item.size, item.line.shape, item.variant.grams ?? item.line.grams),
    isSeasonal: item.line.seasonal || item.variant.seasonal ? (1 as const) : (0 as const),
  };
}

export function manufacturerSlug(name: string): string {
  return foldForSearch(name).replace(/ /g, '-');
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Makes sure every category (with its four translations) and every manufacturer of the
 * catalogue exists, inserting what is missing; returns the ids by slug and by name.
 */
export async function ensureCatalogueStructure(db: Kysely<Database>): Promise<CatalogueIds> {
  const existingCategories = await db.selectFrom('categories').select(['id', 'slug']).execute();
  const categoryIds = new Map(existingCategories.map((c) => [c.slug, c.id]));
  const translations: Insertable<Database['category_translations']>[] = [];
  const addTranslations = (id: number, names: Tr) => {
    for (const language of LANGUAGES) {
      translations.push({
        category_id: id,
        language,
        name: names[language],
        search_name: foldForSearch(names[language]),
      });
    }
  };

  const missingMains = CATALOGUE.map((main, index) => ({ main, index })).filter(
    ({ main }) => !categoryIds.has(main.slug),
  );
  const mainIds = await insertRowsReturning(
    db,
    'categories',
    missingMains.map(({ main, index }) => ({
      parent_id: null,
      slug: main.slug,
      sort_order: (index + 1) * 10,
    })),
    'slug',
  );
  for (const { main } of missingMains) {
    const id = mainIds.get(main.slug);
    if (id === undefined) throw new Error(`category ${main.slug} was not inserted`);
    categoryIds.set(main.slug, id);
    addTranslations(id, main.names);
  }

  const subRows: Insertable<Database['categories']>[] = [];
  const missingSubs: Array<{ slug: string; names: Tr }> = [];
  for (const main of CATALOGUE) {
    main.subs.forEach((sub, index) => {
      const slug = subcategorySlug(main, sub);
      if (categoryIds.has(slug)) return;
      subRows.push({ parent_id: categoryIds.get(main.slug) ?? null, slug, sort_order: (index + 1) * 10 });
      missingSubs.push({ slug, names: sub.names });
    });
  }
  const subIds = await insertRowsReturning(db, 'categories', subRows, 'slug');
  for (const { slug, names } of missingSubs) {
    const id = subIds.get(slug);
    if (id === undefined) throw new Error(`category ${slug} was not inserted`);
    categoryIds.set(slug, id);
    addTranslations(id, names);
  }
  await insertRows(db, 'category_translations', translations);

  const existingManufacturers = await db.selectFrom('manufacturers').select(['id', 'name', 'slug']).execute();
  const manufacturerIds = new Map(existingManufacturers.map((m) => [m.name, m.id]));
  const knownSlugs = new Set(existingManufacturers.map((m) => m.slug));
  const newManufacturers = MANUFACTURERS.filter(
    (name) => !manufacturerIds.has(name) && !knownSlugs.has(manufacturerSlug(name)),
  ).map((name) => ({ name, slug: manufacturerSlug(name) }));
  const inserted = await insertRowsReturning(db, 'manufacturers', newManufacturers, 'slug');
  for (const m of newManufacturers) {
    const id = inserted.get(m.slug);
    if (id !== undefined) manufacturerIds.set(m.name, id);
  }
  for (const m of existingManufacturers) if (!manufacturerIds.has(m.name)) manufacturerIds.set(m.name, m.id);
  return { categoryIds, manufacturerIds };
}

export interface InsertedProducts {
  idsBySku: Map<string, number>;
  counts: Record<
    'products' | 'product_details' | 'product_categories' | 'pack_sizes' | 'price_entries',
    number
  >;
}

/** Inserts products with details (4 languages), category links, pack sizes and price entries. */
export async function insertProductSpecs(
  db: Kysely<Database>,
  specs: readonly ProductSpec[],
  ids: CatalogueIds,
  nowIso: string,
): Promise<InsertedProducts> {
  const productRows: Insertable<Database['products']>[] = specs.map((spec) => ({
    sku: spec.sku,
    manufacturer_id: ids.manufacturerIds.get(spec.brand) ?? null,
    vat: spec.vat,
    weight: spec.weight,
    image: spec.image,
    stock: spec.stock,
    is_active: spec.isActive,
    is_orderable: spec.isOrderable,
    is_seasonal: spec.isSeasonal,
    min_order_quantity: spec.min,
    max_order_quantity: spec.max,
    order_quantity_step: spec.packs.find((p) => p.unit === 'carton')?.pieces ?? 1,
    search_text: searchTextOf(spec),
    created_at: spec.createdAt,
    updated_at: nowIso,
  }));
  const idsBySku = await insertRowsReturning(db, 'products', productRows, 'sku');
  const idOf = (sku: string): number => {
    const id = idsBySku.get(sku);
    if (id === undefined) throw new Error(`product ${sku} was not inserted`);
    return id;
  };

  const details: Insertable<Database['product_details']>[] = [];
  const links: Insertable<Database['product_categories']>[] = [];
  const packs: Insertable<Database['pack_sizes']>[] = [];
  const prices: Insertable<PriceEntriesTable>[] = [];
  for (const spec of specs) {
    const productId = idOf(spec.sku);
    for (const language of LANGUAGES) {
      details.push({
        product_id: productId,
        language,
        name: spec.names[language],
        description: spec.descriptions[language],
      });
    }
    const categoryId = ids.categoryIds.get(spec.categorySlug);
    if (categoryId === undefined) throw new Error(`unknown category ${spec.categorySlug}`);
    links.push({ product_id: productId, category_id: categoryId });
    for (const pack of spec.packs) {
      packs.push({
        product_id: productId,
        unit: pack.unit,
        pieces: pack.pieces,
        barcode: barcodeOf(spec, pack.unit),
      });
    }
    for (const row of priceRows(spec)) {
      prices.push({
        product_id: productId,
        price_group: null,
        price: row.price,
        special_price: row.specialPrice,
        special_price_start: spec.special ? spec.special.start : null,
        special_price_end: spec.special ? spec.special.end : null,
        quantity_discount: row.pieces,
        quantitative_unit: row.unit,
      });
    }
  }
  await insertRows(db, 'product_details', details);
  await insertRows(db, 'product_categories', links);
  await insertRows(db, 'pack_sizes', packs);
  await insertRows(db, 'price_entries', prices);
  return {
    idsBySku,
    counts: {
      products: productRows.length,
      product_details: details.length,
      product_categories: links.length,
      pack_sizes: packs.length,
      price_entries: prices.length,
    },
  };
}

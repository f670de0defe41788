import type { Kysely } from 'kysely';
import type { AdminProduct, ProductInput } from '@shop/shared/contracts/admin-catalogue';
import type { PackUnitName } from '@shop/shared/contracts/products';
import { type ProductRuleCode, productRuleIssues } from '@shop/shared/rules/product-rules';
import { localDateTime, addDays } from '@shop/shared/rules/calendar-date';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type { Database } from '../../db/schema';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import type { AppContext } from '../../app-context';
import { fulfilBackInStock } from '../back-in-stock/back-in-stock.service';
import { buildProductSearchText, refreshProductSearchText } from '../products/product-search-text.service';

/**
 * The repository of the product aggregate: a whole product (row, names, categories, pack sizes,
 * price entries) read and written as one, for the back office, the import and the ERP integration. Writes change only the parts that differ,
 * record price history for changed prices, and refresh the search text and catalogue version so
 * the shop shows the change at once. Works on a transaction handle.
 */

type Db = Kysely<Database>;
const CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** Product ids by exact SKU. */
export async function findIdsBySku(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks([...new Set(skus)])) {
    const rows = await db.selectFrom('products').select(['id', 'sku']).where('sku', 'in', part).execute();
    for (const row of rows) out.set(row.sku, row.id);
  }
  return out;
}

/** Whole products by id. */
export async function loadProducts(db: Db, ids: readonly number[]): Promise<Map<number, AdminProduct>> {
  const out = new Map<number, AdminProduct>();
  for (const part of chunks([...new Set(ids)])) {
    const [products, details, categories, packs, prices] = await Promise.all([
      db.selectFrom('products').selectAll().where('id', 'in', part).execute(),
      db
        .selectFrom('product_details')
        .select(['product_id', 'language', 'name', 'description'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('language')
        .execute(),
      db
        .selectFrom('product_categories')
        .select(['product_id', 'category_id'])
        .where('product_id', 'in', part)
        .orderBy('category_id')
        .execute(),
      db
        .selectFrom('pack_sizes')
        .select(['product_id', 'unit', 'pieces', 'barcode'])
        .where('product_id', 'in', part)
        .orderBy('pieces')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('price_entries')
        .selectAll()
        .where('product_id', 'in', part)
        .orderBy('price_group')
        .orderBy('quantity_discount')
        .orderBy('id')
        .execute(),
    ]);
    const group = <T extends { product_id: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) {
        const list = map.get(row.product_id);
        if (list) list.push(row);
        else map.set(row.product_id, [row]);
      }
      return (id: number) => map.get(id) ?? [];
    };
    const detailsOf = group(details);
    const categoriesOf = group(categories);
    const packsOf = group(packs);
    const pricesOf = group(prices);
    for (const p of products) {
      out.set(p.id, {
        id: p.id,
        sku: p.sku,
        details: detailsOf(p.id).map((d) => ({
          language: d.language as Language,
          name: d.name,
          description: d.description,
        })),
        manufacturerId: p.manufacturer_id,
        categoryIds: categoriesOf(p.id).map((c) => c.category_id),
        vat: Number(p.vat),
        weight: Number(p.weight),
        stock: Number(p.stock),
        isActive: p.is_active === 1,
        isOrderable: p.is_orderable === 1,
        isSeasonal: p.is_seasonal === 1,
        minOrderQuantity: p.min_order_quantity,
        maxOrderQuantity: p.max_order_quantity,
        orderQuantityStep: Number(p.order_quantity_step),
        packSizes: packsOf(p.id).map((k) => ({ unit: k.unit, pieces: Number(k.pieces), barcode: k.barcode })),
        prices: pricesOf(p.id).map((e) => ({
          priceGroup: e.price_group,
          price: Number(e.price),
          specialPrice: e.special_price === null ? null : Number(e.special_price),
          specialPriceStart: e.special_price_start,
          specialPriceEnd: e.special_price_end,
          quantityDiscount: Number(e.quantity_discount),
          quantitativeUnit: e.quantitative_unit,
        })),
        createdAt: p.created_at,
        updatedAt: p.updated_at,
      });
    }
  }
  return out;
}

export interface StoreIssue {
  field: string;
  code: ProductRuleCode | 'ERR_SKU_TAKEN' | 'ERR_MANUFACTURER_NOT_FOUND' | 'ERR_CATEGORY_NOT_FOUND';
}

/**
 * The database checks for many products at once: a SKU or barcode of another product, an unknown
 * manufacturer or category, plus the pure rules. `productId` is the product being written (null
 * for a new one). Barcodes are also checked across the list (the first claim wins).
 */
export async function productIssuesMany(
  db: Db,
  items: readonly { productId: number | null; input: ProductInput }[],
): Promise<StoreIssue[][]> {
  const barcodes = items.flatMap((item) =>
    item.input.packSizes.flatMap((p) => (p.barcode ? [p.barcode] : [])),
  );
  const owners = new Map<string, number>();
  for (const part of chunks([...new Set(barcodes)])) {
    const rows = await db
      .selectFrom('pack_sizes')
      .select(['barcode', 'product_id'])
      .where('barcode', 'in', part)
      .execute();
    for (const row of rows) if (row.barcode) owners.set(row.barcode, row.product_id);
  }
  const skuOwners = await findIdsBySku(
    db,
    items.map((item) => item.input.sku),
  );
  const manufacturerIds = [
    ...new Set(items.flatMap((i) => (i.input.manufacturerId ? [i.input.manufacturerId] : []))),
  ];
  const categoryIds = [...new Set(items.flatMap((i) => i.input.categoryIds))];
  const knownManufacturers = new Set<number>();
  for (const part of chunks(manufacturerIds)) {
    const rows = await db.selectFrom('manufacturers').select('id').where('id', 'in', part).execute();
    for (const row of rows) knownManufacturers.add(row.id);
  }
  const knownCategories = new Set<number>();
  for (const part of chunks(categoryIds)) {
    const rows = await db.selectFrom('categories').select('id').where('id', 'in', part).execute();
    for (const row of rows) knownCategories.add(row.id);
  }
  const claimed = new Map<string, number>();
  return items.map((item, itemIndex) => {
    const { input, productId } = item;
    const issues: StoreIssue[] = productRuleIssues(input);
    const skuOwner = skuOwners.get(input.sku);
    if (skuOwner !== undefined && skuOwner !== productId)
      issues.push({ field: 'sku', code: 'ERR_SKU_TAKEN' });
    if (input.manufacturerId !== null && !knownManufacturers.has(input.manufacturerId)) {
      issues.push({ field: 'manufacturerId', code: 'ERR_MANUFACTURER_NOT_FOUND' });
    }
    input.categoryIds.forEach((id, index) => {
      if (!knownCategories.has(id))
        issues.push({ field: `categoryIds.${index}`, code: 'ERR_CATEGORY_NOT_FOUND' });
    });
    input.packSizes.forEach((pack, index) => {
      if (!pack.barcode) return;
      const owner = owners.get(pack.barcode);
      const earlier = claimed.get(pack.barcode);
      if ((owner !== undefined && owner !== productId) || (earlier !== undefined && earlier !== itemIndex)) {
        if (!issues.some((i) => i.field === `packSizes.${index}.barcode`)) {
          issues.push({ field: `packSizes.${index}.barcode`, code: 'ERR_BARCODE_TAKEN' });
        }
      } else {
        claimed.set(pack.barcode, itemIndex);
      }
    });
    return issues;
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sortedDetails(details: ProductInput['details']) {
  return [...details]
    .map((d) => ({ language: d.language, name: d.name, description: d.description ?? '' }))
    .sort((a, b) => a.language.localeCompare(b.language));
}

function comparablePrices(prices: ProductInput['prices']) {
  return [...prices]
    .map((e) => ({
      priceGroup: e.priceGroup,
      price: e.price,
      specialPrice: e.specialPrice,
      specialPriceStart: e.specialPriceStart,
      specialPriceEnd: e.specialPriceEnd,
      quantityDiscount: e.quantityDiscount,
      quantitativeUnit: e.quantitativeUnit,
    }))
    .sort(
      (a, b) =>
        (a.priceGroup ?? '').localeCompare(b.priceGroup ?? '') ||
        a.quantityDiscount - b.quantityDiscount ||
        a.quantitativeUnit.localeCompare(b.quantitativeUnit),
    );
}

function comparablePacks(packs: ProductInput['packSizes']) {
  return [...packs]
    .map((p) => ({ unit: p.unit, pieces: p.pieces, barcode: p.barcode }))
    .sort((a, b) => a.pieces - b.pieces || a.unit.localeCompare(b.unit));
}

/** The piece price per (price group, unit): the price of the entry with the lowest threshold. */
function basePrices(
  prices: ProductInput['prices'],
): Map<string, { group: string | null; unit: PackUnitName; price: number }> {
  const out = new Map<
    string,
    { group: string | null; unit: PackUnitName; price: number; threshold: number }
  >();
  for (const e of prices) {
    const key = `${e.priceGroup ?? ''}|${e.quantitativeUnit}`;
    const current = out.get(key);
    if (!current || e.quantityDiscount < current.threshold) {
      out.set(key, {
        group: e.priceGroup,
        unit: e.quantitativeUnit,
        price: e.price,
        threshold: e.quantityDiscount,
      });
    }
  }
  return out;
}

/** True when writing `after` over `before` would change nothing. */
export function productUnchanged(before: AdminProduct, after: ProductInput): boolean {
  return (
    before.sku === after.sku &&
    before.manufacturerId === after.manufacturerId &&
    before.vat === after.vat &&
    before.weight === after.weight &&
    before.stock === after.stock &&
    before.isActive === after.isActive &&
    before.isOrderable === after.isOrderable &&
    before.isSeasonal === after.isSeasonal &&
    before.minOrderQuantity === after.minOrderQuantity &&
    before.maxOrderQuantity === after.maxOrderQuantity &&
    before.orderQuantityStep === after.orderQuantityStep &&
    same(sortedDetails(before.details), sortedDetails(after.details)) &&
    same(
      [...before.categoryIds].sort((a, b) => a - b),
      [...new Set(after.categoryIds)].sort((a, b) => a - b),
    ) &&
    same(comparablePacks(before.packSizes), comparablePacks(after.packSizes)) &&
    same(comparablePrices(before.prices), comparablePrices(after.prices))
  );
}

export interface WriteOptions {
  now: Date;
  timeZone: string;
}

export interface WriteOutcome {
  productId: number;
  /** The search text must be rebuilt (SKU, names or barcodes of an existing product changed). */
  searchChanged: boolean;
}

export interface ProductChange {
  before: AdminProduct | null;
  after: ProductInput;
}

function productRow(after: ProductInput, at: string) {
  return {
    sku: after.sku,
    manufacturer_id: after.manufacturerId,
    vat: after.vat,
    weight: after.weight,
    stock: after.stock,
    is_active: (after.isActive ? 1 : 0) as 0 | 1,
    is_orderable: (after.isOrderable ? 1 : 0) as 0 | 1,
    is_seasonal: (after.isSeasonal ? 1 : 0) as 0 | 1,
    min_order_quantity: after.minOrderQuantity,
    max_order_quantity: after.maxOrderQuantity,
    order_quantity_step: after.orderQuantityStep,
    updated_at: at,
  };
}

function scalarsChanged(before: AdminProduct, after: ProductInput): boolean {
  return (
    before.sku !== after.sku ||
    before.manufacturerId !== after.manufacturerId ||
    before.vat !== after.vat ||
    before.weight !== after.weight ||
    before.stock !== after.stock ||
    before.isActive !== after.isActive ||
    before.isOrderable !== after.isOrderable ||
    before.isSeasonal !== after.isSeasonal ||
    before.minOrderQuantity !== after.minOrderQuantity ||
    before.maxOrderQuantity !== after.maxOrderQuantity ||
    before.orderQuantityStep !== after.orderQuantityStep
  );
}

/** Multi-row inserts in slices small enough for both databases' parameter limits. */
async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Record<string, unknown>[],
  size = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are built for this table above
      .values(rows.slice(i, i + size) as any)
      .execute();
  }
}

async function deleteForProducts(
  db: Db,
  table: 'product_details' | 'product_categories' | 'pack_sizes' | 'price_entries',
  ids: readonly number[],
): Promise<void> {
  for (const part of chunks(ids)) await db.deleteFrom(table).where('product_id', 'in', part).execute();
}

/**
 * Writes many products (inserts for `before: null`) with few statements: a multi-row insert per
 * table, and for existing products a delete-and-insert of only the parts that changed. Call only
 * after productIssuesMany passed, inside a transaction; then call finishWrites with the outcomes.
 */
export async function writeProducts(
  db: Db,
  changes: readonly ProductChange[],
  options: WriteOptions,
): Promise<WriteOutcome[]> {
  const at = options.now.toISOString();
  const outcomes: WriteOutcome[] = [];
  const ids: number[] = [];

  const created = changes.filter((c) => c.before === null);
  const newIds = new Map<string, number>();
  for (let i = 0; i < created.length; i += 200) {
    const slice = created.slice(i, i + 200);
    const rows = await db
      .insertInto('products')
      .values(
        slice.map(({ after }) => ({
          ...productRow(after, at),
          created_at: at,
          search_text: buildProductSearchText({
            names: sortedByLanguage(after.details).map((d) => d.name),
            sku: after.sku,
            barcodes: comparablePacks(after.packSizes).map((p) => p.barcode),
          }),
        })),
      )
      .returning(['id', 'sku'])
      .execute();
    for (const row of rows) newIds.set(row.sku, row.id);
  }
  const touched: number[] = [];
  for (const change of changes) {
    const { before, after } = change;
    if (before === null) {
      const id = newIds.get(after.sku);
      if (id === undefined) throw new Error(`insert of ${after.sku} returned no id`);
      ids.push(id);
      outcomes.push({ productId: id, searchChanged: false });
      continue;
    }
    ids.push(before.id);
    if (scalarsChanged(before, after)) {
      await db.updateTable('products').set(productRow(after, at)).where('id', '=', before.id).execute();
    } else {
      touched.push(before.id);
    }
    outcomes.push({ productId: before.id, searchChanged: false });
  }

  for (const part of chunks(touched)) {
    await db.updateTable('products').set({ updated_at: at }).where('id', 'in', part).execute();
  }

  const replaced = {
    details: [] as number[],
    categories: [] as number[],
    packs: [] as number[],
    prices: [] as number[],
  };
  const rows = {
    details: [] as Record<string, unknown>[],
    categories: [] as Record<string, unknown>[],
    packs: [] as Record<string, unknown>[],
    prices: [] as Record<string, unknown>[],
  };
  const priceChanges: { productId: number; before: AdminProduct | null; after: ProductInput }[] = [];
  changes.forEach(({ before, after }, index) => {
    const productId = ids[index]!;
    const outcome = outcomes[index]!;
    if (before && before.sku !== after.sku) outcome.searchChanged = true;
    const details = sortedDetails(after.details);
    if (before === null || !same(sortedDetails(before.details), details)) {
      if (before) {
        outcome.searchChanged = true;
        replaced.details.push(productId);
      }
      rows.details.push(...details.map((d) => ({ product_id: productId, ...d })));
    }
    const categoryIds = [...new Set(after.categoryIds)].sort((a, b) => a - b);
    if (
      before === null ||
      !same(
        [...before.categoryIds].sort((a, b) => a - b),
        categoryIds,
      )
    ) {
      if (before) replaced.categories.push(productId);
      rows.categories.push(...categoryIds.map((category_id) => ({ product_id: productId, category_id })));
    }
    const packs = comparablePacks(after.packSizes);
    if (before === null || !same(comparablePacks(before.packSizes), packs)) {
      if (before) {
        outcome.searchChanged = true;
        replaced.packs.push(productId);
      }
      rows.packs.push(...packs.map((p) => ({ product_id: productId, ...p })));
    }
    const prices = comparablePrices(after.prices);
    if (before === null || !same(comparablePrices(before.prices), prices)) {
      if (before) replaced.prices.push(productId);
      rows.prices.push(
        ...prices.map((e) => ({
          product_id: productId,
          price_group: e.priceGroup,
          price: e.price,
          special_price: e.specialPrice,
          special_price_start: e.specialPriceStart,
          special_price_end: e.specialPriceEnd,
          quantity_discount: e.quantityDiscount,
          quantitative_unit: e.quantitativeUnit,
        })),
      );
      priceChanges.push({ productId, before, after });
    }
  });
  await deleteForProducts(db, 'product_details', replaced.details);
  await deleteForProducts(db, 'product_categories', replaced.categories);
  await deleteForProducts(db, 'pack_sizes', replaced.packs);
  await deleteForProducts(db, 'price_entries', replaced.prices);
  await insertMany(db, 'product_details', rows.details, 200);
  await insertMany(db, 'product_categories', rows.categories);
  await insertMany(db, 'pack_sizes', rows.packs);
  await insertMany(db, 'price_entries', rows.prices, 200);
  await recordPriceHistory(db, priceChanges, options);
  return outcomes;
}

function sortedByLanguage(details: ProductInput['details']) {
  const rank = (language: string) => {
    const index = (LANGUAGES as readonly string[]).indexOf(language);
    return index < 0 ? LANGUAGES.length : index;
  };
  return [...details].sort((a, b) => rank(a.language) - rank(b.language));
}

/** One product (insert when `before` is null); see writeProducts. */
export async function writeProduct(
  db: Db,
  before: AdminProduct | null,
  after: ProductInput,
  options: WriteOptions,
): Promise<WriteOutcome> {
  const [outcome] = await writeProducts(db, [{ before, after }], options);
  return outcome!;
}

/**
 * price_history gets one row per product, price group and unit and day (shop time zone): the piece
 * price of that group and unit as of today, when it changed. When a price changes that has no
 * history yet, its old value is recorded first as in effect since the product was created, so the
 * shop's "price changed" flag (docs/decisions/0003-pricing.md) works from the first change on.
 */
async function recordPriceHistory(
  db: Db,
  changes: readonly { productId: number; before: AdminProduct | null; after: ProductInput }[],
  options: WriteOptions,
): Promise<void> {
  if (changes.length === 0) return;
  const today = localDateTime(options.now, options.timeZone).date;
  const latest = new Map<string, { id: number; recorded_on: string }>();
  const existingIds = changes.filter((c) => c.before !== null).map((c) => c.productId);
  for (const part of chunks(existingIds)) {
    const rows = await db
      .selectFrom('price_history')
      .select(['id', 'product_id', 'price_group', 'quantitative_unit', 'recorded_on'])
      .where('product_id', 'in', part)
      .orderBy('recorded_on')
      .orderBy('id')
      .execute();
    for (const row of rows)
      latest.set(`${row.product_id}|${row.price_group ?? ''}|${row.quantitative_unit}`, row);
  }
  const inserts: Record<string, unknown>[] = [];
  for (const { productId, before, after } of changes) {
    const old = before ? basePrices(before.prices) : new Map<string, { price: number }>();
    for (const [key, entry] of basePrices(after.prices)) {
      const previous = old.get(key);
      if (previous && previous.price === entry.price) continue;
      const existing = latest.get(`${productId}|${key}`);
      const row = { product_id: productId, price_group: entry.group, quantitative_unit: entry.unit };
      if (!existing && previous && before) {
        const since = localDateTime(new Date(before.createdAt), options.timeZone).date;
        inserts.push({
          ...row,
          price: previous.price,
          recorded_on: since < today ? since : addDays(today, -1),
        });
      }
      if (existing && existing.recorded_on === today) {
        await db
          .updateTable('price_history')
          .set({ price: entry.price })
          .where('id', '=', existing.id)
          .execute();
      } else {
        inserts.push({ ...row, price: entry.price, recorded_on: today });
      }
    }
  }
  await insertMany(db, 'price_history', inserts);
}

/**
 * After the writes of one transaction: rebuild search texts, mark the catalogue changed, and queue
 * the back-in-stock mails of products whose stock rose above zero (issue 17; the caller wakes the
 * outbox after its commit).
 */
export async function finishWrites(
  db: Db,
  outcomes: readonly WriteOutcome[],
  now: Date,
  ctx: Pick<AppContext, 'config' | 'now'>,
): Promise<void> {
  if (outcomes.length === 0) return;
  const search = outcomes.filter((o) => o.searchChanged).map((o) => o.productId);
  if (search.length > 0) await refreshProductSearchText(db, search);
  // Only these products' own data changed: other processes keep the rest of their read models.
  await bumpCatalogueVersion(
    db,
    now,
    outcomes.map((o) => o.productId),
  );
  await fulfilBackInStock(
    ctx,
    db,
    outcomes.map((o) => o.productId),
  );
}

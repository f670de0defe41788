import type {
  AdminProduct,
  ImportColumn,
  ImportRowCode,
  ProductInput,
} from '@shop/shared/contracts/admin-catalogue';
import { PACK_UNITS } from '@shop/shared/contracts/admin-catalogue';
import type { PackUnitName } from '@shop/shared/contracts/products';
import { zonedParts } from '@shop/shared/format/format';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { startingInput } from './product-input';

/**
 * One row of the product import applied over the current product (or a new one's defaults): each
 * group of columns has its own step below; an empty cell keeps the current value, "none" clears
 * an optional one. Cell errors are reported through `fail`; the whole-product rules (pack units,
 * barcodes, prices) run afterwards in the import service.
 */

export interface ParsedRow {
  /** Row of the file (the header is row 1). */
  row: number;
  sku: string;
  cells: Partial<Record<ImportColumn, string>>;
}

/** Manufacturer ids by lower-case name and slug; category ids by lower-case slug. */
export interface Lookups {
  manufacturers: Map<string, number>;
  categories: Map<string, number>;
}

/** What every step gets: a trimmed cell (null when empty) and the error sink of the row. */
interface RowCells {
  cell: (column: ImportColumn) => string | null;
  fail: (column: ImportColumn, code: ImportRowCode) => void;
}

const NONE = new Set(['none', '-', 'nincs']);
const TRUE = new Set(['1', 'true', 'yes', 'igen', 'y', 'i']);
const FALSE = new Set(['0', 'false', 'no', 'nem', 'n']);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const isNone = (text: string) => NONE.has(text.toLowerCase());

function parseInteger(text: string, min: number, max: number): number | null {
  const t = text.replace(/\s/g, '');
  if (!/^-?\d{1,12}(\.0+)?$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n >= min && n <= max ? n : null;
}

/** Forints with up to 2 decimals (point or comma) → minor units. */
export function parseMoney(text: string): number | null {
  const t = text.replace(/\s/g, '').replace(',', '.');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor >= 1 && minor <= 1_000_000_000 ? minor : null;
}

function parseUnit(text: string): PackUnitName | null {
  const t = text.trim().toLowerCase();
  return (PACK_UNITS as readonly string[]).includes(t) ? (t as PackUnitName) : null;
}

/** The instant a local calendar day starts (or, with endOfDay, ends) in the time zone. */
function localDayBound(date: string, timeZone: string, endOfDay: boolean): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d + (endOfDay ? 1 : 0));
  let guess = target;
  for (let i = 0; i < 3; i += 1) {
    const p = zonedParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += target - seen;
  }
  return new Date(guess - (endOfDay ? 1 : 0)).toISOString();
}

function parseInstant(text: string, timeZone: string, endOfDay: boolean): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    const check = new Date(`${t}T00:00:00Z`);
    if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== t) return null;
    return localDayBound(t, timeZone, endOfDay);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return null;
}

/** `a|b|c` → trimmed, non-empty items. */
const items = (text: string) =>
  text
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

/** name_hu, name_en, ...: a new product needs the Hungarian name. */
function applyNames({ cell, fail }: RowCells, base: ProductInput): void {
  for (const language of LANGUAGES) {
    const column = `name_${language}` as ImportColumn;
    const name = cell(column);
    if (name === null) continue;
    if (name.length > 255 || CONTROL.test(name)) {
      fail(column, 'INVALID_TEXT');
      continue;
    }
    const existing = base.details.find((d) => d.language === language);
    if (existing) existing.name = name;
    else base.details.push({ language, name, description: '' });
  }
  if (!base.details.some((d) => d.language === 'hu')) fail('name_hu', 'REQUIRED');
}

/** manufacturer (slug or name) and categories (slugs separated by |). */
function applyManufacturerAndCategories(
  { cell, fail }: RowCells,
  base: ProductInput,
  lookups: Lookups,
): void {
  const manufacturer = cell('manufacturer');
  if (manufacturer !== null) {
    if (isNone(manufacturer)) base.manufacturerId = null;
    else {
      const id = lookups.manufacturers.get(manufacturer.toLowerCase());
      if (id === undefined) fail('manufacturer', 'UNKNOWN_MANUFACTURER');
      else base.manufacturerId = id;
    }
  }
  const categories = cell('categories');
  if (categories === null) return;
  if (isNone(categories)) {
    base.categoryIds = [];
    return;
  }
  const ids: number[] = [];
  for (const slug of items(categories.toLowerCase())) {
    const id = lookups.categories.get(slug);
    if (id === undefined) fail('categories', 'UNKNOWN_CATEGORY');
    else ids.push(id);
  }
  base.categoryIds = [...new Set(ids)];
}

/** vat (required for a new product), weight, stock, step, the three flags and the unit limits. */
function applyQuantitiesAndFlags({ cell, fail }: RowCells, base: ProductInput): void {
  const integer = (column: ImportColumn, min: number, max: number, set: (n: number) => void) => {
    const text = cell(column);
    if (text === null) return;
    const n = parseInteger(text, min, max);
    if (n === null) fail(column, 'INVALID_NUMBER');
    else set(n);
  };
  integer('vat', 0, 100, (n) => (base.vat = n));
  if (base.vat < 0) fail('vat', 'REQUIRED');
  integer('weight', 0, 100_000_000, (n) => (base.weight = n));
  integer('stock', 0, 1_000_000_000, (n) => (base.stock = n));
  integer('step', 1, 1_000_000, (n) => (base.orderQuantityStep = n));

  const flag = (column: ImportColumn, set: (b: boolean) => void) => {
    const text = cell(column)?.toLowerCase();
    if (text === undefined) return;
    if (TRUE.has(text)) set(true);
    else if (FALSE.has(text)) set(false);
    else fail(column, 'INVALID_FLAG');
  };
  flag('active', (b) => (base.isActive = b));
  flag('orderable', (b) => (base.isOrderable = b));
  flag('seasonal', (b) => (base.isSeasonal = b));

  const unitLimit = (column: ImportColumn, set: (u: PackUnitName | null) => void) => {
    const text = cell(column);
    if (text === null) return;
    if (isNone(text)) return set(null);
    const unit = parseUnit(text);
    if (unit === null) fail(column, 'INVALID_UNIT');
    else set(unit);
  };
  unitLimit('min_unit', (u) => (base.minOrderQuantity = u));
  unitLimit('max_unit', (u) => (base.maxOrderQuantity = u));
}

/**
 * packs: `unit:pieces[:barcode]` items separated by |, replacing the list. A barcode is checked by
 * the product rules (ERR_INVALID_BARCODE, the GS1 check digit), like in the back office.
 */
function applyPacks({ cell, fail }: RowCells, base: ProductInput): void {
  const packs = cell('packs');
  if (packs === null) return;
  if (isNone(packs)) {
    base.packSizes = [];
    return;
  }
  const list: ProductInput['packSizes'] = [];
  for (const item of items(packs)) {
    const [unitText, piecesText, barcode, ...rest] = item.split(':').map((s) => s.trim());
    const unit = parseUnit(unitText ?? '');
    const pieces = parseInteger(piecesText ?? '', 1, 1_000_000);
    if (unit === null || pieces === null || rest.length > 0) {
      fail('packs', 'INVALID_PACKS');
      continue;
    }
    list.push({ unit, pieces, barcode: barcode ? barcode : null });
  }
  base.packSizes = list;
}

/** The list-price entries (no price group), lowest threshold first, with their positions. */
function listPrices(base: ProductInput) {
  return base.prices
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.priceGroup === null)
    .sort((a, b) => a.entry.quantityDiscount - b.entry.quantityDiscount);
}

/**
 * prices (`unit:threshold:price` tiers replacing the list prices; a tier that stays keeps its
 * special price) and price (the lowest tier's price, or a new piece price). A new product needs one.
 */
function applyListPrices({ cell, fail }: RowCells, base: ProductInput): void {
  const prices = cell('prices');
  if (prices !== null) {
    const list: ProductInput['prices'] = [];
    for (const item of items(prices)) {
      const [unitText, thresholdText, priceText, ...rest] = item.split(':').map((s) => s.trim());
      const unit = parseUnit(unitText ?? '');
      const threshold = parseInteger(thresholdText ?? '', 1, 10_000_000);
      const price = parseMoney(priceText ?? '');
      if (unit === null || threshold === null || price === null || rest.length > 0) {
        fail('prices', 'INVALID_PRICES');
        continue;
      }
      const old = base.prices.find(
        (e) => e.priceGroup === null && e.quantitativeUnit === unit && e.quantityDiscount === threshold,
      );
      list.push({
        priceGroup: null,
        price,
        specialPrice: old?.specialPrice ?? null,
        specialPriceStart: old?.specialPriceStart ?? null,
        specialPriceEnd: old?.specialPriceEnd ?? null,
        quantityDiscount: threshold,
        quantitativeUnit: unit,
      });
    }
    base.prices = [...base.prices.filter((e) => e.priceGroup !== null), ...list];
  }
  const price = cell('price');
  if (price !== null) {
    const minor = parseMoney(price);
    if (minor === null) fail('price', 'INVALID_MONEY');
    else {
      const lowest = listPrices(base)[0];
      if (lowest) base.prices[lowest.index] = { ...lowest.entry, price: minor };
      else {
        base.prices.push({
          priceGroup: null,
          price: minor,
          specialPrice: null,
          specialPriceStart: null,
          specialPriceEnd: null,
          quantityDiscount: 1,
          quantitativeUnit: 'piece',
        });
      }
    }
  }
  if (!base.prices.some((e) => e.priceGroup === null) && price === null && prices === null)
    fail('price', 'REQUIRED');
}

/** special_price, special_start, special_end: on the lowest list-price tier; none clears. */
function applySpecialPrice({ cell, fail }: RowCells, base: ProductInput, timeZone: string): void {
  const texts = {
    special_price: cell('special_price'),
    special_start: cell('special_start'),
    special_end: cell('special_end'),
  };
  const lowest = listPrices(base)[0];
  if (!lowest || Object.values(texts).every((v) => v === null)) return;
  const entry = { ...lowest.entry };
  const special = texts.special_price;
  if (special !== null) {
    if (isNone(special)) {
      entry.specialPrice = null;
      entry.specialPriceStart = null;
      entry.specialPriceEnd = null;
    } else {
      const minor = parseMoney(special);
      if (minor === null) fail('special_price', 'INVALID_MONEY');
      else entry.specialPrice = minor;
    }
  }
  for (const [column, key, endOfDay] of [
    ['special_start', 'specialPriceStart', false],
    ['special_end', 'specialPriceEnd', true],
  ] as const) {
    const text = texts[column];
    if (text === null) continue;
    if (isNone(text)) entry[key] = null;
    else {
      const at = parseInstant(text, timeZone, endOfDay);
      if (at === null) fail(column, 'INVALID_DATE');
      else entry[key] = at;
    }
  }
  base.prices[lowest.index] = entry;
}

/**
 * The row over the current product (or a new one). Cell errors go to `fail`; the result is null
 * when the row has any.
 */
export function applyRow(
  parsed: ParsedRow,
  current: AdminProduct | null,
  lookups: Lookups,
  report: (row: number, column: ImportColumn, code: ImportRowCode) => void,
  timeZone: string,
): ProductInput | null {
  let failed = false;
  const cells: RowCells = {
    cell: (column) => {
      const value = parsed.cells[column]?.trim() ?? '';
      return value === '' ? null : value;
    },
    fail: (column, code) => {
      failed = true;
      report(parsed.row, column, code);
    },
  };
  const base = startingInput(current, parsed.sku);
  applyNames(cells, base);
  applyManufacturerAndCategories(cells, base, lookups);
  applyQuantitiesAndFlags(cells, base);
  applyPacks(cells, base);
  applyListPrices(cells, base);
  applySpecialPrice(cells, base, timeZone);
  return failed ? null : base;
}

import type { Kysely } from 'kysely';
import {
  type AdminProduct,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportResult,
  type ImportRowCode,
  type ImportRowError,
  type ProductInput,
  PACK_UNITS,
  barcodeSchema,
  productInputSchema,
  skuSchema,
} from '@shop/shared/contracts/admin-catalogue';
import type { PackUnitName } from '@shop/shared/contracts/products';
import { zonedParts } from '@shop/shared/format/format';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  finishWrites,
  findIdsBySku,
  loadProducts,
  productIssuesMany,
  productUnchanged,
  type StoreIssue,
  type WriteOutcome,
  writeProducts,
} from './product-store';

/**
 * The product import (CSV or XLSX, upsert by SKU). Every cell is validated first; a dry run stops
 * there and reports; an import writes only when no row has an error, all rows in one transaction
 * (any failure rolls every row back). The format is documented in README "Back office" and in
 * IMPORT_HELP below (the template carries the same columns).
 */

type Db = Kysely<Database>;
export const MAX_LISTED_ERRORS = 500;

const MESSAGES: Record<ImportRowCode, string> = {
  REQUIRED: 'A value is required here.',
  INVALID_TEXT: 'Text is too long or contains control characters.',
  INVALID_NUMBER: 'Expected a whole number in the allowed range.',
  INVALID_MONEY: 'Expected an amount in forints above zero with at most 2 decimals (e.g. 1234.50).',
  INVALID_FLAG: 'Expected 1 or 0 (also true/false, yes/no, igen/nem).',
  INVALID_UNIT: `Expected one of ${PACK_UNITS.join(', ')} (or "none").`,
  INVALID_PACKS: 'Expected unit:pieces[:barcode] items separated by |, e.g. piece:1:5991234567890|carton:12.',
  INVALID_PRICES: 'Expected unit:threshold:price items separated by |, e.g. piece:1:1290|carton:12:1190.',
  INVALID_DATE: 'Expected a date YYYY-MM-DD, an ISO date-time, or "none".',
  INVALID_BARCODE: 'A barcode has 8 to 14 digits.',
  INVALID_SKU: 'A SKU has 1-64 letters, digits or . _ - /.',
  DUPLICATE_SKU: 'This SKU appears in an earlier row of the file.',
  UNKNOWN_MANUFACTURER: 'No manufacturer has this slug or name.',
  UNKNOWN_CATEGORY: 'No category has this slug.',
  ERR_BARCODE_TAKEN: 'This barcode belongs to another product (or an earlier row).',
  ERR_STEP_NOT_PACK_SIZE: 'The step must be 1 or the pieces of one of the pack sizes.',
  ERR_UNIT_NOT_PACK_SIZE: 'The unit must be piece or one of the product pack units.',
  ERR_DUPLICATE_PACK_UNIT: 'A pack unit appears twice.',
  ERR_INVALID_PRICE:
    'The special price must be below the price, thresholds must not repeat, the end not before the start.',
  ERR_NO_LIST_PRICE: 'A new product needs a price.',
};

class RowErrors {
  readonly list: ImportRowError[] = [];
  count = 0;
  add(row: number, column: string, code: ImportRowCode): void {
    this.count += 1;
    if (this.list.length < MAX_LISTED_ERRORS) this.list.push({ row, column, code, message: MESSAGES[code] });
  }
}

const NONE = new Set(['none', '-', 'nincs']);
const TRUE = new Set(['1', 'true', 'yes', 'igen', 'y', 'i']);
const FALSE = new Set(['0', 'false', 'no', 'nem', 'n']);

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

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

interface ParsedRow {
  row: number;
  sku: string;
  cells: Partial<Record<ImportColumn, string>>;
}

interface Lookups {
  manufacturers: Map<string, number>;
  categories: Map<string, number>;
}

async function loadLookups(db: Db): Promise<Lookups> {
  const [manufacturers, categories] = await Promise.all([
    db.selectFrom('manufacturers').select(['id', 'slug', 'name']).execute(),
    db.selectFrom('categories').select(['id', 'slug']).execute(),
  ]);
  const m = new Map<string, number>();
  for (const row of manufacturers) {
    m.set(row.name.trim().toLowerCase(), row.id);
  }
  for (const row of manufacturers) m.set(row.slug.toLowerCase(), row.id);
  return { manufacturers: m, categories: new Map(categories.map((c) => [c.slug.toLowerCase(), c.id])) };
}

/** Header → column positions; unknown, duplicate or missing sku columns make the file unusable. */
function readHeader(header: readonly string[]): Map<ImportColumn, number> {
  const positions = new Map<ImportColumn, number>();
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      throw new AppError('ERR_IMPORT_FILE', { reason: 'unknown_column', column: raw.trim().slice(0, 64) });
    }
    if (positions.has(name as ImportColumn)) {
      throw new AppError('ERR_IMPORT_FILE', { reason: 'duplicate_column', column: name });
    }
    positions.set(name as ImportColumn, index);
  });
  if (!positions.has('sku'))
    throw new AppError('ERR_IMPORT_FILE', { reason: 'missing_column', column: 'sku' });
  return positions;
}

function defaults(sku: string): ProductInput {
  return {
    sku,
    details: [],
    manufacturerId: null,
    categoryIds: [],
    vat: -1,
    weight: 0,
    stock: 0,
    isActive: true,
    isOrderable: true,
    isSeasonal: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
    orderQuantityStep: 1,
    packSizes: [],
    prices: [],
  };
}

/**
 * One row applied over the current product (or a new one). Cell errors go to `errors`; the result
 * is null when the row has any.
 */
function applyRow(
  parsed: ParsedRow,
  current: AdminProduct | null,
  lookups: Lookups,
  errors: RowErrors,
  timeZone: string,
): ProductInput | null {
  const before = errors.count;
  const fail = (column: ImportColumn, code: ImportRowCode) => errors.add(parsed.row, column, code);
  const base: ProductInput = current
    ? {
        sku: current.sku,
        details: current.details.map((d) => ({ ...d })),
        manufacturerId: current.manufacturerId,
        categoryIds: [...current.categoryIds],
        vat: current.vat,
        weight: current.weight,
        stock: current.stock,
        isActive: current.isActive,
        isOrderable: current.isOrderable,
        isSeasonal: current.isSeasonal,
        minOrderQuantity: current.minOrderQuantity,
        maxOrderQuantity: current.maxOrderQuantity,
        orderQuantityStep: current.orderQuantityStep,
        packSizes: current.packSizes.map((p) => ({ ...p })),
        prices: current.prices.map((p) => ({ ...p })),
      }
    : defaults(parsed.sku);
  const cell = (column: ImportColumn): string | null => {
    const value = parsed.cells[column]?.trim() ?? '';
    return value === '' ? null : value;
  };

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

  const manufacturer = cell('manufacturer');
  if (manufacturer !== null) {
    if (NONE.has(manufacturer.toLowerCase())) base.manufacturerId = null;
    else {
      const id = lookups.manufacturers.get(manufacturer.toLowerCase());
      if (id === undefined) fail('manufacturer', 'UNKNOWN_MANUFACTURER');
      else base.manufacturerId = id;
    }
  }
  const categories = cell('categories');
  if (categories !== null) {
    if (NONE.has(categories.toLowerCase())) base.categoryIds = [];
    else {
      const ids: number[] = [];
      for (const slug of categories
        .split('|')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)) {
        const id = lookups.categories.get(slug);
        if (id === undefined) fail('categories', 'UNKNOWN_CATEGORY');
        else ids.push(id);
      }
      base.categoryIds = [...new Set(ids)];
    }
  }

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
    if (NONE.has(text.toLowerCase())) return set(null);
    const unit = parseUnit(text);
    if (unit === null) fail(column, 'INVALID_UNIT');
    else set(unit);
  };
  unitLimit('min_unit', (u) => (base.minOrderQuantity = u));
  unitLimit('max_unit', (u) => (base.maxOrderQuantity = u));

  const packs = cell('packs');
  if (packs !== null) {
    if (NONE.has(packs.toLowerCase())) base.packSizes = [];
    else {
      const list: ProductInput['packSizes'] = [];
      for (const item of packs
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [unitText, piecesText, barcode, ...rest] = item.split(':').map((s) => s.trim());
        const unit = parseUnit(unitText ?? '');
        const pieces = parseInteger(piecesText ?? '', 1, 1_000_000);
        if (unit === null || pieces === null || rest.length > 0) {
          fail('packs', 'INVALID_PACKS');
          continue;
        }
        if (barcode && !barcodeSchema.safeParse(barcode).success) {
          fail('packs', 'INVALID_BARCODE');
          continue;
        }
        list.push({ unit, pieces, barcode: barcode ? barcode : null });
      }
      base.packSizes = list;
    }
  }

  const listPrices = () =>
    base.prices
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => entry.priceGroup === null)
      .sort((a, b) => a.entry.quantityDiscount - b.entry.quantityDiscount);
  const prices = cell('prices');
  if (prices !== null) {
    const list: ProductInput['prices'] = [];
    for (const item of prices
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean)) {
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
      const lowest = listPrices()[0];
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

  const specialCells = {
    special_price: cell('special_price'),
    special_start: cell('special_start'),
    special_end: cell('special_end'),
  };
  if (Object.values(specialCells).some((v) => v !== null)) {
    const lowest = listPrices()[0];
    if (lowest) {
      const entry = { ...lowest.entry };
      const sp = specialCells.special_price;
      if (sp !== null) {
        if (NONE.has(sp.toLowerCase())) {
          entry.specialPrice = null;
          entry.specialPriceStart = null;
          entry.specialPriceEnd = null;
        } else {
          const minor = parseMoney(sp);
          if (minor === null) fail('special_price', 'INVALID_MONEY');
          else entry.specialPrice = minor;
        }
      }
      for (const [column, key, endOfDay] of [
        ['special_start', 'specialPriceStart', false],
        ['special_end', 'specialPriceEnd', true],
      ] as const) {
        const text = specialCells[column];
        if (text === null) continue;
        if (NONE.has(text.toLowerCase())) entry[key] = null;
        else {
          const at = parseInstant(text, timeZone, endOfDay);
          if (at === null) fail(column, 'INVALID_DATE');
          else entry[key] = at;
        }
      }
      base.prices[lowest.index] = entry;
    }
  }
  return errors.count === before ? base : null;
}

const FIELD_COLUMNS: [RegExp, ImportColumn][] = [
  [/^sku/, 'sku'],
  [/^manufacturerId/, 'manufacturer'],
  [/^categoryIds/, 'categories'],
  [/^packSizes/, 'packs'],
  [/^orderQuantityStep/, 'step'],
  [/^minOrderQuantity/, 'min_unit'],
  [/^maxOrderQuantity/, 'max_unit'],
  [/^prices\.\d+\.specialPriceStart/, 'special_start'],
  [/^prices\.\d+\.specialPriceEnd/, 'special_end'],
  [/^prices\.\d+\.specialPrice/, 'special_price'],
  [/^prices/, 'price'],
];

function columnOfField(field: string): ImportColumn {
  return FIELD_COLUMNS.find(([re]) => re.test(field))?.[1] ?? 'sku';
}

function storeIssueCode(issue: StoreIssue): ImportRowCode {
  switch (issue.code) {
    case 'ERR_MANUFACTURER_NOT_FOUND':
      return 'UNKNOWN_MANUFACTURER';
    case 'ERR_CATEGORY_NOT_FOUND':
      return 'UNKNOWN_CATEGORY';
    case 'ERR_SKU_TAKEN':
      return 'DUPLICATE_SKU';
    default:
      return issue.code;
  }
}

interface Plan {
  rows: number;
  errors: RowErrors;
  changes: { row: number; before: AdminProduct | null; after: ProductInput }[];
  unchanged: number;
}

/** Reads, validates and diffs every row against the database (no writes). */
async function planImport(db: Db, table: string[][], timeZone: string): Promise<Plan> {
  const [header, ...body] = table;
  if (!header) throw new AppError('ERR_IMPORT_FILE', { reason: 'empty' });
  const positions = readHeader(header);
  const errors = new RowErrors();
  const parsedRows: ParsedRow[] = [];
  const seen = new Set<string>();
  let rows = 0;
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((c) => c.trim() === '')) return;
    rows += 1;
    const values: Partial<Record<ImportColumn, string>> = {};
    for (const [column, position] of positions) values[column] = cells[position] ?? '';
    const sku = (values.sku ?? '').trim();
    if (sku === '') return errors.add(row, 'sku', 'REQUIRED');
    if (!skuSchema.safeParse(sku).success) return errors.add(row, 'sku', 'INVALID_SKU');
    if (seen.has(sku)) return errors.add(row, 'sku', 'DUPLICATE_SKU');
    seen.add(sku);
    parsedRows.push({ row, sku, cells: values });
  });
  const [lookups, ids] = await Promise.all([
    loadLookups(db),
    findIdsBySku(
      db,
      parsedRows.map((r) => r.sku),
    ),
  ]);
  const current = await loadProducts(db, [...ids.values()]);
  const candidates: { row: number; before: AdminProduct | null; after: ProductInput }[] = [];
  for (const parsed of parsedRows) {
    const id = ids.get(parsed.sku);
    const before = id === undefined ? null : (current.get(id) ?? null);
    const after = applyRow(parsed, before, lookups, errors, timeZone);
    if (!after) continue;
    const checked = productInputSchema.safeParse(after);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      errors.add(parsed.row, columnOfField(issue?.path.join('.') ?? 'sku'), 'INVALID_NUMBER');
      continue;
    }
    candidates.push({ row: parsed.row, before, after: checked.data });
  }
  const issues = await productIssuesMany(
    db,
    candidates.map((c) => ({ productId: c.before?.id ?? null, input: c.after })),
  );
  const changes: Plan['changes'] = [];
  let unchanged = 0;
  candidates.forEach((candidate, index) => {
    const list = issues[index] ?? [];
    for (const issue of list) errors.add(candidate.row, columnOfField(issue.field), storeIssueCode(issue));
    if (list.length > 0) return;
    if (candidate.before && productUnchanged(candidate.before, candidate.after)) unchanged += 1;
    else changes.push(candidate);
  });
  return { rows, errors, changes, unchanged };
}

export async function runImport(
  ctx: AppContext,
  actorUserId: number,
  table: string[][],
  dryRun: boolean,
): Promise<ImportResult> {
  const started = performance.now();
  const timeZone = ctx.config.shopTimeZone;
  const now = ctx.now();
  const result = (plan: Plan, applied: boolean): ImportResult => ({
    dryRun,
    applied,
    rows: plan.rows,
    created: plan.changes.filter((c) => c.before === null).length,
    updated: plan.changes.filter((c) => c.before !== null).length,
    unchanged: plan.unchanged,
    errors: plan.errors.list,
    errorCount: plan.errors.count,
    durationMs: Math.round(performance.now() - started),
  });
  if (dryRun) return result(await planImport(ctx.database.db, table, timeZone), false);

  // The plan is made again inside the transaction, so what is written is what was checked.
  return ctx.database.db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, table, timeZone);
    if (plan.errors.count > 0) return result(plan, false);
    const outcomes: WriteOutcome[] = await writeProducts(trx, plan.changes, { now, timeZone });
    // One audit_log row per changed product, in the format of recordAudit, written in multi-row
    // inserts (10,000 single inserts cost seconds on PostgreSQL).
    const at = now.toISOString();
    const audits = plan.changes.map((change, index) => ({
      actor_user_id: actorUserId,
      action: change.before ? 'product.import-update' : 'product.import-create',
      entity: 'product',
      entity_id: String(outcomes[index]!.productId),
      before_json: change.before ? JSON.stringify(change.before) : null,
      after_json: JSON.stringify(change.after),
      created_at: at,
    }));
    for (let i = 0; i < audits.length; i += 500) {
      await trx
        .insertInto('audit_log')
        .values(audits.slice(i, i + 500))
        .execute();
    }
    await finishWrites(trx, outcomes, now);
    return result(plan, true);
  });
}

/** Two example rows of the template: a new product with everything, and a price-only change. */
export const TEMPLATE_ROWS: string[][] = [
  [
    'DEMO-0001',
    'Példa termék',
    'Sample product',
    'Sản phẩm mẫu',
    '示例产品',
    'none',
    '',
    '27',
    '500',
    '120',
    '1',
    '1',
    '0',
    'piece',
    'carton',
    '1',
    'piece:1:5990000000017|carton:12:5990000000024',
    '',
    'piece:1:1290|carton:12:1190',
    '1090',
    '2026-12-01',
    '2026-12-31',
  ],
  [
    'DEMO-0002',
    'Másik példa',
    'Another sample',
    'Sản phẩm mẫu khác',
    '另一个示例产品',
    '',
    '',
    '5',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '990.50',
    '',
    '',
    '',
    '',
  ],
];

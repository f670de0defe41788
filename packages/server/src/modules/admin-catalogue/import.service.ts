import type { Kysely } from 'kysely';
import {
  type AdminProduct,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportResult,
  type ImportRowCode,
  type ImportRowError,
  PACK_UNITS,
  type ProductInput,
  productInputSchema,
  skuSchema,
} from '@shop/shared/contracts/admin-catalogue';
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
} from './product-aggregate.repository';
import { applyRow, type Lookups, type ParsedRow } from './import-row';
import { wakeOutbox } from '../outbox/outbox.service';

/**
 * The product import (CSV or XLSX, upsert by SKU). Every cell is validated first; a dry run stops
 * there and reports; an import writes only when no row has an error, all rows in one transaction
 * (any failure rolls every row back). Files are read by import-file.ts, a row is applied by
 * import-row.ts; the format is documented in README "Back office" and on the import page, and
 * TEMPLATE_ROWS below are the template's example rows.
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
  INVALID_SKU: 'A SKU has 1-64 letters, digits or . _ - /.',
  DUPLICATE_SKU: 'This SKU appears in an earlier row of the file.',
  UNKNOWN_MANUFACTURER: 'No manufacturer has this slug or name.',
  UNKNOWN_CATEGORY: 'No category has this slug.',
  ERR_BARCODE_TAKEN: 'This barcode belongs to another product (or an earlier row).',
  ERR_INVALID_BARCODE: 'A barcode has 8, 12, 13 or 14 digits, the last one the GS1 check digit.',
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
    const after = applyRow(
      parsed,
      before,
      lookups,
      (row, column, code) => errors.add(row, column, code),
      timeZone,
    );
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
  const answer = await ctx.database.db.transaction().execute(async (trx) => {
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
    await finishWrites(trx, outcomes, now, ctx);
    return result(plan, true);
  });
  // Back-in-stock mails queued with the import (issue 17) go out at once.
  wakeOutbox(ctx);
  return answer;
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
    'piece:1:5990000000016|carton:12:5990000000023',
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

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminProduct,
  type ProductInput,
  productInputSchema,
} from '@shop/shared/contracts/admin-catalogue';
import {
  type BatchItemError,
  type BatchKind,
  type BatchResult,
  creditUpsertItemSchema,
  customerUpsertItemSchema,
  priceUpsertItemSchema,
  productUpsertItemSchema,
  stockUpsertItemSchema,
  type ProductUpsertItem,
} from '@shop/shared/contracts/admin-integration';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { discountBasisPoints } from '@shop/shared/rules/pricing';
import { isValidHuCompanyRegistrationNumber, isValidHuTaxNumber } from '@shop/shared/rules/hu-tax-number';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import {
  finishWrites,
  findIdsBySku,
  loadProducts,
  productIssuesMany,
  productUnchanged,
  writeProducts,
} from '../admin-catalogue/product-aggregate.repository';
import { startingInput } from '../admin-catalogue/product-input';
import { uniqueViolationColumn } from '../users/unique-violation';
import { wakeOutbox } from '../outbox/outbox.service';
import type { IntegrationClient } from './api-keys.service';

/**
 * Idempotent, partial batches of the ERP integration (see contracts/admin-integration.ts):
 * each item is checked on its own, the valid ones are written in one transaction together with the
 * stored result in integration_batches (primary key: the batch id), so a batch is applied at most
 * once even when sent twice at the same moment.
 */

type Db = Kysely<Database>;

const ITEM_MESSAGES: Record<string, string> = {
  ERR_VALIDATION: 'The item is not valid.',
  ERR_DUPLICATE_ITEM: 'The same SKU or code appears earlier in this batch.',
  ERR_PRODUCT_NOT_FOUND: 'No product has this SKU.',
  ERR_MANUFACTURER_NOT_FOUND: 'No manufacturer has this slug.',
  ERR_CATEGORY_NOT_FOUND: 'No category has this slug.',
  ERR_BARCODE_TAKEN: 'A barcode belongs to another product.',
  ERR_INVALID_BARCODE: 'A barcode is not 8, 12, 13 or 14 digits with a valid GS1 check digit.',
  ERR_STEP_NOT_PACK_SIZE: 'The order step must be 1 or the pieces of one of the pack sizes.',
  ERR_UNIT_NOT_PACK_SIZE: 'A limit or price unit is not piece or one of the pack units.',
  ERR_DUPLICATE_PACK_UNIT: 'A pack unit appears twice.',
  ERR_INVALID_PRICE:
    'A special price is not below its price, a threshold repeats, or an end is before its start.',
  ERR_NO_LIST_PRICE: 'The product needs a list price (priceGroup null).',
  ERR_SKU_TAKEN: 'The SKU belongs to another product.',
  ERR_DUP_TAX_NUM: 'Another customer has this tax number.',
  ERR_DUP_COMP_REG_NUM: 'Another customer has this company registration number.',
  NOT_FOUND: 'No customer has this ERP code.',
};

class Errors {
  readonly list: BatchItemError[] = [];
  add(index: number, sku: string | null, code: string, detail?: string): void {
    const message = ITEM_MESSAGES[code] ?? code;
    this.list.push({ index, sku, code, message: detail ? `${message} ${detail}` : message });
  }
  has(index: number): boolean {
    return this.list.some((e) => e.index === index);
  }
}

type KeyField = 'sku' | 'code' | 'erpCode';

function keyOf(item: unknown, field: KeyField): string | null {
  if (typeof item === 'object' && item !== null && field in item) {
    const value = (item as Record<string, unknown>)[field];
    if (typeof value === 'string') return value.trim().slice(0, 64);
  }
  return null;
}

/** Parses every item; invalid and repeated ones become errors. */
function parseItems<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
  field: KeyField,
  errors: Errors,
): { index: number; item: z.infer<S> }[] {
  const seen = new Set<string>();
  const out: { index: number; item: z.infer<S> }[] = [];
  items.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.add(
        index,
        keyOf(raw, field),
        'ERR_VALIDATION',
        issue ? `${issue.path.join('.') || field}: ${issue.message}` : undefined,
      );
      return;
    }
    const key = (parsed.data as Record<string, string>)[field]!;
    if (seen.has(key)) return errors.add(index, key, 'ERR_DUPLICATE_ITEM');
    seen.add(key);
    out.push({ index, item: parsed.data });
  });
  return out;
}

async function slugMaps(db: Db) {
  const [manufacturers, categories] = await Promise.all([
    db.selectFrom('manufacturers').select(['id', 'slug']).execute(),
    db.selectFrom('categories').select(['id', 'slug']).execute(),
  ]);
  return {
    manufacturers: new Map(manufacturers.map((m) => [m.slug, m.id])),
    categories: new Map(categories.map((c) => [c.slug, c.id])),
  };
}

type Applied = { created: number };

/** products, prices and stock: all become whole-product writes through the catalogue store. */
async function productBatch(
  ctx: AppContext,
  db: Db,
  kind: 'products' | 'prices' | 'stock',
  items: readonly unknown[],
  errors: Errors,
): Promise<Applied> {
  const schema =
    kind === 'products'
      ? productUpsertItemSchema
      : kind === 'prices'
        ? priceUpsertItemSchema
        : stockUpsertItemSchema;
  const parsed = parseItems(items, schema, 'sku', errors) as { index: number; item: ProductUpsertItem }[];
  const ids = await findIdsBySku(
    db,
    parsed.map((p) => p.item.sku),
  );
  const current = await loadProducts(db, [...ids.values()]);
  const maps = kind === 'products' ? await slugMaps(db) : null;
  const candidates: { index: number; sku: string; before: AdminProduct | null; after: ProductInput }[] = [];
  for (const { index, item } of parsed) {
    const id = ids.get(item.sku);
    const before = id === undefined ? null : (current.get(id) ?? null);
    if (!before && kind !== 'products') {
      errors.add(index, item.sku, 'ERR_PRODUCT_NOT_FOUND');
      continue;
    }
    const after = startingInput(before, item.sku);
    if (item.names) {
      for (const language of LANGUAGES) {
        const name = item.names[language];
        if (!name) continue;
        const detail = after.details.find((d) => d.language === language);
        if (detail) detail.name = name;
        else after.details.push({ language, name, description: '' });
      }
    }
    if (item.vat !== undefined) after.vat = item.vat;
    if (item.weight !== undefined) after.weight = item.weight;
    if (item.stock !== undefined) after.stock = item.stock;
    if (item.isActive !== undefined) after.isActive = item.isActive;
    if (item.isOrderable !== undefined) after.isOrderable = item.isOrderable;
    if (item.isSeasonal !== undefined) after.isSeasonal = item.isSeasonal;
    if (item.minOrderQuantity !== undefined) after.minOrderQuantity = item.minOrderQuantity;
    if (item.maxOrderQuantity !== undefined) after.maxOrderQuantity = item.maxOrderQuantity;
    if (item.orderQuantityStep !== undefined) after.orderQuantityStep = item.orderQuantityStep;
    if (item.packSizes !== undefined) after.packSizes = item.packSizes;
    if (item.prices !== undefined) after.prices = item.prices;
    if (maps && item.manufacturer !== undefined) {
      if (item.manufacturer === null) after.manufacturerId = null;
      else {
        const id = maps.manufacturers.get(item.manufacturer);
        if (id === undefined) {
          errors.add(index, item.sku, 'ERR_MANUFACTURER_NOT_FOUND', item.manufacturer);
          continue;
        }
        after.manufacturerId = id;
      }
    }
    if (maps && item.categories !== undefined) {
      const unknown = item.categories.find((slug) => !maps.categories.has(slug));
      if (unknown !== undefined) {
        errors.add(index, item.sku, 'ERR_CATEGORY_NOT_FOUND', unknown);
        continue;
      }
      after.categoryIds = [...new Set(item.categories.map((slug) => maps.categories.get(slug)!))];
    }
    if (!before) {
      const missing = [
        !after.details.some((d) => d.language === 'hu') && 'names.hu',
        after.vat < 0 && 'vat',
        after.prices.length === 0 && 'prices',
      ].filter(Boolean);
      if (missing.length > 0) {
        errors.add(index, item.sku, 'ERR_VALIDATION', `A new product needs ${missing.join(', ')}.`);
        continue;
      }
    }
    const checked = productInputSchema.safeParse(after);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      errors.add(
        index,
        item.sku,
        'ERR_VALIDATION',
        issue ? `${issue.path.join('.')}: ${issue.message}` : undefined,
      );
      continue;
    }
    candidates.push({ index, sku: item.sku, before, after: checked.data });
  }
  const issues = await productIssuesMany(
    db,
    candidates.map((c) => ({ productId: c.before?.id ?? null, input: c.after })),
  );
  const changes = candidates.filter((candidate, i) => {
    const first = issues[i]?.[0];
    if (first) {
      errors.add(candidate.index, candidate.sku, first.code, `(${first.field})`);
      return false;
    }
    return !(candidate.before && productUnchanged(candidate.before, candidate.after));
  });
  const now = ctx.now();
  const outcomes = await writeProducts(db, changes, { now, timeZone: ctx.config.shopTimeZone });
  await finishWrites(db, outcomes, now, ctx);
  return { created: changes.filter((c) => c.before === null).length };
}

/** The shop's customer ids by ERP code, read 500 codes a query (bounded parameter lists). */
async function customerIdsByErpCode(db: Db, codes: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'erp_code'])
      .where('erp_code', 'in', codes.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.erp_code) ids.set(row.erp_code, row.id);
  }
  return ids;
}

/**
 * A batch kind whose items name a customer by its ERP code: the items are parsed, the codes looked
 * up, and `apply` writes the valid items (`ids`: the shop's customer id of each known code).
 */
function customerKeyedBatch<S extends z.ZodType>(
  schema: S,
  field: 'code' | 'erpCode',
  apply: (
    ctx: AppContext,
    db: Db,
    parsed: { index: number; item: z.infer<S> }[],
    ids: Map<string, number>,
    errors: Errors,
  ) => Promise<Applied>,
) {
  return async (ctx: AppContext, db: Db, items: readonly unknown[], errors: Errors): Promise<Applied> => {
    const parsed = parseItems(items, schema, field, errors);
    const codes = parsed.map((p) => (p.item as Record<string, string>)[field]!);
    return apply(ctx, db, parsed, await customerIdsByErpCode(db, codes), errors);
  };
}

const customerBatch = customerKeyedBatch(
  customerUpsertItemSchema,
  'code',
  async (ctx, db, parsed, existing, errors) => {
    const claimed = { tax: new Map<string, string>(), reg: new Map<string, string>() };
    let created = 0;
    const now = ctx.now().toISOString();
    for (const { index, item } of parsed) {
      const taxNumber = item.taxNumber || null;
      const registration = item.companyRegistrationNumber || null;
      const hu = (item.billingCountryCode ?? 'HU').toUpperCase() === 'HU';
      if (hu && taxNumber && !isValidHuTaxNumber(taxNumber)) {
        errors.add(index, item.code, 'ERR_VALIDATION', 'taxNumber: not a valid Hungarian tax number');
        continue;
      }
      if (hu && registration && !isValidHuCompanyRegistrationNumber(registration)) {
        errors.add(
          index,
          item.code,
          'ERR_VALIDATION',
          'companyRegistrationNumber: not a valid Hungarian number',
        );
        continue;
      }
      const id = existing.get(item.code) ?? null;
      const owner = async (column: 'tax_number' | 'company_registration_number', value: string | null) => {
        if (!value) return null;
        const row = await db
          .selectFrom('customers')
          .select('id')
          .where(column, '=', value)
          .executeTakeFirst();
        return row && row.id !== id ? row.id : null;
      };
      if (
        (taxNumber && (claimed.tax.get(taxNumber) ?? item.code) !== item.code) ||
        (await owner('tax_number', taxNumber))
      ) {
        errors.add(index, item.code, 'ERR_DUP_TAX_NUM');
        continue;
      }
      if (
        (registration && (claimed.reg.get(registration) ?? item.code) !== item.code) ||
        (await owner('company_registration_number', registration))
      ) {
        errors.add(index, item.code, 'ERR_DUP_COMP_REG_NUM');
        continue;
      }
      if (taxNumber) claimed.tax.set(taxNumber, item.code);
      if (registration) claimed.reg.set(registration, item.code);
      const values = {
        erp_code: item.code,
        name: item.name,
        email: item.email,
        phone: item.phone ?? null,
        is_company: (item.isCompany ? 1 : 0) as 0 | 1,
        tax_number: taxNumber,
        company_registration_number: registration,
        billing_country: item.billingCountry,
        billing_country_code: item.billingCountryCode?.toUpperCase() ?? null,
        billing_zip: item.billingZip,
        billing_city: item.billingCity,
        billing_apt_suite: item.billingAptSuite,
        price_group: item.priceGroup ?? null,
        ...(item.discountPercent !== undefined
          ? { customer_discount_bp: discountBasisPoints(item.discountPercent) }
          : {}),
        updated_at: now,
      };
      if (id === null) {
        await db
          .insertInto('customers')
          .values({ ...values, created_at: now })
          .execute();
        created += 1;
      } else {
        await db.updateTable('customers').set(values).where('id', '=', id).execute();
      }
    }
    return { created };
  },
);

/**
 * Issue 16: credit limits and open balances by ERP customer code. The balance's instant is the
 * item's `balanceAt` or now; the shop counts the deferred orders placed from then on.
 */
const creditBatch = customerKeyedBatch(
  creditUpsertItemSchema,
  'erpCode',
  async (ctx, db, parsed, ids, errors) => {
    const now = ctx.now().toISOString();
    for (const { index, item } of parsed) {
      const id = ids.get(item.erpCode);
      if (id === undefined) {
        errors.add(index, item.erpCode, 'NOT_FOUND');
        continue;
      }
      await db
        .updateTable('customers')
        .set({
          credit_limit: item.creditLimit,
          open_balance: item.openBalance,
          open_balance_at: item.balanceAt ? new Date(item.balanceAt).toISOString() : now,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    }
    return { created: 0 };
  },
);

function hashOf(kind: BatchKind, items: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify({ kind, items })).digest('hex');
}

interface StoredBatch {
  hash: string;
  result: BatchResult;
}

async function storedResult(
  db: Db,
  batchId: string,
  kind: BatchKind,
  hash: string,
): Promise<BatchResult | null> {
  const row = await db
    .selectFrom('integration_batches')
    .select(['kind', 'result_json'])
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.result_json) as StoredBatch;
  if (row.kind !== kind || stored.hash !== hash) throw new AppError('ERR_BATCH_CONFLICT', { batchId });
  return { ...stored.result, replayed: true };
}

export async function runBatch(
  ctx: AppContext,
  client: IntegrationClient,
  kind: BatchKind,
  body: { batchId: string; items: unknown[] },
): Promise<BatchResult> {
  const hash = hashOf(kind, body.items);
  const db = ctx.database.db;
  const previous = await storedResult(db, body.batchId, kind, hash);
  if (previous) return previous;
  try {
    const answer = await db.transaction().execute(async (trx) => {
      const errors = new Errors();
      const outcome =
        kind === 'customers'
          ? await customerBatch(ctx, trx, body.items, errors)
          : kind === 'credit'
            ? await creditBatch(ctx, trx, body.items, errors)
            : await productBatch(ctx, trx, kind, body.items, errors);
      const result: BatchResult = {
        batchId: body.batchId,
        kind,
        received: body.items.length,
        applied: body.items.length - new Set(errors.list.map((e) => e.index)).size,
        created: outcome.created,
        failed: new Set(errors.list.map((e) => e.index)).size,
        errors: errors.list.sort((a, b) => a.index - b.index),
        replayed: false,
        processedAt: ctx.now().toISOString(),
      };
      await trx
        .insertInto('integration_batches')
        .values({
          batch_id: body.batchId,
          kind,
          result_json: JSON.stringify({ hash, result } satisfies StoredBatch),
          created_at: result.processedAt,
        })
        .execute();
      if (client.createdByUserId !== null) {
        await recordAudit(trx, {
          actorUserId: client.createdByUserId,
          action: `integration.${kind}`,
          entity: 'integration_batch',
          entityId: body.batchId,
          before: null,
          after: {
            apiKey: client.prefix,
            received: result.received,
            applied: result.applied,
            failed: result.failed,
          },
          at: ctx.now(),
        });
      }
      return result;
    });
    // Back-in-stock mails queued with the batch (issue 17) go out at once.
    wakeOutbox(ctx);
    return answer;
  } catch (error) {
    // The same batch id committed by a concurrent request: answer with its stored result.
    if (uniqueViolationColumn(error) !== null) {
      const stored = await storedResult(db, body.batchId, kind, hash);
      if (stored) return stored;
    }
    throw error;
  }
}

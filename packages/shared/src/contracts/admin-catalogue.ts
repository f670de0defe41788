import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { PRODUCT_RULE_CODES } from '../rules/product-rules';
import { adminListSchema, adminPageQuerySchema, adminPageSchema } from './admin-common';
import { PACK_UNITS, packUnitSchema, slugSchema } from './products';

/**
 * Back-office catalogue contracts (issue 7): products, prices, pack sizes, categories,
 * manufacturers and the CSV/XLSX import. Money is gross, integer minor units (1/100 Ft);
 * quantities are pieces; instants are ISO-8601 UTC.
 */

export { PACK_UNITS };

const id = z.number().int().positive();
/** SKU: letters, digits and . _ - / (no spaces), at most 64 characters. */
export const skuSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'too_long')
  .regex(/^[A-Za-z0-9._/-]+$/, 'invalid_sku');
/**
 * A pack barcode: EAN-8, UPC-A, EAN-13 or ITF-14 (8, 12, 13 or 14 digits with a GS1 check digit).
 * The schema only bounds the text; the product rules check it (rules/gs1-barcode.ts), so the back
 * office, the import and the ERP integration all refuse a bad one with ERR_INVALID_BARCODE.
 */
export const barcodeSchema = z.string().trim().max(32, 'invalid_barcode');
const money = z.number().int('invalid_number').min(1, 'too_small').max(1_000_000_000, 'too_large');
const instant = z.iso.datetime({ offset: true, error: 'invalid_date' });
const priceGroupSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'invalid_price_group');

export const productDetailSchema = z.object({
  language: z.enum(LANGUAGES),
  name: z.string().trim().min(1, 'required').max(255, 'too_long'),
  description: z.string().max(20_000, 'too_long').default(''),
});

export const packSizeInputSchema = z.object({
  unit: packUnitSchema,
  pieces: z.number().int().min(1).max(1_000_000),
  barcode: barcodeSchema.nullable(),
});
export type PackSizeInput = z.infer<typeof packSizeInputSchema>;

export const priceEntryInputSchema = z.object({
  /** Null: the list price for everyone; otherwise only for customers of this price group. */
  priceGroup: priceGroupSchema.nullable(),
  price: money,
  specialPrice: money.nullable(),
  specialPriceStart: instant.nullable(),
  specialPriceEnd: instant.nullable(),
  /** Quantity threshold in pieces from which the entry applies. */
  quantityDiscount: z.number().int().min(1).max(10_000_000),
  quantitativeUnit: packUnitSchema,
});
export type PriceEntryInput = z.infer<typeof priceEntryInputSchema>;

/** Everything the back office edits about a product (a full replacement on save). */
export const productInputSchema = z.object({
  sku: skuSchema,
  details: z
    .array(productDetailSchema)
    .min(1)
    .max(LANGUAGES.length)
    .refine((list) => list.some((d) => d.language === 'hu'), 'hu_name_required')
    .refine((list) => new Set(list.map((d) => d.language)).size === list.length, 'duplicate_language'),
  manufacturerId: id.nullable(),
  categoryIds: z.array(id).max(50),
  /** VAT in percent. */
  vat: z.number().int().min(0).max(100),
  /** Grams per piece. */
  weight: z.number().int().min(0).max(100_000_000),
  stock: z.number().int().min(0).max(1_000_000_000),
  isActive: z.boolean(),
  isOrderable: z.boolean(),
  isSeasonal: z.boolean(),
  minOrderQuantity: packUnitSchema.nullable(),
  maxOrderQuantity: packUnitSchema.nullable(),
  orderQuantityStep: z.number().int().min(1).max(1_000_000),
  packSizes: z.array(packSizeInputSchema).max(PACK_UNITS.length),
  prices: z.array(priceEntryInputSchema).min(1).max(50),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const adminProductSchema = productInputSchema.extend({
  id,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** `GET /api/admin/catalogue/products`: search by SKU, name or barcode, with flag filters. */
export const adminProductListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  ...adminPageQuerySchema.shape,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

export const adminProductListItemSchema = z.object({
  id,
  sku: z.string(),
  name: z.string(),
  manufacturer: z.string().nullable(),
  /** The list price of the lowest threshold, minor units; null without a list price. */
  price: z.number().int().nullable(),
  stock: z.number().int(),
  isActive: z.boolean(),
  isOrderable: z.boolean(),
  isSeasonal: z.boolean(),
  /** Users waiting to be told it is back in stock (issue 17, modules/back-in-stock). */
  waiting: z.number().int(),
});
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

/** `total` counts the matching products. */
export const adminProductListResponseSchema = adminPageSchema(adminProductListItemSchema);
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

// --- categories and manufacturers -----------------------------------------------------------

export const categoryTranslationInputSchema = z.object({
  language: z.enum(LANGUAGES),
  name: z.string().trim().min(1, 'required').max(255, 'too_long'),
});

export const categoryInputSchema = z.object({
  slug: slugSchema,
  parentId: id.nullable(),
  sortOrder: z.number().int().min(0).max(1_000_000).default(0),
  translations: z
    .array(categoryTranslationInputSchema)
    .length(LANGUAGES.length, 'all_languages_required')
    .refine(
      (list) => new Set(list.map((t) => t.language)).size === LANGUAGES.length,
      'all_languages_required',
    ),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const adminCategorySchema = z.object({
  id,
  slug: z.string(),
  parentId: id.nullable(),
  sortOrder: z.number().int(),
  translations: z.array(categoryTranslationInputSchema),
  /** Products in this category (any state). */
  productCount: z.number().int(),
  childCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListResponseSchema = adminListSchema(adminCategorySchema);

export const manufacturerInputSchema = z.object({
  name: z.string().trim().min(1, 'required').max(255, 'too_long'),
  slug: slugSchema,
});
export type ManufacturerInput = z.infer<typeof manufacturerInputSchema>;

export const adminManufacturerSchema = manufacturerInputSchema.extend({
  id,
  productCount: z.number().int(),
});
export type AdminManufacturer = z.infer<typeof adminManufacturerSchema>;
export const adminManufacturerListResponseSchema = adminListSchema(adminManufacturerSchema);

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

// --- import ------------------------------------------------------------------------------------

/**
 * Columns of the import file (CSV with a header row, or the first sheet of an XLSX), in the
 * template's order. Only `sku` is required; an empty cell keeps the current value of an existing
 * product. A new product needs at least name_hu, vat and price.
 */
export const IMPORT_COLUMNS = [
  'sku',
  'name_hu',
  'name_en',
  'name_vi',
  'name_zh',
  'manufacturer',
  'categories',
  'vat',
  'weight',
  'stock',
  'active',
  'orderable',
  'seasonal',
  'min_unit',
  'max_unit',
  'step',
  'packs',
  'price',
  'prices',
  'special_price',
  'special_start',
  'special_end',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Codes of a row error: the import's own, then the product rule codes (rules/product-rules.ts, e.g. ERR_BARCODE_TAKEN). */
export const IMPORT_ROW_CODES = [
  'REQUIRED',
  'INVALID_TEXT',
  'INVALID_NUMBER',
  'INVALID_MONEY',
  'INVALID_FLAG',
  'INVALID_UNIT',
  'INVALID_PACKS',
  'INVALID_PRICES',
  'INVALID_DATE',
  'INVALID_SKU',
  'DUPLICATE_SKU',
  'UNKNOWN_MANUFACTURER',
  'UNKNOWN_CATEGORY',
  ...PRODUCT_RULE_CODES,
] as const;
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

export const importRowErrorSchema = z.object({
  /** Line of the file (the header is row 1). */
  row: z.number().int(),
  column: z.string(),
  code: z.enum(IMPORT_ROW_CODES),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const importQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  dryRun: z.enum(['true', 'false']).default('true'),
});

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** True when the rows were written (never on a dry run, never with errors). */
  applied: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** Only the first errors are listed; this is the total. */
  errorCount: z.number().int(),
  durationMs: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

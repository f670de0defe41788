import { z } from 'zod';
import { STOCK_STATUSES } from '../rules/stock-status';
import { productPhotoSchema } from './product-photos';

/**
 * Catalogue contracts (docs/product.md §§3, 5, 7 and 9): `GET /api/products/all`,
 * `GET /api/products/ordered-products` and `GET /api/products/search`.
 *
 * Money is gross, integer minor units (1/100 Ft). Quantities are pieces. Validation messages are
 * stable keys the web translates under `validation.<key>`.
 */

export const PACK_UNITS = ['piece', 'carton', 'row', 'collector', 'pallet'] as const;
export const packUnitSchema = z.enum(PACK_UNITS);
export type PackUnitName = z.infer<typeof packUnitSchema>;

/** Allowed page sizes (docs/product.md §5); anything else → 400 ERR_INVALID_PPP. */
export const PRODUCTS_PER_PAGE_VALUES = [1, 50, 100, 99999] as const;
export type ProductsPerPage = (typeof PRODUCTS_PER_PAGE_VALUES)[number];
export const DEFAULT_PRODUCTS_PER_PAGE: ProductsPerPage = 50;

/**
 * Reads a page size from a query value: missing or empty → the default (50); one of the allowed
 * values → that value; anything else → null (the caller answers ERR_INVALID_PPP).
 */
export function parseProductsPerPage(value: unknown): ProductsPerPage | null {
  if (value === undefined || value === null || value === '') return DEFAULT_PRODUCTS_PER_PAGE;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return null;
  const number = Number(text);
  return (PRODUCTS_PER_PAGE_VALUES as readonly number[]).includes(number)
    ? (number as ProductsPerPage)
    : null;
}

/** Search needs at least this many characters (docs/product.md §§5 and 9). */
export const SEARCH_MIN_LENGTH = 3;
/** Results per group of the simple (six-way) search. */
export const SIMPLE_SEARCH_LIMIT = 20;
export const MAX_SELECTED_MANUFACTURERS = 100;

/** Orders of the listing; without one: search relevance, most recently ordered, or catalogue order. */
export const PRODUCT_ORDERS = ['default', 'name', 'name-desc', 'sku', 'sku-desc', 'newest'] as const;
export type ProductOrder = (typeof PRODUCT_ORDERS)[number];

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'invalid_boolean' })
  .transform((value) => value === 'true' || value === '1');

/** A category or manufacturer slug as it appears in a URL. */
export const slugSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(255, 'too_long')
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'invalid_slug');

const manufacturerRef = z.union([z.string().regex(/^\d{1,9}$/), slugSchema]);

/**
 * selectedManufacturers: manufacturer ids or slugs, comma separated (`alfa,12`) and/or repeated
 * (`selectedManufacturers=alfa&selectedManufacturers=12`). Empty items are ignored.
 */
export const selectedManufacturersSchema = z
  .union([
    z.string().max(5000, 'too_long'),
    z.array(z.string().max(5000, 'too_long')).max(MAX_SELECTED_MANUFACTURERS),
  ])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  )
  .pipe(z.array(manufacturerRef).max(MAX_SELECTED_MANUFACTURERS, 'too_many'));

/** Query of `GET /api/products/all` and `GET /api/products/ordered-products`. */
export const productListQuerySchema = z.object({
  currentPage: z.coerce
    .number({ error: 'invalid_number' })
    .int('invalid_number')
    .min(1, 'too_small')
    .max(10_000_000, 'too_large')
    .default(1),
  productsPerPage: z
    .union([z.string(), z.number()])
    .optional()
    .describe('1, 50, 100 or 99999 (default 50); anything else → 400 ERR_INVALID_PPP'),
  selectedManufacturers: selectedManufacturersSchema
    .optional()
    .describe('Manufacturer ids or slugs, comma separated'),
  caching: booleanQuery.optional().describe('true: the answer may be cached by the browser for a minute'),
  mainCategorySlug: slugSchema.optional(),
  subCategorySlug: slugSchema.optional(),
  onSale: booleanQuery.optional().describe('Only products with a special price valid now'),
  seasonal: booleanQuery.optional().describe('Only seasonal products'),
  inCart: booleanQuery
    .optional()
    .describe(
      "Only the products in the acting customer's cart, inactive ones included (needs a login; the cart page)",
    ),
  orderBy: z.enum(PRODUCT_ORDERS).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export type ProductListQueryParsed = z.output<typeof productListQuerySchema>;

export const LISTING_SEARCH_TYPES = ['all', 'product-by-sku'] as const;
export const SIMPLE_SEARCH_TYPES = [
  'products-by-name-exact',
  'products-by-name',
  'products-by-barcode-exact',
  'products-by-barcode',
  'product-by-sku',
] as const;
export type SimpleSearchType = (typeof SIMPLE_SEARCH_TYPES)[number];
const ALL_SEARCH_TYPES = ['all', ...SIMPLE_SEARCH_TYPES] as const;

/** Query of `GET /api/products/search` (docs/product.md §7, both forms). */
export const productSearchQuerySchema = productListQuerySchema
  .extend({
    selectType: z
      .literal('simple')
      .optional()
      .describe('simple: the six-way search, answers `{ data: { products } }`'),
    searchType: z.enum(ALL_SEARCH_TYPES),
    searchString: z.string().trim().max(200, 'too_long').optional(),
    searchSku: z.string().trim().max(64, 'too_long').optional(),
  })
  .superRefine((query, context) => {
    const simple = query.selectType === 'simple';
    if (!simple && !(LISTING_SEARCH_TYPES as readonly string[]).includes(query.searchType)) {
      context.addIssue({ code: 'custom', path: ['searchType'], message: 'invalid_search_type' });
      return;
    }
    const field = query.searchType === 'product-by-sku' ? 'searchSku' : 'searchString';
    const value = query[field];
    if (value === undefined || value === '') {
      context.addIssue({ code: 'custom', path: [field], message: 'required' });
    } else if ([...value].length < SEARCH_MIN_LENGTH) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: 'too_short',
        params: { minimum: SEARCH_MIN_LENGTH },
      });
    }
  });
export type ProductSearchQuery = z.input<typeof productSearchQuerySchema>;
export type ProductSearchQueryParsed = z.output<typeof productSearchQuerySchema>;

export const priceEntrySchema = z.object({
  /** Gross list (or price-group) price per piece, minor units. */
  price: z.number().int(),
  specialPrice: z.number().int().nullable(),
  specialPriceStart: z.string().nullable(),
  specialPriceEnd: z.string().nullable(),
  /** The quantity threshold in pieces from which the entry applies. */
  quantityDiscount: z.number().int(),
  quantitativeUnit: packUnitSchema,
  /** The customer's discount in percent (5 = 5 %); the same on every entry of a product. */
  customerDiscount: z.number(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

export const productDetailSchema = z.object({
  language: z.string(),
  name: z.string(),
  description: z.string(),
});

export const packSizeSchema = z.object({
  unit: packUnitSchema,
  pieces: z.number().int(),
  barcode: z.string().nullable(),
});
export type PackSize = z.infer<typeof packSizeSchema>;

export const productCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The main category's slug for a subcategory; null for a main category. */
  parentSlug: z.string().nullable(),
});

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const stockStatusSchema = z.enum(STOCK_STATUSES);

/** The product's id, SKU and texts, as every buyer-side product answer starts. */
export const productIdentityFields = {
  id: z.number().int(),
  sku: z.string(),
  /** One entry: the request language's name and description, or the Hungarian one when missing. */
  productDetails: z.array(productDetailSchema),
};

/** The product's VAT, weight, picture, stock and state, as the catalogue and the cart show them. */
export const productStockFields = {
  /** VAT percent. */
  vat: z.number(),
  /** Grams per piece. */
  weight: z.number().int(),
  image: z.string().nullable(),
  stock: z.number().int(),
  stockStatus: stockStatusSchema,
  isActive: z.boolean(),
  isOrderable: z.boolean(),
};

/** The product's order-quantity rules (docs/product.md §5.4). */
export const orderQuantityRuleFields = {
  minOrderQuantity: packUnitSchema.nullable(),
  maxOrderQuantity: packUnitSchema.nullable(),
  orderQuantityStep: z.number().int(),
};

/** A product as the buyer sees it (docs/product.md §3). */
export const productSchema = z.object({
  ...productIdentityFields,
  /** The price entries that apply to this customer; empty for anonymous visitors. */
  prices: z.array(priceEntrySchema),
  /** Gross per piece at the smallest orderable quantity (decision 0003); null for anonymous visitors. */
  currentPrice: z.number().int().nullable(),
  ...productStockFields,
  isSeasonal: z.boolean(),
  ...orderQuantityRuleFields,
  /** Pieces of the customer's most recent order line of this product; 0 if never ordered. */
  lastOrderedQuantity: z.number().int(),
  packSizes: z.array(packSizeSchema),
  categories: z.array(productCategorySchema),
  manufacturer: manufacturerSchema.nullable(),
  description: z.string(),
  /** On sale: a special price valid now. */
  discount: z.boolean(),
  /** The customer's piece price differs from its price 14 days ago. */
  priceChanged: z.boolean(),
  /** Barcode searches only: every pack barcode, comma separated. */
  barcodes: z.string().optional(),
  /** Uploaded photos in their order (issue 17); empty: the drawn picture (`image`) is shown. */
  photos: z.array(productPhotoSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  /** Products of the whole filtered result. */
  count: z.number().int(),
  /** Manufacturers of the whole filtered result, ignoring the manufacturer filter itself. */
  manufacturers: z.array(manufacturerSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const simpleSearchResponseSchema = z.object({
  data: z.object({ products: z.array(productSchema) }),
});
export type SimpleSearchResponse = z.infer<typeof simpleSearchResponseSchema>;

export const productSearchResponseSchema = z.union([productListResponseSchema, simpleSearchResponseSchema]);

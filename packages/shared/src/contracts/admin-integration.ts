import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { adminListSchema } from './admin-common';
import { productInputSchema, skuSchema } from './admin-catalogue';
import { orderCommentFields, orderCostFields, orderLineSchema, orderMethodCodeFields } from './orders';
import { slugSchema } from './products';

/**
 * ERP integration (issue 7): API keys managed in the back office, and the integration API under
 * /api/integration authenticated by `X-Api-Key: <key>` (or `Authorization: Bearer <key>`).
 *
 * Batches are **partial**: every item is checked on its own; the valid items are applied in one
 * transaction, the invalid ones are reported (index, sku or code, error code, message) and change
 * nothing. A batch id may be used once: sending the same id again (same kind and contents) returns
 * the stored result and changes nothing (`replayed: true`); the same id with other contents → 409
 * ERR_BATCH_CONFLICT. Money is gross minor units (1/100 Ft).
 */

// --- API keys (back office) -------------------------------------------------------------------

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's public part, shown in lists; the key itself is `shk_<prefix>_<secret>`. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResponseSchema = adminListSchema(apiKeySchema);
export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'required').max(100, 'too_long'),
});
export const apiKeyCreatedSchema = z.object({
  apiKey: apiKeySchema,
  /** The whole key: shown this once, stored only as a hash. */
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

// --- batches ------------------------------------------------------------------------------------

export const MAX_BATCH_ITEMS = 1000;
export const batchIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'invalid_batch_id');

export const BATCH_KINDS = ['products', 'prices', 'stock', 'customers', 'credit'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

/** Items are checked one by one (so one bad item does not refuse the batch). */
export const batchRequestSchema = z.object({
  batchId: batchIdSchema,
  items: z.array(z.unknown()).min(1).max(MAX_BATCH_ITEMS),
});

/**
 * A product by SKU with the fields the back office edits (productInputSchema, the same checks), each
 * optional; `prices` is every price entry of the product (list and price-group entries) and replaces them.
 */
export const productUpsertItemSchema = z.object({
  sku: skuSchema,
  /** Names by language; `hu` is needed for a new product. */
  names: z.partialRecord(z.enum(LANGUAGES), z.string().trim().min(1).max(255)).optional(),
  ...productInputSchema
    .pick({ vat: true, weight: true, stock: true, isActive: true, isOrderable: true, isSeasonal: true })
    .partial().shape,
  /** Manufacturer slug, or null for none. */
  manufacturer: slugSchema.nullable().optional(),
  /** Category slugs (replace the product's categories). */
  categories: z.array(slugSchema).max(50).optional(),
  ...productInputSchema
    .pick({
      minOrderQuantity: true,
      maxOrderQuantity: true,
      orderQuantityStep: true,
      packSizes: true,
      prices: true,
    })
    .partial().shape,
});
export type ProductUpsertItem = z.infer<typeof productUpsertItemSchema>;

export const priceUpsertItemSchema = productInputSchema.pick({ sku: true, prices: true });
export const stockUpsertItemSchema = productInputSchema.pick({ sku: true, stock: true });

export const customerUpsertItemSchema = z.object({
  /** The ERP's customer code: the upsert key. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._/-]+$/, 'invalid_code'),
  name: z.string().trim().min(1).max(255),
  email: z.email().max(255),
  phone: z.string().trim().max(40).nullable().optional(),
  isCompany: z.boolean(),
  taxNumber: z.string().trim().max(32).nullable().optional(),
  companyRegistrationNumber: z.string().trim().max(32).nullable().optional(),
  billingCountry: z.string().trim().min(1).max(100),
  billingCountryCode: z.string().trim().length(2).nullable().optional(),
  billingZip: z.string().trim().min(1).max(20),
  billingCity: z.string().trim().min(1).max(100),
  billingAptSuite: z.string().trim().min(1).max(255),
  priceGroup: z.string().trim().min(1).max(32).nullable().optional(),
  /** Discount in percent (e.g. 2.5). */
  discountPercent: z.number().min(0).max(100).optional(),
});
export type CustomerUpsertItem = z.infer<typeof customerUpsertItemSchema>;

/**
 * `POST /api/integration/credit/batch` (issue 16): a customer's credit limit and open balance from
 * the ERP, by ERP customer code. Minor units (1/100 Ft). `creditLimit` null removes the limit.
 * `balanceAt`: the instant the balance was struck (ISO-8601; default: when the batch is processed);
 * the shop adds the deferred orders placed from that instant on.
 */
export const creditUpsertItemSchema = z.object({
  erpCode: customerUpsertItemSchema.shape.code,
  creditLimit: z.number().int().min(0).max(100_000_000_000).nullable(),
  openBalance: z.number().int().min(-100_000_000_000).max(100_000_000_000),
  balanceAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreditUpsertItem = z.infer<typeof creditUpsertItemSchema>;

export const batchItemErrorSchema = z.object({
  index: z.number().int(),
  /** The item's SKU (or customer code) when it could be read. */
  sku: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type BatchItemError = z.infer<typeof batchItemErrorSchema>;

export const batchResultSchema = z.object({
  batchId: z.string(),
  kind: z.enum(BATCH_KINDS),
  received: z.number().int(),
  applied: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  errors: z.array(batchItemErrorSchema),
  /** True when this batch id was seen before and the stored result is returned. */
  replayed: z.boolean(),
  processedAt: z.string(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

// --- orders -------------------------------------------------------------------------------------

/** An address as the integration API and the events carry it (a part is null when unknown). */
export const integrationAddressSchema = z.object({
  country: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  aptSuite: z.string().nullable(),
});

/** A login as the integration API and the events name it. */
export const integrationUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
});

export const orderExportQuerySchema = z.object({
  /** Orders with an id above this cursor (0: from the start). */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only orders not yet acknowledged (default true). */
  unacknowledged: z.enum(['true', 'false']).default('true'),
});

export const exportedOrderSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  customer: z.object({
    id: z.number().int(),
    erpCode: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    taxNumber: z.string().nullable(),
  }),
  billing: z.object({ country: z.string(), zip: z.string(), city: z.string(), aptSuite: z.string() }),
  shipping: integrationAddressSchema.nullable(),
  ...orderMethodCodeFields,
  deliveryDate: z.string().nullable(),
  /** The buyer's purchase-order number, null when none (issue 16). */
  purchaseOrderNumber: z.string().nullable(),
  ...orderCommentFields,
  itemsSumGross: z.number().int(),
  itemsSumNet: z.number().int(),
  ...orderCostFields,
  items: z.array(orderLineSchema.omit({ weight: true })),
  acknowledgedAt: z.string().nullable(),
  /** The login that placed the order (a company user, or the sales agent) and the one that approved it (issue 15). */
  placedBy: integrationUserSchema.nullable().optional(),
  approvedBy: integrationUserSchema.nullable().optional(),
});
export type ExportedOrder = z.infer<typeof exportedOrderSchema>;

export const orderExportResponseSchema = z.object({
  orders: z.array(exportedOrderSchema),
  /** Pass as `after` for the next page; equals the request's `after` when nothing is new. */
  nextCursor: z.number().int(),
});

export const orderAcknowledgeSchema = z.object({
  orderIds: z.array(z.number().int().positive()).min(1).max(500),
});
export const orderAcknowledgeResponseSchema = z.object({
  acknowledged: z.array(z.number().int()),
  /** Ids that were already acknowledged (unchanged). */
  alreadyAcknowledged: z.array(z.number().int()),
  unknown: z.array(z.number().int()),
});

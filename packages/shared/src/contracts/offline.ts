import { z } from 'zod';
import { productSchema } from './products';

/**
 * The offline catalogue (issue 19, docs/product.md §2.9 and §7.2): what a signed-in customer, or an agent for
 * one of its customers, keeps in the browser to browse, search and fill the cart without a
 * connection.
 *
 * - `GET /api/offline/catalogue?cursor=&limit=&customerId=` pages through every active product in id
 *   order: the product as the listing shows it to that customer (name and description in the
 *   caller's language, pack sizes with barcodes, the customer's prices, stock as of now, the picture)
 *   and `hash`, a fingerprint of all of it.
 * - `POST /api/offline/catalogue/changes` is the delta sync: the browser sends the ids and hashes it
 *   holds for a range of ids; the answer holds only the products whose hash differs or that are new,
 *   and the ids it holds that are gone (deleted or deactivated). A catalogue version alone cannot say
 *   what changed (stock and the validity of special prices change without a version bump, and no
 *   change log is kept), the hashes can.
 */

/** Products per page of the full sync. */
export const OFFLINE_PAGE_DEFAULT = 500;
export const OFFLINE_PAGE_MAX = 1000;
/** Ids and hashes per delta request (the browser sends its store in chunks of this size). */
export const OFFLINE_KNOWN_MAX = 2000;

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const offlineCatalogueQuerySchema = z.object({
  /** The last id of the previous page (exclusive); absent: from the first product. */
  cursor: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(OFFLINE_PAGE_MAX).default(OFFLINE_PAGE_DEFAULT),
  /** Whose prices: for an agent one of its customers; absent: the caller's acting customer. */
  customerId: idSchema.optional(),
});
export type OfflineCatalogueQuery = z.input<typeof offlineCatalogueQuerySchema>;

export const offlineHashSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);

export const offlineChangesRequestSchema = z.object({
  customerId: z.number().int().min(1).max(2_147_483_647).optional(),
  /** Ids above this one (exclusive)… */
  after: z.number().int().min(0).max(2_147_483_647).default(0),
  /** …up to this one (inclusive); null: to the end of the catalogue. */
  through: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
  /** The products the browser holds in that range: [id, hash]. */
  known: z
    .array(z.tuple([z.number().int().min(1).max(2_147_483_647), offlineHashSchema]))
    .max(OFFLINE_KNOWN_MAX)
    .default([]),
  limit: z.number().int().min(1).max(OFFLINE_PAGE_MAX).default(OFFLINE_PAGE_DEFAULT),
});
export type OfflineChangesRequest = z.input<typeof offlineChangesRequestSchema>;

export const offlineProductSchema = productSchema.extend({ hash: offlineHashSchema });
export type OfflineProduct = z.infer<typeof offlineProductSchema>;

export const offlineCatalogueResponseSchema = z.object({
  /** The catalogue version the answer was read at (settings `catalogue.version`). */
  catalogueVersion: z.string(),
  /** When the answer was read (ISO): "prices as of". */
  syncedAt: z.string(),
  /** The customer whose prices these are; null: list prices (an agent without a current customer). */
  customerId: z.number().int().nullable(),
  products: z.array(offlineProductSchema),
  /** Ids the browser holds that are no longer in the catalogue (delta sync only). */
  removed: z.array(z.number().int()),
  /**
   * Where to continue: the `cursor` of the next page, or the `after` of the next delta request with
   * the same `through`; null when the range is done.
   */
  next: z.number().int().nullable(),
});
export type OfflineCatalogueResponse = z.infer<typeof offlineCatalogueResponseSchema>;

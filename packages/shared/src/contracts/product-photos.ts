import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/**
 * Product photos (issue 17, docs/product.md "Product photos"): staff upload JPEG, PNG or WebP; the
 * server re-encodes every upload into fixed widths in WebP with a JPEG fallback, stored under
 * content-hash names (`/images/photos/<hash>-<width>.webp|jpg`, cached for a year, immutable).
 */

/** Accepted upload types (the request's Content-Type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The widths the server makes (never wider than the original). */
export const PHOTO_WIDTHS = [160, 320, 640, 1280] as const;
/** Largest upload, bytes (20 MB). */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Largest image, pixels (40 megapixels). */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Photos per product. */
export const PHOTO_MAX_PER_PRODUCT = 12;
/** Bulk ZIP: its size, entries and total unpacked bytes. */
export const PHOTO_ZIP_MAX_BYTES = 200 * 1024 * 1024;
export const PHOTO_ZIP_MAX_ENTRIES = 500;
export const PHOTO_ZIP_MAX_UNPACKED = 1024 * 1024 * 1024;

/** One stored size of a photo. */
export const photoSizeSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  webp: z.string(),
  jpeg: z.string(),
});
export type PhotoSize = z.infer<typeof photoSizeSchema>;

/** A photo as the shop shows it: the alt text in the request language (Hungarian when empty). */
export const productPhotoSchema = z.object({
  id: z.number().int(),
  /** The largest stored size. */
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** Ascending by width. */
  sizes: z.array(photoSizeSchema),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

const altText = z.string().trim().max(300, 'too_long');
export const photoAltSchema = z.object({
  hu: altText,
  en: altText,
  vi: altText,
  zh: altText,
});
export type PhotoAlt = z.infer<typeof photoAltSchema>;
export const PHOTO_ALT_LANGUAGES = LANGUAGES;

/** A photo in the back office: every language's alt text. */
export const adminProductPhotoSchema = productPhotoSchema.omit({ alt: true }).extend({
  position: z.number().int(),
  alt: photoAltSchema,
});
export type AdminProductPhoto = z.infer<typeof adminProductPhotoSchema>;

export const adminProductPhotosResponseSchema = z.object({
  sku: z.string(),
  photos: z.array(adminProductPhotoSchema),
});
export type AdminProductPhotosResponse = z.infer<typeof adminProductPhotosResponseSchema>;

/** A SKU in a path: no control characters (PostgreSQL refuses a NUL in text). */
export const pathSkuSchema = z
  .string()
  .min(1)
  .max(64)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'invalid_characters');
export const productSkuParamsSchema = z.object({ sku: pathSkuSchema });
export const productPhotoParamsSchema = z.object({
  sku: pathSkuSchema,
  photoId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The new order: every photo id of the product, once each. */
export const photoOrderSchema = z.object({
  photoIds: z.array(z.number().int().positive()).min(1).max(PHOTO_MAX_PER_PRODUCT),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;

export const photoAltInputSchema = z.object({ alt: photoAltSchema });
export type PhotoAltInput = z.infer<typeof photoAltInputSchema>;

/** Bulk upload: what happened to each file of the ZIP. */
export const ZIP_FILE_OUTCOMES = [
  'matched',
  'unknown_sku',
  'not_an_image',
  'too_large',
  'too_many_photos',
  'skipped',
] as const;
export const zipFileReportSchema = z.object({
  file: z.string(),
  outcome: z.enum(ZIP_FILE_OUTCOMES),
  sku: z.string().nullable(),
  photoId: z.number().int().nullable(),
});
export type ZipFileReport = z.infer<typeof zipFileReportSchema>;
export const zipUploadResultSchema = z.object({
  matched: z.number().int(),
  refused: z.number().int(),
  files: z.array(zipFileReportSchema),
});
export type ZipUploadResult = z.infer<typeof zipUploadResultSchema>;

import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/**
 * Content pages (docs/product.md §§2 and 7): `GET /api/contents/{catchAll}` answers the page at a path
 * in the request language (Accept-Language), falling back to hu; `NOT_FOUND` (404) when missing.
 * `description` is HTML that the server sanitised when the page was saved.
 */

/** The longest content path (the column's size). */
export const CONTENT_PATH_MAX = 255;

/** What `GET /api/contents/{catchAll}` answers. */
export const contentPageSchema = z.object({
  title: z.string(),
  description: z.string(),
});
export type ContentPageData = z.infer<typeof contentPageSchema>;

/** The path parameter of the call: anything up to 255 characters (an unknown path is a 404, not a 400). */
export const contentPathParamsSchema = z.object({
  '*': z.string().max(CONTENT_PATH_MAX, 'too_long'),
});

/**
 * A path a page is saved under: lower-case words of letters, digits, '-' and '_', separated by '/'
 * ("legal-information", "help/delivery"), without leading or trailing slashes.
 */
export const contentPathSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(CONTENT_PATH_MAX, 'too_long')
  .regex(
    /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_][\p{Ll}\p{Lo}\p{N}]+)*(?:\/[\p{Ll}\p{Lo}\p{N}]+(?:[-_][\p{Ll}\p{Lo}\p{N}]+)*)*$/u,
    'invalid_path',
  );

export const contentTranslationSchema = z.object({
  title: z.string().trim().min(1, 'required').max(255, 'too_long'),
  /** HTML; sanitised by the server when saved. */
  description: z.string().max(200_000, 'too_long'),
});
export type ContentTranslation = z.infer<typeof contentTranslationSchema>;

/** Saving a page (the seed now, the back office later): at least the Hungarian text. */
export const saveContentPageSchema = z.object({
  path: contentPathSchema,
  sortOrder: z.number().int().min(0).max(1_000_000).default(0),
  translations: z
    .partialRecord(z.enum(LANGUAGES), contentTranslationSchema)
    .refine((value) => value.hu !== undefined, { message: 'hu_required' }),
});
export type SaveContentPageInput = z.input<typeof saveContentPageSchema>;

/** "/legal-information/" → "legal-information": the path a page is looked up by. */
export function normaliseContentPath(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment.length > 0)
    .join('/')
    .toLowerCase();
}

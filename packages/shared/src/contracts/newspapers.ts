import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/**
 * The special-offer newspaper (docs/product.md §§2, 7 and 8). Login needed for every call.
 *
 * - `GET /api/newspapers`: the current newspapers. Uploaded PDFs (valid today) come first, then the
 *   newspaper the shop generates from the products on sale now, in the request language.
 *   404 `ERR_NO_CATALOGUES` when there is none at all; 500 `ERR_GETTING_CATALOGUES` when they cannot
 *   be read.
 * - `GET /api/newspapers/{id}/download`: an uploaded PDF; 404 `NOT_FOUND` when missing.
 * - `GET /api/newspapers/generated?language=xx`: the generated PDF for the caller's prices;
 *   404 `ERR_NO_CATALOGUES` when nothing is on sale.
 */
export const NEWSPAPER_KINDS = ['uploaded', 'generated'] as const;
export type NewspaperKind = (typeof NEWSPAPER_KINDS)[number];

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const newspaperSchema = z.object({
  /** The uploaded newspaper's id; null for the generated one. */
  id: z.number().int().nullable(),
  kind: z.enum(NEWSPAPER_KINDS),
  title: z.string(),
  /** The newspaper's language; null when it is for every language. */
  language: z.string().nullable(),
  /** First and last day of validity, YYYY-MM-DD; validTo null = open-ended. */
  validFrom: calendarDate,
  validTo: calendarDate.nullable(),
  /** Where to download it, relative to /api. */
  downloadPath: z.string(),
  /** The file name to save it as. */
  fileName: z.string(),
});
export type Newspaper = z.infer<typeof newspaperSchema>;

export const newspaperListResponseSchema = z.object({
  newspapers: z.array(newspaperSchema),
});
export type NewspaperListResponse = z.infer<typeof newspaperListResponseSchema>;

export const newspaperIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'invalid_number' }).int('invalid_number').min(1).max(2_147_483_647),
});

export const generatedNewspaperQuerySchema = z.object({
  /** The language of the names and texts; default: the request language. */
  language: z.enum(LANGUAGES).optional(),
});

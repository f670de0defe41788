import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { adminCalendarDateSchema, allDifferent } from './admin-common';
import { contentPathSchema } from './content';

/**
 * Back-office content (issue 7), permission `content`; every change audited.
 * - News: `GET/POST /api/admin/news`, `GET/PUT/DELETE /api/admin/news/{id}`. Texts per language
 *   (hu required), HTML descriptions sanitised by the server, linked products by SKU (unknown SKU →
 *   404 ERR_PRODUCT_NOT_FOUND `{ sku }`).
 * - Content pages: `GET/POST /api/admin/content-pages`, `GET/PUT/DELETE /api/admin/content-pages/{id}`.
 *   The rich-text HTML is sanitised with the shop's sanitiser before it is stored; a taken path →
 *   409 ERR_DUPLICATE `{ field: 'path' }`.
 * - Special-offer newspapers: `GET /api/admin/newspapers`, `POST /api/admin/newspapers?title&language&
 *   validFrom&validTo&fileName` with the PDF as the raw body (`Content-Type: application/pdf`, at most
 *   NEWSPAPER_MAX_BYTES; not a PDF → 415 ERR_NOT_A_PDF, too big → 413 ERR_FILE_TOO_LARGE),
 *   `PUT /api/admin/newspapers/{id}` (title, language, dates), `DELETE /api/admin/newspapers/{id}`.
 */
export const NEWSPAPER_MAX_BYTES = 20 * 1024 * 1024;

const instant = z.iso.datetime({ offset: true, error: 'invalid_datetime' });
const title = z.string().trim().min(1, 'required').max(255, 'too_long');
const html = z.string().max(200_000, 'too_long');

const textsOf = <T extends z.ZodType>(text: T) =>
  z.partialRecord(z.enum(LANGUAGES), text).refine((value) => value.hu !== undefined, {
    message: 'hu_required',
    path: ['hu'],
  });

export const adminTextSchema = z.object({ title, description: html });
export type AdminText = z.infer<typeof adminTextSchema>;

/** A record's texts by language, as the editors load them. */
const adminTextsSchema = z.partialRecord(z.enum(LANGUAGES), adminTextSchema);

/** How the lists show a record's texts: the Hungarian title (else any) and the languages it has texts in. */
const textSummaryFields = {
  title: z.string(),
  languages: z.array(z.string()),
};

// News --------------------------------------------------------------------------------------------
/** A news item's id and when it shows. */
const newsScheduleFields = {
  id: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
};

export const adminNewsSummarySchema = z.object({
  ...newsScheduleFields,
  ...textSummaryFields,
  productCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminNewsSummary = z.infer<typeof adminNewsSummarySchema>;

export const adminNewsProductSchema = z.object({ id: z.number().int(), sku: z.string(), name: z.string() });
export const adminNewsSchema = z.object({
  ...newsScheduleFields,
  translations: adminTextsSchema,
  products: z.array(adminNewsProductSchema),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

export const saveNewsSchema = z
  .object({
    startsAt: instant.nullable(),
    endsAt: instant.nullable(),
    isActive: z.boolean(),
    translations: textsOf(adminTextSchema),
    productSkus: z
      .array(z.string().trim().min(1).max(64))
      .max(100, 'too_many')
      .refine(allDifferent, 'duplicate_sku'),
  })
  .refine((n) => !n.startsAt || !n.endsAt || Date.parse(n.startsAt) < Date.parse(n.endsAt), {
    message: 'start_after_end',
    path: ['endsAt'],
  });
export type SaveNews = z.infer<typeof saveNewsSchema>;

// Content pages -----------------------------------------------------------------------------------
/** A content page's id, path, sort order and last change. */
const contentPageFields = {
  id: z.number().int(),
  path: z.string(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
};

export const adminContentPageSummarySchema = z.object({
  ...contentPageFields,
  ...textSummaryFields,
});
export type AdminContentPageSummary = z.infer<typeof adminContentPageSummarySchema>;

export const adminContentPageSchema = z.object({
  ...contentPageFields,
  translations: adminTextsSchema,
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

export const saveAdminContentPageSchema = z.object({
  path: contentPathSchema,
  sortOrder: z.number().int().min(0).max(1_000_000),
  translations: textsOf(adminTextSchema),
});
export type SaveAdminContentPage = z.infer<typeof saveAdminContentPageSchema>;

// Newspapers --------------------------------------------------------------------------------------
export const adminNewspaperSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  fileName: z.string(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
  /** Relative to /api, as the shop downloads it. */
  downloadPath: z.string(),
});
export type AdminNewspaper = z.infer<typeof adminNewspaperSchema>;

const newspaperMeta = {
  title,
  /** Empty: for every language. */
  language: z
    .union([z.enum(LANGUAGES), z.literal('')])
    .nullable()
    .transform((value) => (value === '' ? null : value)),
  validFrom: adminCalendarDateSchema,
  validTo: adminCalendarDateSchema,
};
const validOrder = (n: { validFrom: string; validTo: string }) => n.validFrom <= n.validTo;

export const saveNewspaperSchema = z
  .object(newspaperMeta)
  .refine(validOrder, { message: 'start_after_end', path: ['validTo'] });
export type SaveNewspaper = z.infer<typeof saveNewspaperSchema>;

export const uploadNewspaperQuerySchema = z
  .object({
    ...newspaperMeta,
    language: z
      .union([z.enum(LANGUAGES), z.literal('')])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    fileName: z
      .string()
      .trim()
      .min(1, 'required')
      .max(200, 'too_long')
      .regex(/\.pdf$/i, 'invalid_file_name'),
  })
  .refine(validOrder, { message: 'start_after_end', path: ['validTo'] });
export type UploadNewspaperQuery = z.infer<typeof uploadNewspaperQuerySchema>;

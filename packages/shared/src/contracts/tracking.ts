import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/**
 * The navigation guard's page-view call (docs/product.md §2, docs/decisions/0007-page-tracking.md):
 * `POST /api/tracking/page-view` with the new path and the language, from the second navigation on.
 * The user id is stored only when the visitor accepted analytics cookies (`consent: true`) and a
 * valid token is sent; otherwise the view is anonymous. Answers 204 (no body).
 */
export const PAGE_VIEW_PATH_MAX = 500;

/**
 * One-time codes of e-mailed links never reach the statistics: the user id and code of
 * /user/{userId}/verify/{code} and /user/{userId}/reset-password/{code} are replaced by ':id' and ':code'.
 */
export function redactPagePath(path: string): string {
  return path.replace(
    /^\/user\/[^/?#]+\/(verify|reset-password)\/[^?#]*/,
    (_match, kind: string) => `/user/:id/${kind}/:code`,
  );
}

export const pageViewSchema = z.object({
  /** The path with its query, e.g. "/search?q=kave"; starts with "/". */
  path: z
    .string()
    .min(1, 'required')
    .max(PAGE_VIEW_PATH_MAX, 'too_long')
    .regex(/^\/[^\s]*$/, 'invalid_path')
    .transform(redactPagePath),
  language: z.enum(LANGUAGES),
  /** True only when the visitor accepted analytics cookies. */
  consent: z.boolean().default(false),
});
export type PageViewInput = z.input<typeof pageViewSchema>;

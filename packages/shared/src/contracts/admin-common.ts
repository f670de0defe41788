import { z } from 'zod';

/** Shared pieces of the back-office contracts: paging and id parameters. */

/** `?page=1&pageSize=25` (1-based page, at most 100 rows a page). */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** A paged list answer. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A row id: a positive whole number that fits the databases' integer column. */
export const adminIdSchema = z.coerce
  .number({ error: 'invalid_number' })
  .int('invalid_number')
  .min(1)
  .max(2_147_483_647);

/** `/:id` path parameter. */
export const adminIdParamsSchema = z.object({ id: adminIdSchema });

/** The answer of a change that returns nothing else. */
export const adminOkSchema = z.object({ ok: z.literal(true) });

/** Optional free-text search: trimmed, '' becomes undefined. */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(200, 'too_long')
  .optional()
  .transform((value) => (value ? value : undefined));

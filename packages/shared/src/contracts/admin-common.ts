import { z } from 'zod';
import { isCalendarDate } from '../rules/calendar-date';

/** Shared pieces of the back-office contracts: paging and id parameters. */

/** `?page=1&pageSize=25` (1-based page, at most 100 rows a page). */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/**
 * A paged list answer. `totalIsLowerBound` (lists that can grow past ADMIN_COUNT_CAP rows, issue 18
 * point 5, docs/decisions/0021): when true, at least `total` rows match and the count stopped there
 * (the list shows "10 000+"); absent or false, `total` is exact.
 */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalIsLowerBound: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface AdminPage<T> {
  items: T[];
  total: number;
  totalIsLowerBound?: boolean;
  page: number;
  pageSize: number;
}

/** An unpaged list answer (short lists: every row at once). */
export function adminListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** The large lists count their matches up to this many rows; beyond it `total` is a lower bound. */
export const ADMIN_COUNT_CAP = 10_000;

/** A row id: a positive whole number that fits the databases' integer column. */
export const adminIdSchema = z.coerce
  .number({ error: 'invalid_number' })
  .int('invalid_number')
  .min(1)
  .max(2_147_483_647);

/** A calendar date 'YYYY-MM-DD' that exists (no 2025-02-30). */
export const adminCalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
  .refine(isCalendarDate, 'invalid_date');

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

/** For `.refine`: no value stands twice in the list. */
export const allDifferent = (values: readonly unknown[]): boolean => new Set(values).size === values.length;

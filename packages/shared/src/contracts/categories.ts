import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from './products';

/** Category contracts: `GET /api/categories` and `GET /api/categories/search` (docs/product.md §§3 and 7). */

export const categorySearchQuerySchema = z.object({
  searchString: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(100, 'too_long')
    .refine((value) => [...value].length >= SEARCH_MIN_LENGTH, {
      message: 'too_short',
      params: { minimum: SEARCH_MIN_LENGTH },
    }),
});
export type CategorySearchQuery = z.input<typeof categorySearchQuerySchema>;

/** Categories found per search (docs/product.md §3.3: name, slug, parent). */
export const CATEGORY_SEARCH_LIMIT = 20;

export const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });

export const categorySearchResultSchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** The main category of a subcategory; null for a main category. */
  parent: categoryRefSchema.nullable(),
});
export type CategorySearchResult = z.infer<typeof categorySearchResultSchema>;

export const categorySearchResponseSchema = z.object({ data: z.array(categorySearchResultSchema) });

export const subCategorySchema = categoryRefSchema.extend({
  /** Active products in the category. */
  productCount: z.number().int(),
});

export const mainCategorySchema = subCategorySchema.extend({
  /** Active products in the category or any of its subcategories, each counted once. */
  productCount: z.number().int(),
  children: z.array(subCategorySchema),
});
export type MainCategory = z.infer<typeof mainCategorySchema>;

export const categoryTreeResponseSchema = z.object({ data: z.array(mainCategorySchema) });
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponseSchema>;

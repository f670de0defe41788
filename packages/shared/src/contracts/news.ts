import { z } from 'zod';
import { productSchema } from './products';

/**
 * News (docs/product.md §§2, 3 and 7): `GET /api/news/current` answers the current news item in the
 * request language (falling back to hu), or 404 `NOT_FOUND` when there is none. Its description is
 * sanitised HTML. `GET /api/news/current/products` (login needed) answers the products attached to
 * the current item, in the catalogue's product shape with the caller's prices.
 */
export const currentNewsSchema = z.object({
  title: z.string(),
  description: z.string(),
});
export type CurrentNews = z.infer<typeof currentNewsSchema>;

export const newsProductsResponseSchema = z.object({
  products: z.array(productSchema),
});
export type NewsProductsResponse = z.infer<typeof newsProductsResponseSchema>;

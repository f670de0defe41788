import { z } from 'zod';
import { pathSkuSchema } from './product-photos';

/**
 * Back-in-stock alerts (issue 17, docs/product.md "Back-in-stock alerts"): a signed-in user asks
 * to be told when an out-of-stock product is back; when its stock rises above zero each waiting
 * user gets one mail and the request is closed.
 */
export const backInStockInputSchema = z.object({
  productSku: pathSkuSchema,
});
export type BackInStockInput = z.infer<typeof backInStockInputSchema>;

export const backInStockParamsSchema = z.object({ productSku: pathSkuSchema });

export const backInStockRequestSchema = z.object({
  productSku: z.string(),
  productId: z.number().int(),
  /** In the request language (Hungarian when missing). */
  productName: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

export const backInStockListSchema = z.object({ requests: z.array(backInStockRequestSchema) });
export type BackInStockList = z.infer<typeof backInStockListSchema>;

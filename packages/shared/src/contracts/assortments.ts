import { z } from 'zod';
import { adminIdSchema } from './admin-common';
import { skuSchema } from './admin-catalogue';

/**
 * Customer assortments in the back office (issue 17 points 5-6, docs/product.md "Customer
 * assortments"): what a customer sees, searches and orders. An assortment holds the products of its
 * categories (a main category with its subcategories) and its included products, minus its excluded
 * products. A customer's own assortment wins over its price group's; without either the customer
 * sees the whole catalogue.
 */

const MAX_PRODUCTS = 50_000;

function uniqueArray<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .default([])
    .transform((values) => [...new Set(values as z.output<T>[])]);
}

export const assortmentPriceGroupSchema = z.string().trim().min(1).max(64);

/** POST /api/admin/assortments and PUT /api/admin/assortments/{id}: the whole assortment. */
export const assortmentInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  categoryIds: uniqueArray(adminIdSchema, 1_000),
  includedSkus: uniqueArray(skuSchema, MAX_PRODUCTS),
  excludedSkus: uniqueArray(skuSchema, MAX_PRODUCTS),
  /** The customers (customers.id) who get this assortment (moved from another one if they had it). */
  customerIds: uniqueArray(adminIdSchema, 10_000),
  /** The price groups whose customers without an assortment of their own get this one. */
  priceGroups: uniqueArray(assortmentPriceGroupSchema, 100),
});
export type AssortmentInput = z.input<typeof assortmentInputSchema>;
export type AssortmentInputParsed = z.output<typeof assortmentInputSchema>;

export const assortmentCustomerSchema = z.object({ id: z.number().int(), name: z.string() });

export const assortmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryIds: z.array(z.number().int()),
  includedSkus: z.array(z.string()),
  excludedSkus: z.array(z.string()),
  customers: z.array(assortmentCustomerSchema),
  priceGroups: z.array(z.string()),
  /** Active products it holds now. */
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type Assortment = z.infer<typeof assortmentSchema>;

export const assortmentSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productCount: z.number().int(),
  customerCount: z.number().int(),
  priceGroups: z.array(z.string()),
  updatedAt: z.string(),
});
export type AssortmentSummary = z.infer<typeof assortmentSummarySchema>;
export const assortmentListSchema = z.array(assortmentSummarySchema);

/** GET /api/admin/assortments/customer/{id}: the assortment a customer sees, and why. */
export const customerAssortmentSchema = z.object({
  assortment: z
    .object({
      id: z.number().int(),
      name: z.string(),
      /** `customer`: assigned to the customer; `priceGroup`: through its price group. */
      via: z.enum(['customer', 'priceGroup']),
    })
    .nullable(),
});
export type CustomerAssortment = z.infer<typeof customerAssortmentSchema>;

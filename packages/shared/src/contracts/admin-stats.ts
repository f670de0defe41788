import { z } from 'zod';

/** Back-office statistics (issue 7): days are UTC calendar days, money in minor units (gross). */
export const statisticsQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, 'from_after_to');

export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number().int(),
      pageViews: z.number().int(),
    }),
  ),
  topProducts: z.array(
    z.object({ sku: z.string(), name: z.string(), quantity: z.number().int(), revenue: z.number().int() }),
  ),
  totals: z.object({ orders: z.number().int(), revenue: z.number().int(), pageViews: z.number().int() }),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/**
 * Order quantity correction, exactly in the order of docs/product.md §5:
 *  (1) the minimum is the quantityDiscount of the price entry whose quantitativeUnit equals
 *      minOrderQuantity; a lower quantity is raised to it (warning minimum_order_quantity);
 *  (2) the maximum is the quantityDiscount of the entry whose unit equals maxOrderQuantity; a
 *      higher quantity is lowered to it (maximum_order_quantity);
 *  (3) the quantity is capped at the stock (quantity_to_order_is_not_available); if the minimum
 *      exceeds the stock the result is 0 with the same warning;
 *  (4) the quantity must be a multiple of orderQuantityStep: it is rounded up
 *      (order_quantity_step_correction) and rechecked up to 2 more times: if rounding up breaks
 *      the maximum, the stock or the minimum, it is rounded down instead, and if that breaks a
 *      limit (or gives 0) the result is 0.
 * A product with no prices gives 0. A requested quantity of 0 (or less, or not a number) is a
 * removal: it stays 0 without warnings. Fractions are cut to whole pieces first.
 * All quantities are in pieces.
 */
export const QUANTITY_WARNINGS = [
  'minimum_order_quantity',
  'maximum_order_quantity',
  'quantity_to_order_is_not_available',
  'order_quantity_step_correction',
] as const;
export type QuantityWarning = (typeof QUANTITY_WARNINGS)[number];

export interface QuantityRuleProduct {
  prices: readonly { quantityDiscount: number; quantitativeUnit: string }[];
  /** A pack unit (piece, carton, ...) or null for no minimum. */
  minOrderQuantity: string | null;
  /** A pack unit or null for no maximum. */
  maxOrderQuantity: string | null;
  stock: number;
  orderQuantityStep: number;
}

export interface QuantityCorrection {
  quantity: number;
  warnings: QuantityWarning[];
}

function thresholdOf(product: QuantityRuleProduct, unit: string | null): number | null {
  if (!unit) return null;
  const entry = product.prices.find((price) => price.quantitativeUnit === unit);
  return entry && Number.isFinite(entry.quantityDiscount) ? entry.quantityDiscount : null;
}

/** The minimum and maximum orderable pieces (null: no limit). */
export function orderQuantityLimits(product: QuantityRuleProduct): {
  minimum: number | null;
  maximum: number | null;
} {
  return {
    minimum: thresholdOf(product, product.minOrderQuantity),
    maximum: thresholdOf(product, product.maxOrderQuantity),
  };
}

export function correctQuantity(product: QuantityRuleProduct, requested: number): QuantityCorrection {
  if (!Number.isFinite(requested) || requested <= 0) return { quantity: 0, warnings: [] };
  let quantity = Math.floor(requested);
  if (quantity === 0) return { quantity: 0, warnings: [] };
  if (product.prices.length === 0) return { quantity: 0, warnings: [] };

  const warnings: QuantityWarning[] = [];
  const { minimum, maximum } = orderQuantityLimits(product);
  const stock = Number.isFinite(product.stock) ? Math.max(0, Math.floor(product.stock)) : 0;

  // (1) minimum
  if (minimum !== null && quantity < minimum) {
    quantity = minimum;
    warnings.push('minimum_order_quantity');
  }
  // (2) maximum
  if (maximum !== null && quantity > maximum) {
    quantity = maximum;
    warnings.push('maximum_order_quantity');
  }
  // (3) stock
  if (minimum !== null && minimum > stock) {
    warnings.push('quantity_to_order_is_not_available');
    return { quantity: 0, warnings };
  }
  if (quantity > stock) {
    quantity = stock;
    warnings.push('quantity_to_order_is_not_available');
    if (quantity === 0) return { quantity: 0, warnings };
  }
  // (4) step
  const step =
    Number.isFinite(product.orderQuantityStep) && product.orderQuantityStep >= 1
      ? Math.floor(product.orderQuantityStep)
      : 1;
  if (quantity % step !== 0) {
    warnings.push('order_quantity_step_correction');
    const fits = (value: number) =>
      value > 0 &&
      (minimum === null || value >= minimum) &&
      (maximum === null || value <= maximum) &&
      value <= stock;
    const up = Math.ceil(quantity / step) * step;
    const down = Math.floor(quantity / step) * step;
    if (fits(up)) quantity = up;
    else if (fits(down)) quantity = down;
    else quantity = 0;
  }
  return { quantity, warnings };
}

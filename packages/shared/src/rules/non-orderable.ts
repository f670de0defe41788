/**
 * Non-orderable rule (docs/product.md §5): a product is non-orderable if it is not active, its stock
 * is below 1, or it is flagged not orderable. A cart line is dropped when the order is placed if its
 * product is non-orderable or has no price for the customer; a cart "contains a non-orderable
 * product" if any line would be dropped. The cart, place order and the product card all use these.
 */
export interface OrderabilityFields {
  isActive: boolean;
  stock: number;
  isOrderable: boolean;
}

export function isNonOrderable(product: OrderabilityFields): boolean {
  return !product.isActive || !(product.stock >= 1) || !product.isOrderable;
}

export interface LineOrderabilityFields extends OrderabilityFields {
  /** The customer has a price for the product. */
  hasPrice: boolean;
}

export function isLineDropped(line: LineOrderabilityFields): boolean {
  return !line.hasPrice || isNonOrderable(line);
}

export function containsNonOrderable(lines: readonly LineOrderabilityFields[]): boolean {
  return lines.some(isLineDropped);
}

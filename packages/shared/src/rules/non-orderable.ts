/**
 * Non-orderable rule (docs/product.md §5): a product is non-orderable if it is not active, its stock
 * is below 1, or it is flagged not orderable. A list "contains a non-orderable product" if any is.
 */
export interface OrderabilityFields {
  isActive: boolean;
  stock: number;
  isOrderable: boolean;
}

export function isNonOrderable(product: OrderabilityFields): boolean {
  return !product.isActive || !(product.stock >= 1) || !product.isOrderable;
}

export function containsNonOrderable(products: readonly OrderabilityFields[]): boolean {
  return products.some(isNonOrderable);
}

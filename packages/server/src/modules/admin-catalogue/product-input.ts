import type { AdminProduct, ProductInput } from '@shop/shared/contracts/admin-catalogue';

/**
 * The input a partial write (an import row, an ERP batch item) starts from: a copy of the product
 * as it is now, or the defaults of a new one with this SKU (vat -1: not given yet).
 */
export function startingInput(current: AdminProduct | null, sku: string): ProductInput {
  if (current) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = current;
    return structuredClone(input);
  }
  return {
    sku,
    details: [],
    manufacturerId: null,
    categoryIds: [],
    vat: -1,
    weight: 0,
    stock: 0,
    isActive: true,
    isOrderable: true,
    isSeasonal: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
    orderQuantityStep: 1,
    packSizes: [],
    prices: [],
  };
}

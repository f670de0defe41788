import type { PackUnitName, Product, SimpleSearchResponse } from '@shop/shared/contracts/products';
import type { ApiClient } from '../../../lib/api-client';

export interface ScannedProduct {
  product: Product;
  /** The pack unit whose barcode was scanned (a carton's barcode: the carton). */
  unit: PackUnitName;
}

/**
 * The product of a pack barcode through the shop's exact barcode search
 * (`GET /api/products/search?selectType=simple&searchType=products-by-barcode-exact`, docs/product.md
 * §7): the product one of whose pack sizes carries the code, with that pack's unit; null when no
 * product has it.
 */
export async function lookUpBarcode(
  api: ApiClient,
  code: string,
  signal?: AbortSignal,
): Promise<ScannedProduct | null> {
  const answer = await api.get<SimpleSearchResponse>('/products/search', {
    query: { selectType: 'simple', searchType: 'products-by-barcode-exact', searchString: code },
    ...(signal ? { signal } : {}),
  });
  for (const product of answer.data.products) {
    const pack = product.packSizes.find((size) => size.barcode === code);
    if (pack) return { product, unit: pack.unit };
  }
  return null;
}

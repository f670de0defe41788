/**
 * Stock display (docs/product.md §3.1): out_of_stock below 1 piece; few_stock when
 * the stock is below the larger of one carton's pieces and the shop's threshold setting;
 * otherwise in_stock.
 */
export const STOCK_STATUSES = ['in_stock', 'few_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Used when the shop has no `shop.fewStockThreshold` setting. */
export const DEFAULT_FEW_STOCK_THRESHOLD = 10;

export interface StockFields {
  stock: number;
  packSizes: readonly { unit: string; pieces: number }[];
  /** Pieces per carton (docs/product.md §3.1); used when the product has no carton pack size. */
  orderQuantityStep?: number;
}

/** One carton's pieces: the carton pack size, else the order step (docs/product.md §3.1: the step is normally a carton). */
export function cartonPieces(product: StockFields): number {
  const carton = product.packSizes.find((size) => size.unit === 'carton');
  if (carton && carton.pieces > 0) return carton.pieces;
  const step = product.orderQuantityStep ?? 0;
  return Number.isFinite(step) && step > 1 ? step : 0;
}

export function stockStatus(
  product: StockFields,
  fewStockThreshold: number = DEFAULT_FEW_STOCK_THRESHOLD,
): StockStatus {
  if (!(product.stock >= 1)) return 'out_of_stock';
  const threshold = Math.max(
    cartonPieces(product),
    Number.isFinite(fewStockThreshold) ? fewStockThreshold : 0,
  );
  return product.stock < threshold ? 'few_stock' : 'in_stock';
}

import { isValidGs1Barcode } from './gs1-barcode';

/**
 * Consistency rules of a product's pack sizes, limits and prices (back office, import, ERP
 * integration). Pure; the server runs them before every write and adds the database checks
 * (a SKU or barcode used by another product).
 *
 * - every pack unit appears once; a barcode appears once (ERR_BARCODE_TAKEN) and is a GS1 barcode
 *   with a valid check digit (ERR_INVALID_BARCODE, rules/gs1-barcode.ts);
 * - the order step is 1 or the pieces of one of the pack sizes (ERR_STEP_NOT_PACK_SIZE);
 * - the minimum and maximum units and every price entry's unit are `piece` or one of the pack
 *   units (ERR_UNIT_NOT_PACK_SIZE);
 * - there is a list price (price group null) (ERR_NO_LIST_PRICE);
 * - no two entries of one price group share a threshold; a special price is below the price; a
 *   special price's end is not before its start (ERR_INVALID_PRICE).
 */
export const PRODUCT_RULE_CODES = [
  'ERR_DUPLICATE_PACK_UNIT',
  'ERR_BARCODE_TAKEN',
  'ERR_INVALID_BARCODE',
  'ERR_STEP_NOT_PACK_SIZE',
  'ERR_UNIT_NOT_PACK_SIZE',
  'ERR_NO_LIST_PRICE',
  'ERR_INVALID_PRICE',
] as const;
export type ProductRuleCode = (typeof PRODUCT_RULE_CODES)[number];

export interface ProductRuleIssue {
  /** Path of the field, e.g. `packSizes.1.barcode`, `orderQuantityStep`, `prices.0.specialPrice`. */
  field: string;
  code: ProductRuleCode;
}

export interface ProductRuleInput {
  orderQuantityStep: number;
  minOrderQuantity: string | null;
  maxOrderQuantity: string | null;
  packSizes: readonly { unit: string; pieces: number; barcode: string | null }[];
  prices: readonly PriceEntryRuleInput[];
}

/** A price entry as the product rules read it (of any price group). */
export interface PriceEntryRuleInput {
  priceGroup: string | null;
  price: number;
  specialPrice: number | null;
  specialPriceStart: string | null;
  specialPriceEnd: string | null;
  quantityDiscount: number;
  quantitativeUnit: string;
}

export function productRuleIssues(product: ProductRuleInput): ProductRuleIssue[] {
  const issues: ProductRuleIssue[] = [];
  const units = new Set<string>(['piece']);
  const seenUnits = new Set<string>();
  const seenBarcodes = new Set<string>();
  product.packSizes.forEach((pack, index) => {
    if (seenUnits.has(pack.unit))
      issues.push({ field: `packSizes.${index}.unit`, code: 'ERR_DUPLICATE_PACK_UNIT' });
    seenUnits.add(pack.unit);
    units.add(pack.unit);
    if (pack.barcode !== null) {
      if (!isValidGs1Barcode(pack.barcode)) {
        issues.push({ field: `packSizes.${index}.barcode`, code: 'ERR_INVALID_BARCODE' });
      } else if (seenBarcodes.has(pack.barcode)) {
        issues.push({ field: `packSizes.${index}.barcode`, code: 'ERR_BARCODE_TAKEN' });
      }
      seenBarcodes.add(pack.barcode);
    }
  });
  const step = product.orderQuantityStep;
  if (step !== 1 && !product.packSizes.some((pack) => pack.pieces === step)) {
    issues.push({ field: 'orderQuantityStep', code: 'ERR_STEP_NOT_PACK_SIZE' });
  }
  if (product.minOrderQuantity !== null && !units.has(product.minOrderQuantity)) {
    issues.push({ field: 'minOrderQuantity', code: 'ERR_UNIT_NOT_PACK_SIZE' });
  }
  if (product.maxOrderQuantity !== null && !units.has(product.maxOrderQuantity)) {
    issues.push({ field: 'maxOrderQuantity', code: 'ERR_UNIT_NOT_PACK_SIZE' });
  }
  if (!product.prices.some((entry) => entry.priceGroup === null)) {
    issues.push({ field: 'prices', code: 'ERR_NO_LIST_PRICE' });
  }
  const thresholds = new Set<string>();
  product.prices.forEach((entry, index) => {
    if (!units.has(entry.quantitativeUnit)) {
      issues.push({ field: `prices.${index}.quantitativeUnit`, code: 'ERR_UNIT_NOT_PACK_SIZE' });
    }
    const key = `${entry.priceGroup ?? ''}|${entry.quantityDiscount}`;
    if (thresholds.has(key))
      issues.push({ field: `prices.${index}.quantityDiscount`, code: 'ERR_INVALID_PRICE' });
    thresholds.add(key);
    if (entry.specialPrice !== null && entry.specialPrice >= entry.price) {
      issues.push({ field: `prices.${index}.specialPrice`, code: 'ERR_INVALID_PRICE' });
    }
    if (
      entry.specialPriceStart !== null &&
      entry.specialPriceEnd !== null &&
      Date.parse(entry.specialPriceEnd) < Date.parse(entry.specialPriceStart)
    ) {
      issues.push({ field: `prices.${index}.specialPriceEnd`, code: 'ERR_INVALID_PRICE' });
    }
  });
  return issues;
}

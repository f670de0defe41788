import { isSpecialPriceValid, type SpecialPriceFields } from './special-price';

/**
 * How a product's price entries, the customer's discount and the special price combine into the
 * price per piece the customer pays (docs/decisions/0003-pricing.md, whose worked table is the
 * test table of pricing.test.ts):
 *
 * 1. Price group: entries of the customer's price group replace the list entries (price group
 *    null) of the same quantitative unit; other groups' entries are never used.
 * 2. Tier: every entry whose threshold (quantityDiscount, in pieces) is at most the quantity is
 *    reached (a quantity below 1 counts as 1). If none is reached, the entry with the lowest
 *    threshold applies (the price you see before you reach any tier).
 * 3. Price of an entry: the price minus the customer's discount (percent, up to 2 decimals),
 *    rounded once, half up, to whole minor units; if the entry's special price is valid now
 *    (special-price rule) and lower, the special price. The customer's discount is not taken off
 *    a special price.
 * 4. currentPrice: the lowest price of the reached entries, so buying more never costs more per
 *    piece.
 * All amounts are gross integer minor units (1/100 Ft) per piece.
 */
export interface PriceTier extends SpecialPriceFields {
  /** The quantity threshold in pieces from which the entry applies. */
  quantityDiscount: number;
  quantitativeUnit: string;
  /** The customer's discount in percent (5 = 5 %, 2.5 = 2.5 %); 0 without one. */
  customerDiscount: number;
}

/** Basis points from a percent, clamped to 0..10000. */
export function discountBasisPoints(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(10000, Math.max(0, Math.round(percent * 100)));
}

/** Percent from basis points (250 → 2.5). */
export function discountPercent(basisPoints: number): number {
  return Math.min(10000, Math.max(0, Math.round(basisPoints))) / 100;
}

/** The price minus a discount in percent, rounded half up to whole minor units (integer arithmetic). */
export function discountedPrice(price: number, discount: number): number {
  const bp = discountBasisPoints(discount);
  if (bp === 0) return price;
  const numerator = Math.round(price) * (10000 - bp);
  return Math.floor((2 * numerator + 10000) / 20000);
}

/** The per-piece price of one entry now: the discounted price, or the valid special price if lower. */
export function entryUnitPrice(entry: PriceTier, now: Date): number {
  const discounted = discountedPrice(entry.price, entry.customerDiscount);
  if (isSpecialPriceValid(entry, now)) return Math.min(discounted, entry.specialPrice as number);
  return discounted;
}

/** The entries whose threshold is reached at this quantity (or the lowest-threshold ones if none is). */
export function reachedTiers<T extends PriceTier>(entries: readonly T[], quantity: number): T[] {
  if (entries.length === 0) return [];
  const pieces = Number.isFinite(quantity) ? Math.max(1, quantity) : 1;
  const reached = entries.filter((entry) => entry.quantityDiscount <= pieces);
  if (reached.length > 0) return reached;
  const lowest = Math.min(...entries.map((entry) => entry.quantityDiscount));
  return entries.filter((entry) => entry.quantityDiscount === lowest);
}

/** The entry that gives the current price at this quantity, or undefined without entries. */
export function applicableTier<T extends PriceTier>(
  entries: readonly T[],
  quantity: number,
  now: Date,
): T | undefined {
  let best: T | undefined;
  let bestPrice = Number.POSITIVE_INFINITY;
  for (const entry of reachedTiers(entries, quantity)) {
    const price = entryUnitPrice(entry, now);
    if (
      price < bestPrice ||
      (price === bestPrice && best && entry.quantityDiscount > best.quantityDiscount)
    ) {
      best = entry;
      bestPrice = price;
    }
  }
  return best;
}

/** currentPrice: gross per piece in minor units at this quantity; null without price entries. */
export function currentPrice(entries: readonly PriceTier[], quantity: number, now: Date): number | null {
  const tier = applicableTier(entries, quantity, now);
  return tier ? entryUnitPrice(tier, now) : null;
}

/** The "On sale" flag: some entry's special price is valid now. */
export function hasValidSpecialPrice(entries: readonly SpecialPriceFields[], now: Date): boolean {
  return entries.some((entry) => isSpecialPriceValid(entry, now));
}

/**
 * Keeps the entries that apply to a customer of this price group: for every unit with at least
 * one entry of the group, the group's entries; for the other units the list entries (group null).
 * Sorted by threshold, then unit.
 */
export function entriesForPriceGroup<
  T extends { priceGroup: string | null; quantitativeUnit: string; quantityDiscount: number },
>(entries: readonly T[], priceGroup: string | null): T[] {
  const groupUnits = new Set(
    priceGroup === null
      ? []
      : entries.filter((e) => e.priceGroup === priceGroup).map((e) => e.quantitativeUnit),
  );
  return entries
    .filter((entry) =>
      groupUnits.has(entry.quantitativeUnit) ? entry.priceGroup === priceGroup : entry.priceGroup === null,
    )
    .sort(
      (a, b) =>
        a.quantityDiscount - b.quantityDiscount || a.quantitativeUnit.localeCompare(b.quantitativeUnit),
    );
}

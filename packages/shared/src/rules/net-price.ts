/**
 * Net price from gross (docs/product.md §9): net = gross / (1 + vat / 100).
 * Amounts are integer minor units (1/100 Ft); VAT is a percentage (27 for 27 %).
 */

/** The exact net amount, not rounded (for sums that round once at the end). */
export function netFromGross(gross: number, vatPercent: number): number {
  return gross / (1 + vatPercent / 100);
}

/**
 * The net amount rounded once to whole minor units, half away from zero, computed with integers
 * (VAT with up to two decimals) so that 0.5 never turns into 0.49999 on the way.
 */
export function netFromGrossMinor(gross: number, vatPercent: number): number {
  if (!Number.isFinite(gross) || !Number.isFinite(vatPercent)) return Number.NaN;
  const vatHundredths = Math.round(vatPercent * 100);
  const denominator = 10000 + vatHundredths;
  if (denominator <= 0) return Number.NaN;
  const sign = gross < 0 ? -1 : 1;
  const numerator = Math.abs(Math.round(gross)) * 10000;
  return sign * Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Rounds half up (away from zero for negatives) to an integer. */
export function roundHalfUp(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return sign * Math.floor(Math.abs(value) + 0.5);
}

/**
 * Special price rule (docs/product.md §5): a special price applies only if it is nonzero, lower than
 * the price, and now lies within its start and end. A missing bound is open; both bounds are
 * inclusive. Bounds are ISO-8601 instants (a date-only value means midnight UTC); a bound that
 * cannot be read makes the special price not apply.
 */
export interface SpecialPriceFields {
  /** Gross price per piece, minor units. */
  price: number;
  specialPrice: number | null | undefined;
  specialPriceStart: string | null | undefined;
  specialPriceEnd: string | null | undefined;
}

function boundMs(bound: string | null | undefined): number | null | 'invalid' {
  if (bound === null || bound === undefined || bound === '') return null;
  const ms = Date.parse(bound);
  return Number.isNaN(ms) ? 'invalid' : ms;
}

export function isSpecialPriceValid(entry: SpecialPriceFields, now: Date): boolean {
  const special = entry.specialPrice;
  if (special === null || special === undefined || !Number.isFinite(special)) return false;
  if (special <= 0 || special >= entry.price) return false;
  const at = now.getTime();
  const start = boundMs(entry.specialPriceStart);
  const end = boundMs(entry.specialPriceEnd);
  if (start === 'invalid' || end === 'invalid') return false;
  if (start !== null && at < start) return false;
  if (end !== null && at > end) return false;
  return true;
}

/** The special price when it applies now, else null. */
export function validSpecialPrice(entry: SpecialPriceFields, now: Date): number | null {
  return isSpecialPriceValid(entry, now) ? (entry.specialPrice as number) : null;
}

import { describe, expect, it } from 'vitest';
import {
  applicableTier,
  currentPrice,
  discountBasisPoints,
  discountedPrice,
  discountPercent,
  entriesForPriceGroup,
  hasValidSpecialPrice,
  type PriceTier,
} from './pricing';

/**
 * The worked table of docs/decisions/0003-pricing.md. Keep both in step.
 * List entries: piece 100.00 Ft from 1 piece, carton 90.00 Ft from 12, pallet 80.00 Ft from 480.
 * Now is 2026-03-15 12:00 UTC.
 */
const now = new Date('2026-03-15T12:00:00.000Z');
const PAST = '2026-03-01T00:00:00.000Z';
const YESTERDAY = '2026-03-14T12:00:00.000Z';
const TOMORROW = '2026-03-16T12:00:00.000Z';

interface Special {
  specialPrice: number | null;
  specialPriceStart?: string | null;
  specialPriceEnd?: string | null;
}
function tier(
  unit: string,
  threshold: number,
  price: number,
  discount: number,
  special?: Special,
): PriceTier {
  return {
    price,
    specialPrice: special?.specialPrice ?? null,
    specialPriceStart: special?.specialPriceStart ?? null,
    specialPriceEnd: special?.specialPriceEnd ?? null,
    quantityDiscount: threshold,
    quantitativeUnit: unit,
    customerDiscount: discount,
  };
}
function list(discount = 0, pieceSpecial?: Special): PriceTier[] {
  return [
    tier('piece', 1, 10000, discount, pieceSpecial),
    tier('carton', 12, 9000, discount),
    tier('pallet', 480, 8000, discount),
  ];
}

describe('currentPrice: the worked table of decision 0003', () => {
  it.each<[string, PriceTier[], number, number | null]>([
    ['A1 quantity 0 counts as 1: piece tier', list(), 0, 10000],
    ['A2 one piece', list(), 1, 10000],
    ['A3 just below the carton threshold', list(), 11, 10000],
    ['A4 carton threshold reached', list(), 12, 9000],
    ['A5 just below the pallet threshold', list(), 479, 9000],
    ['A6 pallet threshold reached', list(), 480, 8000],
    ['A7 far above the highest threshold', list(), 5000, 8000],
    ['B1 5 % customer discount, piece', list(5), 1, 9500],
    ['B2 5 % customer discount, carton', list(5), 12, 8550],
    ['B3 12.5 % customer discount, pallet', list(12.5), 480, 7000],
    ['B4 3.33 % discount', list(3.33), 1, 9667],
    ['B5 half a minor unit rounds up (150 × 0.99 = 148.5)', [tier('piece', 1, 150, 1)], 1, 149],
    ['B6 rounding once (149 × 0.99 = 147.51)', [tier('piece', 1, 149, 1)], 1, 148],
    ['B7 100 % discount', list(100), 1, 0],
    ['B8 a discount above 100 % is capped at 100 %', list(150), 1, 0],
    ['C1 valid special price on the piece entry', list(0, { specialPrice: 8500 }), 1, 8500],
    [
      'C2 a reached cheaper tier never costs more: piece special beats carton',
      list(0, { specialPrice: 8500 }),
      12,
      8500,
    ],
    ['C3 the pallet tier is cheaper than the piece special', list(0, { specialPrice: 8500 }), 480, 8000],
    [
      'C4 the discounted price is lower than the special: discounted',
      list(20, { specialPrice: 8500 }),
      1,
      8000,
    ],
    [
      'C5 the special is lower than the discounted price: special (no discount on top)',
      list(10, { specialPrice: 8500 }),
      1,
      8500,
    ],
    [
      'C6 expired special price',
      list(0, { specialPrice: 8500, specialPriceStart: PAST, specialPriceEnd: YESTERDAY }),
      1,
      10000,
    ],
    [
      'C7 special price not started yet',
      list(0, { specialPrice: 8500, specialPriceStart: TOMORROW }),
      1,
      10000,
    ],
    ['C8 special price 0 is ignored', list(0, { specialPrice: 0 }), 1, 10000],
    ['C9 special price equal to the price is ignored', list(0, { specialPrice: 10000 }), 1, 10000],
    ['C10 open start, ends tomorrow', list(0, { specialPrice: 8500, specialPriceEnd: TOMORROW }), 1, 8500],
    ['D1 only a carton entry: it applies below its threshold too', [tier('carton', 12, 9000, 0)], 1, 9000],
    ['D2 no price entries', [], 1, null],
  ])('%s', (_name, entries, quantity, expected) => {
    expect(currentPrice(entries, quantity, now)).toBe(expected);
  });
});

describe('price groups (decision 0003, case E)', () => {
  const rows = [
    { priceGroup: null, quantitativeUnit: 'piece', quantityDiscount: 1, price: 10000 },
    { priceGroup: null, quantitativeUnit: 'carton', quantityDiscount: 12, price: 9000 },
    { priceGroup: 'G', quantitativeUnit: 'piece', quantityDiscount: 1, price: 9500 },
    { priceGroup: 'H', quantitativeUnit: 'piece', quantityDiscount: 1, price: 5000 },
    { priceGroup: 'H', quantitativeUnit: 'carton', quantityDiscount: 12, price: 4000 },
  ];
  const asTiers = (selected: typeof rows) =>
    selected.map((row) => tier(row.quantitativeUnit, row.quantityDiscount, row.price, 0));

  it('E1 a group entry replaces the list entry of its unit, other units stay', () => {
    const g = entriesForPriceGroup(rows, 'G');
    expect(g.map((r) => [r.priceGroup, r.quantitativeUnit, r.price])).toEqual([
      ['G', 'piece', 9500],
      [null, 'carton', 9000],
    ]);
    expect(currentPrice(asTiers(g), 1, now)).toBe(9500);
    expect(currentPrice(asTiers(g), 12, now)).toBe(9000);
  });
  it('E2 without a group only list entries apply; another group is never used', () => {
    const none = entriesForPriceGroup(rows, null);
    expect(none.every((r) => r.priceGroup === null)).toBe(true);
    expect(currentPrice(asTiers(none), 1, now)).toBe(10000);
    const unknown = entriesForPriceGroup(rows, 'Z');
    expect(unknown.map((r) => r.price)).toEqual([10000, 9000]);
  });
  it('E3 a group with entries for every unit replaces all list entries', () => {
    const h = entriesForPriceGroup(rows, 'H');
    expect(h.map((r) => r.price)).toEqual([5000, 4000]);
  });
  it('sorts by threshold', () => {
    const shuffled = [rows[1]!, rows[0]!];
    expect(entriesForPriceGroup(shuffled, null).map((r) => r.quantityDiscount)).toEqual([1, 12]);
  });
});

describe('helpers', () => {
  it('discountedPrice rounds half up with integers', () => {
    expect(discountedPrice(10000, 0)).toBe(10000);
    expect(discountedPrice(10000, 5)).toBe(9500);
    expect(discountedPrice(1, 50)).toBe(1); // 0.5 → 1
    expect(discountedPrice(1, 51)).toBe(0); // 0.49 → 0
    expect(discountedPrice(999_999_999, 33.33)).toBe(666_699_999); // 666 699 999.333 → …999
    expect(discountedPrice(10000, -5)).toBe(10000);
  });
  it('converts between percent and basis points', () => {
    expect(discountBasisPoints(2.5)).toBe(250);
    expect(discountBasisPoints(Number.NaN)).toBe(0);
    expect(discountBasisPoints(120)).toBe(10000);
    expect(discountPercent(250)).toBe(2.5);
    expect(discountPercent(-1)).toBe(0);
  });
  it('applicableTier names the entry that gives the price', () => {
    expect(applicableTier(list(0, { specialPrice: 8500 }), 12, now)?.quantitativeUnit).toBe('piece');
    expect(applicableTier(list(), 12, now)?.quantitativeUnit).toBe('carton');
    expect(applicableTier([], 12, now)).toBeUndefined();
  });
  it('hasValidSpecialPrice is the On sale flag', () => {
    expect(hasValidSpecialPrice(list(), now)).toBe(false);
    expect(hasValidSpecialPrice(list(0, { specialPrice: 8500 }), now)).toBe(true);
    expect(hasValidSpecialPrice(list(0, { specialPrice: 8500, specialPriceEnd: YESTERDAY }), now)).toBe(
      false,
    );
  });
});

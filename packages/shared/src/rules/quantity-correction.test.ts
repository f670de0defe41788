import { describe, expect, it } from 'vitest';
import {
  correctQuantity,
  orderQuantityLimits,
  type QuantityRuleProduct,
  type QuantityWarning,
} from './quantity-correction';

const tiers = [
  { quantityDiscount: 1, quantitativeUnit: 'piece' },
  { quantityDiscount: 12, quantitativeUnit: 'carton' },
  { quantityDiscount: 480, quantitativeUnit: 'pallet' },
];
/** Minimum one carton (12), maximum one pallet (480), step 12, 1000 in stock. */
const base: QuantityRuleProduct = {
  prices: tiers,
  minOrderQuantity: 'carton',
  maxOrderQuantity: 'pallet',
  stock: 1000,
  orderQuantityStep: 12,
};
/** No limits, step 1. */
const free: QuantityRuleProduct = {
  prices: tiers,
  minOrderQuantity: null,
  maxOrderQuantity: null,
  stock: 100,
  orderQuantityStep: 1,
};
const custom = (
  min: number | null,
  max: number | null,
  step: number,
  stock: number,
): QuantityRuleProduct => ({
  prices: [
    { quantityDiscount: 1, quantitativeUnit: 'piece' },
    ...(min === null ? [] : [{ quantityDiscount: min, quantitativeUnit: 'row' }]),
    ...(max === null ? [] : [{ quantityDiscount: max, quantitativeUnit: 'collector' }]),
  ],
  minOrderQuantity: min === null ? null : 'row',
  maxOrderQuantity: max === null ? null : 'collector',
  stock,
  orderQuantityStep: step,
});

const MIN: QuantityWarning = 'minimum_order_quantity';
const MAX: QuantityWarning = 'maximum_order_quantity';
const NA: QuantityWarning = 'quantity_to_order_is_not_available';
const STEP: QuantityWarning = 'order_quantity_step_correction';

describe('correctQuantity (docs/product.md §5)', () => {
  it.each<[string, QuantityRuleProduct, number, number, QuantityWarning[]]>([
    ['0 is a removal, no warning', base, 0, 0, []],
    ['negative is a removal', base, -5, 0, []],
    ['NaN is a removal', base, Number.NaN, 0, []],
    ['infinity is refused as a removal', base, Number.POSITIVE_INFINITY, 0, []],
    ['a fraction below 1 is a removal', free, 0.4, 0, []],
    ['fractions are cut to whole pieces', free, 12.7, 12, []],
    ['exactly the minimum', base, 12, 12, []],
    ['a multiple of the step within the limits', base, 24, 24, []],
    ['(1) below the minimum is raised', base, 5, 12, [MIN]],
    ['(1) 1 piece is raised to one carton', base, 1, 12, [MIN]],
    ['(2) above the maximum is lowered', base, 500, 480, [MAX]],
    ['(2) one above the maximum', base, 481, 480, [MAX]],
    ['(3) capped at the stock, then (4) rounded down', { ...base, stock: 30 }, 36, 24, [NA, STEP]],
    ['(3) capped at the stock, already a multiple', { ...base, stock: 24 }, 100, 24, [NA]],
    ['(3) minimum above the stock gives 0', { ...base, stock: 5 }, 12, 0, [NA]],
    ['(3) minimum above the stock after raising', { ...base, stock: 5 }, 1, 0, [MIN, NA]],
    ['(3) stock exactly the minimum', { ...base, stock: 12 }, 12, 12, []],
    ['(3) no stock, no minimum', { ...free, stock: 0 }, 1, 0, [NA]],
    ['(3) negative stock counts as none', { ...free, stock: -4 }, 3, 0, [NA]],
    ['(4) rounded up to the step', base, 13, 24, [STEP]],
    ['(4) rounded up to exactly the stock', { ...base, stock: 24 }, 13, 24, [STEP]],
    ['(4) round up breaks the maximum, so round down', custom(null, 25, 10, 100), 23, 20, [STEP]],
    ['(4) round up breaks the stock, so round down', custom(null, null, 10, 25), 23, 20, [STEP]],
    ['(4) neither up nor down fits: 0', custom(5, 8, 10, 100), 6, 0, [STEP]],
    ['(4) round down would give 0: 0', custom(null, null, 10, 9), 7, 0, [STEP]],
    ['(1)+(4) raised to the minimum, then up to the step', custom(5, null, 4, 100), 1, 8, [MIN, STEP]],
    [
      '(2)+(4) lowered to the maximum, then down to the step',
      custom(null, 25, 10, 100),
      100,
      20,
      [MAX, STEP],
    ],
    ['(2)+(3)+(4) all three', custom(null, 50, 12, 30), 80, 24, [MAX, NA, STEP]],
    ['no limits, step 1', free, 7, 7, []],
    ['step 0 counts as 1', { ...free, orderQuantityStep: 0 }, 7, 7, []],
    [
      'a unit with no price entry sets no limit',
      { ...free, minOrderQuantity: 'row', maxOrderQuantity: 'collector' },
      3,
      3,
      [],
    ],
    ['no prices gives 0', { ...base, prices: [] }, 12, 0, []],
  ])('%s', (_name, product, requested, quantity, warnings) => {
    expect(correctQuantity(product, requested)).toEqual({ quantity, warnings });
  });

  it('the result always satisfies the limits or is 0', () => {
    const results = new Set<number>();
    for (let stock = 0; stock <= 60; stock += 7) {
      for (let requested = 1; requested <= 100; requested += 3) {
        const product = custom(6, 48, 12, stock);
        const { quantity } = correctQuantity(product, requested);
        results.add(quantity);
        const withinLimits = quantity % 12 === 0 && quantity >= 6 && quantity <= Math.min(48, stock);
        expect(quantity === 0 || withinLimits, `stock ${stock}, requested ${requested}: ${quantity}`).toBe(
          true,
        );
      }
    }
    // Both kinds of answer occurred: the loop checked corrected quantities, not only zeros.
    expect(results.has(0)).toBe(true);
    expect([...results].filter((quantity) => quantity > 0).length).toBeGreaterThan(1);
  });
});

describe('orderQuantityLimits', () => {
  it('reads the thresholds of the min and max units', () => {
    expect(orderQuantityLimits(base)).toEqual({ minimum: 12, maximum: 480 });
    expect(orderQuantityLimits(free)).toEqual({ minimum: null, maximum: null });
    expect(orderQuantityLimits({ ...base, minOrderQuantity: 'row' })).toEqual({
      minimum: null,
      maximum: 480,
    });
  });
});

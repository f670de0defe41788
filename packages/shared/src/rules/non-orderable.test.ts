import { describe, expect, it } from 'vitest';
import { containsNonOrderable, isNonOrderable, type OrderabilityFields } from './non-orderable';

const ok: OrderabilityFields = { isActive: true, stock: 10, isOrderable: true };

describe('isNonOrderable', () => {
  it.each<[string, Partial<OrderabilityFields>, boolean]>([
    ['active, in stock, orderable', {}, false],
    ['inactive', { isActive: false }, true],
    ['stock 0', { stock: 0 }, true],
    ['stock 1 is enough', { stock: 1 }, false],
    ['stock 0.5 is below 1', { stock: 0.5 }, true],
    ['negative stock', { stock: -3 }, true],
    ['NaN stock', { stock: Number.NaN }, true],
    ['not orderable', { isOrderable: false }, true],
    ['everything wrong', { isActive: false, stock: 0, isOrderable: false }, true],
  ])('%s', (_name, overrides, expected) => {
    expect(isNonOrderable({ ...ok, ...overrides })).toBe(expected);
  });
});

describe('containsNonOrderable', () => {
  it('is false for an empty list', () => {
    expect(containsNonOrderable([])).toBe(false);
  });
  it('is false when all are orderable', () => {
    expect(containsNonOrderable([ok, { ...ok, stock: 1 }])).toBe(false);
  });
  it('is true when one is not', () => {
    expect(containsNonOrderable([ok, { ...ok, isOrderable: false }, ok])).toBe(true);
    expect(containsNonOrderable([{ ...ok, stock: 0 }])).toBe(true);
  });
});

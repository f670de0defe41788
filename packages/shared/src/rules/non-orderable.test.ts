import { describe, expect, it } from 'vitest';
import {
  containsNonOrderable,
  isLineDropped,
  isNonOrderable,
  type LineOrderabilityFields,
  type OrderabilityFields,
} from './non-orderable';

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

describe('isLineDropped', () => {
  const line: LineOrderabilityFields = { ...ok, hasPrice: true };
  it.each<[string, Partial<LineOrderabilityFields>, boolean]>([
    ['orderable and priced', {}, false],
    ['no price for the customer', { hasPrice: false }, true],
    ['out of stock', { stock: 0 }, true],
    ['not orderable', { isOrderable: false }, true],
    ['inactive', { isActive: false }, true],
  ])('%s', (_name, overrides, expected) => {
    expect(isLineDropped({ ...line, ...overrides })).toBe(expected);
  });
});

describe('containsNonOrderable', () => {
  const line: LineOrderabilityFields = { ...ok, hasPrice: true };
  it('is false for an empty list', () => {
    expect(containsNonOrderable([])).toBe(false);
  });
  it('is false when every line stays', () => {
    expect(containsNonOrderable([line, { ...line, stock: 1 }])).toBe(false);
  });
  it('is true when one line would be dropped', () => {
    expect(containsNonOrderable([line, { ...line, isOrderable: false }, line])).toBe(true);
    expect(containsNonOrderable([{ ...line, stock: 0 }])).toBe(true);
    expect(containsNonOrderable([line, { ...line, hasPrice: false }])).toBe(true);
  });
});

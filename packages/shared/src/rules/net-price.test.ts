import { describe, expect, it } from 'vitest';
import { netFromGross, netFromGrossMinor, roundHalfUp } from './net-price';

describe('netFromGross', () => {
  it.each<[number, number, number]>([
    [12700, 27, 10000],
    [10500, 5, 10000],
    [11800, 18, 10000],
    [10000, 0, 10000],
    [0, 27, 0],
  ])('gross %d at %d %% VAT → net %d', (gross, vat, net) => {
    expect(netFromGross(gross, vat)).toBeCloseTo(net, 9);
  });
  it('is not rounded', () => {
    expect(netFromGross(100, 27)).toBeCloseTo(78.740157, 5);
  });
});

describe('netFromGrossMinor', () => {
  it.each<[number, number, number]>([
    [12700, 27, 10000],
    [100, 27, 79], // 78.74 → 79
    [1, 27, 1], // 0.787 → 1
    [127, 27, 100],
    [2667, 27, 2100], // 2100.0 exactly
    [3, 100, 2], // 1.5 → 2 (half up)
    [5, 100, 3], // 2.5 → 3 (half up)
    [7, 100, 4], // 3.5 → 4
    [9999, 5, 9523], // 9522.857 → 9523
    [10000, 0, 10000],
    [0, 27, 0],
    [-127, 27, -100],
    [-3, 100, -2], // -1.5 → -2 (half away from zero)
    [1000, 5.5, 948], // 947.867 → 948
  ])('gross %d at %d %% VAT → %d', (gross, vat, net) => {
    expect(netFromGrossMinor(gross, vat)).toBe(net);
  });
  it('is NaN for impossible input', () => {
    expect(netFromGrossMinor(Number.NaN, 27)).toBeNaN();
    expect(netFromGrossMinor(100, -100)).toBeNaN();
  });
});

describe('roundHalfUp', () => {
  it.each<[number, number]>([
    [0.5, 1],
    [1.4999, 1],
    [2.5, 3],
    [-2.5, -3],
    [-2.4, -2],
    [7, 7],
  ])('%d → %d', (value, expected) => {
    expect(roundHalfUp(value)).toBe(expected);
  });
});

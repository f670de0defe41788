import { describe, expect, it } from 'vitest';
import { isValidGs1Barcode } from '@shop/shared/rules/gs1-barcode';
import { hungarianEan13 } from './ean13';

describe('hungarianEan13', () => {
  it('makes valid Hungarian EAN-13 barcodes that differ for different inputs', () => {
    const a = hungarianEan13(1, 42, 0);
    const b = hungarianEan13(1, 42, 1);
    const c = hungarianEan13(2, 42, 0);
    expect(a).toBe('5991000004202');
    for (const code of [a, b, c, hungarianEan13(9, 9_999_999, 9), hungarianEan13(0, 0, 0)]) {
      expect(code).toMatch(/^599\d{10}$/);
      expect(isValidGs1Barcode(code), code).toBe(true);
    }
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('refuses parts out of range', () => {
    expect(() => hungarianEan13(10, 1, 0)).toThrow();
    expect(() => hungarianEan13(1, 10_000_000, 0)).toThrow();
    expect(() => hungarianEan13(1, 1, 10)).toThrow();
    expect(() => hungarianEan13(1.5, 1, 0)).toThrow();
  });
});

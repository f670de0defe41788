import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, hungarianEan13, isValidEan13, makeEan13 } from './ean13';

describe('ean13', () => {
  it('computes the check digit of known barcodes', () => {
    // Published examples (GS1, ISBN) and one computed by hand.
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('978020137962')).toBe(4);
    // 5*1+9*3+9*1 = 41 -> check digit 9
    expect(ean13CheckDigit('599000000000')).toBe(9);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('validates whole barcodes', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(isValidEan13('590123412345')).toBe(false);
    expect(isValidEan13('59012341234570')).toBe(false);
    expect(isValidEan13('590123412345a')).toBe(false);
  });

  it('rejects malformed data digits', () => {
    expect(() => ean13CheckDigit('12345')).toThrow();
    expect(() => ean13CheckDigit('12345678901x')).toThrow();
  });

  it('makes valid Hungarian barcodes that differ for different inputs', () => {
    const a = hungarianEan13(1, 42, 0);
    const b = hungarianEan13(1, 42, 1);
    const c = hungarianEan13(2, 42, 0);
    expect(a).toHaveLength(13);
    expect(a.slice(0, 12)).toBe('599100000420');
    for (const code of [a, b, c, makeEan13('599123456789')]) expect(isValidEan13(code)).toBe(true);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(() => hungarianEan13(10, 1, 0)).toThrow();
    expect(() => hungarianEan13(1, 10_000_000, 0)).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { isValidHuTaxNumber } from '@shop/shared/rules/hu-tax-number';
import { makeTaxNumber } from './hu-tax-number';

describe('makeTaxNumber', () => {
  it('builds tax numbers that the shared rule accepts', () => {
    expect(makeTaxNumber('1234567', 2, '42')).toBe('12345676-2-42');
    expect(isValidHuTaxNumber(makeTaxNumber('1234567', 2, '42'))).toBe(true);
    expect(isValidHuTaxNumber(makeTaxNumber('2468013', 1, '13'))).toBe(true);
  });

  it('refuses bad parts', () => {
    expect(() => makeTaxNumber('123', 2, '42')).toThrow();
    expect(() => makeTaxNumber('1234567', 6, '42')).toThrow();
    expect(() => makeTaxNumber('1234567', 2, '4')).toThrow();
  });
});

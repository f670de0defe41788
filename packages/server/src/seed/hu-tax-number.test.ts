import { describe, expect, it } from 'vitest';
import {
  isValidCompanyRegistrationNumber,
  isValidTaxNumber,
  makeTaxNumber,
  taxNumberCheckDigit,
} from './hu-tax-number';

describe('Hungarian tax number', () => {
  it('computes the check digit with weights 9,7,3,1,9,7,3', () => {
    // 1*9 + 2*7 + 3*3 + 4*1 + 5*9 + 6*7 + 7*3 = 144 -> 6
    expect(taxNumberCheckDigit('1234567')).toBe(6);
    // 1*9 + 0 ... = 9 -> 1
    expect(taxNumberCheckDigit('1000000')).toBe(1);
    // 0 -> 0
    expect(taxNumberCheckDigit('0000000')).toBe(0);
  });

  it('builds and validates whole tax numbers', () => {
    expect(makeTaxNumber('1234567', 2, '42')).toBe('12345676-2-42');
    expect(isValidTaxNumber('12345676-2-42')).toBe(true);
    expect(isValidTaxNumber('12345675-2-42')).toBe(false);
    expect(isValidTaxNumber('12345676-6-42')).toBe(false);
    expect(isValidTaxNumber('1234567-2-42')).toBe(false);
    expect(() => makeTaxNumber('123', 2, '42')).toThrow();
  });

  it('checks the company registration number format', () => {
    expect(isValidCompanyRegistrationNumber('01-09-123456')).toBe(true);
    expect(isValidCompanyRegistrationNumber('01-09-12345')).toBe(false);
    expect(isValidCompanyRegistrationNumber('0109123456')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type HuTaxNumberProblem,
  huTaxNumberCheckDigit,
  huTaxNumberProblem,
  isValidHuCompanyRegistrationNumber,
  isValidHuTaxNumber,
} from './hu-tax-number';

describe('huTaxNumberCheckDigit', () => {
  it('weights 9,7,3,1,9,7,3 and takes (10 - sum mod 10) mod 10', () => {
    // 1*9 + 0*7 + 7*3 + 7*1 + 3*9 + 3*7 + 8*3 = 109 -> (10 - 9) mod 10 = 1
    expect(huTaxNumberCheckDigit('1077338')).toBe(1);
    // 1*9 + 2*7 + 3*3 + 4*1 + 5*9 + 6*7 + 7*3 = 144 -> (10 - 4) = 6
    expect(huTaxNumberCheckDigit('1234567')).toBe(6);
    // a sum that is a multiple of ten gives 0, not 10: 0000000 -> 0
    expect(huTaxNumberCheckDigit('0000000')).toBe(0);
    // 1*9 + 0 + 0 + 1*1 = 10 -> 0
    expect(huTaxNumberCheckDigit('1001000')).toBe(0);
  });
  it('refuses anything but seven digits', () => {
    expect(() => huTaxNumberCheckDigit('123456')).toThrow();
    expect(() => huTaxNumberCheckDigit('12345a7')).toThrow();
  });
});

describe('huTaxNumberProblem', () => {
  it('accepts valid tax numbers', () => {
    for (const valid of ['10773381-2-44', '12345676-2-41', '10010000-1-02', '12345676-5-51']) {
      expect(huTaxNumberProblem(valid), valid).toBeNull();
    }
    expect(isValidHuTaxNumber('12345676-3-20')).toBe(true);
  });
  it('names the problem of invalid ones', () => {
    const problems: Record<HuTaxNumberProblem, string[]> = {
      check_digit: ['12345678-2-41'],
      vat_code: ['12345676-0-41', '12345676-6-41'],
      territorial_code: ['12345676-2-01', '12345676-2-21', '12345676-2-45'],
      format: ['12345676241', '1234567-62-41', ' 12345676-2-41', ''],
    };
    for (const [problem, values] of Object.entries(problems)) {
      for (const value of values) expect(huTaxNumberProblem(value), value).toBe(problem);
    }
    expect(isValidHuTaxNumber('12345677-2-41')).toBe(false);
  });
});

describe('isValidHuCompanyRegistrationNumber', () => {
  it('accepts CC-FF-NNNNNN with a court 01-20', () => {
    for (const valid of ['01-09-123456', '20-10-000001']) {
      expect(isValidHuCompanyRegistrationNumber(valid), valid).toBe(true);
    }
  });
  it('refuses other shapes and courts', () => {
    const invalid = [
      '00-09-123456',
      '21-09-123456',
      '01-00-123456',
      '01-09-12345',
      '0109123456',
      'Cg. 01-09-123456',
    ];
    for (const value of invalid) expect(isValidHuCompanyRegistrationNumber(value), value).toBe(false);
  });
});

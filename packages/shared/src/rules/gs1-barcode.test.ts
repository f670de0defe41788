import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isValidGs1Barcode, withGs1CheckDigit } from './gs1-barcode';

describe('GS1 barcode check digit', () => {
  it('computes the check digit of published barcodes of every length', () => {
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('978020137962')).toBe(4); // ISBN-13 9780201379624
    expect(gs1CheckDigit('1540014128876')).toBe(3); // ITF-14 15400141288763
    expect(gs1CheckDigit('000000000000')).toBe(0);
  });

  it('accepts valid barcodes of 8, 12, 13 and 14 digits', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '5901234123457', '15400141288763'])
      expect(isValidGs1Barcode(code), code).toBe(true);
  });

  it('refuses a wrong check digit at every length', () => {
    for (const code of ['96385075', '036000291453', '4006381333932', '5901234123458', '15400141288764'])
      expect(isValidGs1Barcode(code), code).toBe(false);
  });

  it('refuses other lengths, letters, spaces and the empty string', () => {
    for (const code of ['', '1234567', '123456789', '1234567890', '12345678901', '123456789012345'])
      expect(isValidGs1Barcode(code), code).toBe(false);
    expect(isValidGs1Barcode('400638133393a')).toBe(false);
    expect(isValidGs1Barcode(' 4006381333931')).toBe(false);
    expect(isValidGs1Barcode('4006381 333931')).toBe(false);
  });

  it('appends the check digit so that the result is valid', () => {
    expect(withGs1CheckDigit('599100000420')).toBe('5991000004202');
    for (const data of ['1234567', '59900000001', '599123456789', '1599123456789'])
      expect(isValidGs1Barcode(withGs1CheckDigit(data))).toBe(true);
    expect(() => gs1CheckDigit('12a')).toThrow();
  });
});

import { huTaxNumberCheckDigit } from '@shop/shared/rules/hu-tax-number';

/**
 * Builds a Hungarian tax number NNNNNNNN-N-NN with a correct check digit for the demo data,
 * e.g. ('1234567', 2, '42') -> '12345676-2-42'. Validation is the shared rule's job.
 */
export function makeTaxNumber(first7: string, vatCode: number, countyCode: string): string {
  if (!/^\d{7}$/.test(first7)) throw new Error(`a tax number base needs 7 digits, got "${first7}"`);
  if (!/^\d{2}$/.test(countyCode)) throw new Error(`bad county code ${countyCode}`);
  if (!Number.isInteger(vatCode) || vatCode < 1 || vatCode > 5) throw new Error(`bad VAT code ${vatCode}`);
  return `${first7}${huTaxNumberCheckDigit(first7)}-${vatCode}-${countyCode}`;
}

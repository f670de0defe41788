/**
 * Hungarian tax numbers (adószám) have the form NNNNNNNN-N-NN: an 8-digit base number whose
 * 8th digit checks the first seven (weights 9, 7, 3, 1, 9, 7, 3), a VAT code (1-5) and a
 * county code. Company registration numbers (cégjegyzékszám) are CC-FF-NNNNNN: court, company
 * form (09 = Kft., 10 = Zrt.) and a serial number.
 */
const WEIGHTS = [9, 7, 3, 1, 9, 7, 3];

export function taxNumberCheckDigit(first7: string): number {
  if (!/^\d{7}$/.test(first7)) throw new Error(`a tax number base needs 7 digits, got "${first7}"`);
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first7[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/** Builds a tax number with a correct check digit, e.g. ('1234567', 2, '42') -> '12345676-2-42'. */
export function makeTaxNumber(first7: string, vatCode: number, countyCode: string): string {
  if (!/^\d{2}$/.test(countyCode)) throw new Error(`bad county code ${countyCode}`);
  if (!Number.isInteger(vatCode) || vatCode < 1 || vatCode > 5) throw new Error(`bad VAT code ${vatCode}`);
  return `${first7}${taxNumberCheckDigit(first7)}-${vatCode}-${countyCode}`;
}

/** Checks the format and the check digit of a tax number NNNNNNNN-N-NN. */
export function isValidTaxNumber(value: string): boolean {
  const match = /^(\d{7})(\d)-([1-5])-(\d{2})$/.exec(value);
  return match !== null && taxNumberCheckDigit(match[1] ?? '') === Number(match[2]);
}

export function isValidCompanyRegistrationNumber(value: string): boolean {
  return /^\d{2}-\d{2}-\d{6}$/.test(value);
}

/**
 * EAN-13 barcodes: 12 data digits and a check digit. The data digits are weighted 1, 3, 1, 3, ...
 * from the left; the check digit brings the weighted sum up to a multiple of 10.
 */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 data digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for a 13-digit string whose last digit is the correct check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Appends the check digit to 12 data digits. */
export function makeEan13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** GS1 prefix of Hungary. */
export const HUNGARIAN_GS1_PREFIX = '599';

/**
 * A Hungarian (599) EAN-13 from a range digit, a product number and a pack-unit index:
 * 599 | range (1 digit) | product number (7 digits) | unit index (1 digit) | check digit.
 * Distinct (range, product number, unit index) triples give distinct barcodes.
 */
export function hungarianEan13(range: number, productNumber: number, unitIndex: number): string {
  if (!Number.isInteger(range) || range < 0 || range > 9) throw new Error(`bad range ${range}`);
  if (!Number.isInteger(productNumber) || productNumber < 0 || productNumber > 9_999_999) {
    throw new Error(`bad product number ${productNumber}`);
  }
  if (!Number.isInteger(unitIndex) || unitIndex < 0 || unitIndex > 9)
    throw new Error(`bad unit index ${unitIndex}`);
  return makeEan13(`${HUNGARIAN_GS1_PREFIX}${range}${String(productNumber).padStart(7, '0')}${unitIndex}`);
}

import { withGs1CheckDigit } from '@shop/shared/rules/gs1-barcode';

/**
 * EAN-13 barcodes of the seeds: 12 data digits and the GS1 check digit of the shared rule
 * (@shop/shared/rules/gs1-barcode), so every seeded barcode passes the check the back office, the
 * import and the ERP integration make.
 */

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
  return withGs1CheckDigit(
    `${HUNGARIAN_GS1_PREFIX}${range}${String(productNumber).padStart(7, '0')}${unitIndex}`,
  );
}

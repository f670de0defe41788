/**
 * Hungarian company identifiers, checked the same way in the browser and on the server.
 *
 * Tax number (adószám) `NNNNNNNN-N-NN`:
 * - digits 1-8: the taxpayer's identifier; digit 8 is a check digit: the first seven digits are
 *   weighted 9, 7, 3, 1, 9, 7, 3, and digit 8 = (10 - sum mod 10) mod 10;
 * - digit 9: the VAT code, 1 to 5;
 * - digits 10-11: the territorial code of the tax office, 02-20, 22-44 or 51.
 *
 * Company registration number (cégjegyzékszám) `CC-FF-NNNNNN`:
 * - CC: the court of registration, 01 (Budapest) to 20 (Zala);
 * - FF: the company form, 01-99 (for example 09 Kft., 10 Zrt./Nyrt.);
 * - NNNNNN: the serial number, six digits.
 */

export const HU_TAX_NUMBER_PATTERN = /^(\d{8})-(\d)-(\d{2})$/;
export const HU_COMPANY_REGISTRATION_NUMBER_PATTERN = /^(\d{2})-(\d{2})-(\d{6})$/;

const TAX_WEIGHTS = [9, 7, 3, 1, 9, 7, 3] as const;

/** The check digit (digit 8) of a tax number from its first seven digits. */
export function huTaxNumberCheckDigit(firstSeven: string): number {
  if (!/^\d{7}$/.test(firstSeven)) throw new Error('seven digits expected');
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(firstSeven[i]) * TAX_WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

function isValidTerritorialCode(code: number): boolean {
  return (code >= 2 && code <= 20) || (code >= 22 && code <= 44) || code === 51;
}

export type HuTaxNumberProblem = 'format' | 'check_digit' | 'vat_code' | 'territorial_code';

/** Why a tax number is invalid, or null when it is valid. */
export function huTaxNumberProblem(value: string): HuTaxNumberProblem | null {
  const match = HU_TAX_NUMBER_PATTERN.exec(value);
  if (!match) return 'format';
  const [, base = '', vat = '', territory = ''] = match;
  if (huTaxNumberCheckDigit(base.slice(0, 7)) !== Number(base[7])) return 'check_digit';
  const vatCode = Number(vat);
  if (vatCode < 1 || vatCode > 5) return 'vat_code';
  if (!isValidTerritorialCode(Number(territory))) return 'territorial_code';
  return null;
}

export function isValidHuTaxNumber(value: string): boolean {
  return huTaxNumberProblem(value) === null;
}

export function isValidHuCompanyRegistrationNumber(value: string): boolean {
  const match = HU_COMPANY_REGISTRATION_NUMBER_PATTERN.exec(value);
  if (!match) return false;
  const court = Number(match[1]);
  const form = Number(match[2]);
  return court >= 1 && court <= 20 && form >= 1;
}

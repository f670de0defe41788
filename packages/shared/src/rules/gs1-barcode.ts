/**
 * GS1 barcodes (docs/product.md §5): EAN-8, UPC-A (12), EAN-13 and ITF-14 (GTIN-14)
 * are digits whose last one is a check digit. Counting from the right, the data digits are
 * weighted 3, 1, 3, 1, ...; the check digit brings the weighted sum up to a multiple of 10. The
 * back office, the product import and the ERP integration refuse any other barcode with
 * ERR_INVALID_BARCODE (through the product rules), and the seeds generate barcodes with it.
 */
export const GS1_BARCODE_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit for the data digits (a barcode without its last digit). */
export function gs1CheckDigit(data: string): number {
  if (!/^\d+$/.test(data)) throw new Error(`a GS1 check digit needs digits, got "${data}"`);
  let sum = 0;
  for (let i = 0; i < data.length; i += 1) {
    const fromRight = data.length - 1 - i;
    sum += Number(data[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The data digits followed by their check digit. */
export function withGs1CheckDigit(data: string): string {
  return `${data}${gs1CheckDigit(data)}`;
}

/** True for 8, 12, 13 or 14 digits whose last digit is the GS1 check digit of the others. */
export function isValidGs1Barcode(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GS1_BARCODE_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

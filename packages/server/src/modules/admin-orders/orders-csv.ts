/**
 * CSV for Excel as Hungarian staff open it: UTF-8 with a byte-order mark (so Excel reads the
 * accents), `;` between fields (the list separator of the Hungarian locale, where `,` is the decimal
 * mark), CRLF line ends. A field is quoted when it holds `;`, `"`, a line break or edge spaces, and
 * `"` is doubled. A text that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so that
 * Excel shows it instead of running it as a formula (CSV injection).
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

export type CsvValue = string | number | null;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text) || text !== text.trim()) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(SEPARATOR)}\r\n`;
}

/** A whole file: the byte-order mark, then one line per row. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + rows.map(csvLine).join('');
}

/** Minor units (1/100 Ft) as forints with a decimal comma: 123450 → "1234,50". */
export function csvMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

import ExcelJS from 'exceljs';
import { AppError } from '../../http/app-error';

/**
 * Reading an import file into rows of text cells: CSV (RFC 4180: quoted fields, "" inside quotes,
 * CRLF or LF; comma or semicolon separated, decided by the header line; a UTF-8 BOM is dropped)
 * or the first worksheet of an XLSX workbook. Cells are always text: the import validates them.
 */

export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_COLUMNS = 64;
const MAX_CELL_LENGTH = 20_000;

export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, Math.max(0, text.search(/\r?\n/)) || text.length);
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.length === 0) {
      quoted = true;
      i += 1;
      continue;
    }
    if (ch === separator) {
      row.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      if (rows.length > MAX_IMPORT_ROWS + 1)
        throw new AppError('ERR_IMPORT_FILE', { reason: 'too_many_rows', max: MAX_IMPORT_ROWS });
      row = [];
      cell = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    cell += ch;
    if (cell.length > MAX_CELL_LENGTH) throw new AppError('ERR_IMPORT_FILE', { reason: 'cell_too_long' });
    i += 1;
  }
  if (quoted) throw new AppError('ERR_IMPORT_FILE', { reason: 'unclosed_quote' });
  if (cell.length > 0 || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

export async function parseXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('ERR_IMPORT_FILE', { reason: 'unreadable' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('ERR_IMPORT_FILE', { reason: 'no_sheet' });
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) {
    throw new AppError('ERR_IMPORT_FILE', { reason: 'too_many_rows', max: MAX_IMPORT_ROWS });
  }
  const columns = Math.min(sheet.columnCount, MAX_IMPORT_COLUMNS + 1);
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= columns; c += 1) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

export async function readImportFile(format: 'csv' | 'xlsx', body: Buffer): Promise<string[][]> {
  if (format === 'xlsx') return parseXlsx(body);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('ERR_IMPORT_FILE', { reason: 'not_utf8' });
  }
  return parseCsv(text);
}

/** An XLSX workbook with one sheet: a header row and the given rows (all cells as text). */
export async function buildXlsx(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('products');
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column) => {
    column.numFmt = '@';
    column.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV line per row, quoting cells that need it. */
export function buildCsv(rows: readonly (readonly string[])[]): string {
  const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}

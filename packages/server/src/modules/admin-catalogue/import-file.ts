import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/app-error';
import { csvDocument } from '../admin-orders/orders-csv';

/**
 * Reading an import file into rows of text cells, row i of the file at index i - 1 (the header is
 * row 1; an empty row stays as an empty row, so row numbers match what a spreadsheet shows):
 * - CSV with csv-parse (RFC 4180: quoted fields, "" inside quotes, CRLF, LF or CR; a UTF-8 BOM is
 *   dropped; `;` or `,` between fields, whichever the header line has more of). A syntax error is
 *   ERR_IMPORT_FILE { reason: 'csv_syntax', line } with the line of the file where it was found.
 * - XLSX with ExcelJS's streaming reader: the first worksheet, row by row; it stops at the first
 *   row past the limit instead of building the whole workbook in memory.
 * Cells are always text: the import validates them. (The CSV template is written by the orders
 * export's writer, admin-orders/orders-csv.ts: BOM, `;`, CRLF, so it opens in Hungarian Excel.)
 */

export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_COLUMNS = 64;
const MAX_CELL_LENGTH = 20_000;

const tooManyRows = () => new AppError('ERR_IMPORT_FILE', { reason: 'too_many_rows', max: MAX_IMPORT_ROWS });

function headerDelimiter(text: string): ';' | ',' {
  const end = text.search(/[\r\n]/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

export function parseCsv(text: string, maxRows = MAX_IMPORT_ROWS): string[][] {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: headerDelimiter(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      max_record_size: MAX_CELL_LENGTH,
      // The header, the allowed rows and one more to tell that there are too many.
      to: maxRows + 2,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : undefined;
    if (error.code === 'CSV_MAX_RECORD_SIZE')
      throw new AppError('ERR_IMPORT_FILE', { reason: 'cell_too_long', ...(line ? { line } : {}) });
    throw new AppError('ERR_IMPORT_FILE', { reason: 'csv_syntax', ...(line ? { line } : {}) });
  }
  if (rows.length > maxRows + 1) throw tooManyRows();
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

/** Parts ExcelJS's streaming reader must meet before a sheet to read the sheet as it streams. */
const READ_FIRST = new Set([
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
]);

/**
 * The workbook's zip with the parts of READ_FIRST moved before the sheets. Excel and ExcelJS store
 * the shared strings after the sheets, and the streaming reader then copies every sheet to a
 * temporary file before reading any row. Each entry moves as a whole byte range (local header,
 * data, data descriptor), from its offset to the next one in the central directory; the central
 * directory stays last (the streaming reader does not use its offsets). A zip whose directory
 * cannot be read (or a ZIP64 one) is passed on unchanged: the reader refuses or reads it as it is.
 */
export function metadataFirst(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return zip;
  const count = zip.readUInt16LE(end + 10);
  const directory = zip.readUInt32LE(end + 16);
  if (directory > end) return zip;
  const entries: { name: string; start: number }[] = [];
  let at = directory;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) return zip;
    const nameLength = zip.readUInt16LE(at + 28);
    const start = zip.readUInt32LE(at + 42);
    if (start >= directory) return zip;
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), start });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  entries.sort((a, b) => a.start - b.start);
  const ranges = entries.map((entry, i) => ({
    first: READ_FIRST.has(entry.name),
    bytes: zip.subarray(entry.start, entries[i + 1]?.start ?? directory),
  }));
  return Buffer.concat([
    zip.subarray(0, entries[0]?.start ?? directory),
    ...ranges.filter((r) => r.first).map((r) => r.bytes),
    ...ranges.filter((r) => !r.first).map((r) => r.bytes),
    zip.subarray(directory),
  ]);
}

/** The workbook, its parts reordered by metadataFirst, as a stream of 16 KiB pieces read on demand. */
export function workbookStream(zip: Buffer): Readable {
  const ordered = metadataFirst(zip);
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < ordered.length; at += 16_384) yield ordered.subarray(at, at + 16_384);
    })(),
    { highWaterMark: 1 },
  );
}

/**
 * The first worksheet of an XLSX workbook, read row by row as the zip streams in (a Buffer goes
 * through workbookStream). Past `maxRows` rows under the header it stops reading the stream and
 * refuses the file.
 */
export async function parseXlsx(input: Buffer | Readable, maxRows = MAX_IMPORT_ROWS): Promise<string[][]> {
  const stream = Buffer.isBuffer(input) ? workbookStream(input) : input;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: string[][] = [];
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        if (row.number > maxRows + 1) throw tooManyRows();
        const values = row.values as ExcelJS.CellValue[];
        const width = Math.min(values.length - 1, MAX_IMPORT_COLUMNS + 1);
        const cells: string[] = [];
        for (let column = 1; column <= width; column += 1) cells.push(cellText(values[column]));
        while (rows.length < row.number - 1) rows.push([]);
        rows.push(cells);
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_IMPORT_FILE', { reason: 'unreadable' });
  } finally {
    stream.destroy();
  }
  if (sheets === 0) throw new AppError('ERR_IMPORT_FILE', { reason: 'no_sheet' });
  return rows;
}

export async function readImportFile(format: 'csv' | 'xlsx', body: Buffer): Promise<string[][]> {
  if (format === 'xlsx') return parseXlsx(body);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
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

/** The CSV template and test files: the orders export's writer (BOM, `;`, CRLF) for Excel. */
export const buildCsv = csvDocument;

import { PassThrough, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import {
  MAX_IMPORT_ROWS,
  buildXlsx,
  metadataFirst,
  parseCsv,
  parseXlsx,
  readImportFile,
  workbookStream,
} from './import-file';

/** The AppError a call throws (fails the test when it throws something else or nothing). */
async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the file to be refused');
}

/** A workbook of `rows` data rows under a header, written by ExcelJS's streaming writer. */
async function generatedWorkbook(rows: number): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true });
  const sheet = workbook.addWorksheet('products');
  sheet.addRow(['sku', 'price', 'stock']).commit();
  for (let i = 1; i <= rows; i += 1)
    sheet.addRow([`GEN-${i}`, String(100 + (i % 900)), String(i % 50)]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('reading CSV import files', () => {
  it('reads a file of the template writer: BOM, semicolons, quotes, CRLF and LF', () => {
    const text =
      '\uFEFFsku;name_hu;price\r\nA-1;"Kávé; őrölt";"1 290,50"\nA-2;"Sor\r\nkettő";"12"" pizza"\r\n';
    expect(parseCsv(text)).toEqual([
      ['sku', 'name_hu', 'price'],
      ['A-1', 'Kávé; őrölt', '1 290,50'],
      ['A-2', 'Sor\r\nkettő', '12" pizza'],
    ]);
  });

  it('takes the separator from the header line and keeps empty rows in their place', () => {
    expect(parseCsv('sku,price\nA-1,"1,5"\n\nA-2,7')).toEqual([
      ['sku', 'price'],
      ['A-1', '1,5'],
      [''],
      ['A-2', '7'],
    ]);
  });

  it('reports a syntax error with the line of the file where it is', async () => {
    const badQuote = await refusal(() =>
      parseCsv('sku;name_hu\nA-1;ok\nA-2;ok\nA-3;"closed"then text\nA-4;x\n'),
    );
    expect([badQuote.code, badQuote.params]).toEqual(['ERR_IMPORT_FILE', { reason: 'csv_syntax', line: 4 }]);
    const unclosed = await refusal(() => parseCsv('sku;name_hu\nA-1;"never\nclosed\n'));
    expect([unclosed.code, unclosed.params?.reason]).toEqual(['ERR_IMPORT_FILE', 'csv_syntax']);
    expect(unclosed.params?.line).toEqual(expect.any(Number));
  });

  it('refuses more rows than the limit, a cell too long and text that is not UTF-8', async () => {
    expect(parseCsv('sku\nA\nB\nC\n', 3)).toHaveLength(4);
    expect((await refusal(() => parseCsv('sku\nA\nB\nC\nD\n', 3))).params).toEqual({
      reason: 'too_many_rows',
      max: MAX_IMPORT_ROWS,
    });
    const long = await refusal(() => parseCsv(`sku;name_hu\nA;ok\nB;${'x'.repeat(20_001)}\n`));
    expect(long.params).toEqual({ reason: 'cell_too_long', line: 3 });
    const latin2 = await refusal(() => readImportFile('csv', Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xe1])));
    expect(latin2.params).toEqual({ reason: 'not_utf8' });
  });
});

describe('reading XLSX import files', () => {
  it('reads the first sheet as text cells, row numbers kept', async () => {
    const rows = await parseXlsx(
      await buildXlsx(
        ['sku', 'price'],
        [
          ['A-1', '1290'],
          ['', ''],
          ['A-2', '99.5'],
        ],
      ),
    );
    expect(rows[0]).toEqual(['sku', 'price']);
    expect(rows[1]).toEqual(['A-1', '1290']);
    expect(rows[3]).toEqual(['A-2', '99.5']);
    expect(rows).toHaveLength(4);
  });

  it('refuses a file that is not a workbook', async () => {
    expect((await refusal(() => parseXlsx(Buffer.from('not a zip')))).params).toEqual({
      reason: 'unreadable',
    });
  });

  it(
    'refuses a workbook with more rows than the limit, and stops reading at the limit',
    { timeout: 120_000 },
    async () => {
      const over = await generatedWorkbook(MAX_IMPORT_ROWS + 1);
      const refused = await refusal(() => parseXlsx(over));
      expect([refused.code, refused.params]).toEqual([
        'ERR_IMPORT_FILE',
        { reason: 'too_many_rows', max: MAX_IMPORT_ROWS },
      ]);
      const whole = await parseXlsx(over, MAX_IMPORT_ROWS + 1);
      expect(whole).toHaveLength(MAX_IMPORT_ROWS + 2);
      expect(whole.at(-1)).toEqual([
        `GEN-${MAX_IMPORT_ROWS + 1}`,
        String(100 + ((MAX_IMPORT_ROWS + 1) % 900)),
        '1',
      ]);

      // The bytes the reader takes from the stream: refused at 1,000 rows, it has not taken the
      // rest of the sheet (the rows are most of the file).
      let taken = 0;
      const counted = workbookStream(over).pipe(
        new Transform({
          highWaterMark: 1,
          transform(chunk: Buffer, _encoding, done) {
            taken += chunk.length;
            done(null, chunk);
          },
        }),
      );
      expect((await refusal(() => parseXlsx(counted, 1_000))).params?.reason).toBe('too_many_rows');
      expect(taken).toBeGreaterThan(0);
      expect(taken).toBeLessThan(over.length / 2);
    },
  );

  it('moves the shared strings before the sheets without changing what is read', async () => {
    const file = await buildXlsx(
      ['sku', 'name_hu'],
      [
        ['A-1', 'Kávé'],
        ['A-2', 'Tea'],
      ],
    );
    const names = (zip: Buffer) => {
      const found: string[] = [];
      for (let at = zip.indexOf('PK\x03\x04'); at >= 0; at = zip.indexOf('PK\x03\x04', at + 4))
        found.push(zip.toString('utf8', at + 30, at + 30 + zip.readUInt16LE(at + 26)));
      return found;
    };
    const before = names(file);
    const after = names(metadataFirst(file));
    expect(before.indexOf('xl/sharedStrings.xml')).toBeGreaterThan(
      before.indexOf('xl/worksheets/sheet1.xml'),
    );
    expect(after.indexOf('xl/sharedStrings.xml')).toBeLessThan(after.indexOf('xl/worksheets/sheet1.xml'));
    expect(new Set(after)).toEqual(new Set(before));
    expect(await parseXlsx(file)).toEqual([
      ['sku', 'name_hu'],
      ['A-1', 'Kávé'],
      ['A-2', 'Tea'],
    ]);
    expect(metadataFirst(Buffer.from('not a zip'))).toEqual(Buffer.from('not a zip'));
  });
});

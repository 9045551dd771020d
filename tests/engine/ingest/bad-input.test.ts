import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../worker/engine/errors';
import { ingestBytes } from './helpers';
import { buildXlsx, is, row } from './xlsx-builder';

/** Asserts that ingesting rejects with this exact EngineError message and code. */
async function expectError(content: string | Uint8Array, fileName: string, message: string, code: string): Promise<void> {
  const error = await ingestBytes(content, { fileName }, 1 << 16).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).message).toBe(message);
  expect((error as EngineError).code).toBe(code);
}

/** A zip whose one sheet is `size` bytes of spaces: deflate squeezes it about 1000×. */
function zipOfSpaces(size: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(sheet);
  const block = strToU8(' '.repeat(1 << 20));
  for (let i = 0; i < size; i += block.length) sheet.push(block, i + block.length >= size);
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const BOMB_MESSAGE =
  'This workbook expands to more than 200 times its size or beyond 1 GB when unzipped, which is how zip bombs look, so it was not opened.';

describe('bad input gives one clear error', () => {
  it('empty file', async () => {
    await expectError('', 'empty.csv', 'The file is empty.', 'EMPTY_FILE');
    await expectError('\n\n  \r\n', 'blank.csv', 'The file is empty.', 'EMPTY_FILE');
  });

  it('header only', async () => {
    await expectError('Customer,Date,Amount\n', 'header.csv', 'The file has a header row but no data rows.', 'HEADER_ONLY');
  });

  it('binary garbage named .csv', async () => {
    let seed = 7;
    const garbage = Uint8Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    await expectError(
      garbage,
      'data.csv',
      'This file does not look like text: it contains binary data. Upload a CSV, TXT, XLSX or XLS file.',
      'BINARY_FILE',
    );
  });

  it('a .xlsx that is not a zip', async () => {
    await expectError(
      'Customer,Amount\nA,1\n',
      'book.xlsx',
      'This .xlsx file is not a valid Excel workbook: it is not a zip archive. Save it again from Excel, or upload a CSV.',
      'NOT_A_ZIP',
    );
  });

  it('a zip bomb, refused on its declared size before inflating', async () => {
    await expectError(zipOfSpaces(64 << 20), 'bomb.xlsx', BOMB_MESSAGE, 'ZIP_BOMB');
  });

  it('a zip bomb that lies about its size, refused while inflating', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'S', rows: row(1, is('A1', 'x'.repeat(8 << 20))) }] });
    // Rewrite the sheet's declared uncompressed size in the central directory to 1 KB.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    for (let i = 0; i < bytes.length - 46; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue;
      const length = view.getUint16(i + 28, true);
      if (length === name.length && name.every((b, k) => bytes[i + 46 + k] === b)) view.setUint32(i + 24, 1024, true);
    }
    await expectError(bytes, 'liar.xlsx', BOMB_MESSAGE, 'ZIP_BOMB');
  });

  it('5,000 columns', async () => {
    const header = Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',');
    await expectError(
      `${header}\n${header}\n`,
      'wide.csv',
      'This file has more than 1,000 columns; Tally reads tables of up to 1,000 columns.',
      'TOO_MANY_COLUMNS',
    );
  });

  it('a 10 MB single line', async () => {
    await expectError(
      'x'.repeat(10 << 20),
      'line.csv',
      'A single line of this file is longer than 1 MB, so it does not look like a table. Check that it is a CSV export.',
      'LINE_TOO_LONG',
    );
  });

  it('no usable amount column', async () => {
    await expectError(
      'Customer,Product,Region\nAcme,Widget,North\nBeta,Gadget,South\n',
      'no-amount.csv',
      'Could not find an amount column. The file needs a line amount (such as Amount, Sales or Total) or a quantity and a unit price. Its columns are: Customer, Product, Region.',
      'NO_AMOUNT',
    );
  });

  it('an invalid analysis date', async () => {
    const error = await ingestBytes('Customer,Amount\nA,1\n', { fileName: 'a.csv', asOf: '2024-13-01' }).catch((e: unknown) => e);
    expect((error as EngineError).message).toBe("The analysis date '2024-13-01' is not a valid date; use YYYY-MM-DD.");
  });
});

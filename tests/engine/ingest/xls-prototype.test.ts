/**
 * A crafted .xls must not pollute `Object.prototype` (CVE-2023-30533, fixed in SheetJS
 * 0.19.3; issue 11, item 12). The workbook names a sheet `__proto__`, carries custom
 * document properties named `__proto__` and `constructor`, and a cell whose text is JSON
 * of a `__proto__` object; the reader parses it and the prototype must stay clean.
 */
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../worker/engine/errors';
import { ingestBytes } from './helpers';

function craftedXls(): Uint8Array {
  const workbook = XLSX.utils.book_new();
  const data = XLSX.utils.aoa_to_sheet([
    ['Customer', 'Date', 'Amount'],
    ['__proto__', '2024-01-02', 10],
    ['{"__proto__":{"polluted":"yes"}}', '2024-01-03', 20],
  ]);
  XLSX.utils.book_append_sheet(workbook, data, '__proto__');
  workbook.Custprops = JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":"x","polluted":"no"}') as Record<string, string>;
  workbook.Props = { Title: '__proto__' };
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
}

/**
 * The published trigger of CVE-2023-30533: an .xlsx whose cell comment has `ref="__proto__"`.
 * SheetJS sniffs content, not the name, so uploaded as `.xls` it reaches SheetJS's xlsx
 * parser. With `xlsx` 0.18.5 this adds `c` to Object.prototype (checked by hand when the
 * dependency was replaced); with the fixed build nothing is added.
 */
function commentRefProtoWorkbook(): Uint8Array {
  const workbook = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Customer', 'Date', 'Amount'],
    ['Acme', '2024-01-02', 10],
  ]);
  sheet.A1.c = [{ a: 'x', t: 'polluted' }];
  XLSX.utils.book_append_sheet(workbook, sheet, 'Orders');
  const files = unzipSync(new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
  for (const name of Object.keys(files)) {
    if (name.includes('comments')) files[name] = strToU8(strFromU8(files[name]).replace(/ref="A1"/g, 'ref="__proto__"'));
  }
  return zipSync(files);
}

describe('a crafted .xls with __proto__ names', () => {
  it('a comment with ref="__proto__" (the CVE-2023-30533 trigger) leaves Object.prototype clean', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    await ingestBytes(commentRefProtoWorkbook(), { fileName: 'crafted.xls', asOf: '2024-02-01' }, 1 << 16).catch((e: unknown) => e);
    expect(XLSX.read(commentRefProtoWorkbook(), { type: 'array' }).SheetNames).toEqual(['Orders']);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
  });

  it('is read without adding anything to Object.prototype', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const bytes = craftedXls();
    const result = await ingestBytes(bytes, { fileName: 'crafted.xls', asOf: '2024-02-01' }, 1 << 16).then(
      (aggregates) => aggregates,
      (e: unknown) => e,
    );
    expect(result).not.toBeInstanceOf(EngineError);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

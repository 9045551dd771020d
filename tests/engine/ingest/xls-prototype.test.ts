/**
 * A crafted .xls must not pollute `Object.prototype` (CVE-2023-30533, fixed in SheetJS
 * 0.19.3; issue 11, item 12). The workbook names a sheet `__proto__`, carries custom
 * document properties named `__proto__` and `constructor`, and a cell whose text is JSON
 * of a `__proto__` object; the reader parses it and the prototype must stay clean.
 */
import * as XLSX from '@e965/xlsx';
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

describe('a crafted .xls with __proto__ names', () => {
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

import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { readAnalysis, runJob, uploadOk } from './helpers';

/** A small workbook of order lines, written by SheetJS in the requested format. */
function workbook(bookType: 'xlsx' | 'biff8'): Uint8Array {
  const rows = [
    ['Invoice', 'Customer', 'Product', 'Quantity', 'Unit Price', 'Date'],
    ['INV-1', 'Acme Foods', 'Olive Oil 5L', 4, 21.5, '2024-01-15'],
    ['INV-2', 'Acme Foods', 'Basmati Rice 10kg', 2, 18, '2024-02-10'],
    ['INV-3', 'Harbor Bistro', 'Olive Oil 5L', 6, 21.5, '2024-02-20'],
    ['INV-4', 'Harbor Bistro', 'Coffee Beans 1kg', 10, 12.25, '2024-03-05'],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Orders');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

describe('Excel uploads on the Workers runtime', () => {
  it.each([
    ['orders.xlsx', 'xlsx'],
    ['orders.xls', 'biff8'],
  ] as const)('analyses %s end to end in the Durable Object', async (name, bookType) => {
    const { analysis_id, access_token } = await uploadOk({ file: new File([workbook(bookType)], name) });
    await runJob(analysis_id);
    const payload = await readAnalysis(analysis_id, access_token);
    expect(payload.analysis.status).toBe('completed');
    const names = payload.artifacts.map((a) => a.file_name);
    expect(names).toContain('analysis.json');
    expect(names).toContain('dashboard.html');
    // 4×21.5 + 2×18 + 6×21.5 + 10×12.25 = 373.5
    expect(JSON.stringify(payload.messages)).toContain('373.5');
  });
});

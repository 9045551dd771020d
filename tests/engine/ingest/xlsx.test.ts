import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cents, DATASETS, ingestBytes } from './helpers';
import { buildXlsx, is, n, row, s } from './xlsx-builder';

const strings = ['Invoice', 'Date', 'Customer', 'Amount', 'Acme', 'Beta & Co', 'INV-2'];
const salesRows = (base: number): string =>
  [
    // a title merged across the table: one cell, counted once
    row(1, is('A1', 'Sales 2024')),
    row(2, s('A2', 0) + s('B2', 1) + s('C2', 2) + s('D2', 3)),
    row(3, is('A3', 'INV-1') + n('B3', base, 1) + s('C3', 4) + n('D3', 10.5, 3)),
    row(4, s('A4', 6) + n('B4', base + 1.5, 2) + s('C4', 5) + n('D4', 20)),
    '<row r="5"/>',
    // no customer cell at all: the gap is an empty cell
    row(6, is('A6', 'INV-3') + n('B6', base + 2, 1) + n('D6', 5)),
  ].join('');

describe('hand-made XLSX workbooks', () => {
  it('reads shared and inline strings, styled dates, number formats and missing cells', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'Data', rows: salesRows(45292), dimension: 'A1:D6' }], sharedStrings: strings });
    const agg = await ingestBytes(bytes, { fileName: 'book.xlsx' }, 1000);
    expect(agg.profile.format).toBe('xlsx');
    expect(agg.profile.sheet).toBe('Data');
    expect(agg.profile.roles).toEqual({ orderId: 'Invoice', date: 'Date', customerId: 'Customer', amount: 'Amount' });
    expect(cents(agg.totals.revenue)).toBe(35.5);
    expect(agg.customers.ids).toEqual(['Acme', 'Beta & Co']);
    expect(cents(agg.totals.revenueWithoutCustomer)).toBe(5);
    expect(agg.profile.period).toEqual({ from: '2024-01-01', to: '2024-01-03' });
    expect(agg.profile.warnings[0]).toBe('Skipped 1 line above the header (titles or notes).');
  });

  it('honours the 1904 date system', async () => {
    const bytes = buildXlsx({ sheets: [{ name: 'Data', rows: salesRows(43830) }], sharedStrings: strings, date1904: true });
    const agg = await ingestBytes(bytes, { fileName: 'mac.xlsx' }, 1000);
    expect(agg.profile.period).toEqual({ from: '2024-01-01', to: '2024-01-03' });
  });

  it('picks the data sheet over a pivot table, and lets the caller choose', async () => {
    const pivotRows = Array.from({ length: 30 }, (_, i) => row(i + 1, is(`A${i + 1}`, `m${i}`) + n(`B${i + 1}`, i))).join('');
    const bytes = buildXlsx({
      sheets: [
        { name: 'Pivot', rows: pivotRows, dimension: 'A1:B30', pivot: true },
        { name: 'Data', rows: salesRows(45292), dimension: 'A1:D6' },
      ],
      sharedStrings: strings,
    });
    const agg = await ingestBytes(bytes, { fileName: 'book.xlsx' }, 1000);
    expect(agg.profile.sheet).toBe('Data');
    expect(agg.profile.sheetsConsidered).toEqual([
      { name: 'Pivot', rows: 30, chosen: false, reason: 'a pivot table (a summary of other data)' },
      { name: 'Data', rows: 6, chosen: true, reason: 'the largest data table in the workbook' },
    ]);
    await expect(ingestBytes(bytes, { fileName: 'book.xlsx', sheet: 'Nope' }, 1000)).rejects.toThrow(
      "There is no sheet named 'Nope' in this workbook. Its sheets are: Pivot, Data.",
    );
  });
});

describe('real workbooks', () => {
  it('reads the 40k Online Retail sample (inline strings, Excel datetimes)', async () => {
    const agg = await ingestBytes(
      readFileSync(`${DATASETS}/online_retail/online_retail_sample_40k.xlsx`),
      { fileName: 'online_retail_sample_40k.xlsx' },
      1 << 16,
    );
    expect(agg.profile.rowsRead).toBe(40000);
    expect(agg.customers.count).toBe(3621);
    expect(agg.profile.period).toEqual({ from: '2010-12-01', to: '2011-12-09' });
    expect(agg.profile.currency).toBe('GBP');
    expect(agg.profile.warnings).toContain(
      'Rows without a customer id: 10,057 (£126,889.57 of revenue). They count toward total, monthly and product revenue but not toward customer analyses.',
    );
  });

  it('picks one sheet of the two-sheet Online Retail II workbook and names the other', async () => {
    const agg = await ingestBytes(
      readFileSync(`${DATASETS}/online_retail/online_retail_II_subset_two_sheets.xlsx`),
      { fileName: 'online_retail_II.xlsx' },
      1 << 16,
    );
    expect(agg.profile.sheet).toBe('Year 2010-2011');
    expect(agg.profile.rowsRead).toBe(20497);
    expect(agg.profile.roles).toMatchObject({ orderId: 'Invoice', unitPrice: 'Price', customerId: 'Customer ID' });
    expect(agg.profile.warnings[0]).toBe(
      "The workbook has 2 sheets of data; analysed 'Year 2010-2011' (the largest). Choose another sheet to analyse 'Year 2009-2010'.",
    );
    const other = await ingestBytes(
      readFileSync(`${DATASETS}/online_retail/online_retail_II_subset_two_sheets.xlsx`),
      { fileName: 'online_retail_II.xlsx', sheet: 'Year 2009-2010' },
      1 << 16,
    );
    expect(other.profile.rowsRead).toBe(14269);
  });

  it('picks sales_data in the workbook with a pivot sheet', async () => {
    const agg = await ingestBytes(
      readFileSync(`${DATASETS}/online_retail/online_retail_subset_with_pivot_sheet.xlsx`),
      { fileName: 'online_retail.xlsx' },
      1 << 16,
    );
    expect(agg.profile.sheet).toBe('sales_data');
    expect(agg.profile.rowsRead).toBe(29528);
    expect(agg.profile.roles.amount).toBe('TotalPrice');
    expect(agg.profile.sheetsConsidered?.find((s) => s.name === 'analysis_months_sales')?.reason).toBe(
      'a pivot table (a summary of other data)',
    );
  });

  it('reads the Superstore .xls (BIFF8): Sales 2,297,200.86, Profit 286,397.02', async () => {
    const agg = await ingestBytes(
      readFileSync(`${DATASETS}/superstore/Sample - Superstore.xls`),
      { fileName: 'Sample - Superstore.xls' },
      1 << 16,
    );
    expect(agg.profile.format).toBe('xls');
    expect(agg.profile.sheet).toBe('Orders');
    expect(cents(agg.totals.revenue)).toBe(2297200.86);
    expect(cents(agg.totals.revenue - (agg.totals.cost ?? 0))).toBe(286397.02);
    expect(agg.totals.orders).toBe(5009);
    expect(agg.customers.count).toBe(793);
    expect(agg.products.count).toBe(1862);
    expect(agg.profile.period).toEqual({ from: '2011-01-04', to: '2014-12-31' });
  });
});

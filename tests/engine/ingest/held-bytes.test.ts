/**
 * What a read holds beside its state counts against the same budget: a workbook is held
 * whole (compressed) while its sheet is read, a join holds its lookup tables. And a
 * workbook is read into one array when its size is known, refused before any byte is
 * read when that size is over the limit.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { BUDGET_CHECK_ROWS } from '../../../worker/engine/aggregate/state-budget';
import { EngineError } from '../../../worker/engine/errors';
import { ingest, MAX_WORKBOOK_BYTES, WORKBOOK_READ_HEAP_BYTES } from '../../../worker/engine/ingest';
import { MAX_LOOKUP_BYTES } from '../../../worker/engine/ingest/limits';
import { readAll } from '../../../worker/engine/ingest/source';
import { ingestFiles } from '../../../worker/engine/join';
import { chunked } from './helpers';

const HEADER = ['Invoice', 'Customer ID', 'Product Code', 'Invoice Date', 'Quantity', 'Unit Price', 'Note'];

/**
 * Invoice lines with little state and much text: order i/4, customer i mod 7, product
 * i mod 5, and a note of 120 pseudo-random characters (xorshift32), so that the workbook
 * is several MB while the aggregates stay small.
 */
function lines(count: number): string[][] {
  let seed = 2463534242;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0).toString(36).padStart(6, '0').slice(0, 6);
  };
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const note = Array.from({ length: 20 }, next).join('');
    rows.push([`INV${Math.floor(i / 4)}`, `C${i % 7}`, `P${i % 5}`, `2024-03-${day}`, '2', '3.50', note]);
  }
  return rows;
}

const ROWS = lines(BUDGET_CHECK_ROWS + 2_000);

/** Room for the aggregates of ROWS (their state at the first check is under 3 MB). */
const STATE = 4 * 1024 * 1024;

function workbookOf(rows: string[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Orders');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

function csvOf(rows: string[][]): Uint8Array {
  return new TextEncoder().encode([HEADER, ...rows].map((r) => r.join(',')).join('\n'));
}

async function failure(run: Promise<unknown>): Promise<EngineError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('memory a read holds beside its state', () => {
  const workbook = workbookOf(ROWS);
  const csv = csvOf(ROWS);

  it('reads the rows as a CSV within a budget that has room for their aggregates only', async () => {
    expect(workbook.length).toBeGreaterThan(3 * 1024 * 1024);
    const agg = await ingest(chunked(csv, 1 << 16), { fileName: 'orders.csv', stateBudget: STATE });
    expect(agg.profile.rowsUsed).toBe(ROWS.length);
  });

  it('counts a workbook held whole against the budget, and says a CSV would not be', async () => {
    const read = ROWS.slice(0, BUDGET_CHECK_ROWS);
    const distinct = (key: (r: string[]) => string) => new Set(read.map(key)).size.toLocaleString('en-US');
    const error = await failure(ingest(chunked(workbook, 1 << 16), { fileName: 'orders.xlsx', stateBudget: STATE }));
    expect(error.code).toBe('STATE_TOO_LARGE');
    expect(error.message).toBe(
      `This file holds more than one analysis can keep in memory: after ${BUDGET_CHECK_ROWS.toLocaleString('en-US')} rows it already has ` +
        `${distinct((r) => r[1])} customers, ${distinct((r) => r[2])} products, ` +
        `${distinct((r) => `${r[1]}|${r[2]}`)} distinct customer × product pairs and ${distinct((r) => r[0])} orders. ` +
        'Save the data sheet as CSV and upload that instead: a workbook is held whole while it is read, a CSV is not. ' +
        'Or split it, for example by year or by region, and analyse each part.',
    );
    // The same workbook fits once the budget has room for it too, and for the heap its read takes.
    const agg = await ingest(chunked(workbook, 1 << 16), {
      fileName: 'orders.xlsx',
      stateBudget: STATE + workbook.length + WORKBOOK_READ_HEAP_BYTES,
      byteLength: workbook.length,
    });
    expect(agg.profile.rowsUsed).toBe(ROWS.length);
  });

  it("counts a join's lookup tables against the budget", async () => {
    // A customer master with the file's 7 customers and 25,000 more, five attributes each (1.6 MB):
    // each entry holds a key, an array and five strings: with the aggregates, more than the budget.
    const master = ['Customer ID,Name,Region,Segment,Sales Rep,Tier'];
    for (let c = 0; c < 25_007; c++) master.push(`C${c},Customer number ${c},Region ${c % 9},Segment ${c % 4},Rep ${c % 31},Tier ${c % 3}`);
    const masterBytes = new TextEncoder().encode(master.join('\n'));
    const files = () => [
      { fileName: 'orders.csv', source: chunked(csv, 1 << 16) },
      { fileName: 'customers.csv', source: chunked(masterBytes, 1 << 16) },
    ];
    const error = await failure(ingestFiles(files(), { stateBudget: STATE }));
    expect(error.code).toBe('STATE_TOO_LARGE');
    expect(error.message).toMatch(
      /^This file holds more than one analysis can keep in memory: after 16,384 rows it already has 7 customers, 5 products, /,
    );
    const agg = await ingestFiles(files(), { stateBudget: 64 * 1024 * 1024 });
    expect(agg.profile.rowsUsed).toBe(ROWS.length);
    expect(agg.join?.tables[0].matched).toBe(7);
  });
});

describe('the size of a lookup file', () => {
  const orders = csvOf(ROWS.slice(0, 100));
  const message = (name: string) => `'${name}' is larger than 2 MB, too large for a lookup file. Join a smaller customer or returns file.`;

  it('refuses a lookup CSV over 2 MB by name', async () => {
    const master = ['Customer ID,Name,Region'];
    for (let c = 0; master.join('\n').length <= MAX_LOOKUP_BYTES && c < 200_000; c += 1000)
      for (let k = c; k < c + 1000; k++) master.push(`C${k},Customer number ${k},Region ${k % 9}`);
    const error = await failure(
      ingestFiles(
        [
          { fileName: 'orders.csv', source: chunked(orders, 1 << 16) },
          { fileName: 'customers.csv', source: chunked(new TextEncoder().encode(master.join('\n')), 1 << 16) },
        ],
        {},
      ),
    );
    expect(error.code).toBe('LOOKUP_TOO_LARGE');
    expect(error.message).toBe(message('customers.csv'));
    // The CLI, with the machine's memory (no budget), joins it.
    const joined = await ingestFiles(
      [
        { fileName: 'orders.csv', source: chunked(orders, 1 << 16) },
        { fileName: 'customers.csv', source: chunked(new TextEncoder().encode(master.join('\n')), 1 << 16) },
      ],
      { stateBudget: Infinity },
    );
    expect(joined.join?.tables[0].matched).toBe(7);
  });

  it("refuses a workbook's lookup sheet holding over 2 MB of text by the sheet's name", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...ROWS.slice(0, 100)]), 'Orders');
    const people = [['Customer ID', 'Name', 'Region']];
    for (let k = 0; k < 60_000; k++) people.push([`C${k}`, `Customer number ${k}`, `Region ${k % 9}`]);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(people), 'People');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
    const error = await failure(ingestFiles([{ fileName: 'book.xlsx', source: chunked(bytes, 1 << 16) }], {}));
    expect(error.code).toBe('LOOKUP_TOO_LARGE');
    expect(error.message).toBe(message('People'));
  });
});

describe('reading a workbook whole', () => {
  const tooLarge = () => new Error('too large');

  it('fills one array of the known size, whatever the chunks', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    for (const size of [1, 7, 1000]) expect(await readAll(chunked(bytes, size), 2000, () => undefined, tooLarge, 1000)).toEqual(bytes);
  });

  it('reads a source shorter or longer than announced, byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
    expect(await readAll(chunked(bytes, 64), 2000, () => undefined, tooLarge, 1500)).toEqual(bytes);
    expect(await readAll(chunked(bytes, 64), 2000, () => undefined, tooLarge, 300)).toEqual(bytes);
    expect(await readAll(chunked(bytes, 64), 2000, () => undefined, tooLarge)).toEqual(bytes);
  });

  it('refuses a workbook over the limit before reading a byte when its size is known', async () => {
    let pulled = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      pulled++;
      yield new Uint8Array(10);
    }
    const error = await failure(ingest(counted(), { fileName: 'big.xlsx', byteLength: MAX_WORKBOOK_BYTES + 1 }));
    expect(error.code).toBe('WORKBOOK_TOO_LARGE');
    expect(error.message).toBe(
      `This workbook is larger than ${MAX_WORKBOOK_BYTES / 1024 / 1024} MB. Save the data sheet as CSV and upload that instead.`,
    );
    expect(pulled).toBe(0);
  });

  it('refuses a workbook over the limit as the bytes pass it when its size is not known', async () => {
    const megabyte = new Uint8Array(1024 * 1024);
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i <= MAX_WORKBOOK_BYTES / megabyte.length; i++) yield megabyte;
    }
    const error = await failure(ingest(endless(), { fileName: 'big.xls' }));
    expect(error.code).toBe('WORKBOOK_TOO_LARGE');
    expect(error.message).toBe(
      `This workbook is larger than ${MAX_WORKBOOK_BYTES / 1024 / 1024} MB. Save the data sheet as CSV and upload that instead.`,
    );
  });
});

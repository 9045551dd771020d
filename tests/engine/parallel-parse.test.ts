/**
 * The CLI's parallel parse (scripts/parallel-ingest.ts) against the one-pass ingest the
 * Worker runs: over real files cut into 2 to 5 byte ranges, the aggregates must be the
 * same bit for bit (money sums included: they are replayed in file order, not added as
 * partial sums) and analysis.json the same; totals are also checked against DuckDB.
 * From TypeScript sources the ranges run in this thread, their parts cloned as a
 * thread's message would be; cli.test.ts runs the bundle with real worker threads.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { ingestFile, ingestOnePass } from '../../scripts/parallel-ingest';
import type { Aggregates } from '../../worker/engine/aggregate/types';
import { analyse } from '../../worker/engine/analyze';
import { datasetPath } from './helpers/datasets';
import { scratchDir } from './helpers/scratch';

const NOW = new Date('2025-01-01T00:00:00Z');
const scratch = scratchDir('tally-parallel-');

/** Paths where two values differ; typed arrays are compared byte for byte (so -0 ≠ 0). */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor) return [path];
    const bytesA = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    return Buffer.compare(bytesA, new Uint8Array(b.buffer, b.byteOffset, b.byteLength)) === 0 ? [] : [path];
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return Object.is(a, b) ? [] : [path];
}

interface Read {
  aggregates: Aggregates;
  ranges: number;
}

async function inRanges(path: string, threads: number, minRangeBytes: number, asOf?: string): Promise<Read> {
  let ranges = 0;
  const aggregates = await ingestFile(path, { fileName: basename(path), asOf }, { threads, minRangeBytes, onRanges: (n) => (ranges = n) });
  return { aggregates, ranges };
}

/** Reads `path` in one pass and in 2, 3 and 5 ranges; every read must equal the one pass. */
async function expectSameAsOnePass(path: string, asOf?: string): Promise<Aggregates> {
  const onePass = await ingestOnePass(path, { fileName: basename(path), asOf });
  const size = readFileSync(path).length;
  for (const threads of [2, 3, 5]) {
    const read = await inRanges(path, threads, Math.floor(size / threads), asOf);
    expect(read.ranges, `${threads} threads`).toBe(threads);
    expect(differences(read.aggregates, onePass), `${threads} ranges`).toEqual([]);
    if (threads === 2) expect(analyse(read.aggregates, { asOf, now: NOW })).toEqual(analyse(onePass, { asOf, now: NOW }));
  }
  return onePass;
}

async function duckDbRow(sql: string): Promise<unknown[]> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRows()[0];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('parsing in byte ranges gives exactly the one-pass result', () => {
  it('Superstore: orders, customer × product pairs and money sums across 2, 3 and 5 ranges', async () => {
    const path = datasetPath('superstore/Sample - Superstore.csv');
    const agg = await expectSameAsOnePass(path);
    const [rows, customers, products, orders, pairs, sales] = await duckDbRow(
      `SELECT count(*), count(DISTINCT "Customer ID"), count(DISTINCT "Product ID"), count(DISTINCT "Order ID"),
       count(DISTINCT ("Customer ID", "Product ID")), round(sum(Sales), 2) FROM read_csv('${path}', header = true)`,
    );
    expect([agg.profile.rowsRead, agg.customers.count, agg.products.count, agg.totals.orders]).toEqual(
      [rows, customers, products, orders].map(Number),
    );
    expect(agg.customerProducts.a.length).toBe(Number(pairs));
    expect(Math.round(agg.totals.revenue * 100) / 100).toBe(Number(sales));
  });

  it('Online Retail (305 daily files, each with its header): repeated headers, credit notes and rejects after --as-of', async () => {
    const folder = datasetPath('online_retail/by-day');
    const path = join(scratch, 'online-retail.csv');
    const days = readdirSync(folder).filter((name) => name.endsWith('.csv'));
    writeFileSync(path, Buffer.concat(days.sort().map((name) => readFileSync(join(folder, name)))));
    const agg = await expectSameAsOnePass(path, '2011-06-30');
    expect(agg.profile.warnings[0]).toBe('Skipped 304 repeated header lines.');
    // Named by its first sale on 2011-05-06, after a zero-price "mailout" line the same day: ranges merge the names so too.
    expect(agg.products.names[agg.products.ids.indexOf('23203')]).toBe('JUMBO BAG DOILEY PATTERNS');
    const late = agg.profile.rejectReasons.find((r) => r.reason === 'Dated after the analysis date');
    // The examples are the first three late rows of the file, numbered from its first data row.
    expect(late?.examples[0]).toMatch(/^row 2\d{5}: /);
    expect(late?.count).toBe(agg.profile.rowsRead - agg.profile.rowsUsed);
  });

  it('the generated B2B file: quoted newlines, suppliers and costs; totals match DuckDB', async () => {
    const path = join(scratch, 'b2b.csv');
    generateB2bCsv(60_000, path);
    const agg = await expectSameAsOnePass(path);
    const [rows, customers, products, pairs, revenue, orders] = await duckDbRow(
      `SELECT count(*), count(DISTINCT CustomerID), count(DISTINCT ProductCode), count(DISTINCT (CustomerID, ProductCode)),
       round(sum(Quantity * UnitPrice), 2),
       count(DISTINCT InvoiceNo) FILTER (WHERE InvoiceNo NOT LIKE 'C%' AND Quantity >= 0)
       FROM read_csv('${path}', header = true)`,
    );
    expect([agg.profile.rowsRead, agg.customers.count, agg.products.count, agg.customerProducts.a.length, agg.totals.orders]).toEqual(
      [rows, customers, products, pairs, orders].map(Number),
    );
    expect(Math.round(agg.totals.revenue * 100) / 100).toBe(Number(revenue));
  });

  it('CDNOW (whitespace-separated, no order id: purchase occasions are the orders)', async () => {
    await expectSameAsOnePass(datasetPath('cdnow/CDNOW_master.txt'));
  });
});

describe("a product's name across ranges", () => {
  // Hand-made: Glue's first line is a zero-price note ("mailout") in the first half and its
  // first sale in the second; Tape sells first in the first half and has a note later.
  it("is its first sale's, as one pass names it, wherever the cut falls", async () => {
    const lines = ['Invoice,Date,Customer,StockCode,Description,Quantity,UnitPrice'];
    lines.push('1,2024-01-02,C1,G1,mailout,10,0', '2,2024-01-02,C1,T1,Tape 50m,1,2.5');
    // Past the 1,000-row sample and 64 KB head, so that the file is cut in two.
    for (let i = 0; i < 6000; i++) lines.push(`${100 + i},2024-01-03,C${i % 7},P${i % 5},Part ${i % 5},1,1.25`);
    lines.push('9000,2024-02-01,C2,G1,Glue stick,3,1.1', '9001,2024-02-01,C2,T1,damaged,5,0');
    const path = join(scratch, 'names.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const onePass = await ingestOnePass(path, { fileName: 'names.csv' });
    const name = (agg: Aggregates, id: string) => agg.products.names[agg.products.ids.indexOf(id)];
    expect([name(onePass, 'G1'), name(onePass, 'T1')]).toEqual(['Glue stick', 'Tape 50m']);
    const size = readFileSync(path).length;
    const read = await inRanges(path, 2, Math.floor(size / 2));
    expect(read.ranges).toBe(2);
    expect(differences(read.aggregates, onePass)).toEqual([]);
  });
});

describe('a cut that cannot be proven falls back to one pass', () => {
  /** Every record's note holds lines that parse as whole records of the table's width. */
  function deceptiveCsv(records: number): string {
    const lines = ['Invoice,Date,Customer,Amount'];
    for (let i = 0; i < records; i++) {
      const fake = Array.from({ length: 40 }, (_, k) => `X${k},2024-01-0${(k % 9) + 1},F${k},${k}`).join('\n');
      lines.push(`I${i},2024-02-${String((i % 28) + 1).padStart(2, '0')},"C${i % 40}
${fake}",${(i % 97) + 0.5}`);
    }
    return `${lines.join('\n')}\n`;
  }

  it('reads the file in one pass when a cut lands inside a quoted field, with the one-pass result', async () => {
    const path = join(scratch, 'deceptive.csv');
    writeFileSync(path, deceptiveCsv(3000));
    const onePass = await ingestOnePass(path, { fileName: 'deceptive.csv' });
    expect(onePass.customers.count).toBe(40);
    const read = await inRanges(path, 4, 1000);
    expect(read.ranges).toBe(1);
    expect(differences(read.aggregates, onePass)).toEqual([]);
  });

  it('keeps the chosen currency (--currency) when the file is parsed in ranges', async () => {
    const path = datasetPath('superstore/Sample - Superstore.csv');
    const size = readFileSync(path).length;
    let ranges = 0;
    const options = { fileName: 'superstore.csv', currency: 'EUR' };
    const read = await ingestFile(path, options, { threads: 2, minRangeBytes: Math.floor(size / 2), onRanges: (n) => (ranges = n) });
    expect(ranges).toBe(2);
    expect(read.profile.currency).toBe('EUR');
    expect((await ingestOnePass(path, options)).profile.currency).toBe('EUR');
  });
});

/**
 * The snapshot's Parquet file is an open format: DuckDB reads what the engine wrote and
 * gets the same totals as DuckDB over the raw CSV (multi-group files, blanks as NULL,
 * dates as DATE). The engine's reader decodes its own files and the snappy DATA_PAGE_V2
 * files hyparquet-writer produced before, and its RLE / bit-packed hybrid agrees with
 * hyparquet's in both directions.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_ROWS, type SnapshotGroup } from '../../../worker/engine/snapshot/columns';
import { Bytes, writeHybrid } from '../../../worker/engine/snapshot/parquet-encode';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { SNAPSHOT_META_KEY } from '../../../worker/engine/snapshot/parquet-write';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { ingestWithSnapshot, type Ingested } from '../query/snapshot-of';

const dir = mkdtempSync(join(tmpdir(), 'tally-parquet-'));
const b2bCsv = join(dir, 'b2b.csv');
const b2bParquet = join(dir, 'b2b.parquet');
const blanksCsv = join(dir, 'blanks.csv');
const blanksParquet = join(dir, 'blanks.parquet');
let b2b: Ingested;
let blanks: Ingested;
let db: DuckDBConnection;

beforeAll(async () => {
  // 230k rows: five row groups of 50k, so dictionaries differ from group to group.
  generateB2bCsv(230_000, b2bCsv);
  b2b = await ingestWithSnapshot(b2bCsv, 'b2b.csv');
  writeFileSync(b2bParquet, b2b.parquet);
  writeFileSync(
    blanksCsv,
    [
      'Invoice,Date,Customer,Region,Quantity,Price,Cost',
      'A1,2025-01-05,Acme,North,2,10.5,6',
      'A1,2025-01-05,Acme,,1,4,',
      'A2,2025-02-10,,South,3,2.25,1',
      'C3,2025-03-01,Bolt & Co,North,-1,10.5,6',
      'A4,2025-03-02,Bolt & Co,=SUM(A1),5,1,0.5',
    ].join('\n'),
  );
  blanks = await ingestWithSnapshot(blanksCsv, 'blanks.csv');
  writeFileSync(blanksParquet, blanks.parquet);
  db = await (await DuckDBInstance.create(':memory:')).connect();
}, 120_000);

afterAll(() => {
  db.closeSync();
  rmSync(dir, { recursive: true, force: true });
});

async function sql(query: string): Promise<unknown[][]> {
  const rows = (await db.runAndReadAll(query)).getRows();
  return rows.map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' || v === null ? v : String(v))));
}

describe('DuckDB reads the snapshot the engine wrote', () => {
  it('gets the raw CSV’s revenue, lines and customers by region over three row groups', async () => {
    const fromSnapshot = await sql(
      `SELECT region, round(sum(amount), 2), count(*), count(DISTINCT customer) FROM read_parquet('${b2bParquet}') GROUP BY 1 ORDER BY 1`,
    );
    const fromCsv = await sql(
      `SELECT Region, round(sum(CAST(Quantity AS DOUBLE) * CAST(UnitPrice AS DOUBLE)), 2), count(*), count(DISTINCT CustomerID)
       FROM read_csv('${b2bCsv}', header = true, all_varchar = true) GROUP BY 1 ORDER BY 1`,
    );
    expect(fromSnapshot).toEqual(fromCsv);
    expect(fromSnapshot.length).toBe(8);
  });

  it('stores dates as DATE and each dimension’s code column matches its text one to one', async () => {
    const [[type]] = await sql(`SELECT typeof(date) FROM read_parquet('${b2bParquet}') LIMIT 1`);
    expect(type).toBe('DATE');
    const [[first, last]] = await sql(`SELECT min(date)::VARCHAR, max(date)::VARCHAR FROM read_parquet('${b2bParquet}')`);
    const [[csvFirst, csvLast]] = await sql(
      `SELECT min(InvoiceDate), max(InvoiceDate) FROM read_csv('${b2bCsv}', header = true, all_varchar = true)`,
    );
    expect([first, last]).toEqual([csvFirst, csvLast]);
    const [[pairs, names, codes]] = await sql(
      `SELECT count(DISTINCT (product, product_code)), count(DISTINCT product), count(DISTINCT product_code) FROM read_parquet('${b2bParquet}')`,
    );
    expect([pairs, codes]).toEqual([names, names]);
  });

  it('reads blank cells as NULL and every value as the engine handed it to the writer', async () => {
    const rows = await sql(
      `SELECT date::VARCHAR, amount, cost, quantity, is_return::VARCHAR, order_key, customer, customer_code, region FROM read_parquet('${blanksParquet}')`,
    );
    const [g] = await groupsOf(blanks.snapshot.groups());
    const dims = blanks.snapshot.meta.dimensions;
    const text = (key: string, i: number): string | null => {
      const k = dims.findIndex((d) => d.key === key);
      return g.dims[k][i] < 0 ? null : dims[k].values[g.dims[k][i]];
    };
    const expected = Array.from({ length: g.rows }, (_, i) => [
      g.day[i] < 0 ? null : new Date(g.day[i] * 86_400_000).toISOString().slice(0, 10),
      g.amount[i],
      g.cost[i] === g.cost[i] ? g.cost[i] : null,
      g.quantity[i] === g.quantity[i] ? g.quantity[i] : null,
      String(g.returns[i] === 1),
      g.order[i] < 0 ? null : g.order[i],
      text('customer', i),
      g.dims[dims.findIndex((d) => d.key === 'customer')][i],
      text('region', i),
    ]);
    expect(rows).toEqual(expected);
    // The blanks of the CSV, by hand: no customer on A2, no region on A1's second line.
    expect(rows.map((r) => [r[1], r[6], r[8]])).toEqual([
      [21, 'Acme', 'North'],
      [4, 'Acme', null],
      [6.75, null, 'South'],
      [-10.5, 'Bolt & Co', 'North'],
      [5, 'Bolt & Co', '=SUM(A1)'],
    ]);
  });
});

describe('which columns become dimensions', () => {
  it('leaves out the purchase-order column: about 6,100 values in the first 50k rows make it an identifier, not a category', () => {
    expect(b2b.snapshot.meta.dimensions.map((d) => d.key)).toEqual(['customer', 'product', 'supplier', 'category', 'region', 'salesRep']);
  });
});

describe('the engine reads its snapshot back', () => {
  it('decodes every column of every group as the in-memory snapshot holds it', async () => {
    const fromParquet = await groupsOf(readParquetSnapshot(b2b.parquet).groups());
    const inMemory = await groupsOf(b2b.snapshot.groups());
    expect(fromParquet.length).toBe(5);
    expect(fromParquet).toEqual(inMemory);
  });

  it('decodes a snapshot written by hyparquet-writer (snappy DATA_PAGE_V2, a `day` column)', async () => {
    const groups = await groupsOf(b2b.snapshot.groups());
    const meta = b2b.snapshot.meta;
    const all = <T>(pick: (g: SnapshotGroup) => ArrayLike<T>): T[] => groups.flatMap((g) => Array.from(pick(g)));
    // The schema and columns as parquet-write.ts wrote them with hyparquet-writer until 2026-11
    // (then in groups of 100k rows; here in today's groups, so that they compare one to one).
    const legacy = parquetWriteBuffer({
      rowGroupSize: GROUP_ROWS,
      kvMetadata: [{ key: SNAPSHOT_META_KEY, value: JSON.stringify(meta) }],
      schema: [
        { name: 'root', num_children: 7 + meta.dimensions.length },
        { name: 'date', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
        { name: 'day', type: 'INT32', repetition_type: 'REQUIRED' },
        { name: 'amount', type: 'DOUBLE', repetition_type: 'REQUIRED' },
        { name: 'cost', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
        { name: 'quantity', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
        { name: 'is_return', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
        { name: 'order_key', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
        ...meta.dimensions.map((d) => ({ name: `${d.column}_code`, type: 'INT32' as const, repetition_type: 'REQUIRED' as const })),
      ],
      columnData: [
        { name: 'date', data: all((g) => g.day).map((d) => (d < 0 ? null : d)) },
        { name: 'day', data: Int32Array.from(all((g) => g.day)) },
        { name: 'amount', data: Float64Array.from(all((g) => g.amount)) },
        { name: 'cost', data: all((g) => g.cost).map((c) => (c === c ? c : null)) },
        { name: 'quantity', data: all((g) => g.quantity).map((q) => (q === q ? q : null)) },
        { name: 'is_return', data: all((g) => g.returns).map((r) => r === 1) },
        { name: 'order_key', data: all((g) => g.order).map((o) => (o < 0 ? null : o)) },
        ...meta.dimensions.map((d, k) => ({ name: `${d.column}_code`, data: Int32Array.from(all((g) => g.dims[k])) })),
      ],
    });
    expect(await groupsOf(readParquetSnapshot(new Uint8Array(legacy)).groups())).toEqual(groups);
  });
});

describe('the RLE / bit-packed hybrid', () => {
  it.each([1, 3, 8, 13, 17, 24])('hyparquet decodes what the writer encodes at %i bits', (width) => {
    let seed = width;
    const next = (): number => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0);
    // Random values with runs of repeats, so both RLE runs and bit-packed groups occur.
    const values = new Int32Array(5_003);
    for (let i = 0; i < values.length; i++) values[i] = next() % 4 === 0 && i > 0 ? values[i - 1] : next() % 2 ** width;
    const out = new Bytes();
    writeHybrid(out, values, values.length, width);
    const bytes = out.view();
    const decoded = new Int32Array(values.length);
    readRleBitPackedHybrid({ view: new DataView(bytes.buffer, bytes.byteOffset, bytes.length), offset: 0 }, width, decoded, bytes.length);
    expect(decoded).toEqual(values);
  });
});

async function groupsOf(groups: AsyncIterable<SnapshotGroup> | Iterable<SnapshotGroup>): Promise<SnapshotGroup[]> {
  const out: SnapshotGroup[] = [];
  // A Parquet snapshot reuses a group's arrays for the next: keep copies.
  for await (const g of groups)
    out.push({
      ...g,
      day: g.day.slice(),
      amount: g.amount.slice(),
      cost: g.cost.slice(),
      quantity: g.quantity.slice(),
      returns: g.returns.slice(),
      order: g.order.slice(),
      dims: g.dims.map((d) => d.slice()),
    });
  return out;
}

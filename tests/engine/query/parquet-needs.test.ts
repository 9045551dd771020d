/**
 * A Parquet scan decodes only the columns the query reads (decoding is the cost of a
 * scan): a skipped column comes back as its blank, and the answers equal the in-memory
 * snapshot's, which always holds every column.
 */
import { parquetMetadata } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuerySpecSchema, runQuery, type QuerySpecInput } from '../../../worker/engine/query';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { datasetPath } from '../helpers/datasets';
import { ingestWithSnapshot, type Ingested } from './snapshot-of';

let file: Ingested;
beforeAll(async () => {
  file = await ingestWithSnapshot(datasetPath('superstore/Sample - Superstore.csv'));
}, 60_000);

describe('Parquet scans read only the needed columns', () => {
  it('stores the date once, as a DATE `date`, and reads it back as days since 1970', async () => {
    const bytes = file.parquet;
    const schema = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer).schema;
    const field = (name: string) => schema.find((s) => s.name === name);
    expect([field('date')?.type, field('date')?.converted_type, field('date')?.repetition_type]).toEqual(['INT32', 'DATE', 'OPTIONAL']);
    expect(field('day')).toBeUndefined();
    const fromParquet: number[] = [];
    for await (const g of readParquetSnapshot(bytes).groups()) fromParquet.push(...g.day);
    const inMemory: number[] = [];
    for await (const g of file.snapshot.groups()) inMemory.push(...g.day);
    expect(fromParquet).toEqual(inMemory);
    // Superstore's first row is ordered on 11/8/2020.
    expect(inMemory[0]).toBe(Date.UTC(2020, 10, 8) / 86_400_000);
  });

  it('leaves order_key, cost and quantity blank when the scan does not need them', async () => {
    const snapshot = readParquetSnapshot(file.parquet);
    for await (const g of snapshot.groups({ cost: false, quantity: false, orders: false, dimensions: [] })) {
      expect(g.order.every((o) => o === -1)).toBe(true);
      expect(g.cost.every((c) => Number.isNaN(c))).toBe(true);
      expect(g.quantity.every((q) => Number.isNaN(q))).toBe(true);
      expect(g.dims.every((codes) => codes.every((c) => c === -1))).toBe(true);
      expect(g.amount.some((a) => a !== 0)).toBe(true);
    }
  });

  it.each<[string, QuerySpecInput]>([
    ['orders and AOV by region', { measures: ['orders', 'averageOrderValue'], groupBy: ['region'] }],
    [
      'revenue and units by month in 2021',
      { measures: ['revenue', 'units'], groupBy: ['month'], period: { from: '2021-01-01', to: '2021-12-31' } },
    ],
    [
      'lapsed Furniture buyers',
      {
        measures: ['customers'],
        filters: [{ dimension: 'category', values: ['Furniture'] }],
        period: { from: '2020-01-01', to: '2020-12-31' },
        notBoughtIn: { from: '2021-01-01', to: '2021-12-31' },
      },
    ],
  ])('answers %s exactly as the in-memory snapshot does', async (_name, input) => {
    const spec = QuerySpecSchema.parse(input);
    const fromParquet = await runQuery(readParquetSnapshot(file.parquet), spec);
    expect(fromParquet).toEqual(await runQuery(file.snapshot, spec));
    expect(fromParquet.rows.length).toBeGreaterThan(0);
  });
});

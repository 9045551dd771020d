/**
 * `notBoughtIn` and `alsoBoughtIn` with one column in `groupBy` list that column's values
 * instead of customers: "products bought in 2020 but not in 2021", "sub-categories sold in
 * both years". The engine used to drop the grouping without a word and list customers.
 * Every figure is DuckDB's over Superstore's raw CSV.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery } from '../../../worker/engine/query/execute';
import { QuerySpecSchema, type QuerySpecInput } from '../../../worker/engine/query/spec';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { datasetPath } from '../helpers/datasets';
import { duckdbRows, expectRowsClose } from '../helpers/duckdb-rows';
import { superstoreInDuckDb } from '../helpers/superstore-duckdb';
import { ingestWithSnapshot, type Ingested } from './snapshot-of';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
let file: Ingested;
let db: DuckDBConnection;

beforeAll(async () => {
  file = await ingestWithSnapshot(CSV);
  db = await superstoreInDuckDb(CSV);
}, 60_000);
afterAll(() => db.closeSync());

const sql = (query: string) => duckdbRows(db, query);
const year = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
const query = (input: QuerySpecInput, parquet = false) =>
  runQuery(parquet ? readParquetSnapshot(file.parquet) : file.snapshot, QuerySpecSchema.parse(input));

describe('the values of a column bought in one period and not (or also) in another', () => {
  it.each([false, true])('lists the products sold in 2020 but not in 2021 (Parquet snapshot: %s)', async (parquet) => {
    const result = await query({ measures: ['customers'], groupBy: ['product'], period: year(2020), notBoughtIn: year(2021) }, parquet);
    const lapsed = `SELECT "Product ID" FROM t WHERE year(d) = 2020 EXCEPT SELECT "Product ID" FROM t WHERE year(d) = 2021`;
    const [[count, revenue]] = (await sql(
      `SELECT count(DISTINCT "Product ID"), sum(rev) FROM t WHERE year(d) = 2020 AND "Product ID" IN (${lapsed})`,
    )) as number[][];
    const [[sold2020, revenue2020]] = (await sql(
      `SELECT count(DISTINCT "Product ID"), sum(rev) FROM t WHERE year(d) = 2020`,
    )) as number[][];
    expect(result.understood).toBe('products with sales, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(result.columns.map((c) => c.label)).toEqual(['product', 'revenue 2020-01-01 … 2020-12-31']);
    expect(result.totalRows).toBe(count);
    expect(result.lapsedShare?.of).toBe(sold2020);
    expect(result.lapsedShare?.percent).toBeCloseTo((count / sold2020) * 100, 9);
    expect(result.lapsedShare?.revenue).toBeCloseTo(revenue, 6);
    expect(result.lapsedShare?.periodRevenue).toBeCloseTo(revenue2020, 6);
    // The 50 shown are those that sold most in 2020, largest first.
    const top = await sql(
      `SELECT sum(rev) r FROM t WHERE year(d) = 2020 AND "Product ID" IN (${lapsed}) GROUP BY "Product ID" ORDER BY r DESC LIMIT 50`,
    );
    expectRowsClose(
      result.rows.map((row) => [row[1]]),
      top,
    );
  });

  it('lists what one customer bought in 2019 but not in 2020, named and with its 2019 revenue', async () => {
    const result = await query({
      measures: ['customers'],
      groupBy: ['Sub-Category'],
      filters: [{ dimension: 'customer', values: ['Sean Miller'] }],
      period: year(2019),
      notBoughtIn: year(2020),
    });
    const expected = await sql(
      `SELECT "Sub-Category", sum(rev) r FROM t WHERE "Customer Name" = 'Sean Miller' AND year(d) = 2019
         AND "Sub-Category" NOT IN (SELECT "Sub-Category" FROM t WHERE "Customer Name" = 'Sean Miller' AND year(d) = 2020)
       GROUP BY 1 ORDER BY r DESC, 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(result.understood).toBe(
      'Sub-Categories with sales, customer = Sean Miller, 2019-01-01 … 2019-12-31, but not in 2020-01-01 … 2020-12-31',
    );
    expectRowsClose(result.rows, expected);
  });

  it('lists the sub-categories sold in both 2020 and 2021, with each year’s revenue', async () => {
    const result = await query({ measures: ['customers'], groupBy: ['Sub-Category'], period: year(2020), alsoBoughtIn: year(2021) });
    const expected = await sql(
      `SELECT "Sub-Category", sum(rev) FILTER (year(d) = 2020) a, sum(rev) FILTER (year(d) = 2021) b FROM t
       GROUP BY 1 HAVING a IS NOT NULL AND b IS NOT NULL ORDER BY a DESC, 1`,
    );
    expect(result.understood).toBe('Sub-Categories with sales, 2020-01-01 … 2020-12-31, and also in 2021-01-01 … 2021-12-31');
    expectRowsClose(result.rows, expected);
    expect(result.keptShare?.of).toBe(expected.length);
    expect(result.keptShare?.percent).toBe(100);
  });

  it('still lists customers when the grouping is the customer', async () => {
    const result = await query({ measures: ['customers'], groupBy: ['customer'], period: year(2020), notBoughtIn: year(2021) });
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) = 2020 EXCEPT SELECT "Customer ID" FROM t WHERE year(d) = 2021)`,
    )) as number[][];
    expect(result.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(result.totalRows).toBe(count);
  });
});

describe('the groupings a list of buyers cannot take', () => {
  const issues = (input: QuerySpecInput) => QuerySpecSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
  const twoPeriods =
    '`notBoughtIn` and `alsoBoughtIn` list the customers, or the values of the one column in `groupBy` ("products bought in 2023 but not in 2024"): not a time unit or two columns';

  it.each([
    [['month'], 'notBoughtIn'],
    [['product', 'region'], 'notBoughtIn'],
    [['Quarter'], 'alsoBoughtIn'],
  ] as const)('groupBy %j with %s is refused, not dropped', (groupBy, list) => {
    expect(issues({ measures: ['customers'], groupBy: [...groupBy], period: year(2020), [list]: year(2021) })).toEqual([twoPeriods]);
  });

  it('neverBought and boughtAll list customers and take no other grouping', () => {
    const listsCustomers = '`neverBought` and `boughtAll` list customers: leave out `groupBy`';
    const never = { dimension: 'Sub-Category', values: ['Tables'] };
    const every = { dimension: 'Sub-Category', values: ['Chairs', 'Tables'] };
    expect(issues({ measures: ['customers'], groupBy: ['product'], neverBought: never })).toEqual([listsCustomers]);
    expect(issues({ measures: ['customers'], groupBy: ['region'], boughtAll: every })).toEqual([listsCustomers]);
    expect(issues({ measures: ['customers'], groupBy: ['customer'], neverBought: never })).toEqual([]);
  });
});

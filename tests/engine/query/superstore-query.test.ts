/**
 * query_data over Superstore: every figure equals DuckDB's answer over the raw CSV (never
 * the engine's own aggregates), from the in-memory and the Parquet snapshot alike.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery, QueryRefusal } from '../../../worker/engine/query/execute';
import { parseQuerySpec, QuerySpecSchema, type QuerySpecInput } from '../../../worker/engine/query/spec';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { datasetPath } from '../helpers/datasets';
import { duckdbRows } from '../helpers/duckdb-rows';
import { ingestWithSnapshot, type Ingested } from './snapshot-of';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
let file: Ingested;
let db: DuckDBConnection;

beforeAll(async () => {
  file = await ingestWithSnapshot(CSV);
  db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    `CREATE TABLE s AS SELECT *, strptime("Order Date", '%m/%d/%Y')::DATE AS d FROM read_csv('${CSV}', header = true, all_varchar = true)`,
  );
  await db.run('CREATE VIEW t AS SELECT *, CAST(Sales AS DOUBLE) AS sales_v, CAST(Profit AS DOUBLE) AS profit_v FROM s');
}, 60_000);
afterAll(() => db.closeSync());

const sql = (query: string) => duckdbRows(db, query);

async function query(input: QuerySpecInput, parquet = false) {
  const spec = QuerySpecSchema.parse(input);
  return runQuery(parquet ? readParquetSnapshot(file.parquet) : file.snapshot, spec);
}

function expectRows(actual: (string | number | null)[][], expected: (string | number | null)[][]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (typeof expected[i][j] === 'number') expect(cell as number).toBeCloseTo(expected[i][j] as number, 6);
      else expect(cell).toBe(expected[i][j]);
    }),
  );
}

describe('query_data over Superstore equals DuckDB over the raw rows', () => {
  it('totals: revenue, gross profit, orders, customers', async () => {
    const result = await query({ measures: ['revenue', 'grossProfit', 'orders', 'customers'] });
    expectRows(
      result.rows,
      await sql(`SELECT sum(sales_v), sum(profit_v), count(DISTINCT "Order ID"), count(DISTINCT "Customer ID") FROM t`),
    );
    expect(result.understood).toBe('revenue, gross profit, orders, customers');
  });

  it('revenue by region, largest first', async () => {
    const result = await query({ measures: ['revenue'], groupBy: ['region'] });
    expectRows(result.rows, await sql(`SELECT Region, sum(sales_v) r FROM t GROUP BY 1 ORDER BY r DESC`));
  });

  it('revenue by quarter for 2020, in calendar order', async () => {
    const result = await query({ measures: ['revenue'], groupBy: ['quarter'], period: { from: '2020-01-01', to: '2020-12-31' } });
    expectRows(
      result.rows,
      await sql(`SELECT year(d) || ' Q' || quarter(d), sum(sales_v) FROM t WHERE year(d) = 2020 GROUP BY 1 ORDER BY 1`),
    );
    expect(result.understood).toBe('revenue, by quarter, 2020-01-01 … 2020-12-31');
  });

  it('Q1 2021 compared with Q1 2020, with absolute and % change', async () => {
    const result = await query({
      measures: ['revenue'],
      period: { from: '2021-01-01', to: '2021-03-31' },
      compareTo: { from: '2020-01-01', to: '2020-03-31' },
    });
    const [[a, b]] = (await sql(
      `SELECT sum(sales_v) FILTER (d BETWEEN '2021-01-01' AND '2021-03-31'), sum(sales_v) FILTER (d BETWEEN '2020-01-01' AND '2020-03-31') FROM t`,
    )) as number[][];
    expectRows(result.rows, [[a, b, a - b, ((a - b) / b) * 100]]);
  });

  it('top 5 customers by gross profit', async () => {
    const result = await query({ measures: ['grossProfit'], groupBy: ['customer'], limit: 5 });
    expectRows(result.rows, await sql(`SELECT "Customer Name", sum(profit_v) p FROM t GROUP BY "Customer ID", 1 ORDER BY p DESC LIMIT 5`));
    expect(result.understood).toBe('top 5 by gross profit, by customer');
  });

  it('a misspelt, lower-case customer name resolves to the one customer it matches', async () => {
    const result = await query({ measures: ['revenue', 'orders'], filters: [{ dimension: 'client', values: ['clair gute'] }] });
    expectRows(result.rows, await sql(`SELECT sum(sales_v), count(DISTINCT "Order ID") FROM t WHERE "Customer Name" = 'Claire Gute'`));
    expect(result.understood).toBe('revenue, orders, customer = Claire Gute');
  });

  it('customers who bought Furniture in 2020 but not in 2021', async () => {
    const result = await query({
      measures: ['customers'],
      filters: [{ dimension: 'category', values: ['furniture'] }],
      period: { from: '2020-01-01', to: '2020-12-31' },
      notBoughtIn: { from: '2021-01-01', to: '2021-12-31' },
      limit: 3,
    });
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT DISTINCT "Customer ID" FROM t WHERE Category = 'Furniture' AND year(d) = 2020
        EXCEPT SELECT DISTINCT "Customer ID" FROM t WHERE Category = 'Furniture' AND year(d) = 2021)`,
    )) as number[][];
    expect(result.totalRows).toBe(count);
    expect(result.note).toBe(`Showing 3 of ${count} rows.`);
  });

  it("customers who bought Furniture in 2020 and also in 2021: each with both years' revenue, and the share of 2020's buyers kept", async () => {
    const spec: QuerySpecInput = {
      measures: ['customers'],
      filters: [{ dimension: 'category', values: ['furniture'] }],
      period: { from: '2020-01-01', to: '2020-12-31' },
      alsoBoughtIn: { from: '2021-01-01', to: '2021-12-31' },
    };
    const result = await query(spec);
    const kept = `SELECT DISTINCT "Customer Name" FROM t WHERE Category = 'Furniture' AND year(d) = 2020
      INTERSECT SELECT DISTINCT "Customer Name" FROM t WHERE Category = 'Furniture' AND year(d) = 2021`;
    const expected = await sql(
      `SELECT "Customer Name", sum(sales_v) FILTER (year(d) = 2020) r20, sum(sales_v) FILTER (year(d) = 2021) r21
       FROM t WHERE Category = 'Furniture' AND "Customer Name" IN (${kept}) GROUP BY 1 ORDER BY r20 DESC, 1 LIMIT 50`,
    );
    expectRows(result.rows, expected);
    const [[count, revenue2020, revenue2021]] = (await sql(
      `SELECT count(DISTINCT "Customer Name"), sum(sales_v) FILTER (year(d) = 2020), sum(sales_v) FILTER (year(d) = 2021)
       FROM t WHERE Category = 'Furniture' AND "Customer Name" IN (${kept})`,
    )) as number[][];
    const [[buyers2020, all2020]] = (await sql(
      `SELECT count(DISTINCT "Customer Name"), sum(sales_v) FROM t WHERE Category = 'Furniture' AND year(d) = 2020`,
    )) as number[][];
    expect(result.totalRows).toBe(count);
    expect(result.understood).toBe(
      'customers who bought, category = Furniture, 2020-01-01 … 2020-12-31, and also in 2021-01-01 … 2021-12-31',
    );
    expect(result.columns.map((c) => c.label)).toEqual(['customer', 'revenue 2020-01-01 … 2020-12-31', 'revenue 2021-01-01 … 2021-12-31']);
    expect(result.keptShare?.of).toBe(buyers2020);
    expect(result.keptShare?.percent).toBeCloseTo((count / buyers2020) * 100, 10);
    expect(result.keptShare?.revenue).toBeCloseTo(revenue2020, 6);
    expect(result.keptShare?.otherRevenue).toBeCloseTo(revenue2021, 6);
    expect(result.keptShare?.revenuePercent).toBeCloseTo((revenue2020 / all2020) * 100, 10);
    expect(result.lapsedShare).toBeUndefined();
    // Kept and lapsed split 2020's buyers between them.
    const lapsed = await query({ ...spec, alsoBoughtIn: undefined, notBoughtIn: spec.alsoBoughtIn });
    expect(lapsed.totalRows + result.totalRows).toBe(buyers2020);
    expect((await query(spec, true)).rows).toEqual(result.rows);
  });

  it('customers who bought Chairs in the West in 2021 but never Tables there: each with their Chairs revenue, and their share', async () => {
    const result = await query({
      measures: ['customers'],
      filters: [
        { dimension: 'Sub-Category', values: ['Chairs'] },
        { dimension: 'region', values: ['West'] },
      ],
      period: { from: '2021-01-01', to: '2021-12-31' },
      neverBought: { dimension: 'Sub-Category', values: ['Tables'] },
    });
    const scope = `Region = 'West' AND year(d) = 2021`;
    const without = `SELECT DISTINCT "Customer Name" FROM t WHERE ${scope} AND "Sub-Category" = 'Chairs'
      EXCEPT SELECT DISTINCT "Customer Name" FROM t WHERE ${scope} AND "Sub-Category" = 'Tables'`;
    expectRows(
      result.rows,
      await sql(
        `SELECT "Customer Name", sum(sales_v) r FROM t WHERE ${scope} AND "Sub-Category" = 'Chairs' AND "Customer Name" IN (${without})
         GROUP BY 1 ORDER BY r DESC, 1 LIMIT 50`,
      ),
    );
    const [[count, spent]] = (await sql(
      `SELECT count(DISTINCT "Customer Name"), sum(sales_v) FROM t WHERE ${scope} AND "Sub-Category" = 'Chairs' AND "Customer Name" IN (${without})`,
    )) as number[][];
    const [[buyers, all]] = (await sql(
      `SELECT count(DISTINCT "Customer Name"), sum(sales_v) FROM t WHERE ${scope} AND "Sub-Category" = 'Chairs'`,
    )) as number[][];
    expect(result.totalRows).toBe(count);
    expect(result.understood).toBe(
      'customers who bought, Sub-Category = Chairs, region = West, 2021-01-01 … 2021-12-31, but none of Sub-Category = Tables in that period',
    );
    expect(result.withoutShare?.of).toBe(buyers);
    expect(result.withoutShare?.percent).toBeCloseTo((count / buyers) * 100, 10);
    expect(result.withoutShare?.revenue).toBeCloseTo(spent, 6);
    expect(result.withoutShare?.revenuePercent).toBeCloseTo((spent / all) * 100, 10);
  });

  it('customers who never bought Tables, over the whole file, among those who bought Chairs', async () => {
    const result = await query({
      measures: ['customers'],
      filters: [{ dimension: 'Sub-Category', values: ['Chairs'] }],
      neverBought: { dimension: 'Sub-Category', values: ['Tables'] },
    });
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT DISTINCT "Customer Name" FROM t WHERE "Sub-Category" = 'Chairs'
        EXCEPT SELECT DISTINCT "Customer Name" FROM t WHERE "Sub-Category" = 'Tables')`,
    )) as number[][];
    expect(result.totalRows).toBe(count);
    expect(result.columns.map((c) => c.label)).toEqual(['customer', 'revenue']);
    expect(
      (
        await query(
          {
            measures: ['customers'],
            filters: [{ dimension: 'Sub-Category', values: ['Chairs'] }],
            neverBought: { dimension: 'Sub-Category', values: ['Tables'] },
          },
          true,
        )
      ).rows,
    ).toEqual(result.rows);
  });

  it("customers who bought both Chairs and Tables in the West in 2021: their revenue of each, and the share of each value's buyers", async () => {
    const spec: QuerySpecInput = {
      measures: ['customers'],
      filters: [{ dimension: 'region', values: ['West'] }],
      period: { from: '2021-01-01', to: '2021-12-31' },
      boughtAll: { dimension: 'Sub-Category', values: ['chairs', 'Tables'] },
    };
    const result = await query(spec);
    const scope = `Region = 'West' AND year(d) = 2021 AND "Sub-Category" IN ('Chairs', 'Tables')`;
    const both = `SELECT "Customer Name" FROM t WHERE ${scope} GROUP BY 1 HAVING count(DISTINCT "Sub-Category") = 2`;
    expect(result.understood).toBe('customers who bought each of Sub-Category = Chairs, Tables, region = West, 2021-01-01 … 2021-12-31');
    expect(result.columns.map((c) => c.label)).toEqual(['customer', 'revenue Chairs', 'revenue Tables']);
    expectRows(
      result.rows,
      await sql(
        `SELECT "Customer Name", sum(sales_v) FILTER (WHERE "Sub-Category" = 'Chairs') c, sum(sales_v) FILTER (WHERE "Sub-Category" = 'Tables') tb
         FROM t WHERE ${scope} AND "Customer Name" IN (${both}) GROUP BY 1 ORDER BY c + tb DESC, 1 LIMIT 50`,
      ),
    );
    const [[count, spent]] = (await sql(
      `SELECT count(DISTINCT "Customer Name"), sum(sales_v) FROM t WHERE ${scope} AND "Customer Name" IN (${both})`,
    )) as number[][];
    const [[any, all]] = (await sql(`SELECT count(DISTINCT "Customer Name"), sum(sales_v) FROM t WHERE ${scope}`)) as number[][];
    const buyersOf = async (sub: string) =>
      ((await sql(`SELECT count(DISTINCT "Customer Name") FROM t WHERE ${scope} AND "Sub-Category" = '${sub}'`)) as number[][])[0][0];
    const [chairs, tables] = [await buyersOf('Chairs'), await buyersOf('Tables')];
    expect(result.totalRows).toBe(count);
    const share = result.everyShare;
    expect(share?.of).toBe(any);
    expect(share?.percent).toBeCloseTo((count / any) * 100, 10);
    expect(share?.each).toEqual([
      { value: 'Chairs', customers: chairs, percent: expect.closeTo((count / chairs) * 100, 10) },
      { value: 'Tables', customers: tables, percent: expect.closeTo((count / tables) * 100, 10) },
    ]);
    expect(share?.revenue).toBeCloseTo(spent, 6);
    expect(share?.periodRevenue).toBeCloseTo(all, 6);
    expect(share?.rows).toBe('region = West in 2021-01-01 … 2021-12-31');
    expect((await query(spec, true)).rows).toEqual(result.rows);
  });

  it('customers who bought each of three categories, over the whole file', async () => {
    const result = await query({
      measures: ['customers'],
      boughtAll: { dimension: 'category', values: ['Furniture', 'Technology', 'Office Supplies'] },
    });
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer Name" FROM t GROUP BY 1 HAVING count(DISTINCT Category) = 3)`,
    )) as number[][];
    expect(result.totalRows).toBe(count);
    expect(result.everyShare?.of).toBe(((await sql(`SELECT count(DISTINCT "Customer Name") FROM t`)) as number[][])[0][0]);
    expect(result.columns).toHaveLength(4);
  });

  it('boughtAll names 2 to 4 values in full, with no other customer list, and its column is not filtered too', async () => {
    const issues = (input: QuerySpecInput) => QuerySpecSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    const chairsAndTables = { dimension: 'Sub-Category', values: ['Chairs', 'Tables'] };
    expect(issues({ measures: ['customers'], boughtAll: { ...chairsAndTables, values: ['Chairs'] } })).toEqual([
      '`boughtAll` names 2 to 4 values, each bought by every customer listed',
    ]);
    expect(
      issues({ measures: ['customers'], boughtAll: chairsAndTables, neverBought: { dimension: 'Sub-Category', values: ['Binders'] } }),
    ).toEqual([
      '`boughtAll` lists the customers who bought every one of those values: leave out `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `neverBought`, `having`, `per` and `changeFrom`',
    ]);
    expect(issues({ measures: ['customers'], boughtAll: { ...chairsAndTables, match: 'startsWith' } })).toEqual([
      '`boughtAll` names the values every customer listed bought: leave out `exclude` and `startsWith`',
    ]);
    await expect(
      query({ measures: ['customers'], filters: [{ dimension: 'Sub-Category', values: ['Chairs'] }], boughtAll: chairsAndTables }),
    ).rejects.toThrow(new QueryRefusal('Name every Sub-Category the customers bought in `boughtAll`, not in `filters` too.', 'BAD_SPEC'));
    await expect(query({ measures: ['customers'], boughtAll: { ...chairsAndTables, values: ['Chairs', 'chairs'] } })).rejects.toThrow(
      "'Chairs' and 'chairs' are the same Sub-Category here.",
    );
  });

  it('alsoBoughtIn needs a period, and goes with no comparison, exclusion period or threshold', () => {
    const year = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
    const issues = (input: QuerySpecInput) => QuerySpecSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ measures: ['customers'], alsoBoughtIn: year(2021) })).toEqual([
      '`alsoBoughtIn` needs `period`: the other range in which they bought',
    ]);
    const crossed =
      '`alsoBoughtIn` lists the customers of both periods: leave out `compareTo`, `notBoughtIn`, `having`, `per` and `changeFrom`';
    expect(issues({ measures: ['customers'], period: year(2020), alsoBoughtIn: year(2021), compareTo: year(2019) })).toEqual([crossed]);
    expect(issues({ measures: ['customers'], period: year(2020), alsoBoughtIn: year(2021), notBoughtIn: year(2019) })).toEqual([crossed]);
    expect(issues({ measures: ['customers'], period: year(2020), alsoBoughtIn: year(2021) })).toEqual([]);
    const never = { dimension: 'Sub-Category', values: ['Tables'] };
    expect(issues({ measures: ['customers'], period: year(2020), neverBought: never, notBoughtIn: year(2021) })).toEqual([
      '`neverBought` lists the customers of the rows kept who never bought those values: leave out `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `having`, `per` and `changeFrom`',
    ]);
    expect(issues({ measures: ['customers'], neverBought: { ...never, exclude: true } })).toEqual([
      '`neverBought` names the values not bought: leave out `exclude`',
    ]);
  });

  it('new and returning customers by year', async () => {
    const result = await query({ measures: ['newCustomers', 'returningCustomers'], groupBy: ['year'] });
    expectRows(
      result.rows,
      await sql(`WITH f AS (SELECT "Customer ID" c, min(d) first_day FROM t GROUP BY 1),
        y AS (SELECT DISTINCT "Customer ID" c, year(d) yr FROM t)
        SELECT yr::VARCHAR, count(*) FILTER (year(first_day) = yr), count(*) FILTER (year(first_day) < yr) FROM y JOIN f USING (c) GROUP BY yr ORDER BY yr`),
    );
  });

  it('the Parquet snapshot gives the same answers as the in-memory one', async () => {
    const spec = { measures: ['revenue', 'grossProfit', 'orders'] as const, groupBy: ['column:Segment', 'year'] };
    expect((await query({ ...spec, measures: [...spec.measures] }, true)).rows).toEqual(
      (await query({ ...spec, measures: [...spec.measures] })).rows,
    );
  });

  it('a 531-value dimension is capped with a "showing 50 of 531" note', async () => {
    const result = await query({ measures: ['revenue'], groupBy: ['City'] });
    expect(result.rows.length).toBe(50);
    expect(result.totalRows).toBe(531);
    expect(result.note).toBe('Showing 50 of 531 rows.');
  });
});

describe('query_data refuses what Superstore cannot answer, with no figure', () => {
  const refusal = async (input: QuerySpecInput): Promise<QueryRefusal> => {
    const error = await query(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryRefusal);
    expect((error as Error).message).not.toMatch(/\d{3}/);
    return error as QueryRefusal;
  };
  it('names the missing supplier column', async () => {
    expect((await refusal({ measures: ['revenue'], groupBy: ['supplier'] })).message).toBe('This file has no supplier column.');
  });
  it('names the missing sales-rep column', async () => {
    expect((await refusal({ measures: ['revenue'], groupBy: ['sales rep'] })).message).toBe('This file has no sales-rep column.');
  });
  it('says no customer matches an unknown name', async () => {
    const error = await refusal({ measures: ['revenue'], filters: [{ dimension: 'customer', values: ['Zorro Unlimited Holdings'] }] });
    expect(error.code).toBe('NO_MATCH');
    expect(error.message).toMatch(/^No customer in this file matches 'Zorro Unlimited Holdings'\./);
  });
  it('an exact filter does not guess', async () => {
    const error = await refusal({ measures: ['revenue'], filters: [{ dimension: 'customer', values: ['claire gute'], match: 'exact' }] });
    expect(error.code).toBe('NO_MATCH');
  });
  it('a malformed spec gets a readable reason', () => {
    expect(parseQuerySpec({ measures: ['profit'], period: { from: '2025-02-30', to: '2025-12-31' } })).toEqual({
      ok: false,
      reason:
        'The query spec is not valid — measures.0: Invalid option: expected one of "revenue"|"grossProfit"|"cost"|"marginPct"|"orders"|"customers"|"units"|"averageOrderValue"|"revenuePerCustomer"|"newCustomers"|"returningCustomers"|"newCustomerRevenue"|"returningCustomerRevenue"|"returns"|"returnOrders"|"grossRevenue"|"revenueShare"|"profitShare"|"customerShare"|"repeatCustomers"|"oneTimeCustomers"|"repeatRate"|"products"|"averagePrice"; period.from: is not a calendar date.',
    });
  });
});

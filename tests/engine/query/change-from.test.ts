/**
 * `changeFrom`: each unit of a grouping by time against the unit before, or the same unit
 * a year before. "Which quarters grew?" got the monthly trend and "Which months grew in
 * 2021?" was refused. Hand-made rows from Wednesday 2024-01-10 to Monday 2024-06-03, with
 * no sales in March; then Superstore against DuckDB, which joins each unit to the one
 * before by its index (not by row order, which would skip a unit without sales).
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuerySpec, type QuerySpecInput } from '../../../worker/engine/query/spec';
import { runQuery } from '../../../worker/engine/query/execute';
import { datasetPath } from '../helpers/datasets';
import { duckdbRows, expectRowsClose } from '../helpers/duckdb-rows';
import { ingestWithSnapshot, queryCsv, type Ingested } from './snapshot-of';

const SALES = `Date,Customer,Category,Amount
2024-01-10,Acme,Tools,100
2024-02-05,Bolt,Tools,200
2024-02-20,Acme,Paint,50
2024-04-02,Bolt,Tools,300
2024-05-15,Acme,Paint,80
2024-05-31,Bolt,Tools,-20
2024-06-03,Acme,Tools,40
`;

const monthly: QuerySpecInput = { measures: ['revenue'], groupBy: ['month'], changeFrom: 'previous' };
const ENDS_NOTE =
  "The rows cover 2024-01 for 22 of its 31 days and 2024-06 for 3 of its 30 days (the file's run from 2024-01-10 to 2024-06-03).";

describe('each month against the month before', () => {
  it('gives the change and % change, none where the month before is missing or either month is mostly empty', async () => {
    const result = await queryCsv(SALES, monthly);
    expect(result.understood).toBe('revenue, by month, each against the month before');
    expect(result.columns.map((c) => c.label)).toEqual(['month', 'revenue', 'change from the month before', '% change']);
    expect(result.rows).toEqual([
      ['2024-01', 100, null, null], // no December 2023 in the file
      ['2024-02', 250, null, null], // January has rows on 22 of its 31 days
      ['2024-03', 0, -250, -100], // no sales in March: 0, against February's 250
      ['2024-04', 300, 300, null], // up from nothing: no percentage
      ['2024-05', 60, -240, -80], // 80 − 20 returned
      ['2024-06', 40, null, null], // 3 days of June
    ]);
    expect(result.note).toBe(
      'No change for 2024-01: the file has no rows for the month before. No change for 2024-02, 2024-06: a change needs both months whole (3 days missing at most). ' +
        ENDS_NOTE,
    );
  });

  it('reads the month before a period, so its first month has a change', async () => {
    const spring = await queryCsv(SALES, { ...monthly, period: { from: '2024-04-01', to: '2024-05-31' } });
    expect(spring.understood).toBe('revenue, by month, each against the month before, 2024-04-01 … 2024-05-31');
    expect(spring.rows).toEqual([
      ['2024-04', 300, 300, null], // March, before the period, sold nothing
      ['2024-05', 60, -240, -80],
    ]);
    expect(spring.note).toBeNull();
    // From February the month before is January, which the rows cover for 22 of its 31 days.
    const fromFebruary = await queryCsv(SALES, { ...monthly, period: { from: '2024-02-01', to: '2024-05-31' } });
    expect(fromFebruary.rows[0]).toEqual(['2024-02', 250, null, null]);
    expect(fromFebruary.note).toBe(
      "No change for 2024-02: a change needs both months whole (3 days missing at most). The rows cover 2024-01 for 22 of its 31 days (the file's run from 2024-01-10 to 2024-06-03, and the period asked is 2024-02-01 … 2024-05-31).",
    );
  });

  it('keeps the months that grew or fell, and ranks by the change', async () => {
    const grew = await queryCsv(SALES, { ...monthly, having: { measure: 'revenue', op: '>', value: 0, on: 'change' } });
    expect(grew.understood).toBe('revenue, by month, each against the month before, revenue up');
    expect(grew.rows).toEqual([['2024-04', 300, 300, null]]);
    const halved = await queryCsv(SALES, { ...monthly, having: { measure: 'revenue', op: '<=', value: -50, on: 'percentChange' } });
    expect(halved.rows.map((r) => r[0])).toEqual(['2024-03', '2024-05']);
    // By the rate: May's −80% before March's −100%; no rate from nothing (April) or without a change.
    const byRate = await queryCsv(SALES, { ...monthly, sort: { by: 'revenue', direction: 'desc', on: 'percentChange' } });
    expect(byRate.understood).toBe('revenue, sorted by % change, by month, each against the month before');
    expect(byRate.rows.map((r) => r[0])).toEqual(['2024-05', '2024-03', '2024-01', '2024-02', '2024-04', '2024-06']);
    const worst = await queryCsv(SALES, { ...monthly, sort: { by: 'revenue', direction: 'asc', on: 'change' }, limit: 1 });
    expect(worst.understood).toBe('bottom 1 by change in revenue, by month, each against the month before');
    expect(worst.rows).toEqual([['2024-03', 0, -250, -100]]);
  });

  it('sets each value against its own month before, a value without sales there counting 0', async () => {
    const result = await queryCsv(SALES, { ...monthly, groupBy: ['category', 'month'] });
    expect(result.rows).toEqual([
      ['Tools', '2024-04', 300, 300, null], // Tools sold nothing in March
      ['Tools', '2024-02', 200, null, null],
      ['Tools', '2024-01', 100, null, null],
      ['Paint', '2024-05', 80, 80, null], // Paint sold nothing in April
      ['Paint', '2024-02', 50, null, null],
      ['Tools', '2024-06', 40, null, null],
      ['Tools', '2024-05', -20, -320, (-320 / 300) * 100],
    ]);
  });
});

describe('each unit against the same unit a year before', () => {
  it('says when the file holds no year before', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['quarter'], changeFrom: 'yearBefore' });
    expect(result.understood).toBe('revenue, by quarter, each against the same quarter a year before');
    expect(result.rows).toEqual([
      ['2024 Q1', 350, null, null],
      ['2024 Q2', 400, null, null],
    ]);
    expect(result.note).toBe(
      "No change for 2024 Q1, 2024 Q2: the file has no rows for the same quarter a year before. The rows cover 2024 Q1 for 82 of its 91 days and 2024 Q2 for 64 of its 91 days (the file's run from 2024-01-10 to 2024-06-03).",
    );
  });

  it('compares a year only when whole: 355 of 366 days would read 3% low against a whole year', async () => {
    const twoYears = `Date,Customer,Amount
2023-01-01,Acme,100
2023-07-01,Bolt,100
2024-01-01,Acme,150
2024-12-20,Bolt,100
`;
    const byYear = await queryCsv(twoYears, { measures: ['revenue'], groupBy: ['year'], changeFrom: 'yearBefore' });
    expect(byYear.understood).toBe('revenue, by year, each against the year before');
    expect(byYear.rows).toEqual([
      ['2023', 200, null, null],
      ['2024', 250, null, null],
    ]);
    expect(byYear.note).toBe(
      "No change for 2023: the file has no rows for the year before. No change for 2024: a change needs both years whole (3 days missing at most). The rows cover 2024 for 355 of its 366 days (the file's run from 2023-01-01 to 2024-12-20).",
    );
    // Ending on 2024-12-28 it misses 3 days: whole.
    const whole = await queryCsv(twoYears.replace('2024-12-20', '2024-12-28'), {
      measures: ['revenue'],
      groupBy: ['year'],
      changeFrom: 'previous',
    });
    expect(whole.rows[1]).toEqual(['2024', 250, 50, 25]);
  });

  it('refuses weeks, which do not line up from one year to the next', async () => {
    await expect(queryCsv(SALES, { measures: ['revenue'], groupBy: ['week'], changeFrom: 'yearBefore' })).rejects.toThrow(
      'A week has no same week a year before (years have 52 or 53 weeks); compare months or quarters.',
    );
  });
});

describe('the spec', () => {
  const reason = (input: QuerySpecInput) => {
    const parsed = parseQuerySpec(input);
    return parsed.ok ? null : parsed.reason;
  };

  it('needs one time unit to step back along', () => {
    expect(reason({ measures: ['revenue'], groupBy: ['customer'], changeFrom: 'previous' })).toBe(
      'The query spec is not valid — changeFrom: `changeFrom` needs one time unit (month, quarter, year or week) in `groupBy`.',
    );
  });

  it('takes no second period, no average per unit and no share of revenue', () => {
    const compared = { ...monthly, period: { from: '2024-01-01', to: '2024-12-31' }, compareTo: { from: '2023-01-01', to: '2023-12-31' } };
    expect(reason(compared)).toBe(
      'The query spec is not valid — changeFrom: `changeFrom` sets each unit against an earlier one of its own grouping: leave out `compareTo`, `notBoughtIn` and `per`.',
    );
    expect(reason({ ...monthly, measures: ['revenueShare'] })).toBe(
      "The query spec is not valid — changeFrom: `changeFrom` does not take revenueShare, profitShare or customerShare: a share is of its own period's whole, so two units' shares are of different wholes.",
    );
  });

  // "Revenue by quarter, 2024 against 2023" set 2024's quarters beside 2023's, each 0.00 in the other year.
  it('refuses two periods side by side by a time unit, and points to the change from a year before', () => {
    const { changeFrom: _none, ...quarterly } = { ...monthly, groupBy: ['quarter'] };
    expect(
      reason({ ...quarterly, period: { from: '2024-01-01', to: '2024-12-31' }, compareTo: { from: '2023-01-01', to: '2023-12-31' } }),
    ).toBe(
      'The query spec is not valid — compareTo: `compareTo` sets two periods side by side per row, and a time unit in `groupBy` falls in one of them only: use `changeFrom: "yearBefore"` (each unit against the same unit a year before) or `"previous"` instead.',
    );
  });

  it('lets sort and having be on the change only with a change to be on', () => {
    expect(reason({ measures: ['revenue'], groupBy: ['month'], sort: { by: 'revenue', on: 'change' } })).toBe(
      'The query spec is not valid — sort.on: sorting by change needs `compareTo` or `changeFrom`.',
    );
    expect(reason({ ...monthly, sort: { by: 'revenue', on: 'change' } })).toBeNull();
  });
});

describe('Superstore against DuckDB', () => {
  const CSV = datasetPath('superstore/Sample - Superstore.csv');
  let file: Ingested;
  let db: DuckDBConnection;

  beforeAll(async () => {
    file = await ingestWithSnapshot(CSV);
    db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(
      `CREATE TABLE t AS SELECT strptime("Order Date", '%m/%d/%Y')::DATE AS d, Region AS region, "Order ID" AS id,
         CAST(Sales AS DOUBLE) AS rev, CAST(Profit AS DOUBLE) AS gp
       FROM read_csv('${CSV}', header = true, all_varchar = true)`,
    );
  }, 60_000);
  afterAll(() => db.closeSync());

  const query = async (input: QuerySpecInput) => {
    const parsed = parseQuerySpec(input);
    if (!parsed.ok) throw new Error(parsed.reason);
    return runQuery(file.snapshot, parsed.spec);
  };
  it('revenue and margin, quarter over quarter, over the whole file', async () => {
    const result = await query({ measures: ['revenue', 'marginPct'], groupBy: ['quarter'], changeFrom: 'previous' });
    const expected = await duckdbRows(
      db,
      `WITH q AS (SELECT year(d) * 4 + quarter(d) - 1 AS b, sum(rev) AS r, 100 * sum(gp) / sum(rev) AS m FROM t GROUP BY 1)
       SELECT printf('%d Q%d', q.b // 4, q.b % 4 + 1), q.r, q.r - p.r, (q.r - p.r) / abs(p.r) * 100, q.m, q.m - p.m, (q.m - p.m) / abs(p.m) * 100
       FROM q LEFT JOIN q AS p ON p.b = q.b - 1 ORDER BY q.b`,
    );
    expect(expected).toHaveLength(16);
    expectRowsClose(result.rows, expected);
    expect(result.note).toBe('No change for 2018 Q1: the file has no rows for the quarter before.');
  });

  it('orders by month in 2021 against the same month of 2020', async () => {
    const result = await query({
      measures: ['orders'],
      groupBy: ['month'],
      changeFrom: 'yearBefore',
      period: { from: '2021-01-01', to: '2021-12-31' },
    });
    const expected = await duckdbRows(
      db,
      `WITH m AS (SELECT year(d) * 12 + month(d) - 1 AS b, count(DISTINCT id) AS n FROM t GROUP BY 1)
       SELECT printf('%d-%02d', m.b // 12, m.b % 12 + 1), m.n, m.n - p.n, (m.n - p.n) / p.n * 100
       FROM m JOIN m AS p ON p.b = m.b - 12 WHERE m.b // 12 = 2021 ORDER BY m.b`,
    );
    expect(expected).toHaveLength(12);
    expectRowsClose(result.rows, expected);
    expect(result.note).toBeNull();
  });

  it('each region by quarter in 2021, its first quarter against the last of 2020', async () => {
    const result = await query({
      measures: ['revenue'],
      groupBy: ['region', 'quarter'],
      changeFrom: 'previous',
      period: { from: '2021-01-01', to: '2021-12-31' },
    });
    const expected = await duckdbRows(
      db,
      `WITH q AS (SELECT region, year(d) * 4 + quarter(d) - 1 AS b, sum(rev) AS r FROM t GROUP BY 1, 2)
       SELECT q.region, printf('%d Q%d', q.b // 4, q.b % 4 + 1), q.r, q.r - p.r, (q.r - p.r) / abs(p.r) * 100
       FROM q JOIN q AS p ON p.region = q.region AND p.b = q.b - 1 WHERE q.b // 4 = 2021 ORDER BY q.r DESC`,
    );
    expect(expected).toHaveLength(16);
    expectRowsClose(result.rows, expected);
  });
});

describe('weeks in a month', () => {
  it('leave out the weeks the month cuts, and say the period cut them, not the file', async () => {
    // Rows on every day from Monday 2024-01-01 to Sunday 2024-03-31, 10 a day.
    const days = Array.from({ length: 91 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
    const csv = `Date,Customer,Amount\n${days.map((d) => `${d},Acme,10`).join('\n')}\n`;
    const result = await queryCsv(csv, {
      measures: ['revenue'],
      groupBy: ['week'],
      changeFrom: 'previous',
      period: { from: '2024-02-01', to: '2024-02-29' },
    });
    // February 2024 starts on a Thursday and ends on a Thursday.
    expect(result.rows).toEqual([
      ['week of 2024-01-29', 40, null, null],
      ['week of 2024-02-05', 70, null, null],
      ['week of 2024-02-12', 70, 0, 0],
      ['week of 2024-02-19', 70, 0, 0],
      ['week of 2024-02-26', 40, null, null],
    ]);
    expect(result.note).toBe(
      "No change for the week of 2024-01-29, the week of 2024-02-05, the week of 2024-02-26: a change needs both weeks whole (3 days missing at most). The rows cover the week of 2024-01-29 for 4 of its 7 days and the week of 2024-02-26 for 4 of its 7 days (the file's run from 2024-01-01 to 2024-03-31, and the period asked is 2024-02-01 … 2024-02-29).",
    );
  });
});

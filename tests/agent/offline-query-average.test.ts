/**
 * Rows set against their average on Superstore, each checked against DuckDB over the raw
 * CSV: "Which customers spend above average?" keeps the customers above the mean of all
 * customers' revenue, and a margin is set against the margin of all the rows together.
 * Before, the words were dropped: every customer was listed, and "Customers spending more
 * than the average customer" got the whole file's revenue.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { datasetPath } from '../engine/helpers/datasets';
import { superstoreInDuckDb } from '../engine/helpers/superstore-duckdb';
import { duckdbRows, expectRowsClose } from '../engine/helpers/duckdb-rows';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
const TODAY = new Date('2021-12-30T00:00:00Z');
let file: Ingested;
let db: DuckDBConnection;

beforeAll(async () => {
  file = await ingestWithSnapshot(CSV);
  db = await superstoreInDuckDb(CSV);
}, 60_000);
afterAll(() => db.closeSync());

const sql = (query: string) => duckdbRows(db, query);
const ask = (question: string) => answerWithQuery(question, file.snapshot, TODAY);

/** Each group's figure, from `grouped` (columns: label, figure), kept when it passes `op` against the mean of them all. */
const againstMean = (grouped: string, op: '>' | '<') =>
  `WITH g AS (${grouped}) SELECT * FROM g WHERE figure ${op} (SELECT avg(figure) FROM g) ORDER BY figure ${op === '>' ? 'DESC' : 'ASC'}, 1`;

describe('rows set against their average', () => {
  it.each([
    'Which customers spend above average?',
    'Customers with above-average revenue',
    'Customers spending more than the average customer',
  ])('"%s" keeps the customers above the mean revenue of all 793', async (question) => {
    const answer = await ask(question);
    const [[mean]] = (await sql(`SELECT sum(rev) / count(DISTINCT "Customer ID") FROM t`)) as number[][];
    expect(answer.result?.havingAverage).toBeCloseTo(mean, 6);
    const kept = await sql(againstMean(`SELECT "Customer Name", sum(rev) AS figure FROM t GROUP BY 1`, '>'));
    expect(answer.result?.totalRows).toBe(kept.length);
    expectRowsClose(answer.result?.rows, kept.slice(0, 50));
    const [[together]] = (await sql(
      `SELECT sum(figure) FROM (${againstMean(`SELECT "Customer Name", sum(rev) AS figure FROM t GROUP BY 1`, '>')})`,
    )) as number[][];
    expect(answer.result?.keptTotals).toEqual([{ measure: 'revenue', kind: 'money', value: expect.closeTo(together, 6) }]);
    expect(answer.text).toContain(`**${kept.length} customers** with revenue > the average (2,896.85); together: revenue`);
  });

  it('"Which customers have below average orders in 2021?" keeps those below the mean of 2021\'s customers, fewest first', async () => {
    const answer = await ask('Which customers have below average orders in 2021?');
    const kept = await sql(
      againstMean(`SELECT "Customer Name", count(DISTINCT "Order ID") AS figure FROM t WHERE year(d) = 2021 GROUP BY 1`, '<'),
    );
    expect(answer.result?.totalRows).toBe(kept.length);
    expect(answer.result?.rows.every((r) => (r[1] as number) === 1)).toBe(true);
    expect(answer.result?.understood).toMatch(/^orders, by customer, orders < the average \(2\.\d\d\), 2021-01-01 … 2021-12-31$/);
  });

  it('"Which products have a margin higher than average?" sets each product against the margin of all of them together', async () => {
    const answer = await ask('Which products have a margin higher than average?');
    const [[margin]] = (await sql(`SELECT sum(gp) / sum(rev) * 100 FROM t`)) as number[][];
    expect(answer.result?.havingAverage).toBeCloseTo(margin, 9);
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Product ID", sum(gp) / sum(rev) * 100 AS m FROM t GROUP BY 1) WHERE m > ${margin}`,
    )) as number[][];
    expect(answer.result?.totalRows).toBe(count);
    expect(answer.result?.understood).toBe('margin %, by product, margin % > the average (12.5%)');
  });

  it('"Which months had above average sales in 2021?" sets each month against the mean month of 2021', async () => {
    const answer = await ask('Which months had above average sales in 2021?');
    const kept = await sql(againstMean(`SELECT strftime(d, '%Y-%m'), sum(rev) AS figure FROM t WHERE year(d) = 2021 GROUP BY 1`, '>'));
    expectRowsClose(answer.result?.rows, kept);
  });

  it('"Products selling more units than average" keeps the products above the mean of their units', async () => {
    const answer = await ask('Products selling more units than average');
    const kept = await sql(againstMean(`SELECT "Product ID", sum(qty) AS figure FROM t GROUP BY 1`, '>'));
    expect(answer.result?.understood).toMatch(/^units, by product, units > the average \(20\.\d\d\)$/);
    expect(answer.result?.totalRows).toBe(kept.length);
  });

  it.each([
    [
      'Which states are above the national average in sales per customer?',
      "I can set a sum, a count or the margin against its average, not the revenue per customer: its average could be of each row's or of all of them together.",
    ],
    [
      'Top 5 customers above average',
      'I couldn’t tell which figure to set against its average; name it, such as “customers with revenue above average”.',
    ],
    [
      'Is revenue above average in 2021?',
      'I set each customer, product or other row against the average of them all, so name the rows, such as “customers with revenue above average” or “products with a margin below average”.',
    ],
    [
      'Which customers spent above average in 2021 vs 2020?',
      'I can set the rows against their average in one period with no other condition, not with a threshold, a comparison or another list of customers beside it yet.',
    ],
  ])('refuses "%s"', async (question, reason) => {
    const answer = await ask(question);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });
});

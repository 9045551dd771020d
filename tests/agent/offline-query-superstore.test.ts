/**
 * The offline analyst's question grammar over Superstore: each phrasing's answer carries
 * exactly the figures DuckDB computes from the raw CSV; questions it can't map or the file
 * can't answer get a "can't" with no figure. "Today" is the analysis date, 2021-12-30.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersWhere, formatCell, type QuerySpecInput } from '../../worker/engine/query';
import type { AnalysisResult } from '../../worker/engine/contract';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { analyse } from '../../worker/engine/analyze';
import { executiveSummary } from '../../worker/engine/render/executive-summary';
import { datasetPath } from '../engine/helpers/datasets';
import { askOffline } from './helpers';
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

/** Customers with rows matching `before` but none matching `after`, counted by DuckDB. */
async function lapsedCount(before: string, after: string): Promise<number> {
  const [[count]] = (await sql(
    `SELECT count(*) FROM (SELECT DISTINCT "Customer ID" FROM t WHERE ${before} EXCEPT SELECT DISTINCT "Customer ID" FROM t WHERE ${after})`,
  )) as number[][];
  return count;
}

/** Asserts the answer's result rows equal the reference rows (labels exactly, figures to 1e-6). */
async function expectAnswer(question: string, reference: string, understood: string): Promise<void> {
  const answer = await answerWithQuery(question, file.snapshot, TODAY);
  expect(answer.result, answer.text).not.toBeNull();
  const expected = await sql(reference);
  const rows = answer.result?.rows ?? [];
  expect(rows.length).toBe(expected.length);
  rows.forEach((row, i) =>
    row.forEach((cell, j) => {
      const want = expected[i][j];
      if (typeof want === 'number') expect(cell as number).toBeCloseTo(want, 6);
      else expect(cell).toBe(want);
    }),
  );
  expect(answer.result?.understood).toBe(understood);
  expect(answer.text.startsWith(`I understood: **${understood}**.`)).toBe(true);
  // The table shows the same figures, formatted.
  const first = rows[0]?.find((c) => typeof c === 'number');
  if (typeof first === 'number')
    expect(answer.text).toContain(formatCell(first, answer.result?.columns[rows[0].indexOf(first)].kind ?? 'number'));
}

/** For each case, a test that the question is read as `understood` and keeps as many rows as the DuckDB `reference` counts. */
function itCountsEach(cases: readonly [question: string, understood: string, reference: () => Promise<number>][]): void {
  for (const [question, understood, reference] of cases)
    it(question, async () => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result?.understood).toBe(understood);
      expect(answer.result?.totalRows).toBe(await reference());
    });
}

/** For each case, a test that the question is read as `understood`. */
function itReadsEach(cases: readonly (readonly [question: string, understood: string])[]): void {
  it.each(cases)('"%s" is read as %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
  });
}

/** For each case, a test that the question is refused, with no figure, for a reason containing `reason`. */
function itRefusesEach(cases: readonly (readonly [question: string, reason: string])[]): void {
  it.each(cases)('"%s" is refused', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });
}

const Y2021 = 'year(d) = 2021';
/** DuckDB's count of the customers whose rows where `where` holds pass `having`. */
const customersPast =
  (having: string, where = 'TRUE') =>
  async () =>
    ((await sql(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${where} GROUP BY 1 HAVING ${having})`)) as number[][])[0][0];
const cases: [string, string, string][] = [
  ['What was total revenue in 2021?', `SELECT sum(rev) FROM t WHERE ${Y2021}`, 'revenue, 2021-01-01 … 2021-12-31'],
  ['total sales in 2021', `SELECT sum(rev) FROM t WHERE ${Y2021}`, 'revenue, 2021-01-01 … 2021-12-31'],
  ['turnover in 2020', `SELECT sum(rev) FROM t WHERE year(d) = 2020`, 'revenue, 2020-01-01 … 2020-12-31'],
  [
    'How much did Claire Gute buy in 2020?',
    `SELECT sum(rev) FROM t WHERE "Customer Name" = 'Claire Gute' AND year(d) = 2020`,
    'revenue, customer = Claire Gute, 2020-01-01 … 2020-12-31',
  ],
  ['how much did claire gute buy?', `SELECT sum(rev) FROM t WHERE "Customer Name" = 'Claire Gute'`, 'revenue, customer = Claire Gute'],
  // A year-like number inside a product's name is no period: both were refused as "no rows in 1967".
  [
    'How many units of Xerox 1967 did we sell in 2021?',
    `SELECT sum(CAST(Quantity AS INT)) FROM t WHERE "Product Name" = 'Xerox 1967' AND year(d) = 2021`,
    'units, product = Xerox 1967, 2021-01-01 … 2021-12-31',
  ],
  [
    'How many units of Xerox 1967 did we sell?',
    `SELECT sum(CAST(Quantity AS INT)) FROM t WHERE "Product Name" = 'Xerox 1967'`,
    'units, product = Xerox 1967',
  ],
  [
    'Who are my top 5 customers by gross profit?',
    `SELECT "Customer Name", sum(gp) p FROM t GROUP BY "Customer ID", 1 ORDER BY p DESC LIMIT 5`,
    'top 5 by gross profit, by customer',
  ],
  [
    'top 3 clients by revenue in 2021',
    `SELECT "Customer Name", sum(rev) r FROM t WHERE ${Y2021} GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 3`,
    'top 3 by revenue, by customer, 2021-01-01 … 2021-12-31',
  ],
  [
    'top ten accounts by sales',
    `SELECT "Customer Name", sum(rev) r FROM t GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 10`,
    'top 10 by revenue, by customer',
  ],
  [
    'Which product category brings in the most revenue?',
    `SELECT Category, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 1`,
    'top 1 by revenue, by category',
  ],
  ['revenue by category', `SELECT Category, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`, 'revenue, by category'],
  ['How much revenue came from the South region?', `SELECT sum(rev) FROM t WHERE Region = 'South'`, 'revenue, region = South'],
  [
    'sales in the west in 2021',
    `SELECT sum(rev) FROM t WHERE Region = 'West' AND ${Y2021}`,
    'revenue, region = West, 2021-01-01 … 2021-12-31',
  ],
  ['revenue per region', `SELECT Region, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`, 'revenue, by region'],
  [
    'Compare revenue in Q1 2021 with Q1 2020',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-03-31') a, sum(rev) FILTER (d BETWEEN '2020-01-01' AND '2020-03-31') b FROM t)`,
    'revenue, 2021-01-01 … 2021-03-31, compared with 2020-01-01 … 2020-03-31',
  ],
  [
    // No figure named: a comparison of two periods is read as revenue, and says so.
    'compare Q4 2021 with Q4 2020 by category',
    `SELECT Category, a, b, a - b, (a - b) / b * 100 FROM (SELECT Category, sum(rev) FILTER (d BETWEEN '2021-10-01' AND '2021-12-31') a, sum(rev) FILTER (d BETWEEN '2020-10-01' AND '2020-12-31') b FROM t GROUP BY 1) ORDER BY a DESC`,
    'revenue, by category, 2021-10-01 … 2021-12-31, compared with 2020-10-01 … 2020-12-31',
  ],
  [
    // "How many products did we sell" counts the items, not the money.
    'how many products did we sell in 2021?',
    `SELECT sum(CAST(Quantity AS DOUBLE)) FROM t WHERE ${Y2021}`,
    'units, 2021-01-01 … 2021-12-31',
  ],
  // Chairs bought are units (it was ranked by revenue: Seth Vernon leads both).
  [
    'which customer bought the most chairs?',
    `SELECT any_value("Customer Name"), sum(qty) q FROM t WHERE "Sub-Category" = 'Chairs' GROUP BY "Customer ID" ORDER BY q DESC LIMIT 1`,
    'top 1 by units, by customer, Sub-Category = Chairs',
  ],
  // Each got another period: the whole file, Q2 alone, or a refusal.
  ['Revenue month to date', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-01' AND '2021-12-30'`, 'revenue, 2021-12-01 … 2021-12-30'],
  ['Revenue in Q1-Q2 2021', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-06-30'`, 'revenue, 2021-01-01 … 2021-06-30'],
  [
    'Revenue from March to June 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-06-30'`,
    'revenue, 2021-03-01 … 2021-06-30',
  ],
  [
    'Revenue in the first 6 months of 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-06-30'`,
    'revenue, 2021-01-01 … 2021-06-30',
  ],
  // It was read as no period, and answered for the whole file: the latest March and June.
  [
    'Revenue from March to June',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-06-30'`,
    'revenue, 2021-03-01 … 2021-06-30',
  ],
  ['revenue q4 2020-q1 2021', `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-10-01' AND '2021-03-31'`, 'revenue, 2020-10-01 … 2021-03-31'],
  // "The difference between West and East revenue" added the two up.
  [
    "What's the difference between West and East revenue?",
    `SELECT Region, sum(rev) r FROM t WHERE Region IN ('West', 'East') GROUP BY 1 ORDER BY r DESC`,
    'revenue, by region, region in West, East',
  ],
  // "Is New York growing?" was refused while "Which states are shrinking?" set the last 12 full months against the 12 before.
  [
    'Is New York growing?',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-12-30') a,
     sum(rev) FILTER (year(d) = 2020) b FROM t WHERE State = 'New York')`,
    'revenue, State = New York, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31',
  ],
  // A month as the answers write it ("2021-12") got the whole of 2021.
  ['Revenue in 2021-12', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-01' AND '2021-12-31'`, 'revenue, 2021-12-01 … 2021-12-31'],
  [
    'Top 3 customers in 2021-11',
    `SELECT "Customer Name", sum(rev) r FROM t WHERE d BETWEEN '2021-11-01' AND '2021-11-30' GROUP BY 1 ORDER BY r DESC LIMIT 3`,
    'top 3 by revenue, by customer, 2021-11-01 … 2021-11-30',
  ],
  [
    'Revenue 2021-11 vs 2021-10',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-11-01' AND '2021-11-30') a,
     sum(rev) FILTER (d BETWEEN '2021-10-01' AND '2021-10-31') b FROM t)`,
    'revenue, 2021-11-01 … 2021-11-30, compared with 2021-10-01 … 2021-10-31',
  ],
  // Two months or quarters joined by "to" with no "from" got one of them alone (October's 77,776.92, March's 58,872.35).
  [
    'Revenue October 2021 to December 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-10-01' AND '2021-12-31'`,
    'revenue, 2021-10-01 … 2021-12-31',
  ],
  [
    'Revenue 2021-10 to 2021-12',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-10-01' AND '2021-12-31'`,
    'revenue, 2021-10-01 … 2021-12-31',
  ],
  [
    'Revenue January to March 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-03-31'`,
    'revenue, 2021-01-01 … 2021-03-31',
  ],
  ['Revenue Jan-Mar 2021', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-03-31'`, 'revenue, 2021-01-01 … 2021-03-31'],
  [
    'Revenue Q1 2021 through Q3 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-09-30'`,
    'revenue, 2021-01-01 … 2021-09-30',
  ],
  // "Is profit down this year?" got this year's profit alone: "is … down" asks how it moved.
  [
    'Is profit down this year?',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(gp) FILTER (d BETWEEN '2021-01-01' AND '2021-12-30') a,
     sum(gp) FILTER (d BETWEEN '2020-01-01' AND '2020-12-30') b FROM t)`,
    'gross profit, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
  ],
  // Both ways round, the later is set against the earlier.
  [
    'compare 2020 and 2021',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (year(d) = 2021) a, sum(rev) FILTER (year(d) = 2020) b FROM t)`,
    'revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'Compare Q1 2021 to Q1 2020 by region',
    `SELECT Region, a, b, a - b, (a - b) / b * 100 FROM (SELECT Region, sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-03-31') a,
     sum(rev) FILTER (d BETWEEN '2020-01-01' AND '2020-03-31') b FROM t GROUP BY 1) ORDER BY a DESC`,
    'revenue, by region, 2021-01-01 … 2021-03-31, compared with 2020-01-01 … 2020-03-31',
  ],
  [
    // "Grew the most" ranks the change, not the later year's figure.
    'which region grew the most in 2021 vs 2020?',
    `SELECT Region, a, b, a - b, (a - b) / b * 100 FROM (SELECT Region, sum(rev) FILTER (year(d) = 2021) a, sum(rev) FILTER (year(d) = 2020) b FROM t GROUP BY 1) WHERE a - b > 0 ORDER BY a - b DESC LIMIT 1`,
    'top 1 by change in revenue, by region, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    // Every category grew in 2021: it named the one that grew least as the one that "declined the most".
    'which category declined the most in 2021 vs 2020',
    `SELECT Category, a, b, a - b, (a - b) / b * 100 FROM (SELECT Category, sum(rev) FILTER (year(d) = 2021) a, sum(rev) FILTER (year(d) = 2020) b FROM t GROUP BY 1) WHERE a - b < 0 ORDER BY a - b ASC LIMIT 1`,
    'bottom 1 by change in revenue, by category, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    // An abbreviation is the file's long form, never dropped.
    'sales in the US in 2021',
    `SELECT sum(rev) FROM t WHERE Country = 'United States' AND ${Y2021}`,
    'revenue, Country = United States, 2021-01-01 … 2021-12-31',
  ],
  [
    // Like with like: the year so far against the same span of last year.
    'revenue this year vs last year',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-12-30') a, sum(rev) FILTER (d BETWEEN '2020-01-01' AND '2020-12-30') b FROM t)`,
    'revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
  ],
  [
    // The week so far (Monday to Thursday 30 December) against Monday to Thursday of the week before, not all of it.
    'revenue this week vs last week',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-12-27' AND '2021-12-30') a, sum(rev) FILTER (d BETWEEN '2021-12-20' AND '2021-12-23') b FROM t)`,
    'revenue, 2021-12-27 … 2021-12-30, compared with 2021-12-20 … 2021-12-23',
  ],
  [
    'Show revenue by quarter for 2020',
    `SELECT year(d) || ' Q' || quarter(d), sum(rev) FROM t WHERE year(d) = 2020 GROUP BY 1 ORDER BY 1`,
    'revenue, by quarter, 2020-01-01 … 2020-12-31',
  ],
  // "Trending" asks for the months: it got the West's total, and Furniture's was refused.
  [
    'How are sales trending in the West?',
    `SELECT strftime(d, '%Y-%m'), sum(rev) FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY 1`,
    'revenue, by month, region = West',
  ],
  [
    'How is Furniture trending in 2021?',
    `SELECT strftime(d, '%Y-%m'), sum(rev) FROM t WHERE Category = 'Furniture' AND ${Y2021} GROUP BY 1 ORDER BY 1`,
    'revenue, by month, category = Furniture, 2021-01-01 … 2021-12-31',
  ],
  [
    'monthly sales in 2021',
    `SELECT strftime(d, '%Y-%m'), sum(rev) FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY 1`,
    'revenue, by month, 2021-01-01 … 2021-12-31',
  ],
  ['revenue by year', `SELECT year(d)::VARCHAR, sum(rev) FROM t GROUP BY 1 ORDER BY 1`, 'revenue, by year'],
  // "Annual revenue" got the four years' total, 2,297,200.86.
  ['Annual revenue', `SELECT year(d)::VARCHAR, sum(rev) FROM t GROUP BY 1 ORDER BY 1`, 'revenue, by year'],
  ['gross profit by year', `SELECT year(d)::VARCHAR, sum(gp) FROM t GROUP BY 1 ORDER BY 1`, 'gross profit, by year'],
  ['What is our margin in 2021?', `SELECT sum(gp) / sum(rev) * 100 FROM t WHERE ${Y2021}`, 'margin %, 2021-01-01 … 2021-12-31'],
  ['margin by category', `SELECT Category, sum(gp) / sum(rev) * 100 m FROM t GROUP BY 1 ORDER BY m DESC`, 'margin %, by category'],
  // "Lost money" is gross profit below 0, lowest first (it got the bottom products by margin, then every sub-category).
  [
    'Which sub-category lost money?',
    `SELECT "Sub-Category", sum(gp) p FROM t GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by Sub-Category, gross profit < 0',
  ],
  // "Lost the most money" got the largest fall in revenue from 2020, and "had the biggest loss"
  // the top product by revenue: both are the lowest gross profit below 0.
  [
    'Which product lost the most money in 2021?',
    `SELECT min("Product Name"), sum(gp) p FROM t WHERE ${Y2021} GROUP BY "Product ID" HAVING p < 0 QUALIFY rank() OVER (ORDER BY p) <= 1`,
    'bottom 1 by gross profit, by product, gross profit < 0, 2021-01-01 … 2021-12-31',
  ],
  [
    'Which product had the biggest loss in 2021?',
    `SELECT min("Product Name"), sum(gp) p FROM t WHERE ${Y2021} GROUP BY "Product ID" HAVING p < 0 QUALIFY rank() OVER (ORDER BY p) <= 1`,
    'bottom 1 by gross profit, by product, gross profit < 0, 2021-01-01 … 2021-12-31',
  ],
  [
    'Which 3 sub-categories made the largest losses?',
    `SELECT "Sub-Category", sum(gp) p FROM t GROUP BY 1 HAVING p < 0 ORDER BY p LIMIT 3`,
    'bottom 3 by gross profit, by Sub-Category, gross profit < 0',
  ],
  // A file's own Segment column, compared between two years (it got the RFM segments).
  [
    'Which segment grew the most from 2020 to 2021?',
    `SELECT Segment, a, b, a - b, (a - b) / b * 100 FROM (
       SELECT Segment, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1)
     WHERE a - b > 0 ORDER BY a - b DESC LIMIT 1`,
    'top 1 by change in revenue, by Segment, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // "Most profitable" is gross profit, and the file's own Ship Mode column (it got the products by margin).
  [
    'Which ship mode is most profitable?',
    `SELECT "Ship Mode", sum(gp) g FROM t GROUP BY 1 ORDER BY g DESC LIMIT 1`,
    'top 1 by gross profit, by Ship Mode',
  ],
  // A ranking in a named region is by revenue, and the plural asks for all of them (it was refused, then gave one).
  [
    'What are our top sub-categories in the East?',
    `SELECT "Sub-Category", sum(rev) r FROM t WHERE Region = 'East' GROUP BY 1 ORDER BY r DESC`,
    'revenue, by Sub-Category, region = East',
  ],
  // The year to date against the same days of last year (it was 3 January … 31 December 2020, the same number of days).
  [
    'Did sales go up this year?',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-12-30') a, sum(rev) FILTER (d BETWEEN '2020-01-01' AND '2020-12-30') b FROM t)`,
    'revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
  ],
  // "Did sales go up in 2021?": 2021 against 2020 (it gave 2021's total alone).
  [
    'Did sales go up in 2021?',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t)`,
    'revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // Sub-category is its own column, never answered by category.
  [
    'top 3 sub-categories by margin',
    `SELECT "Sub-Category", sum(gp) / sum(rev) * 100 m FROM t GROUP BY 1 ORDER BY m DESC LIMIT 3`,
    'top 3 by margin %, by Sub-Category',
  ],
  [
    'How many orders in March 2021?',
    `SELECT count(DISTINCT "Order ID") FROM t WHERE d BETWEEN '2021-03-01' AND '2021-03-31'`,
    'orders, 2021-03-01 … 2021-03-31',
  ],
  // "Which states buy Tables?" was refused as naming no figure: each state with what it paid.
  [
    'Which states buy Tables?',
    `SELECT State, sum(rev) r FROM t WHERE "Sub-Category" = 'Tables' GROUP BY 1 ORDER BY r DESC, 1 LIMIT 50`,
    'revenue, by State, Sub-Category = Tables',
  ],
  // A range as the answers write it, copied into a question, was read as its first day.
  [
    'Revenue by region 2020-01-01 … 2020-06-30',
    `SELECT Region, sum(rev) r FROM t WHERE d BETWEEN '2020-01-01' AND '2020-06-30' GROUP BY 1 ORDER BY r DESC`,
    'revenue, by region, 2020-01-01 … 2020-06-30',
  ],
  [
    'Revenue, 2021-01-01 … 2021-06-30, compared with 2020-01-01 … 2020-06-30',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-06-30') a,
       sum(rev) FILTER (WHERE d BETWEEN '2020-01-01' AND '2020-06-30') b FROM t)`,
    'revenue, 2021-01-01 … 2021-06-30, compared with 2020-01-01 … 2020-06-30',
  ],
  [
    'number of orders last quarter',
    `SELECT count(DISTINCT "Order ID") FROM t WHERE d BETWEEN '2021-07-01' AND '2021-09-30'`,
    'orders, 2021-07-01 … 2021-09-30',
  ],
  [
    'How many customers bought in 2021?',
    `SELECT count(DISTINCT "Customer ID") FROM t WHERE ${Y2021}`,
    'customers, 2021-01-01 … 2021-12-31',
  ],
  [
    'how many clients in the last 90 days',
    `SELECT count(DISTINCT "Customer ID") FROM t WHERE d BETWEEN DATE '2021-12-30' - 89 AND DATE '2021-12-30'`,
    'customers, 2021-10-02 … 2021-12-30',
  ],
  [
    'units sold since June',
    `SELECT sum(CAST(Quantity AS DOUBLE)) FROM t WHERE d BETWEEN '2021-06-01' AND '2021-12-30'`,
    'units, 2021-06-01 … 2021-12-30',
  ],
  [
    'average order value in 2021',
    `SELECT sum(rev) / count(DISTINCT "Order ID") FROM t WHERE ${Y2021}`,
    'average order value, 2021-01-01 … 2021-12-31',
  ],
  [
    'AOV by region',
    `SELECT Region, sum(rev) / count(DISTINCT "Order ID") a FROM t GROUP BY 1 ORDER BY a DESC`,
    'average order value, by region',
  ],
  [
    'revenue between March 2021 and May 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-05-31'`,
    'revenue, 2021-03-01 … 2021-05-31',
  ],
  [
    'sales in Furniture in 2021',
    `SELECT sum(rev) FROM t WHERE Category = 'Furniture' AND ${Y2021}`,
    'revenue, category = Furniture, 2021-01-01 … 2021-12-31',
  ],
  [
    'revenue for technology by quarter in 2021',
    `SELECT year(d) || ' Q' || quarter(d), sum(rev) FROM t WHERE Category = 'Technology' AND ${Y2021} GROUP BY 1 ORDER BY 1`,
    'revenue, by quarter, category = Technology, 2021-01-01 … 2021-12-31',
  ],
  [
    'new customers by year',
    `WITH f AS (SELECT "Customer ID" c, min(d) fd FROM t GROUP BY 1) SELECT year(fd)::VARCHAR, count(*) FROM f GROUP BY 1 ORDER BY 1`,
    'new customers, by year',
  ],
  ['bottom 3 regions by sales', `SELECT Region, sum(rev) r FROM t GROUP BY 1 ORDER BY r ASC LIMIT 3`, 'bottom 3 by revenue, by region'],
  ['revenue by segment', `SELECT Segment, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`, 'revenue, by Segment'],
  [
    'sales in Q4 2020 for the Consumer segment',
    `SELECT sum(rev) FROM t WHERE Segment = 'Consumer' AND d BETWEEN '2020-10-01' AND '2020-12-31'`,
    'revenue, Segment = Consumer, 2020-10-01 … 2020-12-31',
  ],
  // "Profit margin" is the margin %: it ranked by gross profit (California, not the District of Columbia).
  [
    'Which state has the best profit margin?',
    `SELECT State, sum(gp) / sum(rev) * 100 m FROM t GROUP BY 1 ORDER BY m DESC LIMIT 1`,
    'top 1 by margin %, by State',
  ],
  // Distinct products, where "how many products did we sell in 2021" stays the units (it answered 37,873 units).
  ['How many products do we sell?', `SELECT count(DISTINCT "Product ID") FROM t`, 'products'],
  [
    'How many different products did Sean Miller buy?',
    `SELECT count(DISTINCT "Product ID") FROM t WHERE "Customer Name" = 'Sean Miller'`,
    'products, customer = Sean Miller',
  ],
  [
    'How many products does each category have?',
    `SELECT Category, count(DISTINCT "Product ID") n FROM t GROUP BY 1 ORDER BY n DESC`,
    'products, by category',
  ],
  // A loss lists only the rows with one: "Which states are unprofitable?" once listed every state.
  [
    'Which states are unprofitable?',
    `SELECT State, sum(gp) p FROM t GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by State, gross profit < 0',
  ],
  // "Grew the least" listed the largest growth first; now the smallest growth, of those that grew.
  [
    'Which sub-categories grew the least in 2021?',
    `SELECT "Sub-Category", a, b, a - b c, (a - b) / b * 100 FROM (SELECT "Sub-Category", sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) WHERE a - b > 0 ORDER BY c ASC`,
    'revenue, sorted by change, by Sub-Category, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // "Sub category" with a space, or in one word, was "This file has no sub-category column".
  [
    'whats our best selling sub category',
    `SELECT "Sub-Category", sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 1`,
    'top 1 by revenue, by Sub-Category',
  ],
  [
    'which subcategories lost money in 2021',
    `SELECT "Sub-Category", sum(gp) p FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by Sub-Category, gross profit < 0, 2021-01-01 … 2021-12-31',
  ],
  [
    'orders by shipmode in 2021',
    `SELECT "Ship Mode", count(DISTINCT "Order ID") n FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY n DESC`,
    'orders, by Ship Mode, 2021-01-01 … 2021-12-31',
  ],
  // "Non-" leaves a value out, unless it is a word of a name the file holds.
  [
    'non-Furniture revenue in 2021',
    `SELECT sum(rev) FROM t WHERE Category <> 'Furniture' AND ${Y2021}`,
    'revenue, category ≠ Furniture, 2021-01-01 … 2021-12-31',
  ],
  [
    'Revenue of Avery Non-Stick Binders',
    `SELECT sum(rev) FROM t WHERE "Product Name" = 'Avery Non-Stick Binders'`,
    'revenue, product in Avery Non-Stick Binders (OFF-BI-10004140), Avery Non-Stick Binders (OFF-BI-10000829)',
  ],
  // Found by a review of this session's changes: "smallest decline" listed the regions that
  // grew, "lowest growth" answered "None does", "lowest profit … grew the most" ranked from the
  // least growth, and "rank … by growth" left Central out.
  [
    'Which region had the smallest decline in 2021?',
    `SELECT Region, a, b, a - b c, (a - b) / b * 100 FROM (SELECT Region, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) WHERE a - b < 0 ORDER BY c DESC LIMIT 1`,
    'top 1 by change in revenue, by region, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'Which category had the lowest growth in 2021?',
    `SELECT Category, a, b, a - b c, (a - b) / b * 100 FROM (SELECT Category, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) ORDER BY c ASC LIMIT 1`,
    'bottom 1 by change in revenue, by category, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'Bottom 3 states by growth in 2021',
    `SELECT State, a, b, a - b c, (a - b) / b * 100 FROM (SELECT State, coalesce(sum(rev) FILTER (WHERE year(d) = 2021), 0) a, coalesce(sum(rev) FILTER (WHERE year(d) = 2020), 0) b FROM t GROUP BY 1) ORDER BY c ASC LIMIT 3`,
    'bottom 3 by change in revenue, by State, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'Rank regions by growth in 2021',
    `SELECT Region, a, b, a - b c, (a - b) / b * 100 FROM (SELECT Region, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) ORDER BY c DESC`,
    'revenue, sorted by change, by region, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // A second review: the least of a way said with a figure between ("smallest revenue decline").
  [
    'Which sub-category had the smallest revenue decline in 2021 vs 2020?',
    `SELECT "Sub-Category", a, b, a - b c, (a - b) / b * 100 FROM (SELECT "Sub-Category", sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) WHERE a - b < 0 ORDER BY c DESC LIMIT 1`,
    'top 1 by change in revenue, by Sub-Category, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'Which segment had the lowest sales growth in 2021 vs 2020?',
    `SELECT Segment, a, b, a - b c, (a - b) / b * 100 FROM (SELECT Segment, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) ORDER BY c ASC LIMIT 1`,
    'bottom 1 by change in revenue, by Segment, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // "Any region" groups by region; a loss of single orders is refused (it gave all gross profit beside every order).
  [
    'Did any region have losses?',
    `SELECT Region, sum(gp) p FROM t GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by region, gross profit < 0',
  ],
  // "Had losses" was refused: no figure was read from it.
  [
    'Which states had losses?',
    `SELECT State, sum(gp) p FROM t GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by State, gross profit < 0',
  ],
  // "Last YTD" was this year to date again, set against itself (0.0% change).
  [
    'YTD revenue vs last YTD',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-01-01' AND '2021-12-30') a, sum(rev) FILTER (d BETWEEN '2020-01-01' AND '2020-12-30') b FROM t)`,
    'revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
  ],
  [
    'MTD sales vs previous month to date',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '2021-12-01' AND '2021-12-30') a, sum(rev) FILTER (d BETWEEN '2021-11-01' AND '2021-11-30') b FROM t)`,
    'revenue, 2021-12-01 … 2021-12-30, compared with 2021-11-01 … 2021-11-30',
  ],
  [
    'Which sub-categories lost money in 2021?',
    `SELECT "Sub-Category", sum(gp) p FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by Sub-Category, gross profit < 0, 2021-01-01 … 2021-12-31',
  ],
  // "Which months" groups by month (it answered 2021's total).
  [
    'Which months were loss-making in 2020?',
    `SELECT strftime(d, '%Y-%m'), sum(gp) p FROM t WHERE year(d) = 2020 GROUP BY 1 HAVING sum(gp) < 0 ORDER BY p ASC`,
    'gross profit, by month, gross profit < 0, 2020-01-01 … 2020-12-31',
  ],
  // Two periods joined by "and", the year written once, are set side by side; two figures joined by "and" are not.
  [
    'revenue in Q1 and Q2 2021',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-04-01' AND '2021-06-30') a,
       sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-03-31') b FROM t)`,
    'revenue, 2021-04-01 … 2021-06-30, compared with 2021-01-01 … 2021-03-31',
  ],
  [
    'revenue and profit in Q1 2021',
    `SELECT sum(gp), sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-03-31'`,
    'gross profit, revenue, 2021-01-01 … 2021-03-31',
  ],
  // "More … than" and "or" set named values side by side (it added Technology and Furniture together).
  [
    'Is Technology more profitable than Furniture?',
    `SELECT Category, sum(gp) p FROM t WHERE Category IN ('Technology', 'Furniture') GROUP BY 1 ORDER BY p DESC`,
    'gross profit, by category, category in Technology, Furniture',
  ],
  // "By category" with two named added them up, as the one figure of both.
  [
    'gross profit by category for Technology and Furniture',
    `SELECT Category, sum(gp) p FROM t WHERE Category IN ('Technology', 'Furniture') GROUP BY 1 ORDER BY p DESC`,
    'gross profit, by category, category in Technology, Furniture',
  ],
  [
    'Which sold more, Chairs or Tables?',
    `SELECT "Sub-Category", sum(rev) r FROM t WHERE "Sub-Category" IN ('Chairs', 'Tables') GROUP BY 1 ORDER BY r DESC`,
    'revenue, by Sub-Category, Sub-Category in Chairs, Tables',
  ],
  // The customers a count by orders is of: it listed every customer, those with 2+ orders as 0.
  [
    'Which customers bought only once?',
    `SELECT "Customer Name", 1 FROM t GROUP BY "Customer ID", 1 HAVING count(DISTINCT "Order ID") = 1 ORDER BY 1`,
    'customers with one order, by customer',
  ],
  // Both were unmapped.
  [
    'Which customers ordered once only?',
    `SELECT "Customer Name", 1 FROM t GROUP BY "Customer ID", 1 HAVING count(DISTINCT "Order ID") = 1 ORDER BY 1`,
    'customers with one order, by customer',
  ],
  [
    'customers who bought one product only',
    `SELECT "Customer Name", 1 FROM t GROUP BY "Customer ID", 1 HAVING count(DISTINCT "Product ID") = 1 ORDER BY 1`,
    'products, by customer, one product',
  ],
  // "Declining" ranks by the change, lowest first, as "declined" did.
  [
    'Which categories are declining in 2021 vs 2020?',
    `SELECT Category, a, b, a - b, (a - b) / b * 100 FROM (
       SELECT Category, sum(rev) FILTER (WHERE year(d) = 2021) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1)
     WHERE a - b < 0 ORDER BY a - b ASC`,
    'revenue, sorted by change, by category, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  // A share of revenue is of all revenue in the period, whatever the filters (it was refused as "a share of a total").
  [
    'What percentage of revenue comes from the West?',
    `SELECT sum(rev) FILTER (WHERE Region = 'West') / sum(rev) * 100, sum(rev) FILTER (WHERE Region = 'West') FROM t`,
    'share of revenue, revenue, region = West',
  ],
  [
    'What share of sales did Technology have in 2021?',
    `SELECT sum(rev) FILTER (WHERE Category = 'Technology') / sum(rev) * 100, sum(rev) FILTER (WHERE Category = 'Technology')
     FROM t WHERE ${Y2021}`,
    'share of revenue, revenue, category = Technology, 2021-01-01 … 2021-12-31',
  ],
  // The period or the part before "sales" was refused as "not a share of orders, customers, units or profit".
  ...["What's the share of Technology in 2021 sales?", 'What percent of 2021 sales came from Technology?'].map(
    (question): [string, string, string] => [
      question,
      `SELECT sum(rev) FILTER (WHERE Category = 'Technology') / sum(rev) * 100, sum(rev) FILTER (WHERE Category = 'Technology')
       FROM t WHERE ${Y2021}`,
      'share of revenue, revenue, category = Technology, 2021-01-01 … 2021-12-31',
    ],
  ),
  [
    'share of revenue by category',
    `SELECT Category, sum(rev) / (SELECT sum(rev) FROM t) * 100, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`,
    'share of revenue, revenue, by category',
  ],
  // By a time unit, a slice's share is of each unit's revenue (it was of all four years': 7.6% for 2018's 36.2%).
  [
    'technology share of revenue by year',
    `SELECT year(d)::VARCHAR, sum(rev) FILTER (WHERE Category = 'Technology') / sum(rev) * 100, sum(rev) FILTER (WHERE Category = 'Technology')
     FROM t GROUP BY 1 ORDER BY 1`,
    'share of revenue, revenue, by year, category = Technology, within each year',
  ],
  [
    'West share of sales each quarter of 2021',
    `SELECT year(d) || ' Q' || quarter(d), sum(rev) FILTER (WHERE Region = 'West') / sum(rev) * 100, sum(rev) FILTER (WHERE Region = 'West')
     FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY 1`,
    'share of revenue, revenue, by quarter, region = West, within each quarter, 2021-01-01 … 2021-12-31',
  ],
  // A part named before the share, or a grouping "in each", makes each value grouped by a whole:
  // Technology's East share read 11.5% (of all revenue), the West's corporate customers 25.7% (of all 793).
  [
    'technology share of revenue by region',
    `SELECT Region, sum(rev) FILTER (WHERE Category = 'Technology') / sum(rev) * 100 s, sum(rev) FILTER (WHERE Category = 'Technology')
     FROM t GROUP BY 1 ORDER BY s DESC`,
    'share of revenue, revenue, by region, category = Technology, within each region',
  ],
  [
    "Sean Miller's share of revenue by category",
    `SELECT Category, sum(rev) FILTER (WHERE "Customer Name" = 'Sean Miller') / sum(rev) * 100 s, sum(rev) FILTER (WHERE "Customer Name" = 'Sean Miller')
     FROM t GROUP BY 1 ORDER BY s DESC`,
    'share of revenue, revenue, by category, customer = Sean Miller, within each category',
  ],
  [
    'what % of customers are corporate in each region',
    `SELECT Region, count(DISTINCT "Customer ID") FILTER (WHERE Segment = 'Corporate') * 100 / count(DISTINCT "Customer ID") s,
       count(DISTINCT "Customer ID") FILTER (WHERE Segment = 'Corporate') FROM t GROUP BY 1 ORDER BY s DESC`,
    'share of customers, customers, by region, Segment = Corporate, within each region',
  ],
  [
    'consumer share of sales by category',
    `SELECT Category, sum(rev) FILTER (WHERE Segment = 'Consumer') / sum(rev) * 100 s, sum(rev) FILTER (WHERE Segment = 'Consumer')
     FROM t GROUP BY 1 ORDER BY s DESC`,
    'share of revenue, revenue, by category, Segment = Consumer, within each category',
  ],
  // A column within the part, or the rows listed, is no whole: each row read 100%.
  [
    'technology share of revenue by sub-category',
    `SELECT "Sub-Category", sum(rev) / (SELECT sum(rev) FROM t) * 100 s, sum(rev) FROM t WHERE Category = 'Technology' GROUP BY 1 ORDER BY s DESC`,
    'share of revenue, revenue, by Sub-Category, category = Technology',
  ],
  [
    'revenue share for each category in the West',
    `SELECT Category, sum(rev) / (SELECT sum(rev) FROM t) * 100 s, sum(rev) FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY s DESC`,
    'share of revenue, revenue, by category, region = West',
  ],
  [
    'share of revenue by segment in each region',
    `SELECT Region, Segment, sum(rev) / sum(sum(rev)) OVER (PARTITION BY Region) * 100 s, sum(rev) FROM t GROUP BY 1, 2 ORDER BY s DESC`,
    'share of revenue, revenue, by region and Segment, within each region',
  ],
  // A place named after the customers is where they are: each customer's share is of all revenue.
  [
    'top 3 customers by share of revenue in Texas',
    `SELECT "Customer Name", sum(rev) FILTER (WHERE State = 'Texas') / (SELECT sum(rev) FROM t) * 100 s, sum(rev) FILTER (WHERE State = 'Texas')
     FROM t GROUP BY "Customer ID", 1 ORDER BY s DESC NULLS LAST LIMIT 3`,
    'top 3 by share of revenue, by customer, State = Texas',
  ],
  // A range's second end stops at a grouping: both were refused as the period "june 2021 by month".
  [
    'revenue from march to june 2021 by month',
    `SELECT strftime(d, '%Y-%m'), sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-06-30' GROUP BY 1 ORDER BY 1`,
    'revenue, by month, 2021-03-01 … 2021-06-30',
  ],
  [
    'revenue between march and june 2021 by region',
    `SELECT Region, sum(rev) r FROM t WHERE d BETWEEN '2021-03-01' AND '2021-06-30' GROUP BY 1 ORDER BY r DESC`,
    'revenue, by region, 2021-03-01 … 2021-06-30',
  ],
  // "Lowest 3" is a ranking of 3 from the bottom: it listed all 534 customers past the bound.
  [
    'lowest 3 customers with profit over 100',
    `SELECT "Customer Name", sum(gp) p FROM t GROUP BY "Customer ID", 1 HAVING p > 100 ORDER BY p LIMIT 3`,
    'bottom 3 by gross profit, by customer, gross profit > 100',
  ],
  // Goods counted after "the most" are units: both were ranked by revenue (Seth Vernon first, then Laura Armstrong).
  [
    'which 3 customers bought the most chairs',
    `SELECT "Customer Name", sum(qty) q FROM t WHERE "Sub-Category" = 'Chairs' GROUP BY "Customer ID", 1 ORDER BY q DESC, 1 LIMIT 4`,
    'top 3 by units, by customer, Sub-Category = Chairs',
  ],
  [
    'who bought the most binders in 2021',
    `SELECT "Customer Name", sum(qty) q FROM t WHERE "Sub-Category" = 'Binders' AND ${Y2021} GROUP BY "Customer ID", 1 ORDER BY q DESC LIMIT 1`,
    'top 1 by units, by customer, Sub-Category = Binders, 2021-01-01 … 2021-12-31',
  ],
  [
    'What % of our sales comes from Sean Miller?',
    `SELECT sum(rev) FILTER (WHERE "Customer Name" = 'Sean Miller') / sum(rev) * 100, sum(rev) FILTER (WHERE "Customer Name" = 'Sean Miller') FROM t`,
    'share of revenue, revenue, customer = Sean Miller',
  ],
  // A quarter or half without a year is the latest begun by the analysis date, as a month
  // is ("revenue in Q3" got the whole file's total; "the third quarter" was refused as a name).
  // "Year over year" is by year, each against the year before (it got the top products by
  // margin, then the years with no change); two values compared are set side by side (it was refused).
  // "Excluding" was read as part of a name ("Chairs excluding the West" not found), then refused:
  // the values named after it are left out, rows without one kept.
  [
    'What is the profit of Chairs excluding the West?',
    `SELECT sum(gp) FROM t WHERE "Sub-Category" = 'Chairs' AND Region <> 'West'`,
    'gross profit, Sub-Category = Chairs, region ≠ West',
  ],
  [
    'revenue in 2021 excluding technology',
    `SELECT sum(rev) FROM t WHERE ${Y2021} AND Category <> 'Technology'`,
    'revenue, category ≠ Technology, 2021-01-01 … 2021-12-31',
  ],
  [
    'Top 3 states by revenue other than California and New York',
    `SELECT State, sum(rev) r FROM t WHERE State NOT IN ('California', 'New York') GROUP BY 1 ORDER BY r DESC LIMIT 3`,
    'top 3 by revenue, by State, State not in California, New York',
  ],
  [
    'Top 5 customers excluding Sean Miller',
    `SELECT "Customer Name", sum(rev) r FROM t WHERE "Customer Name" <> 'Sean Miller' GROUP BY 1 ORDER BY r DESC LIMIT 5`,
    'top 5 by revenue, by customer, customer ≠ Sean Miller',
  ],
  // Left out by a past tense or after the values: both got the values' own figure alone.
  [
    'What would revenue be if we excluded Technology?',
    `SELECT sum(rev) FROM t WHERE Category <> 'Technology'`,
    'revenue, category ≠ Technology',
  ],
  ['Profit with Tables taken out', `SELECT sum(gp) FROM t WHERE "Sub-Category" <> 'Tables'`, 'gross profit, Sub-Category ≠ Tables'],
  [
    'Revenue with the West excluded in 2021',
    `SELECT sum(rev) FROM t WHERE ${Y2021} AND Region <> 'West'`,
    'revenue, region ≠ West, 2021-01-01 … 2021-12-31',
  ],
  // The first two were refused as naming no figure; the third got Tamara Chand's profile alone.
  [
    'When did Sean Miller buy Machines?',
    `SELECT strftime(d, '%Y-%m') m, sum(rev) FROM t WHERE "Customer Name" = 'Sean Miller' AND "Sub-Category" = 'Machines' GROUP BY 1 HAVING sum(rev) > 0 ORDER BY m`,
    'revenue, by month, revenue > 0, customer = Sean Miller, Sub-Category = Machines',
  ],
  [
    'Did Sean Miller buy anything in 2021?',
    `SELECT count(DISTINCT "Order ID") FROM t WHERE "Customer Name" = 'Sean Miller' AND ${Y2021}`,
    'orders, customer = Sean Miller, 2021-01-01 … 2021-12-31',
  ],
  [
    'Is Sean Miller more valuable than Tamara Chand?',
    `SELECT "Customer Name", sum(rev) r FROM t WHERE "Customer Name" IN ('Sean Miller', 'Tamara Chand') GROUP BY 1 ORDER BY r DESC`,
    'revenue, by customer, customer in Tamara Chand, Sean Miller',
  ],
  // It got the revenue of Tables (206,965.53): what was lost on them is their gross profit.
  ['How much did we lose on Tables?', `SELECT sum(gp) FROM t WHERE "Sub-Category" = 'Tables'`, 'gross profit, Sub-Category = Tables'],
  // "In each region" is a grouping, not "in every region" (a draft of this session refused it).
  ['How many orders in each region?', `SELECT Region, count(DISTINCT "Order ID") o FROM t GROUP BY 1 ORDER BY o DESC`, 'orders, by region'],
  // It got the churn list: losing them takes away what they bring.
  [
    'What if we lost our top 10 customers?',
    `SELECT "Customer Name", sum(rev) * 100 / (SELECT sum(rev) FROM t) s, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 10`,
    'top 10 by share of revenue, by customer',
  ],
  // "Fastest" is the rate: it ranked the change in money.
  [
    'Which region grew fastest in 2021?',
    `WITH y AS (SELECT Region, sum(rev) FILTER (WHERE ${Y2021}) a, sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1)
     SELECT Region, a, b, a - b, (a - b) / b * 100 FROM y WHERE a > b ORDER BY (a - b) / b DESC LIMIT 1`,
    'top 1 by % change in revenue, by region, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
  ],
  [
    'How did profit change year over year?',
    `WITH y AS (SELECT year(d) AS b, sum(gp) AS g FROM t GROUP BY 1)
     SELECT CAST(y.b AS VARCHAR), y.g, y.g - p.g, (y.g - p.g) / abs(p.g) * 100 FROM y LEFT JOIN y AS p ON p.b = y.b - 1 ORDER BY y.b`,
    'gross profit, by year, each against the year before',
  ],
  [
    'Compare the West and East in 2021',
    `SELECT Region, sum(rev) r FROM t WHERE Region IN ('West', 'East') AND ${Y2021} GROUP BY 1 ORDER BY r DESC`,
    'revenue, by region, region in West, East, 2021-01-01 … 2021-12-31',
  ],
  // "The past 3 months" is the last 3 (it got the whole file).
  [
    'Revenue in the past 3 months',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-10-01' AND '2021-12-30'`,
    'revenue, 2021-10-01 … 2021-12-30',
  ],
  // "The average customer spends" is revenue per customer (it listed every customer's revenue in every year).
  [
    'How much does the average customer spend per year?',
    `SELECT CAST(year(d) AS VARCHAR), sum(rev) / count(DISTINCT "Customer ID") FROM t GROUP BY 1 ORDER BY 1`,
    'revenue per customer, by year',
  ],
  ['Revenue in Q3', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-07-01' AND '2021-09-30'`, 'revenue, 2021-07-01 … 2021-09-30'],
  [
    'Revenue in the third quarter of 2020',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-07-01' AND '2020-09-30'`,
    'revenue, 2020-07-01 … 2020-09-30',
  ],
  ['sales in the second half', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-07-01' AND '2021-12-31'`, 'revenue, 2021-07-01 … 2021-12-31'],
  [
    'Revenue in H1 by region',
    `SELECT Region, sum(rev) r FROM t WHERE d BETWEEN '2021-01-01' AND '2021-06-30' GROUP BY 1 ORDER BY r DESC`,
    'revenue, by region, 2021-01-01 … 2021-06-30',
  ],
  // A period after "revenue for" is no name, though "first" and "whole" are words of product names.
  [
    'revenue for first quarter of 2021',
    `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-03-31'`,
    'revenue, 2021-01-01 … 2021-03-31',
  ],
  ['sales for whole year 2020', `SELECT sum(rev) FROM t WHERE year(d) = 2020`, 'revenue, 2020-01-01 … 2020-12-31'],
  // How a value did in a period is its sales against the period before (it was refused with the reason for segments).
  [
    'How did the West do last year?',
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (
       SELECT sum(rev) FILTER (WHERE year(d) = 2020) a, sum(rev) FILTER (WHERE year(d) = 2019) b FROM t WHERE Region = 'West')`,
    'revenue, region = West, 2020-01-01 … 2020-12-31, compared with 2019-01-01 … 2019-12-31',
  ],
  // A price is revenue over units ("the average price of our products" got the top products by revenue).
  ['What is the average price of our products?', `SELECT sum(rev) / sum(CAST(Quantity AS DOUBLE)) FROM t`, 'average price'],
  [
    'What is the average selling price in the West?',
    `SELECT sum(rev) / sum(CAST(Quantity AS DOUBLE)) FROM t WHERE Region = 'West'`,
    'average price, region = West',
  ],
  [
    'average price by category',
    `SELECT Category, sum(rev) / sum(CAST(Quantity AS DOUBLE)) p FROM t GROUP BY 1 ORDER BY p DESC`,
    'average price, by category',
  ],
  [
    'Which products are priced over 3000?',
    `SELECT min("Product Name"), sum(rev) / sum(CAST(Quantity AS DOUBLE)) p FROM t GROUP BY "Product ID" HAVING p > 3000 ORDER BY p DESC`,
    'average price, by product, average price > 3,000',
  ],
  // "Average per month" is one figure, the file's over the months it spans (it listed the 48 months).
  [
    "What's the average revenue per month?",
    `SELECT sum(rev) / (date_diff('month', date_trunc('month', min(d)), date_trunc('month', max(d))) + 1) FROM t`,
    'average revenue per month',
  ],
  [
    'What is our average monthly revenue by region?',
    `SELECT Region, sum(rev) / (SELECT date_diff('month', date_trunc('month', min(d)), date_trunc('month', max(d))) + 1 FROM t) r
     FROM t GROUP BY 1 ORDER BY r DESC`,
    'average revenue per month, by region',
  ],
  [
    'On average, how many orders do we get per week?',
    `SELECT count(DISTINCT "Order ID") / (date_diff('week', date_trunc('week', min(d)), date_trunc('week', max(d))) + 1) FROM t`,
    'average orders per week',
  ],
  // "On average" after the unit: it listed the 48 months' orders.
  [
    'How many orders per month on average?',
    `SELECT count(DISTINCT "Order ID") / (date_diff('month', date_trunc('month', min(d)), date_trunc('month', max(d))) + 1) FROM t`,
    'average orders per month',
  ],
  [
    'How much profit do we make in an average year?',
    `SELECT sum(gp) / (year(max(d)) - year(min(d)) + 1) FROM t`,
    'average gross profit per year',
  ],
  [
    'Which 3 states have the biggest share of revenue?',
    `SELECT State, sum(rev) / (SELECT sum(rev) FROM t) * 100, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 3`,
    'top 3 by share of revenue, by State',
  ],
  // A ranking shows the rows that tie with its last place: rank() gives them one place.
  // Emily Phan was named alone, where Mick Hernandez has 8 orders in 2021 too.
  [
    'Which customer placed the most orders in 2021?',
    `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t WHERE ${Y2021} GROUP BY "Customer ID", 1 QUALIFY rank() OVER (ORDER BY o DESC) <= 1 ORDER BY o DESC, 1`,
    'top 1 by orders, by customer, 2021-01-01 … 2021-12-31',
  ],
  // 7 customers tie for place 2 at 13 orders.
  [
    'Who are our 3 most frequent customers?',
    `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t GROUP BY "Customer ID", 1 QUALIFY rank() OVER (ORDER BY o DESC) <= 3 ORDER BY o DESC, 1`,
    'top 3 by orders, by customer',
  ],
  [
    'Which state has the fewest customers?',
    `SELECT State, count(DISTINCT "Customer ID") c FROM t GROUP BY 1 QUALIFY rank() OVER (ORDER BY c) <= 1`,
    'bottom 1 by customers, by State',
  ],
  // How often is orders: "buys from" and "buys most" made both of these revenue.
  [
    'Who buys from us most often?',
    `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t GROUP BY "Customer ID", 1 QUALIFY rank() OVER (ORDER BY o DESC) <= 1`,
    'top 1 by orders, by customer',
  ],
  [
    'Which customer buys most frequently in the West?',
    `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t WHERE Region = 'West' GROUP BY "Customer ID", 1 QUALIFY rank() OVER (ORDER BY o DESC) <= 1 ORDER BY 1`,
    'top 1 by orders, by customer, region = West',
  ],
  // A superlative before a plural names the grouping: these got the total gross profit, and
  // "… sub-categories" was told the file has no sub-category column.
  ['List our most profitable regions', `SELECT Region, sum(gp) p FROM t GROUP BY 1 ORDER BY p DESC`, 'gross profit, by region'],
  [
    'List our 3 most profitable sub-categories',
    `SELECT "Sub-Category", sum(gp) p FROM t GROUP BY 1 ORDER BY p DESC LIMIT 3`,
    'top 3 by gross profit, by Sub-Category',
  ],
  [
    'What are the 5 least profitable states?',
    `SELECT State, sum(gp) p FROM t GROUP BY 1 ORDER BY p LIMIT 5`,
    'bottom 5 by gross profit, by State',
  ],
  // "A margin below 0" kept the states with revenue below 0 (none): it is a margin below 0%.
  [
    'Which states have a margin below 0?',
    `SELECT State, sum(gp) / sum(rev) * 100 m FROM t GROUP BY 1 HAVING m < 0 ORDER BY m`,
    'margin %, by State, margin % < 0',
  ],
  // The 12 customers with one order share the last place.
  [
    'Which customer placed the fewest orders?',
    `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t GROUP BY "Customer ID", 1 QUALIFY rank() OVER (ORDER BY o) <= 1 ORDER BY 1`,
    'bottom 1 by orders, by customer',
  ],
];

describe('the offline analyst answers Superstore questions exactly (DuckDB reference)', () => {
  it('says when customers tie for the last place of a ranking, and that all of them are shown', async () => {
    const answer = await answerWithQuery('Which customer placed the most orders in 2021?', file.snapshot, TODAY);
    expect(answer.text).toContain('| Emily Phan | 8 |\n| Mick Hernandez | 8 |');
    expect(answer.text).toContain('Showing 2 of 693 rows: 2 customers tie for place 1, so all of them are shown.');
  });

  for (const [question, reference, understood] of cases) {
    it(`"${question}" → ${understood}`, () => expectAnswer(question, reference, understood));
  }

  it('"top customers in the West who did not buy in 2021" lists the West\'s 2020 buyers absent from it in 2021', async () => {
    const answer = await answerWithQuery('top customers in the West who did not buy in 2021', file.snapshot, TODAY);
    const count = await lapsedCount(`Region = 'West' AND year(d) = 2020`, `Region = 'West' AND year(d) = 2021`);
    expect(answer.result?.understood).toBe(
      'customers who bought, region = West, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31',
    );
    expect(answer.result?.totalRows).toBe(count);
  });

  it('"customers who bought, 2020-07-01 … 2020-12-31, but not in 2021-01-01 … 2021-06-30", as the answers write it, is the two periods', async () => {
    const answer = await answerWithQuery(
      'customers who bought, 2020-07-01 … 2020-12-31, but not in 2021-01-01 … 2021-06-30',
      file.snapshot,
      TODAY,
    );
    expect(answer.result?.understood).toBe('customers who bought, 2020-07-01 … 2020-12-31, but not in 2021-01-01 … 2021-06-30');
    expect(answer.result?.totalRows).toBe(
      await lapsedCount(`d BETWEEN '2020-07-01' AND '2020-12-31'`, `d BETWEEN '2021-01-01' AND '2021-06-30'`),
    );
  });

  /** Customers whose last purchase is before `day`, counted by DuckDB. */
  async function silentSinceCount(day: string): Promise<number> {
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID", max(d) AS last FROM t GROUP BY 1) WHERE last < '${day}'`,
    )) as number[][];
    return count;
  }

  describe('"haven\'t ordered in …" lists every customer silent through the span, whenever they bought before', () => {
    // It was "bought in the 6 months before, not since" (99), leaving out those silent longer.
    const silent: [string, string, string][] = [
      [
        "Which customers haven't ordered in 6 months?",
        '2021-07-01',
        'customers who bought, 2018-01-03 … 2021-06-30, but not in 2021-07-01 … 2021-12-30',
      ],
      [
        'Which customers have not purchased since June?',
        '2021-06-01',
        'customers who bought, 2018-01-03 … 2021-05-31, but not in 2021-06-01 … 2021-12-30',
      ],
      [
        "Which customers haven't bought anything in the last 90 days?",
        '2021-10-02',
        'customers who bought, 2018-01-03 … 2021-10-01, but not in 2021-10-02 … 2021-12-30',
      ],
      // Chat answered this one with the churn list ("110 customers are flagged"): "in a year" was not read.
      [
        "How many customers haven't ordered in a year?",
        '2021-01-01',
        'customers who bought, 2018-01-03 … 2020-12-31, but not in 2021-01-01 … 2021-12-30',
      ],
    ];
    for (const [question, since, understood] of silent)
      it(question, async () => {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood).toBe(understood);
        const count = await silentSinceCount(since);
        expect(answer.result?.totalRows).toBe(count);
        expect(answer.text).toContain(`**${count} customers** in all.`);
      });

    it('through chat too, not the churn list', async () => {
      const { trace } = await askOffline("How many customers haven't ordered in a year?", analyse(file.aggregates), file.snapshot);
      expect(trace).toContain('use:query_data');
    });

    it('"stopped buying" and "didn\'t buy" in a span keep the span just before: they ask who stopped then', async () => {
      const answer = await answerWithQuery("Which customers didn't buy in the last 6 months?", file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('customers who bought, 2021-01-01 … 2021-06-30, but not in 2021-07-01 … 2021-12-30');
      expect(answer.result?.totalRows).toBe(
        await lapsedCount(`d BETWEEN '2021-01-01' AND '2021-06-30'`, `d BETWEEN '2021-07-01' AND '2021-12-30'`),
      );
    });
  });

  // "Monthly sales of Xerox 1967" listed the 5 months it sold in, and its chart drew a line
  // straight from July 2018 to September 2019.
  it('a series over time has every bucket of its span, empty ones 0', async () => {
    const answer = await answerWithQuery('Monthly sales of Xerox 1967', file.snapshot, TODAY);
    const expected = await sql(
      `SELECT strftime(m, '%Y-%m'), coalesce(sum(rev), 0) FROM generate_series(DATE '2018-01-01', DATE '2021-12-01', INTERVAL 1 MONTH) g(m)
       LEFT JOIN t ON date_trunc('month', d) = m AND "Product Name" = 'Xerox 1967' GROUP BY m ORDER BY m`,
    );
    expect(answer.result?.rows.length).toBe(48);
    expect(answer.result?.rows.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    answer.result?.rows.forEach((r, i) => expect(r[1] as number).toBeCloseTo(expected[i][1] as number, 6));
    expect(answer.result?.rows.filter((r) => r[1] !== 0)).toHaveLength(5);

    // Within a period, the period's buckets; a ratio has no value in an empty one.
    const quarters = await answerWithQuery('Average order value by quarter for Claire Gute in 2020', file.snapshot, TODAY);
    expect(quarters.result?.rows.map((r) => r[0])).toEqual(['2020 Q1', '2020 Q2', '2020 Q3', '2020 Q4']);
    expect(quarters.result?.rows.slice(0, 3).map((r) => r[1])).toEqual([null, null, null]);
  });

  describe('how many things each customer bought, and customers who bought two things', () => {
    it('"How many customers bought just one product in 2021?" counts those with one distinct product (it counted every customer of 2021)', async () => {
      const answer = await answerWithQuery('How many customers bought just one product in 2021?', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('products, by customer, one product, 2021-01-01 … 2021-12-31');
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING count(DISTINCT "Product ID") = 1)`,
      )) as number[][];
      expect(answer.result?.totalRows).toBe(count);
      expect(answer.text).toContain(`**${count} customers** with one product.`);
    });

    it('"Which customers bought only one product?" lists them (it got the help list)', async () => {
      const answer = await answerWithQuery('Which customers bought only one product?', file.snapshot, TODAY);
      const expected = await sql(
        `SELECT "Customer Name", 1 FROM t GROUP BY "Customer ID", 1 HAVING count(DISTINCT "Product ID") = 1 ORDER BY 1`,
      );
      expect(answer.result?.rows).toEqual(expected);
    });

    it('"… only one category" is refused by name (it listed revenue by customer and category)', async () => {
      const answer = await answerWithQuery('Which customers buy from only one category?', file.snapshot, TODAY);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain('but not distinct categories yet');
    });

    it('"Which customers bought Furniture and Technology?" lists those who bought both (it counted either, then was refused)', async () => {
      const [[boughtBoth]] = (await sql(
        `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE Category IN ('Furniture', 'Technology') GROUP BY 1 HAVING count(DISTINCT Category) = 2)`,
      )) as number[][];
      for (const question of ['Which customers bought Furniture and Technology?', 'How many customers bought Furniture and Technology?']) {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood).toBe('customers who bought each of category = Furniture, Technology');
        expect(answer.result?.totalRows).toBe(boughtBoth);
      }
      // A sum over two regions is still their sum.
      const sum = await answerWithQuery('Revenue of the West and East', file.snapshot, TODAY);
      const [[both]] = (await sql(`SELECT sum(rev) FROM t WHERE Region IN ('West', 'East')`)) as number[][];
      expect(sum.result?.rows[0][0] as number).toBeCloseTo(both, 6);
    });

    // "… but no Accessories" listed the buyers of Phones or Accessories; "… and no …" the buyers of both.
    it.each(['Which customers bought Phones but no Accessories?', 'Which customers bought Phones and no Accessories?'])(
      '"%s" lists the buyers of Phones who never bought Accessories',
      async (question) => {
        const [[count]] = (await sql(
          `SELECT count(*) FROM (SELECT DISTINCT "Customer ID" FROM t WHERE "Sub-Category" = 'Phones'
             EXCEPT SELECT DISTINCT "Customer ID" FROM t WHERE "Sub-Category" = 'Accessories')`,
        )) as number[][];
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood).toBe('customers who bought, Sub-Category = Phones, but never Sub-Category = Accessories');
        expect(answer.result?.totalRows).toBe(count);
      },
    );

    it('"Which products did Sean Miller buy that Tom Ashbrook didn\'t?" is refused (it listed what either bought)', async () => {
      const answer = await answerWithQuery("Which products did Sean Miller buy that Tom Ashbrook didn't?", file.snapshot, TODAY);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain("but not set one customer's purchases against another's yet; ask about each in turn.");
    });
  });

  describe('"less … than" and "more … than" two periods keep the rows down (or up), largest change first', () => {
    /** Keys of `key` whose figure `measure` in `a` is below (or above) that in `b`, periods as SQL conditions, counted by DuckDB. */
    async function changedCount(key: string, measure: string, a: string, b: string, op: '<' | '>'): Promise<number> {
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT ${key}, ${measure.replaceAll('$', `(${a})`)} AS x, ${measure.replaceAll('$', `(${b})`)} AS y
         FROM t WHERE (${a}) OR (${b}) GROUP BY ALL) WHERE round(x - y, 9) ${op} 0`,
      )) as number[][];
      return count;
    }
    const revenue = 'sum(CASE WHEN $ THEN rev ELSE 0 END)';
    const thisYear = `d BETWEEN '2021-01-01' AND '2021-12-30'`;
    const lastYear = `d BETWEEN '2020-01-01' AND '2020-12-30'`;
    const cases: [string, string, string, () => Promise<number>][] = [
      // It compared 2020 with 2019: "last year" was read alone, then set against the year before.
      [
        'Which customers spent less this year than last year?',
        'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
        '**327 customers** with revenue down.',
        () => changedCount('"Customer ID"', revenue, thisYear, lastYear, '<'),
      ],
      // Refused: no figure was named.
      [
        'Which customers are buying less than last year?',
        'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
        '**327 customers** with revenue down.',
        () => changedCount('"Customer ID"', revenue, thisYear, lastYear, '<'),
      ],
      [
        'Which customers ordered less in 2021 than 2020?',
        'orders, sorted by change, by customer, orders down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
        '**230 customers** with orders down.',
        () => changedCount('"Customer ID"', 'count(DISTINCT CASE WHEN $ THEN "Order ID" END)', 'year(d) = 2021', 'year(d) = 2020', '<'),
      ],
      // "Buying less" with one period is against the one before; customers who buy are the subject, not a grouping.
      [
        'Which products are customers buying less of this year?',
        'revenue, sorted by change, by product, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
        '**727 products** with revenue down.',
        () => changedCount('"Product ID"', revenue, thisYear, lastYear, '<'),
      ],
      [
        'Which customers are ordering more this quarter?',
        'orders, sorted by change, by customer, orders up, 2021-10-01 … 2021-12-30, compared with 2021-07-01 … 2021-09-30',
        '**297 customers** with orders up.',
        () =>
          changedCount(
            '"Customer ID"',
            'count(DISTINCT CASE WHEN $ THEN "Order ID" END)',
            `d BETWEEN '2021-10-01' AND '2021-12-30'`,
            `d BETWEEN '2021-07-01' AND '2021-09-30'`,
            '>',
          ),
      ],
      [
        'Which categories had higher profit this year than last year?',
        'gross profit, sorted by change, by category, gross profit up, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
        '**2 categories** with gross profit up.',
        () => changedCount('Category', 'sum(CASE WHEN $ THEN gp ELSE 0 END)', thisYear, lastYear, '>'),
      ],
      // "Which regions grew in 2021?" listed Central, down 0.2%, as one that grew: asked which went one way, the rows that did.
      [
        'Which regions grew in 2021?',
        'revenue, sorted by change, by region, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
        '**3 regions** with revenue up.',
        () => changedCount('Region', revenue, 'year(d) = 2021', 'year(d) = 2020', '>'),
      ],
      [
        'Which sub-categories declined in 2021 vs 2020?',
        'revenue, sorted by change, by Sub-Category, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
        '**3 Sub-Categories** with revenue down.',
        () => changedCount('"Sub-Category"', revenue, 'year(d) = 2021', 'year(d) = 2020', '<'),
      ],
      // Read as lost customers, the wrong way round: the 135 who bought in 2021 but not in 2020.
      [
        'Which customers lost the most profit in 2021 vs 2020?',
        'gross profit, sorted by change, by customer, gross profit down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
        '**352 customers** with gross profit down.',
        () => changedCount('"Customer ID"', 'sum(CASE WHEN $ THEN gp ELSE 0 END)', 'year(d) = 2021', 'year(d) = 2020', '<'),
      ],
      [
        'Which customers lost the most in 2021 vs 2020?',
        'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
        '**328 customers** with revenue down.',
        () => changedCount('"Customer ID"', revenue, 'year(d) = 2021', 'year(d) = 2020', '<'),
      ],
      [
        "Which categories' margin dropped this year?",
        'margin %, sorted by change, by category, margin % down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
        '**2 categories** with margin % down.',
        () =>
          changedCount('Category', 'sum(CASE WHEN $ THEN gp ELSE 0 END) / sum(CASE WHEN $ THEN rev ELSE 0 END)', thisYear, lastYear, '<'),
      ],
    ];
    // It kept the customers whose orders fell: the verb's figure keeps the rows, the other is beside it.
    it('"Which customers spent less in 2021 than 2020, with their orders?" keeps those whose revenue fell', async () => {
      const answer = await answerWithQuery('Which customers spent less in 2021 than 2020, with their orders?', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe(
        'revenue, orders, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      );
      expect(answer.result?.totalRows).toBe(await changedCount('"Customer ID"', revenue, 'year(d) = 2021', 'year(d) = 2020', '<'));
      // The revenue's change is the third figure of each row (after the two periods').
      expect((answer.result?.rows ?? []).every((row) => (row[3] as number) < 0)).toBe(true);
    });
    for (const [question, understood, lead, reference] of cases)
      it(question, async () => {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood).toBe(understood);
        expect(answer.result?.totalRows).toBe(await reference());
        expect(answer.text).toContain(lead);
        // Every row listed is down (or up).
        const changes = (answer.result?.rows ?? []).map((row) => row[row.length - 2] as number);
        expect(changes.every((c) => (understood.includes(' down,') ? c < 0 : c > 0))).toBe(true);
      });

    // Both listed every silent customer, the threshold dropped (359 and 100).
    it('a threshold beside customers who stopped buying is refused, not dropped', async () => {
      for (const question of [
        "Which customers haven't bought in 90 days but spent over 1000 last year?",
        'Which customers with more than 10 orders have not ordered this year?',
      ]) {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result, question).toBeNull();
        expect(answer.text).toContain(
          'I can list the customers who stopped buying, or the customers past a threshold, but not both in one step yet',
        );
      }
    });

    // The first kept margin < 10 and dropped revenue > 1000; the second orders > 5, dropping the spend.
    it('two thresholds are refused by name, not cut to one', async () => {
      for (const [question, reason] of [
        ['Which products have margin below 10% and revenue over 1000?', 'this question names 2 (“below 10”, “over 1000”)'],
        ['Which customers ordered more than 5 times and spent over 1000?', 'this question names 2 (“more than 5”, “over 1000”)'],
        ['Which customers spent between 1k and 5k with more than 5 orders?', 'this question names 2 (“between 1k and 5k”, “more than 5”)'],
      ]) {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result, question).toBeNull();
        expect(answer.text).toContain(reason);
      }
      // Two dates are a period, not a range of a figure.
      const dates = await answerWithQuery('sales between 2021-01-01 and 2021-03-31', file.snapshot, TODAY);
      expect(dates.result?.understood).toBe('revenue, 2021-01-01 … 2021-03-31');
    });

    // "Between 1000 and 5000" listed every customer, then was refused; with a year, the
    // range was read as a period ("couldn't read the period “between 5k and 10k in 2021”").
    it('a range between two amounts keeps the rows from one to the other, both included', async () => {
      const cases: [string, string, string][] = [
        [
          'Which customers spent between 1000 and 5000?',
          'revenue, by customer, revenue between 1,000 and 5,000',
          `SELECT "Customer ID" FROM t GROUP BY 1 HAVING sum(rev) BETWEEN 1000 AND 5000`,
        ],
        [
          'Which customers spent between 5k and 10k in 2021?',
          'revenue, by customer, revenue between 5,000 and 10,000, 2021-01-01 … 2021-12-31',
          `SELECT "Customer ID" FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING sum(rev) BETWEEN 5000 AND 10000`,
        ],
        [
          'Which products had a margin between 10% and 20% in 2020?',
          'margin %, by product, margin % between 10 and 20, 2020-01-01 … 2020-12-31',
          // Rounded: 32 products have a margin of exactly 10% or 20% in 2020, which a division leaves a bit off.
          `SELECT "Product ID" FROM t WHERE year(d) = 2020 GROUP BY 1 HAVING sum(rev) > 0 AND round(100 * sum(gp) / sum(rev), 9) BETWEEN 10 AND 20`,
        ],
        [
          'How many customers placed between 5 and 8 orders in 2021?',
          'orders, by customer, orders between 5 and 8, 2021-01-01 … 2021-12-31',
          `SELECT "Customer ID" FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING count(DISTINCT "Order ID") BETWEEN 5 AND 8`,
        ],
      ];
      for (const [question, understood, reference] of cases) {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood, question).toBe(understood);
        const [[count]] = (await sql(`SELECT count(*) FROM (${reference})`)) as number[][];
        expect(count, question).toBeGreaterThan(0);
        expect(answer.result?.totalRows, question).toBe(count);
      }
      // The largest first, as for "over 5k" (it listed the range from its bottom).
      const range = await answerWithQuery('Which customers spent between 5k and 10k in 2021?', file.snapshot, TODAY);
      const [[largest]] = (await sql(
        `SELECT max(r) FROM (SELECT sum(rev) r FROM t WHERE year(d) = 2021 GROUP BY "Customer ID" HAVING r BETWEEN 5000 AND 10000)`,
      )) as number[][];
      expect(range.result?.rows[0][1] as number).toBeCloseTo(largest, 6);
      // "Between 10k and 5k", ends the wrong way round, is the same range; two years stay a period.
      const swapped = await answerWithQuery('Which customers spent between 10k and 5k in 2021?', file.snapshot, TODAY);
      expect(swapped.result?.understood).toBe('revenue, by customer, revenue between 5,000 and 10,000, 2021-01-01 … 2021-12-31');
      const years = await answerWithQuery('revenue between 2020 and 2021', file.snapshot, TODAY);
      expect(years.result?.understood).toBe('revenue, 2020-01-01 … 2021-12-31');
    });

    // It counted 2020's 638 customers, kept or not.
    it('"How many customers did we keep from 2020?" is refused with the question that counts those kept; "keep an eye on" gets the churn list', async () => {
      const kept = await answerWithQuery('How many customers did we keep from 2020?', file.snapshot, TODAY);
      expect(kept.result).toBeNull();
      expect(kept.text).toContain('("customers who bought in both 2020 and 2021")');
      // Named with both years, it is answered.
      const both = await answerWithQuery('How many customers did we keep from 2020 to 2021?', file.snapshot, TODAY);
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT DISTINCT "Customer ID" FROM t WHERE year(d) = 2020 INTERSECT SELECT DISTINCT "Customer ID" FROM t WHERE year(d) = 2021)`,
      )) as number[][];
      expect(both.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, and also in 2021-01-01 … 2021-12-31');
      expect(both.result?.totalRows).toBe(count);
      // The same answer as the churn question's, whatever its figures (they are the churn analysis', tested there).
      const result = analyse(file.aggregates);
      const { answer } = await askOffline('Which customers should we keep an eye on?', result, file.snapshot);
      const churn = await askOffline('Which customers are at risk of churning?', result, file.snapshot);
      expect(answer).toMatch(/^\*\*\d+ customers\*\* are flagged: /);
      expect(answer).toBe(churn.answer);
    });

    it('"Show revenue growth by region in 2021 vs 2020" is a breakdown: every region, those down too', async () => {
      const answer = await answerWithQuery('Show revenue growth by region in 2021 vs 2020', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe(
        'revenue, sorted by change, by region, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      );
      expect(answer.result?.rows.map((r) => r[0])).toEqual(['West', 'East', 'South', 'Central']);
    });

    // "What should we cross-sell to Sean Miller?" got his revenue.
    it.each([
      'What should we cross-sell to Sean Miller?',
      'What would you recommend for Sean Miller?',
      'What can we upsell to Sean Miller?',
    ])('"%s" gets the cross-sell answer, not a figure of the rows', async (question) => {
      const result = analyse(file.aggregates);
      const { answer, trace } = await askOffline(question, result, file.snapshot);
      const direct = await askOffline('What should I sell to Sean Miller?', result, file.snapshot);
      expect(trace).toContain('use:get_cross_sell');
      expect(trace).not.toContain('query_data');
      expect(answer).toBe(direct.answer);
    });

    // Neither asks what to offer a customer (they got the cross-sell rules).
    it.each(['Which customers are most likely to buy next month?', 'How much revenue came from upselling in 2021?'])(
      '"%s" does not get the cross-sell answer',
      async (question) => {
        const { trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
        expect(trace).not.toContain('get_cross_sell');
      },
    );

    // "What did Sean Miller buy last?" listed all he ever bought, by revenue.
    it('"What did Sean Miller buy last?" lists what he bought on his last purchase day, as DuckDB finds it', async () => {
      const [[day]] = (await sql(`SELECT strftime(max(d), '%Y-%m-%d') FROM t WHERE "Customer Name" = 'Sean Miller'`)) as string[][];
      const products = (await sql(
        `SELECT "Product Name", sum(rev) r FROM t WHERE "Customer Name" = 'Sean Miller' AND d = '${day}' GROUP BY 1 ORDER BY r DESC, 1`,
      )) as [string, number][];
      const result = analyse(file.aggregates);
      for (const question of [
        'What did Sean Miller buy last?',
        "What was in Sean Miller's last order?",
        'What did Sean Miller buy most recently?',
      ]) {
        const { answer } = await askOffline(question, result, file.snapshot);
        expect(answer.startsWith(`I understood: **revenue, by product, customer = Sean Miller, ${day} … ${day}**.`), answer).toBe(true);
        const rows = answer.split('\n').filter((line) => /^\| (?!product|---)/.test(line));
        expect(rows).toEqual(products.map(([name, r]) => `| ${name} | ${formatCell(r, 'money')} |`));
      }
      // Without the analysis to say which day that was, it is refused, not answered for all time.
      const alone = await answerWithQuery('What did Sean Miller buy last?', file.snapshot, TODAY);
      expect(alone.result).toBeNull();
      expect(alone.text).toContain("I can't pick out one customer's last purchase here");
      // Single orders are no list the query makes: "What were our last orders?" got the count of all orders.
      const latest = await answerWithQuery('What were our last orders?', file.snapshot, TODAY);
      expect(latest.result).toBeNull();
      expect(latest.text).toContain("I can't list single orders");
    });

    // "Which customers doubled their spend this year?" listed every customer's revenue of 2021.
    it('"doubled" and "halved" keep the rows whose figure rose 100% or fell 50% against the period before, as DuckDB counts them', async () => {
      const multiple = async (key: string, a: string, b: string, test: string): Promise<number> => {
        const [[count]] = (await sql(
          `SELECT count(*) FROM (SELECT ${key}, ${revenue.replaceAll('$', `(${a})`)} AS x, ${revenue.replaceAll('$', `(${b})`)} AS y
           FROM t WHERE (${a}) OR (${b}) GROUP BY ALL) WHERE y > 0 AND ${test}`,
        )) as number[][];
        return count;
      };
      for (const [question, understood, lead, reference] of [
        [
          'Which customers doubled their spend this year?',
          'revenue, sorted by change, by customer, revenue up 100% or more, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
          'customers** with revenue up 100% or more.',
          () => multiple('"Customer ID"', thisYear, lastYear, '(x - y) / y >= 1'),
        ],
        [
          'Which products halved their sales in 2021?',
          'revenue, sorted by change, by product, revenue down 50% or more, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
          'products** with revenue down 50% or more.',
          () => multiple('"Product ID"', 'year(d) = 2021', 'year(d) = 2020', '(x - y) / y <= -0.5'),
        ],
        // "From 2020 to 2021" set 2020–2021 against 2018–2019 (322 customers).
        [
          'Which customers doubled their spend from 2020 to 2021?',
          'revenue, sorted by change, by customer, revenue up 100% or more, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
          'customers** with revenue up 100% or more.',
          () => multiple('"Customer ID"', 'year(d) = 2021', 'year(d) = 2020', '(x - y) / y >= 1'),
        ],
      ] as const) {
        const answer = await answerWithQuery(question, file.snapshot, TODAY);
        expect(answer.result?.understood).toBe(understood);
        const count = await reference();
        expect(count).toBeGreaterThan(0);
        expect(answer.result?.totalRows).toBe(count);
        expect(answer.text).toContain(`**${count} ${lead}`);
      }
      // With no period there is nothing to double from.
      const none = await answerWithQuery('Which customers doubled their orders?', file.snapshot, TODAY);
      expect(none.result).toBeNull();
      // The periods offered are the file's own.
      expect(none.text).toContain('To say how it changed I need two periods, such as "in 2021 vs 2020" or "from 2020 to 2021".');
    });

    it('"more than Sean Miller" is refused: it answered Sean Miller\'s revenue; "than 2020 in the West" is still a comparison', async () => {
      const rival = await answerWithQuery('Which customers spent more than Sean Miller?', file.snapshot, TODAY);
      expect(rival.result).toBeNull();
      expect(rival.text).toContain("I can't set one value's figure against another's in one step (“than Sean Miller”)");
      const west = await answerWithQuery('Which customers spent more in 2021 than 2020 in the West?', file.snapshot, TODAY);
      expect(west.result?.understood).toBe(
        'revenue, sorted by change, by customer, revenue up, region = West, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      );
      expect(west.result?.totalRows).toBe(
        await changedCount('"Customer ID"', revenue, `Region = 'West' AND year(d) = 2021`, `Region = 'West' AND year(d) = 2020`, '>'),
      );
    });

    it('"Customers with revenue greater than last year" lists the customers up (it answered 2020\'s total: "with" was read as the comparison)', async () => {
      const answer = await answerWithQuery('Customers with revenue greater than last year', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe(
        'revenue, sorted by change, by customer, revenue up, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
      );
      expect(answer.result?.totalRows).toBe(await changedCount('"Customer ID"', revenue, thisYear, lastYear, '>'));
    });

    it('"more customers in 2021 than in 2020" and "better than" name their figures (both asked for one)', async () => {
      const regions = await answerWithQuery('Which regions had more customers in 2021 than in 2020?', file.snapshot, TODAY);
      expect(regions.result?.understood).toBe(
        'customers, sorted by change, by region, customers up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      );
      expect(regions.result?.totalRows).toBe(
        await changedCount('Region', 'count(DISTINCT CASE WHEN $ THEN "Customer ID" END)', 'year(d) = 2021', 'year(d) = 2020', '>'),
      );
      const better = await answerWithQuery('Is November 2021 better than November 2020?', file.snapshot, TODAY);
      expect(better.result?.understood).toBe('revenue, 2021-11-01 … 2021-11-30, compared with 2020-11-01 … 2020-11-30');
    });

    it('"a lower margin this year than last year" keeps products with a margin in both years (it counted those that sold nothing this year as 0%)', async () => {
      const answer = await answerWithQuery('Which products had a lower margin this year than last year?', file.snapshot, TODAY);
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT "Product ID", sum(gp) FILTER (WHERE ${thisYear}) g1, sum(rev) FILTER (WHERE ${thisYear}) r1,
           sum(gp) FILTER (WHERE ${lastYear}) g0, sum(rev) FILTER (WHERE ${lastYear}) r0 FROM t GROUP BY 1)
         WHERE r1 <> 0 AND r0 <> 0 AND round(100 * g1 / r1 - 100 * g0 / r0, 9) < 0`,
      )) as number[][];
      // Rounded: 209 products had the same margin both years (often exactly 20%), and two
      // divisions left 57 of them a bit lower; they were listed until a figure within 1e-9
      // of its bound counted as the bound.
      expect(answer.result?.totalRows).toBe(count);
      expect(answer.result?.rows.every((r) => typeof r[1] === 'number' && typeof r[2] === 'number')).toBe(true);
    });

    it('"Which customers are we losing money on?" and "How many products lost money in 2021?" list and count the losses', async () => {
      // The first was read as customers lost (and got the products' margins), the second as the total gross profit.
      const customers = await answerWithQuery('Which customers are we losing money on?', file.snapshot, TODAY);
      expect(customers.result?.understood).toBe('gross profit, by customer, gross profit < 0');
      const [[losing]] = (await sql(`SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING sum(gp) < 0)`)) as number[][];
      expect(customers.result?.totalRows).toBe(losing);
      const products = await answerWithQuery('How many products lost money in 2021?', file.snapshot, TODAY);
      expect(products.result?.understood).toBe('gross profit, by product, gross profit < 0, 2021-01-01 … 2021-12-31');
      const [[lost, together]] = (await sql(
        `SELECT count(*), sum(p) FROM (SELECT "Product ID", sum(gp) p FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING sum(gp) < 0)`,
      )) as number[][];
      const sum = together.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(products.text).toContain(`**${lost} products** with gross profit < 0; together: gross profit ${sum}.`);
    });

    it('"ordered more than twice last year" is orders > 2 (it asked for the figure)', async () => {
      const answer = await answerWithQuery('Which customers ordered more than twice last year?', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('orders, by customer, orders > 2, 2020-01-01 … 2020-12-31');
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) = 2020 GROUP BY 1 HAVING count(DISTINCT "Order ID") > 2)`,
      )) as number[][];
      expect(answer.result?.totalRows).toBe(count);
    });

    it('"bought more than 1000 in 2021" is a threshold on revenue (it asked for the figure)', async () => {
      const answer = await answerWithQuery('Which customers bought more than 1000 in 2021?', file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('revenue, by customer, revenue > 1,000, 2021-01-01 … 2021-12-31');
      const [[count]] = (await sql(
        `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING sum(rev) > 1000)`,
      )) as number[][];
      expect(answer.result?.totalRows).toBe(count);
    });

    it("a list by two columns counts its pairs, not the first column's values", async () => {
      const answer = await answerWithQuery('Which regions and categories sold less this year than last year?', file.snapshot, TODAY);
      const count = await changedCount('Category, Region', revenue, thisYear, lastYear, '<');
      expect(answer.text).toContain(`**${count} category × region pairs** with revenue down.`);
    });

    it('"more than 1000 in 2021 vs 2020" stays a threshold, not a comparison of 1000 with a period', async () => {
      const answer = await answerWithQuery('Which customers spent more than 1000 in 2021 vs 2020?', file.snapshot, TODAY);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain("I can't apply “more than 1000” here");
    });
  });

  it('"… this year and how did they do last year?" sets the same days of last year against this year to date (it took all of 2020)', async () => {
    const answer = await answerWithQuery('Who are our top 10 customers this year and how did they do last year?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(
      'top 10 by revenue, by customer, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
    );
  });

  it('"What percent of customers are repeat buyers?" is the repeat rate (it was refused as no share of revenue)', async () => {
    const answer = await answerWithQuery('What percent of customers are repeat buyers?', file.snapshot, TODAY);
    const [[rate]] = (await sql(
      `SELECT count(*) FILTER (WHERE n >= 2) * 100.0 / count(*) FROM (SELECT "Customer ID", count(DISTINCT "Order ID") n FROM t GROUP BY 1)`,
    )) as number[][];
    expect(answer.result?.understood).toBe('repeat rate, customers with 2+ orders, customers with one order');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(rate, 10);
  });

  it('"Which customers did we win back?" is refused (it got the churn list, those still to win back); "should we win back" gets that list', async () => {
    const result = analyse(file.aggregates);
    const won = await askOffline('Which customers did we win back?', result, file.snapshot);
    expect(won.answer).toContain("I can't tell which customers came back after a lapse yet");
    expect(won.trace).not.toContain('use:get_churn_risk');
    expect((await askOffline('Which customers should we win back?', result, file.snapshot)).trace).toContain('use:get_churn_risk');
  });

  it('"Which customers should we call this week?" gets the churn list (it asked for a figure)', async () => {
    const { trace } = await askOffline('Which customers should we call this week?', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_churn_risk');
  });

  // "Top 3 stores by sales" and "Top 5 days by revenue" got the total revenue of the file.
  it.each([
    ['Top 3 stores by sales', "I can't group by “stores”: it is not a column of this file I can slice by."],
    // It got the total revenue.
    ['Which stores buy the most Chairs?', "I can't group by “stores”: it is not a column of this file I can slice by."],
    ['Top 5 days by revenue', 'I can rank weeks, months, quarters and years, but not single days or hours yet'],
    ['Revenue by day', 'I can rank weeks, months, quarters and years, but not single days or hours yet'],
    ['Top 5 sales reps by revenue', 'This file has no sales-rep column.'],
  ])('"%s" is refused by name, not answered with the total', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  // A file with no sales-rep column: "Rep 12" can't be picked out, and "my reps" only make the call.
  it('"Which customers should Rep 12 call?" is refused for the missing column (it got every customer\'s list); "my reps" still get it', async () => {
    const result = analyse(file.aggregates);
    const rep = await askOffline('Which customers should Rep 12 call?', result, file.snapshot);
    expect(rep.answer).toContain('This file has no sales-rep column.');
    expect(rep.trace).not.toContain('use:get_churn_risk');
    const reps = await askOffline('Who should my reps visit this week?', result, file.snapshot);
    expect(reps.trace).toContain('use:get_churn_risk');
    expect(reps.answer).toBe((await askOffline('Which customers are at risk?', result, file.snapshot)).answer);
  });

  it('"What is our churn rate?" is the share of last year\'s buyers who bought nothing in the last 12 months (it got the churn-risk list, no rate)', async () => {
    const answer = await answerWithQuery('What is our churn rate?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30');
    const lost = await lapsedCount('year(d) = 2020', `d BETWEEN '2021-01-01' AND '2021-12-30'`);
    const [[base]] = (await sql(`SELECT count(DISTINCT "Customer ID") FROM t WHERE year(d) = 2020`)) as number[][];
    expect(answer.result?.lapsedShare?.of).toBe(base);
    expect(answer.result?.lapsedShare?.percent).toBeCloseTo((lost / base) * 100, 10);
    expect(answer.text).toContain(
      `**${lost} customers** in all. That is ${((lost / base) * 100).toFixed(1)}% of the ${base} customers who bought in 2020-01-01 … 2020-12-31.`,
    );
    // And what they had bought: the revenue that stopped with them, of all of 2020's.
    const [[gone, all]] = (await sql(
      `SELECT sum(rev) FILTER (WHERE "Customer ID" NOT IN (SELECT "Customer ID" FROM t WHERE d BETWEEN '2021-01-01' AND '2021-12-30')), sum(rev)
       FROM t WHERE year(d) = 2020`,
    )) as number[][];
    expect(answer.result?.lapsedShare?.revenue).toBeCloseTo(gone, 6);
    expect(answer.result?.lapsedShare?.periodRevenue).toBeCloseTo(all, 6);
    const twoDecimals = gone.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer.text).toContain(
      `Together they bought ${twoDecimals} then, ${((gone / all) * 100).toFixed(1)}% of that period's revenue.`,
    );
    const { trace } = await askOffline('What is our churn rate?', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:query_data');
    // Two periods are not one churn rate: refused, not answered for the last 12 months.
    const two = await answerWithQuery('What was the churn rate in 2021 vs 2020?', file.snapshot, TODAY);
    expect(two.result).toBeNull();
    expect(two.text).toContain('I can give the churn rate of one period at a time');
  });

  it('"How many customers did we lose in 2021?" counts those who bought in 2020 but not in 2021', async () => {
    const answer = await answerWithQuery('How many customers did we lose in 2021?', file.snapshot, TODAY);
    const count = await lapsedCount('year(d) = 2020', 'year(d) = 2021');
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(answer.result?.totalRows).toBe(count);
    expect(answer.text).toContain(`**${count} customers** in all.`);
  });

  // Both were the 135 who bought in 2021 but not in 2020; the second read one range, 2020–2021, against 2018–2019.
  for (const question of [
    'Which customers did we lose in 2021 vs 2020?',
    'Customers who stopped buying in 2021 compared to 2020',
    'Which customers churned from 2020 to 2021?',
  ])
    it(`"${question}" are those who bought in 2020 but not in 2021, whichever year is named first`, async () => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
      expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2020', 'year(d) = 2021'));
    });
  it('"Which customers bought in 2021 but not in 2020?" keeps the order it names (the new buyers of 2021)', async () => {
    const answer = await answerWithQuery('Which customers bought in 2021 but not in 2020?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2021-01-01 … 2021-12-31, but not in 2020-01-01 … 2020-12-31');
    expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2021', 'year(d) = 2020'));
  });

  it('"Which customers stopped buying this year?" are those who bought in all of 2020 and not in 2021 to date (2020 began on 3 January)', async () => {
    const answer = await answerWithQuery('Which customers stopped buying this year?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30');
    expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2020', `d BETWEEN '2021-01-01' AND '2021-12-30'`));
  });

  // Both were refused as "bought one product but not another"; the second had got the help list before.
  it.each([
    ['customers who bought Chairs but not Tables', 'Sub-Category', 'Chairs', 'Tables', 'Sub-Category'],
    ['Which customers bought Technology but never Furniture?', 'Category', 'Technology', 'Furniture', 'category'],
  ])('"%s" are the customers of the one with no purchase of the other', async (question, column, bought, never, label) => {
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT DISTINCT "Customer ID" FROM t WHERE "${column}" = '${bought}' EXCEPT SELECT DISTINCT "Customer ID" FROM t WHERE "${column}" = '${never}')`,
    )) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(`customers who bought, ${label} = ${bought}, but never ${label} = ${never}`);
    expect(answer.result?.totalRows).toBe(count);
  });

  it('"How many customers bought Furniture in 2020 but not in 2021?" counts the lapsed buyers', async () => {
    const answer = await answerWithQuery('How many customers bought Furniture in 2020 but not in 2021?', file.snapshot, TODAY);
    const count = await lapsedCount(`Category = 'Furniture' AND year(d) = 2020`, `Category = 'Furniture' AND year(d) = 2021`);
    expect(answer.result?.totalRows).toBe(count);
    // The count comes first, in words, before the list of who.
    expect(answer.text).toContain(`**${count} customers** in all.`);
    expect(answer.result?.understood).toBe(
      'customers who bought, category = Furniture, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31',
    );
  });
});

const refusals: [string, RegExp][] = [
  // Found by a review of this session's changes, each once answered with a wrong figure.
  ['How many orders had losses?', /not single orders or lines yet/],
  // The top of all customers, or of the West's? (Chairs' share of the West is answered since the ninth session.)
  [
    'What share of revenue in the West comes from our top customer?',
    /not of a value’s own revenue or of what is left when values are taken out yet/,
  ],
  ['Share of revenue not from our top customer', /can't tell what “not from our top customer” leaves out/],
  ['What share of revenue comes from our top category and our top region?', /can't look up "our top category"/],
  ['Revenue not from new customers in 2021', /can't tell what “not from new customers” leaves out/],
  // Lists of what has none of a figure listed those that had it, or everyone.
  ["Customers who didn't have losses in 2021", /not those with none of a figure or without it yet/],
  ['Customers whose profit was negative in 2021', /not those with none of a figure or without it yet/],
  ['Which supplier do we depend on most?', /This file has no supplier column\./],
  ['revenue by sales rep', /This file has no sales-rep column\./],
  ['What will revenue be next year?', /asks about the future or a cause/],
  ['Forecast sales for Q1 2022', /asks about the future or a cause/],
  ['Why did sales drop in March?', /asks about the future or a cause/],
  ['hello there', /couldn't tell which figure you want/],
  ['Tell me something interesting', /couldn't tell which figure you want/],
  // The Orders sheet alone has no negative line and no Returned column: 0 would be a guess.
  ['How many orders were returned?', /This file records no returns: it has no credit notes, no lines with a negative amount/],
  ['refunds in 2021', /no column that marks returned orders/],
  ['How many orders were cancelled?', /This file records no returns/],
  // A share of anything but revenue, gross profit or customers is not a figure the query makes.
  [
    'What percentage of orders are from the West?',
    /I can work out a share of revenue or of gross profit, such as a region's or your top customers', or a share of all customers; not a share of orders or units, or of some customers only, yet/,
  ],
  // A number column no figure is made from: "the discount impact on profit" got the total profit.
  ['profit by discount level', /This file's “Discount” column holds numbers that none of my figures is made from/],
  ["What's the discount impact on profit?", /This file's “Discount” column holds numbers that none of my figures is made from/],
  ['revenue by postal code', /This file's “Postal Code” column holds numbers/],
  // Distinct customers don't add up over months: no average of them.
  ['What is the average number of customers per month?', /customers are counted once however often they buy/],
  // It answered the total gross profit.
  ["What's the profit per order?", /but not the items, units or profit of an average order yet/],
  // A change of prices is no question of their level.
  ['Should we raise prices?', /asks about the future or a cause|couldn't tell which figure you want/],
  [
    'profit from new customers in 2021',
    /give the revenue from each, but I can't split profit, margin, orders, units or the average order value between them yet/,
  ],
  ['revenue by day of week', /can't group by “day of week”/],
  ['revenue by category for the top customer', /can't look up "the top customer" and answer about it in one step/],
  ['sales to ZZTOP in 2021', /couldn't find “ZZTOP”/],
  // What a figure is of, every word placed: "paper chain kit" got the sub-category Paper's units,
  // "the acme widget" every unit, "office chairs" Chairs in Office Supplies (0.00).
  ['How many units of paper chain kit did we sell?', /^I can't answer that exactly\. I couldn't find “paper chain kit” among/],
  [
    'How many units of the acme widget did we sell?',
    /I couldn't find “acme widget” among this file's customers, products or other values\./,
  ],
  ['How many paper chain kits did we sell?', /I couldn't find “paper chain kits” among/],
  [
    'sales of office chairs',
    /I can't pick out products by a word of their names \(“office chairs”\) yet; name a category, a supplier or one product in full\./,
  ],
  ['revenue for small business', /I can't pick out products by a word of their names \(“small business”\)/],
  ['Which customers stopped buying?', /two periods/],
  ['customers who bought in 2020 but not', /two periods/],
  ['revenue by vendor', /This file has no supplier column\./],
  ['revenue by week by month', /Group by one time unit at a time\./],
  ['What is the weather in 2021?', /asks about the future or a cause/],
  ['Should I raise prices in 2021?', /asks about the future or a cause/],
  ['what about the stock price', /asks about the future or a cause/],
  ['top suppliers by margin in 2021', /This file has no supplier column\./],
  // Read as "Technology only" before: the opposite of what was asked.
  // Nothing named to leave out: no value of the file follows.
  ['revenue in 2021 excluding returns', /but found no value of this file to leave out after “excluding”/],
  // The first went on to the whole file's worst products, losing Texas; the second ranked customer × state
  // pairs by orders; the third listed the products whose losses outweigh their profits.
  ['Why is Texas losing money?', /a cause\. I can show where it lost money, such as “products with a loss for Texas”\./],
  ['Which state has the most orders per customer?', /I can give revenue per customer, and average another figure over customers/],
  ['Which products always sell at a loss?', /not what lost money on every sale yet/],
  // It got all of 2021's units: no row says when a product was new.
  ['How many new products did we sell in 2021?', /I can count and list the products sold in a period, not which of them were new then yet/],
  // It got the help list: "all four regions" is every region.
  ['Which customers bought in all four regions?', /I can't pick out the customers found in every region yet/],
  // Its example was "the top customers in Furniture" for a question about products.
  ['What is the best-selling product in each category?', /ask for one at a time, such as "the top products in Furniture"/],
  // A supposed change got the average price, last year's change, and the customers who lapsed.
  ...[
    'What if we raised prices by 5%?',
    'What if Technology sales dropped 10%?',
    'How much profit would we make if we stopped discounting?',
    // It got the churn list: months are no grouping to lose.
    'What if we lost our top 3 months?',
  ].map((question): [string, RegExp] => [
    question,
    /I can only report what the rows of this file show, not what would happen after a change;/,
  ]),
  // Periods with no calendar reading: "summer" got the segment Consumer (a fuzzy match inside
  // the word), "fall 2020" a comparison with 2019, the others the whole file's total.
  ['Revenue in the summer', /I can't read “summer” as a period yet; name its first and last day as dates/],
  ['Revenue in fall 2020', /I can't read “fall 2020” as a period yet/],
  ['sales during the holidays', /I can't read “holidays” as a period yet/],
  ['revenue at Christmas', /I can't read “christmas” as a period yet/],
  ['Sales on Mondays', /I can't split sales by day of the week yet; I can group them by week, month, quarter or year\./],
  ['What do we sell on weekends?', /I can't split sales by day of the week yet/],
  // Asked on 27 November 2026 (evening): "average" was dropped and the totals answered.
  ...[
    'What is the average sales by region?',
    'Which region has the highest average spend?',
    'Average revenue by category',
    "What's our average sale?",
  ].map((question): [string, RegExp] => [
    question,
    /An average needs what it is per: I can give revenue per customer \("average revenue per customer by region"\), the average order value \("average order value by region"\) or revenue per month \("average monthly revenue"\)\./,
  ]),
  // Both listed every customer who bought the value (707 for Furniture).
  ['Which customers buy only Furniture?', /I can list the customers who bought something, but not yet those who bought nothing else/],
  ['Customers who only bought Technology', /I can list the customers who bought something, but not yet those who bought nothing else/],
  // The first got every order: lateness is no figure of the rows.
  ['How many orders shipped late?', /I can't tell how long orders took to ship or arrive, or which were late/],
  ['What is the average shipping time?', /I can't tell how long orders took to ship or arrive, or which were late/],
  // It listed every customer who bought Furniture, whatever else they bought.
  ['Which customers buy Furniture only?', /I can list the customers who bought something, but not yet those who bought nothing else/],
  // Both listed every buyer or seller there.
  ['Which customers bought only in the West?', /I can list the customers who bought something, but not yet those who bought nothing else/],
  [
    'Which products are sold only in Texas?',
    /I can list the products \(or other rows\) sold somewhere, but not yet those sold nowhere else/,
  ],
  ['Which customers spend nothing on furniture?', /“never bought” something is not something I can answer exactly yet/],
  // A bare "never" let it past this refusal, and the never-bought list did not read "never once": it listed the buyers of Chairs.
  ['Which customers never once bought Chairs?', /“never bought” something is not something I can answer exactly yet/],
  // The churn list narrowed to Texas is still the whole file's, not a period's.
  ['Which customers in Texas are at risk in 2021?', /worked out for the whole file/],
  // It was told about products; it needs two periods. ("Lost customers in Texas" asked this too: it is now the lost list of them.)
  [
    'Customers in Texas who stopped buying',
    /To find who stopped buying I need two periods, such as “customers in Texas who bought in 2020 but not in 2021”\./,
  ],
  [`${'revenue please '.repeat(140)}`, /couldn't|I understood/],
];

// Each kept the rows by the first of two figures, or by revenue: the refusal quotes the question's words.
describe('two changes at once, and a margin that could be a percentage or an amount, are refused', () => {
  it.each([
    [
      'Which customers spent less and ordered less in 2021 than in 2020?',
      'I can keep the rows by one change at a time, and this question names 2 (“spent less”, “ordered less”); ask with one, and name the other figure to see it beside it.',
    ],
    [
      'Products with a margin below 1000',
      "I can't tell whether a margin “below 1000” is a percentage or an amount: ask for a margin “below 1000%” or for gross profit “below 1000”.",
    ],
  ])('"%s"', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text.startsWith(`I can't answer that exactly. ${reason}\n\n`)).toBe(true);
  });
});

describe('the offline analyst says "can\'t" with no invented figure', () => {
  for (const [question, reason] of refusals.slice(0, -1)) {
    it(`"${question}"`, async () => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.text).toMatch(reason);
      expect(answer.result).toBeNull();
      expect(answer.text.startsWith("I can't answer that exactly.")).toBe(true);
      // No figure: the only digits are the year in the suggested questions.
      expect(answer.text.replace(/\b20\d\d\b/g, '').replace(/Top 5/g, '')).not.toMatch(/\d/);
    });
  }

  it('"Sales in week 12" is refused: a numbered week has no year to read it in', async () => {
    const answer = await answerWithQuery('Sales in week 12', file.snapshot, TODAY);
    expect(answer.text).toMatch(/^I can't answer that exactly\. I can't read “week 12” as a period yet/);
    expect(answer.result).toBeNull();
  });

  it('a question of 2,000 characters is bounded and does not crash', async () => {
    const answer = await answerWithQuery('revenue please '.repeat(140), file.snapshot, TODAY);
    expect(answer.text.length).toBeLessThan(2_000);
  });
});

describe('a loss no row has', () => {
  it('"Which categories lost money?" says none did (every category made a profit), with no table', async () => {
    const [[losing]] = (await sql(`SELECT count(*) FROM (SELECT Category FROM t GROUP BY 1 HAVING sum(gp) < 0)`)) as number[][];
    expect(losing).toBe(0);
    const answer = await answerWithQuery('Which categories lost money?', file.snapshot, TODAY);
    expect(answer.text).toBe(
      'I understood: **gross profit, by category, gross profit < 0**.\n\nNone does: no category has gross profit < 0.',
    );
  });
});

describe('a share of revenue', () => {
  // The second listed the ten with no share.
  for (const question of [
    'What share of revenue do the top 10 customers have?',
    'How much of our revenue comes from our top 10 customers?',
  ])
    it(`"${question}" ranks them and says what the ten hold together`, async () => {
      const [[together]] = (await sql(
        `SELECT sum(r) / (SELECT sum(rev) FROM t) * 100 FROM (SELECT sum(rev) r FROM t GROUP BY "Customer ID" ORDER BY r DESC LIMIT 10)`,
      )) as number[][];
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result?.understood).toBe('top 10 by share of revenue, by customer');
      expect(answer.result?.note).toBe(
        `Showing 10 of 793 rows. Shares are of all revenue, net of returns, whatever the filters. The 10 rows shown hold ${together.toFixed(1)}% of it together.`,
      );
    });
});

describe('in chat, a change asked with no periods is never the total', () => {
  it('"Did sales go up?" gets the monthly trend, first full month against last (it got the total revenue)', async () => {
    const { answer, trace: steps } = await askOffline('Did sales go up?', analyse(file.aggregates), file.snapshot);
    expect(steps).not.toContain('use:query_data');
    expect(answer).toMatch(
      /^Monthly revenue from 2018-01 to 2021-12 .*From the first to the last (full )?month revenue changed -?\d+\.\d%/,
    );
  });

  // Both asked for two periods, while "Which products are declining?" had the analysis' answer.
  const YEAR_OVER_YEAR =
    'No period was named, so this sets the last 12 full months against the 12 before, as the year-over-year growth of the summary does';
  it('"Which customers are declining?" compares the last 12 full months with the 12 before, as the summary\'s growth does', async () => {
    const [[declining]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID", sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30') AS a,
         sum(rev) FILTER (WHERE year(d) = 2020) AS b FROM t GROUP BY 1) WHERE coalesce(a, 0) < coalesce(b, 0)`,
    )) as number[][];
    const { answer, trace } = await askOffline('Which customers are declining?', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:query_data');
    expect(answer).toContain(
      'I understood: **revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31**.',
    );
    expect(answer).toContain(`**${declining} customers** with revenue down.`);
    expect(answer).toContain(YEAR_OVER_YEAR);
  });

  it('"Which category is growing fastest?" is the category with the largest % change of 2021 over 2020', async () => {
    const [[category]] = (await sql(
      `SELECT Category FROM t GROUP BY 1
       ORDER BY sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30') / sum(rev) FILTER (WHERE year(d) = 2020) DESC LIMIT 1`,
    )) as string[][];
    const { answer } = await askOffline('Which category is growing fastest?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('I understood: **top 1 by % change in revenue, by category, revenue up, 2021-01-01 … 2021-12-30');
    expect(answer).toMatch(new RegExp(`\\| ${category} \\|`));
    expect(answer).toContain(YEAR_OVER_YEAR);
  });

  // It got the file's monthly trend: State is a column of the file, not a word of the grammar.
  it('"Which states are growing fastest?" ranks the file\'s State column by % change, 2021 over 2020', async () => {
    const [[state]] = (await sql(
      `SELECT State FROM (SELECT State, sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30') AS a,
         sum(rev) FILTER (WHERE year(d) = 2020) AS b FROM t GROUP BY 1) WHERE b > 0 AND a > b ORDER BY a / b DESC LIMIT 1`,
    )) as string[][];
    const { answer } = await askOffline('Which states are growing fastest?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('I understood: **revenue, sorted by % change, by State, revenue up, 2021-01-01 … 2021-12-30');
    expect(answer.split('\n').find((line) => line.startsWith('| ') && !line.startsWith('| State') && !line.startsWith('| ---'))).toMatch(
      new RegExp(`^\\| ${state} \\|`),
    );
    expect(answer).toContain(YEAR_OVER_YEAR);
  });

  it('"How did Furniture sales change?" names no ranking and still asks for two periods, with no figure', async () => {
    const { answer, trace: steps } = await askOffline('How did Furniture sales change?', analyse(file.aggregates), file.snapshot);
    expect(steps).not.toContain('use:query_data');
    expect(answer).toContain('To say how it changed I need two periods, such as "in 2021 vs 2020" or "from 2020 to 2021".');
    expect(answer.split('Questions I can answer')[0].replace(/\b20\d\d\b/g, '')).not.toMatch(/\d/);
  });
});

// It got the monthly trend with no word of the growth asked for.
it('"What\'s our year over year growth?" gives 2021 against 2020, the last 12 full months against the 12 before', async () => {
  const [[growth]] = (await sql(
    `SELECT round((sum(rev) FILTER (WHERE year(d) = 2021) / sum(rev) FILTER (WHERE year(d) = 2020) - 1) * 100, 1) FROM t`,
  )) as number[][];
  const { answer } = await askOffline("What's our year over year growth?", analyse(file.aggregates));
  expect(answer).toContain(` Year on year, the last 12 full months against the 12 before: ${growth.toFixed(1)}%.`);
  expect(growth).toBeCloseTo(20.4, 1);
});

describe('in chat, products by their trend', () => {
  /** A-class products (the first 80% of revenue) and their change, 2021-07…12 against 2021-01…06, by DuckDB. */
  const TRENDS = `WITH p AS (
      SELECT "Product ID" AS id, max("Product Name") AS pname, sum(rev) AS r,
        coalesce(sum(rev) FILTER (WHERE d BETWEEN '2021-07-01' AND '2021-12-31'), 0) AS rec,
        sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-06-30') AS pri
      FROM t GROUP BY 1),
    a AS (SELECT *, coalesce(sum(r) OVER (ORDER BY r DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
      / (SELECT sum(r) FROM p WHERE r > 0) AS above FROM p WHERE r > 0)
    SELECT pname, (rec - pri) / pri * 100 AS trend FROM a WHERE above < 0.8 AND pri > 0`;

  it('"Which products are declining?" ranks the main products by their change (it asked for two periods)', async () => {
    const trends = (await sql(TRENDS)) as [string, number][];
    const lowest = Math.min(...trends.map(([, trend]) => trend));
    const { answer } = await askOffline('Which products are declining?', analyse(file.aggregates), file.snapshot);
    const [head, first] = answer.split('\n');
    expect(head).toBe(
      'Bottom 5 products (of the products making 80% of revenue) by revenue change, the last 6 full months against the 6 before:',
    );
    const named = trends.filter(([, trend]) => trend === lowest).map(([name]) => name);
    // All five share place 1, so the list is bullets that keep the place (markdown renumbers an ordered list).
    expect(named.some((name) => first.startsWith(`- 1\\. ${name}: ${formatCell(lowest, 'percent')}`))).toBe(true);
    // More products than a list holds share the lowest change (−100%: none sold in the last 6
    // months): the 5 asked for are the first of them by name, and the answer says so.
    expect(named.length).toBeGreaterThan(25);
    expect(answer).toContain(`\n\n${named.length} products tie for place 1; the first 5 of them by name are shown.`);
  });

  it('"Which products drop in sales?", answered from the analysis alone, ranks them from the largest fall (it listed the best sellers)', async () => {
    const { answer } = await askOffline('Which products drop in sales?', analyse(file.aggregates));
    expect(answer.split('\n')[0]).toBe(
      'Bottom 5 products (of the products making 80% of revenue) by revenue change, the last 6 full months against the 6 before:',
    );
  });

  it('"Which products are trending up?" leads with the largest rise among them (it led with a 153.25 line at +7,900%)', async () => {
    const trends = (await sql(TRENDS)) as [string, number][];
    const [name, highest] = trends.sort((a, b) => b[1] - a[1])[0];
    const { answer } = await askOffline('Which products are trending up?', analyse(file.aggregates), file.snapshot);
    // Two products tie for place 4 at 700.0%, so the list is bullets that keep the places.
    expect(answer.split('\n')[1].startsWith(`- 1\\. ${name}: ${formatCell(highest, 'percent')}`)).toBe(true);
    const fourth = trends.filter(([, trend]) => trend === trends[3][1]).map(([tied]) => tied);
    expect(answer.split('\n').filter((line) => line.startsWith('- 4\\. ')).length).toBe(fourth.length);
  });
});

describe('in chat, which products to drop', () => {
  it('"Which products should we discontinue?" lists the ones earning the least gross profit (it listed the best sellers)', async () => {
    const [[name, profit]] = (await sql(`SELECT "Product Name", sum(gp) p FROM t GROUP BY "Product ID", 1 ORDER BY p ASC LIMIT 1`)) as [
      string,
      number,
    ][];
    const { answer } = await askOffline('Which products should we discontinue?', analyse(file.aggregates), file.snapshot);
    const lines = answer.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Which products to drop is your call; the ones that earn the least margin are where to look first.',
      '',
      'Bottom 10 products by margin:',
    ]);
    expect(lines[3].startsWith(`1. ${name}: ${formatCell(profit, 'money')} margin`)).toBe(true);
  });
});

describe('in chat, what to do', () => {
  it('"Give me 3 actions to grow revenue" gives the executive summary\'s actions (it got the monthly trend)', async () => {
    const result = analyse(file.aggregates);
    const summary = executiveSummary(result);
    const numbered = summary.slice(summary.indexOf('1. ')).trim().split('\n');
    // "What should my sales team do this week?" got this week's revenue (5,464.31).
    for (const question of [
      'Give me 3 actions to grow revenue',
      'What should we do first?',
      'What should my sales team do this week?',
      'What should our reps focus on?',
    ]) {
      const { answer, trace: steps } = await askOffline(question, result, file.snapshot);
      expect(steps).not.toContain('use:query_data');
      expect(answer.split('\n')).toEqual(['The analysis ranks these actions first, the most urgent first:', ...numbered]);
    }
  });
});

describe('where we lose money', () => {
  // They got the total gross profit (286,397.02) and the margin of all (12.5%): where is the products sold at a loss.
  it.each([
    ['Where are we losing money?', '', 'TRUE'],
    ['Where is margin leaking?', '', 'TRUE'],
    ['Where did we lose money in the West in 2021?', ', region = West, 2021-01-01 … 2021-12-31', `Region = 'West' AND year(d) = 2021`],
  ])('"%s" lists the products with a loss, the largest first', async (question, slice, where) => {
    // Two products' profits sum to −1.2e-13 and −7.1e-15 in DuckDB: within 1e-9 of the bound is the bound (`having`).
    const losses = await sql(
      `SELECT sum(gp) p, sum(gp) / sum(rev) * 100 FROM t WHERE ${where} GROUP BY "Product ID" HAVING p < -1e-9 ORDER BY p`,
    );
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(`gross profit, margin %, by product, gross profit < 0${slice}`);
    expect(answer.result?.totalRows).toBe(losses.length);
    expectRowsClose(
      answer.result?.rows.map((row) => row.slice(1)),
      losses.slice(0, 50),
    );
    const together = losses.reduce((sum, [p]) => sum + (p as number), 0);
    expect(answer.text).toContain(
      `**${losses.length} products** with gross profit < 0; together: gross profit ${formatCell(together, 'money')}.`,
    );
  });
});

describe('in chat, a figure of a segment', () => {
  // "What is the revenue of Champions?" was told "Champions" is not in the file, and "What is
  // the average order value of Champions?" got the list of Champions.
  it('"What is the revenue of Champions?" and "What share of revenue comes from Champions?" are the segment answer', async () => {
    const result = analyse(file.aggregates);
    const { answer: listed } = await askOffline('Who are the Champions?', result, file.snapshot);
    expect(listed).toMatch(/^Champions: \d+ customers, [\d,.]+ \([\d.]+% of [\d,]+ customers; [\d.]+% of revenue\):/);
    for (const question of ['What is the revenue of Champions?', 'What share of revenue comes from Champions?']) {
      const { answer } = await askOffline(question, result, file.snapshot);
      expect(answer).toBe(listed);
    }
  });

  it('"Revenue of Champions in Texas" is the Champions with a Texas row, as "Champions in Texas" is; with another figure it is refused', async () => {
    const result = analyse(file.aggregates);
    const { answer: texas } = await askOffline('Champions in Texas', result, file.snapshot);
    expect(texas).toMatch(/^Champions with rows where State = Texas: \d+ customers/);
    expect((await askOffline('Revenue of Champions in Texas', result, file.snapshot)).answer).toBe(texas);
    expect((await askOffline('What is the margin of Champions in Texas?', result, file.snapshot)).answer).toContain(
      'but not their margin yet.',
    );
  });

  it.each([
    ['What is the margin of our Champions?', 'their margin'],
    ['What is the average order value of Champions?', 'their average order value'],
    ['How many orders did Champions place?', 'their orders'],
    ['Revenue of Champions in 2021', 'their figures for one period'],
  ])('"%s" is refused: the segments are the whole file\'s, with their revenue only', async (question, what) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(
      `The segments are worked out per customer over the whole file: I can list the Champions with their revenue, and the segment's share of all revenue (“Who are the Champions?”), but not ${what} yet.`,
    );
  });
});

describe('in chat, a segment is of customers', () => {
  it('"What are our most promising products by revenue?" ranks products, not the Promising customers (it listed them)', async () => {
    const { answer } = await askOffline('What are our most promising products by revenue?', analyse(file.aggregates), file.snapshot);
    expect(answer).not.toContain('Promising:');
    expect(answer.startsWith('Top 5 products by revenue:')).toBe(true);
  });

  it('"Which region needs attention?" is not the segment Need Attention (it listed 30 customers)', async () => {
    const { answer } = await askOffline('Which region needs attention?', analyse(file.aggregates), file.snapshot);
    expect(answer).not.toContain('Need Attention');
    expect(answer.startsWith("I can't answer that from this file's figures.")).toBe(true);
  });
});

describe('in chat, a common word is no name', () => {
  it('"What is our customer lifetime value?" names no product (it described "Lifetime Advantage Folding Chairs, 4/Carton")', async () => {
    for (const question of ['What is our customer lifetime value?', 'Lifetime value of our customers?']) {
      const { answer, trace: steps } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(steps).not.toContain('use:find_product');
      expect(answer).not.toContain('Folding Chairs');
      // The predicted spend of the churn models (customer-value-chat.test.ts checks its figures).
      expect(steps).toContain('use:get_churn_risk');
      expect(answer.startsWith('Predicted spend over the next 12 months')).toBe(true);
    }
  });
});

describe('in chat, churn risk and segments come from the analysis, never a count of every customer', () => {
  it('"How many customers are at risk?" counts the customers the churn model flags (it counted all 793)', async () => {
    const result = analyse(file.aggregates);
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low').length;
    expect(flagged).toBeGreaterThan(0);
    const { answer, trace: steps } = await askOffline('How many customers are at risk?', result, file.snapshot);
    expect(steps).toContain('use:get_churn_risk');
    expect(answer.startsWith(`**${flagged} customers** are flagged: `)).toBe(true);
  });

  // The 71 lost customers came in file order, each "0.00 at risk": a win-back list ranks them by what they bought.
  it('"Which lost customers should we win back?" ranks them by what they bought in all, as DuckDB sums it', async () => {
    const result = analyse(file.aggregates);
    const lost = (result.churn?.customers ?? []).filter((c) => c.risk === 'lost');
    expect(lost.every((c) => c.revenue12m === 0)).toBe(true);
    const ids = lost.map((c) => `'${c.id}'`).join(', ');
    const expected = (await sql(
      `SELECT "Customer Name", sum(rev) r FROM t WHERE "Customer ID" IN (${ids}) GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 3`,
    )) as [string, number][];
    const { answer } = await askOffline('Which lost customers should we win back?', result, file.snapshot);
    const lines = answer.split('\n').slice(2, 5);
    lines.forEach((line, i) => {
      const [name, bought] = expected[i];
      expect(line.startsWith(`${i + 1}. ${name}: lost, `), line).toBe(true);
      expect(line.endsWith(`nothing bought in the last 12 months (${formatCell(bought, 'money')} before)`), line).toBe(true);
    });
  });

  it('"How many customers are in the At Risk segment?" lists that segment (it counted all 793)', async () => {
    const result = analyse(file.aggregates);
    const atRisk = (result.segments?.customers ?? []).filter((c) => c.segment === 'At Risk').length;
    const { answer } = await askOffline('How many customers are in the At Risk segment?', result, file.snapshot);
    expect(answer.startsWith(`At Risk: ${atRisk} customers`)).toBe(true);
  });

  it('"How many customers are at risk in 2021?" is refused: churn risk is the whole file\'s', async () => {
    const { answer, trace: steps } = await askOffline('How many customers are at risk in 2021?', analyse(file.aggregates), file.snapshot);
    expect(steps).not.toContain('use:query_data');
    expect(answer).toContain('segments, churn risk and concentration are worked out for the whole file, not for one period');
  });
});

describe('in chat, through the offline analyst and its query_data step', () => {
  it('"how many customers churned in 2021?" gives the count first, as DuckDB counts them', async () => {
    const count = await lapsedCount('year(d) = 2020', 'year(d) = 2021');
    const { answer, trace: steps } = await askOffline('how many customers churned in 2021?', analyse(file.aggregates), file.snapshot);
    expect(steps).toContain('use:query_data');
    expect(answer).toContain(`**${count} customers** in all.`);
  });

  it('"best month in 2020" is 2020\'s month with the most revenue, not the file\'s trend', async () => {
    const [[month, revenue]] = (await sql(
      `SELECT strftime(d, '%Y-%m'), sum(rev) r FROM t WHERE year(d) = 2020 GROUP BY 1 ORDER BY r DESC LIMIT 1`,
    )) as [string, number][];
    const { answer } = await askOffline('best month in 2020', analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith('I understood: **top 1 by revenue, by month, 2020-01-01 … 2020-12-31**.')).toBe(true);
    expect(answer).toContain(`| ${month} | ${revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} |`);
    expect(answer).not.toContain('2021-');
  });
});

describe("in chat, a change of one named value is that value's, never the whole file's bridge", () => {
  it('"How did Furniture sales change from 2020 to 2021?" compares Furniture\'s two years, as DuckDB sums them', async () => {
    const [[a, b]] = (await sql(
      `SELECT sum(rev) FILTER (WHERE year(d) = 2021), sum(rev) FILTER (WHERE year(d) = 2020) FROM t WHERE Category = 'Furniture'`,
    )) as [number, number][];
    const { answer, trace: steps } = await askOffline(
      'How did Furniture sales change from 2020 to 2021?',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(steps).toContain('use:query_data');
    expect(steps).not.toContain('use:get_revenue_bridge');
    expect(
      answer.startsWith('I understood: **revenue, category = Furniture, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31**.'),
    ).toBe(true);
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer).toContain(`| ${money(a)} | ${money(b)} | ${money(a - b)} |`);
  });

  it('"price volume mix for the West from 2020 to 2021" says the bridge is the whole file\'s, with no figure', async () => {
    const { answer, trace: steps } = await askOffline(
      'price volume mix for the West from 2020 to 2021',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(steps).toEqual(['text']);
    expect(answer.startsWith("I can't answer that exactly.")).toBe(true);
    expect(answer).toContain('splits the revenue of the whole file, not of one customer, product or region');
  });

  it('"What changed Furniture revenue?" asks for two periods, with no figure', async () => {
    const { answer } = await askOffline('What changed Furniture revenue?', analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith("I can't answer that exactly.")).toBe(true);
    expect(answer).toContain('To say how it changed I need two periods');
    expect(answer.replace(/\b20\d\d\b/g, '').replace(/Top 5/g, '')).not.toMatch(/\d/);
  });
});

describe('in chat, a question about the future is refused, not answered with the totals', () => {
  it('"forecast revenue for next year" says it can\'t, with no figure', async () => {
    const result = analyse(file.aggregates);
    const { answer, trace: steps } = await askOffline('forecast revenue for next year', result, file.snapshot);
    expect(steps).not.toContain('use:get_overview');
    expect(answer.startsWith("I can't answer that exactly.")).toBe(true);
    expect(answer).toContain('asks about the future or a cause');
    expect(answer.replace(/\b20\d\d\b/g, '').replace(/Top 5/g, '')).not.toMatch(/\d/);
  });
});

describe("a period the file does not reach is refused with the file's dates, not answered with zeros", () => {
  const cases: [string, string, string][] = [
    ['How many orders did we have in Q4 2016?', '2016-10-01', '2016-12-31'],
    ['What was revenue by region in 2017?', '2017-01-01', '2017-12-31'],
    ['compare 2021 with 2016', '2016-01-01', '2016-12-31'],
    ['revenue in 2023', '2023-01-01', '2023-12-31'],
  ];
  for (const [question, from, to] of cases) {
    it(`"${question}"`, async () => {
      const [[first, last]] = (await sql(`SELECT strftime(min(d), '%Y-%m-%d'), strftime(max(d), '%Y-%m-%d') FROM t`)) as string[][];
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result).toBeNull();
      expect(
        answer.text.startsWith(
          `I can't answer that exactly. The file has no rows in ${from} … ${to}: its rows run from ${first} to ${last}.`,
        ),
      ).toBe(true);
    });
  }

  it('a period the rows only partly cover is answered from the rows it has', async () => {
    await expectAnswer(
      'revenue from 2021-07-01 to 2022-06-30',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-07-01' AND '2022-06-30'`,
      'revenue, 2021-07-01 … 2022-06-30',
    );
  });
});

describe('a period written with two ends, as a half-year, a week or a month without its year is read as written (not as another period, or none)', () => {
  const cases: [string, string, string, string][] = [
    ['revenue from July 2021 to June 2022', '2021-07-01', '2022-06-30', 'revenue, 2021-07-01 … 2022-06-30'],
    ['revenue between 2021-07-01 and 2021-12-31', '2021-07-01', '2021-12-31', 'revenue, 2021-07-01 … 2021-12-31'],
    ['revenue in H2 2021', '2021-07-01', '2021-12-31', 'revenue, 2021-07-01 … 2021-12-31'],
    // "second" must not become the ship mode "Second Class".
    ['revenue in the second half of 2020', '2020-07-01', '2020-12-31', 'revenue, 2020-07-01 … 2020-12-31'],
    ['orders on 2021-03-15', '2021-03-15', '2021-03-15', 'orders, 2021-03-15 … 2021-03-15'],
    // Without a year: the latest such month up to the analysis date (2021-12-30), not the whole file.
    ['revenue in December', '2021-12-01', '2021-12-31', 'revenue, 2021-12-01 … 2021-12-31'],
    ['orders in May', '2021-05-01', '2021-05-31', 'orders, 2021-05-01 … 2021-05-31'],
    // Monday to Sunday before the analysis date's week (2021-12-30 is a Thursday).
    ['revenue last week', '2021-12-20', '2021-12-26', 'revenue, 2021-12-20 … 2021-12-26'],
  ];
  for (const [question, from, to, understood] of cases) {
    it(`"${question}"`, async () => {
      const measure = understood.startsWith('orders') ? 'count(DISTINCT "Order ID")' : 'sum(rev)';
      await expectAnswer(question, `SELECT ${measure} FROM t WHERE d BETWEEN '${from}' AND '${to}'`, understood);
    });
  }

  // "up to today" ends a period rather than naming one day, and "over 12 months" is no threshold.
  for (const question of ['revenue up to today', 'revenue over 12 months']) {
    it(`"${question}" is the whole file's revenue`, () => expectAnswer(question, 'SELECT sum(rev) FROM t', 'revenue'));
  }

  it('"revenue from July 2021 to whenever" is refused: one end alone would answer for July only', async () => {
    const answer = await answerWithQuery('revenue from July 2021 to whenever', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I couldn't read the period “from july 2021 to whenever”.");
  });
});

// "Which quarters grew?" got the monthly trend; "Quarterly revenue vs the same quarter last
// year" the quarters of 2020 ("last year"), with nothing compared.
describe('each quarter against an earlier one, as DuckDB joins them by their index', () => {
  const QUARTERS = `SELECT year(d) * 4 + quarter(d) - 1 AS b, sum(rev) AS r FROM t GROUP BY 1`;
  const changesAgainst = (lag: number, where = 'true') =>
    sql(
      `WITH q AS (${QUARTERS}) SELECT printf('%d Q%d', q.b // 4, q.b % 4 + 1), q.r, q.r - p.r, (q.r - p.r) / abs(p.r) * 100
       FROM q LEFT JOIN q AS p ON p.b = q.b - ${lag} WHERE ${where} ORDER BY q.b`,
    );
  it('"Which quarters grew?" lists the quarters up on the quarter before', async () => {
    const answer = await answerWithQuery('Which quarters grew?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by quarter, each against the quarter before, revenue up');
    const grew = await changesAgainst(1, 'q.r > p.r');
    expect(grew).toHaveLength(12);
    expectRowsClose(answer.result?.rows, grew);
  });

  it('"Quarterly revenue vs the same quarter last year" sets each quarter against the same one a year before', async () => {
    const answer = await answerWithQuery('Quarterly revenue vs the same quarter last year', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by quarter, each against the same quarter a year before');
    const expected = await changesAgainst(4);
    expect(expected.slice(0, 4).map((row) => row[2])).toEqual([null, null, null, null]);
    expectRowsClose(answer.result?.rows, expected);
    expect(answer.text).toContain(
      'No change for 2018 Q1, 2018 Q2, 2018 Q3 and 1 more: the file has no rows for the same quarter a year before.',
    );
  });

  it('"How did revenue change quarter over quarter?" in chat is the quarters, not the stored bridge', async () => {
    const { answer } = await askOffline('How did revenue change quarter over quarter?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('I understood: **revenue, by quarter, each against the quarter before**.');
    expect(answer).toContain('| 2019 Q1 | 68,851.74 | -110,775.99 | -61.7% |');
  });
});

// "How much did we sell to new customers in 2021?" was refused ("can't split revenue"), and
// asked as "sell to", got the count of new customers.
describe("revenue from new and returning customers, as DuckDB splits it by each customer's first order", () => {
  const FIRST = `WITH f AS (SELECT "Customer ID" AS c, min(d) AS first FROM t GROUP BY 1)`;

  it('"How much did we sell to new customers in 2021?"', async () => {
    const answer = await answerWithQuery('How much did we sell to new customers in 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue from new customers, 2021-01-01 … 2021-12-31');
    const [[expected]] = (await sql(
      `${FIRST} SELECT sum(rev) FROM t JOIN f ON f.c = t."Customer ID" WHERE ${Y2021} AND f.first >= '2021-01-01'`,
    )) as number[][];
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });

  it('"Revenue from new vs returning customers by quarter in 2021" splits each quarter from its own start', async () => {
    const answer = await answerWithQuery('Revenue from new vs returning customers by quarter in 2021', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(
      'revenue from new customers, revenue from returning customers, by quarter, 2021-01-01 … 2021-12-31',
    );
    const expected = await sql(
      `${FIRST}, q AS (SELECT date_trunc('quarter', d) AS start, rev, first FROM t JOIN f ON f.c = t."Customer ID" WHERE ${Y2021})
       SELECT printf('%d Q%d', year(start), quarter(start)), sum(rev) FILTER (WHERE first >= start), sum(rev) FILTER (WHERE first < start)
       FROM q GROUP BY start ORDER BY start`,
    );
    expect(expected).toHaveLength(4);
    expectRowsClose(answer.result?.rows, expected);
  });
});

// Asked on 27 November 2026 (evening): "What is the average sales by region?" listed each
// region's total, "Revenue by region and segment" dropped the segment, and "Which customers
// spend nothing on furniture?" listed the 707 who bought some.
describe('an average needs what it is per; two groupings are both kept; "spend nothing" is no list of buyers', () => {
  it('"What is the average revenue per customer by region?" is still answered, as DuckDB divides it', async () => {
    await expectAnswer(
      'What is the average revenue per customer by region?',
      `SELECT "Region", sum(rev) / count(DISTINCT "Customer ID") AS v FROM t GROUP BY 1 ORDER BY v DESC`,
      'revenue per customer, by region',
    );
  });

  it('"Revenue by region and segment" groups by both, as DuckDB does', async () => {
    await expectAnswer(
      'Revenue by region and segment',
      `SELECT "Region", "Segment", sum(rev) AS v FROM t GROUP BY 1, 2 ORDER BY v DESC`,
      'revenue, by region and Segment',
    );
  });

  it('"Which customers bought only once?" is still the customers with one order', async () => {
    const answer = await answerWithQuery('Which customers bought only once?', file.snapshot, TODAY);
    const [[expected]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") = 1)`,
    )) as number[][];
    expect(answer.result?.totalRows).toBe(expected);
  });
});

// Asked the same evening: a value of one of the file's other columns was dropped whenever the
// grammar handed the question on, and the whole file's list answered for it.
describe('a value of another column is never dropped for the whole file', () => {
  it('"Which customer pays the most in Texas?" is the top customer of Texas rows ("pays" got everyone\'s top 5)', async () => {
    await expectAnswer(
      'Which customer pays the most in Texas?',
      `SELECT "Customer Name", sum(rev) AS v FROM t WHERE "State" = 'Texas' GROUP BY 1 ORDER BY v DESC LIMIT 1`,
      'top 1 by revenue, by customer, State = Texas',
    );
  });

  // "Spends" was no measure word; "purchases the most" got Technology's top products.
  for (const question of ['Who spends the most on Technology?', 'Who purchases the most Technology?'])
    it(`"${question}" is the top customer of that category`, async () => {
      await expectAnswer(
        question,
        `SELECT "Customer Name", sum(rev) AS v FROM t WHERE "Category" = 'Technology' GROUP BY 1 ORDER BY v DESC LIMIT 1`,
        'top 1 by revenue, by customer, category = Technology',
      );
    });

  it('"Tell me about customers in Texas" asks which figure, naming Texas, instead of a canned answer for everyone', async () => {
    const { answer, trace } = await askOffline('Tell me about customers in Texas', analyse(file.aggregates), file.snapshot);
    expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
    expect(answer).toContain("I couldn't tell which figure you want for State = Texas");
  });
});

// "Which customers in Texas are at risk?" got the whole file's 110 flagged customers, and
// "Champions in Texas" all 86 Champions: the lists are the analysis', worked out per customer,
// and are now narrowed to the customers with a row matching the values named. Who is in each
// list is the analysis' (tested elsewhere); who has such a row is DuckDB's.
describe('the churn list and a segment, narrowed to the customers whose rows match', () => {
  let result: AnalysisResult;
  beforeAll(() => {
    result = analyse(file.aggregates);
  });
  const namesWhere = async (where: string) =>
    new Set(((await sql(`SELECT DISTINCT "Customer Name" FROM t WHERE ${where}`)) as string[][]).map(([name]) => name));
  const flagged = (names: Set<string>) =>
    (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && names.has(c.name)).map((c) => c.name);

  it('customersWhere finds the customers with a row in Texas, in Technology in the West, and outside the West', async () => {
    const cases: [NonNullable<QuerySpecInput['filters']>, string][] = [
      [[{ dimension: 'State', values: ['Texas'] }], `"State" = 'Texas'`],
      [
        [
          { dimension: 'category', values: ['Technology'] },
          { dimension: 'region', values: ['West'] },
        ],
        `"Category" = 'Technology' AND "Region" = 'West'`,
      ],
      [[{ dimension: 'region', values: ['West'], exclude: true }], `"Region" <> 'West'`],
    ];
    for (const [filters, where] of cases) {
      const found = await customersWhere(
        file.snapshot,
        filters.map((f) => ({ match: 'exact' as const, ...f })),
      );
      expect([...found.customers].sort()).toEqual([...(await namesWhere(where))].sort());
    }
  });

  it('"Which customers in Texas are at risk?" lists the flagged customers with a Texas row, in the churn list\'s order', async () => {
    const expected = flagged(await namesWhere(`"State" = 'Texas'`));
    expect(expected.length).toBeGreaterThan(10);
    const { answer, trace } = await askOffline('Which customers in Texas are at risk?', result, file.snapshot);
    expect(trace).toContain('use:get_churn_risk');
    const lines = answer.split('\n');
    expect(lines[0]).toBe(
      `Customers with rows where State = Texas at lost, high or medium risk (${expected.length} customers); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`,
    );
    expect(lines.slice(1, 11).map((line) => /^\d+\. ([^:]+):/.exec(line)?.[1])).toEqual(expected.slice(0, 10));
    expect(answer.endsWith(`…and ${expected.length - 10} more.`)).toBe(true);
  });

  it('"Which Technology customers are at risk?" and "…at risk excluding the West?" narrow the same way', async () => {
    for (const [question, where, words] of [
      ['Which Technology customers are at risk?', `"Category" = 'Technology'`, 'category = Technology'],
      ['Which customers are at risk excluding the West?', `"Region" <> 'West'`, 'region ≠ West'],
    ]) {
      const expected = flagged(await namesWhere(where));
      const { answer } = await askOffline(question, result, file.snapshot);
      expect(answer.split('\n')[0]).toBe(
        `Customers with rows where ${words} at lost, high or medium risk (${expected.length} customers); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`,
      );
    }
  });

  it('"Champions in Texas" lists the Champions with a Texas row by revenue, with their revenue over the whole file', async () => {
    const texas = await namesWhere(`"State" = 'Texas'`);
    const champions = (result.segments?.customers ?? [])
      .filter((c) => c.segment === 'Champions' && texas.has(c.name))
      .sort((a, b) => b.revenue - a.revenue);
    const total = champions.reduce((sum, c) => sum + c.revenue, 0);
    const [[duck]] = (await sql(
      `SELECT sum(rev) FROM t WHERE "Customer Name" IN (${champions.map((c) => `'${c.name.replace(/'/g, "''")}'`).join(', ')})`,
    )) as number[][];
    expect(total).toBeCloseTo(duck, 6);
    const { answer } = await askOffline('Champions in Texas', result, file.snapshot);
    const lines = answer.split('\n');
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(lines[0]).toBe(
      `Champions with rows where State = Texas: ${champions.length} customers, ${money(duck)} of revenue over the whole file:`,
    );
    expect(lines.slice(1, 11).map((line) => /^- ([^:]+):/.exec(line)?.[1])).toEqual(champions.slice(0, 10).map((c) => c.name));
  });

  it('"Who are the loyal customers in the West?" narrows the segment by rows too (a region and a segment were refused)', async () => {
    const west = await namesWhere(`"Region" = 'West'`);
    const loyal = (result.segments?.customers ?? []).filter((c) => c.segment === 'Loyal' && west.has(c.name));
    const { answer, trace } = await askOffline('Who are the loyal customers in the West?', result, file.snapshot);
    expect(trace).toContain('use:get_segments');
    expect(answer.split('\n')[0]).toMatch(new RegExp(`^Loyal with rows where region = West: ${loyal.length} customers, `));
  });

  it('"How concentrated is revenue among customers in Texas?" is refused (it got the whole file\'s concentration)', async () => {
    const { answer, trace } = await askOffline('How concentrated is revenue among customers in Texas?', result, file.snapshot);
    expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
    expect(answer).toContain("Concentration is worked out for the whole file's customers, not for State = Texas yet");
  });

  it('"How accurate is the churn risk for customers in Texas?" is refused: only the lists narrow, not the backtest', async () => {
    const { answer, trace } = await askOffline('How accurate is the churn risk for customers in Texas?', result, file.snapshot);
    expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
    expect(answer).toContain('For customers picked by their rows I can list those at churn risk or those in one segment');
  });
});

// Asked on UCI Wholesale first: "per customer" apart from the measure grouped by customer, and
// "the total … of region 3 customers" listed the customers instead of one figure.
describe('"per customer" apart from its measure, and a total of some customers', () => {
  it('"Which region spends the most per customer?" is revenue per customer by region, as DuckDB divides it', async () => {
    await expectAnswer(
      'Which region spends the most per customer?',
      `SELECT "Region", sum(rev) / count(DISTINCT "Customer ID") AS v FROM t GROUP BY 1 ORDER BY v DESC LIMIT 1`,
      'top 1 by revenue per customer, by region',
    );
  });

  it('"Which segment\'s customers spend the most per customer?" is by segment alone (it grouped by customer too)', async () => {
    await expectAnswer(
      "Which segment's customers spend the most per customer?",
      `SELECT "Segment", sum(rev) / count(DISTINCT "Customer ID") AS v FROM t GROUP BY 1 ORDER BY v DESC LIMIT 1`,
      'top 1 by revenue per customer, by Segment',
    );
  });

  it('"Which 3 customers in the West spend the most per order?" ranks the average order value (it ranked revenue)', async () => {
    await expectAnswer(
      'Which 3 customers in the West spend the most per order?',
      `SELECT "Customer Name", sum(rev) / count(DISTINCT "Order ID") AS v FROM t WHERE "Region" = 'West' GROUP BY 1 ORDER BY v DESC LIMIT 3`,
      'top 3 by average order value, by customer, region = West',
    );
  });

  it('"What\'s the total revenue of customers in the West?" is one figure', async () => {
    await expectAnswer(
      "What's the total revenue of customers in the West?",
      `SELECT sum(rev) FROM t WHERE "Region" = 'West'`,
      'revenue, region = West',
    );
  });
});

// Asked the same evening: a ranking with a threshold on another figure ranked by the threshold's
// figure, and "at least" read as "the least" (the bottom of the ranking).
describe('a ranking by one figure, kept to the rows past a threshold on another', () => {
  it('"Give me the top 5 products by margin with at least 10 orders" ranks by margin, highest first', async () => {
    await expectAnswer(
      'Give me the top 5 products by margin with at least 10 orders',
      // By product id, as the analysis counts products (Superstore gives some names to several ids).
      `SELECT min("Product Name"), sum(gp) / sum(rev) * 100 AS m, count(DISTINCT "Order ID") AS o FROM t GROUP BY "Product ID"
       HAVING count(DISTINCT "Order ID") >= 10 ORDER BY m DESC LIMIT 5`,
      'top 5 by margin %, by product, orders ≥ 10',
    );
  });

  it('"Which 3 customers with at least 10 orders spent the most?" ranks by revenue (it ranked by orders)', async () => {
    await expectAnswer(
      'Which 3 customers with at least 10 orders spent the most?',
      `SELECT "Customer Name", sum(rev) AS r, count(DISTINCT "Order ID") AS o FROM t GROUP BY 1
       HAVING count(DISTINCT "Order ID") >= 10 ORDER BY r DESC LIMIT 3`,
      'top 3 by revenue, by customer, orders ≥ 10',
    );
  });
});

// Asked the same evening: "How many chairs did Seth Vernon buy?" was refused once the
// sub-category was no longer dropped (units were read only after "sell"), and "How many times
// did Sean Miller buy?" was refused with "times" as a word of product names.
describe('how many a customer bought, and how many times', () => {
  it('"How many chairs did Seth Vernon buy?" is his units of Chairs', async () => {
    await expectAnswer(
      'How many chairs did Seth Vernon buy?',
      `SELECT sum(CAST(Quantity AS DOUBLE)) FROM t WHERE "Customer Name" = 'Seth Vernon' AND "Sub-Category" = 'Chairs'`,
      'units, customer = Seth Vernon, Sub-Category = Chairs',
    );
  });

  it('"How many times did Sean Miller buy?" is his orders', async () => {
    await expectAnswer(
      'How many times did Sean Miller buy?',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE "Customer Name" = 'Sean Miller'`,
      'orders, customer = Sean Miller',
    );
  });
});

// "What do customers buy with Staples?" got the revenue of Staples, and the cross-sell tool
// knew no product "Staples": ten Product IDs share the name, none of them listed.
describe('what is bought with a product named by ten ids', () => {
  it('counts the products in the same orders as any "Staples", and says the pairings are too few to tell', async () => {
    const lines = `(SELECT DISTINCT "Order ID" AS o, "Product ID" AS p, "Product Name" AS name FROM t)`;
    const [[orders, withIt, others, most]] = (await sql(
      `WITH l AS ${lines}, x AS (SELECT DISTINCT o FROM l WHERE name = 'Staples'),
         co AS (SELECT p, count(DISTINCT o) AS k FROM l WHERE o IN (SELECT o FROM x) AND name <> 'Staples' GROUP BY p)
       SELECT (SELECT count(DISTINCT o) FROM l), (SELECT count(*) FROM x), (SELECT count(*) FROM co), (SELECT max(k) FROM co)`,
    )) as number[][];
    const { answer, trace } = await askOffline('What do customers buy with Staples?', analyse(file.aggregates), file.snapshot);
    expect(trace).toEqual(['use:get_cross_sell', 'result:get_cross_sell', 'text']);
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(
        `^Bought with Staples \\\\\\(OFF-FA-\\d+\\\\\\), .* and 5 more, counted over every order in the file: ${withIt} of ${orders.toLocaleString('en-US')} orders hold one of them, with ${others} other products in them\\.$`,
      ),
    );
    expect(answer).toContain(`At most ${most} orders hold both, too few to tell a habit from chance.`);
  });

  // "What goes with Phones?" got the rules of every sub-category, none of them with Phones.
  it('counts the products in the same orders as a sub-category, and says none is a habit', async () => {
    const [[orders, withIt, others, most]] = (await sql(
      `WITH l AS (SELECT DISTINCT "Order ID" AS o, "Product ID" AS p, "Sub-Category" AS sub FROM t),
         x AS (SELECT DISTINCT o FROM l WHERE sub = 'Phones'),
         co AS (SELECT p, count(DISTINCT o) AS k FROM l WHERE o IN (SELECT o FROM x) AND sub <> 'Phones' GROUP BY p)
       SELECT (SELECT count(DISTINCT o) FROM l), (SELECT count(*) FROM x), (SELECT count(*) FROM co), (SELECT max(k) FROM co)`,
    )) as number[][];
    const { answer } = await askOffline('What goes with Phones?', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe(
      `Bought with the Sub-Category Phones products, counted over every order in the file: ${withIt} of ${orders.toLocaleString('en-US')} orders hold one of them, with ${others} other products in them.`,
    );
    expect(answer).toContain(`None is in more than ${((most / withIt) * 100).toFixed(1)}% of them: nothing is regularly bought with them.`);
  });

  // The kept rules are the whole file's: beside a year's orders they would read as that year's.
  it("puts the kept rules before the whole file's orders, and leaves them out of one year's", async () => {
    const [[orders, withIt, others]] = (await sql(
      `WITH l AS (SELECT DISTINCT "Order ID" AS o, "Product ID" AS p, "Sub-Category" AS sub FROM t WHERE year(d) = 2021),
         x AS (SELECT DISTINCT o FROM l WHERE sub = 'Machines')
       SELECT (SELECT count(DISTINCT o) FROM l), (SELECT count(*) FROM x),
              (SELECT count(DISTINCT p) FROM l WHERE o IN (SELECT o FROM x) AND sub <> 'Machines')`,
    )) as number[][];
    const result = analyse(file.aggregates);
    const [whole, year] = [
      (await askOffline('What goes with Machines?', result, file.snapshot)).answer,
      (await askOffline('What goes with Machines in 2021?', result, file.snapshot)).answer,
    ];
    expect(whole.split('\n').slice(0, 2)).toEqual([
      'Sub-categories bought by the same customers (no product pair is frequent enough):',
      '- Machines → Fasteners: confidence 36.4%, lift 1.51',
    ]);
    expect(year.split('\n')[0]).toBe(
      `Bought with the Sub-Category Machines products, counted over every order from 2021-01-01 to 2021-12-31: ${withIt} of ${orders.toLocaleString('en-US')} orders hold one of them, with ${others} other products in them.`,
    );
    expect(year).not.toContain('→');
  });

  // The net for words nothing reads refuses it first (Zebra is a word of the pens' names, Stripes of none).
  it('says which name it could not find, with no figure', async () => {
    const { answer, trace } = await askOffline('What goes with Zebra Stripes?', analyse(file.aggregates), file.snapshot);
    expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
    expect(answer).toContain("I can't place “Stripes” in this question: no customer, product, place or other value of this file holds it");
  });
});

describe('every year a question names is in its answer', () => {
  // Each got an answer to another question: 2021's big spenders, every customer's 2021, or
  // 2021's buyers absent in 2018.
  const cases: [string, string][] = [
    [
      'Which customers spent more than 10000 in 2021 but less than in 2020?',
      'I could read this only as a question about 2021-01-01 … 2021-12-31, which leaves out 2020, so its answer would be to another question. Ask for one period, or two compared, such as “revenue by customer in 2021 vs 2020”.',
    ],
    [
      'Revenue in 2021 for customers who bought in 2019',
      'I could read this only as a question about 2021-01-01 … 2021-12-31, which leaves out 2019, so its answer would be to another question. Ask for one period, or two compared, such as “revenue by customer in 2021 vs 2019”.',
    ],
    [
      'customers who bought in 2018 and 2021 but not 2019',
      // Read as 2018 but not 2019 since "but not" without "in" joins two periods too.
      'I could read this only as a question about 2018-01-01 … 2018-12-31 against 2019-01-01 … 2019-12-31, which leaves out 2021, so its answer would be to another question. Ask for one period, or two compared, such as “revenue by customer in 2021 vs 2018”.',
    ],
  ];
  for (const [question, reason] of cases)
    it(`"${question}" is refused, not answered without its other year`, async () => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(`I can't answer that exactly. ${reason}`);
    });

  it('an amount that looks like a year is no year: "customers who spent more than 2000 in 2021"', async () => {
    const answer = await answerWithQuery('Which customers spent more than 2000 in 2021?', file.snapshot, TODAY);
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(rev) > 2000)`,
    )) as number[][];
    expect(answer.result?.totalRows).toBe(count);
  });
});

describe('"N or more" is a threshold', () => {
  /** Customers whose figure (an SQL aggregate) passes `condition`, in the rows matching `where`, counted by DuckDB. */
  async function customersWith(aggregate: string, condition: string, where = 'true'): Promise<number> {
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${where} GROUP BY 1 HAVING ${aggregate} ${condition})`,
    )) as number[][];
    return count;
  }
  // The first got 2021's orders in all; the second every customer; the third was unmapped.
  const cases: [string, string, () => Promise<number>][] = [
    [
      'Customers with 10 orders or more in 2021',
      'orders, by customer, orders ≥ 10, 2021-01-01 … 2021-12-31',
      () => customersWith('count(DISTINCT "Order ID")', '>= 10', Y2021),
    ],
    [
      'Which customers spent 5k or more in 2021?',
      'revenue, by customer, revenue ≥ 5,000, 2021-01-01 … 2021-12-31',
      () => customersWith('sum(rev)', '>= 5000', Y2021),
    ],
    [
      'Which customers bought 3 or fewer times?',
      // A customer is one who bought: an upper bound on orders starts at one.
      'orders, by customer, orders between 1 and 3',
      () => customersWith('count(DISTINCT "Order ID")', '<= 3'),
    ],
    // An exact count of orders was dropped: every customer was counted.
    [
      'How many customers ordered exactly 2 times?',
      'orders, by customer, orders = 2',
      () => customersWith('count(DISTINCT "Order ID")', '= 2'),
    ],
    [
      'Which customers bought twice in 2021?',
      'orders, by customer, orders = 2, 2021-01-01 … 2021-12-31',
      () => customersWith('count(DISTINCT "Order ID")', '= 2', Y2021),
    ],
    // A second review: "ordered exactly 5 times" kept 2 orders, "2 times or more" exactly 2.
    [
      'Which customers ordered exactly 5 times?',
      'orders, by customer, orders = 5',
      () => customersWith('count(DISTINCT "Order ID")', '= 5'),
    ],
    [
      'How many customers ordered 2 times or more?',
      'orders, by customer, orders ≥ 2',
      () => customersWith('count(DISTINCT "Order ID")', '>= 2'),
    ],
    // A value between the verb and the count was dropped with the count: every buyer of Chairs was listed.
    [
      'Which customers bought Chairs 3 times?',
      'orders, by customer, orders = 3, Sub-Category = Chairs',
      () => customersWith('count(DISTINCT "Order ID")', '= 3', `"Sub-Category" = 'Chairs'`),
    ],
    [
      'Which customers bought Chairs more than 3 times?',
      'orders, by customer, orders > 3, Sub-Category = Chairs',
      () => customersWith('count(DISTINCT "Order ID")', '> 3', `"Sub-Category" = 'Chairs'`),
    ],
    [
      'Which products were ordered exactly 10 times?',
      'orders, by product, orders = 10',
      async () =>
        (
          (await sql(`SELECT count(*) FROM (SELECT "Product ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") = 10)`)) as number[][]
        )[0][0],
    ],
    // A plural noun the question opens with is a list: these got one total.
    ['customers with revenue in 2021', 'revenue, by customer, 2021-01-01 … 2021-12-31', () => customersWith('count(*)', '> 0', Y2021)],
    [
      'list customers with orders in December 2021',
      'orders, by customer, 2021-12-01 … 2021-12-31',
      () => customersWith('count(*)', '> 0', `d BETWEEN '2021-12-01' AND '2021-12-31'`),
    ],
    [
      'products with losses in 2021',
      'gross profit, by product, gross profit < 0, 2021-01-01 … 2021-12-31',
      async () =>
        ((await sql(`SELECT count(*) FROM (SELECT "Product ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(gp) < 0)`)) as number[][])[0][0],
    ],
    [
      'sub-categories with a loss',
      'gross profit, by Sub-Category, gross profit < 0',
      async () => ((await sql(`SELECT count(*) FROM (SELECT "Sub-Category" FROM t GROUP BY 1 HAVING sum(gp) < 0)`)) as number[][])[0][0],
    ],
    // What the refusal below offers instead: one region at a time.
    [
      'How many customers in the West bought more than 5 times in 2021?',
      'orders, by customer, orders > 5, region = West, 2021-01-01 … 2021-12-31',
      () => customersWith('count(DISTINCT "Order ID")', '> 5', `${Y2021} AND Region = 'West'`),
    ],
  ];
  itCountsEach(cases);

  // These kept the groups whose own total passed the threshold (all 4 regions have over 5
  // orders) and counted every customer in them (397 in the West in 2021).
  it.each([
    ['How many customers per region bought more than 5 times in 2021?', 'region'],
    ['Number of customers by region who spent more than 1000 in 2021', 'region'],
    ['How many customers in each segment ordered more than 3 times?', 'Segment'],
    ['Number of customers per month with more than 2 orders', 'month'],
  ])('"%s" is refused: customers past a threshold are not counted by %s', async (question, grouping) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can count the customers past a threshold (“How many customers bought more than 5 times in 2021?”), but not by ${grouping} yet; ask for one ${grouping} at a time, such as “How many customers in … bought more than 5 times in 2021?”.`,
    );
  });

  it('"How many regions had more than 100 customers?" still keeps the regions by their own count', async () => {
    const answer = await answerWithQuery('How many regions had more than 100 customers?', file.snapshot, TODAY);
    const expected = (await sql(
      `SELECT count(*) FROM (SELECT Region FROM t GROUP BY 1 HAVING count(DISTINCT "Customer ID") > 100)`,
    )) as number[][];
    expect(answer.result?.understood).toBe('customers, by region, customers > 100');
    expect(answer.result?.rows.length).toBe(Number(expected[0][0]));
  });

  it('"How many orders of 2000 or more in 2021?" is refused (it counted every order of 2021 against the year 2000)', async () => {
    const answer = await answerWithQuery('How many orders of 2000 or more in 2021?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't apply “2000 or more” here");
  });
});

describe('a change past a percentage', () => {
  /** Rows of `key` whose `aggregate` (`$` for the period's condition) changed from 2020 to 2021 by a % passing `condition`, from an earlier figure above 0. */
  async function changedPast(key: string, aggregate: string, condition: string): Promise<number> {
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT ${key}, ${aggregate.replaceAll('$', 'year(d) = 2021')} AS a, ${aggregate.replaceAll('$', 'year(d) = 2020')} AS b
       FROM t GROUP BY ALL) WHERE b > 0 AND (a - b) / b * 100 ${condition}`,
    )) as number[][];
    return count;
  }
  // Refused as a threshold with no list to keep rows of.
  const cases: [string, string, () => Promise<number>][] = [
    [
      'Which customers increased their orders by more than 50% in 2021?',
      'orders, sorted by % change, by customer, orders % change > 50, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      () => changedPast('"Customer ID"', 'count(DISTINCT CASE WHEN $ THEN "Order ID" END)', '> 50'),
    ],
    [
      'Which states fell by at least 20% in 2021 vs 2020?',
      'revenue, sorted by % change, by State, revenue down 20% or more, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      () => changedPast('State', 'sum(CASE WHEN $ THEN rev ELSE 0 END)', '<= -20'),
    ],
  ];
  itCountsEach(cases);
});

// Read again after review: each was read wrongly by an earlier form of this session's changes, or before them.
describe('thresholds written with signs, years as adjectives, "only" after a place', () => {
  const count = async (query: string) => ((await sql(query)) as number[][])[0][0];
  const cases: [string, string, () => Promise<number>][] = [
    // Both listed every customer's (or product's) figure, the sign dropped.
    [
      'Which customers have revenue > 2000 in 2021?',
      'revenue, by customer, revenue > 2,000, 2021-01-01 … 2021-12-31',
      () => count(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(rev) > 2000)`),
    ],
    [
      'products with margin < 0',
      'margin %, by product, margin % < 0',
      // Rounded as the engine's sums are: two products' profits add up to 0 but for float noise.
      () => count(`SELECT count(*) FROM (SELECT "Product ID" FROM t GROUP BY 1 HAVING round(sum(gp), 9) / sum(rev) < 0)`),
    ],
    [
      'Customers with orders >= 10 in 2021',
      'orders, by customer, orders ≥ 10, 2021-01-01 … 2021-12-31',
      () => count(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING count(DISTINCT "Order ID") >= 10)`),
    ],
    // "Between 1000 and 2000" is a range of money, not the year 2000.
    [
      'How many customers spent between 1000 and 2000 in 2021?',
      'revenue, by customer, revenue between 1,000 and 2,000, 2021-01-01 … 2021-12-31',
      () => count(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(rev) BETWEEN 1000 AND 2000)`),
    ],
    // "More than 1 customer" is a threshold, not "one customer".
    [
      'Products with more than 1 customer',
      'customers, by product, customers > 1',
      () => count(`SELECT count(*) FROM (SELECT "Product ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Customer ID") > 1)`),
    ],
  ];
  itCountsEach(cases);

  it('"How many 2021 orders came from Texas?" counts 2021\'s orders: a year before a noun is a period', async () => {
    const answer = await answerWithQuery('How many 2021 orders came from Texas?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('orders, State = Texas, 2021-01-01 … 2021-12-31');
    expect(answer.result?.rows[0][0]).toBe(await count(`SELECT count(DISTINCT "Order ID") FROM t WHERE State = 'Texas' AND ${Y2021}`));
  });

  it('"Revenue from orders in the West only" is the West\'s revenue, not refused as "bought nothing else"', async () => {
    const answer = await answerWithQuery('Revenue from orders in the West only', file.snapshot, TODAY);
    expect(answer.result?.understood).toContain('region = West');
  });

  it('"Which customers stopped buying from January 2021 to March 2021?" are those silent through the span', async () => {
    const answer = await answerWithQuery('Which customers stopped buying from January 2021 to March 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-10-01 … 2020-12-31, but not in 2021-01-01 … 2021-03-31');
    expect(answer.result?.totalRows).toBe(
      await lapsedCount(`d BETWEEN '2020-10-01' AND '2020-12-31'`, `d BETWEEN '2021-01-01' AND '2021-03-31'`),
    );
  });
});

// A reviewer's: "may of 2021" read as all of 2021, so the range ran from March to December;
// the latest November and February run the wrong way round.
for (const question of ['revenue from march to may of 2021', 'revenue from november to february'])
  it(`"${question}" is refused by name`, async () => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I couldn't read the period “${question.replace('revenue ', '')}”.`);
  });

describe('counts written as words, and a part of a year set against a year', () => {
  const count = async (query: string) => ((await sql(query)) as number[][])[0][0];
  const customersWithOrders = (condition: string) =>
    count(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING count(DISTINCT "Order ID") ${condition})`);
  // The first got every order of 2021 in one figure; the others were unmapped.
  const cases: [string, string, () => Promise<number>][] = [
    [
      'Customers with at least three orders in 2021',
      'orders, by customer, orders ≥ 3, 2021-01-01 … 2021-12-31',
      () => customersWithOrders('>= 3'),
    ],
    [
      'Which customers ordered more than two times in 2021?',
      'orders, by customer, orders > 2, 2021-01-01 … 2021-12-31',
      () => customersWithOrders('> 2'),
    ],
    [
      'Which products were bought by more than one customer?',
      'customers, by product, customers > 1',
      () => count(`SELECT count(*) FROM (SELECT "Product ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Customer ID") > 1)`),
    ],
  ];
  itCountsEach(cases);

  /** Revenue of two ranges of days, their change and % change, by DuckDB. */
  const revenueOf = (a: [string, string], b: [string, string]) =>
    `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT sum(rev) FILTER (d BETWEEN '${a[0]}' AND '${a[1]}') a, sum(rev) FILTER (d BETWEEN '${b[0]}' AND '${b[1]}') b FROM t)`;
  it.each([
    // All of 2019 against half a year made any half look like a fall (-19.3%).
    ['Compare the last 6 months of 2020 vs 2019', ['2020-07-01', '2020-12-31'], ['2019-07-01', '2019-12-31']],
    ['Revenue in March 2021 compared with 2020', ['2021-03-01', '2021-03-31'], ['2020-03-01', '2020-03-31']],
    // Asked for all of it, it is all of it.
    ['Revenue in Q1 2021 vs all of 2020', ['2021-01-01', '2021-03-31'], ['2020-01-01', '2020-12-31']],
    // Two periods listed, the part of a year second, are the two written.
    ['Revenue in 2020 and Q1 2021', ['2021-01-01', '2021-03-31'], ['2020-01-01', '2020-12-31']],
    // Read as 2020 alone.
    ['Compare sales to last year', ['2021-01-01', '2021-12-30'], ['2020-01-01', '2020-12-30']],
    // A month named bare before the other period: this year to date against last year's, December dropped.
    ['How did December compare with last year?', ['2021-12-01', '2021-12-31'], ['2020-12-01', '2020-12-31']],
  ] as const)('"%s"', async (question, a, b) => {
    await expectAnswer(question, revenueOf([...a], [...b]), `revenue, ${a[0]} … ${a[1]}, compared with ${b[0]} … ${b[1]}`);
  });
});

describe('how many values of a column', () => {
  const count = async (query: string) => ((await sql(query)) as number[][])[0][0];
  it.each([
    ['How many ship modes?', 'revenue, orders, by Ship Mode, orders > 0', `SELECT count(DISTINCT "Ship Mode") FROM t`, 'ship modes'],
    [
      'How many cities in Texas?',
      'revenue, orders, by City, orders > 0, State = Texas',
      `SELECT count(DISTINCT City) FROM t WHERE State = 'Texas'`,
      'cities',
    ],
    [
      'How many sub-categories did we sell in 2021?',
      'units, orders, by Sub-Category, orders > 0, 2021-01-01 … 2021-12-31',
      `SELECT count(DISTINCT "Sub-Category") FROM t WHERE ${Y2021}`,
      'sub-categories',
    ],
    ['How many states have customers?', 'customers, orders, by State, orders > 0', `SELECT count(DISTINCT State) FROM t`, 'states'],
  ])('"%s" counts them first', async (question, understood, reference, noun) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    const n = await count(reference);
    expect(answer.result?.understood).toBe(understood);
    expect(answer.result?.totalRows).toBe(n);
    expect(answer.text.split('\n\n')[1]).toBe(`**${n} ${noun}** in all.`);
  });

  // "Countries" were the four regions; "had a loss" was dropped, and all 4 regions counted.
  const cases: [string, string, () => Promise<number>][] = [
    [
      'How many countries had revenue over 10000?',
      'revenue, by Country, revenue > 10,000',
      () => count(`SELECT count(*) FROM (SELECT Country FROM t GROUP BY 1 HAVING sum(rev) > 10000)`),
    ],
    [
      'How many states had a loss in 2021?',
      'gross profit, by State, gross profit < 0, 2021-01-01 … 2021-12-31',
      () => count(`SELECT count(*) FROM (SELECT State FROM t WHERE ${Y2021} GROUP BY 1 HAVING round(sum(gp), 9) < 0)`),
    ],
    // Refused while "the average" was no bound the query had.
    [
      'How many regions had profit above the average?',
      'gross profit, by region, gross profit > the average (71,599.26)',
      () => count(`SELECT count(*) FROM (SELECT Region, sum(gp) AS p FROM t GROUP BY 1) WHERE p > (SELECT sum(gp) / 4 FROM t)`),
    ],
  ];
  itCountsEach(cases);

  itRefusesEach([
    [
      'How many regions had profit above target?',
      "I can't answer that exactly. This file has no targets, budgets or quotas to compare with",
    ],
    [
      'Which region has the most cities?',
      "I can't answer that exactly. I can count customers and products for each row, but not how many cities each has yet; ask for revenue by city for one of them instead.",
    ],
    // Each refused before for another reason; on the B2B file the same shape listed pairs (offline-query-b2b.test.ts).
    [
      'How many states does each customer buy in?',
      "I can't answer that exactly. I can count customers and products for each row, but not how many states each has yet; ask for revenue by state for one of them instead.",
    ],
    [
      'Number of segments per region',
      "I can't answer that exactly. I can count customers and products for each row, but not how many segments each has yet; ask for revenue by segment for one of them instead.",
    ],
  ]);
});

// Read again after review: each was read wrongly by an earlier form of this session's changes, or before them.
describe('a change by unit across a range, sales counted or not, last year named for something else', () => {
  const count = async (query: string) => ((await sql(query)) as number[][])[0][0];
  itReadsEach([
    // It set June against January, and dropped February to May.
    ['Monthly revenue growth from January to June 2021', 'revenue, by month, each against the month before, 2021-01-01 … 2021-06-30'],
    // It counted orders.
    ['How many sales dollars did we make in 2021?', 'revenue, 2021-01-01 … 2021-12-31'],
    // It set this year to date against last year's.
    ['Sales against last year’s best month', 'top 1 by revenue, by month, 2020-01-01 … 2020-12-31'],
    ["Sales against last year's best month", 'top 1 by revenue, by month, 2020-01-01 … 2020-12-31'],
    // "May" is a verb here: it set May 2021 against 2020.
    ['Which products sold in 2020 and may be discontinued?', 'revenue, by product, 2020-01-01 … 2020-12-31'],
    // Read as 2020 alone ("with" joins no comparison elsewhere).
    ['Compare sales with last year', 'revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30'],
    // Both got the whole file's revenue.
    ['Revenue in the most recent month', 'revenue, 2021-12-01 … 2021-12-30'],
    ['Revenue in the last twelve months', 'revenue, 2021-01-01 … 2021-12-30'],
  ]);

  it('"Customers with more than three orders in the last twelve months" keeps the 12 months (it counted over the whole file)', async () => {
    const answer = await answerWithQuery('Customers with more than three orders in the last twelve months', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('orders, by customer, orders > 3, 2021-01-01 … 2021-12-30');
    expect(answer.result?.totalRows).toBe(
      await count(
        `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE d BETWEEN '2021-01-01' AND '2021-12-30' GROUP BY 1 HAVING count(DISTINCT "Order ID") > 3)`,
      ),
    );
  });

  itRefusesEach([
    // It got 2020's revenue.
    ["Revenue vs last year's target", 'This file has no targets, budgets or quotas to compare with'],
    // It listed customers with more than 2 orders.
    ['Which customers have spent more than two times the average?', "I can't apply “more than 2 times” yet"],
    // Both counted every product.
    ['How many items in stock?', "I couldn't tell which figure you want"],
    ['How many items in an order?', 'not the items, units or profit of an average order yet'],
  ]);
});

// The first listed the first 3 quarters in time order, the second got 2021's total profit.
describe('a ranking of time units', () => {
  it.each([
    [
      'Top 3 quarters by revenue',
      `SELECT year(d) || ' Q' || quarter(d), sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 3`,
      'top 3 by revenue, by quarter',
    ],
    [
      'Top 5 months by profit in 2021',
      `SELECT strftime(d, '%Y-%m'), sum(gp) p FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY p DESC LIMIT 5`,
      'top 5 by gross profit, by month, 2021-01-01 … 2021-12-31',
    ],
  ])('"%s" ranks the units by the figure', async (question, reference, understood) => {
    await expectAnswer(question, reference, understood);
  });
});

// Read again after a second review: each was read wrongly by an earlier form of this session's changes.
describe('the latest units, the one before, last year on a slice, and May', () => {
  itReadsEach([
    // Both showed the top row alone: "most" read as a ranking.
    ['Revenue in the most recent quarter by region', 'revenue, by region, 2021-10-01 … 2021-12-30'],
    ['Profit by category in the most recent month', 'gross profit, by category, 2021-12-01 … 2021-12-30'],
    // Both got the whole file's revenue.
    ['Revenue in the most recent two quarters', 'revenue, 2021-07-01 … 2021-12-30'],
    ['Customers with more than ten orders in the last three years', 'orders, by customer, orders > 10, 2019-01-01 … 2021-12-30'],
    // Q3 against Q2: "the previous year" of a quarter is the same quarter a year before.
    ['Revenue in Q3 2021 vs the previous year', 'revenue, 2021-07-01 … 2021-09-30, compared with 2020-07-01 … 2020-09-30'],
    [
      'Profit in the second quarter of 2021 compared with the first by region',
      'gross profit, by region, 2021-04-01 … 2021-06-30, compared with 2021-01-01 … 2021-03-31',
    ],
    // 2020 alone.
    ['Sales vs last year on Phones', 'revenue, Sub-Category = Phones, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30'],
    // April alone; then April against May, the change backwards in time: the later comes first.
    ['Revenue in April vs May across regions', 'revenue, 2021-05-01 … 2021-05-31, compared with 2021-04-01 … 2021-04-30'],
    // This year to date against last year's.
    ['How did May compare with last year?', 'revenue, 2021-05-01 … 2021-05-31, compared with 2020-05-01 … 2020-05-31'],
  ]);

  it('"How many customers made their first purchase of Phones in 2021?" is refused (it counted new customers who bought Phones)', async () => {
    const answer = await answerWithQuery('How many customers made their first purchase of Phones in 2021?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('but not the first time a customer bought one product, category or supplier yet');
  });
});

// "Sean" was refused as a word of names. It is the first word of five customers' names: the
// answer asks which, naming them; "all Sean" takes them together, and "Avery" is a brand.
describe('a name given by its first word', () => {
  it('"How much did Sean spend?" asks which Sean, naming each', async () => {
    const names = (await sql(`SELECT DISTINCT "Customer Name" FROM t WHERE regexp_matches("Customer Name", '^Sean\\b') ORDER BY 1`)).map(
      ([name]) => String(name),
    );
    expect(names).toHaveLength(5);
    const answer = await answerWithQuery('How much did Sean spend?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `“Sean” starts the names of 5 customers: ${names.slice(0, 4).join(', ')} and ${names[4]}. Name one in full, or say “all Sean” to take them together.`,
    );
  });

  it('"How much did all Sean spend?" is their revenue together', async () => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE regexp_matches("Customer Name", '^Sean\\b')`)) as number[][];
    const answer = await answerWithQuery('How much did all Sean spend?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, customer name starting with “Sean”');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });

  // A product is its Product ID, named by its first row.
  const byFirstName = (where: string, select: string, rest = '') =>
    sql(`WITH r AS (SELECT *, row_number() OVER () rn FROM t), named AS (SELECT "Product ID" id, arg_min("Product Name", rn) first_name FROM r GROUP BY 1)
         SELECT ${select} FROM r JOIN named ON r."Product ID" = named.id WHERE ${where} ${rest}`);

  // It got the revenue of the city Canton, a typo it took "Canon" for.
  it('"Revenue from Canon" is the revenue of the products whose names start with "Canon"', async () => {
    const [[revenue]] = (await byFirstName(`regexp_matches(first_name, '^Canon\\b')`, 'sum(rev)')) as number[][];
    const answer = await answerWithQuery('Revenue from Canon', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, product name starting with “Canon”');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });

  // It ranked state × product pairs: the products are what the states are ranked by.
  it('"Which state buys the most Apple products?" ranks the states by those products', async () => {
    const top = (await byFirstName(
      `regexp_matches(first_name, '^Apple\\b')`,
      'State, sum(rev) r',
      'GROUP BY 1 ORDER BY r DESC LIMIT 1',
    )) as [string, number][];
    const answer = await answerWithQuery('Which state buys the most Apple products?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('top 1 by revenue, by State, product name starting with “Apple”');
    expectRowsClose(answer.result?.rows ?? [], top);
  });

  // Superstore sells Acme scissors and rulers: a buyer is looked for among the customers only.
  it('"How much did Acme spend?" is refused: no customer is named so', async () => {
    const [[products]] = (await sql(`SELECT count(DISTINCT "Product ID") FROM t WHERE "Product Name" LIKE 'Acme %'`)) as number[][];
    expect(products).toBeGreaterThan(1);
    const answer = await answerWithQuery('How much did Acme spend?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't pick out products by a word of their names (“Acme”) yet");
  });
});

// It listed the 46 customers with their revenue, but not the revenue asked for.
describe('what the rows a threshold keeps hold together', () => {
  it('"How much revenue came from customers with at most 2 orders?" gives their revenue together', async () => {
    const [[customers, revenue]] = (await sql(
      `SELECT count(*), sum(r) FROM (SELECT "Customer ID", count(DISTINCT "Order ID") o, sum(rev) r FROM t GROUP BY 1 HAVING o <= 2)`,
    )) as number[][];
    const answer = await answerWithQuery('How much revenue came from customers with at most 2 orders?', file.snapshot, TODAY);
    expect(answer.result?.keptTotals).toEqual([{ measure: 'revenue', kind: 'money', value: expect.closeTo(revenue, 6) }]);
    expect(answer.text).toContain(
      `**${customers} customers** with orders between 1 and 2; together: revenue ${revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}.`,
    );
  });
});

describe('a range open at one end, and a day written out', () => {
  // "Revenue since June 2021" was June's alone, "since 2021-06-15" that one day, "before June
  // 2021" June's, and "on June 15, 2021" all of 2021's.
  const cases: [question: string, reference: string, understood: string][] = [
    [
      'What is our revenue since June 2021?',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-06-01' AND '2021-12-30'`,
      'revenue, 2021-06-01 … 2021-12-30',
    ],
    [
      'Revenue since 2021-06-15',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-06-15' AND '2021-12-30'`,
      'revenue, 2021-06-15 … 2021-12-30',
    ],
    [
      'How many orders since Q3 2021?',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE d BETWEEN '2021-07-01' AND '2021-12-30'`,
      'orders, 2021-07-01 … 2021-12-30',
    ],
    [
      'Revenue by month since Q2 2021',
      `SELECT strftime(d, '%Y-%m'), sum(rev) FROM t WHERE d BETWEEN '2021-04-01' AND '2021-12-30' GROUP BY 1 ORDER BY 1`,
      'revenue, by month, 2021-04-01 … 2021-12-30',
    ],
    ['Revenue after June 2021', `SELECT sum(rev) FROM t WHERE d > '2021-06-30'`, 'revenue, 2021-07-01 … 2021-12-30'],
    ['Revenue before June 2021', `SELECT sum(rev) FROM t WHERE d < '2021-06-01'`, 'revenue, 2018-01-03 … 2021-05-31'],
    ['Revenue until March 2020', `SELECT sum(rev) FROM t WHERE d <= '2020-03-31'`, 'revenue, 2018-01-03 … 2020-03-31'],
    ['Revenue from June 2021 onwards', `SELECT sum(rev) FROM t WHERE d >= '2021-06-01'`, 'revenue, 2021-06-01 … 2021-12-30'],
    ['Revenue in the year before 2021', `SELECT sum(rev) FROM t WHERE year(d) = 2020`, 'revenue, 2020-01-01 … 2020-12-31'],
    // "The 3 months before June 2021" was June's.
    // A superlative and a figure before the grouping's noun ("lowest revenue region") got the total, the grouping dropped.
    [
      'Lowest revenue region in 2021',
      `SELECT "Region", sum(rev) AS r FROM t WHERE year(d) = 2021 GROUP BY 1 ORDER BY r ASC LIMIT 1`,
      'bottom 1 by revenue, by region, 2021-01-01 … 2021-12-31',
    ],
    [
      'Highest profit category',
      `SELECT "Category", sum(gp) AS g FROM t GROUP BY 1 ORDER BY g DESC LIMIT 1`,
      'top 1 by gross profit, by category',
    ],
    [
      'Top revenue state in 2021',
      `SELECT "State", sum(rev) AS r FROM t WHERE year(d) = 2021 GROUP BY 1 ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by State, 2021-01-01 … 2021-12-31',
    ],
    [
      'Highest revenue month',
      `SELECT strftime(d, '%Y-%m'), sum(rev) AS r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by month',
    ],
    // "Without" after a figure was refused as naming no value to leave out.
    [
      'Revenue without Technology in 2020',
      `SELECT sum(rev) FROM t WHERE year(d) = 2020 AND "Category" <> 'Technology'`,
      'revenue, category ≠ Technology, 2020-01-01 … 2020-12-31',
    ],
    // "Top 5 products by revenue and their margin" ranked by the margin, the more specific word.
    [
      'Top 5 products by revenue and their margin',
      `SELECT min("Product Name"), sum(rev) r, 100 * sum(gp) / sum(rev) FROM t GROUP BY "Product ID" ORDER BY r DESC LIMIT 5`,
      'top 5 by revenue, by product',
    ],
    // "Week to date" was the whole file's.
    ['Revenue week to date', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-27' AND '2021-12-30'`, 'revenue, 2021-12-27 … 2021-12-30'],
    // "Rank states by profit in 2021" got the total: "rank" before a column's plural named no grouping.
    [
      'Rank states by profit in 2021',
      `SELECT "State", sum(gp) g FROM t WHERE year(d) = 2021 GROUP BY 1 ORDER BY g DESC`,
      'gross profit, by State, 2021-01-01 … 2021-12-31',
    ],
    // "Revenue and customers by region" listed customer × region pairs.
    [
      'Revenue and customers by region',
      `SELECT "Region", sum(rev) r, count(DISTINCT "Customer ID") FROM t GROUP BY 1 ORDER BY r DESC`,
      'revenue, customers, by region',
    ],
    // "The previous quarter", "the last full year" were the whole file's.
    [
      'Revenue in the previous quarter',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-07-01' AND '2021-09-30'`,
      'revenue, 2021-07-01 … 2021-09-30',
    ],
    ['Revenue last full year', `SELECT sum(rev) FROM t WHERE year(d) = 2020`, 'revenue, 2020-01-01 … 2020-12-31'],
    // A month, quarter or half without its year written as a number was the whole file's or the whole year's.
    ['December sales', `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-01' AND '2021-12-31'`, 'revenue, 2021-12-01 … 2021-12-31'],
    ['Revenue last December', `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-12-01' AND '2020-12-31'`, 'revenue, 2020-12-01 … 2020-12-31'],
    ['Revenue in Q4 last year', `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-10-01' AND '2020-12-31'`, 'revenue, 2020-10-01 … 2020-12-31'],
    [
      'Revenue in the first half of last year',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-01-01' AND '2020-06-30'`,
      'revenue, 2020-01-01 … 2020-06-30',
    ],
    [
      "What were June's profits?",
      `SELECT sum(gp) FROM t WHERE d BETWEEN '2021-06-01' AND '2021-06-30'`,
      'gross profit, 2021-06-01 … 2021-06-30',
    ],
    [
      'March orders',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE d BETWEEN '2021-03-01' AND '2021-03-31'`,
      'orders, 2021-03-01 … 2021-03-31',
    ],
    [
      'Revenue in the 3 months before June 2021',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-05-31'`,
      'revenue, 2021-03-01 … 2021-05-31',
    ],
    [
      'Top 3 customers in the two quarters after Q1 2020',
      `SELECT "Customer Name", sum(rev) AS r FROM t WHERE d BETWEEN '2020-04-01' AND '2020-09-30' GROUP BY 1 ORDER BY r DESC LIMIT 3`,
      'top 3 by revenue, by customer, 2020-04-01 … 2020-09-30',
    ],
    // A count of months is a span, not a top N: "… in the 6 months after March 2021" was the top 6.
    [
      'Profit in the 6 months after March 2021 by category',
      `SELECT "Category", sum(gp) AS g FROM t WHERE d BETWEEN '2021-04-01' AND '2021-09-30' GROUP BY 1 ORDER BY g DESC`,
      'gross profit, by category, 2021-04-01 … 2021-09-30',
    ],
    [
      'Which 3 customers had the most profit in the 6 months after March 2021?',
      `SELECT "Customer Name", sum(gp) AS g FROM t WHERE d BETWEEN '2021-04-01' AND '2021-09-30' GROUP BY 1 ORDER BY g DESC LIMIT 3`,
      'top 3 by gross profit, by customer, 2021-04-01 … 2021-09-30',
    ],
    ['What was revenue on June 15, 2021?', `SELECT sum(rev) FROM t WHERE d = '2021-06-15'`, 'revenue, 2021-06-15 … 2021-06-15'],
    [
      'How many orders did we get on March 3rd, 2020?',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE d = '2020-03-03'`,
      'orders, 2020-03-03 … 2020-03-03',
    ],
    ['Sales on the 15th of June 2021', `SELECT sum(rev) FROM t WHERE d = '2021-06-15'`, 'revenue, 2021-06-15 … 2021-06-15'],
    ['Revenue on 15/06/2021', `SELECT sum(rev) FROM t WHERE d = '2021-06-15'`, 'revenue, 2021-06-15 … 2021-06-15'],
    ['Revenue on 15.06.2021', `SELECT sum(rev) FROM t WHERE d = '2021-06-15'`, 'revenue, 2021-06-15 … 2021-06-15'],
    // A day without a year is the latest by the analysis date, as a month is.
    ['Revenue on December 3rd', `SELECT sum(rev) FROM t WHERE d = '2021-12-03'`, 'revenue, 2021-12-03 … 2021-12-03'],
    [
      'Revenue from March 1, 2021 to April 15, 2021',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-01' AND '2021-04-15'`,
      'revenue, 2021-03-01 … 2021-04-15',
    ],
  ];
  for (const [question, reference, understood] of cases) it(question, () => expectAnswer(question, reference, understood));

  it('"Which customers bought in March 3 times?" keeps March: the number counts the orders', async () => {
    const answer = await answerWithQuery('Which customers bought in March 3 times?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('orders, by customer, orders = 3, 2021-03-01 … 2021-03-31');
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE d BETWEEN '2021-03-01' AND '2021-03-31' GROUP BY 1 HAVING count(DISTINCT "Order ID") = 3)`,
    )) as number[][];
    expect(answer.result?.totalRows).toBe(count);
  });

  // "… have not ordered since June 2021" set May against June.
  it('"Which customers have not ordered since June 2021?" are every customer silent from June on', async () => {
    const answer = await answerWithQuery('Which customers have not ordered since June 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2018-01-03 … 2021-05-31, but not in 2021-06-01 … 2021-12-30');
    expect(answer.result?.totalRows).toBe(await lapsedCount(`d < '2021-06-01'`, `d >= '2021-06-01'`));
  });

  // "The revenue of customers who first bought in 2018" was the revenue of everyone who bought in 2018.
  it('customers picked by when they first bought: their count, or refused for another figure', async () => {
    const answer = await answerWithQuery('How many customers first ordered in 2020?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('new customers, 2020-01-01 … 2020-12-31');
    const [[count]] = (await sql(`SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING year(min(d)) = 2020)`)) as number[][];
    expect(answer.result?.rows).toEqual([[count]]);
    for (const question of [
      'What is the revenue of customers who first bought in 2018?',
      'Revenue from customers who started buying in 2020',
      'How much did customers acquired in 2019 spend in 2021?',
    ]) {
      const refused = await answerWithQuery(question, file.snapshot, TODAY);
      expect(refused.result, question).toBeNull();
      expect(refused.text).toContain('but not another figure of customers picked by when they first bought yet');
    }
  });

  it.each([
    // 3 April or 4 March: slashes are written either way round.
    ['Revenue on 03/04/2021', '03/04/2021'],
    ['Revenue on February 30, 2021', 'february 30, 2021'],
    // June's, once: from June or from July?
    ['Orders in the 3 months since June 2021', '3 months since june 2021'],
  ])('%s is refused: no one range is meant', async (question, unread) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I couldn't read the period “${unread}”.`);
  });
});

describe('a fiscal year, and a fortnight', () => {
  // Both got the whole file's revenue.
  it('Revenue in the past fortnight', () =>
    expectAnswer(
      'Revenue in the past fortnight',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-17' AND '2021-12-30'`,
      'revenue, 2021-12-17 … 2021-12-30',
    ));

  it.each([
    ['Revenue this fiscal year', 'this fiscal year'],
    ['Revenue in FY21', 'fy21'],
    ['Sales in fiscal 2021 by region', 'fiscal 2021'],
  ])('%s is refused: when the fiscal year starts is no fact of the file', async (question, words) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I don't know when your fiscal year starts, so I can't read “${words}” as a period;`);
  });
});

describe('a share of the total, and units per order', () => {
  // "Revenue per region as a percent of total" was refused as a share of something else.
  it('Revenue per region as a percent of total', () =>
    expectAnswer(
      'Revenue per region as a percent of total',
      `SELECT Region, sum(rev) / (SELECT sum(rev) FROM t) * 100, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`,
      'share of revenue, revenue, by region',
    ));

  // It got all the units of Chairs, the "per order" dropped.
  it('"How many units of Chairs did we sell per order?" is refused, not answered with all the units', async () => {
    const answer = await answerWithQuery('How many units of Chairs did we sell per order?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      'I can work out revenue per order (the average order value), but not the items, units or profit of an average order yet',
    );
  });
});

// "The last 12 months vs the 12 months before" read the last 12 months alone.
it('"Revenue in the last 12 months vs the 12 months before" sets the two spans side by side', async () => {
  const answer = await answerWithQuery('Revenue in the last 12 months vs the 12 months before', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30');
  const [[recent, before]] = (await sql(
    `SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30'), sum(rev) FILTER (WHERE d BETWEEN '2020-01-01' AND '2020-12-30') FROM t`,
  )) as number[][];
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(recent, 6);
  expect(answer.result?.rows[0][1] as number).toBeCloseTo(before, 6);
});

// "Customers whose revenue dropped by more than half", "… fell by 50%" and "… by half or more"
// listed every customer whose revenue fell (328), the bound dropped.
describe('a change by a fraction or a percentage', () => {
  const COMPARED = ', 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31';
  it.each([
    ['Customers whose revenue dropped by more than half', 'revenue % change < -50', '<'],
    ["Which customers' revenue fell by half?", 'revenue down 50% or more', '<='],
    ["Which customers' revenue fell by 50%?", 'revenue down 50% or more', '<='],
    ["Which customers' revenue fell by 50% or more?", 'revenue down 50% or more', '<='],
    ['Customers whose spend fell by at least a third', 'revenue down 33.333% or more', '<='],
  ])('"%s" keeps the customers past the bound', async (question, kept, op) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(`revenue, sorted by % change, by customer, ${kept}${COMPARED}`);
    const bound = kept.includes('33.333') ? -100 / 3 : -50;
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT "Customer ID", coalesce(sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30'), 0) a,
         sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) WHERE b > 0 AND (a - b) / b * 100 ${op} ${bound}`,
    )) as number[][];
    expect(answer.result?.totalRows).toBe(count);
  });

  it('"Which regions grew by more than a quarter?" keeps the regions up more than 25%', async () => {
    const answer = await answerWithQuery('Which regions grew by more than a quarter?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(`revenue, sorted by % change, by region, revenue % change > 25${COMPARED}`);
    const regions = await sql(
      `SELECT "Region" FROM (SELECT "Region", sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30') a,
         sum(rev) FILTER (WHERE year(d) = 2020) b FROM t GROUP BY 1) WHERE (a - b) / b * 100 > 25 ORDER BY (a - b) / b DESC`,
    );
    expect(answer.result?.rows.map((row) => row[0])).toEqual(regions.map(([region]) => region));
  });

  it('"… fell by 10% or less" is refused: a bound below a change is no threshold the query keeps', async () => {
    const answer = await answerWithQuery("Which customers' revenue fell by 10% or less?", file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't apply “at most 10” here");
  });
});

// "More than a thousand dollars" and "more than a dozen orders" listed every customer, the bound dropped.
describe('an amount written in words', () => {
  it.each([
    [
      'Customers who spent more than a thousand dollars in 2021',
      'revenue, by customer, revenue > 1,000, 2021-01-01 … 2021-12-31',
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING sum(rev) > 1000)`,
    ],
    [
      'Customers with more than a dozen orders',
      'orders, by customer, orders > 12',
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") > 12)`,
    ],
  ])('"%s" keeps the customers past it', async (question, understood, reference) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    const [[count]] = (await sql(reference)) as number[][];
    expect(answer.result?.totalRows).toBe(count);
  });
});

// "Best month by region" got the best month overall, the regions dropped.
it('"Best month by region" is refused: a ranking within each region is no query yet', async () => {
  const answer = await answerWithQuery('Best month by region', file.snapshot, TODAY);
  expect(answer.result).toBeNull();
  expect(answer.text).toContain(
    "I can't rank within each region yet; name one region (“the best month in …”), or ask for the figure by region and month.",
  );
});

// "This month vs the same days last month" kept Superstore's ship mode "Same Day" alone.
it('"Revenue this month vs the same days last month" names no ship mode', async () => {
  const answer = await answerWithQuery('Revenue this month vs the same days last month', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('revenue, 2021-12-01 … 2021-12-30, compared with 2021-11-01 … 2021-11-30');
  const [[now, before]] = (await sql(
    `SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-12-01' AND '2021-12-30'), sum(rev) FILTER (WHERE d BETWEEN '2021-11-01' AND '2021-11-30') FROM t`,
  )) as number[][];
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(now, 6);
  expect(answer.result?.rows[0][1] as number).toBeCloseTo(before, 6);
});

// "The same days last quarter" was read after "last quarter" was set aside, and kept the ship mode.
it('"Revenue this quarter vs the same days last quarter" names no ship mode', async () => {
  const answer = await answerWithQuery('Revenue this quarter vs the same days last quarter', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('revenue, 2021-10-01 … 2021-12-30, compared with 2021-07-01 … 2021-09-30');
  const [[now, before]] = (await sql(
    `SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-10-01' AND '2021-12-30'), sum(rev) FILTER (WHERE d BETWEEN '2021-07-01' AND '2021-09-30') FROM t`,
  )) as number[][];
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(now, 6);
  expect(answer.result?.rows[0][1] as number).toBeCloseTo(before, 6);
});

describe('the same month or quarter of every year', () => {
  // "Revenue in December of each year" was December 2021's, "Revenue in each December" the whole file's.
  itRefusesEach(
    [
      'Revenue in December of each year',
      'Q4 revenue by year',
      'Revenue in each December',
      'How did December sales compare across years?',
    ].map((question) => [question, "I can't take the same month or quarter out of every year yet"] as const),
  );
});

it('"Profit by customer in the 3 months before June 2021" lists every customer of those months, not the top 3', async () => {
  const answer = await answerWithQuery('Profit by customer in the 3 months before June 2021', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('gross profit, by customer, 2021-03-01 … 2021-05-31');
  const [[customers]] = (await sql(
    `SELECT count(DISTINCT "Customer ID") FROM t WHERE d BETWEEN '2021-03-01' AND '2021-05-31'`,
  )) as number[][];
  expect(answer.result?.totalRows).toBe(customers);
});

// "And profit?" after "Revenue by region in 2021" got the whole file's gross profit, and "Do
// the same for orders" every order ever: read alone, a question that leans on an earlier one
// is another question.
describe('a question that leans on an earlier one', () => {
  const leansOn = (question: string) => `I read each question on its own, so I can't tell what “${question}” adds to.`;
  itRefusesEach(
    [
      'And profit?',
      'What about profit?',
      'And revenue by region?',
      'What about orders in 2020?',
      'Do the same for orders',
      'Same for units',
    ].map((question) => [question, leansOn(question)] as const),
  );
  // A pronoun with nothing in the question to stand for: "What did they buy last?" got every product's revenue.
  itRefusesEach([
    ['How much did they spend in 2020?', "I can't tell who or what “they” is in “How much did they spend in 2020?”."],
    ['What did they buy last?', "I can't tell who or what “they” is in “What did they buy last?”."],
    ['What did she buy?', "I can't tell who or what “she” is in “What did she buy?”."],
    // The orders are no one who could place them.
    ['How many orders did they place?', "I can't tell who or what “they” is in “How many orders did they place?”."],
    ['What is their average order value?', "I can't tell who or what “their” is in “What is their average order value?”."],
    ["Those customers' revenue in 2020", "I can't tell who or what “Those customers” is in “Those customers' revenue in 2020”."],
  ]);

  itReadsEach([
    // A joining word before a whole question, and "the same" inside one, stand alone.
    ['And which customers bought Chairs?', 'revenue, by customer, Sub-Category = Chairs'],
    ['Revenue in the same quarter last year', 'revenue, by quarter, each against the same quarter a year before'],
    [
      'Which customers increased their spend in 2021?',
      'revenue, sorted by change, by customer, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    // "Its" after a figure is the figure's.
    ['Show me revenue by month in 2021 and its trend', 'revenue, by month, 2021-01-01 … 2021-12-31'],
  ]);

  it('quotes the question back as text: a link typed in it is not rendered', async () => {
    const answer = await answerWithQuery('And [profit](https://example.com/x)?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("can't tell what “And \\[profit\\]\\(https://example.com/x\\)?” adds to.");
  });

  // The intent answers took these: "How did their margin change?" got every product's margin,
  // "Which of those customers are at risk?" the whole churn list.
  it.each([
    ['How did their margin change?', 'their'],
    ['Which of those customers are at risk?', 'those customers'],
    ['Which of those are at risk?', 'those'],
    ['How many of these bought Chairs?', 'these'],
  ])('refuses %j whichever answer would take it', async (question, unnamed) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toBe(
      `I read each question on its own, so I can't tell who or what “${unnamed}” is in “${question}”. Ask it in full, naming them, such as “What did … buy in 2021?”.`,
    );
  });

  it('quotes a name it could not find back as text: emphasis and code typed in it are not rendered', async () => {
    const answer = await answerWithQuery('Units of _Chairs_ and `code`', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I couldn't find “\\_Chairs\\_ and \\`code\\`” among this file's customers, products or other values.");
  });

  it('"What about Sean Miller?" still gets his profile: it names all it asks', async () => {
    const { answer } = await askOffline('What about Sean Miller?', analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith('**Sean Miller** (SM-20320):')).toBe(true);
  });
});

// "Furniture's revenue in the first half of 2021 vs the second half" set H1 against H2: a
// change of −53.1% where Furniture's revenue had more than doubled.
describe('two periods set side by side', () => {
  it('the later comes first, so the change reads forward in time', () =>
    expectAnswer(
      'How much revenue did Furniture make in the first half of 2021 vs the second half?',
      `SELECT a, b, a - b, (a - b) / b * 100 FROM (
         SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-07-01' AND '2021-12-31') a,
                sum(rev) FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-06-30') b
         FROM t WHERE Category = 'Furniture')`,
      'revenue, category = Furniture, 2021-07-01 … 2021-12-31, compared with 2021-01-01 … 2021-06-30',
    ));

  // "change 0.2%" for a margin from 29.7% to 29.8% read as a percent change: it is points.
  it('the change of a margin is in points, its % change a percent of the earlier margin', async () => {
    const question = 'Margin in 2020 vs 2021';
    const reference = `SELECT a, b, a - b, (a - b) / b * 100 FROM (
      SELECT sum(gp) FILTER (WHERE year(d) = 2021) / sum(rev) FILTER (WHERE year(d) = 2021) * 100 a,
             sum(gp) FILTER (WHERE year(d) = 2020) / sum(rev) FILTER (WHERE year(d) = 2020) * 100 b FROM t)`;
    await expectAnswer(question, reference, 'margin %, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31');
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.columns.map((c) => [c.label, c.kind])).toEqual([
      ['margin % 2021-01-01 … 2021-12-31', 'percent'],
      ['margin % 2020-01-01 … 2020-12-31', 'percent'],
      ['change (pts)', 'points'],
      ['% change', 'percent'],
    ]);
    const [[, , change]] = (await sql(reference)) as number[][];
    expect(answer.text).toContain(`| ${change.toFixed(1)} |`);
  });

  itReadsEach([
    // A word that reads the two one way round keeps the order written: more in Q1 than in Q2.
    [
      'Which customers bought more in Q1 2021 vs Q2 2021?',
      'revenue, sorted by change, by customer, revenue up, 2021-01-01 … 2021-03-31, compared with 2021-04-01 … 2021-06-30',
    ],
    ['Compare 2020 to 2021 by region', 'revenue, by region, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
  ]);
});

// "Revenue at the end of 2021", "late 2021", "mid 2021" and "the start of 2021" were all of
// 2021, "the first half of December" the first half of the year, "the last 2 weeks of December
// 2021" all of December, "at year end" the whole file: a part of a period named by no days.
describe('a part of a period named by no days', () => {
  it.each([
    ['Revenue at the end of 2021', 'the end of 2021'],
    ['Revenue in late 2021', 'late 2021'],
    ['Revenue in mid 2021', 'mid 2021'],
    ['Revenue from mid-2020', 'mid-2020'],
    ['Revenue in early 2021', 'early 2021'],
    ['Revenue at the start of 2021', 'the start of 2021'],
    ['Revenue in the middle of 2021', 'the middle of 2021'],
    ['Sales towards the end of the year', 'the end of the year'],
    ['Revenue at year end', 'year end'],
    ['Revenue in the first half of December', 'first half of december'],
    ['Revenue in the second half of December 2021', 'second half of december'],
    ['Revenue in the last 2 weeks of December 2021', 'last 2 weeks of december 2021'],
    ['Revenue in the first 10 days of 2021', 'first 10 days of 2021'],
  ])('"%s" is refused, naming “%s”', async (question, words) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't read “${words}” as a period yet; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD).`,
    );
  });

  it.each([
    ['Revenue since the start of 2021', "year(d) = 2021 AND d <= DATE '2021-12-30'"],
    ['Revenue from the start of 2020 to the end of 2021', 'year(d) IN (2020, 2021)'],
    ['Revenue between the start of 2020 and the end of 2021', 'year(d) IN (2020, 2021)'],
    ['Revenue since the beginning of the year', "year(d) = 2021 AND d <= DATE '2021-12-30'"],
  ])('"%s" is a range, one end of it the start or end of a period', async (question, where) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE ${where}`)) as number[][];
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
});

// "Fastest growing products in 2021" and "Fastest-growing customers in 2021" got the whole
// file's change, "Fastest growing sub-categories in 2021" was told there is no sub-category
// column, and "declining customers in 2021" got the total: the rows asked for were dropped.
describe('the fastest growing rows, and growing or declining ones', () => {
  /**
   * How many of `key`'s values had 2021 revenue on the side `op` of 2020's (a year without rows
   * counting 0), to the cent's millionth: a chair's 1,539.996 both years sums to 1,539.9959999999999 in one.
   */
  const wentWay = async (key: string, op: '>' | '<') =>
    (
      (await sql(
        `SELECT count(*) FROM (SELECT "${key}", sum(CASE WHEN year(d) = 2021 THEN rev ELSE 0 END) AS a, sum(CASE WHEN year(d) = 2020 THEN rev ELSE 0 END) AS b
       FROM t WHERE year(d) IN (2020, 2021) GROUP BY 1) WHERE round(a, 6) ${op} round(b, 6)`,
      )) as number[][]
    )[0][0];
  const years = '2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31';
  itCountsEach([
    ['Fastest growing products in 2021', `revenue, sorted by % change, by product, revenue up, ${years}`, () => wentWay('Product ID', '>')],
    [
      'Fastest-growing customers in 2021',
      `revenue, sorted by % change, by customer, revenue up, ${years}`,
      () => wentWay('Customer ID', '>'),
    ],
    [
      'Fastest growing sub-categories in 2021',
      `revenue, sorted by % change, by Sub-Category, revenue up, ${years}`,
      () => wentWay('Sub-Category', '>'),
    ],
    ['Fastest growing states in 2021', `revenue, sorted by % change, by State, revenue up, ${years}`, () => wentWay('State', '>')],
    ['growing products in 2021', `revenue, sorted by change, by product, revenue up, ${years}`, () => wentWay('Product ID', '>')],
    ['declining customers in 2021', `revenue, sorted by change, by customer, revenue down, ${years}`, () => wentWay('Customer ID', '<')],
  ]);
});

// "Which products drive our margin?" ranked six products at a 50.0% margin, none of which sold
// much: a margin driven or contributed is the gross profit it brings, with the % beside it.
describe('the margin a row contributes', () => {
  it('"Which products drive our margin?" ranks the products by gross profit, their margin beside it', async () => {
    const answer = await answerWithQuery('Which products drive our margin?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('gross profit, margin %, by product');
    const reference = await sql(`SELECT sum(gp), sum(gp) / sum(rev) * 100 FROM t GROUP BY "Product ID" ORDER BY sum(gp) DESC LIMIT 10`);
    expectRowsClose(
      answer.result?.rows.slice(0, 10).map((r) => r.slice(1)),
      reference,
    );
  });

  it('"Which categories contribute most to margin?" is each category\'s gross profit and margin', async () => {
    await expectAnswer(
      'Which categories contribute most to margin?',
      `SELECT Category, sum(gp), sum(gp) / sum(rev) * 100 FROM t GROUP BY 1 ORDER BY 2 DESC`,
      'gross profit, margin %, by category',
    );
  });
});

// "Revenue from customers not in the West" got the West's revenue, the opposite of what was
// asked, and "Orders not in the Consumer segment" the Consumer segment's orders: "not in" left
// nothing out. It leaves the values out now, as "outside" does; "but not in 2021" is a period's.
describe('values left out with "not in"', () => {
  it.each([
    ['Revenue from customers not in the West', 'revenue, region ≠ West', `SELECT sum(rev) FROM t WHERE Region <> 'West'`],
    ['Revenue from customers that aren’t in the West', 'revenue, region ≠ West', `SELECT sum(rev) FROM t WHERE Region <> 'West'`],
    ['Revenue for customers not based in California', 'revenue, State ≠ California', `SELECT sum(rev) FROM t WHERE State <> 'California'`],
    [
      'Orders not in the Consumer segment',
      'orders, Segment ≠ Consumer',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE Segment <> 'Consumer'`,
    ],
  ])('"%s" is %s', async (question, understood, reference) => {
    await expectAnswer(question, reference, understood);
  });

  it('"Customers who bought in 2020 but not in 2021" still sets two periods apart', async () => {
    const answer = await answerWithQuery('Customers who bought in 2020 but not in 2021', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2020', 'year(d) = 2021'));
  });
});

// "Revenue from all segments but Consumer", "Sales, not counting the West", "Revenue ignoring
// Technology", "Profit leaving out Furniture" and "Revenue from regions that are not the West"
// each kept the value they leave out; "Products not sold in Texas" and "Revenue from
// customers who don't buy Chairs" kept Texas and Chairs.
describe('other ways of leaving a value out, and a denial the grammar can not place', () => {
  it.each([
    ['Revenue from all segments but Consumer', 'revenue, Segment ≠ Consumer', `SELECT sum(rev) FROM t WHERE Segment <> 'Consumer'`],
    ['Sales, not counting the West', 'revenue, region ≠ West', `SELECT sum(rev) FROM t WHERE Region <> 'West'`],
    ['Revenue ignoring Technology', 'revenue, category ≠ Technology', `SELECT sum(rev) FROM t WHERE Category <> 'Technology'`],
    ['Profit leaving out Furniture', 'gross profit, category ≠ Furniture', `SELECT sum(gp) FROM t WHERE Category <> 'Furniture'`],
    ['Revenue without counting Texas', 'revenue, State ≠ Texas', `SELECT sum(rev) FROM t WHERE State <> 'Texas'`],
    ['Revenue from regions that are not the West', 'revenue, region ≠ West', `SELECT sum(rev) FROM t WHERE Region <> 'West'`],
    ['Revenue with the exception of Texas', 'revenue, State ≠ Texas', `SELECT sum(rev) FROM t WHERE State <> 'Texas'`],
    ['Revenue barring the West', 'revenue, region ≠ West', `SELECT sum(rev) FROM t WHERE Region <> 'West'`],
    ['Revenue save for Technology', 'revenue, category ≠ Technology', `SELECT sum(rev) FROM t WHERE Category <> 'Technology'`],
    [
      'Revenue of everything but Office Supplies',
      'revenue, category ≠ Office Supplies',
      `SELECT sum(rev) FROM t WHERE Category <> 'Office Supplies'`,
    ],
    [
      'Revenue from everyone except Sean Miller',
      'revenue, customer ≠ Sean Miller',
      `SELECT sum(rev) FROM t WHERE "Customer Name" <> 'Sean Miller'`,
    ],
  ])('"%s" is %s', async (question, understood, reference) => {
    await expectAnswer(question, reference, understood);
  });

  it.each([
    ['Products not sold in Texas', 'Texas', 'not'],
    ['Revenue from customers who don’t buy Chairs', 'Chairs', 'not'],
    ['Revenue from Chairs, not Tables', 'Tables', 'not'],
    ['Revenue from customers with no orders in the West', 'West', 'no'],
  ])('"%s" is refused: it may leave %s out', async (question, value, word) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't tell whether this question keeps “${value}” or leaves it out; to leave it out, ask with “excluding ${value}”, and to keep it, name it without the “${word}”.`,
    );
  });

  it('a denial of buying with a span of time between keeps the value: the customers silent since June in Texas', async () => {
    const answer = await answerWithQuery("Revenue from customers who haven't ordered since June in Texas", file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(
      'customers who bought, State = Texas, 2018-01-03 … 2021-05-31, but not in 2021-06-01 … 2021-12-30',
    );
  });
});

// "Revenue of last year's top 10 customers this year" got their revenue of 2020, and "How much
// did last month's new customers spend this month?" November's: one of two periods named
// relative to today was dropped.
describe('two periods named relative to today, one of them dropped', () => {
  it.each([
    ["Revenue of last year's top 10 customers this year", 'last year', 'this year'],
    ["How much did last month's new customers spend this month?", 'last month', 'this month'],
  ])('"%s" is refused', async (question, first, second) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I could read only one of “${first}” and “${second}” here, so the answer would be to another question. Ask for one period, or two compared, such as “revenue by customer this year vs last year”.`,
    );
  });

  itReadsEach([
    ['Revenue this year vs last year', 'revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30'],
    [
      'Customers who bought last year but not this year',
      'customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30',
    ],
  ]);
});

// "Is profit down this year?" was answered with a rise of 14.3% and no word that it rose; "Why
// did profit fall in 2021?" in chat with the top products by margin.
describe('a figure said to have moved the other way', () => {
  const Y = (year: number, extra = '') => `FILTER (year(d) = ${year}${extra})`;
  it.each([
    ['Is profit down this year?', 'Gross profit did not fall: it rose.', `sum(gp) ${Y(2021)} - sum(gp) ${Y(2020)}`],
    [
      'Did sales fall in the West in 2021?',
      'Revenue did not fall: it rose.',
      `sum(rev) ${Y(2021, " AND Region = 'West'")} - sum(rev) ${Y(2020, " AND Region = 'West'")}`,
    ],
    [
      'Did margin grow in 2021?',
      'Margin % did not grow: it fell.',
      `sum(gp) ${Y(2021)} / sum(rev) ${Y(2021)} - sum(gp) ${Y(2020)} / sum(rev) ${Y(2020)}`,
    ],
  ])('"%s" says first "%s"', async (question, said, changeSql) => {
    const [[change]] = (await sql(`SELECT ${changeSql} FROM t`)) as number[][];
    expect(said.endsWith('it rose.') ? change > 0 : change < 0).toBe(true);
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.text.split('\n\n')[1]).toBe(said);
  });

  it.each(['Did margin drop in 2021?', 'Did revenue grow in 2021?', 'Revenue by region in 2021 vs 2020, did it fall?'])(
    '"%s" gets no such line: it moved as said, or the rows are many',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result).not.toBeNull();
      expect(answer.text).not.toMatch(/did not (fall|grow)/);
    },
  );

  it('"Why did profit fall in 2021?" in chat is 2021\'s gross profit against 2020\'s, which rose, and says it shows no why', async () => {
    const [[a, b]] = (await sql(`SELECT sum(gp) FILTER (year(d) = 2021), sum(gp) FILTER (year(d) = 2020) FROM t`)) as number[][];
    const { answer } = await askOffline('Why did profit fall in 2021?', analyse(file.aggregates), file.snapshot);
    const parts = answer.split('\n\n');
    expect(parts[0]).toBe('I understood: **gross profit, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31**.');
    expect(parts[1]).toBe('Gross profit did not fall: it rose.');
    expect(parts[2]).toContain(`| ${formatCell(a, 'money')} | ${formatCell(b, 'money')} |`);
    expect(parts[3]).toBe(
      'The rows show how gross profit moved, not why; ask for it by category, product, region or customer to see where it moved.',
    );
  });
});

// "Had no orders in 2021" is a purchase denied in 2021, as "did not order in 2021" reads (2020's
// buyers absent in 2021), and "with no orders in 2021" a silence, as "haven't ordered" reads
// (anyone who bought before): it was refused, and on the B2B file "How many customers had no
// orders in 2024?" counted those with one.
it.each([
  ['Which customers had no orders in 2021?', '2020-01-01', `year(d) = 2020`],
  ['Customers with no orders in 2021', '2018-01-03', `d < '2021-01-01'`],
])('"%s" lists the customers who bought from %s and not in 2021', async (question, from, before) => {
  const answer = await answerWithQuery(question, file.snapshot, TODAY);
  expect(answer.result?.understood).toBe(`customers who bought, ${from} … 2020-12-31, but not in 2021-01-01 … 2021-12-31`);
  expect(answer.result?.totalRows).toBe(await lapsedCount(before, `year(d) = 2021`));
});

// "Which customers should buy Chairs?", "Who should we sell Chairs to?" and "Which customers
// are likely to buy Chairs?" listed the customers who had bought Chairs, the opposite of whom
// to offer them: they are the cross-sell suggestions of Chairs, each a customer with no Chairs row.
describe('whom to offer a product', () => {
  it.each(['Which customers should buy Tables?', 'Who should we sell Tables to?', 'Which customers are likely to buy Tables?'])(
    '"%s" lists the cross-sell suggestions of Tables, none of them a buyer of Tables',
    async (question) => {
      const result = analyse(file.aggregates);
      const buyers = new Set(
        ((await sql(`SELECT DISTINCT "Customer Name" FROM t WHERE "Sub-Category" = 'Tables'`)) as string[][]).map(([c]) => c),
      );
      const offered = (result.crossSell?.opportunities ?? []).filter((o) => o.product.name === 'Tables').slice(0, 5);
      expect(offered.length).toBeGreaterThan(0);
      const { answer } = await askOffline(question, result, file.snapshot);
      const lines = answer.split('\n');
      expect(lines[0]).toBe('Customers to offer Tables, from the cross-sell rules:');
      expect(lines.slice(1)).toEqual(offered.map((o) => `- Offer Tables (sub-category) to ${o.customer.name}: ${o.because}`));
      expect(offered.every((o) => !buyers.has(o.customer.name))).toBe(true);
    },
  );

  it('"Who else might buy Staples?" says the kept suggestions have none for it, with no list of its buyers', async () => {
    const result = analyse(file.aggregates);
    const kept = result.crossSell?.opportunities.length ?? 0;
    const found = result.crossSell?.opportunitiesFound ?? 0;
    expect(found).toBeGreaterThan(kept);
    const { answer } = await askOffline('Who else might buy Staples?', result, file.snapshot);
    expect(answer).toBe(
      `I have no customers to suggest for Staples: none of the ${kept} strongest cross-sell suggestions (of ${found} found) is for it. Those who bought it already are a list of its buyers (“Which customers bought Staples?”).`,
    );
  });
});

// The refusal of concentration in one state offered "top 10 customers in Texas by share of
// revenue", itself refused as a grouping by "share of revenue": the example is answered.
it('the example the concentration refusal offers is answered, with shares of all revenue', async () => {
  const refused = await answerWithQuery('How concentrated is revenue among customers in Texas?', file.snapshot, TODAY);
  expect(refused.text).toContain('such as “top 10 customers in Texas by share of revenue”');
  const [[all]] = (await sql(`SELECT sum(rev) FROM t`)) as number[][];
  const top = (await sql(`SELECT "Customer Name", sum(rev) r FROM t WHERE State = 'Texas' GROUP BY 1 ORDER BY r DESC LIMIT 10`)) as [
    string,
    number,
  ][];
  const answer = await answerWithQuery('top 10 customers in Texas by share of revenue', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('top 10 by share of revenue, by customer, State = Texas');
  expect(answer.result?.rows.map((r) => [r[0], r[1], r[2]])).toEqual(
    top.map(([name, r]) => [name, expect.closeTo((r / all) * 100, 9), expect.closeTo(r, 6)]),
  );
});

// Refusals offered examples of the file's own values and years that were themselves refused:
// "the top customers in Germany" on a file without Germany, "customers in one region who
// stopped buying this year", which names no region. Each example offered is answered.
it.each([
  'Top 3 customers in each region',
  'Top 5 products in each category',
  'Which customers stopped buying in 2021 by region?',
  'How concentrated is revenue among customers in Texas?',
])('the example the refusal of "%s" offers is answered', async (question) => {
  const refused = await answerWithQuery(question, file.snapshot, TODAY);
  expect(refused.result).toBeNull();
  const example = /such as [“"]([^”"]+)[”"]/.exec(refused.text)?.[1];
  expect(example, refused.text).toBeDefined();
  const answer = await answerWithQuery(example as string, file.snapshot, TODAY);
  expect(answer.result, answer.text).not.toBeNull();
});

// It got the churn list ("71 customers are lost"): the top states are lost as the top customers are.
it('"What if we lost our top 3 states?" gives the top 3 states\' revenue and share of it', async () => {
  const expected = await sql(
    `SELECT State, 100 * sum(rev) / (SELECT sum(rev) FROM t), sum(rev) FROM t GROUP BY State ORDER BY sum(rev) DESC LIMIT 3`,
  );
  const answer = await answerWithQuery('What if we lost our top 3 states?', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('top 3 by share of revenue, by State');
  expectRowsClose(answer.result?.rows ?? [], expected);
  expect(answer.text).toContain('What losing them would take away is what they bring: their revenue, and its share of all revenue.');
});

// Each was told "I can't rank states from the analysis yet", or got the help list: the rows rank them.
it.each([
  ['Which state is the best?', 'State', 'top 1 by revenue, by State', 'DESC'],
  ['Which ship mode is the best?', '"Ship Mode"', 'top 1 by revenue, by Ship Mode', 'DESC'],
  ['What is our worst region?', 'Region', 'bottom 1 by revenue, by region', 'ASC'],
])('"%s" ranks by revenue', async (question, column, understood, order) => {
  const expected = await sql(`SELECT ${column}, sum(rev) FROM t GROUP BY ${column} ORDER BY sum(rev) ${order} LIMIT 1`);
  const answer = await answerWithQuery(question, file.snapshot, TODAY);
  expect(answer.result?.understood).toBe(understood);
  expectRowsClose(answer.result?.rows ?? [], expected);
});

// It got the help list: costing money is losing it.
it('"Which customers cost us money?" lists the customers with a gross profit below 0', async () => {
  const [[count, total]] = (await sql(
    `SELECT count(*), sum(p) FROM (SELECT sum(gp) AS p FROM t GROUP BY "Customer ID" HAVING sum(gp) < 0)`,
  )) as number[][];
  const answer = await answerWithQuery('Which customers cost us money?', file.snapshot, TODAY);
  expect(answer.result?.understood).toBe('gross profit, by customer, gross profit < 0');
  expect(answer.result?.totalRows).toBe(count);
  expect(answer.result?.keptTotals?.[0].value).toBeCloseTo(total, 6);
});

describe('a share of gross profit', () => {
  // It was refused: only shares of revenue were worked out.
  it('"What % of profit comes from Technology?" is Technology\'s gross profit over all of it', async () => {
    const expected = await sql(
      `SELECT 100 * sum(gp) FILTER (WHERE Category = 'Technology') / sum(gp), sum(gp) FILTER (WHERE Category = 'Technology') FROM t`,
    );
    const answer = await answerWithQuery('What % of profit comes from Technology?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('share of gross profit, gross profit, category = Technology');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"Share of profit by category" gives each category\'s', async () => {
    const expected = await sql(
      `SELECT Category, 100 * sum(gp) / (SELECT sum(gp) FROM t), sum(gp) FROM t GROUP BY Category ORDER BY sum(gp) DESC`,
    );
    const answer = await answerWithQuery('Share of profit by category', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('share of gross profit, gross profit, by category');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"What percentage of our profit comes from the top 10 customers?" says what the 10 hold together', async () => {
    const [[together]] = (await sql(
      `SELECT 100 * sum(p) / (SELECT sum(gp) FROM t) FROM (SELECT sum(gp) AS p FROM t GROUP BY "Customer ID" ORDER BY p DESC LIMIT 10)`,
    )) as number[][];
    const answer = await answerWithQuery('What percentage of our profit comes from the top 10 customers?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('top 10 by share of gross profit, by customer');
    expect(answer.text).toContain(`The 10 rows shown hold ${together.toFixed(1)}% of it together.`);
  });
});

// Each was refused, once answered every customer, or listed every buyer of Binders by year.
describe('customers who bought in every unit', () => {
  it.each([
    ['How many customers bought in every year?', 'TRUE', 'year', 4, 'customers who bought in every year, 2018-01-03 … 2021-12-30'],
    [
      'Which customers buy Binders every year?',
      `"Sub-Category" = 'Binders'`,
      'year',
      4,
      'customers who bought in every year, Sub-Category = Binders, 2018-01-03 … 2021-12-30',
    ],
    [
      'Which customers ordered Phones in all four quarters of 2021?',
      `"Sub-Category" = 'Phones' AND year(d) = 2021`,
      'quarter',
      4,
      'customers who bought in every quarter, Sub-Category = Phones, 2021-01-01 … 2021-12-30',
    ],
    [
      'Which customers bought every month in 2021?',
      'year(d) = 2021',
      'month',
      12,
      'customers who bought in every month, 2021-01-01 … 2021-12-30',
    ],
  ] as const)('"%s" lists those who bought in each of them', async (question, where, unit, units, understood) => {
    const expected = await sql(
      `SELECT "Customer Name", sum(rev) FROM t WHERE ${where} GROUP BY "Customer ID", "Customer Name"
       HAVING count(DISTINCT date_trunc('${unit}', d)) = ${units} ORDER BY sum(rev) DESC, 1`,
    );
    const [[buyers]] = (await sql(`SELECT count(DISTINCT "Customer ID") FROM t WHERE ${where}`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    expect(answer.result?.totalRows).toBe(expected.length);
    expectRowsClose(answer.result?.rows ?? [], expected.slice(0, 50));
    expect(answer.result?.withoutShare?.of).toBe(buyers);
  });
});

// The name before the verb was read nowhere: they got all products counted and all of 2020's revenue.
it.each([
  ['How many products does Supplier 13 supply?', 'This file has no supplier column.'],
  ['how much did Rep 7 sell last year', 'This file has no sales-rep column.'],
])('"%s" says the file has no such column', async (question, reason) => {
  const answer = await answerWithQuery(question, file.snapshot, TODAY);
  expect(answer.result).toBeNull();
  expect(answer.text).toContain(reason);
});

// Each got the values' own revenue: Tables by customer, Chairs and Tables together, Chairs by customer.
describe('figures of the customers who bought a value', () => {
  const buyersOf = (where: string) => `"Customer ID" IN (SELECT "Customer ID" FROM t WHERE ${where})`;
  it.each([
    [
      'Total revenue of customers who bought Tables',
      `SELECT sum(rev) FROM t WHERE ${buyersOf(`"Sub-Category" = 'Tables'`)}`,
      'revenue, customers who bought Sub-Category = Tables',
    ],
    [
      'How much do Chairs buyers spend on Tables?',
      `SELECT sum(rev) FROM t WHERE "Sub-Category" = 'Tables' AND ${buyersOf(`"Sub-Category" = 'Chairs'`)}`,
      'revenue, Sub-Category = Tables, customers who bought Sub-Category = Chairs',
    ],
    [
      'Revenue of customers who bought Chairs in 2021',
      `SELECT sum(rev) FROM t WHERE year(d) = 2021 AND ${buyersOf(`"Sub-Category" = 'Chairs' AND year(d) = 2021`)}`,
      'revenue, 2021-01-01 … 2021-12-31, customers who bought Sub-Category = Chairs',
    ],
    [
      'What is the average order value of customers who bought Chairs?',
      `SELECT sum(rev) / count(DISTINCT "Order ID") FROM t WHERE ${buyersOf(`"Sub-Category" = 'Chairs'`)}`,
      'average order value, customers who bought Sub-Category = Chairs',
    ],
    [
      'What share of revenue comes from customers who bought Tables?',
      `SELECT 100 * sum(rev) / (SELECT sum(rev) FROM t), sum(rev) FROM t WHERE ${buyersOf(`"Sub-Category" = 'Tables'`)}`,
      'share of revenue, revenue, customers who bought Sub-Category = Tables',
    ],
    [
      'What is the margin on sales to customers who bought Tables?',
      `SELECT 100 * sum(gp) / sum(rev), sum(rev) FROM t WHERE ${buyersOf(`"Sub-Category" = 'Tables'`)}`,
      'margin %, revenue, customers who bought Sub-Category = Tables',
    ],
    [
      'Top 5 customers who bought Chairs by total revenue',
      `SELECT "Customer Name", sum(rev) AS r FROM t WHERE ${buyersOf(`"Sub-Category" = 'Chairs'`)} GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 5`,
      'top 5 by revenue, by customer, customers who bought Sub-Category = Chairs',
    ],
    [
      'Revenue from customers who bought Chairs by region',
      `SELECT Region, sum(rev) AS r FROM t WHERE ${buyersOf(`"Sub-Category" = 'Chairs'`)} GROUP BY 1 ORDER BY r DESC`,
      'revenue, by region, customers who bought Sub-Category = Chairs',
    ],
  ] as const)('"%s" counts all they bought', async (question, reference, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    expectRowsClose(answer.result?.rows ?? [], await sql(reference));
    expect(answer.text).toMatch(/^I understood: .*\n[^]*\d+ customers bought Sub-Category = (Tables|Chairs)/);
  });

  // "What do … also buy?" got the file's strongest cross-sell rules, none of them about Chairs;
  // "What do people who buy Chairs buy?" and "Customers who bought Chairs, what else …" their Chairs revenue.
  it.each([
    'What else do customers who buy Chairs buy?',
    'What do customers who buy Chairs also buy?',
    'What do Chairs buyers also buy?',
    'What do people who buy Chairs buy?',
    'Customers who bought Chairs, what else did they buy?',
  ])('"%s" lists the other sub-categories by how many of them bought each', async (question) => {
    const expected = await sql(
      `SELECT "Sub-Category", count(DISTINCT "Customer ID"), sum(rev) FROM t
       WHERE "Sub-Category" <> 'Chairs' AND ${buyersOf(`"Sub-Category" = 'Chairs'`)}
       GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    );
    const [[chairsBuyers]] = (await sql(`SELECT count(DISTINCT "Customer ID") FROM t WHERE "Sub-Category" = 'Chairs'`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(
      'top 10 by customers, by Sub-Category, Sub-Category ≠ Chairs, customers who bought Sub-Category = Chairs',
    );
    expectRowsClose(answer.result?.rows ?? [], expected);
    expect(answer.text).toContain(
      `${chairsBuyers} customers bought Sub-Category = Chairs; each row counts those of them who bought it, and what they spent on it.`,
    );
  });

  it.each(['Which products do customers who buy Chairs buy?', 'Which products are bought by customers who buy Chairs?'])(
    '"%s" lists the products besides Chairs by how many of them bought each',
    async (question) => {
      // A product is its Product ID; the ties at the tenth place are shown too.
      const counts = (await sql(
        `SELECT count(DISTINCT "Customer ID") AS n FROM t
         WHERE "Sub-Category" <> 'Chairs' AND ${buyersOf(`"Sub-Category" = 'Chairs'`)}
         GROUP BY "Product ID" ORDER BY n DESC`,
      )) as number[][];
      const tenth = counts[9][0];
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result?.understood).toBe(
        'top 10 by customers, by product, Sub-Category ≠ Chairs, customers who bought Sub-Category = Chairs',
      );
      expect(answer.result?.rows.map((r) => r[1])).toEqual(counts.filter(([n]) => n >= tenth).map(([n]) => n));
    },
  );

  // Found by a review of the first draft, which refused, split or misread each.
  itReadsEach([
    ['Number of customers who bought Chairs in 2021', 'customers, Sub-Category = Chairs, 2021-01-01 … 2021-12-31'],
    ['Give me a list of customers who bought Chairs', 'revenue, by customer, Sub-Category = Chairs'],
    ['What do West customers buy?', 'revenue, by product, region = West'],
    ['What percentage of customers who bought Chairs also bought Tables?', 'customers who bought each of Sub-Category = Chairs, Tables'],
    ['Of the customers who bought Chairs, how many also bought Tables?', 'customers who bought each of Sub-Category = Chairs, Tables'],
    [
      'What was the revenue of customers who bought Tables, last year?',
      'revenue, 2020-01-01 … 2020-12-31, customers who bought Sub-Category = Tables',
    ],
    [
      'What else do customers who buy Chairs spend the most on?',
      'top 10 by revenue, by Sub-Category, Sub-Category ≠ Chairs, customers who bought Sub-Category = Chairs',
    ],
    ['Sales by region 03/2021', 'revenue, by region, 2021-03-01 … 2021-03-31'],
    ['How much do Chairs buyers spend in total?', 'revenue, customers who bought Sub-Category = Chairs'],
  ]);
  it.each([
    ['What else did customers who bought Chairs buy, by region?', 'not split further yet'],
    ['What share of customers bought more than 5 times in 2021?', 'but not the share past a threshold or of customers one by one yet'],
  ])('"%s" is refused: %s', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  // The lists of who bought a value stay lists of what each bought of it.
  itReadsEach([
    ['Which customers bought Chairs?', 'revenue, by customer, Sub-Category = Chairs'],
    ['Top 5 customers who bought Chairs', 'top 5 by revenue, by customer, Sub-Category = Chairs'],
    ['How many customers bought Chairs?', 'customers, Sub-Category = Chairs'],
    ['How much do Texas customers spend on Chairs?', 'revenue, Sub-Category = Chairs, State = Texas'],
  ]);
});

// Each was refused: only shares of revenue and gross profit were worked out.
describe('a share of customers', () => {
  const buyers = (where: string) => `count(DISTINCT "Customer ID") FILTER (WHERE ${where})`;
  it.each([
    [
      'What percentage of customers are in the West?',
      `SELECT 100 * ${buyers(`Region = 'West'`)} / count(DISTINCT "Customer ID"), ${buyers(`Region = 'West'`)} FROM t`,
      'share of customers, customers, region = West',
    ],
    [
      'What share of customers bought Chairs in 2021?',
      `SELECT 100 * ${buyers(`"Sub-Category" = 'Chairs'`)} / count(DISTINCT "Customer ID"), ${buyers(`"Sub-Category" = 'Chairs'`)} FROM t WHERE year(d) = 2021`,
      'share of customers, customers, Sub-Category = Chairs, 2021-01-01 … 2021-12-31',
    ],
    [
      'Share of customers by region',
      `SELECT Region, 100 * count(DISTINCT "Customer ID") / (SELECT count(DISTINCT "Customer ID") FROM t) AS s, count(DISTINCT "Customer ID") FROM t GROUP BY 1 ORDER BY s DESC`,
      'share of customers, customers, by region',
    ],
  ] as const)('"%s" is their customers over all who bought', async (question, reference, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    expectRowsClose(answer.result?.rows ?? [], await sql(reference));
    expect(answer.text).toContain('Shares of customers are of all customers who bought');
  });

  // A share of 2021's customers among 2021's customers would be 100%: it is of all the file's.
  it('"What percent of customers bought in 2021?" sets 2021\'s customers against all of the file\'s', async () => {
    const [[in2021, all]] = (await sql(
      `SELECT count(DISTINCT "Customer ID") FILTER (WHERE year(d) = 2021), count(DISTINCT "Customer ID") FROM t`,
    )) as number[][];
    const answer = await answerWithQuery('What percent of customers bought in 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2018-01-03 … 2021-12-30, and also in 2021-01-01 … 2021-12-31');
    expect(answer.result?.keptShare?.of).toBe(all);
    expect(answer.result?.totalRows).toBe(in2021);
    expect(answer.text).toContain(
      `That is ${((100 * in2021) / all).toFixed(1)}% of the ${all} customers who bought in 2018-01-03 … 2021-12-30.`,
    );
  });
});

// "Revenue from Supplier 13" got the Supplies sub-category's revenue; the others the whole file's.
it.each([
  ['Revenue from Supplier 13', 'This file has no supplier column.'],
  ['Revenue of supplier 13', 'This file has no supplier column.'],
  ['Revenue of rep 7', 'This file has no sales-rep column.'],
  ['How many customers buy from Supplier 13?', 'This file has no supplier column.'],
  ['Revenue from region 9', "I couldn't find “region 9” among this file's customers, products or other values."],
])('"%s" is refused: %s', async (question, reason) => {
  const answer = await answerWithQuery(question, file.snapshot, TODAY);
  expect(answer.result).toBeNull();
  expect(answer.text).toContain(reason);
});

// "What is the 3rd best selling product?" got the best one, read as "the best selling product".
describe('a place in a ranking', () => {
  it.each([
    [
      'Which state had the 5th highest profit?',
      `SELECT State, sum(gp) AS p FROM t GROUP BY 1 ORDER BY p DESC LIMIT 5`,
      'top 5 by gross profit, by State',
      '5th',
    ],
    [
      'What was our 2nd best month in 2021?',
      `SELECT strftime(d, '%Y-%m'), sum(rev) AS r FROM t WHERE year(d) = 2021 GROUP BY 1 ORDER BY r DESC LIMIT 2`,
      'top 2 by revenue, by month, 2021-01-01 … 2021-12-31',
      '2nd',
    ],
    [
      'What is the 3rd best selling product?',
      `SELECT sum(rev) AS r FROM t GROUP BY "Product ID" ORDER BY r DESC LIMIT 3`,
      'top 3 by revenue, by product',
      '3rd',
    ],
  ] as const)('"%s" ranks that many, the place asked for last', async (question, reference, understood, place) => {
    const expected = await sql(reference);
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    const rows = answer.result?.rows ?? [];
    // The products are named, not by their ids: their figures are compared.
    expectRowsClose(expected[0].length === 1 ? rows.map((r) => r.slice(1)) : rows, expected);
    expect(answer.text).toContain(
      `The ${place} place is row ${expected.length} here, where there are ${expected.length} rows or more; any tied with it are shown too.`,
    );
  });

  it('"What is the 60th best selling product?" is refused: an answer shows 50 rows (it got the best one)', async () => {
    const answer = await answerWithQuery('What is the 60th best selling product?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("An answer shows 50 rows of a ranking at most, so I can't show the place asked for");
  });
});

// Each listed every customer's figure (793 average order values), not the one asked for.
describe('a figure of the customers', () => {
  it('"What is the average order value of customers in Texas?" is one figure', async () => {
    const expected = await sql(`SELECT sum(rev) / count(DISTINCT "Order ID") FROM t WHERE State = 'Texas'`);
    const answer = await answerWithQuery('What is the average order value of customers in Texas?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('average order value, State = Texas');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  itReadsEach([
    ['What is the revenue of customers in Texas?', 'revenue, State = Texas'],
    ["What's the average order value of our customers?", 'average order value'],
    ['What is the margin of customers in the West?', 'margin %, region = West'],
    // Listed, as asked.
    ['What is the revenue of each customer in Texas?', 'revenue, by customer, State = Texas'],
  ]);
});

// It was refused as a share the query can't take: the concentration analysis counts them.
describe('how many customers make a share of revenue', () => {
  it('"How many customers make up 80% of revenue?" is the concentration answer\'s count', async () => {
    const [[needed, all]] = (await sql(
      `WITH c AS (SELECT sum(rev) AS r FROM t GROUP BY "Customer ID"),
            k AS (SELECT r, sum(r) OVER (ORDER BY r DESC ROWS UNBOUNDED PRECEDING) AS cum, sum(r) OVER () AS total FROM c)
       SELECT count(*) FILTER (WHERE cum - r < 0.8 * total), count(*) FROM k`,
    )) as number[][];
    const { answer, trace } = await askOffline('How many customers make up 80% of revenue?', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_concentration');
    expect(answer).toContain(`${needed} of ${all} customers make 80%`);
  });

  it('"How many customers account for 50% of sales?" says which share it can count', async () => {
    const answer = await answerWithQuery('How many customers account for 50% of sales?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('I can say how many customers make 80% of revenue');
  });
});

// The first listed 2021's revenue of every customer; the second was refused as a cohort's figure.
describe('customers picked by their first order', () => {
  const firsts = `(SELECT "Customer ID", min(d) AS first FROM t GROUP BY 1)`;
  it('"What is the revenue of customers whose first order was in 2021?" is what the new customers of 2021 bought then', async () => {
    const expected = await sql(
      `SELECT sum(rev) FROM t JOIN ${firsts} f USING ("Customer ID") WHERE year(d) = 2021 AND year(f.first) = 2021`,
    );
    const answer = await answerWithQuery('What is the revenue of customers whose first order was in 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue from new customers, 2021-01-01 … 2021-12-31');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"How many customers had their first order in 2020?" counts the new customers of 2020', async () => {
    const expected = await sql(`SELECT count(*) FROM ${firsts} f WHERE year(f.first) = 2020`);
    const answer = await answerWithQuery('How many customers had their first order in 2020?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('new customers, 2020-01-01 … 2020-12-31');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });
});

// "What is Sean Miller's favourite product?" got his profile, "popular categories" the file's
// revenue, "Most popular product" (no "what") the file's revenue, and "What's our customers'
// average order value?" every customer's.
describe('a favourite, a popular list, and a figure of our customers', () => {
  it('"What is Sean Miller\'s favourite product?" is the product he spent most on', async () => {
    const expected = await sql(
      `SELECT "Product Name", sum(rev) r FROM t WHERE "Customer Name" = 'Sean Miller' GROUP BY 1 ORDER BY r DESC LIMIT 1`,
    );
    const answer = await answerWithQuery("What is Sean Miller's favourite product?", file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('top 1 by revenue, by product, customer = Sean Miller');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"Most popular product in the West" ranks the West\'s products by revenue', async () => {
    const expected = await sql(`SELECT "Product Name", sum(rev) r FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY r DESC LIMIT 1`);
    const answer = await answerWithQuery('Most popular product in the West', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('top 1 by revenue, by product, region = West');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"What\'s our customers\' average order value?" is one figure', async () => {
    const expected = await sql(`SELECT sum(rev) / count(DISTINCT "Order ID") FROM t`);
    const answer = await answerWithQuery("What's our customers' average order value?", file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('average order value');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"Least popular sub-categories" lists the sub-categories, the smallest revenue first', async () => {
    const expected = await sql(`SELECT "Sub-Category", sum(rev) r FROM t GROUP BY 1 ORDER BY r ASC`);
    const answer = await answerWithQuery('Least popular sub-categories', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by Sub-Category, lowest first');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  itReadsEach([
    ['Popular categories in 2021', 'revenue, by category, 2021-01-01 … 2021-12-31'],
    ['Favorite products of Sean Miller', 'revenue, by product, customer = Sean Miller'],
    ["What's our customers' favourite category?", 'top 1 by revenue, by category'],
    // One by one, as asked.
    ["What is each of our customers' revenue?", 'revenue, by customer'],
  ]);
});

// "Which customer ordered most recently?" got the top customer by revenue (Sean Miller), and
// "Who was our first customer?" the top five by revenue.
describe('customers by their last order, and the first customer', () => {
  const lastOrders = `SELECT "Customer Name" AS name, max(d) AS last FROM t GROUP BY 1`;

  it.each(['Which customer ordered most recently?', 'Who placed the most recent order?', 'Who ordered last?'])(
    '"%s" lists the customers by their last order, those of the last day first',
    async (question) => {
      const latest = (await sql(`WITH l AS (${lastOrders}) SELECT name FROM l WHERE last = (SELECT max(last) FROM l) ORDER BY 1`)).map(
        ([name]) => name as string,
      );
      const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(trace).toContain('use:rank_customers');
      const lines = answer.split('\n');
      expect(lines[0]).toBe('Customers by their last order, the most recent first (days before 2021-12-30):');
      expect(lines.slice(1, latest.length + 1).map((line) => /^- 1\\\. (.+): last order 2021-12-30 \(0 days\)/.exec(line)?.[1])).toEqual(
        latest,
      );
    },
  );

  it('"Which customers ordered least recently?" lists the longest silent first', async () => {
    const [[name, last]] = await sql(
      `WITH l AS (${lastOrders}) SELECT name, strftime(last, '%Y-%m-%d') FROM l ORDER BY last, name LIMIT 1`,
    );
    const { answer } = await askOffline('Which customers ordered least recently?', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe('Customers by their last order, the longest ago first (days before 2021-12-30):');
    expect(answer.split('\n')[1]).toMatch(new RegExp(`^1\\. ${name}: last order ${last} \\(`));
  });

  it('"Who was our first customer?" is the customer of the file\'s first order', async () => {
    const [[name]] = await sql(`SELECT "Customer Name" FROM t ORDER BY d, 1 LIMIT 1`);
    const { answer } = await askOffline('Who was our first customer?', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe('The longest-standing customer, by their first order:');
    expect(answer.split('\n')[1]).toMatch(new RegExp(`^1\\. ${name}: first order 2018-01-03,`));
  });

  itRefusesEach([['Which customer ordered most recently in 2020?', 'I can rank customers by their last order over the whole file']]);
});

// It was asked for two periods, though "Which customers have we lost?" got the churn model's lost list.
it('"Lost customers in Texas" are the customers with Texas rows the churn model rates lost', async () => {
  const result = analyse(file.aggregates);
  const texans = new Set((await sql(`SELECT DISTINCT "Customer ID" FROM t WHERE State = 'Texas'`)).map(([id]) => id as string));
  const lost = (result.churn?.customers ?? []).filter((c) => c.risk === 'lost' && texans.has(c.id));
  expect(lost.length).toBeGreaterThan(0);
  const { answer } = await askOffline('Lost customers in Texas', result, file.snapshot);
  expect(answer.split('\n')[0]).toMatch(new RegExp(`^Customers with rows where State = Texas rated lost \\(${lost.length} customers\\)`));
  expect(answer).toContain(`1. ${lost[0].name}: lost, `);
});

// All three got a figure of all revenue (2,297,200.86, and 2021's): "lost" was not read at all.
describe('revenue lost, not said how', () => {
  itRefusesEach([
    [
      'How much revenue did we lose?',
      "I can't tell which figure “lost” means here; ask for one: the revenue of customers who stopped buying",
    ],
    ['How much revenue did we lose in 2021?', 'revenue against the year before (“Revenue this year vs last year”)'],
    ['How much money did we lose?', 'or the gross profit of what sold at a loss (“Which products lost money?”).'],
  ]);

  itReadsEach([
    // Said how: as before.
    [
      'How much revenue did we lose from customers who stopped buying?',
      'customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30',
    ],
  ]);
});

// Both got the file's monthly revenue trend: with no "which", the customers were not read as asked for.
describe('customers with a declining figure, listed without "which"', () => {
  it('"Show me customers with declining orders" lists those whose orders fell, as "Which customers …?" does', async () => {
    const [[fell]] = await sql(
      `WITH o AS (SELECT "Customer ID" c, count(DISTINCT "Order ID") FILTER (WHERE d BETWEEN '2021-01-01' AND '2021-12-30') n,
                         count(DISTINCT "Order ID") FILTER (WHERE d BETWEEN '2020-01-01' AND '2020-12-31') p FROM t GROUP BY 1)
       SELECT count(*) FROM o WHERE n < p`,
    );
    const answer = await answerWithQuery('Show me customers with declining orders', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(
      'orders, sorted by change, by customer, orders down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31',
    );
    expect(answer.result?.totalRows).toBe(fell);
  });

  itReadsEach([
    [
      'Customers with declining revenue',
      'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31',
    ],
  ]);
});

// Found by a review of this session's first changes.
describe('losing us money, last orders of other rows, and a customer segment', () => {
  it('"Which customers in Texas lost us money?" lists those with a loss on their Texas rows (it got a churn list)', async () => {
    const [[count]] = await sql(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE State = 'Texas' GROUP BY 1 HAVING sum(gp) < 0)`);
    const answer = await answerWithQuery('Which customers in Texas lost us money?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('gross profit, by customer, gross profit < 0, State = Texas');
    expect(answer.result?.totalRows).toBe(count);
  });

  it('"Which customer segment is least profitable?" ranks the segments (it ranked customers)', async () => {
    const expected = await sql(`SELECT Segment, sum(gp) p FROM t GROUP BY 1 ORDER BY p ASC LIMIT 1`);
    const answer = await answerWithQuery('Which customer segment is least profitable?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('bottom 1 by gross profit, by Segment');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  it('"How much revenue did we lose compared to last year?" says how: it compares the years', async () => {
    const answer = await answerWithQuery('How much revenue did we lose compared to last year?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30');
  });

  itRefusesEach([
    // Each got the top product by revenue, or the customers by their last order.
    [
      'Which product was ordered most recently?',
      'I can rank customers by their last order over the whole file, or in one region, not products',
    ],
    ['Which item was bought last?', 'I can rank customers by their last order over the whole file, or in one region, not products'],
    ['Who bought Chairs most recently?', 'not products or other rows, within a period or among the buyers of a value yet'],
    // It looked for a product called "again".
    ['Which customers are likely to buy again?', 'that question asks about the future or a cause'],
  ]);

  itReadsEach([
    ['Less popular products in the West', 'revenue, by product, lowest first, region = West'],
    ['Revenue by customer segment', 'revenue, by Segment'],
    // One by one, as the plural asks.
    ["What are our customers' revenues?", 'revenue, by customer'],
  ]);
});

// "Spent less than 100" was read as "spent less" (a comparison with 2020) and refused, while
// "spent under 100" worked; "between new and returning customers" was read as a period.
describe('a threshold said "less than", and new against returning customers', () => {
  it('"How many customers spent less than 100 in 2021?" lists those with 2021 revenue below 100', async () => {
    const [[count]] = await sql(
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE d BETWEEN '2021-01-01' AND '2021-12-31' GROUP BY 1 HAVING sum(rev) < 100)`,
    );
    const answer = await answerWithQuery('How many customers spent less than 100 in 2021?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by customer, revenue < 100, 2021-01-01 … 2021-12-31');
    expect(answer.result?.totalRows).toBe(count);
  });

  it('"What\'s the revenue split between new and returning customers in 2021?" splits 2021\'s revenue by first order', async () => {
    const expected = await sql(
      `WITH f AS (SELECT "Customer ID" c, min(d) AS first_day FROM t GROUP BY 1)
       SELECT sum(rev) FILTER (WHERE f.first_day >= '2021-01-01'), sum(rev) FILTER (WHERE f.first_day < '2021-01-01')
       FROM t JOIN f ON t."Customer ID" = f.c WHERE d BETWEEN '2021-01-01' AND '2021-12-31'`,
    );
    const answer = await answerWithQuery("What's the revenue split between new and returning customers in 2021?", file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue from new customers, revenue from returning customers, 2021-01-01 … 2021-12-31');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });

  itReadsEach([
    // A comparison, as before.
    [
      'Which customers spent less than last year?',
      'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-30',
    ],
  ]);
});

// "What's the cheapest product we sell?" listed the dearest first; "Which are our 5 cheapest
// products?" listed them all, and "Cheapest products in Texas" was refused as a word of names.
describe('the cheapest products', () => {
  const prices = (where = 'TRUE') =>
    sql(`SELECT sum(rev) / sum(CAST(Quantity AS DOUBLE)) p FROM t WHERE ${where} GROUP BY "Product ID" ORDER BY p ASC LIMIT 5`);

  it('"What\'s the cheapest product we sell?" is the lowest average price', async () => {
    const [[cheapest]] = await prices();
    const answer = await answerWithQuery("What's the cheapest product we sell?", file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('bottom 1 by average price, by product');
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(cheapest as number, 9);
  });

  it('"Which are our 5 cheapest products?" are the five lowest, lowest first', async () => {
    const expected = (await prices()).map(([p]) => p as number);
    const answer = await answerWithQuery('Which are our 5 cheapest products?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('bottom 5 by average price, by product');
    (answer.result?.rows ?? []).forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i], 9));
  });

  it('"Cheapest products in Texas" ranks the Texas products by average price', async () => {
    const [[cheapest]] = await prices(`State = 'Texas'`);
    const answer = await answerWithQuery('Cheapest products in Texas', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('average price, by product, lowest first, State = Texas');
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(cheapest as number, 9);
  });
});

// It named the top customer and their revenue (Sean Miller, 25,043.05), not what they bought.
describe('what the top customer bought', () => {
  itRefusesEach([['What did our top customer buy?', 'I can\'t look up "top customer" and answer about it in one step']]);
  itReadsEach([
    // How much they bought is the ranking's own figure.
    ['How much did our biggest customer buy last year?', 'top 1 by revenue, by customer, 2020-01-01 … 2020-12-31'],
  ]);
});

// Found by a second review of this session: each gave a figure the question did not ask for.
describe('a year after "less than", other orders of new and returning, and the top customer in total', () => {
  itRefusesEach([
    // "Revenue < 2,020" in 2020 (568 customers): a year is no amount. Which it is can't be told (twenty-second session).
    ['Which customers spent less than 2020?', "I can't tell whether “less than 2020” is an amount or the year 2020"],
    // 11 new customers beside all 2021 revenue.
    ['How is revenue split between returning and new customers this year?', "I couldn't read the period"],
  ]);

  itReadsEach([['What did our top customer buy in total?', 'top 1 by revenue, by customer']]);
});

describe('asked on 30 November 2026, in the eighth session', () => {
  /** The answer's first rows against DuckDB's first rows of the same ranking (labels exactly, figures to 1e-6). */
  async function expectFirstRows(question: string, reference: string, understood: string): Promise<void> {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe(understood);
    const expected = await sql(reference);
    const rows = answer.result?.rows.slice(0, expected.length) ?? [];
    expect(rows.map((row) => row[0])).toEqual(expected.map((row) => row[0]));
    rows.forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i][1] as number, 6));
  }

  const ONE_ORDER = `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") = 1)`;
  // Each counted all 793 customers.
  it.each(['How many customers bought exactly once?', 'How many customers have a single order?'])(
    '"%s" counts the customers with one order',
    (question) => expectAnswer(question, ONE_ORDER, 'customers with one order'),
  );

  // Each gave another grouping beside the one asked for, or none (the figure of all the rows).
  it.each([
    [
      'Which products sell best among Home Office customers?',
      `SELECT min("Product Name"), sum(rev) r FROM t WHERE Segment = 'Home Office' GROUP BY "Product ID" ORDER BY r DESC LIMIT 3`,
      'revenue, by product, Segment = Home Office',
    ],
    [
      'Which states bought the most Furniture products?',
      `SELECT State, sum(rev) r FROM t WHERE Category = 'Furniture' GROUP BY 1 ORDER BY r DESC LIMIT 3`,
      'revenue, by State, category = Furniture',
    ],
    [
      'Top 5 customers by number of items purchased',
      `SELECT "Customer Name", sum(qty) u FROM t GROUP BY "Customer ID", 1 ORDER BY u DESC, 1 LIMIT 3`,
      'top 5 by units, by customer',
    ],
    [
      'Which California cities buy the most?',
      `SELECT City, sum(rev) r FROM t WHERE State = 'California' GROUP BY 1 ORDER BY r DESC LIMIT 3`,
      'revenue, by City, State = California',
    ],
    [
      'Which West states are most profitable?',
      `SELECT State, sum(gp) p FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY p DESC LIMIT 3`,
      'gross profit, by State, region = West',
    ],
    [
      'What do customers in New York City buy the most?',
      `SELECT min("Product Name"), sum(rev) r FROM t WHERE City = 'New York City' GROUP BY "Product ID" ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by product, City = New York City',
    ],
    [
      'Best sellers among customers in California in 2021',
      `SELECT min("Product Name"), sum(rev) r FROM t WHERE State = 'California' AND ${Y2021} GROUP BY "Product ID" ORDER BY r DESC LIMIT 3`,
      'revenue, by product, State = California, 2021-01-01 … 2021-12-31',
    ],
    // "Or" with another grouping joins the regions (it got the top region-and-customer pair).
    [
      'Top customers in the East or West',
      `SELECT "Customer Name", sum(rev) r FROM t WHERE Region IN ('East', 'West') GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 3`,
      'revenue, by customer, region in West, East',
    ],
    [
      'Our bestsellers in 2021',
      `SELECT min("Product Name"), sum(rev) r FROM t WHERE ${Y2021} GROUP BY "Product ID" ORDER BY r DESC LIMIT 3`,
      'revenue, by product, 2021-01-01 … 2021-12-31',
    ],
  ])('"%s" ranks what was asked for', (question, reference, understood) => expectFirstRows(question, reference, understood));

  it('"Top 5 customers by number of products" counts each one\'s distinct products (it got the top customers by revenue)', async () => {
    const answer = await answerWithQuery('Top 5 customers by number of products', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('top 5 by products, by customer');
    const expected = (await sql(
      // Customers tied at fifth place are shown too.
      `SELECT count(DISTINCT "Product ID") n FROM t GROUP BY "Customer ID" QUALIFY rank() OVER (ORDER BY n DESC) <= 5 ORDER BY n DESC`,
    )) as number[][];
    expect(answer.result?.rows.map((row) => row[1])).toEqual(expected.map(([n]) => n));
    expect(answer.result?.rows[0][0]).toBe('William Brown');
  });

  it('"Best customers in terms of frequency" ranks customers by orders (it ranked them by revenue)', async () => {
    const [[name, orders]] = (await sql(
      `SELECT "Customer Name", count(DISTINCT "Order ID") n FROM t GROUP BY "Customer ID", 1 ORDER BY n DESC LIMIT 1`,
    )) as [string, number][];
    const { answer } = await askOffline('Best customers in terms of frequency', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`1\\. ${name}: ${orders} orders`);
  });

  // "Returning" by year is who bought before, as the engine's returning customers are (it became
  // the customers with two or more orders in the year beside the new).
  it('"new and returning customers by year" splits each year\'s customers by their first purchase', () =>
    expectAnswer(
      'new and returning customers by year',
      `WITH f AS (SELECT "Customer ID" c, min(d) first_day FROM t GROUP BY 1), y AS (SELECT DISTINCT "Customer ID" c, year(d) yr FROM t)
       SELECT yr::VARCHAR, count(*) FILTER (year(first_day) = yr), count(*) FILTER (year(first_day) < yr) FROM y JOIN f USING (c) GROUP BY yr ORDER BY yr`,
      'new customers, returning customers, by year',
    ));

  // A slip while mending "Who sells the most …?" grouped these by sales rep; they are one figure.
  // The others read worse after the first mends, found by the session's review: a column's name
  // inside a place ("New York City") or after "by" is no grouping asked for in place of products.
  itReadsEach([
    ['Which Technology products sell best in New York City?', 'revenue, by product, City = New York City, category = Technology'],
    ['Which Furniture products sell best in the Consumer segment?', 'revenue, by product, category = Furniture, Segment = Consumer'],
    ['Top 5 Furniture products in Texas state by profit', 'top 5 by gross profit, by product, category = Furniture, State = Texas'],
    ['Which Furniture products sell best by segment?', 'revenue, by product and Segment, category = Furniture'],
    // Found by the second review: "per product" and "by <column>" are groupings.
    ['Revenue per product in 2021', 'revenue, by product, 2021-01-01 … 2021-12-31'],
    ['Revenue among Corporate customers by state', 'revenue, by State, Segment = Corporate'],
    ['Sales of Furniture products by state', 'revenue, by State, category = Furniture'],
    ['Revenue per customer', 'revenue per customer'],
    ['average spend per customer', 'revenue per customer'],
    ['Revenue in the East or West', 'revenue, by region, region in West, East'],
  ]);

  it('"Which products should I cross-sell to customers who buy Phones?" is what sells with Phones (it got every rule of the file)', async () => {
    const result = analyse(file.aggregates);
    const asked = await askOffline('Which products should I cross-sell to customers who buy Phones?', result, file.snapshot);
    const withPhones = await askOffline('What should we cross-sell with Phones?', result, file.snapshot);
    expect(asked.answer).toBe(withPhones.answer);
    expect(asked.answer).toContain('Bought with the Sub-Category Phones products');
  });

  // It listed 2021's buyers not seen in 2020 (135): the denial is of the year written after it.
  itCountsEach([
    [
      'Which customers bought in 2020 and did not order in 2021?',
      'customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31',
      () => lapsedCount('year(d) = 2020', 'year(d) = 2021'),
    ],
  ]);

  itRefusesEach([
    // Total revenue beside a column of zeros: a single order over an amount is no one-time customer.
    ['Which customers have a single order over 5000?', "I couldn't tell which figure you want"],
    // Sean Miller's profile.
    ['Which customers are similar to Sean Miller?', "I can't find customers similar to another yet"],
    // Every rule of the file, Champions read nowhere.
    ['What should we sell to Champions?', 'not what to offer a segment yet; ask who the Champions are'],
    // The top products by margin.
    [
      'Top customers by profit who are at risk',
      'The churn list ranks the customers at risk by what each bought in the last 12 months, not by profit yet',
    ],
    // Every product sold in 2021, Canon's copier (sold since 2018) first.
    ['Which products were first sold in 2021?', 'not which of them were new then yet'],
  ]);

  // Ten Product IDs are named "Staples": the ranking is among them (it gave one figure, their total).
  it('"Top 5 Staples products by profit" ranks the ten products named Staples', async () => {
    const ids = ((await sql(`SELECT DISTINCT "Product ID" FROM t WHERE "Product Name" = 'Staples'`)) as string[][]).map(([id]) => id);
    expect(ids.length).toBe(10);
    const expected = (await sql(
      `SELECT 'Staples (' || "Product ID" || ')', sum(gp) p FROM t WHERE "Product Name" = 'Staples' GROUP BY "Product ID" ORDER BY p DESC LIMIT 5`,
    )) as [string, number][];
    const answer = await answerWithQuery('Top 5 Staples products by profit', file.snapshot, TODAY);
    const understood = answer.result?.understood ?? '';
    expect(understood.startsWith('top 5 by gross profit, by product, product in ')).toBe(true);
    expect(new Set(understood.replace('top 5 by gross profit, by product, product in ', '').split(', '))).toEqual(
      new Set(ids.map((id) => `Staples (${id})`)),
    );
    expect(answer.result?.rows.map((row) => row[0])).toEqual(expected.map(([label]) => label));
    answer.result?.rows.forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i][1], 6));
  });

  // The segments are the analysis' lists of customers: what they buy was the top products of
  // every customer, or the Champions themselves.
  itRefusesEach([
    ['Popular products among Champions', 'not what the Champions buy together yet'],
    ['Which products do Champions buy most?', 'not what the Champions buy together yet'],
    ['What do our loyal customers buy?', 'not what the Loyal Customers buy together yet'],
    // Superstore has no Germany: the adjective was dropped and every region ranked.
    ['Which German region sells the most?', "I couldn't find “german” among this file's customers, products or other values."],
  ]);
});

describe('asked on 30 November 2026, in the ninth session', () => {
  /** The answer is read as `understood`, its first figure is DuckDB's, and its figures run the way asked. */
  async function expectRanked(question: string, reference: string, understood: string, way: 'asc' | 'desc'): Promise<void> {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe(understood);
    const [[first]] = (await sql(reference)) as number[][];
    const figures = (answer.result?.rows ?? []).map((row) => row[1] as number);
    expect(figures[0]).toBeCloseTo(first, 6);
    expect(figures).toEqual([...figures].sort((a, b) => (way === 'asc' ? a - b : b - a)));
  }
  const BY_PRODUCT = (figure: string, where = 'true') => `FROM t WHERE ${where} GROUP BY "Product ID" ORDER BY ${figure}`;
  const MARGIN = 'sum(gp) / sum(rev) * 100';

  // Each got the top 5 products by revenue, the best sellers.
  it.each(['Which products are not selling well?', 'Which products are underperforming?', 'Which products are selling poorly?'])(
    '"%s" lists the products from the least revenue',
    (question) => expectRanked(question, `SELECT sum(rev) r ${BY_PRODUCT('r')} LIMIT 1`, 'revenue, by product, lowest first', 'asc'),
  );
  it('"Slow-moving products" lists the products from the fewest units, and "fast movers" from the most', async () => {
    await expectRanked('Slow-moving products', `SELECT sum(qty) u ${BY_PRODUCT('u')} LIMIT 1`, 'units, by product, lowest first', 'asc');
    await expectRanked('What are our fast movers?', `SELECT sum(qty) u ${BY_PRODUCT('u DESC')} LIMIT 1`, 'units, by product', 'desc');
  });
  // Each got the margin of the whole file, 12.5%; "low margins" were listed from the highest.
  it('"High margin products" ranks the products by margin, and "low margin products in 2021" from the lowest', async () => {
    await expectRanked('High margin products', `SELECT ${MARGIN} m ${BY_PRODUCT('m DESC')} LIMIT 1`, 'margin %, by product', 'desc');
    await expectRanked(
      'List our high-margin products',
      `SELECT ${MARGIN} m ${BY_PRODUCT('m DESC')} LIMIT 1`,
      'margin %, by product',
      'desc',
    );
    await expectRanked(
      'low margin products in 2021',
      `SELECT ${MARGIN} m ${BY_PRODUCT('m', Y2021)} LIMIT 1`,
      'margin %, by product, lowest first, 2021-01-01 … 2021-12-31',
      'asc',
    );
  });
  // It was refused as a word of product names ("Best-selling").
  it('"Best-selling products in 2021" ranks 2021\'s products by revenue', () =>
    expectRanked(
      'Best-selling products in 2021',
      `SELECT sum(rev) r ${BY_PRODUCT('r DESC', Y2021)} LIMIT 1`,
      'revenue, by product, 2021-01-01 … 2021-12-31',
      'desc',
    ));
  // It got the top 5 products by revenue: none selling needs the periods it is asked of.
  itRefusesEach([
    ['Which products are not selling?', 'I need two periods'],
    // "This file has no sub-category column", of a file that has one.
    ["What's the average margin across sub-categories?", 'ask for a figure by Sub-Category, such as “revenue by Sub-Category”'],
    // Each got the one best month or quarter of all, 2021-11 or 2021 Q4.
    ['Which month has the highest sales typically?', 'not average the same month across years yet'],
    ['Which quarter is usually our strongest?', 'not average the same quarter across years yet'],
  ]);
  // It got the total of every row.
  it('"Is there seasonality in our sales?" lists revenue by month', () =>
    expectAnswer(
      'Is there seasonality in our sales?',
      `SELECT strftime(d, '%Y-%m') m, sum(rev) FROM t GROUP BY 1 ORDER BY 1`,
      'revenue, by month',
    ));

  const Q4 = "d BETWEEN '2021-10-01' AND '2021-12-31'";
  const Q3 = "d BETWEEN '2021-07-01' AND '2021-09-30'";
  it.each([
    // The two quarters' sum, 476,306.02, and one figure for both segments.
    [
      "What's the difference in sales between Q3 and Q4 2021?",
      `SELECT sum(rev) FILTER (WHERE ${Q4}) a, sum(rev) FILTER (WHERE ${Q3}) b, a - b, (a - b) / b * 100 FROM t`,
      'revenue, 2021-10-01 … 2021-12-31, compared with 2021-07-01 … 2021-09-30',
    ],
    [
      'Revenue split between Consumer and Home Office',
      `SELECT Segment, sum(rev) r FROM t WHERE Segment IN ('Consumer', 'Home Office') GROUP BY 1 ORDER BY r DESC`,
      'revenue, by Segment, Segment in Home Office, Consumer',
    ],
    // Compared, 2020 against 2019, with no sum.
    ['Sales in 2019 and 2020 combined', `SELECT sum(rev) FROM t WHERE year(d) IN (2019, 2020)`, 'revenue, 2019-01-01 … 2020-12-31'],
    // Listed from the most profitable, or one total for every state.
    [
      'Weakest customer by profit',
      `SELECT "Customer Name", sum(gp) p FROM t GROUP BY "Customer ID", 1 ORDER BY p LIMIT 1`,
      'bottom 1 by gross profit, by customer',
    ],
    [
      'Weakest category by margin',
      `SELECT Category, sum(gp) / sum(rev) * 100 m FROM t GROUP BY 1 ORDER BY m LIMIT 1`,
      'bottom 1 by margin %, by category',
    ],
    // All years of Ohio: "lst yr" was no period.
    [
      'sales in ohio lst yr',
      `SELECT sum(rev) FROM t WHERE State = 'Ohio' AND year(d) = 2020`,
      'revenue, State = Ohio, 2020-01-01 … 2020-12-31',
    ],
    // Refused as a grouping by "profits".
    [
      'top 3 customers by profits in 2020',
      `SELECT "Customer Name", sum(gp) p FROM t WHERE year(d) = 2020 GROUP BY "Customer ID", 1 ORDER BY p DESC LIMIT 3`,
      'top 3 by gross profit, by customer, 2020-01-01 … 2020-12-31',
    ],
  ])('"%s" is answered as asked', (question, reference, understood) => expectAnswer(question, reference, understood));

  // Each was refused, or taken over all revenue (Technology's 6.9% of all for California's 34.8%).
  it.each([
    [
      'What share of California revenue is Technology?',
      `SELECT sum(rev) FILTER (WHERE Category = 'Technology') / sum(rev) * 100, sum(rev) FILTER (WHERE Category = 'Technology') FROM t WHERE State = 'California'`,
      'share of revenue, revenue, category = Technology, within State = California',
    ],
    [
      'What share of revenue in the West comes from Chairs?',
      `SELECT sum(rev) FILTER (WHERE "Sub-Category" = 'Chairs') / sum(rev) * 100, sum(rev) FILTER (WHERE "Sub-Category" = 'Chairs') FROM t WHERE Region = 'West'`,
      'share of revenue, revenue, Sub-Category = Chairs, within region = West',
    ],
    [
      'What percentage of Technology revenue comes from Phones?',
      `SELECT sum(rev) FILTER (WHERE "Sub-Category" = 'Phones') / sum(rev) * 100, sum(rev) FILTER (WHERE "Sub-Category" = 'Phones') FROM t WHERE Category = 'Technology'`,
      'share of revenue, revenue, Sub-Category = Phones, within category = Technology',
    ],
    [
      'What share of Technology sales is in the West?',
      `SELECT sum(rev) FILTER (WHERE Region = 'West') / sum(rev) * 100, sum(rev) FILTER (WHERE Region = 'West') FROM t WHERE Category = 'Technology'`,
      'share of revenue, revenue, region = West, within category = Technology',
    ],
    // Found by a review: the whole was Furniture's alone (13.7%).
    [
      'What share of Furniture sales in the West is Chairs?',
      `SELECT sum(rev) FILTER (WHERE "Sub-Category" = 'Chairs') / sum(rev) * 100, sum(rev) FILTER (WHERE "Sub-Category" = 'Chairs') FROM t WHERE Category = 'Furniture' AND Region = 'West'`,
      'share of revenue, revenue, Sub-Category = Chairs, within category = Furniture and region = West',
    ],
  ])('"%s" is a share of the revenue named', (question, reference, understood) => expectAnswer(question, reference, understood));

  // Found by a review of this session's rewrites, each read right before them.
  it.each([
    [
      'Which customers increased their spending from 2020 to 2021?',
      'revenue, sorted by change, by customer, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    ['Compare sales of products priced between 10 and 50', 'average price, revenue, by product, average price between 10 and 50'],
    ['Which month of the year has the highest sales in 2021?', 'top 1 by revenue, by month, 2021-01-01 … 2021-12-31'],
    ['Which month had the highest revenue per order on average?', 'top 1 by average order value, by month'],
    ['Most unprofitable products', 'gross profit, by product, gross profit < 0'],
  ])('"%s" is read as %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
  });

  // It compared the counts of customers, 693 against 638.
  itCountsEach([
    [
      'How many customers increased their spending in 2021?',
      'revenue, sorted by change, by customer, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      async () =>
        (
          (await sql(
            `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE year(d) IN (2020, 2021) GROUP BY 1
             HAVING coalesce(sum(rev) FILTER (WHERE year(d) = 2021), 0) > coalesce(sum(rev) FILTER (WHERE year(d) = 2020), 0))`,
          )) as number[][]
        )[0][0],
    ],
  ]);

  // It got the bottom 5 products.
  it('"What are the 5 worst-selling sub-categories?" ranks the sub-categories from the least revenue', () =>
    expectAnswer(
      'What are the 5 worst-selling sub-categories?',
      `SELECT "Sub-Category", sum(rev) r FROM t GROUP BY 1 ORDER BY r LIMIT 5`,
      'bottom 5 by revenue, by Sub-Category',
    ));

  it('"Most unprofitable state in 2021" lists the states from the largest loss (it got the total, 93,439.27)', () =>
    expectRanked(
      'Most unprofitable state in 2021',
      `SELECT sum(gp) p FROM t WHERE ${Y2021} GROUP BY State ORDER BY p LIMIT 1`,
      'gross profit, by State, lowest first, 2021-01-01 … 2021-12-31',
      'asc',
    ));
});

describe('asked on 1 December 2026, in the tenth session', () => {
  const COST = 'sum(rev - gp)';
  /** How many values of `key` had 2021's revenue below (or above) 2020's, a year without rows counting 0. */
  async function wentWay(key: string, op: '<' | '>'): Promise<number> {
    const [[count]] = (await sql(
      `SELECT count(*) FROM (SELECT ${key}, sum(CASE WHEN year(d) = 2021 THEN rev ELSE 0 END) AS x,
         sum(CASE WHEN year(d) = 2020 THEN rev ELSE 0 END) AS y FROM t WHERE year(d) IN (2020, 2021) GROUP BY ALL) WHERE x ${op} y`,
    )) as number[][];
    return count;
  }
  // Each got revenue ("goods sold", "sales"), or was refused as no figure.
  it.each([
    ['What is our cost of goods sold?', 'cost', 'true'],
    ['What is the total COGS for 2021?', 'cost, 2021-01-01 … 2021-12-31', Y2021],
    ['What was our cost of sales last quarter?', 'cost, 2021-07-01 … 2021-09-30', "d BETWEEN '2021-07-01' AND '2021-09-30'"],
    ['How much did the goods we sold cost us in 2020?', 'cost, 2020-01-01 … 2020-12-31', 'year(d) = 2020'],
    [
      'What was the cost of Chairs in 2021?',
      'cost, Sub-Category = Chairs, 2021-01-01 … 2021-12-31',
      `${Y2021} AND "Sub-Category" = 'Chairs'`,
    ],
  ])('"%s" is the cost of what was sold, revenue less gross profit', (question, understood, where) =>
    expectAnswer(question, `SELECT ${COST} FROM t WHERE ${where}`, understood),
  );

  it('cost is a figure beside others, and a ranking', async () => {
    await expectAnswer(
      'Revenue, cost and profit by year',
      `SELECT CAST(year(d) AS VARCHAR), ${COST}, sum(gp), sum(rev) FROM t GROUP BY 1 ORDER BY 1`,
      'cost, gross profit, revenue, by year',
    );
    // It was units alone: "cost and" named no figure.
    await expectAnswer(
      'Cost and units by category',
      `SELECT Category, ${COST} c, sum(qty) FROM t GROUP BY 1 ORDER BY c DESC`,
      'cost, units, by category',
    );
    // It got the top products by revenue.
    await expectAnswer(
      'Top 5 products by cost',
      `SELECT "Product Name", ${COST} c FROM t GROUP BY 1 ORDER BY c DESC LIMIT 5`,
      'top 5 by cost, by product',
    );
    await expectAnswer(
      'Cost of Technology vs Furniture',
      `SELECT Category, ${COST} c FROM t WHERE Category IN ('Technology', 'Furniture') GROUP BY 1 ORDER BY c DESC`,
      'cost, by category, category in Technology, Furniture',
    );
  });

  // It counted all 793 customers.
  it('"How many customers have only ever placed one order?" counts those with one order', () =>
    expectAnswer(
      'How many customers have only ever placed one order?',
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") = 1)`,
      'customers with one order',
    ));

  // Each listed all 17 sub-categories (all 4 regions): "revenue down" is a way the rows went.
  itCountsEach([
    [
      'Which sub-categories had revenue down in 2021 compared to 2020?',
      'revenue, by Sub-Category, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      () => wentWay('"Sub-Category"', '<'),
    ],
    [
      'Which regions had sales up in 2021 vs 2020?',
      'revenue, by region, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      () => wentWay('Region', '>'),
    ],
  ]);

  // Each was a share of all revenue or profit (the note said so), or the amount with no share.
  const shareOf = (part: string, whole: string, figure = 'gp') =>
    `SELECT 100 * sum(${figure}) FILTER (WHERE ${part}) / sum(${figure}), sum(${figure}) FILTER (WHERE ${part}) FROM t WHERE ${whole}`;
  it.each([
    [
      'What share of profit in California comes from Technology?',
      'share of gross profit, gross profit, category = Technology, within State = California',
      shareOf("Category = 'Technology'", "State = 'California'"),
    ],
    [
      'What share of profit in the West comes from Copiers?',
      'share of gross profit, gross profit, Sub-Category = Copiers, within region = West',
      shareOf(`"Sub-Category" = 'Copiers'`, "Region = 'West'"),
    ],
    [
      'What share of Technology profit comes from the West?',
      'share of gross profit, gross profit, region = West, within category = Technology',
      shareOf("Region = 'West'", "Category = 'Technology'"),
    ],
    [
      'Of our Texas revenue, what share is Furniture?',
      'share of revenue, revenue, category = Furniture, within State = Texas',
      shareOf("Category = 'Furniture'", "State = 'Texas'", 'rev'),
    ],
    [
      "Of California's 2021 revenue, what share came from Technology?",
      'share of revenue, revenue, category = Technology, within State = California, 2021-01-01 … 2021-12-31',
      shareOf("Category = 'Technology'", `State = 'California' AND ${Y2021}`, 'rev'),
    ],
  ])('"%s" is a share of the whole it names', (question, understood, reference) => expectAnswer(question, reference, understood));

  it('"Revenue share of each segment within the West in 2021" is of the West’s 2021 revenue', () =>
    expectAnswer(
      'Revenue share of each segment within the West in 2021',
      `SELECT Segment, 100 * sum(rev) / sum(sum(rev)) OVER (), sum(rev) r FROM t WHERE Region = 'West' AND ${Y2021} GROUP BY 1 ORDER BY r DESC`,
      'share of revenue, revenue, by Segment, within region = West, 2021-01-01 … 2021-12-31',
    ));

  // "92.1%" of Sean Miller's loss of 1,980.74.
  it('a share of a loss is not given, and the note says why', async () => {
    const answer = await answerWithQuery("What share of Sean Miller's profit comes from Technology?", file.snapshot, TODAY);
    const [[loss]] = (await sql(`SELECT round(sum(gp), 2) FROM t WHERE "Customer Name" = 'Sean Miller'`)) as number[][];
    expect(answer.result?.rows[0][0]).toBeNull();
    expect(answer.result?.note).toContain(`That gross profit is a loss (${formatCell(loss, 'money')}), so no share of it is given.`);
  });

  // It listed 128 customers' average order values.
  it('"What\'s the average order value for Home Office customers in 2021?" is one figure of theirs', () =>
    expectAnswer(
      "What's the average order value for Home Office customers in 2021?",
      `SELECT sum(rev) / count(DISTINCT "Order ID") FROM t WHERE Segment = 'Home Office' AND ${Y2021}`,
      'average order value, Segment = Home Office, 2021-01-01 … 2021-12-31',
    ));

  // It listed the Chairs themselves, product by product.
  it('"What do customers buy along with Chairs?" is what else the buyers of Chairs buy', () =>
    expectAnswer(
      'What do customers buy along with Chairs?',
      `WITH buyers AS (SELECT DISTINCT "Customer ID" FROM t WHERE "Sub-Category" = 'Chairs')
       SELECT "Sub-Category", count(DISTINCT "Customer ID") c, sum(rev) FROM t WHERE "Customer ID" IN (SELECT * FROM buyers)
       AND "Sub-Category" <> 'Chairs' GROUP BY 1 ORDER BY c DESC, 1 LIMIT 10`,
      'top 10 by customers, by Sub-Category, Sub-Category ≠ Chairs, customers who bought Sub-Category = Chairs',
    ));

  // Each set 2021 against 2020, pair by pair: one value against another is not read yet.
  itRefusesEach([
    ['Which sub-categories sold more in the West than in the East in 2021?', 'not one value against another (“East”) yet'],
    ['Which regions sold more Phones than Chairs in 2021?', 'not one value against another (“Chairs”) yet'],
  ]);

  // It was refused as a question about 2019 against 2020: "didn't buy any in 2021" is "not in 2021".
  itCountsEach([
    [
      "How many customers bought Technology in 2020 but didn't buy any in 2021?",
      'customers who bought, category = Technology, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31',
      () => lapsedCount("year(d) = 2020 AND Category = 'Technology'", "year(d) = 2021 AND Category = 'Technology'"),
    ],
  ]);

  // It was refused as leaning on an earlier question ("those").
  it('"Top 5 customers by revenue among those who bought Copiers" ranks the buyers of Copiers by all they bought', () =>
    expectAnswer(
      'Top 5 customers by revenue among those who bought Copiers',
      `SELECT "Customer Name", sum(rev) r FROM t WHERE "Customer ID" IN (SELECT "Customer ID" FROM t WHERE "Sub-Category" = 'Copiers')
       GROUP BY "Customer ID", 1 ORDER BY r DESC LIMIT 5`,
      'top 5 by revenue, by customer, customers who bought Sub-Category = Copiers',
    ));

  // Gross profit by region: "profit ratio" is Tableau's name for the margin.
  it('"What was the profit ratio for Tables by region?" is the margin', () =>
    expectAnswer(
      'What was the profit ratio for Tables by region?',
      `SELECT Region, 100 * sum(gp) / sum(rev) m FROM t WHERE "Sub-Category" = 'Tables' GROUP BY 1 ORDER BY m DESC`,
      'margin %, by region, Sub-Category = Tables',
    ));

  // One total: "quarter-by-quarter" is by quarter.
  it('"quarter-by-quarter profit for Technology in 2021" is by quarter', () =>
    expectAnswer(
      'quarter-by-quarter profit for Technology in 2021',
      `SELECT year(d) || ' Q' || quarter(d), sum(gp) FROM t WHERE Category = 'Technology' AND ${Y2021} GROUP BY 1 ORDER BY 1`,
      'gross profit, by quarter, category = Technology, 2021-01-01 … 2021-12-31',
    ));

  // It was refused as a unit's cost.
  it('"Which category had the highest cost of goods sold in 2021?" ranks the categories by cost', () =>
    expectAnswer(
      'Which category had the highest cost of goods sold in 2021?',
      `SELECT Category, ${COST} c FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY c DESC LIMIT 1`,
      'top 1 by cost, by category, 2021-01-01 … 2021-12-31',
    ));

  // Each counted every customer (793): a count of distinct categories per customer is not made yet.
  itRefusesEach([
    ['How many customers only ever bought one category?', 'but not distinct categories yet'],
    ['How many customers only ever bought from one region?', 'but not distinct regions yet'],
  ]);

  // Refused: "O'Donnell" was split at its apostrophe and read as a word of three customers' names.
  it.each([
    ["How much did Sean O'Donnell spend?", "Sean O'Donnell", 'true'],
    ["Sales for Patrick O'Brill in 2021", "Patrick O'Brill", Y2021],
  ])('"%s" is that customer\'s revenue', (question, name, where) =>
    expectAnswer(
      question,
      `SELECT sum(rev) FROM t WHERE "Customer Name" = '${name.replace("'", "''")}' AND ${where}`,
      `revenue, customer = ${name}${where === 'true' ? '' : ', 2021-01-01 … 2021-12-31'}`,
    ),
  );

  // All of 2021's cost (639,775.98): "Phones'" names Phones.
  it('"What were Phones\' cost of goods sold in 2021?" is the cost of the Phones sold', () =>
    expectAnswer(
      "What were Phones' cost of goods sold in 2021?",
      `SELECT ${COST} FROM t WHERE "Sub-Category" = 'Phones' AND ${Y2021}`,
      'cost, Sub-Category = Phones, 2021-01-01 … 2021-12-31',
    ));

  // It compared the totals of the two years (customers and revenue).
  itCountsEach([
    [
      'how many customers had lower sales in 2021 than in 2020?',
      'revenue, sorted by change, by customer, revenue down, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
      () => wentWay('"Customer ID"', '<'),
    ],
  ]);

  // Chairs, named after "never bought … among customers who bought", was read as never bought too.
  itCountsEach([
    [
      'customers who never bought Tables among customers who bought Chairs',
      'customers who bought, Sub-Category = Chairs, but never Sub-Category = Tables',
      () => lapsedCount(`"Sub-Category" = 'Chairs'`, `"Sub-Category" = 'Tables'`),
    ],
  ]);

  // What the new readings must leave alone (a review of this session's change found each misread).
  it.each(['What is the total cost of shipping?', 'Which product costs the most?', "What's the opportunity cost of losing Tamara Chand?"])(
    '"%s" is no cost of goods sold',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, TODAY);
      expect(answer.result?.understood ?? '').not.toMatch(/^(?:top \d+ by )?cost\b/);
    },
  );
  itRefusesEach([
    ['What is our cost per customer?', 'not a cost per unit, customer or order yet'],
    ['What is the cost of Chairs per unit?', 'not a cost per unit, customer or order yet'],
  ]);
  it('"What percentage of total revenue comes from Phones in California?" is a share of all revenue', () =>
    expectAnswer(
      'What percentage of total revenue comes from Phones in California?',
      `SELECT 100 * sum(rev) FILTER (WHERE State = 'California' AND "Sub-Category" = 'Phones') / sum(rev),
              sum(rev) FILTER (WHERE State = 'California' AND "Sub-Category" = 'Phones') FROM t`,
      'share of revenue, revenue, State = California, Sub-Category = Phones',
    ));
  itReadsEach([['Which customers ordered more than once in the West?', 'customers with 2+ orders, by customer, region = West']]);

  it('a unit cost is refused, saying what can be given instead', async () => {
    const answer = await answerWithQuery('Which products have the highest unit cost?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      'I can give the total cost of what was sold (“total cost by product”), gross profit and margin, not a cost per unit, customer or order yet',
    );
  });
});

describe('asked on 1 December 2026, in the eleventh session', () => {
  /** Customers who bought where `where` holds, by how many orders they placed in the whole file. */
  const everOrdered = (where: string, having: string) =>
    `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1
       HAVING bool_or(${where}) AND ${having})`;
  // "Ever" is every order of the customers who bought there: it was 267, those with one order among their Texas rows.
  itCountsEach([
    [
      'Which customers in the West have placed more than one order ever?',
      'orders, by customer, orders > 1, customers who bought region = West',
      async () => ((await sql(everOrdered(`Region = 'West'`, 'count(DISTINCT "Order ID") > 1'))) as number[][])[0][0],
    ],
  ]);
  it('"How many customers in Texas only ever placed one order?" counts every order of those who bought in Texas (none)', async () => {
    const [[none]] = (await sql(everOrdered(`State = 'Texas'`, 'count(DISTINCT "Order ID") = 1'))) as number[][];
    expect(none).toBe(0);
    const answer = await answerWithQuery('How many customers in Texas only ever placed one order?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers with one order, customers who bought State = Texas');
    expect(answer.result?.rows).toEqual([[none]]);
    // A list of none says so in words, not "no customer has customers with one order".
    const listed = await answerWithQuery('Which customers in Texas have only ever ordered once?', file.snapshot, TODAY);
    expect(listed.text.split('\n\n')[1]).toBe('None does: no customer has one order.');
  });
  // Without "ever" the rows named are counted, as before.
  itReadsEach([['How many customers in Texas placed one order?', 'customers with one order, State = Texas']]);

  // It was refused: "cost for" was not read as the cost of what was sold.
  it('"quarter-by-quarter cost for Phones in 2020" is the cost by quarter', () =>
    expectAnswer(
      'quarter-by-quarter cost for Phones in 2020',
      `SELECT year(d) || ' Q' || quarter(d), sum(rev - gp) FROM t WHERE year(d) = 2020 AND "Sub-Category" = 'Phones' GROUP BY 1 ORDER BY 1`,
      'cost, by quarter, Sub-Category = Phones, 2020-01-01 … 2020-12-31',
    ));

  // It listed the 49 customers, each with their own revenue.
  it('"revenue per customer for customers with more than 10 orders" gives theirs together', async () => {
    const [[n, perCustomer]] = (await sql(
      `SELECT count(*), avg(r) FROM (SELECT sum(rev) r FROM t GROUP BY "Customer ID" HAVING count(DISTINCT "Order ID") > 10)`,
    )) as number[][];
    const answer = await answerWithQuery('revenue per customer for customers with more than 10 orders', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('orders, revenue per customer, by customer, orders > 10');
    expect(answer.result?.totalRows).toBe(n);
    expect(answer.result?.keptTotals?.[0].measure).toBe('revenuePerCustomer');
    expect(answer.result?.keptTotals?.[0].value).toBeCloseTo(perCustomer, 6);
    expect(answer.text).toContain(
      `**${n} customers** with orders > 10; together: revenue per customer ${formatCell(perCustomer, 'money')}.`,
    );
  });

  // A typo of a value before a figure got the whole file's figure: nothing says a name stands
  // there ("tablet sales" is no typo of Tables), so it is refused, naming the value it is near.
  itRefusesEach([
    [
      'What was Californa revenue in 2021?',
      "I couldn't find “californa” among this file's customers, products or other values. Did you mean “California”?",
    ],
    ['furnture sales', 'Did you mean “Furniture”?'],
    ['tablet sales', 'Did you mean “Tables”?'],
  ]);
  it('"revenue for furnture in 2021" reads the typo after "for" as the value', () =>
    expectAnswer(
      'revenue for furnture in 2021',
      `SELECT sum(rev) FROM t WHERE Category = 'Furniture' AND year(d) = 2021`,
      'revenue, category = Furniture, 2021-01-01 … 2021-12-31',
    ));
  // What a comparison or a kind of figure says before it is no value ("higher" is no Highland Park).
  itReadsEach([
    [
      'Which categories had higher profit in 2021 than in 2020?',
      'gross profit, sorted by change, by category, gross profit up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    ['What was net revenue in 2021?', 'revenue, 2021-01-01 … 2021-12-31'],
    ['monthly revenue in 2021', 'revenue, by month, 2021-01-01 … 2021-12-31'],
  ]);
  // "Negative revenue" was refused as a figure no row has; it is revenue below 0 (none on Superstore).
  it('"Any customers with negative revenue?" keeps those with revenue below 0: none', async () => {
    const answer = await answerWithQuery('Any customers with negative revenue?', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by customer, revenue < 0');
    expect(answer.text.split('\n\n')[1]).toBe('None does: no customer has revenue < 0.');
  });
  it('"profit if we ignore Tables" leaves Tables out (it was Tables\' own profit)', () =>
    expectAnswer(
      'profit if we ignore Tables',
      `SELECT sum(gp) FROM t WHERE "Sub-Category" <> 'Tables'`,
      'gross profit, Sub-Category ≠ Tables',
    ));

  // "Placed one order" without "only" counted every customer (793).
  itCountsEach([
    [
      'How many customers in the East bought at least twice in 2021?',
      'orders, by customer, orders ≥ 2, region = East, 2021-01-01 … 2021-12-31',
      async () =>
        (
          (await sql(
            `SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE Region = 'East' AND year(d) = 2021 GROUP BY 1 HAVING count(DISTINCT "Order ID") >= 2)`,
          )) as number[][]
        )[0][0],
    ],
  ]);
  it('"How many customers placed one order?" counts those with one order', () =>
    expectAnswer(
      'How many customers placed one order?',
      `SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT "Order ID") = 1)`,
      'customers with one order',
    ));
  // "Bought in 2020 and haven't bought since" was 2019 against 2020; "placed their last order in 2020" every buyer of 2020.
  it.each([
    "How many customers bought in 2020 and haven't bought since?",
    'How many customers placed their last order in 2020?',
    'Customers whose last purchase was in 2020',
  ])('"%s" is the buyers of 2020 silent since', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30');
    expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2020', `d >= '2021-01-01'`));
  });
  // Each was the whole file's, all of 2021, or Q1 of another year.
  it.each([
    ['revenue in Q3 21', `d BETWEEN '2021-07-01' AND '2021-09-30'`, 'revenue, 2021-07-01 … 2021-09-30'],
    ['revenue in 3Q 2021', `d BETWEEN '2021-07-01' AND '2021-09-30'`, 'revenue, 2021-07-01 … 2021-09-30'],
    ['revenue in Q3/2021', `d BETWEEN '2021-07-01' AND '2021-09-30'`, 'revenue, 2021-07-01 … 2021-09-30'],
    ['revenue qtr 3 2021', `d BETWEEN '2021-07-01' AND '2021-09-30'`, 'revenue, 2021-07-01 … 2021-09-30'],
    ['profit in H2 20', `d BETWEEN '2020-07-01' AND '2020-12-31'`, 'gross profit, 2020-07-01 … 2020-12-31'],
  ])('"%s" is the quarter or half named', (question, where, understood) =>
    expectAnswer(question, `SELECT sum(${question.startsWith('profit') ? 'gp' : 'rev'}) FROM t WHERE ${where}`, understood),
  );
  it('"Compare Q1 and Q2 2021 revenue" takes both quarters of 2021', async () => {
    const answer = await answerWithQuery('Compare Q1 and Q2 2021 revenue', file.snapshot, TODAY);
    expect(answer.result?.understood).toMatch(/2021-01-01 … 2021-03-31/);
    expect(answer.result?.understood).toMatch(/2021-04-01 … 2021-06-30/);
  });
  // A slip in a name after "for" or "in", with a grouping, got every value's rows.
  it.each([
    [
      'revenue by sub category for furnture',
      `SELECT "Sub-Category", sum(rev) r FROM t WHERE Category = 'Furniture' GROUP BY 1 ORDER BY r DESC`,
      'revenue, by Sub-Category, category = Furniture',
    ],
    ['units in new yrok', `SELECT sum(qty) FROM t WHERE State = 'New York'`, 'units, State = New York'],
    ['Average customer lifetime revenue', `SELECT sum(rev) / count(DISTINCT "Customer ID") FROM t`, 'revenue per customer'],
  ])('"%s"', (question, reference, understood) => expectAnswer(question, reference, understood));
  // Refused, where a figure of another question was given.
  itRefusesEach([
    ['How many customers only ever bought Technology?', 'not yet those who bought nothing else'],
    ['How many orders contained both Chairs and Tables?', 'not yet those that hold all of them together'],
  ]);
  it('"When was the last order from Sean Miller?" is answered from his profile (it got his revenue)', async () => {
    const [[last]] = (await sql(`SELECT CAST(max(d) AS VARCHAR) FROM t WHERE "Customer Name" = 'Sean Miller'`)) as string[][];
    const { answer } = await askOffline('When was the last order from Sean Miller?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`last order ${last}`);
  });

  // It was 143 of all 793 customers (18.0%): the customers named where they are are the whole.
  it('"What percentage of customers in the East bought Chairs?" is of the East’s customers', () =>
    expectAnswer(
      'What percentage of customers in the East bought Chairs?',
      `SELECT 100.0 * count(DISTINCT "Customer ID") FILTER (WHERE "Sub-Category" = 'Chairs') / count(DISTINCT "Customer ID"),
              count(DISTINCT "Customer ID") FILTER (WHERE "Sub-Category" = 'Chairs') FROM t WHERE Region = 'East'`,
      'share of customers, customers, Sub-Category = Chairs, within region = East',
    ));

  // Each was refused: a state by its code in capitals, a kind in the singular.
  it.each([
    ['revenue in CA', `State = 'California'`, 'revenue, State = California'],
    ['TX revenue in 2021', `State = 'Texas' AND year(d) = 2021`, 'revenue, State = Texas, 2021-01-01 … 2021-12-31'],
    [
      'Revenue for Chair in 2021',
      `"Sub-Category" = 'Chairs' AND year(d) = 2021`,
      'revenue, Sub-Category = Chairs, 2021-01-01 … 2021-12-31',
    ],
    ['revenue for bookcase', `"Sub-Category" = 'Bookcases'`, 'revenue, Sub-Category = Bookcases'],
  ])('"%s" names the value', (question, where, understood) => expectAnswer(question, `SELECT sum(rev) FROM t WHERE ${where}`, understood));
  it('"profit from binder" is the Binders sub-category’s', () =>
    expectAnswer('profit from binder', `SELECT sum(gp) FROM t WHERE "Sub-Category" = 'Binders'`, 'gross profit, Sub-Category = Binders'));
  // In lower case "in" and "or" are words, not Indiana and Oregon.
  itReadsEach([['revenue in or out of the West', 'revenue, region = West']]);

  // "top 3" went with the clause left out, and every city was listed.
  it('"sales by city excluding New York City, top 3" ranks the top 3 of the rest', () =>
    expectAnswer(
      'sales by city excluding New York City, top 3',
      `SELECT City, sum(rev) r FROM t WHERE City <> 'New York City' GROUP BY 1 ORDER BY r DESC LIMIT 3`,
      'top 3 by revenue, by City, City ≠ New York City',
    ));
  // Its example named November 2011, a year of another file.
  itRefusesEach([['revenue in Nov 21', 'Write it as “November 2021”, “from 2021-11-01 to 2021-11-15”']]);

  // Found by the session's review and a second round of strangers: what the new readings must leave alone, and mend.
  itReadsEach([
    // "table" is no Tables, nor "ME" Maine in a question typed in capitals.
    ['Give me a table of revenue by month in 2021', 'revenue, by month, 2021-01-01 … 2021-12-31'],
    ['SHOW ME REVENUE BY STATE', 'revenue, by State'],
    // "Ever" with goods, or with the orders' own place, counts those orders (405 and 49 with every order).
    ['Which customers ever placed more than 10 orders in the West?', 'orders, by customer, orders > 10, region = West'],
    ['How many customers have ever bought Chairs more than once?', 'customers with 2+ orders, Sub-Category = Chairs'],
  ]);
  it.each([
    // The second code was dropped (California alone), and WA was the city of Washington.
    ['revenue in CA and TX', `State IN ('California', 'Texas')`, 'revenue, State in California, Texas'],
    ['revenue in WA', `State = 'Washington'`, 'revenue, State = Washington'],
    // The city Billings (a Fuse score before an edit distance), and no filter at all.
    ['revenue in illinos', `State = 'Illinois'`, 'revenue, State = Illinois'],
    ['sales in the wst', `Region = 'West'`, 'revenue, region = West'],
  ])('"%s"', (question, where, understood) => expectAnswer(question, `SELECT sum(rev) FROM t WHERE ${where}`, understood));
  it('"share of revenue in Texas from Furniture" is of Texas’ revenue (it was of all, 2.6%)', () =>
    expectAnswer(
      'share of revenue in Texas from Furniture',
      `SELECT 100 * sum(rev) FILTER (WHERE Category = 'Furniture') / sum(rev), sum(rev) FILTER (WHERE Category = 'Furniture') FROM t WHERE State = 'Texas'`,
      'share of revenue, revenue, category = Furniture, within State = Texas',
    ));
  it('"What % of customers in Texas bought Phones in 2021?" is of Texas’ customers', () =>
    expectAnswer(
      'What % of customers in Texas bought Phones in 2021?',
      `SELECT 100.0 * count(DISTINCT "Customer ID") FILTER (WHERE "Sub-Category" = 'Phones') / count(DISTINCT "Customer ID"),
              count(DISTINCT "Customer ID") FILTER (WHERE "Sub-Category" = 'Phones') FROM t WHERE State = 'Texas' AND year(d) = 2021`,
      'share of customers, customers, Sub-Category = Phones, within State = Texas, 2021-01-01 … 2021-12-31',
    ));
  itRefusesEach([
    // It gave the whole file's gross profit and revenue.
    ['revenue from unprofitable customers', 'I couldn’t find “unprofitable”'.replace('’', "'")],
    // Oklahoma, from a word in capitals.
    ['How many orders in OK condition', 'I couldn’t find “OK”'.replace('’', "'")],
    // Orders ≥ 2 over the whole file.
    ['Which customers ordered at least twice in a month?', "I couldn't tell which figure you want"],
  ]);
});

describe('asked on 1 December 2026, in the twelfth session', () => {
  // A four-letter slip of a country the file lacks got the whole file's revenue; a word a letter from a country ("chat", Chad) is none.
  itRefusesEach([
    ['revenue in itly', "I couldn't find “itly” among this file's customers, products or other values."],
    ['sales from jpan in 2021', "I couldn't find “jpan” among this file's customers, products or other values."],
  ]);
  itReadsEach([['revenue in chat', 'revenue']]);

  // A word of the goods' names, or a plural noun no name holds, after "bought" or "included" was dropped: every customer, every order.
  itRefusesEach([
    ['how many orders included printers', "I can't pick out products by a word of their names (“printers”) yet"],
    ['how many customers bought staplers', "I couldn't find “staplers” among this file's customers, products or other values."],
    // It listed 2021's best sellers.
    ['which products did no one buy in 2021', 'not those with none of a figure or without it yet'],
    // It kept the products named so and those starting "Black" at once: 0.00.
    ['revenue of Eldon 200 Class Desk Accessories, Black', "I can't pick out products by a word of their names (“Black”) yet"],
  ]);
  // A brand before a sub-category was dropped: every phone. (Polycom's product ids carry no other
  // product's name: Superstore files a few other brands' phones under one id with two names.)
  itCountsEach([
    [
      'top 5 customers for Polycom phones',
      'top 5 by revenue, by customer, Sub-Category = Phones, product name starting with “Polycom”',
      // Every customer of the two is ranked, five shown.
      async () => ((await sql(`SELECT count(DISTINCT "Customer ID") FROM t WHERE "Product Name" LIKE 'Polycom%'`)) as number[][])[0][0],
    ],
  ]);
  it('"Polycom phones revenue" keeps the brand and the sub-category', () =>
    expectAnswer(
      'Polycom phones revenue',
      `SELECT sum(rev) FROM t WHERE "Sub-Category" = 'Phones' AND "Product Name" LIKE 'Polycom%'`,
      'revenue, Sub-Category = Phones, product name starting with “Polycom”',
    ));
  // A state's code in lower case beside "vs" was dropped: the whole file's revenue, or Texas' alone.
  it.each([
    ['revenue ny vs ca', ['New York', 'California']],
    ['revenue texas vs ny', ['Texas', 'New York']],
  ])('"%s" sets the states side by side', (question, states) =>
    expectAnswer(
      question,
      `SELECT State, sum(rev) r FROM t WHERE State IN ('${states.join("', '")}') GROUP BY 1 ORDER BY r DESC`,
      `revenue, by State, State in ${states.join(', ')}`,
    ),
  );
  // It showed the third: the name set aside is the one before.
  it('"second biggest customer after Sean Miller" is the biggest but Sean Miller', () =>
    expectAnswer(
      'second biggest customer after Sean Miller',
      `SELECT "Customer Name", sum(rev) r FROM t WHERE "Customer Name" <> 'Sean Miller' GROUP BY 1 ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by customer, customer ≠ Sean Miller',
    ));
  // Read before and still: a year after "than" is a comparison, an order "starting with the lowest", adjectives before a value,
  // an amount of goods.
  itReadsEach([
    [
      'Did the West and East sell more in 2021 than 2020?',
      'revenue, sorted by change, by region, revenue up, region in West, East, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    ['Sort customers by revenue starting with the lowest', 'revenue, by customer, lowest first'],
    ['Which customers bought hundreds of binders?', 'revenue, by customer, Sub-Category = Binders'],
  ]);
  itRefusesEach([
    // It listed the top products of all.
    ['products supplied by Apple', "This file has no supplier column, so I can't tell what “Apple” supplied."],
    ['How many customers are named Miller?', "I can't pick out customers by a word of their names (“Miller”) yet"],
  ]);
  // The state named beside it: it got the city Washington (D.C.).
  it.each(['sales in washington state', 'sales in the state of washington'])('"%s" is the state', (question) =>
    expectAnswer(question, `SELECT sum(rev) FROM t WHERE State = 'Washington'`, 'revenue, State = Washington'),
  );
});

describe('asked on 1 December 2026, in the thirteenth session', () => {
  // A singular noun "with the most …", no "which", got the whole file's figure.
  it.each([
    [
      'state with most orders',
      `SELECT State, count(DISTINCT "Order ID") o FROM t GROUP BY 1 ORDER BY o DESC LIMIT 1`,
      'top 1 by orders, by State',
    ],
    [
      'the state with the fewest orders',
      `SELECT State, count(DISTINCT "Order ID") o FROM t GROUP BY 1 ORDER BY o LIMIT 1`,
      'bottom 1 by orders, by State',
    ],
    [
      'city with highest sales in the west',
      `SELECT City, sum(rev) r FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by City, region = West',
    ],
    [
      'What is the segment with the most orders in 2021?',
      `SELECT Segment, count(DISTINCT "Order ID") o FROM t WHERE ${Y2021} GROUP BY 1 ORDER BY o DESC LIMIT 1`,
      'top 1 by orders, by Segment, 2021-01-01 … 2021-12-31',
    ],
    [
      'customer with most orders',
      `SELECT "Customer Name", count(DISTINCT "Order ID") o FROM t GROUP BY "Customer ID", 1 ORDER BY o DESC LIMIT 1`,
      'top 1 by orders, by customer',
    ],
    [
      'month with lowest sales',
      `SELECT strftime(d, '%Y-%m'), sum(rev) r FROM t GROUP BY 1 ORDER BY r LIMIT 1`,
      'bottom 1 by revenue, by month',
    ],
    // It got the bottom five products of the whole file.
    ['lowest selling state', `SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r LIMIT 1`, 'bottom 1 by revenue, by State'],
    [
      'lowest selling category in the west',
      `SELECT Category, sum(rev) r FROM t WHERE Region = 'West' GROUP BY 1 ORDER BY r LIMIT 1`,
      'bottom 1 by revenue, by category, region = West',
    ],
    // It ranked customer × product pairs by revenue.
    [
      'which customer bought the most items in 2021',
      `SELECT "Customer Name", sum(qty) u FROM t WHERE ${Y2021} GROUP BY "Customer ID", 1 ORDER BY u DESC LIMIT 1`,
      'top 1 by units, by customer, 2021-01-01 … 2021-12-31',
    ],
  ])('"%s" is the top (or bottom) row of its ranking', (question, reference, understood) => expectAnswer(question, reference, understood));

  itReadsEach([
    ['product with highest revenue', 'top 1 by revenue, by product'],
    ['customers with the most orders', 'orders, by customer'],
  ]);

  // A brand in lower case was dropped: the whole file's figure, or every phone's, every chair's.
  itRefusesEach([
    ['xerox sales', '“Xerox” begins the names of'],
    ['cisco revenue', '“Cisco” begins the names of'],
    ['samsung phone sales', '“Samsung” begins the names of'],
    ['hon chairs revenue', 'begins the names of'],
    ['avery binders revenue in the east', '“Avery” begins the names of'],
    ['top 5 apple products', '“Apple” begins the names of'],
  ]);
  it('the refusal says how to ask, and asked so it is the brand', async () => {
    const refused = await answerWithQuery('xerox sales', file.snapshot, TODAY);
    // Products are keyed by id, each named as its first row names it.
    const [[xerox]] = (await sql(
      `SELECT count(*) FROM (SELECT first("Product Name" ORDER BY CAST("Row ID" AS INT)) n FROM t GROUP BY "Product ID") WHERE n LIKE 'Xerox%'`,
    )) as number[][];
    expect(refused.text).toContain(
      `“Xerox” begins the names of ${xerox} products. Type it as the file writes it, with its capitals, to take them together (in lower case, “xerox” may be a plain word), or name one in full.`,
    );
    const asked = await answerWithQuery('Xerox sales', file.snapshot, TODAY);
    expect(asked.result?.understood).toBe('revenue, product name starting with “Xerox”');
  });
  // The review of this session: a state named on both sides of "vs" is no sub-category against a state.
  it('"Chairs revenue in Texas vs Chairs revenue in California" sets the two states side by side', () =>
    expectAnswer(
      'Chairs revenue in Texas vs Chairs revenue in California',
      `SELECT State, sum(rev) r FROM t WHERE "Sub-Category" = 'Chairs' AND State IN ('Texas', 'California') GROUP BY 1 ORDER BY r DESC`,
      'revenue, by State, State in California, Texas, Sub-Category = Chairs',
    ));
  it('"hp sales", two letters, is refused as a brand in lower case', async () => {
    const [[hp]] = (await sql(
      `SELECT count(*) FROM (SELECT first("Product Name" ORDER BY CAST("Row ID" AS INT)) n FROM t GROUP BY "Product ID") WHERE n LIKE 'HP %'`,
    )) as number[][];
    const answer = await answerWithQuery('hp sales', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`“HP” begins the names of ${hp} products.`);
  });
  // Words that begin some names but say something else, and values named in lower case, are still read.
  itReadsEach([
    ['global sales', 'revenue'],
    ['office supplies sales', 'revenue, category = Office Supplies'],
    ['home office revenue', 'revenue, Segment = Home Office'],
    ['which five products sold the most units', 'top 5 by units, by product'],
  ]);
});

describe('asked on 1 December 2026, in the fourteenth session', () => {
  // Refused before: an average of another figure than revenue per customer, or per another column.
  it.each([
    [
      'How many products did each customer buy on average?',
      `SELECT count(DISTINCT ("Customer ID", "Product ID")) / count(DISTINCT "Customer ID") FROM t`,
      'average products per customer',
    ],
    [
      'how many orders does a customer place on average',
      `SELECT count(DISTINCT ("Customer ID", "Order ID")) / count(DISTINCT "Customer ID") FROM t`,
      'average orders per customer',
    ],
    [
      'average number of customers per state',
      `SELECT count(DISTINCT (State, "Customer ID")) / count(DISTINCT State) FROM t`,
      'average customers per State',
    ],
    ['average sales per region', `SELECT sum(rev) / count(DISTINCT Region) FROM t`, 'average revenue per region'],
    [
      'average profit per category in 2021',
      `SELECT sum(CAST(Profit AS DOUBLE)) / count(DISTINCT Category) FROM t WHERE year(d) = 2021`,
      'average gross profit per category, 2021-01-01 … 2021-12-31',
    ],
  ])('"%s" is averaged over the column', (question, reference, understood) => expectAnswer(question, reference, understood));
  // It counted every customer, 793: the file has no reps.
  it('"How many customers does a rep have on average?" is refused: no rep column', async () => {
    const answer = await answerWithQuery('How many customers does a rep have on average?', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("This file has no rep column, so I can't average over reps.");
  });
  // Each got revenue side by side: the noun named is what is counted.
  it.each([
    [
      'customers in Furniture vs Technology',
      `SELECT Category, count(DISTINCT "Customer ID") c FROM t WHERE Category IN ('Furniture', 'Technology') GROUP BY 1 ORDER BY c DESC`,
      'customers, by category, category in Technology, Furniture',
    ],
    [
      'customers: west vs east',
      `SELECT Region, count(DISTINCT "Customer ID") c FROM t WHERE Region IN ('West', 'East') GROUP BY 1 ORDER BY c DESC`,
      'customers, by region, region in West, East',
    ],
    [
      '2019 vs 2020 customers',
      `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT count(DISTINCT "Customer ID") FILTER (year(d) = 2020) a, count(DISTINCT "Customer ID") FILTER (year(d) = 2019) b FROM t)`,
      'customers, 2020-01-01 … 2020-12-31, compared with 2019-01-01 … 2019-12-31',
    ],
    [
      'order growth in the south 2021 vs 2020',
      `SELECT a, b, a - b, (a - b) / b * 100 FROM (SELECT count(DISTINCT "Order ID") FILTER (year(d) = 2021) a, count(DISTINCT "Order ID") FILTER (year(d) = 2020) b FROM t WHERE Region = 'South')`,
      'orders, region = South, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    ['items sold in 2021', `SELECT sum(CAST(Quantity AS INT)) FROM t WHERE year(d) = 2021`, 'units, 2021-01-01 … 2021-12-31'],
  ])('"%s" counts what it names', (question, reference, understood) => expectAnswer(question, reference, understood));
  it('"which items sold best" still ranks by revenue, as best-selling does', async () => {
    const answer = await answerWithQuery('which items sold best', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by product');
  });
  // A month at an extreme of a figure named before or after it got the whole file's figure.
  it('"peak month for orders" is the month with the most orders', () =>
    expectAnswer(
      'peak month for orders',
      `SELECT strftime(d, '%Y-%m') m, count(DISTINCT "Order ID") n FROM t GROUP BY 1 ORDER BY n DESC LIMIT 1`,
      'top 1 by orders, by month',
    ));
  it('"minimum revenue month" is the month with the lowest revenue', () =>
    expectAnswer(
      'minimum revenue month',
      `SELECT strftime(d, '%Y-%m') m, sum(rev) r FROM t GROUP BY 1 ORDER BY r ASC LIMIT 1`,
      'bottom 1 by revenue, by month',
    ));
  // Each got the whole file's total, or its average price (the Phones filter dropped too).
  itRefusesEach([
    ['lowest price of chairs', 'not the lowest or highest price of a single line yet'],
    ['highest price of chairs', 'not the lowest or highest price of a single line yet'],
    ['lowest price paid for a phone', 'not the lowest or highest price of a single line yet'],
    ['most expensive chair', 'not the lowest or highest price of a single line yet'],
    ['max sales in a single row', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['max quantity on a single line', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['largest quantity ordered', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['which order had the highest profit', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['most units sold of a single product', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['highest revenue day', 'not single days or hours yet'],
    ['what hour of the day has the most sales', 'not single days or hours yet'],
    // A postal code: no value the rows are picked by.
    ['revenue in 42420', "I couldn't place “42420” in this question"],
  ]);
  // Still answered: a ranking by price, and one-order customers.
  itReadsEach([
    ['most expensive products', 'average price, by product'],
    ['customers with a single order', 'customers with one order'],
  ]);
  // It got Chairs revenue alone: "chair buyers" are the customers who bought Chairs.
  it('"how much did chair buyers spend in total" is all the Chairs buyers bought', () =>
    expectAnswer(
      'how much did chair buyers spend in total',
      `SELECT sum(rev) FROM t WHERE "Customer ID" IN (SELECT "Customer ID" FROM t WHERE "Sub-Category" = 'Chairs')`,
      'revenue, customers who bought Sub-Category = Chairs',
    ));
  // It got the West's profit, not its share.
  it('"what portion of 2021 profit came from the west" is the West\'s share', () =>
    expectAnswer(
      'what portion of 2021 profit came from the west',
      `SELECT sum(gp) FILTER (Region = 'West') / sum(gp) * 100, sum(gp) FILTER (Region = 'West') FROM t WHERE ${Y2021}`,
      'share of gross profit, gross profit, region = West, 2021-01-01 … 2021-12-31',
    ));
  // It was 2018 … 2019's customers not back in 2020 … 2021.
  it('"customers lost between 2020 and 2021" bought in 2020 and not in 2021', async () => {
    const answer = await answerWithQuery('customers lost between 2020 and 2021', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(answer.result?.totalRows).toBe(await lapsedCount('year(d) = 2020', 'year(d) = 2021'));
  });
  // It got the top Furniture products: growth is of sales.
  it('"year over year growth of Furniture" sets each year\'s Furniture revenue against the year before', async () => {
    const answer = await answerWithQuery('year over year growth of Furniture', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by year, each against the year before, category = Furniture');
    const [[y2021, y2020]] = (await sql(
      `SELECT sum(rev) FILTER (year(d) = 2021), sum(rev) FILTER (year(d) = 2020) FROM t WHERE Category = 'Furniture'`,
    )) as number[][];
    const row = answer.result?.rows.find((r) => r[0] === '2021');
    expect(row?.[1] as number).toBeCloseTo(y2021, 6);
    expect(row?.[2] as number).toBeCloseTo(y2021 - y2020, 6);
  });
  // It showed West's top customer alone.
  itRefusesEach([
    ['top customers west vs east', 'I rank all the rows together, not within each of West and East yet'],
    ['top 5 customers west vs east', 'such as “top 5 customers in West”'],
  ]);
  // The review of this session: a value named with a description of it is no extreme.
  itReadsEach([
    ['What did Sean Miller, our largest customer, spend in 2021?', 'revenue, customer = Sean Miller, 2021-01-01 … 2021-12-31'],
    ['Sales of Binders, our biggest sub-category', 'revenue, Sub-Category = Binders'],
    ['largest revenue by state', 'top 1 by revenue, by State'],
    ['max profit product', 'top 1 by gross profit, by product'],
  ]);
  // The new and returning customers' revenue was their count beside all revenue.
  it.each([
    ['returning customers revenue 2021', 'revenue from returning customers, 2021-01-01 … 2021-12-31'],
    ['how much did repeat customers spend in 2021', 'revenue from returning customers, 2021-01-01 … 2021-12-31'],
  ])('"%s" is the revenue of customers who had bought before', (question, understood) =>
    expectAnswer(
      question,
      `SELECT sum(rev) FROM t WHERE year(d) = 2021 AND "Customer ID" IN (SELECT "Customer ID" FROM t GROUP BY 1 HAVING min(d) < DATE '2021-01-01')`,
      understood,
    ),
  );
  it('"revenue of new customers vs returning customers 2020" sets both side by side', () =>
    expectAnswer(
      'revenue of new customers vs returning customers 2020',
      `WITH f AS (SELECT "Customer ID" c, min(d) fd FROM t GROUP BY 1) SELECT sum(rev) FILTER (fd >= DATE '2020-01-01'), sum(rev) FILTER (fd < DATE '2020-01-01') FROM t JOIN f ON f.c = t."Customer ID" WHERE year(d) = 2020`,
      'revenue from new customers, revenue from returning customers, 2020-01-01 … 2020-12-31',
    ));
  it('"what sells with Chairs" is the cross-sell answer (it got Chairs revenue)', async () => {
    const { trace } = await askOffline('what sells with Chairs', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_cross_sell');
  });
});

describe('asked on 1 December 2026, in the fifteenth session', () => {
  // It got 2020's revenue: the year inside the order's id was read as the period.
  it.each(['revenue for order CA-2020-152156', 'profit of order us-2021-108966'])('"%s" is refused', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't pick out a single order or document such as");
  });
  // Each kept the value it left out, or dropped the clause: the answer was for another question.
  it.each([
    ['sales in 2021, West excluded', `Region <> 'West' AND year(d) = 2021`],
    ['West excluded, what was revenue in 2021', `Region <> 'West' AND year(d) = 2021`],
    ['revenue 2021 excepting Central', `Region <> 'Central' AND year(d) = 2021`],
    ['everything but the West: revenue in 2021', `Region <> 'West' AND year(d) = 2021`],
    ['all regions but the West: sales in 2021', `Region <> 'West' AND year(d) = 2021`],
    ['revenue 2021 ex-West', `Region <> 'West' AND year(d) = 2021`],
    ['revenue 2021 minus the West', `Region <> 'West' AND year(d) = 2021`],
    ['revenue 2021 (excl West)', `Region <> 'West' AND year(d) = 2021`],
    ['revenue 2021 not incl West', `Region <> 'West' AND year(d) = 2021`],
    ['average order value in Texas excluding Furniture 2021', `State = 'Texas' AND Category <> 'Furniture' AND year(d) = 2021`],
  ])('"%s" leaves the value out', async (question, where) => {
    const [[revenue, orders]] = (await sql(`SELECT sum(rev), count(DISTINCT "Order ID") FROM t WHERE ${where}`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toMatch(/≠/);
    const expected = /average order value/.test(question) ? revenue / orders : revenue;
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });
  it('"sales by region ex west" lists the other regions', async () => {
    const expected = await sql(`SELECT Region, sum(rev) r FROM t WHERE Region <> 'West' GROUP BY 1 ORDER BY r DESC`);
    const answer = await answerWithQuery('sales by region ex west', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, by region, region ≠ West');
    expectRowsClose(answer.result?.rows ?? [], expected);
  });
  it('"sales in 2021 West excluded" (no comma) is refused, not read as the West', async () => {
    const answer = await answerWithQuery('sales in 2021 West excluded', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't tell whether this question keeps “West” or leaves it out");
  });
  // It got the city in DC: a name two columns hold is the broader column's, unless the other is said.
  it.each([
    ['revenue in Washington', `State = 'Washington'`, 'revenue, State = Washington'],
    ['Washington city revenue', `City = 'Washington'`, 'revenue, City = Washington'],
  ])('"%s" is the %s', async (question, where, understood) => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE ${where}`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe(understood);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
  // It ranked 2021's margins: a change either way is no one ranking.
  it('"which category had the biggest margin change 2021 vs 2020" is refused', async () => {
    const answer = await answerWithQuery('which category had the biggest margin change 2021 vs 2020', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('I can rank the biggest rise or the biggest fall, not a change either way yet');
  });
  // Each got the whole file's figure: a name with a letter outside ASCII was no name at all.
  it.each(['sales to Häberlin', 'profit from Häberlin in 2020'])('"%s" is refused as a word of customers\' names', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't pick out customers by a word of their names (“Häberlin”) yet");
  });
  // The review of this session: the new nets kept off plain questions.
  it.each([
    ['Sales For Q4 2021', 'revenue, 2021-10-01 … 2021-12-31'],
    ['Revenue By Month For 2021', 'revenue, by month, 2021-01-01 … 2021-12-31'],
    ['Revenue by Customer ID', 'revenue, by customer'],
    ['OK, now show revenue by region', 'revenue, by region'],
    ['Revenue Over Time', 'revenue, by month'],
    ['Average Order Size', 'average order value'],
    ['Global Sales Trend', 'revenue, by month'],
    ['Show Me Sales For The West Region', 'revenue, region = West'],
    ['oh and what was revenue in 2021?', 'revenue, 2021-01-01 … 2021-12-31'],
    ['revenue in 2021 ca. 700k?', 'revenue, 2021-01-01 … 2021-12-31'],
    ['We sold tons of Chairs in 2021, what was the revenue?', 'revenue, Sub-Category = Chairs, 2021-01-01 … 2021-12-31'],
  ])('"%s" is still read as before', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe(understood);
  });
  it('"Top 10 Customers Of All Time" is still the customers\' ranking', async () => {
    const { trace } = await askOffline('Top 10 Customers Of All Time', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:rank_customers');
  });
  it('"Revenue in Washington DC" is the city in DC', async () => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE City = 'Washington' AND State = 'District of Columbia'`)) as number[][];
    const answer = await answerWithQuery('Revenue in Washington DC', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, City = Washington, State = District of Columbia');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
});

describe('asked on 1 December 2026, in the sixteenth session: a word nothing reads is refused by name', () => {
  // Each got the whole file's figure (or the Supplies sub-category's): the word was read past.
  it.each([
    ['costco revenue', '“costco”'],
    ['costco and walmart sales in 2021', '“costco”, “walmart”'],
    ['IKEA chairs sales', '“IKEA”'],
  ])('"%s" names %s', async (question, named) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I can't place ${named} in this question: no customer, product, place or other value of this file holds`);
  });
  // A place is said as one, with the file's regions (twenty-second session).
  it.each([
    ['revenue brazil', '“brazil”'],
    ['Germany revenue', '“Germany”'],
  ])('"%s" names %s, a place that no region is', async (question, named) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't place ${named} in this question: no region or other value of this file is named so (its regions are Central, East, South, West), so an answer without it would be to another question.`,
    );
  });
  it('"ofice supplies revenue" (it got the sub-category Supplies) is refused with the word it is near', async () => {
    const answer = await answerWithQuery('ofice supplies revenue', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't place “ofice” in this question");
    expect(answer.text).toContain('Did you mean “office”?');
  });
  // Plain words, greetings, slips and spellings the grammar reads past rightly keep their answers.
  it.each([
    ['hey, could you quickly pull up total sales for 2021 please?', 'year(d) = 2021', 'revenue, 2021-01-01 … 2021-12-31'],
    ["I'd love to see revenue in the West, cheers", `Region = 'West'`, 'revenue, region = West'],
    ['Hi there, what was revenue in 2021?', 'year(d) = 2021', 'revenue, 2021-01-01 … 2021-12-31'],
    [
      'be honest, how much did we sell in the wst in 2021',
      `Region = 'West' AND year(d) = 2021`,
      'revenue, region = West, 2021-01-01 … 2021-12-31',
    ],
    ['sales for chairz in 2021', `"Sub-Category" = 'Chairs' AND year(d) = 2021`, 'revenue, Sub-Category = Chairs, 2021-01-01 … 2021-12-31'],
    ['Revenue from customers that aren’t in the West', `Region <> 'West'`, 'revenue, region ≠ West'],
    ['dear Tally, summarize revenue in Texas for my boss', `State = 'Texas'`, 'revenue, State = Texas'],
  ])('"%s" is still answered', async (question, where, understood) => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE ${where}`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe(understood);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
  it('"which subcategories lost money in 2021" (a word typed as two) is still answered', () =>
    expectAnswer(
      'which subcategories lost money in 2021',
      `SELECT "Sub-Category", sum(gp) g FROM t WHERE year(d) = 2021 GROUP BY 1 HAVING g < 0 ORDER BY g, 1`,
      'gross profit, by Sub-Category, gross profit < 0, 2021-01-01 … 2021-12-31',
    ));
});

describe('asked on 1 December 2026, in the sixteenth session: idioms and counts first', () => {
  // It got the revenue, then the top region: the bottom line is the profit, the top line the sales.
  it('"bottom line for 2021" is 2021\'s gross profit', () =>
    expectAnswer('bottom line for 2021', `SELECT sum(gp) FROM t WHERE year(d) = 2021`, 'gross profit, 2021-01-01 … 2021-12-31'));
  it('"top line by region" is revenue by region', () =>
    expectAnswer('top line by region', `SELECT Region, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC`, 'revenue, by region'));
  // Each listed every state: a count before the ranking's word, first in the question, is the top so many.
  it.each([
    ['5 biggest states by sales', 5],
    ['a dozen biggest states by sales', 12],
  ])('"%s" is the top %i', (question, n) =>
    expectAnswer(question, `SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT ${n}`, `top ${n} by revenue, by State`),
  );
  it('"top half a dozen states by profit" is the top 6', () =>
    expectAnswer(
      'top half a dozen states by profit',
      `SELECT State, sum(gp) g FROM t GROUP BY 1 ORDER BY g DESC LIMIT 6`,
      'top 6 by gross profit, by State',
    ));
  // It got the whole file's revenue, three years of it.
  it('"annualised revenue" is refused by its word', async () => {
    const answer = await answerWithQuery('annualised revenue', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't place “annualised” in this question");
  });
});

describe('asked on 1 December 2026, in the sixteenth session: asides, colons and the trailing year', () => {
  // It got all 2021's revenue: a value before a colon was no value.
  it.each([
    ['Texas: revenue in 2021', `State = 'Texas' AND year(d) = 2021`, 'revenue, State = Texas, 2021-01-01 … 2021-12-31'],
    [
      'Quick sanity check on the West: revenue in 2021?',
      `Region = 'West' AND year(d) = 2021`,
      'revenue, region = West, 2021-01-01 … 2021-12-31',
    ],
    ['Furniture; revenue in 2021', `Category = 'Furniture' AND year(d) = 2021`, 'revenue, category = Furniture, 2021-01-01 … 2021-12-31'],
    // "Great, and the margin for the West?" took the product Great White Envelope…
    ['Great, revenue for the West in 2021?', `Region = 'West' AND year(d) = 2021`, 'revenue, region = West, 2021-01-01 … 2021-12-31'],
    ['Realistically, what was revenue in 2021?', 'year(d) = 2021', 'revenue, 2021-01-01 … 2021-12-31'],
  ])('"%s" keeps what it names', async (question, where, understood) => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE ${where}`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe(understood);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
  // Each got the whole file's revenue, four years of it.
  it.each(['TTM sales', "What's the trailing twelve months revenue?"])('"%s" is the last 12 months\' revenue', async (question) => {
    const [[revenue]] = (await sql(`SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-12-30'`)) as number[][];
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, 2021-01-01 … 2021-12-30');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });
  it('"revenue by state sorted ascending" is lowest first', () =>
    expectAnswer(
      'revenue by state sorted ascending',
      `SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r, 1`,
      'revenue, by State, lowest first',
    ));
  it('"How many orders did we recieve in 2021?" counts 2021\'s orders', () =>
    expectAnswer(
      'How many orders did we recieve in 2021?',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE year(d) = 2021`,
      'orders, 2021-01-01 … 2021-12-31',
    ));
});

describe('asked on 1 December 2026, in the sixteenth session: the review of the net', () => {
  // Each would have got the whole file's figure: a word of a place's name, two words joined that
  // no header joins, a name in quotes, a word kept only in a list of words read past.
  it.each([
    ['Britain sales', '“Britain”'],
    ['midwest revenue', '“midwest”'],
    ["Show 'walmart' revenue", '“walmart”'],
    ['wholesale revenue in 2021', '“wholesale”'],
    // It was read as Chairs: "regional" says where, and no region is named.
    ['What were Regional Chairs sales in 2021?', '“Regional”'],
  ])('"%s" names %s', async (question, named) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I can't place ${named} in this question`);
  });
  // "Top 5 … in ascending order" would have been read as the bottom 5.
  it('"top 5 states by revenue, sorted descending" is still the top 5', () =>
    expectAnswer(
      'top 5 states by revenue, sorted descending',
      `SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC LIMIT 5`,
      'top 5 by revenue, by State',
    ));
});

describe('asked on 1 December 2026, in the seventeenth session: a word of a name is no name, a season no period', () => {
  it('"power tools revenue" (the whole file\'s) is refused: both are words of products\' names', async () => {
    const [[count]] = (await sql(
      `SELECT count(DISTINCT "Product Name") FROM t WHERE regexp_matches(lower("Product Name"), '\\bpower\\b')`,
    )) as number[][];
    const answer = await answerWithQuery('power tools revenue', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't pick out products by a word of their names (“power”, “tools”) yet; name a category, a supplier or one product in full. ${count} of them hold “power”, such as “`,
    );
  });
  // Each got the whole file's figure (or all Bookcases'): the word is in some products' names, none named.
  it.each([
    ['electronics revenue', 'electronics'],
    ['back to school sales 2021', 'school'],
    ["O'Sullivan bookcases revenue", "O'Sullivan"],
  ])('"%s" is refused as a word of names', async (question, word) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I can't pick out products by a word of their names (“${word}”) yet`);
  });
  // A whole word of the grammar is no stem: "market" does not read "marketplace".
  it('"marketplace sales" is refused by name', async () => {
    const answer = await answerWithQuery('marketplace sales', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't place “marketplace” in this question");
  });
  // Phrases of how an answer is to look, whose words a name may hold ("Grand Prairie", "League City"), not which rows.
  it.each([
    [
      'league table of customers by revenue',
      'SELECT "Customer Name", sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC, 1 LIMIT 50',
      'revenue, by customer',
    ],
    [
      'Can you double-check the profit for California in 2021?',
      `SELECT sum(gp) FROM t WHERE State = 'California' AND year(d) = 2021`,
      'gross profit, State = California, 2021-01-01 … 2021-12-31',
    ],
    ["What's the grand total of sales?", 'SELECT sum(rev) FROM t', 'revenue'],
    ['a short summary of revenue by state', 'SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC, 1 LIMIT 50', 'revenue, by State'],
  ])('"%s" is still answered', (question, reference, understood) => expectAnswer(question, reference, understood));
  // It got the West region's revenue; the file's one value holding "coast" is a city.
  it('"Sales in west coast" is refused with the one value that holds “coast”', async () => {
    const answer = await answerWithQuery('Sales in west coast', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      "I can't pick out cities by a word of their names (“coast”) yet; name a category, a supplier or one city in full. Only “Palm Coast” holds it.",
    );
  });
  // The word of a value placed, in any number: the sub-category Accessories.
  it('"sales of accessory" is still the Accessories sub-category', () =>
    expectAnswer(
      'sales of accessory',
      `SELECT sum(rev) FROM t WHERE "Sub-Category" = 'Accessories'`,
      'revenue, Sub-Category = Accessories',
    ));
  // It got all of 2021: a season alone is a period too.
  it.each(['summer sales 2021', 'winter revenue'])('"%s" is refused as a period not read', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toMatch(/I can't read “(summer|winter)” as a period yet/);
  });
  // "2021-Q4", as the answers label a quarter, was refused as leaving 2021 out (it read the last Q4 alone).
  it.each(['revenue in 2021-Q4', 'revenue in Q4-2021'])('"%s" is the fourth quarter of 2021', (question) =>
    expectAnswer(question, `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-10-01' AND '2021-12-31'`, 'revenue, 2021-10-01 … 2021-12-31'),
  );
});

describe("asked on 1 December 2026, in the seventeenth session: the analysis' own answers read no unknown word past", () => {
  // Each got the whole churn list or the whole file's pairs: the analysis' answers are of every customer.
  it.each([
    ['churn risk for costco', '“costco”'],
    ['cross-sell opportunities for walmart', '“walmart”'],
  ])('"%s" is refused by name', async (question, named) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
    expect(answer).toContain(`I can't place ${named} in this question: no customer, product, place or other value of this file holds it`);
  });
  // The analysis' answers are asked in free words: only what follows "for", "to", "with" … is looked at.
  it.each([
    'What should we prioritize?',
    'Any product recommendations for Sean Miller?',
    'Which products should we rationalise?',
    'How can we reactivate dormant customers?',
    'What assumptions does the churn model make?',
    'What can we upsell to Sean Miller?',
  ])('"%s" is not refused by the net', async (question) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).not.toContain("I can't place");
  });
  it('"churn risk for Sean Miller" still gives his card, with the days since his last order', async () => {
    const [[last]] = (await sql(`SELECT max(d)::VARCHAR FROM t WHERE "Customer Name" = 'Sean Miller'`)) as string[][];
    const { answer } = await askOffline('churn risk for Sean Miller', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`**Sean Miller** (SM-20320)`);
    expect(answer).toContain(`last order ${last}`);
  });
});

describe('asked on 1 December 2026, in the seventeenth session: two years joined by "to"', () => {
  // "from" may go unsaid: the later year set against the earlier, as "from 2020 to 2021" is.
  it('"revenue growth 2020 to 2021" compares 2021 with 2020', async () => {
    const [[later, earlier]] = (await sql(
      `SELECT sum(rev) FILTER (WHERE year(d) = 2021), sum(rev) FILTER (WHERE year(d) = 2020) FROM t`,
    )) as number[][];
    const answer = await answerWithQuery('revenue growth 2020 to 2021', file.snapshot, TODAY);
    expect(answer.result?.understood, answer.text).toBe('revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(later, 6);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(earlier, 6);
  });
});

describe('asked on 2 December 2026, in the eighteenth session: a figure of every row is asked with its own words only', () => {
  // Each got the whole file's total: every word is one the grammar knows somewhere, yet nothing here used it.
  itRefusesEach([
    ['calendar sales', 'I read this only as revenue over all rows, and not what “calendar” asks of it'],
    ['shipmode revenue', 'To split revenue by a column, ask “revenue by Ship Mode”.'],
    ['sales rep', 'not what “rep” asks of it'],
    ['How are my sales reps doing?', 'not what “reps” asks of it'],
    [
      'Which orders are open, unpaid or overdue?',
      'I read this only as orders over all rows, and not what “open”, “unpaid”, “overdue” ask of it',
    ],
    ['paris revenue', 'not what “paris” asks of it'],
    ['key ring revenue', 'not what “key”, “ring” ask of it'],
    ['basket revenue', 'not what “basket” asks of it'],
    ['revenue at full price', 'not what “full” asks of it'],
    // Read before as the revenue: whether the file's sales include shipping is no fact of the file.
    ['What is revenue including shipping?', 'not what “including”, “shipping” ask of it'],
    ['marketing spend', 'not what “marketing” asks of it'],
    ['How many orders were late?', 'I read this only as orders over all rows, and not what “late” asks of it'],
    // Refused before the net since the nineteenth session: no sales line holds overheads.
    [
      'What is our operating profit?',
      'This file records sales lines, not overheads, wages, tax or the bank, so it has no operating profit.',
    ],
    ['paris revenue in 2021', 'I read this only as revenue over all rows of the period, and not what “paris” asks of it'],
    // A code, "no", a word one letter from another, a noun of a period or an adjective said of whom: each narrows, and was read past.
    ['UK sales', 'not what “UK” asks of it'],
    [
      'How many customers made no purchase last month?',
      'I read this only as customers over all rows of the period, and not what “no” asks of it',
    ],
    ['retail sales', 'not what “retail” asks of it'],
    ['printer sales', 'not what “printer” asks of it'],
    ['revenue from big customers', 'not what “big” asks of it'],
    ['revenue from past customers', 'not what “past” asks of it'],
    ['revenue per unit', 'not what “per” asks of it'],
    ['How many pounds did we sell?', 'I read this only as units over all rows, and not what “pounds” asks of it'],
    ['months by revenue in 2021', 'I read this only as revenue over all rows of the period, and not what “months” asks of it'],
    // A state's name before "city" is a city the file does not hold: it got the state Kansas.
    ['sales in kansas city', "I couldn't find “kansas city” among this file's customers, products or other values."],
    // Read in the eighth session as the state Kansas's customers; the city (most of it in Missouri) is not the state.
    ['Which Kansas City customers spent the most?', "I couldn't find “Kansas City” among this file's customers, products or other values."],
  ]);
  // Said every way a figure of every row is asked, they are still answered.
  itReadsEach([
    ["What's our all-time revenue?", 'revenue'],
    ['revenue to date', 'revenue'],
    ['Total revenue across all regions', 'revenue'],
    ['Total revenue across the whole business', 'revenue'],
    ['Give me the grand total of sales', 'revenue'],
    ['How much have we sold altogether?', 'revenue'],
    ['What are total net sales?', 'revenue'],
    ['How many new customers did we acquire in 2021?', 'new customers, 2021-01-01 … 2021-12-31'],
    ['How many new customers did we win last year?', 'new customers, 2020-01-01 … 2020-12-31'],
    ['How many orders did we recieve in 2021?', 'orders, 2021-01-01 … 2021-12-31'],
    ['How many customers placed an order in November 2021?', 'customers, 2021-11-01 … 2021-11-30'],
    ['Average order size last quarter', 'average order value, 2021-07-01 … 2021-09-30'],
    ['revenue in the trailing twelve months', 'revenue, 2021-01-01 … 2021-12-30'],
    ['Sales for the most recent month', 'revenue, 2021-12-01 … 2021-12-30'],
    ['What was the profit in the last full quarter?', 'gross profit, 2021-07-01 … 2021-09-30'],
    ['How many customers only ordered once?', 'customers with one order'],
    ['What share of customers bought more than once?', 'repeat rate, customers with 2+ orders, customers with one order'],
    ['totl revenue', 'revenue'],
    ['Revenue from all segments but Consumer', 'revenue, Segment ≠ Consumer'],
    ['revenue in chat', 'revenue'],
    ['show me revenue', 'revenue'],
    ['Revenue summary', 'revenue'],
    ['How profitable were we in 2021?', 'gross profit, 2021-01-01 … 2021-12-31'],
    ['How big was revenue in 2021?', 'revenue, 2021-01-01 … 2021-12-31'],
    ['Average basket size', 'average order value'],
    ['average revenue per quarter', 'average revenue per quarter'],
    ['revenue across all of our regions', 'revenue'],
    ['revenue of all the customer segments', 'revenue'],
    ['revenue since we started', 'revenue'],
    ['revenue in euros', 'revenue'],
  ]);
  it('"Total revenue across all regions" is every row\'s revenue', () =>
    expectAnswer('Total revenue across all regions', 'SELECT sum(rev) FROM t', 'revenue'));
});

describe('asked on 2 December 2026, in the eighteenth session: a first word is capitalised, not a name', () => {
  // Each got the products whose names start with the word ("Global Deluxe High-Back Manager's Chair", …).
  itRefusesEach([
    ['Global revenue', 'by a word of their names (“Global”)'],
    ['Executive summary of revenue', 'by a word of their names (“Executive”)'],
    ['Lifetime sales for Sean Miller', 'by a word of their names (“Lifetime”)'],
  ]);
  // A name the grammar does not know is still a brand as its first word.
  itReadsEach([['Xerox revenue', 'revenue, product name starting with “Xerox”']]);
});

describe("asked on 2 December 2026, in the eighteenth session: the answers of every customer narrow to no one's word", () => {
  it('"churn risk for miller" names the customers who hold it, not the whole list', async () => {
    const [[holders]] = (await sql(
      `SELECT count(DISTINCT "Customer Name") FROM t WHERE regexp_matches(lower("Customer Name"), '\\bmiller\\b')`,
    )) as number[][];
    const { answer } = await askOffline('churn risk for miller', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(
      `This answer is of every customer, and I can't narrow it to “miller”: ${holders} customer values hold it, such as`,
    );
    expect(answer).not.toContain('are flagged');
  });
  it('"segments for Technology buyers" says the category is not read', async () => {
    const { answer } = await askOffline('segments for Technology buyers', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain("This answer is of every customer, and I can't narrow it to the category “Technology”.");
  });
  it('"churn risk for the Corporate segment" still lists that segment\'s customers', async () => {
    const { answer } = await askOffline('churn risk for the Corporate segment', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('Customers with rows where Segment = Corporate at lost, high or medium risk');
  });
});

describe('asked on 2 December 2026, in the eighteenth session: a word of change inside a name is none', () => {
  // "Rose" set 2021 against 2020.
  it('"Rose O\'Brian profit" is her gross profit over the whole file', () =>
    expectAnswer(
      "Rose O'Brian profit",
      `SELECT sum(gp) FROM t WHERE "Customer Name" = 'Rose O''Brian'`,
      "gross profit, customer = Rose O'Brian",
    ));
  itReadsEach([
    [
      "Did Rose O'Brian's revenue grow in 2021?",
      "revenue, customer = Rose O'Brian, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31",
    ],
  ]);
});

describe('asked on 2 December 2026, in the eighteenth session: a brand split by its products', () => {
  // Each got the brand's one total.
  itReadsEach([
    ['Logitech sales by product', 'revenue, by product, product name starting with “Logitech”'],
    ['Cisco sales by product in 2021', 'revenue, by product, product name starting with “Cisco”, 2021-01-01 … 2021-12-31'],
  ]);
});

describe('asked on 2 December 2026, in the eighteenth session: the most of each group is refused, as the top of each is', () => {
  // It got the one most profitable customer of all, with her region.
  itRefusesEach([
    ['most profitable customer in each region', "I can't rank within each region yet"],
    ['highest revenue customer in each segment', "I can't rank within each segment yet"],
  ]);
});

describe("asked on 2 December 2026, in the eighteenth session: a column's plural by a figure is that column, ranked", () => {
  // It got the whole file's revenue.
  it('"states by revenue" is each state\'s revenue, the largest first', () =>
    expectAnswer('states by revenue', 'SELECT State, sum(rev) r FROM t GROUP BY 1 ORDER BY r DESC', 'revenue, by State'));
  itReadsEach([
    ['states by profit in 2021', 'gross profit, by State, 2021-01-01 … 2021-12-31'],
    ['cities by revenue excluding New York City', 'revenue, by City, City ≠ New York City'],
  ]);
});

describe('asked on 2 December 2026, in the nineteenth session: figures past the sales lines are refused', () => {
  // "What is our net income?" got all revenue, "net profit" gross profit, "How much money do we have?" revenue.
  const NEAREST =
    'The nearest it holds is gross profit, revenue less the cost of what was sold: ask “gross profit”, or “margin” for it as a share of revenue.';
  itRefusesEach([
    [
      'What is our net income?',
      `This file records sales lines, not overheads, wages, tax or the bank, so it has no net income. ${NEAREST}`,
    ],
    ['What is our net profit?', 'so it has no net profit.'],
    ['net income by region', 'so it has no net income.'],
    ['Which products have the highest net margin?', 'so it has no net margin.'],
    ['operating profit in 2021', 'so it has no operating profit.'],
    ['How much money do we have?', 'so it has no cash in the bank.'],
    ['pre-tax profit in 2021', 'so it has no profit after tax.'],
    ['How much did we make after tax last year?', 'so it has no profit after tax.'],
    ['What is our EBITDA?', 'so it has no EBITDA.'],
  ]);
  // Net of returns is what revenue is.
  itReadsEach([
    ['net sales in 2021', 'revenue, 2021-01-01 … 2021-12-31'],
    ['net revenue', 'revenue'],
  ]);
});

describe('asked on 2 December 2026, in the nineteenth session: money in a currency the file does not name', () => {
  // Superstore names no currency: "revenue in euros" got its figures as if they were euros.
  it('"What is revenue in euros?" through chat gives the figures with a note that nothing was converted', async () => {
    const [[revenue]] = (await sql('SELECT sum(rev) FROM t')) as number[][];
    const { answer } = await askOffline('What is revenue in euros?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('I understood: **revenue**.');
    expect(answer).toContain(`| ${revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} |`);
    expect(answer).toContain('The file names no currency: these are its amounts as they stand, not converted to euros.');
  });
});

describe('asked on 2 December 2026, in the nineteenth session: spans within a year and spans ending a month', () => {
  // Each got all of 2021, or the last month alone.
  it('"profit for the first 3 quarters of 2021" is January to September', () =>
    expectAnswer(
      'profit for the first 3 quarters of 2021',
      `SELECT sum(gp) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-09-30'`,
      'gross profit, 2021-01-01 … 2021-09-30',
    ));
  it('"revenue in the 12 months to September 2021" is October 2020 to September 2021', () =>
    expectAnswer(
      'revenue in the 12 months to September 2021',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2020-10-01' AND '2021-09-30'`,
      'revenue, 2020-10-01 … 2021-09-30',
    ));
  it('"revenue by region for the 12 months ending November 2021" is each region over those months', () =>
    expectAnswer(
      'revenue by region for the 12 months ending November 2021',
      `SELECT Region, sum(rev) r FROM t WHERE d BETWEEN '2020-12-01' AND '2021-11-30' GROUP BY 1 ORDER BY r DESC`,
      'revenue, by region, 2020-12-01 … 2021-11-30',
    ));
  itReadsEach([
    ['revenue for the first two quarters of 2021', 'revenue, 2021-01-01 … 2021-06-30'],
    ['revenue in the last 2 quarters of 2020', 'revenue, 2020-07-01 … 2020-12-31'],
    ['sales in quarters 1-3 of 2021', 'revenue, 2021-01-01 … 2021-09-30'],
    ['revenue in the year to September 2021', 'revenue, 2020-10-01 … 2021-09-30'],
    ['revenue in the 3 months ended March 2021', 'revenue, 2021-01-01 … 2021-03-31'],
    ['revenue in the year ended June', 'revenue, 2020-07-01 … 2021-06-30'],
  ]);
  // A unit no calendar has was read as its year.
  const unread = (written: string) => `I couldn't read the period “${written}”. Name it as a year, a quarter, a half, a month or dates`;
  itRefusesEach([
    ['profit in q5 2021', unread('q5')],
    ['sales in month 13 of 2021', unread('month 13')],
    ['sales in the 13th month of 2021', unread('13th month')],
    ['revenue in 2021-13', unread('2021-13')],
    ['sales on 2021-02-30', unread('2021-02-30')],
    ['sales on 2021-02-29', unread('2021-02-29')],
  ]);
  itReadsEach([['sales on 2020-02-29', 'revenue, 2020-02-29 … 2020-02-29']]);
});

describe('asked on 2 December 2026, in the nineteenth session: figures per unit, markup, margin in money, a ranking within each year', () => {
  // "profit per unit for technology" got Technology's gross profit; "markup on technology" its margin.
  itRefusesEach([
    ['profit per unit for technology', 'not a profit per unit yet; ask for gross profit and units, and divide.'],
    ['margin per unit for chairs', 'not a profit per unit yet'],
    ['markup on technology', 'not markup, gross profit as a share of cost, yet'],
    ['mark-up by category', 'not markup'],
    // The top 5 product-years of all years were listed.
    ['top 5 products by revenue each year', "I can't rank within each year yet"],
  ]);
  // It got the margin in percent.
  it('"gross margin dollars by region" is gross profit by region', () =>
    expectAnswer(
      'gross margin dollars by region',
      `SELECT Region, sum(gp) p FROM t GROUP BY 1 ORDER BY p DESC`,
      'gross profit, by region',
    ));
});

describe('asked on 2 December 2026, in the nineteenth session: what the review of the first change found', () => {
  // Each was answered before the change and refused or misread by its first form.
  itReadsEach([
    // "per month" after "average" is a rate, no ranking within each month.
    ['top 3 regions by average sales per month', 'top 3 by average revenue per month, by region'],
    // A margin above a percentage is the margin in percent, not gross profit.
    ['Which products have a margin value above 20%?', 'margin %, by product, margin % > 20'],
    // A product named with a quarter's code is no quarter 10.
    ['BlackBerry Q10 2021 revenue', 'revenue, product = BlackBerry Q10, 2021-01-01 … 2021-12-31'],
    // Two quarters named are two periods (the first form read Q1 to Q3).
    ['revenue for quarters 1 and 3 of 2021', 'revenue, 2021-07-01 … 2021-09-30, compared with 2021-01-01 … 2021-03-31'],
    // After "for" too (it looked for a value "year ended June").
    ['revenue for the year ended June', 'revenue, 2020-07-01 … 2021-06-30'],
    ['revenue for the 12 months ending September 2021', 'revenue, 2020-10-01 … 2021-09-30'],
    ['profit for the first 3 quarters of this year', 'gross profit, 2021-01-01 … 2021-09-30'],
    ['profit for the first two quarters of last year', 'gross profit, 2020-01-01 … 2020-06-30'],
    ['margin in dollars by region', 'gross profit, by region'],
  ]);
  itRefusesEach([
    // The words of the figures refused by name are no words of the grammar: "cash sales" is no figure of the file.
    ['cash sales in 2021', "I can't pick out products by a word of their names (“cash”) yet"],
    ['How much money have we got?', 'so it has no cash in the bank.'],
    ['How much profit do we make on each unit of Technology?', 'not a profit per unit yet'],
    // "Mark" is a name here, not the "mark" of markup.
    ["Mark's revenue", '“Mark” starts the names of 5 customers'],
  ]);
});

describe('asked on 2 December 2026, in the twentieth session: a bound inside a named period', () => {
  // Each got the whole year or month named first (733,215.26 for 2021), the bound dropped.
  const H1 = `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-01-01' AND '2021-06-30'`;
  it('"revenue in 2021 up to June" is January to June 2021', () =>
    expectAnswer('revenue in 2021 up to June', H1, 'revenue, 2021-01-01 … 2021-06-30'));
  it('"revenue in 2021 after June" is July to December 2021', () =>
    expectAnswer(
      'revenue in 2021 after June',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-07-01' AND '2021-12-31'`,
      'revenue, 2021-07-01 … 2021-12-31',
    ));
  it('"revenue in December 2021 after the 10th" is the 11th to the 31st', () =>
    expectAnswer(
      'revenue in December 2021 after the 10th',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-12-11' AND '2021-12-31'`,
      'revenue, 2021-12-11 … 2021-12-31',
    ));
  // It read the one day 2021-03-15 and counted 0 orders.
  it('"orders in 2021 after the 15th of March" counts the orders from 16 March to the year\'s end', () =>
    expectAnswer(
      'orders in 2021 after the 15th of March',
      `SELECT count(DISTINCT "Order ID") FROM t WHERE d BETWEEN '2021-03-16' AND '2021-12-31'`,
      'orders, 2021-03-16 … 2021-12-31',
    ));
  itReadsEach([
    ['revenue in 2021 through June', 'revenue, 2021-01-01 … 2021-06-30'],
    ['revenue in 2021 before July', 'revenue, 2021-01-01 … 2021-06-30'],
    ['revenue in 2021 from March on', 'revenue, 2021-03-01 … 2021-12-31'],
    ['revenue in 2021 since March', 'revenue, 2021-03-01 … 2021-12-31'],
    ['revenue in 2021 up until September', 'revenue, 2021-01-01 … 2021-09-30'],
    ['revenue in 2021 to the end of June', 'revenue, 2021-01-01 … 2021-06-30'],
    ['2021 revenue to the end of June', 'revenue, 2021-01-01 … 2021-06-30'],
    ['how many orders in 2021 up to March', 'orders, 2021-01-01 … 2021-03-31'],
    ['profit in 2020 up to October', 'gross profit, 2020-01-01 … 2020-10-31'],
    ['revenue in 2021 up to Q3', 'revenue, 2021-01-01 … 2021-09-30'],
    ['orders in 2021 after March 15th', 'orders, 2021-03-16 … 2021-12-31'],
    // It was the one day 2021-06-30.
    ['revenue in 2021 until 2021-06-30', 'revenue, 2021-01-01 … 2021-06-30'],
    ['revenue by month in 2021 after June', 'revenue, by month, 2021-07-01 … 2021-12-31'],
    // Still read as before: a range with two ends, and a bound with its own year.
    ['revenue in 2021 from March to June', 'revenue, 2021-03-01 … 2021-06-30'],
    ['revenue by month since March 2021', 'revenue, by month, 2021-03-01 … 2021-12-30'],
  ]);
  itRefusesEach([
    // A bound the reading can't place is refused, not dropped (it got all of 2021 by region).
    ['2021 sales by region up to June', "I couldn't read the period “until june”"],
    // A bound past the period named leaves that period out.
    ['revenue in 2021 up to June 2022', 'which leaves out 2021'],
  ]);
});

describe('asked on 2 December 2026, in the twentieth session: margin in money and its currency', () => {
  const FACTS = { lastPurchaseOf: () => null };
  // Read as gross profit after the currency was judged: dollars asked of a file in euros got euros.
  it('"gross margin dollars by region" on a file in euros is refused: nothing converts them', async () => {
    const answer = await answerWithQuery('gross margin dollars by region', file.snapshot, TODAY, 'EUR', FACTS);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("This file's amounts are in EUR, and I don't convert currencies, so I can't give them in dollars.");
  });
  it('"gross margin dollars by region" on a file in dollars is gross profit by region', async () => {
    const answer = await answerWithQuery('gross margin dollars by region', file.snapshot, TODAY, 'USD', FACTS);
    expect(answer.result?.understood).toBe('gross profit, by region');
  });
});

describe('asked on 2 December 2026, in the twentieth session: what the stranger found', () => {
  // "Spent" puts the bound on revenue: it kept the 5 customers with profit over 5,000.
  it('"profit from customers who spent over 5,000" is the customers with revenue over 5,000, with their profit', async () => {
    const [[customers, profit]] = (await sql(
      `SELECT count(*), sum(p) FROM (SELECT sum(rev) r, sum(gp) p FROM t GROUP BY "Customer ID" HAVING r > 5000)`,
    )) as number[][];
    const answer = await answerWithQuery('profit from customers who spent over 5,000', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('revenue, gross profit, by customer, revenue > 5,000');
    expect(answer.result?.totalRows).toBe(customers);
    const money = profit.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer.text).toContain(`gross profit ${money}`);
  });
  itReadsEach([
    // "None does: no customer has average order value > 10,000."
    ['average order value of customers who spent over 10,000', 'revenue, average order value, by customer, revenue > 10,000'],
    ['profit of customers who spent 5000 or more', 'revenue, gross profit, by customer, revenue ≥ 5,000'],
    ['customers with profit over 1000', 'gross profit, by customer, gross profit > 1,000'],
    // A year of two digits after "in" ends the clause (all years' Technology revenue, 836,154.03).
    ['revenue for technology in 21', 'revenue, category = Technology, 2021-01-01 … 2021-12-31'],
    ['top 5 customers in 21', 'top 5 by revenue, by customer, 2021-01-01 … 2021-12-31'],
    // Letters O in a year (the whole file's revenue).
    ['revenue in 2O2O', 'revenue, 2020-01-01 … 2020-12-31'],
    ['profit in 2o21', 'gross profit, 2021-01-01 … 2021-12-31'],
    // Still read: a day, a ranking within one year.
    ['revenue on June 21', 'revenue, 2021-06-21 … 2021-06-21'],
    ['What was the best month in 2021?', 'top 1 by revenue, by month, 2021-01-01 … 2021-12-31'],
    ['revenue in Q4 2021 vs Q3 2021', 'revenue, 2021-10-01 … 2021-12-31, compared with 2021-07-01 … 2021-09-30'],
  ]);
  itRefusesEach([
    // The West's revenue of all years.
    [
      'west revenue 21',
      "I couldn't place “21” in this question: it names no value I can pick rows by, so I won't answer without it. If it is a year, write it in full (2021) or as ’21.",
    ],
    // All revenue.
    ['sales in the last 12', 'the last 12 what? Ask for the last 12 days, weeks or months.'],
    // Everyone who bought in 2020 (638), through the retention summary; 51 were won in 2020.
    ['How much did the 2020 cohort spend in 2021?', 'not another figure of customers picked by when they first bought yet'],
    // The one best month of all (2021-11, 118,447.83): an average month is the same month across years.
    ['What month is busiest on average?', 'but not average the same month across years yet'],
    ['Which quarter is strongest on average?', 'but not average the same quarter across years yet'],
    // 2021's Q4 against its Q3 alone.
    ['Do we sell more in Q4 than other quarters?', 'but not average the same quarter across years yet'],
    // 2021's Q4 ranked against itself.
    ['Is Q4 our strongest quarter?', "and one quarter can't be ranked against itself: ask for the best quarter of its year"],
    // The lowest alone.
    ['Which region has the highest revenue and which has the lowest?', 'I rank one end at a time'],
    ['top and bottom 3 regions by revenue', 'I rank one end at a time'],
    ['Which category sells the most and which the least?', 'I rank one end at a time'],
  ]);
  // The retention summary of everyone who bought in 2020 answered it.
  it('"How much did customers acquired in 2020 spend in 2021?" is refused through chat, not answered with all 2020 buyers', async () => {
    const { answer, trace } = await askOffline(
      'How much did customers acquired in 2020 spend in 2021?',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(trace).not.toContain('use:get_retention');
    expect(answer).toContain('not another figure of customers picked by when they first bought yet');
  });
  // It gave their share of revenue alone (14.3%).
  it('"What share of customers are Champions?" gives their share of all customers too', async () => {
    const [[customers]] = (await sql(`SELECT count(DISTINCT "Customer ID") FROM t`)) as number[][];
    const result = analyse(file.aggregates);
    const champions = result.segments?.summary.find((row) => row.segment === 'Champions')?.customers ?? 0;
    const { answer } = await askOffline('What share of customers are Champions?', result, file.snapshot);
    expect(answer).toContain(`Champions: ${champions} customers, `);
    expect(answer).toContain(`(${((100 * champions) / customers).toFixed(1)}% of ${customers} customers; `);
  });
  it('"How well do we keep new customers?", which that refusal suggests, is the retention analysis', async () => {
    const { trace } = await askOffline('How well do we keep new customers?', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_retention');
  });
});

describe('asked on 2 December 2026, in the twentieth session: what the review and the second stranger found', () => {
  // The month of the bound matched inside "march 15, 2021" as "mar": April to December.
  it('"Revenue in 2021 after March 15, 2021" starts on 16 March', () =>
    expectAnswer(
      'Revenue in 2021 after March 15, 2021',
      `SELECT sum(rev) FROM t WHERE d BETWEEN '2021-03-16' AND '2021-12-31'`,
      'revenue, 2021-03-16 … 2021-12-31',
    ));
  // "GP" was dropped and the customers ranked by revenue (Sean Miller first; his gross profit is negative).
  it('"top 5 customers by GP" ranks by gross profit', () =>
    expectAnswer(
      'top 5 customers by GP',
      `SELECT "Customer Name", sum(gp) p FROM t GROUP BY "Customer ID", "Customer Name" ORDER BY p DESC LIMIT 5`,
      'top 5 by gross profit, by customer',
    ));
  it('"GP for furniture" is Furniture\'s gross profit', () =>
    expectAnswer('GP for furniture', `SELECT sum(gp) FROM t WHERE Category = 'Furniture'`, 'gross profit, category = Furniture'));
  itReadsEach([
    ['rev 2021 by region', 'revenue, by region, 2021-01-01 … 2021-12-31'],
    ['qty sold 2021', 'units, 2021-01-01 … 2021-12-31'],
    // Each got revenue's growth or revenue by month: the noun before "growth" or "trend" is the figure.
    ['customer growth 2021', 'customers, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    ['percent change in customers 2021', 'customers, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    ['unit growth 2021', 'units, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    ['new customer growth 2021', 'new customers, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    ['order trend 2021', 'orders, by month, 2021-01-01 … 2021-12-31'],
    [
      'growth in customers by region 2021',
      'customers, sorted by change, by region, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    // Refused by the first form of "than other months".
    ['Which month of 2021 had more sales than other months?', 'revenue, by month, 2021-01-01 … 2021-12-31'],
    // Gross profit > 5: after "ordered" a number with no sign of money counts orders.
    ['profit of customers who ordered more than 5', 'orders, gross profit, by customer, orders > 5'],
  ]);
  itRefusesEach([
    // A comparison dropped the bound: whole years.
    ['revenue in 2021 vs 2020 up to June', "I couldn't read the period “until june”"],
    ['orders in 2021 before june, 15', "I couldn't read the period “before june”"],
    // One end alone.
    ['most and least orders by state', 'I rank one end at a time'],
    // Mended to "highest and which month has the lowest revenue" before the check, and read as the lowest month.
    ['highest and lowest revenue month in 2021', 'I rank one end at a time'],
    ['Which regions have the highest and lowest sales?', 'I rank one end at a time'],
    ['Was November 2021 our best month?', "and one month can't be ranked against itself"],
    // A day was asked; the revenue was given.
    ['when did we last sell chairs', 'but not the first or last day a product, place or group sold yet'],
    ['how long since we sold Xerox 1989', 'but not the first or last day a product, place or group sold yet'],
    ['when did we last sell to Sean Miller', 'ask “When did Sean Miller last buy?”'],
    // A rate was asked; the total was given (12,476 units; 7.40 an order).
    ['units/order 2021', 'but not the items, units or profit of an average order yet'],
    ['profit/order', 'but not the items, units or profit of an average order yet'],
    // A change asked as a level (693 customers; 55 more than 2020).
    ['how many more customers did we have in 2021', 'A change needs the period it is from'],
    ['which region added the most customers in 2021', 'A change needs the period it is from'],
  ]);
  it('"margin in euros" on a file in dollars is refused: nothing converts them', async () => {
    const answer = await answerWithQuery('margin in euros by region', file.snapshot, TODAY, 'USD', { lastPurchaseOf: () => null });
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("This file's amounts are in USD, and I don't convert currencies, so I can't give them in euros.");
  });
  it('"Show sales of the 2019 cohort", of one year, still gets the retention answer that names the quarterly cohorts', async () => {
    const { answer, trace } = await askOffline('Show sales of the 2019 cohort', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_retention');
    expect(answer).toContain('Cohorts here are quarterly');
  });
  // Both got the top 5 products of all time.
  it.each(["what's not selling", 'top products recently'])('"%s" is refused, not the top products of all time', async (question) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:rank_products');
    expect(answer).toContain('The ranking of every product is of the whole file and of what sold.');
  });
  // It listed every rule, none of them with Chairs, the name in lower case.
  it('"what goes with chairs" is what sells with Chairs', async () => {
    const { answer } = await askOffline('what goes with chairs', analyse(file.aggregates), file.snapshot);
    const rules = answer.split('\n').filter((line) => line.startsWith('- ') && line.includes(' → '));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule).toContain('Chairs');
  });
});

describe('asked on 2 December 2026, in the twenty-first session: what the stranger found', () => {
  // Each got one figure of the rows named: the West's gross profit (108,418.45), Ohio's revenue (78,258.14).
  it('"whos the most profitable customer in the west" is the West customer with the most gross profit', () =>
    expectAnswer(
      'whos the most profitable customer in the west',
      `SELECT "Customer Name", sum(gp) p FROM t WHERE Region = 'West' GROUP BY "Customer ID", "Customer Name" ORDER BY p DESC LIMIT 1`,
      'top 1 by gross profit, by customer, region = West',
    ));
  it('"biggest spender in ohio" is the Ohio customer with the most revenue', () =>
    expectAnswer(
      'biggest spender in ohio',
      `SELECT "Customer Name", sum(rev) r FROM t WHERE State = 'Ohio' GROUP BY "Customer ID", "Customer Name" ORDER BY r DESC LIMIT 1`,
      'top 1 by revenue, by customer, State = Ohio',
    ));
  itReadsEach([
    ['top spender in the home office segment in 2021', 'top 1 by revenue, by customer, Segment = Home Office, 2021-01-01 … 2021-12-31'],
    // The bound is the figure named before it: it kept gross profit > 5,000 and ranked by revenue.
    ['top 5 customers by gross profit with revenue over 5000', 'top 5 by gross profit, by customer, revenue > 5,000'],
    ['top 5 customers by revenue with profit over 5000', 'top 5 by revenue, by customer, gross profit > 5,000'],
    // Ranked by revenue, the bound's figure.
    ['top customers by margin % with revenue over 5000', 'margin %, revenue, by customer, revenue > 5,000'],
    // Still one figure of a customer named, and a ranking asked as one.
    ['What did Sean Miller, our largest customer, spend?', 'revenue, customer = Sean Miller'],
    ['best product in the west by revenue share', 'top 1 by share of revenue, by product, region = West'],
  ]);
  it('"top customers by margin % with revenue over 5000" lists them by margin %, highest first', async () => {
    const expected = (await sql(
      `SELECT "Customer Name", sum(gp) / sum(rev) * 100 m FROM t GROUP BY "Customer ID", "Customer Name" HAVING sum(rev) > 5000 ORDER BY m DESC LIMIT 3`,
    )) as [string, number][];
    const answer = await answerWithQuery('top customers by margin % with revenue over 5000', file.snapshot, TODAY);
    expect(answer.result?.rows.slice(0, 3).map((row) => row[0])).toEqual(expected.map(([name]) => name));
  });
  itRefusesEach([
    // Ohio's revenue; the Texas share of all revenue (7.4%).
    ['most valuable customer in ohio', "I couldn't tell which figure you want"],
    ['how dependent are we on our top customer in texas', 'not which customer ranks first among them'],
  ]);
  // 733,215.26, all of 2021's revenue.
  it('"first time customers in 2021 and what they spent" is the new customers and their revenue', async () => {
    const [[count, revenue]] = (await sql(
      `SELECT count(*), sum(r) FROM (SELECT min(d) f, sum(rev) FILTER (WHERE year(d) = 2021) r FROM t GROUP BY "Customer ID") WHERE year(f) = 2021`,
    )) as number[][];
    const answer = await answerWithQuery('first time customers in 2021 and what they spent', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('new customers, revenue from new customers, 2021-01-01 … 2021-12-31');
    expect(answer.result?.rows[0][0]).toBe(count);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(revenue, 6);
  });
  itReadsEach([
    ['how much did new customers in 2021 spend', 'new customers, revenue from new customers, 2021-01-01 … 2021-12-31'],
    ['new customers in 2021 and their revenue', 'new customers, revenue from new customers, 2021-01-01 … 2021-12-31'],
    // Two figures side by side, as asked: a word of "they" or "those" asks of no one's spending here.
    ['new customers and revenue in 2021', 'new customers, revenue, 2021-01-01 … 2021-12-31'],
    ['number of new customers and revenue in 2021', 'new customers, revenue, 2021-01-01 … 2021-12-31'],
    ['new customers in 2021 and total revenue for those months', 'new customers, revenue, 2021-01-01 … 2021-12-31'],
    ['new customers and revenue by month in 2021 - do they move together?', 'new customers, revenue, by month, 2021-01-01 … 2021-12-31'],
    [
      'how many new customers did we get in 2021 and what was the total revenue they and everyone else brought in',
      'new customers, revenue, 2021-01-01 … 2021-12-31',
    ],
  ]);
  // A bound naming its own figure ranks the other: they came sorted by revenue.
  it('"lowest profit products with revenue over 5000" lists them by gross profit, lowest first', async () => {
    const expected = (await sql(`SELECT sum(gp) p FROM t GROUP BY "Product ID" HAVING sum(rev) > 5000 ORDER BY p LIMIT 3`)) as [number][];
    const answer = await answerWithQuery('lowest profit products with revenue over 5000', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('gross profit, revenue, by product, revenue > 5,000');
    answer.result?.rows.slice(0, 3).forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i][0], 6));
  });
  it('"most profitable customers with revenue over 5000" lists them by gross profit, highest first', async () => {
    const expected = (await sql(
      `SELECT "Customer Name", sum(gp) p FROM t GROUP BY "Customer ID", "Customer Name" HAVING sum(rev) > 5000 ORDER BY p DESC LIMIT 3`,
    )) as [string, number][];
    const answer = await answerWithQuery('most profitable customers with revenue over 5000', file.snapshot, TODAY);
    answer.result?.rows.slice(0, 3).forEach((row, i) => {
      expect(row[0]).toBe(expected[i][0]);
      expect(row[1] as number).toBeCloseTo(expected[i][1], 6);
    });
  });
  itRefusesEach([
    [
      'average order value of new customers in 2021',
      "but I can't split profit, margin, orders, units or the average order value between them yet",
    ],
  ]);
  // The whole file's answers dropped the year and the category.
  it('"which products should we drop in 2021" is refused, not answered with the all-time list', async () => {
    const { answer, trace } = await askOffline('which products should we drop in 2021', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:rank_products');
    expect(answer).toContain(
      "This answer is of every product over all the file's dates, and I can't narrow it to 2021-01-01 … 2021-12-31.",
    );
    expect(answer).toContain('“bottom 10 products by gross profit from 2021-01-01 to 2021-12-31”');
    // The suggestion is one the grammar reads.
    const suggested = await answerWithQuery('bottom 10 products by gross profit from 2021-01-01 to 2021-12-31', file.snapshot, TODAY);
    expect(suggested.result?.understood).toBe('bottom 10 by gross profit, by product, 2021-01-01 … 2021-12-31');
  });
  // The grammar's own periods: a month by name was read past.
  it('"which products should we drop in may" is refused with the month it names', async () => {
    const { answer, trace } = await askOffline('which products should we drop in may', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:rank_products');
    expect(answer).toContain("and I can't narrow it to 2021-05-01 … 2021-05-31.");
  });
  it('"who are the most valuable clients in the technology category" is refused, not answered with every customer', async () => {
    const { answer, trace } = await askOffline(
      'who are the most valuable clients in the technology category',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(trace).not.toContain('use:rank_customers');
    expect(answer).toContain("This answer is of every customer, and I can't narrow it to the category “Technology”.");
    expect(answer).toContain('“top 5 customers by revenue for Technology”');
    const suggested = await answerWithQuery('top 5 customers by revenue for Technology', file.snapshot, TODAY);
    expect(suggested.result?.understood).toBe('top 5 by revenue, by customer, category = Technology');
  });
  it('the whole-file answers still take a region, through the customers’ regions', async () => {
    const regions: Record<string, string | null> = {};
    const { ids, regions: of } = file.aggregates.customers;
    ids.forEach((id, i) => (regions[id] = of[i]));
    const [[flagged]] = (await sql(`SELECT count(DISTINCT "Customer ID") FROM t WHERE Region = 'South'`)) as number[][];
    const { answer, trace } = await askOffline(
      'which customers are at risk of churning in the south',
      analyse(file.aggregates),
      file.snapshot,
      regions,
    );
    expect(trace).toContain('use:get_churn_risk');
    // Superstore's region is the order's, so they are the customers with rows in the South (twenty-second session).
    expect(answer).toMatch(/^Customers with rows where region = South at lost, high or medium risk \(\d+ customers\)/);
    expect(flagged).toBeGreaterThan(0);
  });
});

describe('asked on 2 December 2026, in the twenty-first session: bounds the second stranger found dropped or misplaced', () => {
  itCountsEach([
    // The bound read as revenue's (279 customers), the figure named after the amount.
    [
      'top 5 customers by revenue with over 3000 in profit',
      'top 5 by revenue, by customer, gross profit > 3,000',
      customersPast('sum(gp) > 3000'),
    ],
    // The amount like a year was dropped: every customer's 2021 profit.
    [
      'customers with profit over 2000 in 2021',
      'gross profit, by customer, gross profit > 2,000, 2021-01-01 … 2021-12-31',
      customersPast('sum(gp) > 2000', Y2021),
    ],
    // The minus sign was dropped: every customer.
    ['customers with profit below -1000', 'gross profit, by customer, gross profit < -1,000', customersPast('sum(gp) < -1000')],
  ]);
  itReadsEach([
    // Two years named together are still two periods.
    ['sales over 2020 and 2021', 'revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    ['revenue in 2021 vs 2020', 'revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
  ]);
});

describe('asked on 2 December 2026, in the twenty-second session: a region that is the orders’, not the customers’', () => {
  // The job hands chat each customer's region, that of its first row. On Superstore the region
  // is the order's: "most valuable customers in the west" ranked the customers whose first row
  // was in the West by what they bought in every region (Tamara Chand, 19,052.22, of which
  // 18,437.14 in the West), while "top customers in the west" ranked the West's sales.
  const customerRegions = () => {
    const regionOf: Record<string, string | null> = {};
    const { ids, regions } = file.aggregates.customers;
    for (let i = 0; i < ids.length; i++) regionOf[ids[i]] = regions[i];
    return regionOf;
  };
  const spreadLine = async () => {
    const [[inSeveral, customers, withRows, ownRegion]] = (await sql(
      `SELECT (SELECT count(*) FROM (SELECT "Customer ID" FROM t GROUP BY 1 HAVING count(DISTINCT Region) > 1)),
              (SELECT count(DISTINCT "Customer ID") FROM t),
              (SELECT count(DISTINCT "Customer ID") FROM t WHERE Region = 'West'),
              (SELECT count(*) FROM (SELECT "Customer ID", arg_min(Region, rowid) r FROM t GROUP BY 1) WHERE r = 'West')`,
    )) as number[][];
    return `${inSeveral} of the ${customers} customers in this file bought in more than one region: ${withRows} bought in West, and ${ownRegion} of them have it as the region of their first row.`;
  };

  it('"who are our most valuable customers in the west" ranks customers by what they bought in the West', async () => {
    const { answer, trace } = await askOffline(
      'who are our most valuable customers in the west',
      analyse(file.aggregates),
      file.snapshot,
      customerRegions(),
    );
    const top = (await sql(
      `SELECT "Customer Name", sum(rev) r FROM t WHERE Region = 'West' GROUP BY "Customer ID", "Customer Name" ORDER BY r DESC LIMIT 5`,
    )) as [string, number][];
    expect(trace).toContain('use:query_data');
    const lines = answer.split('\n');
    expect(lines[0]).toBe(`${await spreadLine()} They are ranked by what they bought there.`);
    expect(lines[2]).toBe('I understood: **top 5 by revenue, by customer, region = West**.');
    expect(lines.filter((line) => line.startsWith('| ') && !line.startsWith('| customer') && !line.startsWith('| ---'))).toEqual(
      top.map(([name, revenue]) => `| ${name} | ${formatCell(revenue, 'money')} |`),
    );
  });

  it('"which customers in the west are at risk" lists the flagged customers with a West row, as "… in Texas" does', async () => {
    const result = analyse(file.aggregates);
    const west = new Set(((await sql(`SELECT DISTINCT "Customer Name" FROM t WHERE Region = 'West'`)) as string[][]).map(([n]) => n));
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && west.has(c.name));
    const { answer } = await askOffline('which customers in the west are at risk', result, file.snapshot, customerRegions());
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(`^Customers with rows where region = West at lost, high or medium risk \\(${flagged.length} customers\\)`),
    );
    expect(answer.split('\n')[1]).toMatch(new RegExp(`^1\\. ${flagged[0].name}: `));
  });

  it('"newest customers in the west" says why, with no list', async () => {
    const { answer } = await askOffline('newest customers in the west', analyse(file.aggregates), file.snapshot, customerRegions());
    expect(answer).toBe(
      `${await spreadLine()} So a customer has no one region here: for West I can rank customers by what they bought there, or list those who bought there at churn risk or in one segment (“Champions in West”).`,
    );
  });
});

describe('asked on 2 December 2026, in the twenty-second session: a figure of a ranked customer', () => {
  // It got the customer of the highest margin % (Jenna Caffey), not the margin of the one with the most gross profit.
  it('"what is the margin of our most profitable customer" is refused as a question about another answer', async () => {
    const answer = await answerWithQuery('what is the margin of our most profitable customer', file.snapshot, TODAY);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      'I can\'t look up "our most profitable customer" and answer about it in one step; ask who or what it is first, then ask again by name.',
    );
  });
});

describe('asked on 2 December 2026, in the twenty-second session: what the stranger found', () => {
  // Each listed every customer's share (the 50 shown held 21.7%): the share of the customers named is one figure.
  it.each([
    [
      'what share of our 2021 revenue came from corporate customers',
      `Segment = 'Corporate'`,
      Y2021,
      'Segment = Corporate, 2021-01-01 … 2021-12-31',
    ],
    ['what share of revenue comes from corporate customers', `Segment = 'Corporate'`, 'TRUE', 'Segment = Corporate'],
    ['what % of sales are from consumer customers', `Segment = 'Consumer'`, 'TRUE', 'Segment = Consumer'],
    ['what share of revenue comes from west customers', `Region = 'West'`, 'TRUE', 'region = West'],
  ])('"%s" is the share of those customers together', (question, part, period, understood) =>
    expectAnswer(
      question,
      `SELECT 100 * sum(rev) FILTER (WHERE ${part}) / sum(rev), sum(rev) FILTER (WHERE ${part}) FROM t WHERE ${period}`,
      `share of revenue, revenue, ${understood}`,
    ),
  );
  it('"what share of customers in the west are corporate" is a share of the West\'s customers (it was of all)', () =>
    expectAnswer(
      'what share of customers in the west are corporate',
      `SELECT 100 * count(DISTINCT "Customer ID") FILTER (WHERE Segment = 'Corporate') / count(DISTINCT "Customer ID"), count(DISTINCT "Customer ID") FILTER (WHERE Segment = 'Corporate') FROM t WHERE Region = 'West'`,
      'share of customers, customers, Segment = Corporate, within region = West',
    ));
  itCountsEach([
    // The bound was read as a count of customers: "None does: no customer has customers > 5,000."
    [
      'customers over 5k in 2021',
      'revenue, by customer, revenue > 5,000, 2021-01-01 … 2021-12-31',
      customersPast('sum(rev) > 5000', Y2021),
    ],
    [
      'customers under 1000 in 2021',
      'revenue, by customer, revenue < 1,000, 2021-01-01 … 2021-12-31',
      customersPast('sum(rev) < 1000', Y2021),
    ],
    // An amount with its currency was read as the year too (70 customers, of 2020 alone).
    ['customers who spent more than $2020', 'revenue, by customer, revenue > 2,020', customersPast('sum(rev) > 2020')],
    // The bound was dropped: the year named again is the period.
    [
      'customers with revenue above 2021 in 2021',
      'revenue, by customer, revenue > 2,021, 2021-01-01 … 2021-12-31',
      customersPast('sum(rev) > 2021', Y2021),
    ],
  ]);
  // Read as the bound and the year at once (70 customers, of 2020 alone), or the bound dropped
  // (every product's 2019 revenue): a number like a year is an amount or a year, which can't be told.
  itRefusesEach([
    [
      'customers who spent more than 2020',
      "I can't tell whether “more than 2020” is an amount or the year 2020: write an amount with its comma (“more than 2,020”), or name the period it is of.",
    ],
    ['customers in the west who spent more than 2021', "I can't tell whether “more than 2021” is an amount or the year 2021"],
    ['products with sales above 2019', "I can't tell whether “above 2019” is an amount or the year 2019"],
  ]);
  // 2021's alone: a year over a year is set against it.
  itReadsEach([['sales 2021 over 2020', 'revenue, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31']]);
  itReadsEach([
    // A count before the bound is still one: what has it comes first.
    ['customers with orders over 10', 'orders, by customer, orders > 10'],
    // It listed the customers: what we sell to them is by product.
    ['what do we sell to corporate customers', 'revenue, by product, Segment = Corporate'],
  ]);
});

describe('asked on 2 December 2026, in the twenty-second session: what the second stranger found', () => {
  // Each dropped "new" or "returning": all 693 customers' 1,058.03 (the 11 new customers' is 682.89).
  itRefusesEach([
    ['average revenue per new customer in 2021', 'not yet the average per customer of one kind'],
    ['revenue per customer for returning customers in 2021', 'not yet the average per customer of one kind'],
    // Her last day of all (2021-10-12), with no Technology on it: "No row of the file matches this."
    [
      'last order date for Natalie Fritzler in Technology',
      "I can tell when a customer first or last bought anything (“When was Natalie Fritzler's last order?”), not yet when they last bought one product, category or other value",
    ],
  ]);
  it('"new customers and how much they spent last year", the question the refusal suggests, is read', async () => {
    const answer = await answerWithQuery('new customers and how much they spent last year', file.snapshot, TODAY);
    expect(answer.result?.understood).toBe('new customers, revenue from new customers, 2020-01-01 … 2020-12-31');
  });
  // The customer's profile is of everything they bought: his last order of all (2021-11-19; Phones 2019-11-27), all his revenue.
  it.each([
    [
      'when did Justin Deggeller last order phones?',
      "I can tell when a customer first or last bought anything (“When was Justin Deggeller's last order?”)",
    ],
    [
      'how is Sean Miller doing in technology?',
      "This answer is Sean Miller's profile, of everything they bought, and I can't narrow it to the category “Technology”. Ask for a figure of the rows with it, such as “Sean Miller Technology revenue by month”.",
    ],
  ])('"%s" is refused, not answered with the whole profile', async (question, reason) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:find_customer');
    expect(answer).toContain(reason);
  });
  // The split was read past: one rate of all customers (12.5%), one retention of all.
  it.each([
    ['churn rate by segment', 'I can give the churn rate of all customers, or of the customers of one value at a time'],
    ['retention rate by segment', 'I work retention out over all customers, cohort by cohort, not by segment yet'],
  ])('"%s" is refused, with no figure of all customers', async (question, reason) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).toEqual(['text']);
    expect(answer).toContain(reason);
  });
  it('"churn rate of corporate customers" is the Corporate customers of 2020 who bought nothing in 2021', async () => {
    const [[lost, buyers]] = (await sql(
      `SELECT count(*) FILTER (WHERE "Customer ID" NOT IN (SELECT "Customer ID" FROM t WHERE Segment = 'Corporate' AND d BETWEEN '2021-01-01' AND '2021-12-30')), count(*)
       FROM (SELECT DISTINCT "Customer ID" FROM t WHERE Segment = 'Corporate' AND year(d) = 2020)`,
    )) as number[][];
    const { answer } = await askOffline('churn rate of corporate customers', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(
      `**${lost} customers** in all. That is ${((100 * lost) / buyers).toFixed(1)}% of the ${buyers} customers who bought in 2020-01-01 … 2020-12-31.`,
    );
  });
  // The two totals alone: a cause asked for is the bridge's.
  it('"what drove growth in 2021" is the revenue bridge of 2021 against 2020', async () => {
    const { answer, trace } = await askOffline('what drove growth in 2021', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_revenue_bridge');
    expect(answer.split('\n')[0]).toContain(
      'I understood: **revenue bridge, 2020 (2020-01-01 … 2020-12-31) to 2021 (2021-01-01 … 2021-12-31)**',
    );
  });
});

describe('asked on 2 December 2026, in the twenty-second session: what the review of the first commit found', () => {
  const count = async (query: string) => ((await sql(query)) as number[][])[0][0];
  itCountsEach([
    // A count's bound is no year ("amount or the year 2000").
    [
      'products with fewer than 2000 units sold',
      'units, by product, units < 2,000',
      () => count(`SELECT count(*) FROM (SELECT "Product ID" FROM t GROUP BY 1 HAVING sum(qty) < 2000)`),
    ],
    // Another year names the period: the bound is an amount.
    [
      'customers who bought more than 2000 in 2021',
      'revenue, by customer, revenue > 2,000, 2021-01-01 … 2021-12-31',
      () => count(`SELECT count(*) FROM (SELECT "Customer ID" FROM t WHERE ${Y2021} GROUP BY 1 HAVING sum(rev) > 2000)`),
    ],
  ]);
  // It listed the top 5, the direction lost.
  it('"bottom 5 customers over 5k" are the five smallest past the bound', () =>
    expectAnswer(
      'bottom 5 customers over 5k',
      `SELECT "Customer Name", sum(rev) r FROM t GROUP BY "Customer ID", "Customer Name" HAVING r > 5000 ORDER BY r ASC LIMIT 5`,
      'bottom 5 by revenue, by customer, revenue > 5,000',
    ));
  itReadsEach([
    // A cause of another figure is no revenue bridge.
    ['what drove the increase in profit in 2021', 'gross profit, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31'],
    // Ranked customers' shares are listed, not refused as a part.
    ['what share of revenue comes from the 10 biggest customers', 'top 10 by share of revenue, by customer'],
    // "Came back" outside a share or a rate is no retention.
    ['which customers came back in 2021', 'returning customers, by customer, customers who had bought before, 2021-01-01 … 2021-12-31'],
  ]);
  it.each([
    // "Across all customers", "by Q3" are no grouping.
    ['churn rate across all customers', 'use:query_data'],
    ['did customers acquired in q1 2020 come back by q3', 'use:get_retention'],
  ])('"%s" is answered (%s), not refused as a split', async (question, tool) => {
    const { trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).toContain(tool);
  });
  it('"how much revenue came back as returns" says the file records no returns, not the retention summary', async () => {
    const { answer, trace } = await askOffline('how much revenue came back as returns', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:get_retention');
    expect(answer).toContain('This file records no returns');
  });
});

describe('asked on 2 December 2026, in the twenty-second session: what the review of the second commit found', () => {
  itReadsEach([
    // A count before the customers is no word of them: it was refused.
    ['how much did top 10 customers spend', 'top 10 by revenue, by customer'],
    // "Each customer" keeps its split: it got all customers' products.
    ['what did we sell to each customer in 2021', 'revenue, by customer, 2021-01-01 … 2021-12-31'],
    // The ranking's own figure is no other answer's: it was refused.
    ['what is the profit of our most profitable customer', 'top 1 by gross profit, by customer'],
    // Growth of another figure is no revenue bridge.
    ['what drove the decline in customer count', 'customers, 2021-01-01 … 2021-12-30, compared with 2020-01-01 … 2020-12-31'],
    // "Each year" splits the years, not the customers.
    [
      'what share of revenue comes from corporate customers each year',
      'share of revenue, revenue, by year, Segment = Corporate, within each year',
    ],
  ]);
  itCountsEach([
    // A count after "where" bounds the count: it read revenue > 10 (791 customers).
    ['customers where orders above 10', 'orders, by customer, orders > 10', customersPast('count(DISTINCT "Order ID") > 10')],
  ]);
  it('"churn rate across the country" is the rate of all customers: "across the country" is no split', async () => {
    const { trace } = await askOffline('churn rate across the country', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:query_data');
  });
});

describe('asked on 2 December 2026, in the twenty-third session', () => {
  itCountsEach([
    // A number like a year before what it counts is a count: both were read as the year 2000 (or 2021) and refused.
    ['customers with more than 2000 orders', 'orders, by customer, orders > 2,000', customersPast('count(DISTINCT "Order ID") > 2000')],
    [
      'products that sold more than 2021 units',
      'units, by product, units > 2,021',
      async () =>
        ((await sql(`SELECT count(*) FROM (SELECT "Product Name" FROM t GROUP BY 1 HAVING sum(qty) > 2021)`)) as number[][])[0][0],
    ],
    ['customers with at least 20 orders', 'orders, by customer, orders ≥ 20', customersPast('count(DISTINCT "Order ID") >= 20')],
    // "All time" and "ever" are no figure counted: both were refused ("over 10k all").
    ['how many customers have spent over 10k all time', 'revenue, by customer, revenue > 10,000', customersPast('sum(rev) > 10000')],
    ['how many customers spent over $10k ever', 'revenue, by customer, revenue > 10,000', customersPast('sum(rev) > 10000')],
    // The customers of a place, nothing else asked: it was refused ("couldn't tell which figure").
    ['customers in texas', 'revenue, by customer, State = Texas', customersPast('TRUE', "State = 'Texas'")],
  ]);
  itReadsEach([
    // A span before the figure is no count of rows ("the highest 12", "the lowest 30"), nor is an order "fastest first".
    ['customers with the highest 12 month revenue', 'revenue, by customer, 2021-01-01 … 2021-12-30'],
    ['products with the highest 90-day revenue', 'revenue, by product, 2021-10-02 … 2021-12-30'],
    [
      'revenue growth by product in 2021, fastest first',
      'revenue, sorted by % change, by product, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    // Money named with the goods is revenue.
    ['who bought the most chairs by value', 'top 1 by revenue, by customer, Sub-Category = Chairs'],
    ['which customers bought the most dollars worth of chairs', 'revenue, by customer, Sub-Category = Chairs'],
    // "Over 2021 orders" is across them: it was refused as a bound of 2,021.
    ['average order value over 2021 orders', 'average order value, orders, 2021-01-01 … 2021-12-31'],
    // A figure lost by "we" is no ranking of rows that lost it.
    [
      'Are we losing revenue from customers who stopped buying?',
      'customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-30',
    ],
    // Each listed all the products (or all that grew).
    ['5 least profitable products', 'bottom 5 by gross profit, by product'],
    ['least profitable 5 products', 'bottom 5 by gross profit, by product'],
    [
      'fastest growing product in 2021',
      'top 1 by % change in revenue, by product, revenue up, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31',
    ],
    ['lowest 3 customers by revenue in 2021', 'bottom 3 by revenue, by customer, 2021-01-01 … 2021-12-31'],
    ['highest 3 states by profit', 'top 3 by gross profit, by State'],
    // Counted goods that are a column's own noun are no units.
    ['which customers bought the most products', 'products, by customer'],
    ['which customers bought the most in 2021', 'revenue, by customer, 2021-01-01 … 2021-12-31'],
  ]);
  // It read East 5, West 5, South 4, Central 3 with nothing said of the 11 customers they are.
  it('"new customers in 2021 by region" says a customer counts in each region they bought in, as DuckDB counts them', async () => {
    const newIn2021 = `SELECT "Customer ID" FROM t GROUP BY 1 HAVING min(d) >= '2021-01-01'`;
    const [[byRegion, all]] = (await sql(
      `SELECT (SELECT count(*) FROM (SELECT DISTINCT Region, "Customer ID" FROM t WHERE ${Y2021} AND "Customer ID" IN (${newIn2021}))),
              (SELECT count(*) FROM (${newIn2021}))`,
    )) as number[][];
    expect(byRegion).toBeGreaterThan(all);
    const answer = await answerWithQuery('new customers in 2021 by region', file.snapshot, TODAY);
    expect(answer.text).toContain(
      `A customer in several regions counts in each: the regions add up to ${byRegion} new customers, ${all} in all.`,
    );
  });
});

describe('asked on 2 December 2026, in the twenty-fourth session', () => {
  // A span written before the figure is the one back from today: each got the whole file's revenue.
  itCountsEach([
    [
      'customers with the lowest 30 day revenue',
      'revenue, by customer, lowest first, 2021-12-01 … 2021-12-30',
      customersPast('TRUE', "d BETWEEN '2021-12-01' AND '2021-12-30'"),
    ],
    [
      'top customers by 90-day sales',
      'revenue, by customer, 2021-10-02 … 2021-12-30',
      customersPast('TRUE', "d BETWEEN '2021-10-02' AND '2021-12-30'"),
    ],
  ]);
  itReadsEach([
    ['which customers had the highest 6 month sales', 'revenue, by customer, 2021-07-01 … 2021-12-30'],
    ['trailing 12-month revenue by region', 'revenue, by region, 2021-01-01 … 2021-12-30'],
    ['3 year revenue by category', 'revenue, by category, 2019-01-01 … 2021-12-30'],
  ]);
  // A span ahead is the future: "what will revenue be in the next 30 days" got all revenue, 2,297,200.86.
  itRefusesEach([
    ['what will revenue be in the next 30 days', 'asks about the future or a cause'],
    ['next 30 day revenue', 'asks about the future or a cause'],
    ['sales in the coming 3 months', 'asks about the future or a cause'],
    ['projected revenue for 2022', 'asks about the future or a cause'],
    ['how many customers will we lose next quarter', 'asks about the future or a cause'],
    // Where spend went is in no row: it got the West's and the East's revenue added up.
    ['Is the West losing sales to the East?', 'I can’t tell whether one took sales from another'],
    ['which region is taking share from the west', 'I can’t tell whether one took sales from another'],
    ['is technology stealing sales from furniture', 'I can’t tell whether one took sales from another'],
  ]);
  // "Last March" is the March before the one set against it: each read the latest on both sides, a change of 0.0%.
  itReadsEach([
    ['how was march vs last march', 'revenue, 2021-03-01 … 2021-03-31, compared with 2020-03-01 … 2020-03-31'],
    ['Q4 vs last Q4', 'revenue, 2021-10-01 … 2021-12-31, compared with 2020-10-01 … 2020-12-31'],
    ['H1 vs last H1', 'revenue, 2021-01-01 … 2021-06-30, compared with 2020-01-01 … 2020-06-30'],
    ['Q2 2021 vs last Q2', 'revenue, 2021-04-01 … 2021-06-30, compared with 2020-04-01 … 2020-06-30'],
    // It was set against Q2 2021, the quarter before.
    ['Q3 vs previous Q3', 'revenue, 2021-07-01 … 2021-09-30, compared with 2020-07-01 … 2020-09-30'],
    ['revenue in june compared to last june', 'revenue, 2021-06-01 … 2021-06-30, compared with 2020-06-01 … 2020-06-30'],
    // Ranges of quarters and months without "from": each got its last end alone, or all rows up to it.
    ['Q1 through Q3 2021 sales', 'revenue, 2021-01-01 … 2021-09-30'],
    ['Q2 to Q3 sales', 'revenue, 2021-04-01 … 2021-09-30'],
    ['march through june sales', 'revenue, 2021-03-01 … 2021-06-30'],
    ['jan-mar 2021 revenue', 'revenue, 2021-01-01 … 2021-03-31'],
    ['profit from Q2 through Q4 2020', 'gross profit, 2020-04-01 … 2020-12-31'],
    // "Last half" of a year is its second half: it got all of 2020.
    ['last half of 2020 revenue', 'revenue, 2020-07-01 … 2020-12-31'],
    ['back half of 2020 sales', 'revenue, 2020-07-01 … 2020-12-31'],
    ['front half of 2021 revenue', 'revenue, 2021-01-01 … 2021-06-30'],
  ]);
  it('"Q4 vs last Q4" sets Q4 2021 against Q4 2020, as DuckDB sums them', async () => {
    const [[now, before]] = (await sql(
      `SELECT sum(rev) FILTER (WHERE d BETWEEN '2021-10-01' AND '2021-12-31'), sum(rev) FILTER (WHERE d BETWEEN '2020-10-01' AND '2020-12-31') FROM t`,
    )) as number[][];
    const answer = await answerWithQuery('Q4 vs last Q4', file.snapshot, TODAY);
    expect(answer.result?.rows[0][0]).toBeCloseTo(now, 6);
    expect(answer.result?.rows[0][1]).toBeCloseTo(before, 6);
  });
  itRefusesEach([
    // A period alone is no part of itself: each read 100.0% of its own profit.
    ['what percentage of 2021 profit came from Q4', 'I need the part to take the share of'],
    ['share of profit from 2021', 'I need the part to take the share of'],
    // Which half is not said: it got all of 2020.
    ['half of 2020 sales', 'Which half of 2020: ask for the first half or the second half of 2020.'],
  ]);
  // A month named alone before "the same month last year" is the period: it got all 48 months.
  itReadsEach([
    [
      'how did november do compared to the same month last year',
      'revenue, by month, each against the same month a year before, 2021-11-01 … 2021-11-30',
    ],
    ['november vs the same month last year', 'revenue, by month, each against the same month a year before, 2021-11-01 … 2021-11-30'],
  ]);
  // It listed the top 5: the place asked for is the list's last row.
  it('"who is the 10th biggest customer" lists the top 10, the 10th by revenue last, as DuckDB ranks them', async () => {
    const [[tenth, revenue]] = (await sql(
      `SELECT "Customer Name", sum(rev) r FROM t GROUP BY "Customer ID", "Customer Name" ORDER BY r DESC LIMIT 1 OFFSET 9`,
    )) as [string, number][];
    const { answer } = await askOffline('who is the 10th biggest customer', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`10. ${tenth}: ${formatCell(revenue, 'money')}`);
  });
  // "List 3 champions" listed 10, "top 3 customers by CLV" and "top 10 … by lifetime value" 5.
  it('"list 3 champions" lists 3 of the Champions DuckDB counts (R 5, F 4 or 5 by RANK)', async () => {
    const [[champions]] = (await sql(
      `WITH c AS (SELECT "Customer ID", DATE '2021-12-30' - max(d) AS recency, count(DISTINCT "Order ID") AS orders FROM t GROUP BY 1),
       s AS (SELECT floor(5 * (rank() OVER (ORDER BY recency DESC) - 1) / count(*) OVER ()) + 1 AS r,
                    floor(5 * (rank() OVER (ORDER BY orders) - 1) / count(*) OVER ()) + 1 AS f FROM c)
       SELECT count(*) FROM s WHERE r = 5 AND f >= 4`,
    )) as number[][];
    const { answer } = await askOffline('list 3 champions', analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith(`Champions: ${champions} customers`)).toBe(true);
    expect(answer.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(3);
    expect(answer).toContain(`…and ${Number(champions) - 3} more.`);
  });
  it.each([
    ['top 3 customers by CLV', 3],
    ['top 10 customers by lifetime value', 10],
    ['what is our customer lifetime value', 5],
  ])('"%s" lists the %i customers worth most', async (question, n) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    const listed = answer.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(listed).toHaveLength(n);
    expect(listed.at(-1)?.startsWith(`${n}. `)).toBe(true);
  });
  // "Big" was read past: the list led with Tim Brockman, who bought 147.64 in all.
  it.each(['which big customers are at risk of churning?', 'are any of our key customers at risk'])(
    '"%s" is the churn list among the top 10 customers by revenue',
    async (question) => {
      const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(answer).toMatch(/^(?:\d+|None) of your top 10 customers by revenue/);
      expect(answer).not.toContain('Tim Brockman');
    },
  );
  it('"how many customers have we lost to date" is no question of where their spend went', async () => {
    const answer = await answerWithQuery('how many customers have we lost to date', file.snapshot, TODAY);
    expect(answer.text).not.toContain('took sales from another');
  });
  it('"what share of customers bought in 2021" is of all customers, with no note that a short span reads low', async () => {
    const [[bought2021, all]] = (await sql(
      `SELECT count(DISTINCT "Customer ID") FILTER (WHERE ${Y2021}), count(DISTINCT "Customer ID") FROM t`,
    )) as number[][];
    const answer = await answerWithQuery('what share of customers bought in 2021', file.snapshot, TODAY);
    expect(answer.result?.totalRows).toBe(bought2021);
    expect(answer.text).toContain(`That is ${((100 * bought2021) / all).toFixed(1)}% of the ${all} customers`);
    expect(answer.text).not.toContain('so short a span');
  });
});

/**
 * A figure asked of "our top customers" (or products) on Superstore: the top ones are those
 * with the most revenue, as anyone means by "our top 10 customers", shown with the figure
 * asked and what they hold together, each checked against DuckDB over the raw CSV. A figure
 * after "by" still ranks ("top 5 customers by orders"), and a question about some of the top
 * ones is refused. Before, "What's the average margin of our top 10 customers?" listed the 10
 * customers with the highest margins of all, and "How many orders did our top 5 customers
 * place?" the 8 with the most orders.
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

/** The top `n` customers by revenue, with `figures` (SQL over one customer's rows) after their revenue. */
const topCustomers = (n: number, figures: string) =>
  `SELECT "Customer Name", sum(rev)${figures ? `, ${figures}` : ''} FROM t GROUP BY 1 ORDER BY sum(rev) DESC LIMIT ${n}`;

describe('a figure of our top customers', () => {
  it('"What\'s the average margin of our top 10 customers?" is their margin together, the 10 ranked by revenue', async () => {
    const answer = await ask("What's the average margin of our top 10 customers?");
    expect(answer.result?.understood).toBe('top 10 by revenue, by customer');
    expectRowsClose(answer.result?.rows, await sql(topCustomers(10, 'sum(gp) / sum(rev) * 100')));
    const [[revenue, margin]] = (await sql(
      `SELECT sum(r), sum(p) / sum(r) * 100 FROM (SELECT sum(rev) AS r, sum(gp) AS p FROM t GROUP BY "Customer Name" ORDER BY r DESC LIMIT 10)`,
    )) as number[][];
    expect(answer.result?.shownTotals).toEqual([
      { measure: 'revenue', kind: 'money', value: expect.closeTo(revenue, 6) },
      { measure: 'marginPct', kind: 'percent', value: expect.closeTo(margin, 9) },
    ]);
    // 153,811.17 and 26.7%, in words under the table.
    expect(answer.text).toContain('Together, the 10 customers shown: revenue 153,811.17, a margin of 26.7%.');
  });

  it.each([
    ['How many orders did our top 5 customers place?', 5, 'count(DISTINCT "Order ID")'],
    ["What's the profit of our 5 biggest customers?", 5, 'sum(gp)'],
    ['What margin do our top 5 customers have?', 5, 'sum(gp) / sum(rev) * 100'],
    ["Top 10 customers' margin", 10, 'sum(gp) / sum(rev) * 100'],
  ])('"%s" ranks the top %i by revenue and shows the figure beside it', async (question, n, figure) => {
    const answer = await ask(question);
    expect(answer.result?.understood).toBe(`top ${n} by revenue, by customer`);
    expectRowsClose(answer.result?.rows, await sql(topCustomers(n, figure)));
  });

  it("sums the orders of the top customers shown, each order being one customer's", async () => {
    const answer = await ask('How many orders did our top 5 customers place?');
    const [[orders]] = (await sql(
      `SELECT count(DISTINCT "Order ID") FROM t WHERE "Customer Name" IN (SELECT "Customer Name" FROM t GROUP BY 1 ORDER BY sum(rev) DESC LIMIT 5)`,
    )) as number[][];
    expect(answer.result?.shownTotals?.find((t) => t.measure === 'orders')?.value).toBe(orders);
    expect(answer.text).toContain(`${orders} orders.`);
  });

  it('"Total revenue of the top 5 products in 2021" says what the five hold together', async () => {
    const answer = await ask('Total revenue of the top 5 products in 2021');
    expect(answer.result?.understood).toBe('top 5 by revenue, by product, 2021-01-01 … 2021-12-31');
    const [[revenue]] = (await sql(
      `SELECT sum(r) FROM (SELECT sum(rev) AS r FROM t WHERE year(d) = 2021 GROUP BY "Product ID" ORDER BY r DESC LIMIT 5)`,
    )) as number[][];
    expect(answer.result?.shownTotals).toEqual([{ measure: 'revenue', kind: 'money', value: expect.closeTo(revenue, 6) }]);
  });

  it('"Margin of the top 3 products" ranks the products by revenue, not the three at a 50% margin', async () => {
    const answer = await ask('Margin of the top 3 products');
    expect(answer.result?.understood).toBe('top 3 by revenue, by product');
    const reference = await sql(`SELECT sum(rev), sum(gp) / sum(rev) * 100 FROM t GROUP BY "Product ID" ORDER BY sum(rev) DESC LIMIT 3`);
    expectRowsClose(
      answer.result?.rows.map((r) => r.slice(1)),
      reference,
    );
  });

  it('still ranks by a figure written after "by"', async () => {
    expect((await ask('Top 5 customers by orders')).result?.understood).toBe('top 5 by orders, by customer');
    const answer = await ask('Revenue of the top 5 customers by orders');
    expect(answer.result?.understood).toBe('top 5 by orders, by customer');
    expect(answer.result?.columns.map((c) => c.label)).toEqual(['customer', 'orders', 'revenue']);
    expect((await ask('Top 5 customers for profit')).result?.understood).toBe('top 5 by gross profit, by customer');
  });

  // "How many of our top 20 customers are from the West?" counted the West's 686 customers;
  // "Which of our top 20 customers bought less in 2021 than 2020?" listed the 20 largest falls of all.
  it.each([
    ['Which of our top 10 customers have the lowest margin?', 'top 10 customers'],
    ['How many of our top 20 customers are from the West?', 'top 20 customers'],
    ['Which of our top 20 customers bought less in 2021 than 2020?', 'top 20 customers'],
    ['Which of the top 10 products have the lowest margin?', 'top 10 products'],
    ['What share of our biggest customers are in Texas?', 'top customers'],
  ])('refuses "%s": some of the %s are no filter it has', async (question, top) => {
    const answer = await ask(question);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't pick out some of the ${top} in one step yet. Ask for “${top} by revenue”, with the figure you want after “and their” (“… and their margin”), which lists each one's.`,
    );
  });
});

/**
 * What stopped selling, and what one customer stopped buying: "Products bought in 2022 but
 * not in 2023" listed the customers of 2022 who bought nothing in 2023, and "What did Rossi
 * Ltd 774 buy in 2022 but not in 2023?" the customer itself; "Which products did customers
 * stop buying in 2024?" was refused. They list the products (suppliers, categories) now.
 * Expected figures come from plain passes over the generated B2B file's rows and from DuckDB
 * over Superstore; a purchase is a line with revenue above 0 (a credit note is none).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { analyse } from '../../worker/engine/analyze';
import { askOffline } from './helpers';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { datasetPath } from '../engine/helpers/datasets';
import { duckdbRows } from '../engine/helpers/duckdb-rows';
import { superstoreInDuckDb } from '../engine/helpers/superstore-duckdb';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { scratchDir } from '../engine/helpers/scratch';

type Row = Record<string, string>;
let file: Ingested;
let rows: Row[];
let today: Date;
let end: string;
let first: string;

beforeAll(async () => {
  const path = join(scratchDir('tally-b2b-stopped-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  rows = Papa.parse<Row>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
  file = await ingestWithSnapshot(path, 'b2b.csv');
  const days = rows.map((r) => r.InvoiceDate).sort();
  [first, end] = [days[0], days[days.length - 1]];
  today = new Date(`${end}T00:00:00Z`);
}, 60_000);

const revenue = (r: Row): number => Number(r.Quantity) * Number(r.UnitPrice);
const inYear = (y: number) => (r: Row) => r.InvoiceDate.startsWith(`${y}-`);
const between = (from: string, to: string) => (r: Row) => r.InvoiceDate >= from && r.InvoiceDate <= to;

/** The values of `key` with a purchase in the rows `before` keeps and none in those `after` keeps. */
function stopped(key: (r: Row) => string, before: (r: Row) => boolean, after: (r: Row) => boolean): Set<string> {
  const bought = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && revenue(r) > 0).map(key));
  const later = bought(after);
  return new Set([...bought(before)].filter((v) => !later.has(v)));
}

/** The revenue of the rows `keep` keeps, by `key`, largest first. */
function revenueBy(keep: (r: Row) => boolean, key: (r: Row) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const r of rows) if (keep(r)) sums.set(key(r), (sums.get(key(r)) ?? 0) + revenue(r));
  return [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The customer who spent most in 2023, with purchases in both 2023 and 2024. */
function aCustomerOfBothYears(): string {
  const of2024 = new Set(rows.filter((r) => inYear(2024)(r) && revenue(r) > 0).map((r) => r.CustomerName));
  return revenueBy(inYear(2023), (r) => r.CustomerName).find(([c]) => of2024.has(c))?.[0] as string;
}

/** The year a refusal's example names: the last row's, or the one before when it reaches under a quarter into it. */
const exampleYear = () => (today.getUTCMonth() < 3 ? today.getUTCFullYear() - 1 : today.getUTCFullYear());

const Y2023 = '2023-01-01 … 2023-12-31';
const Y2024 = '2024-01-01 … 2024-12-31';

describe('products that stopped selling', () => {
  it.each([
    'Which products did customers stop buying in 2024?',
    'Products bought in 2023 but not in 2024',
    'Which products did not sell in 2024?',
    'What did we stop selling in 2024?',
    // "Had no sales" listed the products with sales in 2024, the opposite; "How many …" was refused.
    'Which products had no sales in 2024?',
    'How many products had no sales in 2024?',
  ])('"%s" lists the products sold in 2023 and not in 2024', async (question) => {
    const products = stopped((r) => r.ProductCode, inYear(2023), inYear(2024));
    const sold2023 = new Set(rows.filter((r) => inYear(2023)(r) && revenue(r) > 0).map((r) => r.ProductCode));
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood, answer.text).toBe(`products with sales, ${Y2023}, but not in ${Y2024}`);
    expect(answer.result?.totalRows).toBe(products.size);
    expect(answer.text).toContain(
      `**${products.size.toLocaleString('en-US')} products** in all. That is ${((products.size / sold2023.size) * 100).toFixed(1)}% of the ${sold2023.size.toLocaleString('en-US')} products with sales in ${Y2023}.`,
    );
    // Largest first: the product that sold most in 2023 of those.
    const [largest] = revenueBy(
      (r) => inYear(2023)(r) && products.has(r.ProductCode),
      (r) => r.Description,
    );
    expect(answer.result?.rows[0][0]).toBe(largest[0]);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(largest[1], 6);
  });

  it('"Which products have not sold since October 2024?" are every product silent since, whenever it sold before', async () => {
    const products = stopped((r) => r.ProductCode, between(first, '2024-09-30'), between('2024-10-01', end));
    const answer = await answerWithQuery('Which products have not sold since October 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe(`products with sales, ${first} … 2024-09-30, but not in 2024-10-01 … ${end}`);
    expect(answer.result?.totalRows).toBe(products.size);
  });

  it('"Which products haven\'t sold in the last 90 days?" sets the 90 days to the last row against everything before', async () => {
    const from = new Date(today.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
    const before = new Date(today.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
    const products = stopped((r) => r.ProductCode, between(first, before), between(from, end));
    const answer = await answerWithQuery("Which products haven't sold in the last 90 days?", file.snapshot, today);
    expect(answer.result?.understood).toBe(`products with sales, ${first} … ${before}, but not in ${from} … ${end}`);
    expect(answer.result?.totalRows).toBe(products.size);
  });

  it('"Hydraulics products sold in 2023 but not in 2024" lists that category’s products, not its customers', async () => {
    const hydraulics = (r: Row) => r.Category === 'Hydraulics';
    const products = stopped(
      (r) => r.ProductCode,
      (r) => hydraulics(r) && inYear(2023)(r),
      (r) => hydraulics(r) && inYear(2024)(r),
    );
    const answer = await answerWithQuery('Hydraulics products sold in 2023 but not in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe(`products with sales, category = Hydraulics, ${Y2023}, but not in ${Y2024}`);
    expect(answer.result?.totalRows).toBe(products.size);
  });

  it('"Which categories stopped selling in 2024?" says that none did, with no empty table', async () => {
    const categories = stopped((r) => r.Category, inYear(2023), inYear(2024));
    expect(categories.size).toBe(0);
    const sold = new Set(rows.filter((r) => inYear(2023)(r) && revenue(r) > 0).map((r) => r.Category)).size;
    const answer = await answerWithQuery('Which categories stopped selling in 2024?', file.snapshot, today);
    expect(answer.text).toBe(
      `I understood: **categories with sales, ${Y2023}, but not in ${Y2024}**.\n\n**0 categories** in all. Each of the ${sold} categories with sales in ${Y2023} had sales in ${Y2024} too.`,
    );
  });

  it('"Which products did we stop selling?" asks for the two periods (it got the list of products to drop)', async () => {
    const y = exampleYear();
    for (const question of ['Which products did we stop selling?', 'Which products have stopped selling?']) {
      const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(answer).toContain(
        `I can't answer that exactly. To find the products that stopped selling I need two periods, such as “products sold in ${y - 1} but not in ${y}”.`,
      );
      expect(answer).not.toContain('Which products to drop is your call');
      // The example asked for is answered.
      const example = await answerWithQuery(`products sold in ${y - 1} but not in ${y}`, file.snapshot, today);
      expect(example.result?.understood).toBe(`products with sales, ${y - 1}-01-01 … ${y - 1}-12-31, but not in ${y}-01-01 … ${y}-12-31`);
    }
  });
});

describe('what one customer stopped buying', () => {
  it.each([
    (c: string) => `What did ${c} buy in 2023 but not in 2024?`,
    (c: string) => `Which products did ${c} stop buying in 2024?`,
    (c: string) => `Products ${c} bought in 2023 but not in 2024`,
    // It listed the customer itself.
    (c: string) => `What did ${c} stop buying in 2024?`,
  ])('%s lists their products of 2023 that they did not buy in 2024', async (ask) => {
    const customer = aCustomerOfBothYears();
    const theirs = (keep: (r: Row) => boolean) => (r: Row) => r.CustomerName === customer && keep(r);
    const products = stopped((r) => r.ProductCode, theirs(inYear(2023)), theirs(inYear(2024)));
    expect(products.size).toBeGreaterThan(0);
    const answer = await answerWithQuery(ask(customer), file.snapshot, today);
    expect(answer.result?.understood).toBe(`products with sales, customer = ${customer}, ${Y2023}, but not in ${Y2024}`);
    expect(answer.result?.totalRows).toBe(products.size);
    const expected = revenueBy(
      (r) => theirs(inYear(2023))(r) && products.has(r.ProductCode),
      (r) => r.Description,
    ).slice(0, 50);
    expect(answer.result?.rows.map((row) => row[0])).toEqual(expected.map(([name]) => name));
    answer.result?.rows.forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i][1], 6));
  });

  it('"Which suppliers did … stop buying from in 2024?" lists the suppliers', async () => {
    const customer = aCustomerOfBothYears();
    const theirs = (keep: (r: Row) => boolean) => (r: Row) => r.CustomerName === customer && keep(r);
    const suppliers = stopped((r) => r.Supplier, theirs(inYear(2023)), theirs(inYear(2024)));
    const answer = await answerWithQuery(`Which suppliers did ${customer} stop buying from in 2024?`, file.snapshot, today);
    expect(answer.result?.understood).toBe(`suppliers with sales, customer = ${customer}, ${Y2023}, but not in ${Y2024}`);
    expect(answer.result?.totalRows).toBe(suppliers.size);
  });

  it('"Which products did … stop buying?" with no period asks for two, named after the customer and the file’s years', async () => {
    const customer = aCustomerOfBothYears();
    const y = exampleYear();
    const answer = await answerWithQuery(`Which products did ${customer} stop buying?`, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `To find the products ${customer} stopped buying I need two periods, such as “products ${customer} bought in ${y - 1} but not in ${y}”.`,
    );
    // The questions offered name a year the file's rows fill, not the few days of the last one.
    expect(answer.text).toContain(`- Revenue by month in ${y}\n`);
  });
});

describe('customers who stopped buying stay customers', () => {
  it('"Which customers stopped buying Hydraulics in 2024?" lists customers', async () => {
    const hydraulics = (r: Row) => r.Category === 'Hydraulics';
    const customers = stopped(
      (r) => r.CustomerID,
      (r) => hydraulics(r) && inYear(2023)(r),
      (r) => hydraulics(r) && inYear(2024)(r),
    );
    const answer = await answerWithQuery('Who stopped buying Hydraulics products in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe(`customers who bought, category = Hydraulics, ${Y2023}, but not in ${Y2024}`);
    expect(answer.result?.totalRows).toBe(customers.size);
  });

  // It was told "To find the products that stopped selling I need two periods": what lost customers buy is another question.
  it.each(['Which products do lost customers buy?', 'What did our churned accounts buy in 2023?'])(
    '"%s" is refused as what a list of lost customers bought',
    async (question) => {
      const y = exampleYear();
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(
        `but not what a list of lost customers bought in one step yet; ask for them first (“customers who bought in ${y - 1} but not in ${y}”), then what one of them bought.`,
      );
    },
  );

  it('"Which reps lost the most customers in 2024?" is still refused: it counts customers by rep', async () => {
    const answer = await answerWithQuery('Which reps lost the most customers in 2024?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('I can list the customers who stopped buying, but not count them by sales rep yet');
  });
});

describe('the periods a list of who stopped needs', () => {
  // "Which customers did Rep 3 lose?" asked this too; it now lists those the churn model rates lost (offline-query-b2b.test.ts).
  it('"Which customers stopped buying from Rep 3?" asks for two periods with an example it answers (it named "customers in Rep 3")', async () => {
    const y = exampleYear();
    const answer = await answerWithQuery('Which customers stopped buying from Rep 3?', file.snapshot, today);
    expect(answer.text).toContain(
      `To find who stopped buying I need two periods, such as “customers of Rep 3 who bought in ${y - 1} but not in ${y}”.`,
    );
    const rep3 = (keep: (r: Row) => boolean) => (r: Row) => r.SalesRep === 'Rep 3' && keep(r);
    const lost = stopped((r) => r.CustomerID, rep3(inYear(y - 1)), rep3(inYear(y)));
    const example = await answerWithQuery(`customers of Rep 3 who bought in ${y - 1} but not in ${y}`, file.snapshot, today);
    expect(example.result?.understood).toBe(
      `customers who bought, sales rep = Rep 3, ${y - 1}-01-01 … ${y - 1}-12-31, but not in ${y}-01-01 … ${y}-12-31`,
    );
    expect(example.result?.totalRows).toBe(lost.size);
  });

  it.each(["Which customers haven't ordered since June 2030?", 'Which products have not sold since June 2030?', 'Revenue since June 2030'])(
    '"%s" says the rows end before it (it read a range ending before it starts)',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(`The file has no rows from 2030-06-01 on: its rows run from ${first} to ${end}.`);
    },
  );

  it('a file without dates says it has no periods', async () => {
    const wholesale = await ingestWithSnapshot(
      datasetPath('wholesale_customers/Wholesale customers data.csv'),
      'Wholesale customers data.csv',
    );
    for (const question of ['Which products did we stop selling?', 'Which customers in region 3 stopped buying?']) {
      const answer = await answerWithQuery(question, wholesale.snapshot, today);
      expect(answer.text).toContain('This file has no dates, so it has no periods to tell who (or what) stopped buying.');
    }
  });
});

describe('on Superstore', () => {
  it('"Products that did not sell in 2021" are the products of 2020 with no sale in 2021 (it was refused)', async () => {
    const csv = datasetPath('superstore/Sample - Superstore.csv');
    const [superstore, db] = await Promise.all([ingestWithSnapshot(csv), superstoreInDuckDb(csv)]);
    try {
      const [[count]] = (await duckdbRows(
        db,
        `SELECT count(*) FROM (SELECT "Product ID" FROM t WHERE year(d) = 2020 EXCEPT SELECT "Product ID" FROM t WHERE year(d) = 2021)`,
      )) as number[][];
      const answer = await answerWithQuery('Products that did not sell in 2021', superstore.snapshot, new Date('2021-12-30T00:00:00Z'));
      expect(answer.result?.understood).toBe('products with sales, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
      expect(answer.result?.totalRows).toBe(count);
      // It read "0 products in all." and no more: he bought nothing in 2020.
      const [[his2020]] = (await duckdbRows(
        db,
        `SELECT count(*) FROM t WHERE "Customer Name" = 'Sean Miller' AND year(d) = 2020`,
      )) as number[][];
      expect(his2020).toBe(0);
      const none = await answerWithQuery(
        'What did Sean Miller buy in 2020 but not in 2021?',
        superstore.snapshot,
        new Date('2021-12-30T00:00:00Z'),
      );
      expect(none.text).toContain('**0 products** in all. No products had sales in 2020-01-01 … 2020-12-31 here, so none could stop.');
    } finally {
      db.closeSync();
    }
  }, 60_000);
});

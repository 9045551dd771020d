/**
 * The offline analyst's grammar over the generated B2B file (scripts/generate-b2b-csv.ts):
 * sales reps, suppliers, regions and credit notes. Expected figures come from a plain
 * reference over the Papa-parsed raw rows (revenue = quantity × unit price, credit notes
 * already negative; gross profit = (unit price − unit cost) × quantity).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { analyse } from '../../worker/engine/analyze';
import { askOffline } from './helpers';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { CHURN_RISK_RULES, ONE_TIME_BUYER_RULE } from '../../worker/engine/analyses/churn-risk';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { scratchDir } from '../engine/helpers/scratch';

type Row = Record<string, string>;
let file: Ingested;
let rows: Row[];
let today: Date;

beforeAll(async () => {
  const path = join(scratchDir('tally-b2b-q-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  rows = Papa.parse<Row>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
  file = await ingestWithSnapshot(path, 'b2b.csv');
  today = new Date(
    `${rows
      .map((r) => r.InvoiceDate)
      .sort()
      .at(-1)}T00:00:00Z`,
  );
}, 60_000);

const revenue = (r: Row): number => Number(r.Quantity) * Number(r.UnitPrice);
const profit = (r: Row): number => (Number(r.UnitPrice) - Number(r.UnitCost)) * Number(r.Quantity);
/** A line that buys: no credit note, no negative quantity or amount. Customers are counted by these. */
const bought = (r: Row): boolean => !r.InvoiceNo.startsWith('C') && Number(r.Quantity) >= 0 && revenue(r) >= 0;

/** Sums `value` by `key` over the rows passing `keep`, largest first. */
function grouped(keep: (r: Row) => boolean, key: (r: Row) => string, value: (r: Row) => number): [string, number][] {
  const sums = new Map<string, number>();
  for (const r of rows) if (keep(r)) sums.set(key(r), (sums.get(key(r)) ?? 0) + value(r));
  return [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The revenue of the rows passing `keep` whose `key` is `value` (NaN when none is). */
function revenueOf(keep: (r: Row) => boolean, key: (r: Row) => string, value: string): number {
  return grouped(keep, key, revenue).find(([k]) => k === value)?.[1] ?? NaN;
}

async function expectRows(question: string, expected: [string, number][] | number, understood: string): Promise<void> {
  const answer = await answerWithQuery(question, file.snapshot, today);
  expect(answer.result?.understood, answer.text).toBe(understood);
  const got = answer.result?.rows ?? [];
  if (typeof expected === 'number') {
    expect(got[0][0] as number).toBeCloseTo(expected, 6);
    return;
  }
  expect(got.length).toBe(expected.length);
  got.forEach((row, i) => {
    expect(row[0]).toBe(expected[i][0]);
    expect(row[1] as number).toBeCloseTo(expected[i][1], 6);
  });
}

const inYear = (y: number) => (r: Row) => r.InvoiceDate.startsWith(`${y}-`);

/** The value of `key` whose revenue changed most from 2023 to 2024 (`up` or `down`), as the answer's first row. */
async function expectLargestChange(question: string, key: (r: Row) => string, way: 'up' | 'down', understood: string): Promise<void> {
  const [y2024, y2023] = [new Map(grouped(inYear(2024), key, revenue)), new Map(grouped(inYear(2023), key, revenue))];
  const changes = [...new Set([...y2024.keys(), ...y2023.keys()])].map((k): [string, number] => [
    k,
    (y2024.get(k) ?? 0) - (y2023.get(k) ?? 0),
  ]);
  const [value, change] = changes.sort((a, b) => (way === 'up' ? b[1] - a[1] : a[1] - b[1]))[0];
  expect(way === 'up' ? change > 0 : change < 0).toBe(true);
  const answer = await answerWithQuery(question, file.snapshot, today);
  expect(answer.result?.understood).toBe(understood);
  expect(answer.result?.rows[0][0]).toBe(value);
  expect(answer.result?.rows[0][3] as number).toBeCloseTo(change, 6);
}

/** The supplier dependency's opening: the largest supplier's share of all revenue, then that supplier. */
async function expectSupplierDependency(question: string): Promise<void> {
  const [[largest, revenueOfLargest]] = grouped(
    () => true,
    (r) => r.Supplier,
    revenue,
  );
  const total = rows.reduce((sum, r) => sum + revenue(r), 0);
  const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
  const share = ((revenueOfLargest / total) * 100).toFixed(1);
  expect(answer.startsWith(`Supplier dependency is low: the top supplier has ${share}% of revenue.\n- ${largest}: `)).toBe(true);
}

describe('the offline analyst answers generated B2B questions exactly (plain reference)', () => {
  it('"which region had the fewest customers in 2024" is the one region with the fewest distinct customers', async () => {
    const perRegion = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => inYear(2024)(r) && bought(r)))
      perRegion.set(r.Region, (perRegion.get(r.Region) ?? new Set()).add(r.CustomerID));
    const fewest = [...perRegion]
      .map(([region, ids]): [string, number] => [region, ids.size])
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0];
    await expectRows(
      'which region had the fewest customers in 2024',
      [fewest],
      'bottom 1 by customers, by region, 2024-01-01 … 2024-12-31',
    );
  });
  // The file has a customer "Janssen & Co. KG 2023"; the year alone must not name it.
  it('"which quarter of 2023 had the lowest revenue" ranks 2023\'s quarters, with no customer filter', async () => {
    expect(rows.some((r) => r.CustomerName === 'Janssen & Co. KG 2023')).toBe(true);
    const quarterOf = (r: Row) => `2023 Q${Math.floor((Number(r.InvoiceDate.slice(5, 7)) - 1) / 3) + 1}`;
    const lowest = grouped(inYear(2023), quarterOf, revenue).at(-1) as [string, number];
    await expectRows('which quarter of 2023 had the lowest revenue', [lowest], 'bottom 1 by revenue, by quarter, 2023-01-01 … 2023-12-31');
  });
  // With a period, "top customers" is ranked by revenue from the rows (it was answered for all time).
  it('"Who are our top 3 customers in DE-South in 2024?"', () =>
    expectRows(
      'Who are our top 3 customers in DE-South in 2024?',
      grouped(
        (r) => inYear(2024)(r) && r.Region === 'DE-South',
        (r) => r.CustomerName,
        revenue,
      ).slice(0, 3),
      'top 3 by revenue, by customer, region = DE-South, 2024-01-01 … 2024-12-31',
    ));
  // A name the file doesn't hold is refused, never dropped: "revenue of zztop" and "sales of
  // widgets" got the whole file's revenue, "Bolt 205mm" (no such product) got Bolt 204mm's
  // units, "sales of bolts" (a word of 214 product names, in lower case: maybe no name) every unit.
  for (const [question, reason] of [
    ['revenue of zztop', "I couldn't find “zztop” among this file's customers, products or other values."],
    ['sales of widgets', "I couldn't find “widgets” among this file's customers, products or other values."],
    ['How many units of Bolt 205mm did we sell?', "I couldn't find “Bolt 205mm” among this file's customers, products or other values."],
    ['sales of bolts', "I can't pick out products by a word of their names (“bolts”) yet"],
    // One word after "how many" is what the goods are called ("How many CDs …?") unless names hold it.
    ['How many fittings did we sell?', "I can't pick out products by a word of their names (“fittings”) yet"],
    // The buyer as the subject: "How much did Northwind spend?" got the whole file's revenue,
    // "Which products did Northwind buy in 2024?" every customer's products.
    ['How much did Northwind spend?', "I couldn't find “Northwind” among this file's customers, products or other values."],
    ['Which products did Northwind buy in 2024?', "I couldn't find “Northwind” among this file's customers, products or other values."],
    // What was bought, as the object: it ranked every customer's revenue.
    ['Which customers spend the most on Zubrowka?', "I couldn't find “Zubrowka” among this file's customers, products or other values."],
    ['Which customers bought Zubrowka in 2024?', "I couldn't find “Zubrowka” among this file's customers, products or other values."],
  ]) {
    it(`"${question}" is refused by name, with no figure`, async () => {
      expect(rows.some((r) => r.Description === 'Bolt 205mm')).toBe(false);
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(reason);
      expect(
        answer.text
          .replace(/\b20\d\d\b/g, '')
          .replace(/Top 5/g, '')
          .replace(/205mm/g, ''),
      ).not.toMatch(/\d/);
    });
  }
  it('a buyer named in full as the subject is that customer; "our top customers" is no customer filter', async () => {
    const name = rows[0].CustomerName;
    const bought = await answerWithQuery(`What did ${name} buy?`, file.snapshot, today);
    expect(bought.result?.understood).toBe(`revenue, by product, customer = ${name}`);
    const spent = await answerWithQuery(`How much did ${name} spend in 2024?`, file.snapshot, today);
    expect(spent.result?.rows).toEqual([
      [
        expect.closeTo(
          grouped(
            (r) => inYear(2024)(r) && r.CustomerName === name,
            () => name,
            revenue,
          )[0]?.[1] ?? 0,
          6,
        ),
      ],
    ]);
    // "In FR-Est" (a hyphen) hid the customers as the subject: it listed FR-Est's customers.
    const region = await answerWithQuery('What did customers in FR-Est buy?', file.snapshot, today);
    expect(region.result?.understood).toBe('revenue, by product, region = FR-Est');
    // It got the top product of all customers, "top" read as a ranking of products.
    const ours = await answerWithQuery('What did our top customers buy?', file.snapshot, today);
    expect(ours.result).toBeNull();
    expect(ours.text).toContain(
      "I can't pick out what the top customers bought in one step yet; ask for them first (“top 10 customers by revenue”), then what one of them bought (“What did … buy?”).",
    );
  });
  // It was told segments and churn are worked out for the whole file, then "I couldn't tell which figure you want".
  // The file ends on 3 January: "buying less than last year" set 3 days against the same 3
  // days of last year, and flagged every customer who had not ordered in them.
  it('"Which customers are buying less than last year?" three days into the year sets last year against the year before', async () => {
    const y = today.getUTCFullYear();
    const inYearOf = (year: number) => (r: Row) => r.InvoiceDate >= `${year}-01-01` && r.InvoiceDate <= `${year}-12-31`;
    const now = new Map(grouped(inYearOf(y - 1), (r) => r.CustomerID, revenue));
    const then = new Map(grouped(inYearOf(y - 2), (r) => r.CustomerID, revenue));
    const down = [...new Set([...now.keys(), ...then.keys()])].filter((c) => (now.get(c) ?? 0) - (then.get(c) ?? 0) < -1e-9);
    const answer = await answerWithQuery('Which customers are buying less than last year?', file.snapshot, today);
    expect(answer.result?.understood).toBe(
      `revenue, sorted by change, by customer, revenue down, ${y - 1}-01-01 … ${y - 1}-12-31, compared with ${y - 2}-01-01 … ${y - 2}-12-31`,
    );
    expect(down.length).toBeGreaterThan(0);
    expect(answer.result?.totalRows).toBe(down.length);
    expect(answer.text).toContain(`**${down.length.toLocaleString('en-US')} customers** with revenue down.`);
    expect(answer.text).toContain(
      `This year so far is 3 days (${y}-01-01 … ${y}-01-03), too few to compare, so this sets the last whole year, ${y - 1}-01-01 … ${y - 1}-12-31, against the year before it.`,
    );
  });

  it('"Which customers spent less this year than last year?" keeps the 3 days asked for, and says they are too few', async () => {
    const asOf = today.toISOString().slice(0, 10);
    const [y, md] = [today.getUTCFullYear(), asOf.slice(5)];
    const thisYear = (r: Row) => r.InvoiceDate >= `${y}-01-01` && r.InvoiceDate <= asOf;
    const lastYear = (r: Row) => r.InvoiceDate >= `${y - 1}-01-01` && r.InvoiceDate <= `${y - 1}-${md}`;
    const now = new Map(grouped(thisYear, (r) => r.CustomerID, revenue));
    const then = new Map(grouped(lastYear, (r) => r.CustomerID, revenue));
    const down = [...new Set([...now.keys(), ...then.keys()])].filter((c) => (now.get(c) ?? 0) - (then.get(c) ?? 0) < -1e-9);
    const answer = await answerWithQuery('Which customers spent less this year than last year?', file.snapshot, today);
    expect(answer.result?.understood).toBe(
      `revenue, sorted by change, by customer, revenue down, ${y}-01-01 … ${asOf}, compared with ${y - 1}-01-01 … ${y - 1}-${md}`,
    );
    expect(answer.result?.totalRows).toBe(down.length);
    expect(answer.text).toContain(
      `This year so far is 3 days (${y}-01-01 … ${asOf}), set against the same days of the year before: too few days to tell a trend; ask for last year against the year before it for a whole year.`,
    );
  });

  it('"Did sales go up this year?" three days into the year says the days are too few', async () => {
    const asOf = today.toISOString().slice(0, 10);
    const y = today.getUTCFullYear();
    const sum = (from: string, to: string) =>
      rows.filter((r) => r.InvoiceDate >= from && r.InvoiceDate <= to).reduce((t, r) => t + revenue(r), 0);
    const answer = await answerWithQuery('Did sales go up this year?', file.snapshot, today);
    expect(answer.result?.understood).toBe(`revenue, ${y}-01-01 … ${asOf}, compared with ${y - 1}-01-01 … ${y - 1}-${asOf.slice(5)}`);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(sum(`${y}-01-01`, asOf), 6);
    expect(answer.text).toContain(
      `This year so far is 3 days (${y}-01-01 … ${asOf}), set against the same days of the year before: too few days to tell a trend`,
    );
  });

  // The lapsed list has no grouping: it gave the 697 customers lost overall, as if by rep.
  it('"Which reps lost the most customers this year?" is refused by name, with no figure', async () => {
    const answer = await answerWithQuery('Which reps lost the most customers this year?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('I can list the customers who stopped buying, but not count them by sales rep yet');
  });

  // The file ends on 3 January: "lost this year" listed 697 of 698 customers, three days against all of last year.
  it('"Which customers have we lost this year?" three days into the year says it is too early to tell, with no list', async () => {
    const asOf = today.toISOString().slice(0, 10);
    const y = today.getUTCFullYear();
    const days = (Date.parse(`${asOf}T00:00:00Z`) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
    expect(days).toBe(3);
    for (const question of ['Which customers have we lost this year?', "Which customers haven't ordered this year?"]) {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(`${y}-01-01 … ${asOf} has 3 days so far, against `);
      expect(answer.text).toContain('too few to tell who stopped buying from who has not bought yet');
    }
    // Two whole periods named are answered as asked.
    const named = await answerWithQuery(`Which customers bought in ${y - 2} but not in ${y - 1}?`, file.snapshot, today);
    expect(named.result?.understood).toBe(
      `customers who bought, ${y - 2}-01-01 … ${y - 2}-12-31, but not in ${y - 1}-01-01 … ${y - 1}-12-31`,
    );
  });

  // It kept customers from −50,208.02 (credit notes) to 0 as "+100%": doubling is of a figure above 0.
  it('"Which customers doubled their spend in 2024?" keeps those whose 2024 revenue is at least twice a positive 2023 revenue', async () => {
    const now = new Map(grouped(inYear(2024), (r) => r.CustomerID, revenue));
    const then = new Map(grouped(inYear(2023), (r) => r.CustomerID, revenue));
    const doubled = [...then].filter(([c, before]) => before > 0 && (now.get(c) ?? 0) >= 2 * before);
    const negative = [...then].filter(([, before]) => before < 0);
    expect(negative.length).toBeGreaterThan(0);
    const answer = await answerWithQuery('Which customers doubled their spend in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe(
      'revenue, sorted by change, by customer, revenue up 100% or more, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    );
    expect(answer.result?.totalRows).toBe(doubled.length);
    expect(answer.text).toContain(`**${doubled.length} customers** with revenue up 100% or more.`);
    for (const row of answer.result?.rows ?? []) expect(row[2] as number).toBeGreaterThan(0);
  });

  // It got the monthly revenue trend.
  it('"Which customers have been buying less each month?" asks for two periods', async () => {
    const answer = await answerWithQuery('Which customers have been buying less each month?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('To say who buys less or more I need two periods');
  });

  it('"sales of Acme Supply" is the supplier Acme Supply, Inc. (it was the whole file\'s revenue)', () =>
    expectRows(
      'sales of Acme Supply',
      revenueOf(
        () => true,
        (r) => r.Supplier,
        'Acme Supply, Inc.',
      ),
      'revenue, supplier = Acme Supply, Inc.',
    ));
  // The file writes its countries as ISO codes (AT, CH, NL …): a country named in full was refused.
  it('"sales for austria" is the region AT', () =>
    expectRows(
      'sales for austria',
      revenueOf(
        () => true,
        (r) => r.Region,
        'AT',
      ),
      'revenue, region = AT',
    ));
  it('"Revenue from Austrian customers" is the region AT too', () =>
    expectRows(
      'Revenue from Austrian customers',
      revenueOf(
        () => true,
        (r) => r.Region,
        'AT',
      ),
      'revenue, region = AT',
    ));
  it('"revenue in switzerland in 2024" is the region CH in 2024', () =>
    expectRows(
      'revenue in switzerland in 2024',
      revenueOf(inYear(2024), (r) => r.Region, 'CH'),
      'revenue, region = CH, 2024-01-01 … 2024-12-31',
    ));
  // The owner of the products is asked for: it ranked 2,613 product × supplier rows.
  it('"Which supplier\'s products have the lowest margin?" is the supplier with the lowest margin %', () => {
    const bySupplier = new Map<string, { revenue: number; profit: number }>();
    for (const r of rows) {
      const s = bySupplier.get(r.Supplier) ?? { revenue: 0, profit: 0 };
      s.revenue += revenue(r);
      s.profit += profit(r);
      bySupplier.set(r.Supplier, s);
    }
    const [lowest] = [...bySupplier]
      .map(([name, s]): [string, number] => [name, (s.profit / s.revenue) * 100])
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    return expectRows("Which supplier's products have the lowest margin?", [lowest], 'bottom 1 by margin %, by supplier');
  });
  // Several asked for: the ranking, not the one product at the top.
  it('"What are the best-selling products in 2023?"', () =>
    expectRows(
      'What are the best-selling products in 2023?',
      grouped(inYear(2023), (r) => r.Description, revenue).slice(0, 50),
      'revenue, by product, 2023-01-01 … 2023-12-31',
    ));
  // Answers worked out for the whole file must not stand in for one period.
  for (const question of ['How concentrated was our revenue in 2023?', 'Who are the Champions in 2022?']) {
    it(`"${question}" is refused, with no figure`, async () => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain('worked out for the whole file, not for one period');
      // No figure: the only digits are years and "Top 5" in the suggestions.
      expect(answer.text.replace(/\b20\d\d\b/g, '').replace(/Top 5/g, '')).not.toMatch(/\d/);
    });
  }
  // One order ranked by size: "Largest order in 2024" got 2024's total, "the 10 largest orders"
  // the count of orders, "biggest single purchase" the customers with one order, "Which
  // customer placed the largest order?" the top customers by revenue.
  for (const question of [
    'Largest order in 2024',
    'Show the 10 largest orders',
    "What's our biggest invoice?",
    'Top transactions in 2024',
    'biggest single purchase',
    'Which customer placed the largest order?',
    // It ranked customers by their count of orders.
    "Which customer's orders are largest?",
  ]) {
    it(`"${question}" is refused, with no figure`, async () => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(
        'I can’t rank single orders yet: the rows are summed by customer, product, region or period, not by order.',
      );
      expect(answer.text.replace(/\b20\d\d\b/g, '').replace(/Top 5/g, '')).not.toMatch(/\d/);
    });
  }
  it('"top 10 customers by orders" and "Which region has the largest sales?" still rank', async () => {
    expect((await answerWithQuery('top 10 customers by orders', file.snapshot, today)).result?.understood).toBe(
      'top 10 by orders, by customer',
    );
    expect((await answerWithQuery('Which region has the largest sales?', file.snapshot, today)).result?.understood).toBe(
      'top 1 by revenue, by region',
    );
  });
  // A name with a comma and a full stop is found as typed, with them or without (it was dropped: the whole file's revenue).
  it('"What is the revenue of Acme Supply, Inc.?"', () =>
    expectRows(
      'What is the revenue of Acme Supply, Inc.?',
      grouped(
        (r) => r.Supplier === 'Acme Supply, Inc.',
        () => '',
        revenue,
      )[0][1],
      'revenue, supplier = Acme Supply, Inc.',
    ));
  it('"revenue from Acme Supply Inc in 2024"', () =>
    expectRows(
      'revenue from Acme Supply Inc in 2024',
      grouped(
        (r) => r.Supplier === 'Acme Supply, Inc.' && inYear(2024)(r),
        () => '',
        revenue,
      )[0][1],
      'revenue, supplier = Acme Supply, Inc., 2024-01-01 … 2024-12-31',
    ));
  // One period with a change word compares it with the period before (it was refused).
  it('"Which region grew the most in 2024?" ranks the change from 2023', () =>
    expectLargestChange(
      'Which region grew the most in 2024?',
      (r) => r.Region,
      'up',
      'top 1 by change in revenue, by region, revenue up, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    ));
  // "Lost the most" ranked by 2024's revenue, highest first: Rep 21, up 23%.
  it('"Which sales rep lost the most revenue in 2024 compared with 2023?" is the largest fall', () =>
    expectLargestChange(
      'Which sales rep lost the most revenue in 2024 compared with 2023?',
      (r) => r.SalesRep,
      'down',
      'bottom 1 by change in revenue, by sales rep, revenue down, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    ));
  // It listed all 2,613 products by margin, the lowest at 15.0%.
  it('"Which products have negative margin?" keeps only the products whose margin is below 0', async () => {
    const byProduct = new Map<string, { revenue: number; profit: number }>();
    for (const r of rows) {
      const p = byProduct.get(r.ProductCode) ?? { revenue: 0, profit: 0 };
      byProduct.set(r.ProductCode, { revenue: p.revenue + revenue(r), profit: p.profit + profit(r) });
    }
    const negative = [...byProduct.values()].filter((p) => p.revenue !== 0 && p.profit / p.revenue < 0).length;
    const answer = await answerWithQuery('Which products have negative margin?', file.snapshot, today);
    expect(answer.result?.understood).toBe('margin %, by product, margin % < 0');
    expect(answer.result?.totalRows).toBe(negative);
  });
  it('"How much do we depend on our biggest supplier?" is the supplier dependency, with its share (it was its revenue alone)', () =>
    expectSupplierDependency('How much do we depend on our biggest supplier?'));
  // Distinct products on purchase lines (no credit note), per supplier.
  it('"Which supplier supplies the most products?"', async () => {
    const products = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => !r.InvoiceNo.startsWith('C') && Number(r.Quantity) >= 0))
      products.set(r.Supplier, (products.get(r.Supplier) ?? new Set()).add(r.ProductCode));
    const [top] = [...products].map(([supplier, codes]): [string, number] => [supplier, codes.size]).sort((a, b) => b[1] - a[1]);
    await expectRows('Which supplier supplies the most products?', [top], 'top 1 by products, by supplier');
  });
  // "Supplier 0" without its number is "supplier", a word of the question: it answered with Supplier 0.
  it('"Which supplier are we most dependent on?" names the largest supplier, not the first called "Supplier …"', () =>
    expectSupplierDependency('Which supplier are we most dependent on?'));
  // "Safety products" names the category: customers ranked, not customer × product pairs.
  it('"Which customers buy the most Safety products?"', () =>
    expectRows(
      'Which customers buy the most Safety products?',
      grouped(
        (r) => r.Category === 'Safety',
        (r) => r.CustomerName,
        revenue,
      ).slice(0, 50),
      'revenue, orders, by customer, orders > 0, category = Safety',
    ));
  it('"top Safety products" still ranks products', () =>
    expectRows(
      'top Safety products',
      grouped(
        (r) => r.Category === 'Safety',
        (r) => r.Description,
        revenue,
      ).slice(0, 50),
      'revenue, by product, category = Safety',
    ));
  // "sells" is a revenue word (it got the canned top Safety products).
  it('"Which region sells the most Safety products?"', () =>
    expectRows(
      'Which region sells the most Safety products?',
      grouped(
        (r) => r.Category === 'Safety',
        (r) => r.Region,
        revenue,
      ).slice(0, 1),
      'top 1 by revenue, by region, category = Safety',
    ));
  // "What" and the noun of a named category were read as "which products": each Safety product's figure was listed.
  it('"What\'s the revenue of Safety products?" is their one figure', () =>
    expectRows(
      "What's the revenue of Safety products?",
      rows.filter((r) => r.Category === 'Safety').reduce((sum, r) => sum + revenue(r), 0),
      'revenue, category = Safety',
    ));
  it('"What\'s the margin on Safety products in 2024?" is their one margin', () => {
    const safety2024 = rows.filter((r) => r.Category === 'Safety' && inYear(2024)(r));
    const margin = (100 * safety2024.reduce((sum, r) => sum + profit(r), 0)) / safety2024.reduce((sum, r) => sum + revenue(r), 0);
    return expectRows("What's the margin on Safety products in 2024?", margin, 'margin %, category = Safety, 2024-01-01 … 2024-12-31');
  });
  it('"Revenue of Safety products by month in 2024" is theirs month by month, not each product\'s', () =>
    expectRows(
      'Revenue of Safety products by month in 2024',
      grouped(
        (r) => r.Category === 'Safety' && inYear(2024)(r),
        (r) => r.InvoiceDate.slice(0, 7),
        revenue,
      ).sort((a, b) => a[0].localeCompare(b[0])),
      'revenue, by month, category = Safety, 2024-01-01 … 2024-12-31',
    ));
  // "Bolt" was refused, and before that answered every product's margin: it is the first word
  // of 214 product names ("Bolt 204mm"), and the answer keeps exactly those and lists them.
  describe("a name's first word, typed with a capital, keeps every product named so", () => {
    const isBolt = (r: Row) => r.Description.split(' ')[0] === 'Bolt';
    const boltNames = () => [...new Set(rows.filter(isBolt).map((r) => r.Description))].sort((a, b) => a.localeCompare(b));

    it.each(['Margin of Bolt products', "What's the margin on Bolt products?"])(
      '"%s" is the margin of the products named "Bolt …"',
      async (question) => {
        const kept = rows.filter(isBolt);
        expect(kept.length).toBeGreaterThan(0);
        const sales = kept.reduce((sum, r) => sum + revenue(r), 0);
        const margin = (100 * kept.reduce((sum, r) => sum + profit(r), 0)) / sales;
        const answer = await answerWithQuery(question, file.snapshot, today);
        expect(answer.result?.understood).toBe('margin %, product name starting with “Bolt”');
        expect(answer.result?.rows[0][0] as number).toBeCloseTo(margin, 6);
        const names = boltNames();
        expect(answer.text).toContain(
          // The names hold commas ("Bolt "Pro" 0mm, steel"), so semicolons set them apart.
          `“Bolt” is read as the ${names.length} products whose names start with it: ${names.slice(0, 5).join('; ')} and ${names.length - 5} more.`,
        );
      },
    );

    it('"How many bottles of Bolt did we sell?" counts the units of those products', async () => {
      const units = rows.filter(isBolt).reduce((sum, r) => sum + Number(r.Quantity), 0);
      const answer = await answerWithQuery('How many bottles of Bolt did we sell?', file.snapshot, today);
      expect(answer.result?.understood).toBe('units, product name starting with “Bolt”');
      expect(answer.result?.rows[0][0]).toBe(units);
    });

    it('"Which Bolt products sell best?" ranks those products', async () => {
      const expected = grouped(isBolt, (r) => r.Description, revenue).slice(0, 50);
      const answer = await answerWithQuery('Which Bolt products sell best?', file.snapshot, today);
      expect(answer.result?.understood).toBe('revenue, by product, product name starting with “Bolt”');
      expect(answer.result?.totalRows).toBe(boltNames().length);
      expect(answer.result?.rows.map((row) => row[0])).toEqual(expected.map(([name]) => name));
    });

    it('"Revenue excluding Bolt products" leaves them out', async () => {
      const rest = rows.filter((r) => !isBolt(r)).reduce((sum, r) => sum + revenue(r), 0);
      const answer = await answerWithQuery('Revenue excluding Bolt products', file.snapshot, today);
      expect(answer.result?.understood).toBe('revenue, product name not starting with “Bolt”');
      expect(answer.result?.rows[0][0] as number).toBeCloseTo(rest, 6);
      expect(answer.text).toContain(`“Bolt” leaves out the ${boltNames().length} products whose names start with it:`);
    });
  });

  // Revenue at risk counts customers rated high or lost: it once said "the customers flagged
  // bought nothing in that year" above medium-risk customers who had bought 126 days before.
  it('"medium risk customers" with no revenue at risk says why, truthfully', async () => {
    const result = analyse(file.aggregates);
    const churn = result.churn;
    expect(churn?.revenueAtRisk).toBe(0);
    const medium = (churn?.customers ?? []).filter((c) => c.risk === 'medium');
    expect(medium.some((c) => (c.daysSinceLastOrder ?? Infinity) < 365)).toBe(true);
    const { answer } = await askOffline('medium risk customers', result, file.snapshot);
    const lines = answer.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `**${medium.length} customers** are at medium risk.`,
      'No revenue of the last 12 months is at risk: the customers rated high or lost bought nothing in that year, and medium risk puts no revenue at risk. The list, by what each bought in the last 12 months, then by what they bought before:',
    ]);
    // Each line says what the customer bought in the 12 calendar months to the analysis date
    // (it said "0.00 at risk" on every line), and the list is ranked by it, as the raw rows sum it.
    const asOf = result.asOf as string;
    const from = new Date(Date.UTC(Number(asOf.slice(0, 4)), Number(asOf.slice(5, 7)) - 12, 1)).toISOString().slice(0, 10);
    const ids = new Set(medium.map((c) => c.id));
    const last12 = grouped(
      (r) => ids.has(r.CustomerID) && r.InvoiceDate >= from && r.InvoiceDate <= asOf,
      (r) => r.CustomerID,
      revenue,
    );
    const names = new Map(medium.map((c) => [c.id, c.name]));
    const shown = lines.slice(2, 5);
    shown.forEach((line, i) => {
      const [id, bought] = last12[i];
      const figure = bought.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(line.startsWith(`${i + 1}. ${names.get(id)}: medium risk, `), line).toBe(true);
      expect(line.endsWith(`, ${figure} bought in the last 12 months`), line).toBe(true);
    });
  });
  // "How many customers are at medium risk?" answered 1,632, every customer of the file: the
  // rating was dropped. A count of the rated customers is the churn list's count.
  it.each([
    ['How many customers are at medium risk?', 'medium'],
    ['How many customers are medium risk?', 'medium'],
    ['How many customers are at high risk?', 'high'],
    ['How many customers are low risk?', 'low'],
  ] as const)('"%s" counts the customers rated so, not every customer', async (question, risk) => {
    const result = analyse(file.aggregates);
    const rated = (result.churn?.customers ?? []).filter((c) => c.risk === risk).length;
    const everyone = new Set(rows.map((r) => r.CustomerID)).size;
    const { answer } = await askOffline(question, result, file.snapshot);
    const listed = await askOffline(`${risk} risk customers`, result, file.snapshot);
    expect(answer).toBe(listed.answer);
    expect(answer).not.toContain(everyone.toLocaleString('en-US'));
    if (rated > 0) expect(answer.split('\n')[0]).toBe(`**${rated} customers** are at ${risk} risk.`);
  });
  // "At-risk customers" and "churn" were looked up as names and refused.
  it.each(['How many at-risk customers are there?', 'What is the revenue at risk from churn?'])(
    '"%s" is the churn list',
    async (question) => {
      const result = analyse(file.aggregates);
      const { answer } = await askOffline(question, result, file.snapshot);
      const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low').length;
      expect(answer.split('\n')[0]).toMatch(new RegExp(`^\\*\\*${flagged.toLocaleString('en-US')} customers\\*\\* are flagged: `));
      expect(answer).toBe((await askOffline('Which customers are at risk?', result, file.snapshot)).answer);
    },
  );
  // They got the customers' churn list, the answer to another question.
  it.each([
    [
      'Which products are at risk?',
      'Churn risk is rated per customer, not per product: I can list the customers at risk (“Which customers are at risk?”), or the products whose revenue fell (“Which products’ revenue went down last year?”).',
    ],
    [
      'Which products do at-risk customers buy?',
      'I can list the customers at risk (“Which customers are at risk?”), then what each of them bought, asked by name; not what they buy together in one step yet.',
    ],
  ])('"%s" is refused by name', async (question, reason) => {
    const { answer, trace: steps } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(steps).not.toContain('use:get_churn_risk');
    expect(answer).toContain(reason);
  });
  it('the example it offers, "Which products’ revenue went down last year?", lists the products whose 2024 revenue fell', async () => {
    const [y2024, y2023] = [
      new Map(grouped(inYear(2024), (r) => r.Description, revenue)),
      new Map(grouped(inYear(2023), (r) => r.Description, revenue)),
    ];
    // In cents: one product sold 14,928.33 in both years, which floating-point sums make unequal.
    const cents = (v: number | undefined) => Math.round((v ?? 0) * 100);
    const fell = [...new Set([...y2024.keys(), ...y2023.keys()])].filter((p) => cents(y2024.get(p)) < cents(y2023.get(p)));
    const answer = await answerWithQuery('Which products’ revenue went down last year?', file.snapshot, today);
    expect(answer.result?.totalRows).toBe(fell.length);
  });
  // A supposed loss of the biggest customers got the churn list, or last year's lapsed
  // customers: what losing them takes away is what they bring.
  it.each([
    ['What if we lost our top 10 customers?', 10],
    ['How much revenue would we lose if our biggest customer left?', 1],
    ['What if our five largest accounts churned?', 5],
  ] as const)('"%s" gives the top %i customers\' revenue and share of it', async (question, n) => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const top = grouped(
      () => true,
      (r) => r.CustomerName,
      revenue,
    ).slice(0, n);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(`top ${n} by share of revenue, by customer`);
    expect(answer.result?.rows.map((row) => row[0])).toEqual(top.map(([name]) => name));
    answer.result?.rows.forEach((row, i) => {
      expect(row[1] as number).toBeCloseTo((100 * top[i][1]) / all, 9);
      expect(row[2] as number).toBeCloseTo(top[i][1], 6);
    });
    expect(answer.text).toContain('What losing them would take away is what they bring: their revenue, and its share of all revenue.');
  });
  // "What if we lost the UK?" got the UK's churn list; losing a named value takes away its revenue.
  it.each([
    ['What if we lost the UK?', 'region = UK', (r: Row) => r.Region === 'UK'],
    ['What if Acme Supply, Inc. stopped supplying us?', 'supplier = Acme Supply, Inc.', (r: Row) => r.Supplier === 'Acme Supply, Inc.'],
  ])('"%s" gives its revenue and share of all revenue', async (question, filter, keep) => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const lost = rows.filter(keep).reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(`share of revenue, revenue, ${filter}`);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((100 * lost) / all, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(lost, 6);
    expect(answer.text).toContain('What losing it would take away is what it brings: its revenue, and the share of all revenue that is.');
  });
  // Each customer's own mix was ignored: they listed every buyer of Acme, or of Safety, by what each bought of it.
  it.each(['Which customers buy mostly from Acme Supply, Inc.?', 'Customers who mostly buy Safety products'])(
    '"%s" is refused by name',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(
        'I can list the customers of a supplier, product or category by what each bought of it, but not what share of each customer’s own purchases that is yet.',
      );
    },
  );
  // It counted all of 2024's customers: "once" without "only" was dropped.
  it('"How many customers ordered once in 2024?" counts those with one order in 2024', async () => {
    const orders = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => inYear(2024)(r) && !r.InvoiceNo.startsWith('C')))
      orders.set(r.CustomerID, (orders.get(r.CustomerID) ?? new Set()).add(r.InvoiceNo));
    const once = [...orders.values()].filter((ids) => ids.size === 1).length;
    expect(once).toBeLessThan(orders.size);
    await expectRows('How many customers ordered once in 2024?', once, 'customers with one order, 2024-01-01 … 2024-12-31');
  });
  // Both got the customer's profile, which names neither rep nor region.
  it.each([
    ['Which rep handles NAME?', 'sales rep', (r: Row) => r.SalesRep],
    ['Which region is NAME in?', 'region', (r: Row) => r.Region],
    ['What category is PRODUCT in?', 'category', (r: Row) => r.Category],
  ])('"%s" is that grouping\'s values for it, by revenue', async (phrasing, label, key) => {
    const [customer] = grouped(
      () => true,
      (r) => r.CustomerName,
      revenue,
    )[0];
    const [product] = grouped(
      () => true,
      (r) => r.Description,
      revenue,
    )[0];
    const named = phrasing.includes('NAME') ? customer : product;
    const keep = (r: Row) => (phrasing.includes('NAME') ? r.CustomerName : r.Description) === named;
    await expectRows(
      phrasing.replace('NAME', customer).replace('PRODUCT', product),
      grouped(keep, key, revenue),
      `revenue, by ${label}, ${phrasing.includes('NAME') ? 'customer' : 'product'} = ${named}`,
    );
  });
  // It got the cross-sell answer: when, not what.
  it('"When will <customer> order next?" is their profile, with how often they buy, not cross-sell', async () => {
    const result = analyse(file.aggregates);
    const [customer] = grouped(
      () => true,
      (r) => r.CustomerName,
      revenue,
    )[0];
    const { answer, trace } = await askOffline(`When will ${customer} order next?`, result, file.snapshot);
    expect(trace).not.toContain('use:get_cross_sell');
    expect(answer).toBe((await askOffline(`Tell me about ${customer}`, result, file.snapshot)).answer);
    expect(answer).toMatch(/days apart/);
  });
  // The first ranked regions by margin, lowest first (the opposite of "highest margin"); the second by revenue alone.
  it.each(['Which region has the lowest revenue but highest margin?', 'Which customers have the most orders but lowest spend?'])(
    '"%s" is refused: two figures ranked opposite ways',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(
        'I can rank by one figure at a time, not by two in opposite directions; ask for one ranking, and name the other figure to see it beside it.',
      );
    },
  );
  // It showed the one region at the bottom.
  it('"Revenue by region, lowest first" lists every region, the smallest first', async () => {
    const ascending = grouped(
      () => true,
      (r) => r.Region,
      revenue,
    ).reverse();
    await expectRows('Revenue by region, lowest first', ascending, 'revenue, by region, lowest first');
  });
  // It got every supplier's dependency; "Which customers are in AT?" was refused.
  it.each([
    [
      'Which suppliers supply Safety products?',
      'revenue, by supplier, category = Safety',
      (r: Row) => r.Category === 'Safety',
      (r: Row) => r.Supplier,
    ],
    ['Which customers are in AT?', 'revenue, by customer, region = AT', (r: Row) => r.Region === 'AT', (r: Row) => r.CustomerName],
  ])('"%s" lists them by revenue', async (question, understood, keep, key) => {
    await expectRows(question, grouped(keep, key, revenue).slice(0, 50), understood);
  });
  // They got the churn list, with no word of how it was made.
  it.each(['How did you calculate churn risk?', 'What does medium risk mean?', 'How is churn risk worked out?'])(
    '"%s" gives the rules each customer was rated by',
    async (question) => {
      const { answer, trace: steps } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(steps).toContain('use:get_churn_risk');
      expect(answer.split('\n')[0]).toBe(
        'Each customer is rated by the BG/NBD model (Fader, Hardie & Lee 2005), from their own orders up to the analysis date:',
      );
      for (const { risk, rule } of CHURN_RISK_RULES) expect(answer).toContain(`- **${risk}**: ${rule}.`);
      expect(answer).toContain(ONE_TIME_BUYER_RULE);
    },
  );
  // The first two got the top customers by revenue; the others the help list.
  it.each([
    ['Which customers are at the biggest risk?', 'Which customers are at risk?'],
    ['Which customers are the biggest risk?', 'Which customers are at risk?'],
    ['What are my biggest risks?', 'What are the next steps?'],
    ['What are the risks to our revenue?', 'What are the next steps?'],
    ['How is business?', 'Give me a summary'],
    ['What are the key insights?', 'Give me a summary'],
  ])('"%s" is answered as "%s" is', async (question, same) => {
    const result = analyse(file.aggregates);
    const { answer } = await askOffline(question, result, file.snapshot);
    expect(answer).toBe((await askOffline(same, result, file.snapshot)).answer);
    expect(answer).not.toContain('I can answer questions like these');
  });
  // It got Acme's profile, its products: who would be hurt are its customers, by what each buys from it.
  it('"Which customers would be hurt most if Acme Supply, Inc. failed?" lists Acme\'s customers by revenue', async () => {
    await expectRows(
      'Which customers would be hurt most if Acme Supply, Inc. failed?',
      grouped(
        (r) => r.Supplier === 'Acme Supply, Inc.',
        (r) => r.CustomerName,
        revenue,
      ).slice(0, 50),
      'revenue, by customer, supplier = Acme Supply, Inc.',
    );
  });
  // It was unmapped, and the supplier answer that took over gave no count.
  it('"How many suppliers do we use?" counts the suppliers with sales', async () => {
    const suppliers = new Set(rows.map((r) => r.Supplier)).size;
    const answer = await answerWithQuery('How many suppliers do we use?', file.snapshot, today);
    expect(answer.text).toContain(`**${suppliers} suppliers** in all`);
  });
  // The possessive after "Inc." lost the supplier: it gave every category's margin.
  it('"What is Acme Supply, Inc.\'s margin by category?" is Acme\'s', async () => {
    const acme = (r: Row) => r.Supplier === 'Acme Supply, Inc.';
    const sales = new Map(grouped(acme, (r) => r.Category, revenue));
    const margins = grouped(acme, (r) => r.Category, profit)
      .map(([category, p]): [string, number] => [category, (100 * p) / (sales.get(category) ?? NaN)])
      .sort((a, b) => b[1] - a[1]);
    await expectRows("What is Acme Supply, Inc.'s margin by category?", margins, 'margin %, by category, supplier = Acme Supply, Inc.');
    // One full stop after the name's own ("… Inc.." in the chat).
    const answer = await answerWithQuery("What is Acme Supply, Inc.'s margin by category?", file.snapshot, today);
    expect(answer.text.split('\n')[0]).toBe('I understood: **margin %, by category, supplier = Acme Supply, Inc.**');
  });
  // The first counted them, the second was refused: "which" asks for the customers.
  it.each(['Which new customers did we get in 2024?', 'Which customers are new in 2024?', 'List the new customers of 2024'])(
    '"%s" lists the customers whose first purchase was in 2024',
    async (question) => {
      const first = new Map<string, string>();
      for (const r of rows)
        if (!r.InvoiceNo.startsWith('C') && Number(r.Quantity) > 0 && (first.get(r.CustomerID) ?? '9999') > r.InvoiceDate)
          first.set(r.CustomerID, r.InvoiceDate);
      const won = [...first.values()].filter((day) => day.startsWith('2024-')).length;
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('new customers, by customer, customers with their first order, 2024-01-01 … 2024-12-31');
      expect(answer.result?.totalRows).toBe(won);
    },
  );
  // It got the whole file's revenue: "two years ago" was read nowhere.
  it('"What was revenue two years ago?" is 2023\'s revenue (the rows end on 3 January 2025)', async () => {
    await expectRows(
      'What was revenue two years ago?',
      rows.filter(inYear(2023)).reduce((sum, r) => sum + revenue(r), 0),
      'revenue, 2023-01-01 … 2023-12-31',
    );
  });
  // "Mostly" between the customers and the verb made them the grouping: it listed revenue by customer.
  it('"What do customers mostly buy?" ranks the products', async () => {
    await expectRows(
      'What do customers mostly buy?',
      grouped(
        () => true,
        (r) => r.Description,
        revenue,
      ).slice(0, 50),
      'revenue, by product',
    );
  });
  // It led with three products whose credit notes outweighed their sales (net revenue −5,264.42):
  // those are named apart, and the ranking is of what the products that sell earn.
  it('"Which products should we stop selling?" ranks the products with net sales by margin, and names the net-returned apart', async () => {
    const byProduct = new Map<string, { name: string; revenue: number; profit: number }>();
    for (const r of rows) {
      const p = byProduct.get(r.ProductCode) ?? { name: r.Description, revenue: 0, profit: 0 };
      p.revenue += revenue(r);
      p.profit += profit(r);
      byProduct.set(r.ProductCode, p);
    }
    const selling = [...byProduct.values()].filter((p) => p.revenue > 0).sort((a, b) => a.profit - b.profit);
    const netReturned = [...byProduct.values()].filter((p) => p.revenue <= 0);
    expect(netReturned.length).toBeGreaterThan(0);
    const { answer } = await askOffline('Which products should we stop selling?', analyse(file.aggregates), file.snapshot);
    const listed = answer.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(listed).toHaveLength(10);
    listed.forEach((line, i) => expect(line.startsWith(`${i + 1}. ${selling[i].name}: `), line).toBe(true));
    const leftOut = answer.split('\n').find((line) => line.startsWith('Left out: ')) ?? '';
    expect(leftOut).toContain('whose returns outweigh their sales (net revenue 0 or below)');
    if (netReturned.length > 5) expect(leftOut).toContain(` and ${netReturned.length - 5} more,`);
    else for (const p of netReturned) expect(leftOut).toContain(p.name);
  });
  // A threshold's scale ("100k", "1 million") is part of its number: "more than 4 million" once kept revenue > 4.
  it('"customers who spent over 100k in 2024" keeps those above 100,000', async () => {
    const above = grouped(inYear(2024), (r) => r.CustomerName, revenue).filter(([, v]) => v > 100_000);
    expect(above.length).toBeGreaterThan(0);
    const answer = await answerWithQuery('customers who spent over 100k in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by customer, revenue > 100,000, 2024-01-01 … 2024-12-31');
    expect(answer.result?.totalRows).toBe(above.length);
    const together = above
      .reduce((sum, [, v]) => sum + v, 0)
      .toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer.text).toContain(`**${above.length} customers** with revenue > 100,000; together: revenue ${together}.`);
  });
  it('"Which reps sold more than 1 million in 2024?" keeps the reps above 1,000,000', async () => {
    const above = grouped(inYear(2024), (r) => r.SalesRep, revenue).filter(([, v]) => v > 1_000_000);
    const answer = await answerWithQuery('Which reps sold more than 1 million in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by sales rep, revenue > 1,000,000, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows.map((row) => row[0])).toEqual(above.map(([rep]) => rep));
  });
  // With no grouping asked, the rows are those of the plural noun the question names (both were refused).
  it('"suppliers with more than 100 customers" counts each supplier\'s distinct customers', async () => {
    const customers = new Map<string, Set<string>>();
    for (const r of rows) customers.set(r.Supplier, (customers.get(r.Supplier) ?? new Set()).add(r.CustomerID));
    const above = [...customers].filter(([, ids]) => ids.size > 100);
    expect(above.length).toBeGreaterThan(0);
    const answer = await answerWithQuery('suppliers with more than 100 customers', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by supplier, customers > 100');
    expect(answer.result?.totalRows).toBe(above.length);
  });
  it('"months with revenue over 1 million" keeps the months above it', async () => {
    const above = grouped(
      () => true,
      (r) => r.InvoiceDate.slice(0, 7),
      revenue,
    ).filter(([, v]) => v > 1_000_000);
    expect(above.length).toBeGreaterThan(0);
    const answer = await answerWithQuery('months with revenue over 1 million', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by month, revenue > 1,000,000');
    expect(answer.result?.rows.map((row) => row[0])).toEqual(above.map(([month]) => month));
  });
  // Churn risk with a threshold: it listed every flagged customer.
  it('"How many customers at risk spent more than 100k?" is refused by name', async () => {
    const { answer, trace: steps } = await askOffline(
      'How many customers at risk spent more than 100k?',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(steps).not.toContain('use:get_churn_risk');
    expect(answer).toContain("I can't apply “more than 100k” to churn risk or the segments yet");
  });
  // A count the query has no figure for: it kept revenue > 5.
  it('"How many customers bought from more than 5 suppliers?" is refused by name', async () => {
    const answer = await answerWithQuery('How many customers bought from more than 5 suppliers?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      "I can't apply “more than 5 suppliers” yet: I can keep customers, products or other rows by their revenue, profit, margin, orders, units or customers, not by that count.",
    );
  });
  // A named rep's top customer is on their scorecard (it ranked every rep by their top customer's share).
  it('"Who is Rep 7\'s biggest customer?" answers with Rep 7\'s scorecard and its largest customer', async () => {
    const [[largest]] = grouped(
      (r) => r.SalesRep === 'Rep 7',
      (r) => r.CustomerName,
      revenue,
    );
    const { answer } = await askOffline("Who is Rep 7's biggest customer?", analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith("I understood: **Rep 7's scorecard")).toBe(true);
    expect(answer).toContain(`Largest customer: ${largest},`);
  });
  // The customers of one supplier, not the supplier's summary.
  it('"Which customers buy from Supplier 13?"', () =>
    expectRows(
      'Which customers buy from Supplier 13?',
      grouped(
        (r) => r.Supplier === 'Supplier 13',
        (r) => r.CustomerName,
        revenue,
      ).slice(0, 50),
      'revenue, orders, by customer, orders > 0, supplier = Supplier 13',
    ));
  it('"revenue by sales rep"', () =>
    expectRows(
      'revenue by sales rep',
      grouped(
        () => true,
        (r) => r.SalesRep,
        revenue,
      ),
      'revenue, by sales rep',
    ));
  it('"top 5 suppliers by turnover"', () =>
    expectRows(
      'top 5 suppliers by turnover',
      grouped(
        () => true,
        (r) => r.Supplier,
        revenue,
      ).slice(0, 5),
      'top 5 by revenue, by supplier',
    ));
  it('"gross profit per category"', () =>
    expectRows(
      'gross profit per category',
      grouped(
        () => true,
        (r) => r.Category,
        profit,
      ),
      'gross profit, by category',
    ));
  it('"sales in the DE-South region this year"', async () => {
    const y = today.getUTCFullYear();
    const sum = rows.filter((r) => r.Region === 'DE-South' && inYear(y)(r)).reduce((s, r) => s + revenue(r), 0);
    await expectRows(
      'sales in the DE-South region this year',
      sum,
      `revenue, region = DE-South, ${y}-01-01 … ${today.toISOString().slice(0, 10)}`,
    );
  });
  it('"how much did Rep 7 sell last year"', async () => {
    const y = today.getUTCFullYear() - 1;
    const sum = rows.filter((r) => r.SalesRep === 'Rep 7' && inYear(y)(r)).reduce((s, r) => s + revenue(r), 0);
    await expectRows('how much did Rep 7 sell last year', sum, `revenue, sales rep = Rep 7, ${y}-01-01 … ${y}-12-31`);
  });
  it('"revenue by region for Hydraulics"', () =>
    expectRows(
      'revenue by region for Hydraulics',
      grouped(
        (r) => r.Category === 'Hydraulics',
        (r) => r.Region,
        revenue,
      ),
      'revenue, by region, category = Hydraulics',
    ));
  it('"bottom 3 reps by sales"', () =>
    expectRows(
      'bottom 3 reps by sales',
      grouped(
        () => true,
        (r) => r.SalesRep,
        revenue,
      )
        .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
        .slice(0, 3),
      'bottom 3 by revenue, by sales rep',
    ));
  it('"units by category"', () =>
    expectRows(
      'units by category',
      grouped(
        () => true,
        (r) => r.Category,
        (r) => Number(r.Quantity),
      ),
      'units, by category',
    ));

  // It was refused with the reason for segments and churn ("spending" was no revenue word).
  // Only the customers whose spend fell are listed.
  it('"Which customers reduced their spending in 2024?" ranks the falls from 2023, largest first', async () => {
    const y2024 = new Map(grouped(inYear(2024), (r) => r.CustomerName, revenue));
    const y2023 = new Map(grouped(inYear(2023), (r) => r.CustomerName, revenue));
    const changes = [...new Set([...y2024.keys(), ...y2023.keys()])]
      .map((c): [string, number] => [c, (y2024.get(c) ?? 0) - (y2023.get(c) ?? 0)])
      .sort((a, b) => a[1] - b[1]);
    const answer = await answerWithQuery('Which customers reduced their spending in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe(
      'revenue, sorted by change, by customer, revenue down, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    );
    expect(answer.result?.totalRows).toBe(changes.filter(([, change]) => change < 0).length);
    const first = answer.result?.rows[0] ?? [];
    expect(first[0]).toBe(changes[0][0]);
    expect(first[3] as number).toBeCloseTo(changes[0][1], 6);
  });

  // "Did stop buying" got the help list; "had no orders" counted the customers with one; "have
  // we not sold to" listed the year's buyers.
  it.each([
    'Which customers did stop buying in 2024?',
    'How many customers had no orders in 2024?',
    'Which customers have we not sold to in 2024?',
  ])('"%s" counts 2023\'s buyers absent in 2024', async (question) => {
    const before = new Set(rows.filter((r) => inYear(2023)(r) && revenue(r) > 0).map((r) => r.CustomerID));
    const after = new Set(rows.filter((r) => inYear(2024)(r) && revenue(r) > 0).map((r) => r.CustomerID));
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31');
    expect(answer.result?.totalRows).toBe([...before].filter((c) => !after.has(c)).length);
  });

  it('"Which reps are underperforming?" ranks the reps from the least revenue (it ranked from the most)', async () => {
    const [weakest] = grouped(
      () => true,
      (r) => r.SalesRep,
      revenue,
    ).sort((a, b) => a[1] - b[1]);
    const { answer } = await askOffline('Which reps are underperforming?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('sales reps ranked by revenue, least first');
    expect(
      answer
        .split('\n')
        .find((line) => line.startsWith('1. '))
        ?.startsWith(`1. ${weakest[0]}: `),
    ).toBe(true);
  });
});

describe('counts asked as "how many"', () => {
  // It got all revenue: "sales" read as the measure, "reps" dropped.
  it('"How many sales reps?" counts the reps, first', async () => {
    const reps = new Set(rows.map((r) => r.SalesRep)).size;
    const answer = await answerWithQuery('How many sales reps?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, orders, by sales rep, orders > 0');
    expect(answer.text.split('\n\n')[1]).toBe(`**${reps} sales reps** in all.`);
  });

  // It got 2024's revenue.
  it('"How many sales did we make in 2024?" counts 2024\'s orders', async () => {
    const orders = new Set(rows.filter((r) => r.InvoiceDate.startsWith('2024') && revenue(r) > 0).map((r) => r.InvoiceNo)).size;
    const answer = await answerWithQuery('How many sales did we make in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe('orders, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows).toEqual([[orders]]);
  });

  it('"How many categories does Supplier 13 supply?" counts its categories', async () => {
    const categories = new Set(rows.filter((r) => r.Supplier === 'Supplier 13').map((r) => r.Category)).size;
    const answer = await answerWithQuery('How many categories does Supplier 13 supply?', file.snapshot, today);
    expect(answer.result?.totalRows).toBe(categories);
  });
});

describe('first-time buyers are new customers, with their rules', () => {
  it('"Revenue from first-time buyers in 2024" is the revenue of 2024\'s new customers (it was all of 2024\'s)', async () => {
    const first = new Map<string, string>();
    for (const r of rows) if (revenue(r) > 0 && (first.get(r.CustomerID) ?? '9999') > r.InvoiceDate) first.set(r.CustomerID, r.InvoiceDate);
    const newIn2024 = new Set([...first].filter(([, day]) => day.startsWith('2024')).map(([c]) => c));
    const expected = rows
      .filter((r) => r.InvoiceDate.startsWith('2024') && newIn2024.has(r.CustomerID))
      .reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery('Revenue from first-time buyers in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue from new customers, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });

  it.each([
    // It got the count of new customers beside all of 2024's revenue.
    [
      'Top 10 first-time buyers by revenue in 2024',
      'I can count new customers and add up their revenue in a period, but not rank them one by one yet',
    ],
    [
      'Which new customers spent the most in 2024?',
      'I can count new customers and add up their revenue in a period, but not rank them one by one yet',
    ],
    // It listed every Safety buyer of 2024.
    [
      'Customers who bought Safety for the first time in 2024',
      'but not the first time a customer bought one product, category or supplier yet',
    ],
    // It got all revenue.
    ['How many sales managers?', "I couldn't tell what “how many sales managers” counts in this file"],
  ])('"%s" is refused', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  it('"How many sales people?" counts the reps (it got all revenue)', async () => {
    const answer = await answerWithQuery('How many sales people?', file.snapshot, today);
    expect(answer.text.split('\n\n')[1]).toBe(`**${new Set(rows.map((r) => r.SalesRep)).size} salespeople** in all.`);
  });
});

// It counted the orders with a credit note: "credit notes" made it a count whatever was asked.
// "How much was credited back in 2024?" got 2024's revenue.
it.each([
  'Value of credit notes in 2024',
  'What was the value of cancellations in 2024?',
  'How much was credited back in 2024?',
  'What was the value of credit memos in 2024?',
])('"%s" is the value of 2024\'s credit notes', async (question) => {
  const value = rows.filter((r) => r.InvoiceDate.startsWith('2024') && revenue(r) < 0).reduce((sum, r) => sum - revenue(r), 0);
  const answer = await answerWithQuery(question, file.snapshot, today);
  expect(answer.result?.understood).toBe('returns, 2024-01-01 … 2024-12-31');
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(value, 6);
});

// "Were issued" was looked up as a name ("I couldn't find “credit notes” …").
it.each(['How many credit notes were issued in 2024?', 'How many returns were processed in 2024?'])(
  '"%s" counts 2024\'s credit notes',
  async (question) => {
    const creditNotes = new Set(rows.filter((r) => r.InvoiceDate.startsWith('2024') && revenue(r) < 0).map((r) => r.InvoiceNo));
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('orders with a return, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0]).toBe(creditNotes.size);
  },
);

// Both got the value of all returns: the average was dropped.
it.each(['What is the average credit note value?', 'What is the average return?'])('"%s" is refused by name', async (question) => {
  const answer = await answerWithQuery(question, file.snapshot, today);
  expect(answer.result).toBeNull();
  expect(answer.text).toContain(
    'I can give the value of returns and the number of orders with one, not their average yet; ask for both (“returns and orders with a return”) and divide.',
  );
});

// The refusal's own example kept the count alone.
it('"returns and orders with a return in 2024" gives both', async () => {
  const credited = rows.filter((r) => r.InvoiceDate.startsWith('2024') && revenue(r) < 0);
  const answer = await answerWithQuery('returns and orders with a return in 2024', file.snapshot, today);
  expect(answer.result?.understood).toBe('returns, orders with a return, 2024-01-01 … 2024-12-31');
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(
    credited.reduce((sum, r) => sum - revenue(r), 0),
    6,
  );
  expect(answer.result?.rows[0][1]).toBe(new Set(credited.map((r) => r.InvoiceNo)).size);
});

// It listed two products whose 2023 sales and credit notes cancelled out (a margin of 150%
// over 4.5e-13 of revenue), then 48 unchanged margins as "-0.0%".
it('"Which products had the biggest margin drop in 2024?" lists only margins that fell, over revenue of a cent or more', async () => {
  const marginsIn = (year: number) => {
    const sums = new Map<string, { revenue: number; profit: number }>();
    for (const r of rows.filter(inYear(year))) {
      const s = sums.get(r.Description) ?? { revenue: 0, profit: 0 };
      s.revenue += revenue(r);
      s.profit += profit(r);
      sums.set(r.Description, s);
    }
    return sums;
  };
  const [y2024, y2023] = [marginsIn(2024), marginsIn(2023)];
  const cancelledOut = [...y2023].filter(([, s]) => Math.abs(s.revenue) < 0.005 && s.revenue !== 0);
  expect(cancelledOut.length).toBeGreaterThan(0);
  const fell = [...y2024]
    .filter(([product, s]) => {
      const before = y2023.get(product);
      if (!before || Math.abs(before.revenue) < 0.005 || Math.abs(s.revenue) < 0.005) return false;
      return (s.profit / s.revenue - before.profit / before.revenue) * 100 < -1e-6;
    })
    .map(([product]) => product);
  const answer = await answerWithQuery('Which products had the biggest margin drop in 2024?', file.snapshot, today);
  expect(answer.result?.understood).toBe(
    'margin %, sorted by change, by product, margin % down, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
  );
  expect(answer.result?.rows.map((row) => row[0]).sort()).toEqual(fell.sort());
  expect(answer.text).not.toContain('-0.0%');
});

// It was refused as a question about another answer ("I can't look up our top supplier …").
it('"What share of revenue comes from our top supplier?" is the largest supplier\'s share of all revenue', async () => {
  const [[largest, revenueOfLargest]] = grouped(
    () => true,
    (r) => r.Supplier,
    revenue,
  );
  const total = rows.reduce((sum, r) => sum + revenue(r), 0);
  const answer = await answerWithQuery('What share of revenue comes from our top supplier?', file.snapshot, today);
  expect(answer.result?.understood).toBe('top 1 by share of revenue, by supplier');
  expect(answer.result?.rows[0][0]).toBe(largest);
  expect(answer.result?.rows[0][1] as number).toBeCloseTo((revenueOfLargest / total) * 100, 6);
});

// Both got Rep's scorecard, which names one largest customer and no list.
describe("a rep's customers in chat", () => {
  it('"Who are Rep 3\'s top customers?" ranks the customers on Rep 3\'s rows by revenue', async () => {
    const [first] = grouped(
      (r) => r.SalesRep === 'Rep 3',
      (r) => r.CustomerName,
      revenue,
    );
    const { answer, trace } = await askOffline("Who are Rep 3's top customers?", analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:query_data');
    expect(answer.startsWith('I understood: **revenue, by customer, sales rep = Rep 3**.')).toBe(true);
    expect(answer.split('\n')[4].startsWith(`| ${first[0]} |`)).toBe(true);
  });

  // The review of this session: this lost the scorecard that answers it. ("What customers does
  // Rep 7 have?" was here too; it asks for the list, below.)
  // "Which customers did Rep 3 lose?" now lists them (lost customers of a rep, below).
  it.each(['Is Rep 3 losing customers?'])('"%s" is on the rep\'s scorecard', async (question) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_rep_scorecards');
    expect(answer).toMatch(/^I understood: \*\*Rep \d+'s scorecard over the whole file/);
  });

  // A rep's customers listed got the rep's scorecard, the rep's total, or the help list.
  const rep = () =>
    grouped(
      () => true,
      (r) => r.SalesRep,
      revenue,
    )[0][0];
  it.each([
    'Which customers does REP have?',
    "REP's customers",
    "List REP's accounts",
    'Which accounts does REP handle?',
    'Which customers does REP manage?',
    'What customers does REP have?',
  ])('"%s" lists them by revenue', async (phrasing) => {
    const name = rep();
    const expected = grouped(
      (r) => r.SalesRep === name,
      (r) => r.CustomerName,
      revenue,
    ).slice(0, 50);
    const { answer } = await askOffline(phrasing.replace('REP', name), analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe(`I understood: **revenue, by customer, sales rep = ${name}**.`);
    const listed = answer.split('\n').filter((line) => /^\| (?!customer \||---)/.test(line));
    expect(listed.length).toBe(expected.length);
    listed.forEach((line, i) => expect(line.startsWith(`| ${expected[i][0].replace(/&/g, '&amp;')} |`), line).toBe(true));
  });

  it('"How many customers does REP have?" stays the scorecard\'s count', async () => {
    const name = rep();
    const served = new Set(rows.filter((r) => r.SalesRep === name).map((r) => r.CustomerID)).size;
    const { answer } = await askOffline(`How many customers does ${name} have?`, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`I understood: **${name}'s scorecard`);
    expect(answer).toContain(`${served} customers served`);
  });

  it('"Which customers should Rep 12 call?" is the churn list of the customers with a row of Rep 12', async () => {
    const result = analyse(file.aggregates);
    const ofRep = new Set(rows.filter((r) => r.SalesRep === 'Rep 12').map((r) => r.CustomerID));
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && ofRep.has(c.id));
    const { answer, trace } = await askOffline('Which customers should Rep 12 call?', result, file.snapshot);
    expect(trace).toContain('use:get_churn_risk');
    expect(answer.split('\n')[0]).toBe(
      `Customers with rows where sales rep = Rep 12 at lost, high or medium risk (${flagged.length} customers); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`,
    );
  });
});

// "Dupont S.A. 1252: medium risk, 321 days since the last order … the purchase model rates them
// 100.0% likely still active": with one purchase day the model has nothing to judge (its P(alive)
// is 1 whatever the silence), and the wait is for a second order.
it('a customer with one purchase day is waiting on a second order, with no P(alive) quoted', async () => {
  const result = analyse(file.aggregates);
  const days = new Map<string, Set<string>>();
  for (const r of rows) if (revenue(r) > 0) days.set(r.CustomerID, (days.get(r.CustomerID) ?? new Set()).add(r.InvoiceDate));
  const once = (result.churn?.customers ?? []).find((c) => c.risk === 'medium' && days.get(c.id)?.size === 1);
  if (!once) throw new Error('the generated file has a medium-risk customer with one purchase day');
  const { answer } = await askOffline(`How is ${once.name} doing?`, result, file.snapshot);
  expect(answer).toContain(`Churn risk: medium risk, ${once.daysSinceLastOrder} days since their only order,`);
  expect(answer).not.toContain('likely still active');
});

// "Where are we losing money?" listed products with a gross profit below 0 at margins of 15.7% to
// 43.9%, and said nothing of why: more was credited back than sold of each.
it('a loss from net returns is told apart from sales below cost', async () => {
  const byProduct = new Map<string, { revenue: number; profit: number }>();
  for (const r of rows) {
    const p = byProduct.get(r.ProductCode) ?? { revenue: 0, profit: 0 };
    byProduct.set(r.ProductCode, { revenue: p.revenue + revenue(r), profit: p.profit + profit(r) });
  }
  const losses = [...byProduct.values()].filter((p) => p.profit < -1e-9);
  const returned = losses.filter((p) => p.revenue < 0).length;
  expect(returned).toBeGreaterThan(0);
  const answer = await answerWithQuery('Where are we losing money?', file.snapshot, today);
  expect(answer.result?.understood).toBe('gross profit, margin %, by product, gross profit < 0');
  expect(answer.result?.totalRows).toBe(losses.length);
  const nouns = 'products';
  expect(answer.text).toContain(
    returned === losses.length
      ? `All ${returned} have net returns (revenue below 0): more was credited back than sold in these rows, so the loss is the returns', not sales below cost.`
      : `${returned} of these ${nouns} ${returned === 1 ? 'has' : 'have'} net returns (revenue below 0): more was credited back than sold in these rows, so the loss is the returns', not sales below cost.`,
  );
});

// The region codes of two letters were never read: "Which customers in CH are at risk?" got
// every region's 1,186 flagged customers; "Which customers should we call in CH?" too.
/** Each customer's region, as the job hands it to chat. */
function customerRegions(): Record<string, string | null> {
  const regionOf: Record<string, string | null> = {};
  const { ids, regions } = file.aggregates.customers;
  for (let i = 0; i < ids.length; i++) regionOf[ids[i]] = regions[i];
  return regionOf;
}

describe('churn risk in a region of two letters', () => {
  // A second review: capitals read "AT" as Austria, "NOT in CH" got CH's list, "BE or NL" BE's.
  // "NOT in CH" was refused then; "not in" now leaves values out as "outside" does.
  it('"Which customers at risk are NOT in CH?" is the list "outside CH" gives, not CH\'s', async () => {
    const regionOf = customerRegions();
    const result = analyse(file.aggregates);
    const notIn = await askOffline('Which customers at risk are NOT in CH?', result, file.snapshot, regionOf);
    const outside = await askOffline('Which customers outside CH are at risk?', result, file.snapshot, regionOf);
    expect(notIn.answer).toBe(outside.answer);
    expect(notIn.answer.split('\n')[0]).toMatch(/^Customers with rows where region ≠ CH at lost, high or medium risk/);
  });

  it.each([['Which customers in BE or NL are at risk?', 'to one region at a time; ask for BE and NL one by one.']])(
    '"%s" is refused, with no list',
    async (question, reason) => {
      const regionOf = customerRegions();
      const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot, regionOf);
      expect(answer).toContain(reason);
      expect(answer).not.toContain('risk, by revenue at risk');
    },
  );

  it('"WHICH CUSTOMERS ARE AT RISK?" in capitals is every region\'s list, not Austria\'s', async () => {
    const regionOf = customerRegions();
    const result = analyse(file.aggregates);
    const shouted = await askOffline('WHICH CUSTOMERS ARE AT RISK?', result, file.snapshot, regionOf);
    const plain = await askOffline('Which customers are at risk?', result, file.snapshot, regionOf);
    expect(shouted.answer).toBe(plain.answer);
  });

  // A country named in full, or by its adjective, got every region's list ("Which Austrian
  // customers are at risk?"), or all of them for Germany, which the file splits in two.
  it.each([
    ['Which customers in Germany are at risk?', 'DE-North and DE-South'],
    ['Which German customers are at risk?', 'DE-North and DE-South'],
    ['Who are our newest customers in Germany?', 'DE-North and DE-South'],
  ])('"%s" is refused: Germany is %s here', async (question, regions) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot, customerRegions());
    expect(answer).toBe(`I can narrow churn risk and customer rankings to one region at a time; ask for ${regions} one by one.`);
  });

  it('"Who are our 3 newest Swiss customers?" ranks CH\'s customers by their first order (it ranked everyone by revenue)', async () => {
    const first = new Map<string, string>();
    for (const r of rows) {
      const seen = first.get(r.CustomerName);
      if (r.Region === 'CH' && revenue(r) > 0 && (seen === undefined || r.InvoiceDate < seen)) first.set(r.CustomerName, r.InvoiceDate);
    }
    const newest = [...first].sort((a, b) => b[1].localeCompare(a[1]));
    expect(newest[2][1] > newest[3][1]).toBe(true);
    const { answer } = await askOffline(
      'Who are our 3 newest Swiss customers?',
      analyse(file.aggregates),
      file.snapshot,
      customerRegions(),
    );
    const lines = answer.split('\n');
    expect(lines[0]).toBe('Newest 3 customers in CH, by their first order:');
    expect(lines.slice(1, 4).map((line) => /^\d\. (.+): first order (\S+),/.exec(line)?.slice(1, 3))).toEqual(newest.slice(0, 3));
  });

  it.each([
    ['Which customers in CH are at risk?', 'CH'],
    ['which customers should we call in ch?', 'CH'],
    ['Which customers in AT are at risk?', 'AT'],
    ['Which Austrian customers are at risk?', 'AT'],
    ['Which customers in France are at risk?', 'FR-Est'],
    ['Which British customers are at risk?', 'UK'],
  ])('"%s" narrows the churn list to the customers of %s', async (question, region) => {
    const result = analyse(file.aggregates);
    const regionOf = customerRegions();
    const inRegion = new Set(rows.filter((r) => r.Region === region).map((r) => r.CustomerID));
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && regionOf[c.id] === region);
    expect(flagged.every((c) => inRegion.has(c.id))).toBe(true);
    const { answer } = await askOffline(question, result, file.snapshot, regionOf);
    expect(answer.split('\n')[0]).toBe(
      `Customers in ${region} at lost, high or medium risk (${flagged.length} customers); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`,
    );
  });
  // A rating named as "medium-risk" read AT as a value of the rows, not the customers' region.
  it.each([
    ['Which medium-risk customers are in AT?', 'medium'],
    ['Low risk customers in AT', 'low'],
  ] as const)('"%s" narrows the %s-risk list to the customers of AT', async (question, risk) => {
    const result = analyse(file.aggregates);
    const regionOf = customerRegions();
    const rated = (result.churn?.customers ?? []).filter((c) => c.risk === risk && regionOf[c.id] === 'AT');
    expect(rated.length).toBeGreaterThan(0);
    const { answer } = await askOffline(question, result, file.snapshot, regionOf);
    expect(answer.split('\n')[0]).toMatch(new RegExp(`^Customers in AT at ${risk} risk \\(${rated.length} customers\\)`));
  });
});

// "DE-North" (a hyphen) broke "spent less … than": it compared the totals of customers and revenue.
it('"How many customers spent less in DE-North in 2024 than in 2023?" counts the DE-North customers whose spend fell', async () => {
  const spend = (year: number) =>
    new Map(
      grouped(
        (r) => inYear(year)(r) && r.Region === 'DE-North',
        (r) => r.CustomerName,
        revenue,
      ),
    );
  const [y2024, y2023] = [spend(2024), spend(2023)];
  const fell = [...new Set([...y2024.keys(), ...y2023.keys()])].filter((c) => (y2024.get(c) ?? 0) < (y2023.get(c) ?? 0) - 1e-9);
  const answer = await answerWithQuery('How many customers spent less in DE-North in 2024 than in 2023?', file.snapshot, today);
  expect(answer.result?.understood).toBe(
    'revenue, sorted by change, by customer, revenue down, region = DE-North, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
  );
  expect(answer.result?.totalRows).toBe(fell.length);
});

// "On Average" was read as no word of the question: it got all revenue.
it('"How much did customers spend on average in 2024?" is the revenue per customer; one customer\'s is refused', async () => {
  // Net revenue over the customers who bought: a customer with only a credit note in 2024 bought nothing then.
  const buyers = new Set(rows.filter((r) => inYear(2024)(r) && bought(r)).map((r) => r.CustomerID));
  const total = rows.filter(inYear(2024)).reduce((sum, r) => sum + revenue(r), 0);
  const answer = await answerWithQuery('How much did customers spend on average in 2024?', file.snapshot, today);
  expect(answer.result?.understood).toBe('revenue per customer, 2024-01-01 … 2024-12-31');
  expect(answer.result?.rows[0][0] as number).toBeCloseTo(total / buyers.size, 6);
  const one = await answerWithQuery('How much did Rossi Ltd 774 spend on average?', file.snapshot, today);
  expect(one.result).toBeNull();
  expect(one.text).toContain('I can give the revenue per customer');
});

// "Which customers should my sales team call this week?" got the week's revenue by customer:
// "sales" in "sales team" was read as the figure and "this week" as its period.
describe('whom to call is the churn list, whatever period or team the question names', () => {
  it.each([
    'Which customers should my sales team call this week?',
    'Which customers should we focus on this month?',
    'Who should my reps visit this week?',
    'Which accounts need to be contacted?',
  ])('"%s" gets the churn list, not a figure', async (question) => {
    const result = analyse(file.aggregates);
    const churn = await askOffline('Which customers are at risk?', result, file.snapshot);
    const { answer, trace } = await askOffline(question, result, file.snapshot);
    expect(trace).toContain('use:get_churn_risk');
    expect(trace).not.toContain('use:query_data');
    expect(answer).toBe(churn.answer);
  });

  it('"Which customers in DE-North should we call this week?" narrows it to the region, as "… are at risk?" does', async () => {
    const result = analyse(file.aggregates);
    const regionOf = customerRegions();
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && regionOf[c.id] === 'DE-North');
    const { answer } = await askOffline('Which customers in DE-North should we call this week?', result, file.snapshot, regionOf);
    expect(answer.split('\n')[0]).toBe(
      `Customers in DE-North at lost, high or medium risk (${flagged.length} customers); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`,
    );
  });

  it('"Which products should we focus on?" is no call list', async () => {
    const { trace } = await askOffline('Which products should we focus on?', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:get_churn_risk');
  });
});

// "How much revenue did we lose from customers who stopped buying?" got the churn list, which
// puts no revenue at risk once customers are gone; the list of lapsed buyers had no sum either.
it('"How much revenue did we lose from customers who stopped buying?" sums what the buyers of the year before the last 12 months bought then', async () => {
  const [from, to, silentFrom] = ['2023-02-01', '2024-01-31', '2024-02-01'];
  const inA = (r: Row) => r.InvoiceDate >= from && r.InvoiceDate <= to;
  const buyersA = new Set(rows.filter((r) => inA(r) && Number(r.Quantity) > 0).map((r) => r.CustomerID));
  const buyersB = new Set(rows.filter((r) => r.InvoiceDate >= silentFrom && Number(r.Quantity) > 0).map((r) => r.CustomerID));
  const lost = [...buyersA].filter((c) => !buyersB.has(c));
  const gone = rows.filter((r) => inA(r) && lost.includes(r.CustomerID)).reduce((sum, r) => sum + revenue(r), 0);
  const all = rows.filter(inA).reduce((sum, r) => sum + revenue(r), 0);
  const answer = await answerWithQuery('How much revenue did we lose from customers who stopped buying?', file.snapshot, today);
  expect(answer.result?.understood).toBe(`customers who bought, ${from} … ${to}, but not in ${silentFrom} … 2025-01-03`);
  expect(answer.result?.totalRows).toBe(lost.length);
  expect(answer.result?.lapsedShare?.revenue).toBeCloseTo(gone, 6);
  expect(answer.result?.lapsedShare?.periodRevenue).toBeCloseTo(all, 6);
  const twoDecimals = gone.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  expect(answer.text).toContain(`Together they bought ${twoDecimals} then, ${((gone / all) * 100).toFixed(1)}% of that period's revenue.`);
  // The same periods as the churn rate's.
  const rate = await answerWithQuery("What's our churn rate?", file.snapshot, today);
  expect(rate.result?.understood).toBe(answer.result?.understood);
});

// "Which customers are declining?" asked for two periods; the file ends on 3 January 2025, so
// its last 12 full months are 2024, against 2023 (the summary's year-over-year growth).
it('"Which customers are declining?" lists the customers whose 2024 revenue fell below 2023\'s', async () => {
  const [y2024, y2023] = [
    new Map(grouped(inYear(2024), (r) => r.CustomerName, revenue)),
    new Map(grouped(inYear(2023), (r) => r.CustomerName, revenue)),
  ];
  const fell = [...new Set([...y2024.keys(), ...y2023.keys()])].filter((c) => (y2024.get(c) ?? 0) < (y2023.get(c) ?? 0) - 1e-9);
  const { answer, trace } = await askOffline('Which customers are declining?', analyse(file.aggregates), file.snapshot);
  expect(trace).toContain('use:query_data');
  expect(answer).toContain(
    'I understood: **revenue, sorted by change, by customer, revenue down, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31**.',
  );
  expect(answer).toContain(`**${fell.length} customers** with revenue down.`);
});

// These got the file's total revenue (or every customer's orders), a figure for another question.
describe('a grouping the file lacks is refused by name, not answered with the total', () => {
  it.each([
    ['Which sales channel performs best?', "I can't group by “sales channel”"],
    ['Which business units grew in 2024?', "I can't group by “business units”"],
    ['Which cost center spent the most?', "I can't group by “cost center”"],
    ['Which customers have open orders?', "I can't tell which orders are open, unpaid or overdue"],
  ])('"%s"', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });
});

// "Who is our best sales rep in 2024?" ranked customer × rep pairs: "who" is the rep named after
// it; "account manager" ranked them too, "account" read as a customer.
it.each(['Who is our best sales rep in 2024?', 'Who is our best sales person in 2024?', 'Which account manager sold the most in 2024?'])(
  '"%s" is the rep with the most 2024 revenue',
  async (question) => {
    const [[rep, best]] = grouped(inYear(2024), (r) => r.SalesRep, revenue);
    await expectRows(question, [[rep, best]], 'top 1 by revenue, by sales rep, 2024-01-01 … 2024-12-31');
  },
);

// The closing "?" cut "Supply?" off the name: "Acme" alone was refused as a word of a name.
it('"What share of revenue comes from Acme Supply?" is the share of the supplier Acme Supply, Inc.', async () => {
  const all = rows.reduce((sum, r) => sum + revenue(r), 0);
  const acme = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + revenue(r), 0);
  const answer = await answerWithQuery('What share of revenue comes from Acme Supply?', file.snapshot, today);
  expect(answer.result?.understood).toBe('share of revenue, revenue, supplier = Acme Supply, Inc.');
  expect(answer.result?.rows[0][0] as number).toBeCloseTo((acme / all) * 100, 6);
  expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
});

// "How many of our 2023 customers also bought in 2024?" got the cross-sell answer ("No products
// are bought together often enough…"), and "customers who bought in both" was refused: the
// customers of both periods are counted, with the share of the first period's buyers they are.
describe('customers kept from one period to another', () => {
  /** The customers who bought (a line with a positive quantity) in `keep`'s rows. */
  const buyers = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && Number(r.Quantity) > 0).map((r) => r.CustomerID));
  const revenueOfCustomers = (keep: (r: Row) => boolean, customers: Set<string>) =>
    rows.filter((r) => keep(r) && customers.has(r.CustomerID)).reduce((sum, r) => sum + revenue(r), 0);
  const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  function expectKept(answer: Awaited<ReturnType<typeof answerWithQuery>>, base: number, other: number): void {
    const [inBase, inOther] = [buyers(inYear(base)), buyers(inYear(other))];
    const kept = new Set([...inBase].filter((c) => inOther.has(c)));
    expect(answer.result?.understood).toBe(
      `customers who bought, ${base}-01-01 … ${base}-12-31, and also in ${other}-01-01 … ${other}-12-31`,
    );
    expect(answer.result?.totalRows).toBe(kept.size);
    expect(answer.result?.keptShare?.of).toBe(inBase.size);
    expect(answer.result?.keptShare?.percent).toBeCloseTo((kept.size / inBase.size) * 100, 10);
    const [spentThen, spentAfter] = [revenueOfCustomers(inYear(base), kept), revenueOfCustomers(inYear(other), kept)];
    expect(answer.result?.keptShare?.revenue).toBeCloseTo(spentThen, 6);
    expect(answer.result?.keptShare?.otherRevenue).toBeCloseTo(spentAfter, 6);
    expect(answer.text).toContain(
      `**${kept.size} customers** in all. That is ${((kept.size / inBase.size) * 100).toFixed(1)}% of the ${inBase.size} customers who bought in ${base}-01-01 … ${base}-12-31. ` +
        `Together they bought ${money(spentThen)} then and ${money(spentAfter)} in ${other}-01-01 … ${other}-12-31.`,
    );
    // Each row: the customer's revenue in the base period, then in the other, largest first.
    const first = answer.result?.rows[0] ?? [];
    const name = rows.find((r) => r.CustomerName === first[0])?.CustomerID ?? '';
    expect(kept.has(name)).toBe(true);
    expect(first[1] as number).toBeCloseTo(revenueOfCustomers(inYear(base), new Set([name])), 6);
    expect(first[2] as number).toBeCloseTo(revenueOfCustomers(inYear(other), new Set([name])), 6);
  }

  it.each([
    'How many of our 2023 customers also bought in 2024?',
    'What share of 2023 customers bought again in 2024?',
    'How many 2023 customers came back in 2024?',
    'Which 2023 customers are still buying in 2024?',
    'Customers who bought in both 2023 and 2024',
    'Which customers bought in 2023 and again in 2024?',
    'How many customers did we keep from 2023 to 2024?',
  ])('"%s" counts the buyers of 2023 who bought in 2024 too', async (question) => {
    expectKept(await answerWithQuery(question, file.snapshot, today), 2023, 2024);
  });

  it('"How many of our 2024 customers were also customers in 2023?" is a share of 2024\'s buyers, the customers the question is of', async () => {
    expectKept(await answerWithQuery('How many of our 2024 customers were also customers in 2023?', file.snapshot, today), 2024, 2023);
  });

  it('"Top 10 customers who bought in both 2023 and 2024" are the 10 of them who bought the most in 2023', async () => {
    const [in2023, in2024] = [buyers(inYear(2023)), buyers(inYear(2024))];
    const kept = new Set([...in2023].filter((c) => in2024.has(c)));
    const top = grouped(
      (r) => inYear(2023)(r) && kept.has(r.CustomerID),
      (r) => r.CustomerName,
      revenue,
    ).slice(0, 10);
    const answer = await answerWithQuery('Top 10 customers who bought in both 2023 and 2024', file.snapshot, today);
    expect(answer.result?.totalRows).toBe(kept.size);
    expect(answer.result?.rows.map((row) => row[0])).toEqual(top.map(([name]) => name));
    answer.result?.rows.forEach((row, i) => expect(row[1] as number).toBeCloseTo(top[i][1], 6));
    expect(answer.result?.note).toBe(`Showing 10 of ${kept.size} rows.`);
  });

  it('in chat, the question goes to query_data, not to the cross-sell answer', async () => {
    const { answer, trace } = await askOffline(
      'How many of our 2023 customers also bought in 2024?',
      analyse(file.aggregates),
      file.snapshot,
    );
    expect(trace).toContain('use:query_data');
    expect(answer).not.toContain('bought together');
  });

  it('three days of this year against all of last year: the count, and a note that the share kept reads low', async () => {
    const answer = await answerWithQuery("How many of last year's customers bought again this year?", file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, 2024-01-01 … 2024-12-31, and also in 2025-01-01 … 2025-01-03');
    const inJanuary = buyers((r) => r.InvoiceDate >= '2025-01-01');
    expect(answer.result?.totalRows).toBe([...buyers(inYear(2024))].filter((c) => inJanuary.has(c)).length);
    expect(answer.text).toContain(
      'They are looked for in 3 days of rows in 2025-01-01 … 2025-01-03, against 366 days in 2024-01-01 … 2024-12-31: few customers order in so short a span, so the share kept reads low.',
    );
  });

  it.each([
    [
      'Customers who bought in both 2023 and 2024 by region',
      'I can list the customers who bought in both periods, but not count them by region yet; ask for one value at a time, such as “customers in one region who bought in both 2023 and 2024”.',
    ],
    [
      'Bottom 5 customers who bought in both 2023 and 2024',
      'I can list the customers who bought in both periods largest first, by what they bought in the first; not the smallest first yet.',
    ],
    [
      'Which customers bought more than 5 times in both 2023 and 2024?',
      'I can list the customers who bought in both periods, or the customers past a threshold, but not both in one step yet; ask for each in turn.',
    ],
    // A figure past a threshold in both is refused as before, not answered as the customers of both.
    [
      'Customers who spent over 10,000 in both 2023 and 2024',
      "I can't apply “over 10,000” here: a threshold keeps the customers, products or other rows of a list",
    ],
    [
      'How many customers did we keep from 2023?',
      'I can list the customers who bought in both of two periods, with the share of the first period\'s buyers they are ("customers who bought in both 2024 and 2025"), or those who bought in one but not the other. The retention analysis gives the share still buying too ("What is our net revenue retention?").',
    ],
  ])('"%s" is refused: %s', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  it('"Which customers also bought Fittings?" is still the cross-sell answer: a product, not a period', async () => {
    const { trace } = await askOffline('Which customers also bought Fittings?', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:query_data');
  });
});

// "How much did Schmidt B.V. 1 buy in 2024?" was refused as "a word of their names (“B.V.”)":
// the name's dotted word was split into "b" and "v", so the one typed matched neither.
describe('customers whose names hold a dotted word ("B.V.", "S.A.")', () => {
  it.each(['Schmidt B.V. 1', 'Dupont S.A. 102'])('"How much did %s buy in 2024?" is that customer\'s 2024 revenue', async (name) => {
    await expectRows(
      `How much did ${name} buy in 2024?`,
      rows.filter((r) => inYear(2024)(r) && r.CustomerName === name).reduce((sum, r) => sum + revenue(r), 0),
      `revenue, customer = ${name}, 2024-01-01 … 2024-12-31`,
    );
  });

  it('"When did Berg B.V. 6 last buy?" gets the customer\'s last order', async () => {
    const last = rows
      .filter((r) => r.CustomerName === 'Berg B.V. 6' && Number(r.Quantity) > 0)
      .map((r) => r.InvoiceDate)
      .sort()
      .at(-1);
    const { answer } = await askOffline('When did Berg B.V. 6 last buy?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`last order ${last}`);
  });

  it('"B.V." alone is still a word of many names, refused', async () => {
    const answer = await answerWithQuery('How much did B.V. customers buy?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't pick out customers by a word of their names (“B.V.”) yet");
  });
});

// "Which customers buy Hydraulics but not Bearings?" was refused as "bought one product but not
// another", and "Which Hydraulics customers don't buy Bearings?" got the help list: the customers
// of the rows named who never bought the values named after "not", "never" or "don't buy".
describe('customers who bought one value but never another', () => {
  const buyersOf = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && Number(r.Quantity) > 0).map((r) => r.CustomerID));
  const category = (name: string) => (r: Row) => r.Category === name;

  it.each([
    'Which customers buy Hydraulics but not Bearings?',
    'Customers who buy Hydraulics but never Bearings',
    "Which Hydraulics customers don't buy Bearings?",
    'Which Hydraulics customers never bought Bearings?',
  ])('"%s" are the Hydraulics buyers with no Bearings purchase, with their Hydraulics revenue', async (question) => {
    const [hydraulics, bearings] = [buyersOf(category('Hydraulics')), buyersOf(category('Bearings'))];
    const without = new Set([...hydraulics].filter((c) => !bearings.has(c)));
    const spent = rows.filter((r) => category('Hydraulics')(r) && without.has(r.CustomerID)).reduce((sum, r) => sum + revenue(r), 0);
    const all = rows.filter(category('Hydraulics')).reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, category = Hydraulics, but never category = Bearings');
    expect(answer.result?.totalRows).toBe(without.size);
    expect(answer.result?.withoutShare?.revenue).toBeCloseTo(spent, 6);
    const money = spent.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer.text).toContain(
      `**${without.size} customers** in all. That is ${((without.size / hydraulics.size) * 100).toFixed(1)}% of the ${hydraulics.size.toLocaleString('en-US')} customers who bought category = Hydraulics. ` +
        `Together they bought ${money} of it, ${((spent / all) * 100).toFixed(1)}% of its revenue.`,
    );
    const top = grouped(
      (r) => category('Hydraulics')(r) && without.has(r.CustomerID),
      (r) => r.CustomerName,
      revenue,
    )[0];
    expect(answer.result?.rows[0][0]).toBe(top[0]);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(top[1], 6);
  });

  it('"Which customers never bought Bearings in 2024?" are 2024\'s buyers with no Bearings purchase in 2024', async () => {
    const [buyers, bearings] = [buyersOf(inYear(2024)), buyersOf((r) => inYear(2024)(r) && category('Bearings')(r))];
    const answer = await answerWithQuery('Which customers never bought Bearings in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, 2024-01-01 … 2024-12-31, but none of category = Bearings in that period');
    expect(answer.result?.totalRows).toBe([...buyers].filter((c) => !bearings.has(c)).length);
    expect(answer.text).toContain(`customers who bought anything in 2024-01-01 … 2024-12-31.`);
  });

  // The last two were refused: the region after the turn was read as a second thing not bought, and "who" as no customers.
  it.each([
    'Which customers in DE-North buy Hydraulics but not Bearings?',
    'Which customers buy Hydraulics but not Bearings in DE-North?',
    'Who buys Hydraulics but not Bearings in DE-North?',
  ])('"%s" keeps to the region on both sides', async (question) => {
    const north = (r: Row) => r.Region === 'DE-North';
    const [hydraulics, bearings] = [
      buyersOf((r) => north(r) && category('Hydraulics')(r)),
      buyersOf((r) => north(r) && category('Bearings')(r)),
    ];
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, region = DE-North, category = Hydraulics, but never category = Bearings');
    expect(answer.result?.totalRows).toBe([...hydraulics].filter((c) => !bearings.has(c)).length);
    expect(answer.result?.withoutShare?.of).toBe(hydraulics.size);
  });

  // It listed every customer of Acme Supply, Inc.: the comma in the name hid the "only".
  it('"Which customers buy from Acme Supply, Inc. only?" is refused as buying nothing else', async () => {
    const answer = await answerWithQuery('Which customers buy from Acme Supply, Inc. only?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('I can list the customers who bought something, but not yet those who bought nothing else');
  });

  it('"Which customers bought in 2023 but not in 2024?" is still two periods', async () => {
    const answer = await answerWithQuery('Which customers bought in 2023 but not in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31');
  });

  it('"Which Hydraulics customers never ordered?" names nothing never bought: refused as before', async () => {
    const answer = await answerWithQuery('Which Hydraulics customers never ordered?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('“never bought” something is not something I can answer exactly yet');
  });
});

// "Which customers bought Hydraulics and Bearings?" was refused ("not those who bought all of
// them yet"), "… as well as …" listed the buyers of either, and "Which Hydraulics customers also
// bought Bearings?" got the cross-sell answer: the customers who bought each value named, with
// their revenue of each and the share of each value's buyers, the rate a cross-sell is judged by.
describe('customers who bought each of several values', () => {
  const category = (name: string) => (r: Row) => r.Category === name;
  const buyersOf = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && Number(r.Quantity) > 0).map((r) => r.CustomerID));
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const pct = (n: number) => `${n.toFixed(1)}%`;

  it.each([
    'Which customers bought both Hydraulics and Bearings in 2024?',
    'How many customers bought Hydraulics as well as Bearings in 2024?',
    'Which Hydraulics customers also bought Bearings in 2024?',
    'What share of Hydraulics customers also bought Bearings in 2024?',
  ])('"%s" are the customers who bought each in 2024, with their revenue of each', async (question) => {
    const scope = (name: string) => (r: Row) => inYear(2024)(r) && category(name)(r);
    const [hydraulics, bearings] = [buyersOf(scope('Hydraulics')), buyersOf(scope('Bearings'))];
    const any = new Set([...hydraulics, ...bearings]);
    const both = new Set([...hydraulics].filter((c) => bearings.has(c)));
    const either = (r: Row) => scope('Hydraulics')(r) || scope('Bearings')(r);
    const spent = rows.filter((r) => either(r) && both.has(r.CustomerID)).reduce((sum, r) => sum + revenue(r), 0);
    const all = rows.filter(either).reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought each of category = Hydraulics, Bearings, 2024-01-01 … 2024-12-31');
    expect(answer.result?.totalRows).toBe(both.size);
    expect(answer.text).toContain(
      `**${both.size} customers** in all. Of the ${hydraulics.size.toLocaleString('en-US')} customers who bought Hydraulics (in 2024-01-01 … 2024-12-31), that is ${pct((both.size / hydraulics.size) * 100)}; ` +
        `of the ${bearings.size.toLocaleString('en-US')} customers who bought Bearings, that is ${pct((both.size / bearings.size) * 100)}; ` +
        `${any.size.toLocaleString('en-US')} customers bought at least one of them. ` +
        `Together they bought ${money(spent)} of them, ${pct((spent / all) * 100)} of all Hydraulics and Bearings revenue (in 2024-01-01 … 2024-12-31).`,
    );
    const [name, hydraulicsRevenue] = answer.result?.rows[0] as [string, number, number];
    const top = grouped(
      (r) => either(r) && both.has(r.CustomerID),
      (r) => r.CustomerName,
      revenue,
    )[0];
    expect(name).toBe(top[0]);
    expect(hydraulicsRevenue).toBeCloseTo(
      revenueOf(scope('Hydraulics'), (r) => r.CustomerName, name),
      6,
    );
  });

  it('"Top 3 customers who bought Hydraulics and Bearings" are the 3 who spent most on the two together, over the whole file', async () => {
    const both = new Set([...buyersOf(category('Hydraulics'))].filter((c) => buyersOf(category('Bearings')).has(c)));
    const top = grouped(
      (r) => (category('Hydraulics')(r) || category('Bearings')(r)) && both.has(r.CustomerID),
      (r) => r.CustomerName,
      revenue,
    ).slice(0, 3);
    const answer = await answerWithQuery('Top 3 customers who bought Hydraulics and Bearings', file.snapshot, today);
    expect(answer.result?.rows.map((row) => row[0])).toEqual(top.map(([name]) => name));
    expect(answer.result?.totalRows).toBe(both.size);
  });

  it('"Which customers bought Hydraulics or Bearings?" are still the buyers of either', async () => {
    const answer = await answerWithQuery('Which customers bought Hydraulics or Bearings?', file.snapshot, today);
    expect(answer.result?.understood).not.toContain('each of');
    // One row a customer, what they bought of both together (it listed category × customer);
    // a customer whose only lines of them are credit notes bought none.
    expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, category in Hydraulics, Bearings');
    const buyers = new Set(
      rows.filter((r) => (r.Category === 'Hydraulics' || r.Category === 'Bearings') && bought(r)).map((r) => r.CustomerID),
    );
    expect(answer.result?.totalRows).toBe(buyers.size);
  });

  it.each([
    [
      'Which customers bought Hydraulics and Bearings but not Tools?',
      'I can list the customers who bought each of Hydraulics, Bearings, Tools, with what they bought of each, or the customers who bought one value but never another (“customers who buy Hydraulics but not Tools”), but not both in one step yet.',
    ],
    [
      'Which customers bought Hydraulics in DE-North and Bearings in NL?',
      'I can list the customers who bought each of several values of one column, but not pair them with values of another (Hydraulics and Bearings; DE-North and NL) yet; ask with one value of the other column at a time.',
    ],
    [
      'How much revenue came from customers who bought Hydraulics and Bearings?',
      'I can list the customers who bought each of Hydraulics, Bearings, with what they bought of each, but no other figure of them yet; ask for the list, then about the customers in it.',
    ],
    // Goods counted after "the most" are units, which the list of buyers gives none of.
    [
      'Who bought the most Hydraulics and Bearings?',
      'I can list the customers who bought each of Hydraulics, Bearings, with what they bought of each, but no other figure of them yet; ask for the list, then about the customers in it.',
    ],
    [
      'Which customers bought Hydraulics and Bearings by region?',
      'I can list the customers who bought each of Hydraulics, Bearings, with what they bought of each, but not count them by region yet; ask for one value at a time.',
    ],
    [
      'Which customers bought Hydraulics and Bearings in 2024 vs 2023?',
      'I can list the customers who bought each of Hydraulics, Bearings, with what they bought of each, in one period at a time; name one, such as “in 2024”.',
    ],
    // "DE" is Germany's code, and the file's regions DE-North and DE-South are Germany's: two values beside two.
    [
      'Which DE customers bought Hydraulics and Bearings?',
      'but not pair them with values of another (Hydraulics and Bearings; DE-North and DE-South) yet',
    ],
    [
      'Which customers bought Hydraulics and Bearings in 2023 and 2024?',
      'I could read this only as a question about 2023-01-01 … 2023-12-31, which leaves out 2024',
    ],
  ])('"%s" is refused, not answered with the buyers of either', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });
});

// "Which customers bought P-002483?" was refused ("I couldn't find “P-002483”"): the rows name
// products by description, and the analysis knows each one's code.
describe('products named by their codes', () => {
  it('"How many units of product P-000000 did we sell in 2024?" counts that product\'s units', async () => {
    const code = rows.find((r) => r.ProductCode === 'P-000000') as Row;
    const units = rows.filter((r) => r.ProductCode === 'P-000000' && inYear(2024)(r)).reduce((sum, r) => sum + Number(r.Quantity), 0);
    expect(units).toBeGreaterThan(0);
    const { answer } = await askOffline('How many units of product P-000000 did we sell in 2024?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`I understood: **units, product = ${code.Description}, 2024-01-01 … 2024-12-31**.`);
    expect(answer).toContain(`| ${units.toLocaleString('en-US')} |`);
  });

  it('"Which customers bought both P-000000 and P-000001?" are the customers of both', async () => {
    const buyersOf = (product: string) =>
      new Set(rows.filter((r) => r.ProductCode === product && Number(r.Quantity) > 0).map((r) => r.CustomerID));
    const [a, b] = [buyersOf('P-000000'), buyersOf('P-000001')];
    const both = [...a].filter((c) => b.has(c)).length;
    // Some customers bought both, and not every buyer of either: the list is no trivial one.
    expect(both).toBeGreaterThan(1);
    expect(both).toBeLessThan(Math.min(a.size, b.size));
    const { answer } = await askOffline('Which customers bought both P-000000 and P-000001?', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`**${both} customers** in all. Of the ${a.size} customers who bought `);
  });
});

// "Which customers haven't bought Hydraulics in the last 90 days?" listed the last 90 days'
// buyers of anything else: like "haven't ordered in 90 days", it is the customers silent through
// the span, on Hydraulics, since their last Hydraulics purchase before it.
describe('customers who have not bought a value lately', () => {
  it('"Which customers haven\'t bought Hydraulics in the last 90 days?" are its buyers before the span, silent on it since', async () => {
    const spanStart = new Date(today.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
    const hydraulics = (r: Row) => r.Category === 'Hydraulics' && Number(r.Quantity) > 0;
    const before = new Set(rows.filter((r) => hydraulics(r) && r.InvoiceDate < spanStart).map((r) => r.CustomerID));
    const lately = new Set(rows.filter((r) => hydraulics(r) && r.InvoiceDate >= spanStart).map((r) => r.CustomerID));
    const silent = [...before].filter((c) => !lately.has(c)).length;
    const answer = await answerWithQuery("Which customers haven't bought Hydraulics in the last 90 days?", file.snapshot, today);
    const first = rows.map((r) => r.InvoiceDate).sort()[0];
    const dayBefore = new Date(Date.parse(`${spanStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(answer.result?.understood).toBe(
      `customers who bought, category = Hydraulics, ${first} … ${dayBefore}, but not in ${spanStart} … ${today.toISOString().slice(0, 10)}`,
    );
    expect(answer.result?.totalRows).toBe(silent);
  });

  it('"Which customers haven\'t bought Hydraulics this year?" on 3 January is too early to tell', async () => {
    const answer = await answerWithQuery("Which customers haven't bought Hydraulics this year?", file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('too few to tell who stopped buying from who has not bought yet');
  });
});

describe('what a sales file cannot say: our purchases', () => {
  // "How much did we buy from Supplier 13 last year?" got the revenue of its products, what
  // our customers paid us.
  it.each([
    ['How much did we buy from Supplier 13 last year?', 'Supplier 13'],
    ['How much do we spend with Supplier 13?', 'Supplier 13'],
    ['What did we pay Supplier 13 in 2024?', 'Supplier 13'],
    ['Which supplier do we buy the most from?', null],
  ])('%s is refused: the file holds no purchases', async (question, supplier) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    const asked = supplier ? `“revenue and gross profit for ${supplier}”` : '“revenue and gross profit by supplier”';
    expect(answer.text).toContain(
      `I can't answer that exactly. This file records what we sold, not what we bought: I can give the revenue and gross profit of ${supplier ?? 'a supplier'}'s products (${asked}; what they cost us is the difference), or the share of our revenue each supplier is behind (“How dependent are we on our suppliers?”), but not our purchases from ${supplier ?? 'a supplier'}.`,
    );
  });

  it('"What did customers buy from Supplier 13?" is still what they bought', async () => {
    const answer = await answerWithQuery('What did customers buy from Supplier 13?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by product, supplier = Supplier 13');
    const [largest] = grouped(
      (r) => r.Supplier === 'Supplier 13',
      (r) => r.Description,
      revenue,
    );
    expect(answer.result?.rows[0][0]).toBe(largest[0]);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(largest[1], 6);
  });

  // What did not sell: offline-query-stopped-selling.test.ts.

  it('"Which customers haven\'t we sold to since June 2024?" are every customer silent since, as "haven\'t ordered" reads', async () => {
    const answer = await answerWithQuery("Which customers haven't we sold to since June 2024?", file.snapshot, today);
    const first = rows.map((r) => r.InvoiceDate).sort()[0];
    const end = today.toISOString().slice(0, 10);
    expect(answer.result?.understood).toBe(`customers who bought, ${first} … 2024-05-31, but not in 2024-06-01 … ${end}`);
    const since = new Set(rows.filter((r) => r.InvoiceDate >= '2024-06-01' && revenue(r) > 0).map((r) => r.CustomerID));
    const before = new Set(rows.filter((r) => r.InvoiceDate < '2024-06-01' && revenue(r) > 0).map((r) => r.CustomerID));
    expect(answer.result?.totalRows).toBe([...before].filter((c) => !since.has(c)).length);
  });

  // Both got the generic "I can't answer that": "sold" was no denied purchase to the period reader.
  it.each([
    ["Which customers haven't we sold to in 6 months?", 5],
    ["Customers we haven't sold anything to in a year", 11],
  ])('"%s" are the customers silent through the last months, as "haven\'t ordered in …" reads', async (question, monthsBefore) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    const first = rows.map((r) => r.InvoiceDate).sort()[0];
    const end = today.toISOString().slice(0, 10);
    // The span back starts on the first day of the month `monthsBefore` months before today's.
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBefore, 1)).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(answer.result?.understood).toBe(`customers who bought, ${first} … ${dayBefore}, but not in ${start} … ${end}`);
    const since = new Set(rows.filter((r) => r.InvoiceDate >= start && revenue(r) > 0).map((r) => r.CustomerID));
    const before = new Set(rows.filter((r) => r.InvoiceDate < start && revenue(r) > 0).map((r) => r.CustomerID));
    expect(answer.result?.totalRows).toBe([...before].filter((c) => !since.has(c)).length);
  });
});

describe('a count of one column’s values for each row of another', () => {
  // It listed customer × supplier pairs with their revenue: "buy" named revenue, and the count asked was lost.
  it.each(['How many suppliers does each customer buy from?', 'Number of suppliers per customer'])(
    '"%s" is refused, not answered with pairs',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain(
        'I can count customers and products for each row, but not how many suppliers each has yet; ask for revenue by supplier for one of them instead.',
      );
    },
  );

  it('"How many customers does each supplier have?" still counts customers by supplier', async () => {
    const answer = await answerWithQuery('How many customers does each supplier have?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by supplier');
  });
});

// The file writes its countries by ISO code, some split into regions (DE-North, DE-South).
// "How much did we sell to Germany last quarter?" got every region's revenue, "Revenue in AT
// and CH" AT's alone, "AT vs CH revenue" the whole file's, "Revenue in Germany" was refused.
describe('countries the file writes by code', () => {
  const inRegions =
    (...regions: string[]) =>
    (r: Row) =>
      regions.includes(r.Region);
  const regionRevenue = (keep: (r: Row) => boolean) => grouped(keep, (r) => r.Region, revenue);
  const total = (keep: (r: Row) => boolean) => rows.filter(keep).reduce((sum, r) => sum + revenue(r), 0);

  it.each([
    ['How much did we sell to Germany in 2024?', ['DE-North', 'DE-South']],
    ['Sales to Germany in 2024', ['DE-North', 'DE-South']],
    ['Revenue in Germany in 2024', ['DE-North', 'DE-South']],
    ['Revenue shipped to France in 2024', ['FR-Est']],
    ['Revenue in AT and CH in 2024', ['AT', 'CH']],
    ['Revenue in Austria and Switzerland in 2024', ['AT', 'CH']],
    ['Revenue in the UK and Germany in 2024', ['DE-North', 'DE-South', 'UK']],
  ])('"%s" is the revenue of %j', (question, regions) =>
    expectRows(
      question,
      total((r) => inYear(2024)(r) && regions.includes(r.Region)),
      `revenue, region ${regions.length > 1 ? `in ${regions.join(', ')}` : `= ${regions[0]}`}, 2024-01-01 … 2024-12-31`,
    ),
  );

  it.each([
    ['AT vs CH revenue in 2024', ['AT', 'CH']],
    ['Germany vs France revenue in 2024', ['DE-North', 'DE-South', 'FR-Est']],
    ['Revenue by region in Germany in 2024', ['DE-North', 'DE-South']],
  ])('"%s" sets %j side by side', (question, regions) =>
    expectRows(
      question,
      regionRevenue((r) => inYear(2024)(r) && inRegions(...regions)(r)),
      `revenue, by region, region in ${regions.join(', ')}, 2024-01-01 … 2024-12-31`,
    ),
  );

  it('"Revenue excluding Germany and Austria" leaves out AT, DE-North and DE-South', () =>
    expectRows(
      'Revenue excluding Germany and Austria',
      total((r) => !inRegions('AT', 'DE-North', 'DE-South')(r)),
      'revenue, region not in AT, DE-North, DE-South',
    ));

  it.each(['Sales to Italy', 'How much did we sell to Italy?'])('"%s" is refused: no region of the file is Italy\'s', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I couldn't find “italy” among this file's customers, products or other values.");
  });
});

// What a supplier sells, who buys it, and what losing it puts at risk. "What does Supplier 13
// sell?" got its revenue, "Which customers depend on Supplier 13?" its products, "If Acme
// Supply, Inc. stopped supplying us, how much revenue is at risk?" the churn lists' refusal and
// "Which customers of Supplier 13 are at risk?" the same refusal.
describe("a supplier's goods, buyers and weight", () => {
  const ofSupplier = (name: string) => (r: Row) => r.Supplier === name;

  /** The answer's first rows and row count against `expected`, largest first. */
  async function expectLeading(question: string, expected: [string, number][], understood: string): Promise<void> {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood, answer.text).toBe(understood);
    expect(answer.result?.totalRows).toBe(expected.length);
    answer.result?.rows.slice(0, 10).forEach((row, i) => {
      expect(row[0]).toBe(expected[i][0]);
      expect(row[1] as number).toBeCloseTo(expected[i][1], 6);
    });
  }

  it.each(['What does Supplier 13 sell?', 'What products does Supplier 13 supply?'])('"%s" lists its products by revenue', (question) =>
    expectLeading(
      question,
      grouped(ofSupplier('Supplier 13'), (r) => r.Description, revenue),
      'revenue, by product, supplier = Supplier 13',
    ),
  );

  it('"Which categories does Supplier 13 supply?" lists its categories by revenue', () =>
    expectLeading(
      'Which categories does Supplier 13 supply?',
      grouped(ofSupplier('Supplier 13'), (r) => r.Category, revenue),
      'revenue, by category, supplier = Supplier 13',
    ));

  it('"Which customers depend on Supplier 13?" lists its buyers by what each bought from it', () =>
    expectLeading(
      'Which customers depend on Supplier 13?',
      grouped(ofSupplier('Supplier 13'), (r) => r.CustomerName, revenue),
      'revenue, by customer, supplier = Supplier 13',
    ));

  it('"If Acme Supply, Inc. stopped supplying us, how much revenue is at risk?" is the revenue of its products, and its share', async () => {
    const acme = rows.filter(ofSupplier('Acme Supply, Inc.')).reduce((sum, r) => sum + revenue(r), 0);
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery('If Acme Supply, Inc. stopped supplying us, how much revenue is at risk?', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((acme / all) * 100, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
  });

  it('"Which customers of Supplier 13 are at risk?" is the churn list of its buyers', async () => {
    const result = analyse(file.aggregates);
    const buyers = new Set(rows.filter(ofSupplier('Supplier 13')).map((r) => r.CustomerID));
    const flagged = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low' && buyers.has(c.id));
    expect(flagged.length).toBeGreaterThan(0);
    const { answer } = await askOffline('Which customers of Supplier 13 are at risk?', result, file.snapshot);
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(`^Customers with rows where supplier = Supplier 13 at lost, high or medium risk \\(${flagged.length} customers\\)`),
    );
  });
});

// "Which customers should buy Bolt 36mm?" listed its 43 buyers; the file has no cross-sell rule.
it('"Which customers should buy Bolt 36mm?" says there is no suggestion, and lists no buyer', async () => {
  const result = analyse(file.aggregates);
  expect(result.crossSell?.rules.length ?? 0).toBe(0);
  const { answer } = await askOffline('Which customers should buy Bolt 36mm?', result, file.snapshot);
  expect(answer).toBe(
    'I have no customers to suggest for Bolt 36mm: no product pair in this file is bought together often enough to make a rule. Those who bought it already are a list of its buyers (“Which customers bought Bolt 36mm?”).',
  );
});

// "Which products' revenue went up in 2024?" listed every product, and "Which products had a
// price increase in 2024?" ranked revenue: "went up" is a way, and a price's move is the price's.
describe('a way said as "went up", and a price that moved', () => {
  const byYear = (year: number, value: (r: Row) => number) => new Map(grouped(inYear(year), (r) => r.ProductCode, value));

  it('"Which products\' revenue went up in 2024?" lists only the products whose revenue rose', async () => {
    const [y2024, y2023] = [byYear(2024, revenue), byYear(2023, revenue)];
    const up = [...new Set([...y2024.keys(), ...y2023.keys()])].filter((p) => (y2024.get(p) ?? 0) - (y2023.get(p) ?? 0) > 1e-9);
    const answer = await answerWithQuery("Which products' revenue went up in 2024?", file.snapshot, today);
    expect(answer.result?.understood).toBe(
      'revenue, sorted by change, by product, revenue up, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    );
    expect(answer.result?.totalRows).toBe(up.length);
  });

  it('"Which products had a price increase in 2024?" compares average prices, and none rose (each product has one list price)', async () => {
    const units = (r: Row) => Number(r.Quantity);
    const price = (year: number) => {
      const [sales, count] = [byYear(year, revenue), byYear(year, units)];
      return new Map([...sales].filter(([p]) => count.get(p)).map(([p, v]) => [p, v / (count.get(p) as number)]));
    };
    const [p2024, p2023] = [price(2024), price(2023)];
    expect([...p2024].filter(([p, v]) => p2023.has(p) && v - (p2023.get(p) as number) > 1e-9)).toEqual([]);
    const answer = await answerWithQuery('Which products had a price increase in 2024?', file.snapshot, today);
    expect(answer.text).toBe(
      'I understood: **average price, sorted by change, by product, average price up, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31**.\n\nNone does: no product has average price up.',
    );
  });
});

// "Which products sold in every region?" listed product × region revenue and "Customers who bought
// from every supplier" customer × supplier: neither picks out what is found in every value.
it.each([
  ['Which products sold in every region?', 'products found in every region', 'product and region'],
  ['Customers who bought from every supplier', 'customers found in every supplier', 'customer and supplier'],
])('"%s" is refused, with the grouping to read across', async (question, what, by) => {
  const answer = await answerWithQuery(question, file.snapshot, today);
  expect(answer.result).toBeNull();
  expect(answer.text).toContain(`I can't pick out the ${what} yet;`);
  expect(answer.text).toContain(`(such as “revenue by ${by}”)`);
});

// "Revenue in every region" got the whole file's revenue: "every" splits as "each" does.
it('"Revenue in every region" is revenue by region', () =>
  expectRows(
    'Revenue in every region',
    grouped(
      () => true,
      (r) => r.Region,
      revenue,
    ),
    'revenue, by region',
  ));

// "Revenue share by region" got revenue alone, "Top 3 categories by share of revenue in 2024"
// was refused as a grouping by "share", "Customer count by region in 2024" as naming no figure.
describe('a share or a count written after its noun', () => {
  it('"Revenue share by region" gives each region\'s share of all revenue', async () => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const expected = grouped(
      () => true,
      (r) => r.Region,
      revenue,
    );
    const answer = await answerWithQuery('Revenue share by region', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, by region');
    expect(answer.result?.rows.map((r) => r[0])).toEqual(expected.map(([region]) => region));
    answer.result?.rows.forEach((row, i) => expect(row[1] as number).toBeCloseTo((expected[i][1] / all) * 100, 9));
  });

  it('"Top 3 categories by share of revenue in 2024" ranks the categories by their share of 2024', async () => {
    const of2024 = rows.filter(inYear(2024)).reduce((sum, r) => sum + revenue(r), 0);
    const top = grouped(inYear(2024), (r) => r.Category, revenue).slice(0, 3);
    const answer = await answerWithQuery('Top 3 categories by share of revenue in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('top 3 by share of revenue, by category, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows.map((r) => [r[0], r[1]])).toEqual(
      top.map(([category, value]) => [category, expect.closeTo((value / of2024) * 100, 9)]),
    );
  });

  it('"Customer count by region in 2024" counts each region\'s customers of 2024', async () => {
    const counts = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => inYear(2024)(r) && bought(r)))
      counts.set(r.Region, (counts.get(r.Region) ?? new Set()).add(r.CustomerID));
    const answer = await answerWithQuery('Customer count by region in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by region, 2024-01-01 … 2024-12-31');
    expect(Object.fromEntries(answer.result?.rows.map((r) => [r[0], r[1]]) ?? [])).toEqual(
      Object.fromEntries([...counts].map(([region, ids]) => [region, ids.size])),
    );
  });
});

// "How much revenue did we lose from churned customers?" was refused: "churned" was looked up as a name.
it('"How much revenue did we lose from churned customers in 2024?" is what 2023\'s buyers absent in 2024 bought in 2023', async () => {
  const after = new Set(rows.filter((r) => inYear(2024)(r) && revenue(r) > 0).map((r) => r.CustomerID));
  const buyers = new Set(rows.filter((r) => inYear(2023)(r) && revenue(r) > 0).map((r) => r.CustomerID));
  const lost = rows
    .filter((r) => inYear(2023)(r) && buyers.has(r.CustomerID) && !after.has(r.CustomerID))
    .reduce((sum, r) => sum + revenue(r), 0);
  const answer = await answerWithQuery('How much revenue did we lose from churned customers in 2024?', file.snapshot, today);
  expect(answer.result?.understood).toBe('customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31');
  expect(answer.result?.lapsedShare?.revenue as number).toBeCloseTo(lost, 6);
});

// "What is the gross margin of Supplier 13's products in 2024?" listed each product's margin, and
// "How many products does Acme Supply, Inc. have with a negative margin?" every Acme product
// with a 1 beside it: the one figure of them, and only the rows below 0.
describe("a supplier's products as one figure, and those with a loss", () => {
  it('"What is the gross margin of Supplier 13\'s products in 2024?" is their one margin', async () => {
    const kept = rows.filter((r) => r.Supplier === 'Supplier 13' && inYear(2024)(r));
    const margin = (kept.reduce((sum, r) => sum + profit(r), 0) / kept.reduce((sum, r) => sum + revenue(r), 0)) * 100;
    await expectRows(
      "What is the gross margin of Supplier 13's products in 2024?",
      margin,
      'margin %, supplier = Supplier 13, 2024-01-01 … 2024-12-31',
    );
  });

  it('"How many products does Acme Supply, Inc. have with a negative margin?" keeps only margins below 0', async () => {
    const byProduct = new Map<string, { revenue: number; profit: number }>();
    for (const r of rows.filter((r) => r.Supplier === 'Acme Supply, Inc.')) {
      const p = byProduct.get(r.ProductCode) ?? { revenue: 0, profit: 0 };
      p.revenue += revenue(r);
      p.profit += profit(r);
      byProduct.set(r.ProductCode, p);
    }
    const negative = [...byProduct.values()].filter((p) => p.revenue !== 0 && p.profit / p.revenue < 0);
    const answer = await answerWithQuery('How many products does Acme Supply, Inc. have with a negative margin?', file.snapshot, today);
    expect(answer.result?.understood).toBe('margin %, by product, margin % < 0, supplier = Acme Supply, Inc.');
    expect(answer.result?.totalRows).toBe(negative.length);
  });
});

// "Which customers bought in December 2024?" was refused as naming no figure.
it.each(['Which customers bought in December 2024?', 'Who ordered in December 2024?'])(
  '"%s" lists the customers of December 2024 by what each paid then',
  async (question) => {
    const december = (r: Row) => r.InvoiceDate.startsWith('2024-12');
    const expected = grouped(december, (r) => r.CustomerName, revenue);
    const buyers = new Set(rows.filter((r) => december(r) && bought(r)).map((r) => r.CustomerName));
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, 2024-12-01 … 2024-12-31');
    expect(answer.result?.totalRows).toBe(buyers.size);
    expect(answer.result?.rows[0][0]).toBe(expected[0][0]);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(expected[0][1], 6);
  },
);

describe('asked on 30 November 2026, in the fifth session', () => {
  const marginOf = (pairs: [string, { revenue: number; profit: number }][]) =>
    pairs.map(([k, v]): [string, number] => [k, (100 * v.profit) / v.revenue]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  function moneyBy(key: (r: Row) => string): Map<string, { revenue: number; profit: number }> {
    const sums = new Map<string, { revenue: number; profit: number }>();
    for (const r of rows) {
      const s = sums.get(key(r)) ?? { revenue: 0, profit: 0 };
      s.revenue += revenue(r);
      s.profit += profit(r);
      sums.set(key(r), s);
    }
    return sums;
  }

  // Both got the churn list ("850 customers are lost"): the file has no Hy-Vee and no Zorblax.
  it.each([
    ['What if we lost Hy-Vee?', 'Hy-Vee'],
    ['What if Zorblax left?', 'Zorblax'],
    // "The" opens the name, not a word of it.
    ['What if we lost The Home Depot?', 'Home Depot'],
  ])('"%s" says the name is not in the file', async (question, name) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`I couldn't find “${name}” among this file's customers, products or other values.`);
    expect(answer).not.toContain('are lost');
  });

  it('"What if we lose Acme?" is the share of the one supplier whose name starts so', async () => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const acme = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery('What if we lose Acme?', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((100 * acme) / all, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
  });

  // They got the customers' concentration and the help list: "Acme" was too short to name the supplier.
  it.each(['Are we too dependent on Acme?', 'Tell me about Acme'])('"%s" gets Acme Supply, Inc.\'s profile', async (question) => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const acme = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + revenue(r), 0);
    const money = acme.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`Acme Supply, Inc. supplies ${((100 * acme) / all).toFixed(1)}% of revenue (${money})`);
  });

  it('"What if Rossi Ltd left?" asks which of the customers so named', async () => {
    const named = new Set(rows.filter((r) => r.CustomerName.startsWith('Rossi Ltd')).map((r) => r.CustomerName));
    const answer = await answerWithQuery('What if Rossi Ltd left?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`“Rossi Ltd” starts the names of ${named.size} customers:`);
  });

  // It got the churn list.
  it.each([
    ['What if we lost our best product?', 1],
    ['What if we lost our top 5 products?', 5],
  ] as const)('"%s" gives the top %i products\' revenue and share of it', async (question, n) => {
    const all = rows.reduce((sum, r) => sum + revenue(r), 0);
    const top = grouped(
      () => true,
      (r) => r.Description,
      revenue,
    ).slice(0, n);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(`top ${n} by share of revenue, by product`);
    expect(answer.result?.rows.map((row) => row[0])).toEqual(top.map(([name]) => name));
    answer.result?.rows.forEach((row, i) => {
      expect(row[1] as number).toBeCloseTo((100 * top[i][1]) / all, 9);
      expect(row[2] as number).toBeCloseTo(top[i][1], 6);
    });
  });

  // It ranked 15,507 customer × supplier pairs: "who" read as customers.
  it('"Who are our top 3 suppliers by margin?" ranks the suppliers', async () => {
    const expected = marginOf([...moneyBy((r) => r.Supplier)]).slice(0, 3);
    await expectRows('Who are our top 3 suppliers by margin?', expected, 'top 3 by margin %, by supplier');
  });

  // Each got the help list: the analysis' own rankings are of customers, products and suppliers.
  it.each([
    ['Which is our best category?', (r: Row) => r.Category, 'top 1 by revenue, by category', 'top'],
    ['What is our worst region?', (r: Row) => r.Region, 'bottom 1 by revenue, by region', 'bottom'],
    ['Which rep is the best?', (r: Row) => r.SalesRep, 'top 1 by revenue, by sales rep', 'top'],
  ] as const)('"%s" ranks by revenue', async (question, key, understood, end) => {
    const ranked = grouped(() => true, key, revenue);
    await expectRows(question, [end === 'top' ? ranked[0] : ranked[ranked.length - 1]], understood);
  });

  // It got all units sold (396,067): a sale below cost loses money.
  it.each([
    ['How many products are sold below cost?', (r: Row) => r.ProductCode, 'gross profit, by product, gross profit < 0'],
    ['Which customers buy below cost?', (r: Row) => r.CustomerID, 'gross profit, by customer, gross profit < 0'],
  ] as const)('"%s" keeps those with a gross profit below 0', async (question, key, understood) => {
    const losses = [...moneyBy(key).values()].filter((v) => v.profit < -0.005);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
    expect(answer.result?.totalRows).toBe(losses.length);
    expect(answer.result?.keptTotals?.[0].value).toBeCloseTo(
      losses.reduce((sum, v) => sum + v.profit, 0),
      6,
    );
  });

  // It counted every customer of the file (1,610): "Acme" before the verb was read nowhere.
  it('"How many customers does Acme supply?" counts the customers who bought from Acme Supply, Inc.', async () => {
    const buyers = new Set(rows.filter((r) => r.Supplier === 'Acme Supply, Inc.' && bought(r)).map((r) => r.CustomerID));
    const answer = await answerWithQuery('How many customers does Acme supply?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows).toEqual([[buyers.size]]);
    const missing = await answerWithQuery('How many customers does Zorblax supply?', file.snapshot, today);
    expect(missing.result).toBeNull();
    expect(missing.text).toContain("I couldn't find “Zorblax” among this file's customers, products or other values.");
  });

  // It counted 483, 8 of them customers who only returned Acme goods in 2023.
  it('"How many customers bought from Acme Supply, Inc. two years ago?" counts those who bought, and says who only returned', async () => {
    const acme2023 = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.' && inYear(2023)(r));
    const buyers = new Set(acme2023.filter(bought).map((r) => r.CustomerID));
    const returnsOnly = new Set(acme2023.map((r) => r.CustomerID)).size - buyers.size;
    expect(returnsOnly).toBeGreaterThan(0);
    const answer = await answerWithQuery('How many customers bought from Acme Supply, Inc. two years ago?', file.snapshot, today);
    expect(answer.result?.rows).toEqual([[buyers.size]]);
    expect(answer.text).toContain(
      `Customers are those who bought: ${returnsOnly} more customers have only returns in these rows and are not counted.`,
    );
  });

  // "Profit share" got the gross profit alone, as "revenue share" once got revenue.
  it('"Profit share by region in 2024" gives each region\'s share of 2024\'s gross profit', async () => {
    const all = rows.filter(inYear(2024)).reduce((sum, r) => sum + profit(r), 0);
    const expected = grouped(inYear(2024), (r) => r.Region, profit);
    const answer = await answerWithQuery('Profit share by region in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of gross profit, gross profit, by region, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows.map((row) => row[0])).toEqual(expected.map(([region]) => region));
    answer.result?.rows.forEach((row, i) => {
      expect(row[1] as number).toBeCloseTo((100 * expected[i][1]) / all, 9);
      expect(row[2] as number).toBeCloseTo(expected[i][1], 6);
    });
  });

  // It was refused. The rows end on 3 January 2025: every year is 2022, 2023 and 2024.
  it('"How many customers bought in every year?" counts those who bought in each whole year, and says 2025 is left out', async () => {
    const years = new Map<string, Set<string>>();
    for (const r of rows.filter(bought)) {
      const year = r.InvoiceDate.slice(0, 4);
      if (year !== '2025') years.set(r.CustomerID, (years.get(r.CustomerID) ?? new Set()).add(year));
    }
    const everyYear = [...years.values()].filter((y) => y.size === 3).length;
    const answer = await answerWithQuery('How many customers bought in every year?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers who bought in every year, 2022-01-04 … 2024-12-31');
    expect(answer.result?.totalRows).toBe(everyYear);
    expect(answer.text).toContain(`**${everyYear} customers** in all. That is`);
    expect(answer.text).toContain(
      "Left out of the years counted: the file's rows run from 2022-01-04 to 2025-01-03, so they cover 2025 for 3 of its 365 days.",
    );
  });

  // A margin of 209.1% led, with nothing said: the pair's returns carried more cost than its purchases.
  it("a margin above 100% is said to be the returns'", async () => {
    const pairs = marginOf([...moneyBy((r) => `${r.CustomerName} · ${r.Supplier}`)]);
    const overWhole = pairs.slice(0, 3).filter(([, margin]) => margin > 100).length;
    expect(overWhole).toBeGreaterThan(0);
    const answer = await answerWithQuery('Top 3 customers and suppliers by margin', file.snapshot, today);
    expect(answer.result?.rows.map((row) => `${row[0]} · ${row[1]}`)).toEqual(pairs.slice(0, 3).map(([k]) => k));
    expect(answer.text).toContain(
      `${overWhole} of these rows ${overWhole === 1 ? 'has' : 'have'} a margin above 100%: returns in these rows carried more cost than the purchases, so the net cost is below 0; the margin is the returns', not what sales earn.`,
    );
  });

  it('a ranking of margins no return lifts above 100% says nothing of it', async () => {
    const answer = await answerWithQuery('Which suppliers have the highest margin?', file.snapshot, today);
    expect(answer.result?.rows.length).toBeGreaterThan(0);
    expect(answer.text).not.toContain('a margin above 100%');
  });
});

// They got Bearings and Hydraulics together, and Acme's own revenue: the figures are of all the buyers bought.
describe('figures of the customers who bought a value', () => {
  const buyersOf = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && bought(r)).map((r) => r.CustomerID));
  const sum = (keep: (r: Row) => boolean) => rows.filter(keep).reduce((total, r) => total + revenue(r), 0);

  it('"How much do Hydraulics customers spend on Bearings?" is the Bearings revenue of those who bought Hydraulics', async () => {
    const hydraulics = buyersOf((r) => r.Category === 'Hydraulics');
    await expectRows(
      'How much do Hydraulics customers spend on Bearings?',
      sum((r) => r.Category === 'Bearings' && hydraulics.has(r.CustomerID)),
      'revenue, category = Bearings, customers who bought category = Hydraulics',
    );
  });

  // A name with a number in it was taken for an amount: it listed each customer's Supplier 13 revenue.
  it('"Revenue from customers who buy from Supplier 13" is all that they bought', async () => {
    const thirteen = buyersOf((r) => r.Supplier === 'Supplier 13');
    await expectRows(
      'Revenue from customers who buy from Supplier 13',
      sum((r) => thirteen.has(r.CustomerID)),
      'revenue, customers who bought supplier = Supplier 13',
    );
  });

  it('"Revenue from customers who buy from Acme" is all that Acme\'s customers bought, and says so', async () => {
    const acme = buyersOf((r) => r.Supplier === 'Acme Supply, Inc.');
    const question = 'Revenue from customers who buy from Acme';
    await expectRows(
      question,
      sum((r) => acme.has(r.CustomerID)),
      'revenue, customers who bought supplier = Acme Supply, Inc.',
    );
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.text).toContain(
      `${acme.size.toLocaleString('en-US')} customers bought supplier = Acme Supply, Inc.; the figures are of all they bought, not only of Acme Supply, Inc.`,
    );
    // The name's own full stop ends the sentence.
    expect(answer.text).not.toContain('Inc..');
  });
});

// "Which customers did Rep 3 lose?" and "Which of Rep 3's customers are at risk?" got Rep 3's
// scorecard, which counts them but names none; "Which customers in DE-North have we lost?"
// was asked for two periods, though "Which customers have we lost?" got the lost list; and
// "Which customers did we lose?" got every flagged customer, those at medium risk first.
describe('lost customers of a rep, a region or a category', () => {
  /** The customers the analysis rates `risk` (any flagged one without it) among `ids`. */
  const ratedAmong = (result: ReturnType<typeof analyse>, ids: Set<string>, risk?: string) =>
    (result.churn?.customers ?? []).filter((c) => ids.has(c.id) && (risk ? c.risk === risk : c.risk !== 'low'));
  const customersWith = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && r.CustomerID).map((r) => r.CustomerID));

  it.each([
    ['Which customers did Rep 3 lose?', 'lost'],
    ["Show Rep 3's lost customers", 'lost'],
    ["Which of Rep 3's customers are at risk?", undefined],
  ])('"%s" lists the customers with Rep 3\'s rows the churn model rates so', async (question, risk) => {
    const result = analyse(file.aggregates);
    const rated = ratedAmong(
      result,
      customersWith((r) => r.SalesRep === 'Rep 3'),
      risk,
    );
    expect(rated.length).toBeGreaterThan(0);
    const { answer } = await askOffline(question, result, file.snapshot);
    const words = risk ? 'rated lost' : 'at lost, high or medium risk';
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(`^Customers with rows where sales rep = Rep 3 ${words} \\(${rated.length} customers\\)`),
    );
    expect(answer).toContain(`1. ${rated[0].name}: `);
  });

  it('"Which customers has Rep 3 lost?" is the lost list too (it listed every flagged one)', async () => {
    const result = analyse(file.aggregates);
    const rated = ratedAmong(
      result,
      customersWith((r) => r.SalesRep === 'Rep 3'),
      'lost',
    );
    const { answer } = await askOffline('Which customers has Rep 3 lost?', result, file.snapshot);
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(`^Customers with rows where sales rep = Rep 3 rated lost \\(${rated.length} customers\\)`),
    );
  });

  // A review of this session: without customers named these skipped the scorecard ("Show Rep 3's
  // lost revenue" gave Rep 3's revenue as if lost, "Who did Rep 3 lose?" every lost customer).
  it.each(["Show Rep 3's lost revenue", 'Who did Rep 3 lose?', 'Which suppliers did Rep 3 lose?', 'Is Rep 3 losing customers?'])(
    '"%s" is Rep 3\'s scorecard',
    async (question) => {
      const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
      expect(trace).toContain('use:get_rep_scorecards');
      expect(answer).toMatch(/^I understood: \*\*Rep 3's scorecard over the whole file/);
    },
  );

  it('"Which customers churned in DE-North?" is the customers of DE-North rated lost', async () => {
    const result = analyse(file.aggregates);
    const regionOf = customerRegions();
    const rated = ratedAmong(result, new Set(Object.keys(regionOf).filter((id) => regionOf[id] === 'DE-North')), 'lost');
    const { answer } = await askOffline('Which customers churned in DE-North?', result, file.snapshot, regionOf);
    expect(answer.split('\n')[0]).toMatch(new RegExp(`^Customers in DE-North rated lost \\(${rated.length} customers\\)`));
  });

  it('"How many customers did Rep 3 lose?" is still the scorecard\'s count of the book', async () => {
    const result = analyse(file.aggregates);
    const { answer } = await askOffline('How many customers did Rep 3 lose?', result, file.snapshot);
    const lost = result.repScorecards?.reps.find((r) => r.rep === 'Rep 3')?.lostCustomers;
    expect(answer).toContain("I understood: **Rep 3's scorecard");
    expect(answer).toContain(`, ${lost} lost.`);
  });

  it('"Which customers in DE-North have we lost?" is the lost customers of DE-North', async () => {
    const result = analyse(file.aggregates);
    const regionOf = customerRegions();
    const ids = new Set(Object.keys(regionOf).filter((id) => regionOf[id] === 'DE-North'));
    const rated = ratedAmong(result, ids, 'lost');
    const { answer } = await askOffline('Which customers in DE-North have we lost?', result, file.snapshot, regionOf);
    expect(answer.split('\n')[0]).toMatch(new RegExp(`^Customers in DE-North rated lost \\(${rated.length} customers\\)`));
  });

  it('"Which Fasteners customers did we lose?" is the lost customers with Fasteners rows', async () => {
    const result = analyse(file.aggregates);
    const rated = ratedAmong(
      result,
      customersWith((r) => r.Category === 'Fasteners'),
      'lost',
    );
    const { answer } = await askOffline('Which Fasteners customers did we lose?', result, file.snapshot);
    expect(answer.split('\n')[0]).toMatch(
      new RegExp(`^Customers with rows where category = Fasteners rated lost \\(${rated.length} customers\\)`),
    );
  });

  it('"Which customers did we lose?" is the customers rated lost, as "… have we lost?" is', async () => {
    const result = analyse(file.aggregates);
    const lost = (result.churn?.customers ?? []).filter((c) => c.risk === 'lost').length;
    for (const question of ['Which customers did we lose?', 'Which customers have we lost?']) {
      const { answer } = await askOffline(question, result, file.snapshot);
      expect(answer.split('\n')[0]).toBe(`**${lost} customers** are lost.`);
    }
  });
});

// "What's the margin on Acme Supply products?" and "Which Acme Supply products …?" were refused
// ("Supply" a word of product names), and "… of Acme Supply products?" listed each product's margin.
describe('a supplier named short, before "products"', () => {
  it.each(["What's the margin on Acme Supply products?", "What's the margin of Acme Supply products?"])(
    '"%s" is one margin, of all Acme Supply, Inc. sold',
    async (question) => {
      const acme = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.');
      const margin = (100 * acme.reduce((s, r) => s + profit(r), 0)) / acme.reduce((s, r) => s + revenue(r), 0);
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('margin %, supplier = Acme Supply, Inc.');
      expect(answer.result?.rows[0][0] as number).toBeCloseTo(margin, 6);
    },
  );

  it('"Top 5 Acme Supply products by revenue" ranks its products', async () => {
    const top = grouped(
      (r) => r.Supplier === 'Acme Supply, Inc.',
      (r) => r.Description,
      revenue,
    ).slice(0, 5);
    const answer = await answerWithQuery('Top 5 Acme Supply products by revenue', file.snapshot, today);
    expect(answer.result?.understood).toBe('top 5 by revenue, by product, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows.map((r) => r[0])).toEqual(top.map(([name]) => name));
  });
});

// "Which customers have been inactive for more than 90 days?" got the churn model's flagged list,
// and "How many customers have we not heard from in 6 months?" counted every customer.
describe('customers silent for a span', () => {
  /** Customers with a purchase before `from` and none from `from` to the analysis day. */
  const silentSince = (from: string) => {
    const before = new Set(rows.filter((r) => bought(r) && r.CustomerID && r.InvoiceDate < from).map((r) => r.CustomerID));
    for (const r of rows) if (bought(r) && r.InvoiceDate >= from) before.delete(r.CustomerID);
    return before.size;
  };

  it.each([
    ['Which customers have been inactive for more than 90 days?', '2024-10-06'],
    ['Which customers have not ordered for more than 90 days?', '2024-10-06'],
    ['How many customers have we not heard from in 6 months?', '2024-08-01'],
    // The noun before the span got the top five customers by revenue, and "dormant accounts for 6 months" was looked up as a name.
    ['Who are our quiet customers for 60 days?', '2024-11-05'],
    ['How many dormant accounts for 6 months do we have?', '2024-08-01'],
    ['How many customers have we not heard from in six months?', '2024-08-01'],
  ])('"%s" lists those with no purchase since %s', async (question, from) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toMatch(new RegExp(`, but not in ${from} … 2025-01-03$`));
    expect(answer.result?.totalRows).toBe(silentSince(from));
  });
});

// Found by a second review of this session.
describe('silences that are not up to now, a customer segment, and a year of silence', () => {
  it.each(['How many customers came back after being inactive for 90 days?', 'Which customers were inactive for 90 days in 2023?'])(
    '"%s" is refused: a silence is read up to the end of the file only',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain('not a silence within a period or between two purchases yet');
    },
  );

  it('"How many customers have been inactive for a year?" are those with no purchase in the last 12 months (it counted all)', async () => {
    const answer = await answerWithQuery('How many customers have been inactive for a year?', file.snapshot, today);
    expect(answer.result?.understood).toMatch(/, but not in 2024-02-01 … 2025-01-03$/);
    const before = new Set(rows.filter((r) => bought(r) && r.CustomerID && r.InvoiceDate < '2024-02-01').map((r) => r.CustomerID));
    for (const r of rows) if (bought(r) && r.InvoiceDate >= '2024-02-01') before.delete(r.CustomerID);
    expect(answer.result?.totalRows).toBe(before.size);
  });

  it('"Revenue by customer segment" is refused on a file with no Segment column (it gave the total, or ranked customers)', async () => {
    const answer = await answerWithQuery('Revenue by customer segment', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't group by “segment”: it is not a column of this file I can slice by.");
  });
});

describe('asked on 30 November 2026, in the eighth session', () => {
  it('"Which Fastening customers bought in 2024?" is refused: no value is called so (it listed every customer of 2024)', async () => {
    const answer = await answerWithQuery('Which Fastening customers bought in 2024?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I couldn't find “Fastening” among this file's customers, products or other values.");
  });

  it('"Which Bolt customers bought in 2024?" ranks the buyers of the products named Bolt … (it ranked every customer)', async () => {
    const expected = grouped(
      (r) => inYear(2024)(r) && r.Description.startsWith('Bolt'),
      (r) => r.CustomerName,
      revenue,
    ).slice(0, 3);
    const answer = await answerWithQuery('Which Bolt customers bought in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe(
      'revenue, orders, by customer, orders > 0, product name starting with “Bolt”, 2024-01-01 … 2024-12-31',
    );
    expect(answer.result?.rows.slice(0, 3).map((row) => row[0])).toEqual(expected.map(([name]) => name));
    answer.result?.rows.slice(0, 3).forEach((row, i) => expect(row[1] as number).toBeCloseTo(expected[i][1], 6));
  });

  it('"Which German region sells the most?" ranks the German regions only (it ranked every region)', async () => {
    const german = grouped(
      (r) => r.Region.startsWith('DE-'),
      (r) => r.Region,
      revenue,
    );
    await expectRows(
      'Which German region sells the most?',
      german.slice(0, 1),
      'top 1 by revenue, by region, region in DE-North, DE-South',
    );
  });

  it('"German profit in 2024" is the German regions\' gross profit', async () => {
    const expected = rows.filter((r) => r.Region.startsWith('DE-') && inYear(2024)(r)).reduce((sum, r) => sum + profit(r), 0);
    await expectRows('German profit in 2024', expected, 'gross profit, region in DE-North, DE-South, 2024-01-01 … 2024-12-31');
  });

  it.each([
    'Which products did our top customer buy?',
    'What products did our biggest customer buy?',
    'Which products did our top customer buy in total?',
  ])('"%s" is refused as two questions in one (it gave the top customer-and-product pair)', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toMatch(/I can't look up "(top|biggest) customer" and answer about it in one step/);
  });

  /** The distinct customers of the rows passing `keep`, counted by `key`, most first. */
  const customersBy = (keep: (r: Row) => boolean, key: (r: Row) => string): [string, number][] => {
    const sets = new Map<string, Set<string>>();
    for (const r of rows) if (keep(r) && bought(r)) sets.set(key(r), (sets.get(key(r)) ?? new Set()).add(r.CustomerID));
    return [...sets].map(([k, ids]): [string, number] => [k, ids.size]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };

  // Each got the whole file's rep ranking, or Rep 7's scorecard: the rows of the value named answer.
  it('"Which rep has the most customers in UK?" ranks the reps by their customers in UK', async () => {
    const [[rep, customers]] = customersBy(
      (r) => r.Region === 'UK',
      (r) => r.SalesRep,
    );
    await expectRows('Which rep has the most customers in UK?', [[rep, customers]], 'top 1 by customers, by sales rep, region = UK');
  });

  it('"Who sells the most in DE-South?" is the rep who sold most there (it got the top customer)', async () => {
    const [top] = grouped(
      (r) => r.Region === 'DE-South',
      (r) => r.SalesRep,
      revenue,
    );
    await expectRows('Who sells the most in DE-South?', [top], 'top 1 by revenue, by sales rep, region = DE-South');
  });

  it('"Who sold the most in 2024?" is the rep who sold most in 2024', async () => {
    const [top] = grouped(inYear(2024), (r) => r.SalesRep, revenue);
    await expectRows('Who sold the most in 2024?', [top], 'top 1 by revenue, by sales rep, 2024-01-01 … 2024-12-31');
  });

  it('"Which Rep 7 customers bought Safety?" lists Rep 7\'s Safety buyers (it got Rep 7\'s scorecard)', async () => {
    const expected = grouped(
      (r) => r.SalesRep === 'Rep 7' && r.Category === 'Safety',
      (r) => r.CustomerName,
      revenue,
    );
    const buyers = new Set(rows.filter((r) => r.SalesRep === 'Rep 7' && r.Category === 'Safety' && bought(r)).map((r) => r.CustomerName));
    const answer = await answerWithQuery('Which Rep 7 customers bought Safety?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, category = Safety, sales rep = Rep 7');
    expect(answer.result?.totalRows).toBe(buyers.size);
    const { answer: chat } = await askOffline('Which Rep 7 customers bought Safety?', analyse(file.aggregates), file.snapshot);
    expect(chat).toContain('I understood: **revenue, orders, by customer, orders > 0, category = Safety, sales rep = Rep 7**.');
    expect(chat).toContain(`| ${expected[0][0]} |`);
  });

  it('"Which rep has the most lost customers in FR-Est?" is refused: lost customers are counted over each whole book', async () => {
    const { answer } = await askOffline('Which rep has the most lost customers in FR-Est?', analyse(file.aggregates), file.snapshot);
    expect(answer).toBe(
      "I can rank the reps by lost customers over each rep's whole book, not within one region, category or other value yet; ask again without the value for the whole file.",
    );
  });

  it('"Which rep has the biggest customer?" ranks the reps by their top customer\'s revenue (it ranked the top customers\' shares)', async () => {
    const best = new Map<string, [string, number]>();
    for (const [key, sum] of grouped(
      () => true,
      (r) => `${r.SalesRep}\t${r.CustomerName}`,
      revenue,
    )) {
      const [rep, name] = key.split('\t');
      if (!best.has(rep)) best.set(rep, [name, sum]);
    }
    const [[rep, [name, sum]]] = [...best].sort((a, b) => b[1][1] - a[1][1]);
    const money = sum.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const { answer } = await askOffline('Which rep has the biggest customer?', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[2]).toBe(`1. ${rep}: ${name}, ${money}`);
  });

  it('"Who is the rep for Schmidt B.V. 31?" names the rep on their rows (it got their profile, with no rep in it)', async () => {
    const reps = grouped(
      (r) => r.CustomerName === 'Schmidt B.V. 31',
      (r) => r.SalesRep,
      revenue,
    );
    await expectRows('Who is the rep for Schmidt B.V. 31?', reps, 'revenue, by sales rep, customer = Schmidt B.V. 31');
  });

  it.each(['What should Rep 7 sell to Schmidt B.V. 31?', 'What should we sell to Schmidt B.V. 31?', 'What can we offer Schmidt B.V. 31?'])(
    '"%s" is the cross-sell answer for Schmidt B.V. 31 (it got their revenue, or their profile)',
    async (question) => {
      const result = analyse(file.aggregates);
      const asked = await askOffline(question, result, file.snapshot);
      const crossSell = await askOffline('What should we cross-sell to Schmidt B.V. 31?', result, file.snapshot);
      expect(asked.answer).toBe(crossSell.answer);
      expect(asked.answer).not.toContain('158,712.81');
    },
  );

  it.each([
    ['How dependent are we on Safety products?', 'category', 'Safety'],
    ['How much do we rely on DE-North?', 'region', 'DE-North'],
  ])('"%s" is the share of revenue of what is named (it got the customer concentration)', async (question, dimension, value) => {
    const key = (r: Row) => (dimension === 'category' ? r.Category : r.Region);
    const part = rows.filter((r) => key(r) === value).reduce((sum, r) => sum + revenue(r), 0);
    const total = rows.reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(`share of revenue, revenue, ${dimension} = ${value}`);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((part / total) * 100, 6);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(part, 6);
  });

  it.each([
    ['Which region depends most on Acme Supply, Inc.?', "not of each region's own revenue yet"],
    ['Which customers depend most on Acme Supply?', "not of each customer's own revenue yet"],
    // With costs, what a product costs may be its price or its cost to us.
    ['How many products cost more than 10?', '“cost” may be the price a product sells at or what it costs you'],
  ])('"%s" is refused (it listed Acme\'s products, or the top products)', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  // Found by the session's review: each read worse after the first mends.
  it.each([
    // "Best sellers" are reps on a file with reps (they became product × rep, or customer × product).
    ['Which reps are our best sellers?', 'revenue, by sales rep'],
    ['Who was our best seller in 2024?', 'top 1 by revenue, by sales rep, 2024-01-01 … 2024-12-31'],
    // Customers' first purchases are no products first sold.
    ['Top 5 products for customers who first bought in 2024', 'top 5 by new customers, by product, 2024-01-01 … 2024-12-31'],
    // Key accounts are the top customers (they were refused as a word of product names).
    ['Which Key accounts generate the most revenue?', 'revenue, by customer'],
    ['What are our best sellers in 2024?', 'revenue, by product, 2024-01-01 … 2024-12-31'],
    // "New" kept: every customer was counted.
    ['Which rep sold to the most new customers in 2024?', 'top 1 by new customers, by sales rep, 2024-01-01 … 2024-12-31'],
  ])('"%s" is read as %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
  });

  it.each([
    // A place the file does not hold was dropped, and the whole file's ranking given.
    ['Which rep has the most customers in Spain?', "I couldn't find “spain” among this file's customers, products or other values."],
    ['Which VIP customers generate the most revenue?', 'This file does not mark “vip customers”'],
  ])('"%s" is refused', async (question, reason) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(reason);
  });

  it('"Which rep has the biggest customers?" ranks the reps by their top customer (it was refused), "… most exposed to …" by its share', async () => {
    const result = analyse(file.aggregates);
    const biggest = await askOffline('Which rep has the biggest customers?', result, file.snapshot);
    expect(biggest.answer).toContain("sales reps ranked by the top customer's revenue, most first");
    const exposed = await askOffline('Which sales rep is most exposed to their biggest customer?', result, file.snapshot);
    expect(exposed.answer).toContain("sales reps ranked by the top customer's share, most first");
  });

  // From a second probe as a stranger.
  it('"wich rep sold most in 2024" is the top rep of 2024 (the misspelt "which" got the year\'s revenue)', async () => {
    const [top] = grouped(inYear(2024), (r) => r.SalesRep, revenue);
    await expectRows('wich rep sold most in 2024', [top], 'top 1 by revenue, by sales rep, 2024-01-01 … 2024-12-31');
  });

  it.each([
    ['Top 5 products by margn', 'top 5 by margin %, by product'],
    ['Top 5 custmers by revnue in 2024', 'top 5 by revenue, by customer, 2024-01-01 … 2024-12-31'],
    ['revnue by regoin in 2024', 'revenue, by region, 2024-01-01 … 2024-12-31'],
  ])('"%s" is read with its words mended, as %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
  });

  it('"Which categories\' margin improved in 2024 vs 2023?" keeps those whose margin rose (it listed all eight)', async () => {
    const marginOf = (year: number) =>
      new Map(
        grouped(inYear(year), (r) => r.Category, revenue).map(([category, sales]) => [
          category,
          rows.filter((r) => inYear(year)(r) && r.Category === category).reduce((sum, r) => sum + profit(r), 0) / sales,
        ]),
      );
    const [now, before] = [marginOf(2024), marginOf(2023)];
    const improved = [...now].filter(([category, margin]) => margin > (before.get(category) ?? Infinity)).length;
    expect(improved).toBeLessThan(8);
    const answer = await answerWithQuery("Which categories' margin improved in 2024 vs 2023?", file.snapshot, today);
    expect(answer.result?.understood).toBe(
      'margin %, sorted by change, by category, margin % up, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31',
    );
    expect(answer.result?.totalRows).toBe(improved);
  });

  it('"Which reps sell the most Acme products?" ranks the reps by their Acme revenue (it listed product × rep)', async () => {
    const expected = grouped(
      (r) => r.Supplier === 'Acme Supply, Inc.',
      (r) => r.SalesRep,
      revenue,
    );
    const answer = await answerWithQuery('Which reps sell the most Acme products?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by sales rep, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows[0][0]).toBe(expected[0][0]);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(expected[0][1], 6);
  });

  it('"Which suppliers sold to the most UK customers in 2024?" counts each supplier\'s UK customers (it listed customer × supplier)', async () => {
    const [top] = customersBy(
      (r) => r.Region === 'UK' && inYear(2024)(r),
      (r) => r.Supplier,
    );
    const answer = await answerWithQuery('Which suppliers sold to the most UK customers in 2024?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by supplier, region = UK, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0]).toEqual(top);
  });

  it('"Customers who buy Fasteners also buy what?" is read as "What else do customers who buy Fasteners buy?" (it got the product-pair rules)', async () => {
    const [asked, plain] = await Promise.all([
      answerWithQuery('Customers who buy Fasteners also buy what?', file.snapshot, today),
      answerWithQuery('What else do customers who buy Fasteners buy?', file.snapshot, today),
    ]);
    expect(asked.result?.understood).toBe(
      'top 10 by customers, by category, category ≠ Fasteners, customers who bought category = Fasteners',
    );
    expect(asked.result?.rows).toEqual(plain.result?.rows);
  });

  it('"Customers who buy Safety also buy which categories?" is read as "Which categories do customers who buy Safety also buy?" (it got the product-pair rules)', async () => {
    const [asked, plain] = await Promise.all([
      answerWithQuery('Customers who buy Safety also buy which categories?', file.snapshot, today),
      answerWithQuery('Which categories do customers who buy Safety also buy?', file.snapshot, today),
    ]);
    expect(asked.result?.understood).toBe('top 10 by customers, by category, category ≠ Safety, customers who bought category = Safety');
    expect(asked.result?.rows).toEqual(plain.result?.rows);
  });

  it('"New vs returning customers by quarter in 2024" counts both, by each customer\'s first purchase (it counted the returning only)', async () => {
    const first = new Map<string, string>();
    for (const r of rows)
      if (bought(r) && r.CustomerID && !(first.get(r.CustomerID)! <= r.InvoiceDate)) first.set(r.CustomerID, r.InvoiceDate);
    const quarterOf = (day: string) => `${day.slice(0, 4)} Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    const expected = ['2024 Q1', '2024 Q2', '2024 Q3', '2024 Q4'].map((quarter) => {
      const buyers = new Set(
        rows.filter((r) => bought(r) && r.CustomerID && quarterOf(r.InvoiceDate) === quarter).map((r) => r.CustomerID),
      );
      const fresh = [...buyers].filter((id) => quarterOf(first.get(id)!) === quarter).length;
      return [quarter, fresh, buyers.size - fresh];
    });
    const answer = await answerWithQuery('New vs returning customers by quarter in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('new customers, returning customers, by quarter, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows).toEqual(expected);
  });

  it.each([
    // Revenue over 1 by customer: "sales" of a rep read as revenue.
    ['How many customers have more than one sales rep?', "I can't apply “more than 1 sales rep” yet"],
    // 2024's revenue, "not" dropped; returns by product, those that had one.
    ['Products not sold in 2024', "I couldn't read “not sold” here"],
    ['Which products have never been returned?', 'not those with none of a figure or without it yet'],
    // The top products by revenue.
    ['Which products have the highest unit cost?', 'not a cost per unit, customer or order yet'],
    // The top product-and-supplier pair.
    ['Which supplier has the highest gross profit per product?', 'not a figure per product yet'],
  ])('"%s" is refused', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  it.each([
    ['Which of our cheapest products sell the most?', 'cheapest products'],
    ['Which of our best-selling products have the lowest margin?', 'best-selling products'],
  ])('"%s" is refused: some of one ranking, ranked again (it gave the first ranking alone)', async (question, ranked) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I can't pick out some of the ${ranked} in one step yet.`);
  });
});

describe('asked on 30 November 2026, in the ninth session', () => {
  // It ranked the customers by margin (Lambert Ltd 659 at 44.8%): the top ones are by revenue, the margin beside.
  it('"Top 5 customers in 2023 with their margin" ranks by 2023 revenue, each with its margin', async () => {
    const in2023 = inYear(2023);
    const top = grouped(in2023, (r) => r.CustomerName, revenue).slice(0, 5);
    const profits = new Map(grouped(in2023, (r) => r.CustomerName, profit));
    const answer = await answerWithQuery('Top 5 customers in 2023 with their margin', file.snapshot, today);
    expect(answer.result?.understood).toBe('top 5 by revenue, by customer, 2023-01-01 … 2023-12-31');
    expect(answer.result?.rows.map((row) => row[0])).toEqual(top.map(([name]) => name));
    answer.result?.rows.forEach((row, i) => {
      expect(row[1] as number).toBeCloseTo(top[i][1], 6);
      expect(row[2] as number).toBeCloseTo(((profits.get(top[i][0]) ?? NaN) / top[i][1]) * 100, 6);
    });
  });

  // It set 2024's quarters beside 2023's, each 0.00 in the other year (8 rows, "2023 Q1 | 0.00 | 4,053,522.33 | -100.0%").
  it('"Revenue by quarter 2024 vs 2023" sets each quarter of 2024 against the same quarter of 2023', async () => {
    const quarterOf = (r: Row) => `Q${Math.ceil(Number(r.InvoiceDate.slice(5, 7)) / 3)}`;
    const byQuarter = (year: number) => new Map(grouped(inYear(year), quarterOf, revenue));
    const [y2024, y2023] = [byQuarter(2024), byQuarter(2023)];
    const answer = await answerWithQuery('Revenue by quarter 2024 vs 2023', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by quarter, each against the same quarter a year before, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows.map((row) => row[0])).toEqual(['2024 Q1', '2024 Q2', '2024 Q3', '2024 Q4']);
    answer.result?.rows.forEach((row) => {
      const quarter = String(row[0]).slice(5);
      expect(row[1] as number).toBeCloseTo(y2024.get(quarter) ?? NaN, 6);
      expect(row[2] as number).toBeCloseTo((y2024.get(quarter) ?? NaN) - (y2023.get(quarter) ?? NaN), 6);
    });
  });

  // It ranked every rep by their top customer's share; Rep 7 was not among the 9 shown.
  it('"How concentrated is Rep 7\'s revenue?" gives Rep 7\'s largest customer and its share', async () => {
    const byCustomer = grouped(
      (r) => r.SalesRep === 'Rep 7',
      (r) => r.CustomerName,
      revenue,
    );
    const positive = byCustomer.filter(([, v]) => v > 0).reduce((sum, [, v]) => sum + v, 0);
    const [top, topRevenue] = byCustomer[0];
    const share = ((topRevenue / positive) * 100).toFixed(1);
    const { answer } = await askOffline("How concentrated is Rep 7's revenue?", analyse(file.aggregates), file.snapshot);
    expect(answer).toContain("I understood: **Rep 7's scorecard");
    expect(answer).toContain(`- Largest customer: ${top}, ${share}% of the rep's revenue`);
  });

  // It listed the flagged customers, medium risk first: one had bought 28 days before.
  it('"Which customers stopped buying?" lists the lost customers only', async () => {
    const result = analyse(file.aggregates);
    const lost = result.churn?.customers.filter((c) => c.risk === 'lost').length;
    const { answer } = await askOffline('Which customers stopped buying?', result, file.snapshot);
    expect(answer).toContain(`**${lost?.toLocaleString('en-US')} customers** are lost.`);
    const listed = answer.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((line) => line.includes(': lost, '))).toBe(true);
  });

  // It gave Acme's German revenue over all revenue, 3.1%.
  it('"What share of revenue in Germany comes from Acme Supply?" is of Germany\'s revenue', async () => {
    const german = rows.filter((r) => r.Region.startsWith('DE-'));
    const acme = german.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + revenue(r), 0);
    const all = german.reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery('What share of revenue in Germany comes from Acme Supply?', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, supplier = Acme Supply, Inc., within region in DE-North, DE-South');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((acme / all) * 100, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
  });

  // A first version of the two-digit years read "june 15" as June 2015.
  it.each([
    ['revenue on june 15', 'revenue, 2024-06-15 … 2024-06-15'],
    ['revenue since march 15', 'revenue, 2024-03-15 … 2025-01-03'],
  ])('"%s" is a day of the last year: %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
  });

  // Each got a figure of every row: all orders (2,482), all revenue, or all of 2024's.
  it.each([
    ['How many invoices had a discount?', '“discount”'],
    ['Revenue of online orders', '“online”'],
    ['Revenue by sales channel', '“sales channel”'],
    ['Revenue from paid invoices in 2024', '“paid”'],
  ])('"%s" is refused: the file records no such thing', async (question, word) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`so I can't pick out or split by ${word}.`);
  });

  // Each got the top 5 Tools products by revenue, and no count.
  it.each(['Number of products in the Tools category', 'How many products are in the Tools category?'])(
    '"%s" counts the Tools products sold',
    async (question) => {
      const tools = new Set(rows.filter((r) => r.Category === 'Tools' && bought(r)).map((r) => r.ProductCode)).size;
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('products, category = Tools');
      expect(answer.result?.rows[0][0]).toBe(tools);
    },
  );

  it('"Revenue by month Q4 2024 vs Q3 2024" is refused: two periods\' months do not pair up', async () => {
    const answer = await answerWithQuery('Revenue by month Q4 2024 vs Q3 2024', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('not the months of two other periods side by side');
  });
});

describe('asked on 1 December 2026, in the tenth session', () => {
  // It listed 304 products' shares of all 2024 gross profit, 0.5% at most.
  it('"What share of our 2024 gross profit came from Acme Supply, Inc. products?" is the supplier’s one share', async () => {
    const all = rows.filter(inYear(2024)).reduce((sum, r) => sum + profit(r), 0);
    const acme = rows.filter((r) => inYear(2024)(r) && r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + profit(r), 0);
    const answer = await answerWithQuery('What share of our 2024 gross profit came from Acme Supply, Inc. products?', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of gross profit, gross profit, supplier = Acme Supply, Inc., 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((100 * acme) / all, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
  });

  // It got the 16 products' total, 51,594.10.
  it('"Top 5 products by revenue in 2024 among Supplier 13 products in AT" ranks those products', () =>
    expectRows(
      'Top 5 products by revenue in 2024 among Supplier 13 products in AT',
      grouped(
        (r) => inYear(2024)(r) && r.Supplier === 'Supplier 13' && r.Region === 'AT',
        (r) => r.Description,
        revenue,
      ).slice(0, 5),
      'top 5 by revenue, by product, supplier = Supplier 13, region = AT, 2024-01-01 … 2024-12-31',
    ));

  // It was refused as a share of some customers only: the "." of "Co." ended the name.
  it('"What share of Vogel & Co. KG 8\'s revenue comes from Tools?" is of that customer’s revenue', async () => {
    const own = (r: Row) => r.CustomerName === 'Vogel & Co. KG 8';
    const all = rows.filter(own).reduce((sum, r) => sum + revenue(r), 0);
    const tools = rows.filter((r) => own(r) && r.Category === 'Tools').reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery("What share of Vogel & Co. KG 8's revenue comes from Tools?", file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, category = Tools, within customer = Vogel & Co. KG 8');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((100 * tools) / all, 9);
  });
});

describe('asked on 1 December 2026, in the eleventh session', () => {
  /** How many customers' figure, summed over the rows `keep` holds, passes `passes` (every customer with such rows). */
  function customersWith(keep: (r: Row) => boolean, figure: (rs: Row[]) => number, passes: (n: number) => boolean): number {
    const byCustomer = new Map<string, Row[]>();
    for (const r of rows.filter(keep)) byCustomer.set(r.CustomerID, [...(byCustomer.get(r.CustomerID) ?? []), r]);
    return [...byCustomer.values()].filter((rs) => passes(figure(rs))).length;
  }
  const ordersOf = (rs: Row[]) => new Set(rs.filter(bought).map((r) => r.InvoiceNo)).size;
  const sum = (value: (r: Row) => number) => (rs: Row[]) => rs.reduce((s, r) => s + value(r), 0);

  // A bound denied was read as the bound: "no more than one order" kept those with more than one (555 of 1,077).
  it.each([
    [
      'How many customers have no more than one order?',
      'orders, by customer, orders = 1',
      // A customer is one who bought: the 22 with only credit notes have no order to count.
      () =>
        customersWith(
          () => true,
          ordersOf,
          (n) => n === 1,
        ),
    ],
    [
      'Customers with no fewer than 5 orders',
      'orders, by customer, orders ≥ 5',
      () =>
        customersWith(
          () => true,
          ordersOf,
          (n) => n >= 5,
        ),
    ],
    [
      'Customers with up to 2 orders',
      'orders, by customer, orders between 1 and 2',
      () =>
        customersWith(
          () => true,
          ordersOf,
          (n) => n >= 1 && n <= 2,
        ),
    ],
    [
      'Customers who spent no more than 1,000 in 2024',
      'revenue, by customer, revenue ≤ 1,000, 2024-01-01 … 2024-12-31',
      () => customersWith(inYear(2024), sum(revenue), (n) => n <= 1000),
    ],
    [
      'Customers whose revenue is north of 150k',
      'revenue, by customer, revenue > 150,000',
      () =>
        customersWith(
          () => true,
          sum(revenue),
          (n) => n > 150_000,
        ),
    ],
    // "Negative revenue" and "unprofitable" listed the top customers, or gave the file's gross profit.
    [
      'Which customers have negative revenue?',
      'revenue, by customer, revenue < 0',
      () =>
        customersWith(
          () => true,
          sum(revenue),
          (n) => n < 0,
        ),
    ],
    [
      'unprofitable customers',
      'gross profit, by customer, gross profit < 0',
      () =>
        customersWith(
          () => true,
          sum(profit),
          (n) => n < 0,
        ),
    ],
  ])('"%s" is read as %s', async (question, understood, reference) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
    const n = reference();
    expect(n).toBeGreaterThan(0);
    expect(answer.result?.totalRows).toBe(n);
  });

  // A typo before a figure got the whole file's revenue: nothing says a name stands there, so it is
  // refused with the name it is near; after "for" it is read as that name.
  it('"hydraulcs revenue in 2024" is refused, naming Hydraulics', async () => {
    const answer = await answerWithQuery('hydraulcs revenue in 2024', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      "I couldn't find “hydraulcs” among this file's customers, products or other values. Did you mean “Hydraulics”?",
    );
  });
  it('"revenue for hydraulcs in 2024" is the Hydraulics category’s', () =>
    expectRows(
      'revenue for hydraulcs in 2024',
      revenueOf(inYear(2024), (r) => r.Category, 'Hydraulics'),
      'revenue, category = Hydraulics, 2024-01-01 … 2024-12-31',
    ));
  it('"fastenng revenue", too far from Fasteners to be read as it, is refused by name', async () => {
    const answer = await answerWithQuery('fastenng revenue', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I couldn't find “fastenng” among this file's customers, products or other values.");
  });

  // It listed the 11 customers' own averages, with none for them together.
  it('"What is the average order value for customers with more than 5 orders?" gives theirs together', async () => {
    const byCustomer = new Map<string, Row[]>();
    for (const r of rows) byCustomer.set(r.CustomerID, [...(byCustomer.get(r.CustomerID) ?? []), r]);
    const kept = [...byCustomer.values()].filter((rs) => ordersOf(rs) > 5);
    const together = kept.reduce((s, rs) => s + sum(revenue)(rs), 0) / kept.reduce((s, rs) => s + ordersOf(rs), 0);
    const answer = await answerWithQuery('What is the average order value for customers with more than 5 orders?', file.snapshot, today);
    expect(answer.result?.understood).toBe('orders, average order value, by customer, orders > 5');
    expect(answer.result?.totalRows).toBe(kept.length);
    expect(answer.result?.keptTotals?.[0].value).toBeCloseTo(together, 6);
  });
  it('"no fewer than three orders" is three or more, the count written in words', async () => {
    const answer = await answerWithQuery('Customers with no fewer than three orders', file.snapshot, today);
    expect(answer.result?.understood).toBe('orders, by customer, orders ≥ 3');
    expect(answer.result?.totalRows).toBe(
      customersWith(
        () => true,
        ordersOf,
        (n) => n >= 3,
      ),
    );
  });
  // It listed the customers who stopped buying, Acme dropped.
  it('"How much revenue would we lose if Acme Supply stopped?" is Acme Supply’s revenue and share', async () => {
    const acme = rows.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((s, r) => s + revenue(r), 0);
    const all = rows.reduce((s, r) => s + revenue(r), 0);
    const answer = await answerWithQuery('How much revenue would we lose if Acme Supply stopped?', file.snapshot, today);
    expect(answer.result?.understood).toBe('share of revenue, revenue, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo((100 * acme) / all, 9);
    expect(answer.result?.rows[0][1] as number).toBeCloseTo(acme, 6);
  });
  // It listed the suppliers with returns.
  it('"Which suppliers have no returns?" is refused, with no list', async () => {
    const answer = await answerWithQuery('Which suppliers have no returns?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('not those with none of a figure or without it yet');
  });

  // On 3 January "the last 12 months" are February to 3 January, which read as a year with no word of it.
  it('"Revenue in the last 12 months" says its last month is only days so far', async () => {
    const last = today.toISOString().slice(0, 10);
    const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const answer = await answerWithQuery('Revenue in the last 12 months', file.snapshot, today);
    expect(answer.result?.understood).toBe(`revenue, ${from} … ${last}`);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(
      rows.filter((r) => r.InvoiceDate >= from && r.InvoiceDate <= last).reduce((s, r) => s + revenue(r), 0),
      6,
    );
    expect(answer.text).toContain(
      `The last 12 months here are calendar months, ${from} … ${last}: the last of them has only ${today.getUTCDate()} days so far.`,
    );
  });
});

describe('asked on 1 December 2026, in the twelfth session', () => {
  const inGermany = (r: Row) => r.Region.startsWith('DE-');
  /** The customers with more than `n` orders among the rows `keep` holds. */
  function customersWithMoreOrdersThan(keep: (r: Row) => boolean, n: number): number {
    const orders = new Map<string, Set<string>>();
    for (const r of rows.filter((r) => keep(r) && bought(r)))
      orders.set(r.CustomerID, (orders.get(r.CustomerID) ?? new Set()).add(r.InvoiceNo));
    return [...orders.values()].filter((o) => o.size > n).length;
  }
  // A slip of a country the file writes by its code was refused, and Germany's regions were listed for its customers.
  it('"revenue in germny" reads the slip as Germany, its two regions', () =>
    expectRows(
      'revenue in germny',
      rows.filter(inGermany).reduce((s, r) => s + revenue(r), 0),
      'revenue, region in DE-North, DE-South',
    ));
  it('"sales in frnace in 2024" reads two letters swapped as one slip', () =>
    expectRows(
      'sales in frnace in 2024',
      rows.filter((r) => r.Region === 'FR-Est' && inYear(2024)(r)).reduce((s, r) => s + revenue(r), 0),
      'revenue, region = FR-Est, 2024-01-01 … 2024-12-31',
    ));
  it.each([
    ['customers in germany with more than 5 orders', 5, inGermany, 'orders, by customer, orders > 5, region in DE-North, DE-South'],
    [
      'customers in germany or france with more than two orders',
      2,
      (r: Row) => inGermany(r) || r.Region === 'FR-Est',
      'orders, by customer, orders > 2, region in DE-North, DE-South, FR-Est',
    ],
  ])('"%s" lists the customers past the bound, not the regions', async (question, n, keep, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
    expect(answer.result?.totalRows).toBe(customersWithMoreOrdersThan(keep, n));
  });
  // Every customer, every order was counted: the goods named in lower case were dropped.
  it.each(['how many customers bought valves', 'how many orders included hoses', 'which customers bought cables in BE'])(
    '"%s" is refused: products are not picked by a word of their names',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain("I can't pick out products by a word of their names");
    },
  );
  // A country's code was no region ("DE" refused or dropped: "DE vs AT revenue" gave AT's alone); lower-case codes beside "vs" were dropped.
  it('"Which DE customers bought Hydraulics?" lists the buyers in DE-North and DE-South', async () => {
    // Every customer with a Hydraulics line there that is no return, as "Which customers bought Hydraulics or Bearings?" lists them.
    const buyers = new Set(rows.filter((r) => inGermany(r) && r.Category === 'Hydraulics' && bought(r)).map((r) => r.CustomerID));
    const answer = await answerWithQuery('Which DE customers bought Hydraulics?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, category = Hydraulics, region in DE-North, DE-South');
    expect(answer.result?.totalRows).toBe(buyers.size);
  });
  it.each([
    ['DE vs AT revenue', ['AT', 'DE-North', 'DE-South']],
    ['revenue uk vs de', ['DE-North', 'DE-South', 'UK']],
    ['revenue nl vs be', ['BE', 'NL']],
  ])('"%s" sets the regions side by side', async (question, regions) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(`revenue, by region, region in ${regions.join(', ')}`);
    const byRegion = new Map(
      grouped(
        (r) => regions.includes(r.Region),
        (r) => r.Region,
        revenue,
      ),
    );
    expect(answer.result?.rows.length).toBe(regions.length);
    for (const [region, value] of answer.result?.rows ?? []) expect(value as number).toBeCloseTo(byRegion.get(region as string) ?? NaN, 6);
  });
  // "Including returns" is what revenue holds, not goods an order holds.
  it('"Revenue by region including returns" sets the returns beside the revenue', async () => {
    const answer = await answerWithQuery('Revenue by region including returns', file.snapshot, today);
    expect(answer.result?.understood).toBe('returns, revenue, by region');
  });
  it('"what share of customers in germany ordered in Q4 2024?" is refused: the part is a period', async () => {
    const answer = await answerWithQuery('what share of customers in germany ordered in Q4 2024?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('not yet what share of the customers in DE-North and DE-South bought in a period');
  });
});

describe('asked on 1 December 2026, in the thirteenth session', () => {
  const buyersWhere = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => keep(r) && bought(r)).map((r) => r.CustomerID));
  const customersWhere = (keep: (r: Row) => boolean) => new Set(rows.filter(keep).map((r) => r.CustomerID));

  // It listed every customer with a Hydraulics line, the 16 whose only ones were credit notes too.
  it.each(['Which customers bought Hydraulics?', 'Who bought Hydraulics?', 'List the customers who purchased Hydraulics'])(
    '"%s" lists only the customers with a Hydraulics purchase',
    async (question) => {
      const hydraulics = (r: Row) => r.Category === 'Hydraulics';
      const buyers = buyersWhere(hydraulics);
      // The file has customers whose only Hydraulics lines are returns, or this would prove nothing.
      expect(customersWhere(hydraulics).size).toBeGreaterThan(buyers.size);
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, category = Hydraulics');
      expect(answer.result?.totalRows).toBe(buyers.size);
      const expected = grouped(
        (r) => hydraulics(r) && buyers.has(r.CustomerID),
        (r) => r.CustomerName,
        revenue,
      );
      answer.result?.rows.forEach((row, i) => {
        expect(row[0]).toBe(expected[i][0]);
        expect(row[1] as number).toBeCloseTo(expected[i][1], 6);
      });
    },
  );

  // Opening the question, it got the product's summary.
  it('"customers that bought Clamp 2614mm" lists the product\'s buyers', async () => {
    const clamp = (r: Row) => r.Description === 'Clamp 2614mm';
    const answer = await answerWithQuery('customers that bought Clamp 2614mm', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, orders, by customer, orders > 0, product = Clamp 2614mm');
    expect(answer.result?.totalRows).toBe(buyersWhere(clamp).size);
  });

  it('"Which customers are in AT?" still lists every customer with a row there', async () => {
    const answer = await answerWithQuery('Which customers are in AT?', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by customer, region = AT');
    expect(answer.result?.totalRows).toBe(customersWhere((r) => r.Region === 'AT').size);
  });

  // Each counted every customer of the file: the name before "have" was read nowhere.
  it('"How many customers does Acme have?" counts the customers who bought from Acme Supply, Inc.', async () => {
    const answer = await answerWithQuery('How many customers does Acme have?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, supplier = Acme Supply, Inc.');
    expect(answer.result?.rows).toEqual([[buyersWhere((r) => r.Supplier === 'Acme Supply, Inc.').size]]);
  });

  it('"How many customers does Germany have?" counts the customers in DE-North and DE-South', async () => {
    const answer = await answerWithQuery('How many customers does Germany have?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, region in DE-North, DE-South');
    expect(answer.result?.rows).toEqual([[buyersWhere((r) => r.Region.startsWith('DE-')).size]]);
  });

  it.each([
    ['How many customers does Zorblax have?', "I couldn't find “Zorblax” among this file's customers, products or other values."],
    ['how many customers does acme have', "I can't pick out suppliers by a word of their names (“acme”) yet"],
  ])('"%s" is refused by name', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });

  it('"How many customers does the company have?" counts every customer', async () => {
    const answer = await answerWithQuery('How many customers does the company have?', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers');
    expect(answer.result?.rows).toEqual([[buyersWhere(() => true).size]]);
  });
});

describe('a supplier named in lower case', () => {
  // It gave the UK's whole 2024 revenue, Acme dropped.
  it('"acme sales in the uk in 2024" is refused, saying how to ask', async () => {
    const answer = await answerWithQuery('acme sales in the uk in 2024', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('“Acme” begins the name of one supplier, Acme Supply, Inc. Type it as the file writes it');
  });
  it('"Acme sales in the UK in 2024" is the supplier\'s there', async () => {
    const expected = rows
      .filter((r) => r.Supplier === 'Acme Supply, Inc.' && r.Region === 'UK' && inYear(2024)(r))
      .reduce((sum, r) => sum + revenue(r), 0);
    const answer = await answerWithQuery('Acme sales in the UK in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, supplier = Acme Supply, Inc., region = UK, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });
});

describe('two sales reps named', () => {
  const buyersOfRep = (rep: string) => new Set(rows.filter((r) => r.SalesRep === rep && bought(r)).map((r) => r.CustomerID));
  // It got Rep 13's scorecard alone.
  it('"Rep 3 vs Rep 13 customer count" sets both reps side by side in the chat', async () => {
    const served = (rep: string) => buyersOfRep(rep).size;
    const { answer, trace } = await askOffline('Rep 3 vs Rep 13 customer count', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:query_data');
    expect(answer.split('\n')[0]).toBe('I understood: **customers, by sales rep, sales rep in Rep 13, Rep 3**.');
    expect(answer).toContain(`| Rep 3 | ${served('Rep 3')} |`);
    expect(answer).toContain(`| Rep 13 | ${served('Rep 13')} |`);
  });
  // "Rep 1" inside "Rep 13" was taken for no rep: Rep 13's scorecard alone.
  it('"Rep 1 vs Rep 13 customer count" sets both side by side', async () => {
    const { answer } = await askOffline('Rep 1 vs Rep 13 customer count', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe('I understood: **customers, by sales rep, sales rep in Rep 13, Rep 1**.');
    expect(answer).toContain(`| Rep 1 | ${buyersOfRep('Rep 1').size} |`);
  });
  it('"List customers ordered by revenue" lists every customer, no bound', async () => {
    const answer = await answerWithQuery('List customers ordered by revenue', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, by customer');
    expect(answer.result?.totalRows).toBe(new Set(rows.map((r) => r.CustomerID)).size);
  });
  it('"Rep 13 customers" is still the rep\'s scorecard', async () => {
    const { answer } = await askOffline('Rep 13 customers', analyse(file.aggregates), file.snapshot);
    expect(answer.startsWith("I understood: **Rep 13's scorecard")).toBe(true);
  });
});

describe('asked on 1 December 2026, in the fourteenth session', () => {
  /** Per rep with a purchase, its buyers; averaged, the number of rep × buyer pairs over the reps. */
  const pairs = (key: (r: Row) => string, of: (r: Row) => string, keep: (r: Row) => boolean = () => true) => {
    const seen = new Map<string, Set<string>>();
    for (const r of rows.filter((row) => bought(row) && keep(row))) {
      const set = seen.get(key(r)) ?? new Set<string>();
      set.add(of(r));
      seen.set(key(r), set);
    }
    return [...seen.values()].reduce((sum, set) => sum + set.size, 0) / seen.size;
  };
  // It counted every customer, 1,610.
  it.each(['How many customers does a rep have on average?', 'average customers per rep', 'how many customers per rep on average'])(
    '"%s" averages each rep\'s buyers over the reps',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('average customers per sales rep');
      expect(answer.result?.rows[0][0]).toBeCloseTo(
        pairs(
          (r) => r.SalesRep,
          (r) => r.CustomerID,
        ),
        10,
      );
    },
  );
  it('"average number of customers per sales rep by region" averages within each region', async () => {
    const answer = await answerWithQuery('average number of customers per sales rep by region', file.snapshot, today);
    expect(answer.result?.understood).toBe('average customers per sales rep, by region');
    const uk = answer.result?.rows.find((row) => row[0] === 'UK');
    expect(uk?.[1]).toBeCloseTo(
      pairs(
        (r) => r.SalesRep,
        (r) => r.CustomerID,
        (r) => r.Region === 'UK',
      ),
      10,
    );
  });
  it('"average orders per customer in 2024" averages each buyer\'s 2024 orders', async () => {
    const answer = await answerWithQuery('average orders per customer in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('average orders per customer, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0]).toBeCloseTo(
      pairs(
        (r) => r.CustomerID,
        (r) => r.InvoiceNo,
        (r) => r.InvoiceDate.startsWith('2024'),
      ),
      10,
    );
  });
  // It listed each rep's revenue.
  it('"revenue per rep average" is the reps\' revenue over the reps', async () => {
    const answer = await answerWithQuery('revenue per rep average', file.snapshot, today);
    const reps = new Set(rows.filter(bought).map((r) => r.SalesRep));
    const total = rows.filter((r) => reps.has(r.SalesRep)).reduce((sum, r) => sum + revenue(r), 0);
    expect(answer.result?.understood).toBe('average revenue per sales rep');
    expect(answer.result?.rows[0][0]).toBeCloseTo(total / reps.size, 6);
  });
  // Ratios are still each row's own.
  it('"average margin per region" is each region\'s margin', async () => {
    const answer = await answerWithQuery('average margin per region', file.snapshot, today);
    expect(answer.result?.understood).toBe('margin %, by region');
  });
  const buyersWhere = (keep: (r: Row) => boolean) => new Set(rows.filter((r) => bought(r) && keep(r)).map((r) => r.CustomerID)).size;
  // Each got revenue side by side.
  it('"Rep 3 vs Rep 13 customers" counts each rep\'s buyers', async () => {
    const answer = await answerWithQuery('Rep 3 vs Rep 13 customers', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by sales rep, sales rep in Rep 13, Rep 3');
    expect(answer.result?.rows).toEqual(
      expect.arrayContaining([
        ['Rep 3', buyersWhere((r) => r.SalesRep === 'Rep 3')],
        ['Rep 13', buyersWhere((r) => r.SalesRep === 'Rep 13')],
      ]),
    );
  });
  it('"customers in 2024 vs 2023" counts each year\'s buyers', async () => {
    const answer = await answerWithQuery('customers in 2024 vs 2023', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31');
    expect(answer.result?.rows[0].slice(0, 2)).toEqual([
      buyersWhere((r) => r.InvoiceDate.startsWith('2024')),
      buyersWhere((r) => r.InvoiceDate.startsWith('2023')),
    ]);
  });
  // Each got all returns, or the average price.
  it.each([
    ['largest credit note', 'not pick out the single largest or smallest line, order or credit note yet'],
    ['highest unit price', 'not the lowest or highest price of a single line yet'],
    ['max quantity on a single line', 'not pick out the single largest or smallest line, order or credit note yet'],
  ])('"%s" is refused', async (question, reason) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(reason);
  });
  /** Each customer's revenue over all their lines, credit notes netted. */
  const netByCustomer = () => {
    const net = new Map<string, number>();
    for (const r of rows) net.set(r.CustomerID, (net.get(r.CustomerID) ?? 0) + revenue(r));
    return net;
  };
  // It listed the 22 customers who bought and returned, most of whom returned less.
  it.each(['customers who returned more than they bought', 'which customers have negative net revenue'])(
    '"%s" lists the customers with net returns',
    async (question) => {
      const below = [...netByCustomer()].filter(([, net]) => net < 0);
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result?.understood).toBe('revenue, by customer, revenue < 0');
      expect(answer.result?.totalRows).toBe(below.length);
    },
  );
  // It listed the 4 who did buy.
  it('"which customers had returns in 2024 but no purchases" lists those with returns and no order', async () => {
    const in2024 = rows.filter((r) => r.InvoiceDate.startsWith('2024'));
    const buyers = new Set(in2024.filter(bought).map((r) => r.CustomerID));
    const returners = new Set(in2024.filter((r) => !bought(r)).map((r) => r.CustomerID));
    const answer = await answerWithQuery('which customers had returns in 2024 but no purchases', file.snapshot, today);
    expect(answer.result?.understood).toMatch(/, by customer, orders = 0, 2024-01-01 … 2024-12-31$/);
    expect(answer.result?.totalRows).toBe([...returners].filter((c) => !buyers.has(c)).length);
  });
  // It got Rep 7's scorecard of the whole book.
  it('"how many customers does rep 7 have in the UK" counts the buyers of both', async () => {
    const { answer } = await askOffline('how many customers does rep 7 have in the UK', analyse(file.aggregates), file.snapshot);
    expect(answer.split('\n')[0]).toBe('I understood: **customers, sales rep = Rep 7, region = UK**.');
    expect(answer).toContain(`| ${buyersWhere((r) => r.SalesRep === 'Rep 7' && r.Region === 'UK')} |`);
  });
  // It listed customer × rep revenue.
  it('"number of distinct customers per sales rep last year" counts each rep\'s buyers of 2024', async () => {
    const answer = await answerWithQuery('number of distinct customers per sales rep last year', file.snapshot, today);
    expect(answer.result?.understood).toBe('customers, by sales rep, 2024-01-01 … 2024-12-31');
    const rep7 = answer.result?.rows.find((row) => row[0] === 'Rep 7');
    expect(rep7?.[1]).toBe(buyersWhere((r) => r.SalesRep === 'Rep 7' && r.InvoiceDate.startsWith('2024')));
  });
  // It kept Supplier 13 alone.
  it('"acme vs supplier 13 margin" is refused, saying how to name Acme', async () => {
    const answer = await answerWithQuery('acme vs supplier 13 margin', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain('“Acme” begins the name of one supplier, Acme Supply, Inc.');
  });
  // It got the whole file's revenue.
  it('"rep7 revenue" is Rep 7\'s', async () => {
    const answer = await answerWithQuery('rep7 revenue', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue, sales rep = Rep 7');
    const total = rows.filter((r) => r.SalesRep === 'Rep 7').reduce((sum, r) => sum + revenue(r), 0);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(total, 6);
  });
  // It got Rep 7's scorecard.
  it('"customers of Rep 7 who stopped buying" asks for the two periods, not the scorecard', async () => {
    const { answer } = await askOffline('customers of Rep 7 who stopped buying', analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('To find who stopped buying I need two periods');
  });
  // The review of this session: readings the averages must leave alone, and ones they must make.
  it.each([
    ['average monthly revenue per rep', 'average revenue per month, by sales rep'],
    ['revenue per rep vs average', 'revenue, by sales rep'],
    ['largest revenue by region', 'top 1 by revenue, by region'],
    ['max revenue rep', 'top 1 by revenue, by sales rep'],
    ['rep #7 revenue', 'revenue, sales rep = Rep 7'],
  ])('"%s" is read as %s', async (question, understood) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result?.understood).toBe(understood);
  });
  it('"average customers per rep in 2024" averages the buyers of 2024 (it was refused)', async () => {
    const answer = await answerWithQuery('average customers per rep in 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('average customers per sales rep, 2024-01-01 … 2024-12-31');
    expect(answer.result?.rows[0][0]).toBeCloseTo(
      pairs(
        (r) => r.SalesRep,
        (r) => r.CustomerID,
        (r) => r.InvoiceDate.startsWith('2024'),
      ),
      10,
    );
  });
  it('"how much does a rep sell on average" is the reps\' revenue over the reps (it was the total)', async () => {
    const answer = await answerWithQuery('how much does a rep sell on average', file.snapshot, today);
    const reps = new Set(rows.filter(bought).map((r) => r.SalesRep));
    expect(answer.result?.understood).toBe('average revenue per sales rep');
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(rows.reduce((sum, r) => sum + revenue(r), 0) / reps.size, 6);
  });
  // Revenue and returns averaged over customers keep returns-only customers' credits, as revenue per customer does.
  it('"average returns per customer" is all returns over the buyers', async () => {
    const answer = await answerWithQuery('average returns per customer', file.snapshot, today);
    const returned = rows.filter((r) => revenue(r) < 0).reduce((sum, r) => sum - revenue(r), 0);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(returned / new Set(rows.filter(bought).map((r) => r.CustomerID)).size, 6);
  });
  // Each got the whole period's customers, or those with 2 orders.
  it.each(['how many customers from 2022 are still buying', 'customers who came back after a year'])(
    '"%s" is refused',
    async (question) => {
      const answer = await answerWithQuery(question, file.snapshot, today);
      expect(answer.result).toBeNull();
      expect(answer.text).toContain('not read “still” or a comeback after a gap yet');
    },
  );
  // "Before returns 2024" was read as before 2024.
  it('"gross revenue before returns 2024" is 2024\'s', async () => {
    const answer = await answerWithQuery('gross revenue before returns 2024', file.snapshot, today);
    expect(answer.result?.understood).toBe('revenue before returns, returns, revenue, 2024-01-01 … 2024-12-31');
    const in2024 = rows.filter((r) => r.InvoiceDate.startsWith('2024'));
    expect(answer.result?.rows[0][2] as number).toBeCloseTo(
      in2024.reduce((sum, r) => sum + revenue(r), 0),
      6,
    );
  });
  // "What sells with X" got X's own revenue.
  it('"what sells with Tape 43mm" is the cross-sell answer', async () => {
    const { trace } = await askOffline('what sells with Tape 43mm', analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_cross_sell');
  });
  // Each got the top 5 of the whole file, or the top region × product rows.
  it.each(['top products by region', 'best sellers by region', 'top customer per region'])('"%s" is refused', async (question) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain("I can't rank within each region yet");
  });
});

describe('asked on 1 December 2026, in the fifteenth session', () => {
  const year = () => today.getUTCFullYear();
  // It kept the UK alone: the value left out after it is named.
  it('"UK excluded, revenue <year> by category" leaves the UK out', () =>
    expectRows(
      `UK excluded, revenue ${year()} by category`,
      grouped(
        (r) => inYear(year())(r) && r.Region !== 'UK',
        (r) => r.Category,
        revenue,
      ),
      `revenue, by category, region ≠ UK, ${year()}-01-01 … ${year()}-12-31`,
    ));
  it('"revenue <year>, Acme excluded" leaves the supplier out', () =>
    expectRows(
      `revenue ${year()}, Acme excluded`,
      grouped(
        (r) => inYear(year())(r) && r.Supplier !== 'Acme Supply, Inc.',
        () => 'all',
        revenue,
      )[0][1],
      `revenue, supplier ≠ Acme Supply, Inc., ${year()}-01-01 … ${year()}-12-31`,
    ));
  // Each got the whole file's figure: the code in lower case was read as no word at all.
  it.each([
    ['revenue uk 2024', '“uk”', '“in UK”'],
    ['orders uk 2024', '“uk”', '“in UK”'],
    ['revenue for Tools in be in 2024', '“be”', '“in BE”'],
    ['revenue de 2024', '“de”', '“in DE-North” or “in DE-South”'],
  ])('"%s" is refused and says how the file writes the place', async (question, code, place) => {
    const answer = await answerWithQuery(question, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I couldn't place ${code} in this question`);
    expect(answer.text).toContain(`say ${place}, as the file writes it`);
  });
  it('"revenue <code> <year>" in capitals is still the place\'s', () => {
    const code = rows.find((r) => /^[A-Z]{2}$/.test(r.Region) && inYear(year())(r))?.Region ?? '';
    expect(code).not.toBe('');
    return expectRows(
      `revenue ${code} ${year()}`,
      grouped(
        (r) => inYear(year())(r) && r.Region === code,
        () => 'all',
        revenue,
      )[0][1],
      `revenue, region = ${code}, ${year()}-01-01 … ${year()}-12-31`,
    );
  });
  // It got every credit note's returns.
  it('"how much was credited on <a credit note>" is refused', async () => {
    const note = rows.find((r) => r.InvoiceNo.startsWith('C'))?.InvoiceNo ?? '';
    expect(note).not.toBe('');
    const answer = await answerWithQuery(`how much was credited on ${note}`, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I couldn't place “${note}” in this question`);
  });
  it('"sales to Müller GmbH" says which customers the name starts', async () => {
    const names = new Set(rows.filter((r) => r.CustomerName.startsWith('Müller ')).map((r) => r.CustomerName));
    const answer = await answerWithQuery('sales to Müller GmbH', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`“Müller” starts the names of ${names.size} customers`);
  });
  // Each got the whole file's revenue of the year.
  it('"sales rep <a number in words> revenue <year>" is that rep\'s', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    const rep = rows.find((r) => inYear(year())(r) && Number(r.SalesRep.replace('Rep ', '')) <= 12)?.SalesRep ?? '';
    expect(rep).not.toBe('');
    return expectRows(
      `sales rep ${words[Number(rep.replace('Rep ', ''))]} revenue ${year()}`,
      grouped(
        (r) => inYear(year())(r) && r.SalesRep === rep,
        () => 'all',
        revenue,
      )[0][1],
      `revenue, sales rep = ${rep}, ${year()}-01-01 … ${year()}-12-31`,
    );
  });
  it('"revenue from customers new in <year>" is the new customers\' revenue', async () => {
    const first = new Map<string, string>();
    for (const r of rows) if (bought(r) && (first.get(r.CustomerID) ?? '9999') > r.InvoiceDate) first.set(r.CustomerID, r.InvoiceDate);
    const isNew = (r: Row) => (first.get(r.CustomerID) ?? '').startsWith(`${year()}-`);
    const answer = await answerWithQuery(`revenue from customers new in ${year()}`, file.snapshot, today);
    expect(answer.result?.understood).toBe(`revenue from new customers, ${year()}-01-01 … ${year()}-12-31`);
    const expected = rows.filter((r) => inYear(year())(r) && isNew(r)).reduce((sum, r) => sum + revenue(r), 0);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });
  // The review of this session: "to be" is no Belgium.
  it('"Which region turned out to be the biggest in <year>?" ranks the regions', () =>
    expectRows(
      `Which region turned out to be the biggest in ${year()}?`,
      grouped(inYear(year()), (r) => r.Region, revenue).slice(0, 1),
      `top 1 by revenue, by region, ${year()}-01-01 … ${year()}-12-31`,
    ));
  // It got June's alone.
  it('"revenue up to june <year>" runs from the file\'s first day', async () => {
    const first = rows.map((r) => r.InvoiceDate).sort()[0];
    const answer = await answerWithQuery(`revenue up to june ${year()}`, file.snapshot, today);
    expect(answer.result?.understood).toBe(`revenue, ${first} … ${year()}-06-30`);
    const expected = rows.filter((r) => r.InvoiceDate <= `${year()}-06-30`).reduce((sum, r) => sum + revenue(r), 0);
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(expected, 6);
  });
});

describe('asked on 1 December 2026, in the sixteenth session: a word nothing reads is refused by name', () => {
  const year = () => today.getUTCFullYear();
  // Each got the whole file's figure: the word was read past.
  it.each([
    ['DACH turnover', '“DACH”'],
    ['sales through Amazon', '“Amazon”'],
    ['revenue brazil', '“brazil”'],
    ['LATAM revenue', '“LATAM”'],
  ])('"%s <year>" names %s', async (question, named) => {
    const answer = await answerWithQuery(`${question} ${year()}`, file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`I can't place ${named} in this question`);
  });
  // Germany is written DE-North and DE-South: its name is placed by the code, not unread.
  it('"Revenue in Germany in <year>" is still both German regions\' revenue', () =>
    expectRows(
      `Revenue in Germany in ${year()}`,
      grouped(
        (r) => inYear(year())(r) && r.Region.startsWith('DE-'),
        () => 'all',
        revenue,
      )[0][1],
      `revenue, region in DE-North, DE-South, ${year()}-01-01 … ${year()}-12-31`,
    ));
  // "Hi! …" got the orders of a product whose name starts "Hi" where a file has one; a greeting is no name.
  it('"Hi! how many orders did we get in <year>?" counts the year\'s orders', async () => {
    const orders = new Set(rows.filter((r) => inYear(year())(r) && bought(r)).map((r) => r.InvoiceNo)).size;
    const answer = await answerWithQuery(`Hi! how many orders did we get in ${year()}?`, file.snapshot, today);
    expect(answer.result?.understood).toBe(`orders, ${year()}-01-01 … ${year()}-12-31`);
    expect(answer.result?.rows[0][0]).toBe(orders);
  });
  it.each(['check revenue by region, cheers', 'analyze turnover by region for the board meeting'])(
    '"%s" is still revenue by region',
    (question) =>
      expectRows(
        question,
        grouped(
          () => true,
          (r) => r.Region,
          revenue,
        ),
        'revenue, by region',
      ),
  );
  it('"be honest, which region is weakest by revenue" is still the last region', () =>
    expectRows(
      'be honest, which region is weakest by revenue',
      grouped(
        () => true,
        (r) => r.Region,
        revenue,
      ).slice(-1),
      'bottom 1 by revenue, by region',
    ));
});

describe('asked on 1 December 2026, in the seventeenth session: a word of a name is no name', () => {
  // It got the whole year's revenue: "acme suply" is no value, though a supplier's name holds "Acme".
  it('"How much did we sell of acme suply products last year?" is refused with the supplier that holds “acme”', async () => {
    const [supplier] = [...new Set(rows.map((r) => r.Supplier))].filter((s) => /\bacme\b/i.test(s));
    const answer = await answerWithQuery('How much did we sell of acme suply products last year?', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(
      `I can't pick out suppliers by a word of their names (“acme”) yet; name a category, a supplier or one supplier in full. Only “${supplier}” holds it.`,
    );
  });
});

describe('asked on 2 December 2026, in the nineteenth session: a chain typed with its legal form', () => {
  // The first form of the change read past the close name and refused "Berg" as a word of names.
  it('"sales to Berg B.V. in 2023" asks which of the customers so named', async () => {
    const named = new Set(rows.filter((r) => r.CustomerName.startsWith('Berg B.V.')).map((r) => r.CustomerName));
    const answer = await answerWithQuery('sales to Berg B.V. in 2023', file.snapshot, today);
    expect(answer.result).toBeNull();
    expect(answer.text).toContain(`“Berg B.V.” starts the names of ${named.size} customers:`);
  });
});

describe('asked on 2 December 2026, in the twenty-first session', () => {
  // It ranked customer × rep pairs (Vogel & Co. KG 8 / Rep 9, 66,917).
  it('"who\'s our best rep by gross profit" is the rep with the most gross profit', async () => {
    const [best] = grouped(
      () => true,
      (r) => r.SalesRep,
      profit,
    );
    await expectRows("who's our best rep by gross profit", [best], 'top 1 by gross profit, by sales rep');
  });
});

describe('asked on 2 December 2026, in the twenty-first session: what the review found', () => {
  // The whole file's product ranking, the rep dropped.
  it('"which products should we drop for rep 3" is refused, not answered with every product', async () => {
    const { answer, trace } = await askOffline('which products should we drop for rep 3', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:rank_products');
    expect(answer).toContain("This answer is of every product, and I can't narrow it to the sales rep “Rep 3”.");
  });
});

describe('asked on 2 December 2026, in the twenty-second session: a place no region is named', () => {
  // "west" is in the grammar's lists (West Virginia), so nothing refused it, and no region of
  // the file is named so: each got the answer for every customer or product.
  it.each([
    ['top customers in the west', '“west”'],
    ['which customers in the east are at risk', '“east”'],
    ['segments in the west', '“west”'],
    ['top products in the west', '“west”'],
    ['revenue concentration in the west', '“west”'],
  ])('"%s" is refused: no region of this file is %s', async (question, place) => {
    const regions = [...new Set(rows.map((r) => r.Region))].sort((a, b) => a.localeCompare(b));
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot, customerRegions());
    expect(trace).toEqual(['text']);
    expect(answer.split('\n')[0]).toBe(
      `I can't answer that exactly. I can't place ${place} in this question: no region or other value of this file is named so (its regions are ${regions.join(', ')}), so an answer without it would be to another question. Ask again without it, or name a region as the file writes it.`,
    );
  });

  // Each customer buys in one region here, so a region is the customers' own and still narrows the rankings.
  it('"top 3 customers in the uk" ranks the UK\'s customers', async () => {
    const revenueOf = new Map<string, number>();
    for (const r of rows) if (r.Region === 'UK') revenueOf.set(r.CustomerName, (revenueOf.get(r.CustomerName) ?? 0) + revenue(r));
    const top = [...revenueOf].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const { answer } = await askOffline(
      'who are our 3 most valuable customers in the uk',
      analyse(file.aggregates),
      file.snapshot,
      customerRegions(),
    );
    const lines = answer.split('\n');
    expect(lines[0]).toBe('Top 3 customers in UK by revenue:');
    expect(lines.slice(1, 4).map((line) => /^\d\. (.+): /.exec(line)?.[1])).toEqual(top.map(([name]) => name));
  });
});

describe('asked on 2 December 2026, in the twenty-second session: a rep with another value', () => {
  // Rep 5's whole book (1,827,448.00), nine times the UK's.
  it('"how is Rep 5 doing in the UK?" is not answered with the whole book\'s scorecard', async () => {
    const { answer, trace } = await askOffline('how is Rep 5 doing in the UK?', analyse(file.aggregates), file.snapshot, customerRegions());
    expect(trace).not.toContain('use:get_rep_scorecards');
    expect(answer).not.toContain("I understood: **Rep 5's scorecard");
  });
  // The scorecard counts them and names none.
  it.each([
    ['top 5 lost customers for Rep 12', 'Rep 12', 'rated lost'],
    ['medium risk customers for Rep 3', 'Rep 3', 'at medium risk'],
  ])('"%s" lists the customers with the rep\'s rows', async (question, rep, rated) => {
    const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(trace).toContain('use:get_churn_risk');
    expect(answer.split('\n')[0]).toMatch(new RegExp(`^Customers with rows where sales rep = ${rep} ${rated} \\(\\d+ customers?\\)`));
  });
  // It listed the customers: a possessive before them read them as a grouping.
  it('"what did Rep 7\'s customers buy in 2024?" lists the products of Rep 7\'s rows', async () => {
    const byProduct = new Map<string, number>();
    for (const r of rows)
      if (r.SalesRep === 'Rep 7' && r.InvoiceDate.startsWith('2024'))
        byProduct.set(r.Description, (byProduct.get(r.Description) ?? 0) + revenue(r));
    const [top] = [...byProduct].sort((a, b) => b[1] - a[1]);
    const { answer } = await askOffline("what did Rep 7's customers buy in 2024?", analyse(file.aggregates), file.snapshot);
    expect(answer).toContain('I understood: **revenue, by product, sales rep = Rep 7, 2024-01-01 … 2024-12-31**.');
    const firstRow = answer.split('\n').find((line) => line.startsWith('| ') && !line.startsWith('| product') && !line.startsWith('| ---'));
    expect(firstRow).toContain(top[0]);
    expect(firstRow).toContain(`| ${top[1].toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} |`);
  });
});

describe('asked on 2 December 2026, in the twenty-second session: what the review of the first commit found', () => {
  it('"how is Rep 5 doing in the UK?" says the scorecard is of the whole book and names a question the rows answer', async () => {
    const { answer } = await askOffline('how is Rep 5 doing in the UK?', analyse(file.aggregates), file.snapshot, customerRegions());
    expect(answer).toBe(
      "Rep 5's scorecard is of the whole book, and I can't narrow it to “UK” yet; ask for a figure of the rows of both, such as “Rep 5 revenue for UK”.",
    );
  });
  it('"Rep 5 revenue for UK", the question it names, is the rows of both', () =>
    expectRows(
      'Rep 5 revenue for UK',
      rows.filter((r) => r.SalesRep === 'Rep 5' && r.Region === 'UK').reduce((sum, r) => sum + revenue(r), 0),
      'revenue, sales rep = Rep 5, region = UK',
    ));
  // "Central to" is no place: it was refused as a region the file does not have.
  it('"which products are central to our revenue" ranks the products by revenue', async () => {
    const { answer } = await askOffline(
      'which products are central to our revenue',
      analyse(file.aggregates),
      file.snapshot,
      customerRegions(),
    );
    expect(answer).toContain('I understood: **revenue, by product**.');
  });
});

describe('asked on 2 December 2026, in the twenty-third session', () => {
  // Each listed 10 lost customers.
  it.each([
    ['top 5 lost customers for Rep 12', 5],
    ['5 biggest lost customers of rep 12', 5],
    ['top 3 lost customers', 3],
  ])('"%s" lists %i customers', async (question, n) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    const listed = answer.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(listed.map((line) => Number(/^(\d+)\./.exec(line)?.[1]))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });
  it("says how many more of a rep's lost customers there are", async () => {
    const { answer } = await askOffline('top 5 lost customers for Rep 12', analyse(file.aggregates), file.snapshot);
    const matched = Number(/\((\d+) customers\)/.exec(answer)?.[1]);
    expect(matched).toBeGreaterThan(5);
    expect(answer).toContain(`…and ${matched - 5} more.`);
  });
  // It got all 105 lost customers in the UK, the bound read past.
  it.each(['lost customers in UK with revenue over 10,000', 'lost customers in UK who spent over 10k'])(
    '"%s" is refused: the churn list keeps no customers by what they spent',
    async (question) => {
      const { answer, trace } = await askOffline(question, analyse(file.aggregates), file.snapshot, customerRegions());
      expect(trace).not.toContain('use:get_churn_risk');
      expect(answer).toContain('to churn risk or the segments yet; ask for them on their own, or for customers past the threshold.');
    },
  );
  // A figure lost or gained is one that fell or rose: each got the margin of each region (DE-North, which
  // gained most, first), of each product, or the reps by their lost customers.
  it('"which regions are losing margin" lists the regions whose margin fell in 2024 against 2023, most first', async () => {
    const marginOf = (region: string, year: string) => {
      const kept = rows.filter((r) => r.Region === region && r.InvoiceDate.startsWith(year));
      return (kept.reduce((sum, r) => sum + profit(r), 0) / kept.reduce((sum, r) => sum + revenue(r), 0)) * 100;
    };
    const fell = [...new Set(rows.map((r) => r.Region))]
      .map((region): [string, number] => [region, marginOf(region, '2024') - marginOf(region, '2023')])
      .filter(([, change]) => change < 0)
      .sort((a, b) => a[1] - b[1]);
    expect(fell.length).toBeGreaterThan(0);
    const { answer, trace } = await askOffline(
      'which regions are losing margin',
      analyse(file.aggregates),
      file.snapshot,
      customerRegions(),
    );
    expect(trace).toContain('use:query_data');
    expect(answer).toContain(
      'I understood: **margin %, sorted by change, by region, margin % down, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31**.',
    );
    const listed = answer
      .split('\n')
      .filter((line) => /^\| (?!region|---)/.test(line))
      .map((line) => line.split('|')[1].trim());
    expect(listed).toEqual(fell.map(([region]) => region));
  });
  it.each([
    ['which products are losing margin', 'margin %, sorted by change, by product, margin % down'],
    ['products with declining margin', 'margin %, sorted by change, by product, margin % down'],
    ['reps losing revenue', 'revenue, sorted by change, by sales rep, revenue down'],
    ['which categories are gaining margin', 'margin %, sorted by change, by category, margin % up'],
  ])('"%s" compares two years', async (question, understood) => {
    const { answer } = await askOffline(question, analyse(file.aggregates), file.snapshot);
    expect(answer).toContain(`I understood: **${understood}, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31**.`);
  });
});

describe('asked on 2 December 2026, in the twenty-third session: a supplier with another value', () => {
  // It got Acme's 14.0% of all revenue; Rep 7's is 17.3%.
  it('"how dependent is Rep 7 on Acme Supply, Inc." names the question of both instead of the share of all revenue', async () => {
    const { answer, trace } = await askOffline('how dependent is Rep 7 on Acme Supply, Inc.', analyse(file.aggregates), file.snapshot);
    expect(trace).not.toContain('use:get_suppliers');
    expect(answer).toContain(
      "This answer is Acme Supply, Inc.'s share of all revenue, and I can't narrow it to the sales rep “Rep 7”. Ask for a figure of the rows of both, such as “what share of Rep 7 revenue is from Acme Supply, Inc.”.",
    );
  });
  it('"what share of Rep 7 revenue is from Acme Supply, Inc.", the question it names, is of Rep 7\'s rows', () => {
    const rep7 = rows.filter((r) => r.SalesRep === 'Rep 7');
    const acme = rep7.filter((r) => r.Supplier === 'Acme Supply, Inc.').reduce((sum, r) => sum + revenue(r), 0);
    const all = rep7.reduce((sum, r) => sum + revenue(r), 0);
    return expectRows(
      'what share of Rep 7 revenue is from Acme Supply, Inc.',
      (acme / all) * 100,
      'share of revenue, revenue, supplier = Acme Supply, Inc., within sales rep = Rep 7',
    );
  });
});

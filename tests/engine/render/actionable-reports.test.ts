/**
 * Every action the reports raise is one a sales team can act on, and true of the customers it
 * names (a reviewer read the reports as a sales director would, on 2 December 2026). Expected
 * values come from DuckDB over Superstore's raw rows, or from hand-built inputs.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { suppliersOf } from '../../../worker/engine/analyses/suppliers';
import { renderArtifacts } from '../../../worker/engine/render';
import { executiveSummary } from '../../../worker/engine/render/executive-summary';
import { lowRetentionAction } from '../../../worker/engine/render/cohort-findings';
import { scratchDir } from '../helpers/scratch';
import { aggregatesFromRows } from '../helpers/aggregates-from-rows';
import { datasetPath } from '../helpers/datasets';
import { duckdbRows } from '../helpers/duckdb-rows';
import { superstoreInDuckDb } from '../helpers/superstore-duckdb';
import { ingestWithSnapshot } from '../query/snapshot-of';
import { ingestBytes } from '../ingest/helpers';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
let result: AnalysisResult;
let db: DuckDBConnection;

beforeAll(async () => {
  result = analyse((await ingestWithSnapshot(CSV)).aggregates);
  db = await superstoreInDuckDb(CSV);
}, 120_000);
afterAll(() => db.closeSync());

const report = (r: AnalysisResult, name: string) => String(renderArtifacts(r).find((file) => file.name === name)?.body);

/** Each customer's days silent at the as-of date, purchase days, and mean days between first and last purchase day, by DuckDB. */
async function rhythms(): Promise<Map<string, { silent: number; days: number; gap: number | null }>> {
  const rows = (await duckdbRows(
    db,
    `SELECT "Customer Name", (SELECT max(d) FROM t) - max(d), count(DISTINCT d), CASE WHEN count(DISTINCT d) > 1 THEN (max(d) - min(d)) / (count(DISTINCT d) - 1) END
     FROM t GROUP BY "Customer ID", "Customer Name"`,
  )) as [string, number, number, number | null][];
  return new Map(
    rows.map(([name, silent, days, gap]) => [name, { silent: Number(silent), days: Number(days), gap: gap === null ? null : Number(gap) }]),
  );
}

describe('churn.md', () => {
  // It asked for a check-in with "repeat buyers slipping past their rhythm" and named Paul
  // Knutson (483 days silent on an 883-day gap), Ionia McGrath and Paul MacIntyre: the model's
  // medium class, not their rhythm.
  it('asks for a check-in only with repeat buyers of three purchase days or more silent past twice their own gap (a week at least), with both figures', async () => {
    const line = report(result, 'churn.md')
      .split('\n')
      .find((l) => l.startsWith('- Send a check-in')) as string;
    expect(line).toMatch(/^- Send a check-in to repeat buyers silent more than twice their usual gap( \([^)]*\))?, most revenue first: /);
    const byName = await rhythms();
    const named = [...line.matchAll(/([A-Z][\w.' -]+?) \((\d[\d,]*) days silent, orders on average (\d[\d,]*) days apart\)/g)];
    expect(named.length).toBeGreaterThan(0);
    // Those the table rates low are said to be (Caroline Jumper, 189 days silent on a 67-day gap,
    // was named here and rated low there, with nothing said).
    const risk = new Map((result.churn?.customers ?? []).map((c) => [c.name, c.risk]));
    const low = named.filter(([, name]) => risk.get(name.replace(/^(?:first|and) /, '').trim()) === 'low').length;
    expect(low).toBeGreaterThan(0);
    expect(line).toContain(
      `(the churn model rates ${low === named.length ? `all ${low}` : `${low} of those named`} low; their silence is long for their own past gaps, and a check-in costs little)`,
    );
    for (const [, name, silent, gap] of named) {
      const truth = byName.get(name.replace(/^(?:first|and) /, '').trim());
      expect(truth, name).toBeDefined();
      expect(Number(silent.replace(/,/g, ''))).toBe(truth?.silent);
      expect(Number(gap.replace(/,/g, ''))).toBe(Math.round(truth?.gap ?? -1));
      expect(truth?.silent ?? 0).toBeGreaterThan(2 * Math.max(7, truth?.gap ?? Infinity));
      expect(truth?.days).toBeGreaterThanOrEqual(3);
    }
    for (const within of ['Paul Knutson', 'Ionia McGrath', 'Paul MacIntyre']) expect(line).not.toContain(within);
  });

  // It listed 25 customers under "Most revenue at risk", each with 0.00 at risk and many rated low.
  it('lists only customers rated lost, high or medium under "Customers at risk"', () => {
    const text = report(result, 'churn.md');
    const section = text.slice(text.indexOf('## Customers at risk'), text.indexOf('\n## ', text.indexOf('## Customers at risk') + 3));
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Customer') && !l.startsWith('| ---'));
    const rated = (result.churn?.customers ?? []).filter((c) => c.risk !== 'low');
    expect(rows.length).toBe(Math.min(25, rated.length));
    for (const row of rows) expect(row.split(' | ')[1]).not.toBe('low');
    expect(text).not.toContain('## Most revenue at risk');
  });

  // "Last 12 months" is calendar months, the last one partial: read as 365 days it looked like
  // about 11 months (Online Retail's 2011-01-01 … 2011-12-09).
  // Online Retail's two months read "2010-12-01 … 2011-11-30" with nothing said of rows starting on 2011-10-02.
  it('says where the rows start when they start within those 12 months', () => {
    const rows = [];
    for (let c = 0; c < 12; c++)
      for (const date of ['2024-10-02', '2024-10-20', '2024-11-05', c % 2 ? '2024-11-30' : '2024-11-12'])
        rows.push({ customer: `C${c}`, date, amount: 10 + c });
    const text = report(analyse(aggregatesFromRows(rows)), 'churn.md');
    expect(text).toContain(
      "last 12 months' revenue of customers rated high or lost, 2023-12-01 … 2024-11-30: calendar months, the last to the as-of date; the rows start on 2024-10-02): **",
    );
  });

  it('dates the 12 months its revenue at risk counts', () => {
    expect(result.asOf).toBe('2021-12-30');
    expect(report(result, 'churn.md')).toContain(
      "Revenue at risk (last 12 months' revenue of customers rated high or lost, 2021-01-01 … 2021-12-30: calendar months, the last to the as-of date): **",
    );
  });

  // A customer whose first order was days before the as-of date was rated medium.
  it('rates no one-time buyer medium before the median repeat gap has passed, and names the gap in the follow-up', async () => {
    const byName = await rhythms();
    const gaps = [...byName.values()].flatMap((r) => (r.gap === null ? [] : [r.gap])).sort((a, b) => a - b);
    const median = gaps.length % 2 ? gaps[gaps.length >> 1] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2;
    expect(result.churn?.repeatGap?.medianDays).toBeCloseTo(median, 6);
    const recent = [...byName.values()].filter((r) => r.gap === null && r.silent < median).length;
    for (const c of result.churn?.customers ?? [])
      if (c.typicalGapDays === null && (c.daysSinceLastOrder ?? 0) < median) expect(c.risk, c.name).toBe('low');
    const follow = report(result, 'churn.md')
      .split('\n')
      .find((l) => l.startsWith('- Follow up'));
    if (recent === 0) expect(follow).toBeUndefined();
    else
      expect(follow).toBe(
        `- Follow up the ${recent === 1 ? '1 one-time buyer' : `${recent} one-time buyers`} whose first order was less than ${Math.round(median)} days ago (the median repeat buyer's gap) before that gap passes; most one-time buyers never return otherwise.`,
      );
  });
});

describe('the call list', () => {
  // CDNOW as of 1997-09-30 said "Call these 12 customers first" though its backtest found the
  // model's flags less often right than the customers silent longest (lift 0.80×).
  it('says so where the churn backtest found the model weaker than picking the customers silent longest', async () => {
    const lines = readFileSync(datasetPath('cdnow/CDNOW_master.txt'), 'utf8').split('\n');
    const path = join(scratchDir('tally-call-list-'), 'cdnow-to-1997-09.txt');
    writeFileSync(path, lines.filter((line, i) => i === 0 || (/ (\d{8}) /.exec(line)?.[1] ?? '99999999') < '19971001').join('\n'));
    const cdnow = analyse((await ingestWithSnapshot(path)).aggregates, { asOf: '1997-09-30' });
    const churn = cdnow.churn as NonNullable<AnalysisResult['churn']>;
    const backtest = churn.backtest as Extract<NonNullable<typeof churn.backtest>, { available: true }>;
    expect(backtest.lift ?? 1).toBeLessThan(1);
    expect(backtest.precision ?? 1).toBeLessThan(backtest.naive.precision ?? 0);
    const caveat = `The churn backtest found the model's flags less often right than picking the customers silent longest (lift ${(backtest.lift ?? 0).toFixed(2)}×): check each one's history before calling.`;
    const callLine = report(cdnow, 'churn.md')
      .split('\n')
      .find((line) => line.startsWith('- Call these'));
    expect(callLine?.endsWith(`). ${caveat}`)).toBe(true);
    expect(report(cdnow, 'executive-summary.md')).toContain(caveat);
    for (const lift of [1, 1.4, null])
      expect(report({ ...cdnow, churn: { ...churn, backtest: { ...backtest, lift } } }, 'churn.md')).not.toContain(
        'The churn backtest found',
      );
  }, 120_000);
});

describe('cohorts.md', () => {
  // "Gross revenue retention is below 80%: lost and shrinking accounts cost more than a fifth of
  // last year's revenue; start with the churn list." It was 64.3%, mostly accounts buying less,
  // and the churn list rated no one high.
  // Then "start with the accounts that shrank most", where those who grew made up for them (expansion 369,811.98).
  it('states the gross revenue retention and where the loss to act on is, with the question that lists those accounts', async () => {
    const [[prior, churned, contraction, expansion]] = (await duckdbRows(
      db,
      `WITH c AS (SELECT "Customer ID" id, sum(rev) FILTER (WHERE year(d) = 2020) p, coalesce(sum(rev) FILTER (WHERE year(d) = 2021), 0) n FROM t GROUP BY 1)
       SELECT sum(p), sum(p) FILTER (WHERE n <= 0), sum(p - n) FILTER (WHERE n > 0 AND n < p), sum(greatest(n - p, 0)) FROM c WHERE p > 0`,
    )) as number[][];
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(contraction).toBeGreaterThan(churned);
    expect(expansion).toBeGreaterThan(contraction);
    expect(report(result, 'cohorts.md')).toContain(
      `- Gross revenue retention is ${((100 * (prior - churned - contraction)) / prior).toFixed(1)}%, but the customers who bought less ` +
        `(contraction ${money(contraction)}) were largely made up for by those who bought more (expansion ${money(expansion)}): the loss to act on is the customers who stopped buying ` +
        `(churn ${money(churned)}); start with the largest of them (ask “Which customers bought in 2020 but not in 2021?”).`,
    );
  });

  it('points at the accounts that shrank most only where those who grew made up for less than 90% of it (hand-checked figures)', () => {
    const year = (y: number) => ({ from: `${y}-01-01`, to: `${y}-12-31` });
    const base = { grr: 0.6, contraction: 300, churned: 100, prior: year(2020), current: year(2021) };
    const money = (v: number) => v.toFixed(2);
    expect(lowRetentionAction({ ...base, expansion: 269.99 }, money)).toBe(
      'Gross revenue retention is 60.0%, mostly customers buying less (contraction 300.00 against churn 100.00): start with the accounts that shrank most (ask “Which customers spent less in 2021 than in 2020?”).',
    );
    expect(lowRetentionAction({ ...base, expansion: 270 }, money)).toBe(
      'Gross revenue retention is 60.0%, but the customers who bought less (contraction 300.00) were largely made up for by those who bought more (expansion 270.00): the loss to act on is the customers who stopped buying (churn 100.00); start with the largest of them (ask “Which customers bought in 2020 but not in 2021?”).',
    );
  });
});

describe('cross-sell.md', () => {
  // "No rules met the thresholds." was followed by "Bundle the strongest pairs on quotes and order forms."
  it('recommends no bundle when no rule met the thresholds', () => {
    const crossSell = result.crossSell as NonNullable<AnalysisResult['crossSell']>;
    const text = report({ ...result, crossSell: { ...crossSell, rules: [], opportunities: [] } }, 'cross-sell.md');
    expect(text).toContain('No rules met the thresholds.');
    expect(text).not.toContain('Bundle the strongest pairs');
    expect(text).not.toContain('side by side in catalogues');
    expect(text.slice(text.indexOf('## Actions'))).toMatch(
      /^## Actions\n\nNone: no pair of [\w-]+ sells together often enough to act on\./,
    );
  });
});

describe('products sold below cost', () => {
  // "Reprice or drop products sold below cost" named 299 products; GBC DocuBind P400 lost
  // 1,878.17 overall, but its sales below cost lost 6,859.39 and the others made 4,981.22.
  it('say what their sales below cost lost and what the other sales made, as DuckDB sums the lines', async () => {
    const flags = (result.products?.flags ?? []).filter((flag) => flag.kind === 'negative-margin');
    const rows = (await duckdbRows(
      db,
      `SELECT "Product ID", sum(rev), sum(CASE WHEN gp < 0 THEN rev ELSE 0 END), sum(CASE WHEN gp < 0 THEN gp ELSE 0 END), sum(CASE WHEN gp >= 0 THEN gp ELSE 0 END)
       FROM t GROUP BY 1 HAVING sum(gp) < -0.005`,
    )) as [string, number, number, number, number][];
    expect(flags.length).toBe(rows.length);
    const byId = new Map(rows.map(([id, revenue, below, loss, other]) => [id, { revenue, below, loss, other }]));
    for (const flag of flags) {
      const truth = byId.get(flag.id);
      expect(truth, flag.id).toBeDefined();
      expect(flag.belowCost?.revenue).toBeCloseTo(Number(truth?.below), 6);
      expect(flag.belowCost?.share).toBeCloseTo(Number(truth?.below) / Number(truth?.revenue), 9);
      expect(flag.belowCost?.loss).toBeCloseTo(Number(truth?.loss), 6);
      expect(flag.belowCost?.otherMargin).toBeCloseTo(Number(truth?.other), 6);
      // Superstore has no returns: the parts add up to the margin.
      expect(flag.belowCost?.rest).toBeCloseTo(0, 6);
    }
    const docuBind = flags.find((flag) => flag.name === 'GBC DocuBind P400 Electric Binding System');
    expect(docuBind?.detail).toBe(
      'Sold below cost: margin -1,878.17 on revenue 17,965.07; its sales below cost (revenue 4,899.56) lost 6,859.39, its other sales made 4,981.22.',
    );
    const cisco = flags.find((flag) => flag.name === 'Cisco TelePresence System EX90 Videoconferencing Unit');
    expect(cisco?.detail).toBe(
      'Sold below cost: margin -1,811.08 on revenue 22,638.48; no sale of it made money, and those below cost (revenue 22,638.48) lost 1,811.08.',
    );
  });

  // Lexmark MX611dhe sold 13,769.92 of its 16,829.90 below cost: its price is the question, not a few discounts.
  it('are to be repriced where most was sold below cost or nothing else made money; otherwise the discounts of the sales below cost are to be checked', async () => {
    const rows = (await duckdbRows(
      db,
      `SELECT arg_min("Product Name", "Row ID"::INTEGER), sum(gp) p,
         CASE WHEN coalesce(sum(gp) FILTER (WHERE gp >= 0), 0) > 0.005 AND coalesce(sum(rev) FILTER (WHERE gp < 0), 0) < 0.5 * sum(rev) THEN 1 ELSE 0 END d
       FROM t GROUP BY "Product ID" HAVING sum(gp) < -0.005 ORDER BY p`,
    )) as [string, number, number][];
    const [discounted, priced] = [rows.filter(([, , d]) => Number(d) === 1), rows.filter(([, , d]) => Number(d) === 0)].map((list) =>
      list.map(([name]) => name.replace(/&/g, '&amp;')),
    );
    const listed = (names: string[]) => `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`;
    const actions = report(result, 'executive-summary.md');
    expect(actions).toContain(`Reprice or drop the products that make no money on most of what they sell: ${listed(priced)}.`);
    expect(actions).toContain(
      `Check the discounts and prices on the sales below cost of ${listed(discounted)}: less than half of what they sold was below cost, and the rest made money.`,
    );
    expect(report(result, 'products.md')).toContain(`Check the discounts and prices on the sales below cost of ${discounted[0]},`);
    expect(actions).not.toContain('Reprice or drop products sold below cost');
  });

  it('are told apart on hand-made lines: a discount, most sold below cost, sales at cost, a sale returned, a sale of no known cost', () => {
    const rows = [
      { customer: 'C1', date: '2024-01-05', product: 'Discounted', amount: 100, cost: 80 },
      { customer: 'C2', date: '2024-01-06', product: 'Discounted', amount: 50, cost: 95 },
      { customer: 'C1', date: '2024-01-05', product: 'Underpriced', amount: 30, cost: 45 },
      { customer: 'C2', date: '2024-01-06', product: 'Underpriced', amount: 30, cost: 45 },
      { customer: 'C1', date: '2024-01-07', product: 'At cost', amount: 100, cost: 120 },
      { customer: 'C2', date: '2024-01-07', product: 'At cost', amount: 40, cost: 40 },
      { customer: 'C1', date: '2024-01-08', product: 'Returned', amount: 100, cost: 115 },
      { customer: 'C2', date: '2024-01-08', product: 'Returned', amount: 60, cost: 50 },
      { customer: 'C2', date: '2024-01-09', product: 'Returned', amount: -60, cost: -50 },
      { customer: 'C1', date: '2024-01-10', product: 'No cost', amount: 100, cost: 150 },
      { customer: 'C2', date: '2024-01-10', product: 'No cost', amount: 30 },
    ];
    const result = analyse(aggregatesFromRows(rows));
    const flags = result.products?.flags.filter((flag) => flag.kind === 'negative-margin') ?? [];
    expect(flags.map((flag) => [flag.name, flag.detail])).toEqual([
      [
        'Underpriced',
        'Sold below cost: margin -30.00 on revenue 60.00; no sale of it made money, and those below cost (revenue 60.00) lost 30.00.',
      ],
      [
        'Discounted',
        'Sold below cost: margin -25.00 on revenue 150.00; its sales below cost (revenue 50.00) lost 45.00, its other sales made 20.00.',
      ],
      [
        'At cost',
        'Sold below cost: margin -20.00 on revenue 140.00; no sale of it made money, and those below cost (revenue 100.00) lost 20.00.',
      ],
      // The line of no known cost counts at 0 in the margin; it is no sale that "made money".
      [
        'No cost',
        'Sold below cost: margin -20.00 on revenue 130.00; no sale of it made money, and those below cost (revenue 100.00) lost 50.00, and its returns (and any sale with no cost given) added 30.00.',
      ],
      // Its sale at a profit came back: all it kept was sold below cost.
      [
        'Returned',
        'Sold below cost: margin -15.00 on revenue 100.00; its sales below cost (revenue 100.00) lost 15.00, its other sales made 10.00, and its returns (and any sale with no cost given) took back 10.00.',
      ],
    ]);
    const summary = report(result, 'executive-summary.md');
    expect(summary).toContain(
      'Reprice or drop the products that make no money on most of what they sell: Underpriced, At cost, No cost and Returned.',
    );
    expect(summary).toContain(
      'Check the discounts and prices on the sales below cost of Discounted: less than half of what they sold was below cost, and the rest made money.',
    );
  });

  // Through the ingest itself: credit notes, a negative quantity, a blank cost, and a product whose
  // every sale made money but whose returns took more (it was sent to "check the discounts on the
  // sales below cost", with sales below cost of 0.00).
  it('are read from the lines by the ingest, returns and lines of unknown cost in neither part', async () => {
    const csv = [
      'Invoice,Date,Customer,Product,Quantity,UnitPrice,UnitCost',
      '1,2024-01-05,A,Alpha,1,50,40',
      '2,2024-01-06,B,Alpha,1,60,50',
      'C3,2024-01-07,A,Alpha,2,50,30',
      '4,2024-01-05,A,Beta,1,100,150',
      '5,2024-01-06,B,Beta,1,30,',
      '6,2024-01-05,A,Gamma,1,100,140',
      '7,2024-01-06,B,Gamma,1,200,150',
      '8,2024-01-07,B,Gamma,-1,200,150',
    ].join('\n');
    const result = analyse(await ingestBytes(`${csv}\n`, { fileName: 'below-cost.csv' }));
    const flags = result.products?.flags.filter((flag) => flag.kind === 'negative-margin') ?? [];
    // Alpha: revenue 10, margin -20, every sale made money: no flag. Gamma: 100 at 140 (−40), 200 at
    // 150 (+50), and that sale returned (−50): margin −40. Beta: 100 at 150, and 30 of no known cost: −20.
    expect(flags.map((flag) => [flag.name, flag.belowCost])).toEqual([
      ['Gamma', { revenue: 100, share: 1, loss: -40, otherMargin: 50, rest: -50 }],
      ['Beta', { revenue: 100, share: 100 / 130, loss: -50, otherMargin: 0, rest: 30 }],
    ]);
    expect(result.products?.items.find((item) => item.name === 'Alpha')?.margin).toBeCloseTo(-20, 9);
  });
});

describe('supplier dependency', () => {
  // A supplier column holding one value ("United States" on every row) gave "Find a second source for United States."
  it('is not measured when every row names the same supplier', () => {
    const suppliers = suppliersOf(
      aggregatesFromRows([
        { customer: 'A', product: 'P1', supplier: 'Acme', amount: 100, date: '2024-01-02' },
        { customer: 'B', product: 'P2', supplier: 'Acme', amount: 50, date: '2024-02-02' },
      ]),
    );
    expect(suppliers.available).toBe(false);
    expect(suppliers.flags).toEqual([]);
    expect(suppliers.note).toBe(
      'Every row that names a supplier names the same one, Acme, so there is no dependency between suppliers to measure.',
    );
  });
});

describe('the executive summary on the generated file', () => {
  // "Do this first" said "No urgent actions" where the customers of 2023 spent a fifth as much in
  // 2024. Churn is what the customers with no positive revenue in 2024 took, their 2024 credit
  // notes included (the contract's Σ (prior − current)).
  it('puts a gross revenue retention below 80% among the first actions, from the figures', async () => {
    const path = join(scratchDir('tally-actionable-'), 'b2b.csv');
    generateB2bCsv(20_000, path);
    const generated = analyse((await ingestWithSnapshot(path)).aggregates);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      const [[prior, churned, contraction, gone]] = (await duckdbRows(
        duck,
        `WITH r AS (SELECT CustomerID c, year(InvoiceDate::DATE) y, Quantity * UnitPrice v FROM read_csv_auto('${path}')),
              c AS (SELECT c, sum(v) FILTER (WHERE y = 2023) p, coalesce(sum(v) FILTER (WHERE y = 2024), 0) n FROM r GROUP BY 1)
         SELECT sum(p), sum(p - n) FILTER (WHERE n <= 0), coalesce(sum(p - n) FILTER (WHERE n > 0 AND n < p), 0), sum(p) FILTER (WHERE n <= 0) FROM c WHERE p > 0`,
      )) as number[][];
      const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(churned).toBeGreaterThan(contraction);
      const summary = executiveSummary(generated);
      expect(summary).not.toContain('No urgent actions');
      expect(summary).toContain(
        // Retention counts each customer at least at zero: one whose credit notes outweigh their 2024 purchases counts 0.
        `Gross revenue retention is ${((100 * (prior - gone - contraction)) / prior).toFixed(1)}%, mostly customers who stopped buying ` +
          `\\(churn ${money(churned)} against contraction ${money(contraction)}\\): start with the largest of them \\(ask “Which customers bought in 2023 but not in 2024?”\\).`,
      );
      // The churn line holds the gone customers' 2024 returns, which the GRR beside it leaves out: said, with their sum.
      expect(churned - gone).toBeGreaterThan(0.01);
      expect(report(generated, 'cohorts.md')).toContain(
        `GRR counts a customer who stopped buying as losing their starting revenue, no more; the churn line also holds ${money(churned - gone)} of returns those customers made in 2024-01-01 … 2024-12-31, which NRR counts.`,
      );
    } finally {
      duck.closeSync();
    }
  }, 120_000);
});

/**
 * Rep scorecards over the benchmark's generated B2B file (25 reps), against DuckDB over
 * the same CSV: revenue, gross profit, customers served, the book (most revenue, ties
 * by name) and new customers per rep; and the rendered table, chart and CSV export keep
 * the top 20 with the other 5 summed.
 */
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { analyse } from '../../../worker/engine/analyze';
import type { AnalysisResult, RepScorecard } from '../../../worker/engine/contract';
import { renderArtifacts } from '../../../worker/engine/render';
import { duckdbRows } from '../helpers/duckdb-rows';
import { fileStream } from '../ingest/helpers';
import { ingest } from '../../../worker/engine/ingest';
import { scratchDir } from '../helpers/scratch';

let db: DuckDBConnection;
let result: AnalysisResult;
let byRep: Map<string, RepScorecard>;

beforeAll(async () => {
  const path = join(scratchDir('tally-reps-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  result = analyse(await ingest(fileStream(path), { fileName: 'b2b.csv' }), { now: new Date(0) });
  byRep = new Map((result.repScorecards?.reps ?? []).map((r) => [r.rep, r]));
  db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    `CREATE TABLE t AS SELECT InvoiceNo AS inv, InvoiceDate::DATE AS d, CustomerID AS c, SalesRep AS rep,
       Quantity::DOUBLE * UnitPrice::DOUBLE AS rev, Quantity::DOUBLE * UnitCost::DOUBLE AS cost
     FROM read_csv('${path}', header = true, all_varchar = true)`,
  );
}, 120_000);

afterAll(() => db.closeSync());

const near = (got: number, want: number): void => expect(Math.abs(got - want), `${got} vs ${want}`).toBeLessThan(0.006);

describe('rep scorecards on the generated B2B file, checked against DuckDB', () => {
  it('has revenue, gross profit and customers served per rep as summed line by line', async () => {
    const rows = await duckdbRows(
      db,
      'SELECT rep, sum(rev), sum(rev - cost), count(DISTINCT c) FROM t GROUP BY rep ORDER BY sum(rev) DESC',
    );
    expect(result.repScorecards?.reps.map((r) => r.rep)).toEqual(rows.map((r) => r[0]));
    for (const [rep, revenue, profit, customers] of rows) {
      const card = byRep.get(rep as string) as RepScorecard;
      near(card.revenue, revenue as number);
      near(card.grossProfit ?? NaN, profit as number);
      expect(card.customersServed).toBe(customers);
    }
  });

  it('gives each customer to the rep with most of their revenue, and counts new customers in the last 12 months', async () => {
    const rows = await duckdbRows(
      db,
      `WITH pr AS (SELECT c, rep, sum(rev) AS rev FROM t GROUP BY c, rep),
            own AS (SELECT c, rep FROM (SELECT *, row_number() OVER (PARTITION BY c ORDER BY rev DESC, rep) AS k FROM pr) WHERE k = 1),
            first AS (SELECT c, min(d) AS f FROM t WHERE rev > 0 AND NOT starts_with(inv, 'C') GROUP BY c),
            win AS (SELECT date_trunc('month', max(d)) - INTERVAL 11 MONTH AS w FROM t)
       SELECT own.rep, count(*), count(*) FILTER (WHERE first.f >= (SELECT w FROM win))
       FROM own LEFT JOIN first USING (c) GROUP BY own.rep`,
    );
    expect(rows).toHaveLength(25);
    for (const [rep, book, fresh] of rows) {
      expect([rep, byRep.get(rep as string)?.bookCustomers, byRep.get(rep as string)?.newCustomers]).toEqual([rep, book, fresh]);
    }
  });

  it('adds up: rep revenue to total revenue, book revenue at risk to the churn total', () => {
    const s = result.repScorecards;
    const reps = s?.reps ?? [];
    near(
      reps.reduce((sum, r) => sum + r.revenue, 0),
      result.totals.revenue,
    );
    expect(s?.unassigned).toBeNull();
    near(
      reps.reduce((sum, r) => sum + (r.revenueAtRisk ?? 0), 0),
      result.churn?.revenueAtRisk ?? NaN,
    );
    expect(reps.reduce((sum, r) => sum + r.bookCustomers, 0)).toBe(result.totals.customers);
  });

  it('renders 20 reps one by one and the other 5 summed in the report, chart and dashboard; the CSV has all 25', () => {
    const files = new Map(renderArtifacts(result).map((f) => [f.name, String(f.body)]));
    const s = result.repScorecards;
    const rest = s?.reps.slice(20) ?? [];
    expect(s?.rest?.rep).toBe('Other 5 reps');
    near(
      s?.rest?.revenue ?? NaN,
      rest.reduce((sum, r) => sum + r.revenue, 0),
    );
    expect(s?.rest?.customersServed).toBe(rest.reduce((sum, r) => sum + r.customersServed, 0));
    const report = files.get('rep-scorecards.md') ?? '';
    const tableRows = report
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Rep |') && !line.startsWith('| ---'));
    expect(tableRows).toHaveLength(21);
    expect(tableRows[20]).toMatch(/^\| Other 5 reps \|/);
    expect(report.match(/^## Rep \d+$/gm)).toHaveLength(20);
    expect(files.get('rep-revenue.svg')?.match(/<rect x="220"/g)).toHaveLength(21);
    expect(files.get('dashboard.html')).toContain('<h2>Sales reps</h2>');
    const csv = (files.get('rep-scorecards.csv') ?? '').trim().split('\n');
    expect(csv).toHaveLength(26);
    expect(csv[1].startsWith(`${s?.reps[0].rep},`)).toBe(true);
  });
});

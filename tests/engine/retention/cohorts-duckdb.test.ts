/**
 * Cohort tables and NRR/GRR against DuckDB over the raw rows: the generated B2B file
 * (three years, so NRR is measured) and the complete Online Retail file (UCI; the 305
 * Databricks by-day CSVs, concatenated here with one header). The SQL restates the
 * definitions independently: a return is a credit-note invoice (C + digit) or a negative
 * line; a customer's cohort is the period of their first non-return line; active in a
 * period = a non-return line in it; revenue is every line's net amount.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import type { Aggregates } from '../../../worker/engine/aggregate/types';
import { cohortsOf } from '../../../worker/engine/analyses/cohorts';
import type { Cohorts } from '../../../worker/engine/contract';
import { ingest } from '../../../worker/engine/ingest';
import { datasetPath } from '../helpers/datasets';
import { fileStream } from '../ingest/helpers';
import { scratchDir } from '../helpers/scratch';

const connections: DuckDBConnection[] = [];
afterAll(() => connections.forEach((c) => c.closeSync()));

async function duck(select: string): Promise<DuckDBConnection> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  connections.push(db);
  await db.run(`CREATE TABLE raw AS ${select}`);
  await db.run(
    `CREATE TABLE t AS SELECT d, cust, CASE WHEN credit AND rev > 0 THEN -rev ELSE rev END AS rev, (credit OR rev < 0 OR qty < 0) AS ret FROM raw`,
  );
  return db;
}

async function rows(db: DuckDBConnection, sql: string): Promise<(string | number | null)[][]> {
  return (await db.runAndReadAll(sql))
    .getRows()
    .map((r) =>
      r.map((v) => (typeof v === 'bigint' ? Number(v) : v === null || typeof v === 'number' || typeof v === 'string' ? v : String(v))),
    );
}

/** Period expressions in SQL for a grain, over a date column. */
function periodSql(grain: 'month' | 'quarter', column: string): { index: string; label: string } {
  return grain === 'month'
    ? { index: `(year(${column}) * 12 + month(${column}) - 1)`, label: `strftime(${column}, '%Y-%m')` }
    : {
        index: `(year(${column}) * 4 + quarter(${column}) - 1)`,
        label: `(year(${column})::VARCHAR || '-Q' || quarter(${column})::VARCHAR)`,
      };
}

/** Checks the engine's cohort table against DuckDB, with the last complete month given as YYYY-MM. */
async function expectCohortsMatch(db: DuckDBConnection, c: Extract<Cohorts, { available: true }>, lastMonth: string): Promise<void> {
  const end = `(DATE '${lastMonth}-01' + INTERVAL 1 MONTH - INTERVAL 1 DAY)::DATE`;
  // The grain rule: median of new customers per month after the first, months with none counted.
  const [[median]] = await rows(
    db,
    `WITH f AS (SELECT cust, min(d) fd FROM t WHERE NOT ret AND cust IS NOT NULL GROUP BY 1),
          m AS (SELECT range AS ms FROM range((SELECT date_trunc('month', min(fd)) FROM f), DATE '${lastMonth}-01' + INTERVAL 1 DAY, INTERVAL 1 MONTH)),
          n AS (SELECT ms, (SELECT count(*) FROM f WHERE date_trunc('month', fd) = ms) k FROM m)
     SELECT median(k) FROM n WHERE ms > (SELECT min(ms) FROM m)`,
  );
  expect(c.grain).toBe((median as number) >= 20 ? 'month' : 'quarter');
  const p = periodSql(c.grain, 'fd');
  const q = periodSql(c.grain, 'd');
  const last =
    Number(lastMonth.slice(0, 4)) * (c.grain === 'month' ? 12 : 4) +
    (c.grain === 'month' ? Number(lastMonth.slice(5)) - 1 : Math.floor((Number(lastMonth.slice(5)) - 3) / 3));
  const sizes = await rows(
    db,
    `WITH f AS (SELECT cust, min(d) fd FROM t WHERE NOT ret AND cust IS NOT NULL GROUP BY 1)
     SELECT ${p.label}, count(*) FROM f WHERE fd <= ${end} AND ${p.index} <= ${last} GROUP BY 1 ORDER BY 1`,
  );
  const cells = await rows(
    db,
    `WITH f AS (SELECT cust, min(d) fd FROM t WHERE NOT ret AND cust IS NOT NULL GROUP BY 1)
     SELECT ${p.label}, ${q.index} - ${p.index} AS k, count(DISTINCT CASE WHEN NOT t.ret THEN t.cust END), sum(t.rev)
     FROM t JOIN f USING (cust)
     WHERE ${p.index} <= ${last} AND ${q.index} <= ${last} AND ${q.index} >= ${p.index}
     GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const withCustomers = c.cohorts.filter((r) => r.customers > 0);
  expect(withCustomers.map((r) => [r.cohort, r.customers])).toEqual(sizes);
  let checked = 0;
  for (const [label, k, active, revenue] of cells) {
    const row = c.cohorts.find((r) => r.cohort === label);
    expect(row, String(label)).toBeDefined();
    expect(row?.active[k as number], `${label} +${k}`).toBe(active);
    expect(Math.abs((row?.revenue[k as number] ?? NaN) - (revenue as number)), `${label} +${k}`).toBeLessThan(0.006);
    checked++;
  }
  // Every cell the engine reports as active is one DuckDB found (none extra).
  const nonZero = c.cohorts.reduce((s, r) => s + r.active.filter((a) => a > 0).length, 0);
  expect(cells.filter((cell) => (cell[2] as number) > 0).length).toBe(nonZero);
  expect(checked).toBeGreaterThan(10);
}

describe('cohorts on the generated B2B file, against DuckDB', async () => {
  const path = join(scratchDir('tally-cohorts-'), 'b2b.csv');
  generateB2bCsv(60_000, path);
  const agg: Aggregates = await ingest(fileStream(path), { fileName: 'b2b.csv' });
  const db = await duck(
    `SELECT CAST(InvoiceDate AS DATE) d, CustomerID cust, CAST(Quantity AS DOUBLE) * CAST(UnitPrice AS DOUBLE) rev,
            CAST(Quantity AS DOUBLE) qty, regexp_matches(InvoiceNo, '^[Cc][0-9]') credit
     FROM read_csv('${path}', header = true, all_varchar = true)`,
  );
  const result = cohortsOf(agg, agg.lastDay);
  if (!result.available) throw new Error(result.note);

  it('ends the table with December 2024 (the file ends in the first days of January 2025)', async () => {
    const [[lastDay]] = await rows(db, 'SELECT max(d)::VARCHAR FROM t');
    expect(String(lastDay)).toMatch(/^2025-01-0[1-6]$/);
    expect(result.observedThrough).toBe(result.grain === 'month' ? '2024-12' : '2024-Q4');
  });

  it('has the cohort sizes, active customers and revenue DuckDB counts', async () => {
    await expectCohortsMatch(db, result, '2024-12');
  });

  it('has the NRR and GRR of 2024 against 2023 that DuckDB computes', async () => {
    const n = result.netRetention;
    if (!n.available) throw new Error(n.note);
    const [[customers, retained, prior, current, capped]] = await rows(
      db,
      `WITH w AS (SELECT cust, sum(CASE WHEN year(d) = 2023 THEN rev ELSE 0 END) p, sum(CASE WHEN year(d) = 2024 THEN rev ELSE 0 END) c
                  FROM t WHERE cust IS NOT NULL GROUP BY 1)
       SELECT count(*), count(*) FILTER (WHERE c > 0), sum(p), sum(c), sum(least(greatest(c, 0), p)) FROM w WHERE p > 0`,
    );
    expect(n.prior).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    expect([n.customers, n.retainedCustomers]).toEqual([customers, retained]);
    expect(n.nrr).toBeCloseTo((current as number) / (prior as number), 10);
    expect(n.grr).toBeCloseTo((capped as number) / (prior as number), 10);
    expect(Math.abs(n.priorRevenue - (prior as number))).toBeLessThan(0.006);
    expect(Math.abs(n.priorRevenue + n.expansion - n.contraction - n.churned - n.currentRevenue)).toBeLessThan(0.02);
  });
});

describe('cohorts on the complete Online Retail file, against DuckDB', async () => {
  const dir = datasetPath('online_retail/by-day');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  const lines = files.flatMap((f, i) => {
    const all = readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean);
    return i === 0 ? all : all.slice(1);
  });
  const path = join(scratchDir('tally-cohorts-retail-'), 'online-retail.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const agg = await ingest(fileStream(path), { fileName: 'online-retail.csv' });
  const db = await duck(
    `SELECT CAST(InvoiceDate AS TIMESTAMP)::DATE d,
            CASE WHEN CustomerID = '' THEN NULL ELSE CAST(CAST(CustomerID AS DOUBLE) AS BIGINT)::VARCHAR END cust,
            CAST(Quantity AS DOUBLE) * CAST(UnitPrice AS DOUBLE) rev, CAST(Quantity AS DOUBLE) qty,
            regexp_matches(InvoiceNo, '^[Cc][0-9]') credit
     FROM read_csv('${path}', header = true, all_varchar = true)`,
  );
  const result = cohortsOf(agg, agg.lastDay);
  if (!result.available) throw new Error(result.note);

  it('uses monthly cohorts from 2010-12 to 2011-11 (2011-12 ends on the 9th) and has no NRR (13 months)', () => {
    expect(result.grain).toBe('month');
    expect(result.cohorts[0].cohort).toBe('2010-12');
    expect(result.observedThrough).toBe('2011-11');
    expect(result.netRetention.available).toBe(false);
  });

  it('has the cohort sizes, active customers and revenue DuckDB counts', async () => {
    await expectCohortsMatch(db, result, '2011-11');
  });
});

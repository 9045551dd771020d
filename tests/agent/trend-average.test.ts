/**
 * The write-up's average month: of full months when the first or last is partial, and none
 * for a file without a full month. Iowa's one day (31 January 2012) read "Average month:
 * $1,039,951.09", and Superstore's average took in its partial first and last months.
 * Expected figures come from DuckDB over the raw CSVs.
 */
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { analyse } from '../../worker/engine/analyze';
import { ingest } from '../../worker/engine/ingest';
import { datasetPath } from '../engine/helpers/datasets';
import { duckdbRows } from '../engine/helpers/duckdb-rows';
import { fileStream } from '../engine/ingest/helpers';
import { askOffline, narrateOffline } from './helpers';
import { scratchDir } from '../engine/helpers/scratch';

const SUPERSTORE = datasetPath('superstore/Sample - Superstore.csv');
const IOWA = datasetPath('iowa_liquor/IA_liquor_sales.csv');
let db: DuckDBConnection;

beforeAll(async () => {
  db = await (await DuckDBInstance.create(':memory:')).connect();
}, 60_000);
afterAll(() => db.closeSync());

/** The trend finding's lines of the write-up of `path`. */
async function trendLines(path: string, fileName: string): Promise<string> {
  const result = analyse(await ingest(fileStream(path), { fileName }));
  const { report } = await narrateOffline(result);
  return report.slice(report.indexOf('### How is revenue trending?'), report.indexOf('### Do customers stay and grow?'));
}

describe('the average month in the write-up', () => {
  it('is of the full months when the last is partial (the generated file ends on 3 January 2025; Superstore has none partial)', async () => {
    const path = join(scratchDir('tally-trend-'), 'b2b.csv');
    generateB2bCsv(20_000, path);
    // Revenue is quantity × unit price, credit notes included; the months 2022-01 … 2024-12 are full.
    const [[average, months, orders]] = (await duckdbRows(
      db,
      `WITH t AS (SELECT CAST(InvoiceDate AS DATE) d, CAST(Quantity AS DOUBLE) * CAST(UnitPrice AS DOUBLE) rev, InvoiceNo
                  FROM read_csv('${path}', header = true, all_varchar = true))
       SELECT sum(rev) FILTER (WHERE d < '2025-01-01') / count(DISTINCT strftime(d, '%Y-%m')) FILTER (WHERE d < '2025-01-01'),
              count(DISTINCT strftime(d, '%Y-%m')) FILTER (WHERE d < '2025-01-01'),
              count(DISTINCT InvoiceNo) FILTER (WHERE rev >= 0) FROM t`,
    )) as number[][];
    expect(months).toBe(36);
    const money = average.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await trendLines(path, 'b2b.csv')).toContain(
      `- Average full month: ${money} (36 full months); ${orders.toLocaleString('en-US')} orders in total.`,
    );
  });

  it('is of every month when none is partial (Superstore runs 3 January 2018 to 30 December 2021)', async () => {
    const [[average]] = (await duckdbRows(
      db,
      `SELECT sum(CAST(Sales AS DOUBLE)) / 48 FROM read_csv('${SUPERSTORE}', header = true, all_varchar = true)`,
    )) as number[][];
    const money = average.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await trendLines(SUPERSTORE, 'superstore.csv')).toContain(`- Average month: ${money}; 5,009 orders in total.`);
  });

  it('is not given for a file without a full month (Iowa: one day)', async () => {
    const [[orders]] = (await duckdbRows(
      db,
      `SELECT count(DISTINCT store_number) FROM read_csv('${IOWA}', header = true, all_varchar = true)`,
    )) as number[][];
    const lines = await trendLines(IOWA, 'iowa.csv');
    expect(lines).toContain(`- No full month to average; ${orders} orders in total.`);
    expect(lines).not.toContain('Average');
  });
});

// "What's our year over year growth?" got the monthly trend with no word of the growth.
describe('asked for growth or trends without the full months they need', () => {
  it('says the file has too few (Iowa: one day)', async () => {
    const result = analyse(await ingest(fileStream(IOWA), { fileName: 'IA_liquor_sales.csv' }));
    expect(result.trend.yoyGrowthPct).toBeNull();
    const { answer } = await askOffline('What is our YoY growth?', result);
    expect(answer).toContain(' Year-on-year growth needs 24 full months, and the file has fewer.');
    // The help's examples name no quarter a one-day file of 2012 lacks (it offered "Bridge Q1 2026 vs Q1 2025").
    const help = await askOffline('How many bottles between 100 and 200?', result);
    expect(help.answer).toContain('\n- "What is our net revenue retention?"\n- "What changed revenue?"\n');
    // A ranking by trend says why there is none (it read "Bottom 0 products … by revenue change").
    const declining = await askOffline('Which products are declining?', result);
    expect(declining.answer).toBe('Product trends need 12 full months of dated history before the as-of date, and the file has fewer.');
    // Not asked, not said.
    const monthly = await askOffline('How is revenue trending?', result);
    expect(monthly.answer).not.toContain('Year-on-year');
  });
});

/**
 * The narrative's actions point a sales team at something to do that the figures support:
 * the largest customer is sent a rep to "re-engage" only when the churn model finds them
 * slipping, not when the RFM segment alone calls them sleepy, and a gross revenue retention
 * below 80% names where the loss is (customers buying less, or customers gone) with the
 * question that lists them, not "the churn list" that may hold only long-gone customers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../scripts/generate-b2b-csv';
import { analyse } from '../../worker/engine/analyze';
import type { AnalysisResult } from '../../worker/engine/contract';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { datasetPath } from '../engine/helpers/datasets';
import { duckdbRows } from '../engine/helpers/duckdb-rows';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { wholesaleResult } from './fixtures/wholesale-result';
import { narrateOffline } from './helpers';
import { scratchDir } from '../engine/helpers/scratch';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
const TODAY = new Date('2021-12-30T00:00:00Z');
let file: Ingested;
let result: AnalysisResult;
let report: string;

beforeAll(async () => {
  file = await ingestWithSnapshot(CSV);
  result = analyse(file.aggregates);
  ({ report } = await narrateOffline(result, 'comprehensive', null, undefined, file.snapshot));
}, 60_000);

/**
 * DuckDB's count of Superstore's Champions: R 5 and F 4 or 5, each score ⌊5k/n⌋ + 1 of the
 * customer's RANK() (ties share the first one's), recency from the last order to 2021-12-30.
 */
async function championsOfSuperstore(): Promise<number> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const [[champions]] = (await duckdbRows(
    db,
    `WITH c AS (SELECT "Customer ID", DATE '2021-12-30' - max(strptime("Order Date", '%m/%d/%Y')::DATE) AS recency, count(DISTINCT "Order ID") AS orders
       FROM read_csv('${CSV}', header = true, all_varchar = true) GROUP BY 1),
     s AS (SELECT floor(5 * (rank() OVER (ORDER BY recency DESC) - 1) / count(*) OVER ()) + 1 AS r,
                  floor(5 * (rank() OVER (ORDER BY orders) - 1) / count(*) OVER ()) + 1 AS f FROM c)
     SELECT count(*) FROM s WHERE r = 5 AND f >= 4`,
  )) as number[][];
  db.closeSync();
  return champions;
}

describe('the largest customer', () => {
  it('is not sent a rep to re-engage when only the RFM segment calls them sleepy (Superstore’s Sean Miller)', async () => {
    const largest = [...(result.segments?.customers ?? [])].sort((a, b) => b.revenue - a.revenue)[0];
    expect(largest.name).toBe('Sean Miller');
    expect(largest.segment).toBe('About to Sleep');
    expect(result.churn?.customers.find((c) => c.id === largest.id)?.risk).toBe('low');
    expect(report).not.toContain('re-engage Sean Miller');
    expect(report).toContain(
      `Give your ${await championsOfSuperstore()} Champions and Sean Miller, your largest customer, a named account manager and first access to new lines`,
    );
  });

  it('is still sent one when the churn model finds them slipping too', async () => {
    const slipping = wholesaleResult();
    const whale = slipping.segments?.customers.find((c) => c.name === 'Alpine Foods GmbH');
    const risk = slipping.churn?.customers.find((c) => c.name === 'Alpine Foods GmbH');
    if (!whale || !risk) throw new Error('the fixture lost its whale');
    whale.segment = 'About to Sleep';
    risk.risk = 'medium';
    const narrated = await narrateOffline(slipping, 'comprehensive');
    expect(narrated.report).toContain('re-engage Alpine Foods GmbH, your largest customer (now About to Sleep)');
  });
});

describe('a gross revenue retention below 80%', () => {
  it('on Superstore (35.7%) is mostly customers buying less, made up for by those buying more: it points at the churn, with the question that lists it', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    // 2020's customers, each with their 2020 and 2021 revenue, summed as NRR splits them.
    const [[contraction, churn, expansion]] = (await duckdbRows(
      db,
      `WITH c AS (SELECT "Customer ID", sum(CASE WHEN year(d) = 2020 THEN rev ELSE 0 END) AS b, sum(CASE WHEN year(d) = 2021 THEN rev ELSE 0 END) AS a
         FROM (SELECT "Customer ID", strptime("Order Date", '%m/%d/%Y') AS d, CAST(Sales AS DOUBLE) AS rev FROM read_csv('${CSV}', header = true, all_varchar = true))
         GROUP BY 1)
       SELECT sum(CASE WHEN a > 0 AND a < b THEN b - a ELSE 0 END), sum(CASE WHEN a <= 0 THEN b - a ELSE 0 END), sum(greatest(a - b, 0)) FROM c WHERE b > 0`,
    )) as number[][];
    db.closeSync();
    expect(contraction).toBeGreaterThan(churn);
    expect(expansion).toBeGreaterThan(contraction);
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(report).toContain(
      `Gross revenue retention is 35.7%, but the customers who bought less (contraction ${money(contraction)}) were largely made up for by those who bought more ` +
        `(expansion ${money(expansion)}): the loss to act on is the customers who stopped buying (churn ${money(churn)}); start with the largest of them (ask “Which customers bought in 2020 but not in 2021?”).`,
    );
    expect(report).not.toContain('work the churn list');
    expect(report).not.toContain('start with the accounts that shrank most');
    // The question named is one the grammar reads: the customers of 2020 with no purchase in 2021.
    const asked = await answerWithQuery('Which customers bought in 2020 but not in 2021?', file.snapshot, TODAY);
    expect(asked.result?.understood).toBe('customers who bought, 2020-01-01 … 2020-12-31, but not in 2021-01-01 … 2021-12-31');
    expect(asked.text).toContain(`Together they bought ${money(churn)} then`);
  });

  it('on the generated B2B file is mostly customers gone, and names the question that lists them', async () => {
    const path = join(scratchDir('tally-alarms-'), 'b2b.csv');
    generateB2bCsv(20_000, path);
    const rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const b2b = await ingestWithSnapshot(path, 'b2b.csv');
    const narrated = await narrateOffline(analyse(b2b.aggregates), 'comprehensive', null, undefined, b2b.snapshot);
    // Each 2023 customer's revenue in 2023 and 2024, from the raw rows (credit notes included).
    const byCustomer = new Map<string, [number, number]>();
    for (const r of rows) {
      const year = r.InvoiceDate.slice(0, 4);
      if (year !== '2023' && year !== '2024') continue;
      const both = byCustomer.get(r.CustomerID) ?? [0, 0];
      both[year === '2023' ? 0 : 1] += Number(r.Quantity) * Number(r.UnitPrice);
      byCustomer.set(r.CustomerID, both);
    }
    let [contraction, churn] = [0, 0];
    for (const [before, now] of byCustomer.values()) {
      if (before <= 0) continue;
      // A customer gone with net credit notes this year lost their whole figure and the credits too.
      if (now <= 0) churn += before - now;
      else if (now < before) contraction += before - now;
    }
    expect(churn).toBeGreaterThan(contraction);
    const lastDay = rows
      .map((r) => r.InvoiceDate)
      .sort()
      .at(-1);
    const asked = await answerWithQuery('Which customers bought in 2023 but not in 2024?', b2b.snapshot, new Date(`${lastDay}T00:00:00Z`));
    expect(asked.result?.understood).toBe('customers who bought, 2023-01-01 … 2023-12-31, but not in 2024-01-01 … 2024-12-31');
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(narrated.report).toMatch(
      new RegExp(
        `Gross revenue retention is \\d+\\.\\d%, mostly customers who stopped buying \\(churn ${money(churn)} against contraction ${money(contraction)}\\): start with the largest of them \\(ask “Which customers bought in 2023 but not in 2024\\?”\\)\\.`,
      ),
    );
  }, 60_000);
});

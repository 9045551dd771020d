/**
 * The analyses on real public files, through the real streaming ingest. Reference values
 * come from the dataset notes (../shared/datasets/README.md) or from a second computation
 * in the test itself (papaparse over the raw CSV), never from the engine.
 */
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { datasetPath } from '../helpers/datasets';

async function analyseFile(relative: string, asOf?: string): Promise<AnalysisResult> {
  const stream = createReadStream(datasetPath(relative)) as unknown as AsyncIterable<Uint8Array>;
  const aggregates = await ingest(stream, { fileName: relative.split('/').pop() ?? relative, asOf });
  return analyse(aggregates, { asOf, now: new Date('2025-01-01T00:00:00Z') });
}

describe('CDNOW_sample.txt with as-of 1997-09-30', () => {
  it('fits the published BG/NBD parameters from the raw transactions (later purchases ignored)', async () => {
    const result = await analyseFile('cdnow/CDNOW_sample.txt', '1997-09-30');
    const params = result.churn?.params;
    expect(result.churn?.model).toBe('bg-nbd');
    expect(params?.timeUnit).toBe('weeks');
    const paper = { r: 0.2426, alpha: 4.4136, a: 0.7929, b: 2.4259 };
    for (const name of ['r', 'alpha', 'a', 'b'] as const)
      expect(Math.abs((params?.[name] ?? 0) / paper[name] - 1), name).toBeLessThan(0.005);
    expect(params?.logLikelihood).toBeCloseTo(-9582.43, 1);
  });
});

describe('Superstore (CSV)', () => {
  it('matches the published sales and profit totals, and names the worst products', async () => {
    const result = await analyseFile('superstore/Sample - Superstore.csv');
    expect(result.totals.revenue).toBeCloseTo(2_297_200.86, 2);
    expect(result.totals.grossMargin).toBeCloseTo(286_397.02, 2);
    const products = result.products;
    expect(products?.marginAvailable).toBe(true);
    // Independent: profit per Product ID summed straight from the CSV.
    const rows = Papa.parse<Record<string, string>>(readFileSync(datasetPath('superstore/Sample - Superstore.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const profitById = new Map<string, number>();
    for (const row of rows) profitById.set(row['Product ID'], (profitById.get(row['Product ID']) ?? 0) + Number(row.Profit));
    const worst = [...profitById.entries()].sort((a, b) => a[1] - b[1]).slice(0, 5);
    const flagged = products?.flags
      .filter((f) => f.kind === 'negative-margin')
      .slice(0, 5)
      .map((f) => f.id);
    expect(flagged).toEqual(worst.map(([id]) => id));
    const cubify = products?.items.find((p) => p.id === worst[0][0]);
    expect(cubify?.margin).toBeCloseTo(worst[0][1], 2);
    expect(cubify?.name).toBe('Cubify CubeX 3D Printer Double Head Print');
    expect(products?.flags.filter((f) => f.kind === 'negative-margin').length).toBe(
      [...profitById.values()].filter((v) => v < -0.005).length,
    );
  });
});

describe('Iowa liquor sales (one day, with vendors)', () => {
  it('finds Diageo Americas as the top vendor at about 22% of sales, and says churn needs history', async () => {
    const result = await analyseFile('iowa_liquor/IA_liquor_sales.csv');
    expect(result.suppliers?.available).toBe(true);
    expect(result.suppliers?.items[0].name).toBe('Diageo Americas');
    expect(result.suppliers?.topShare).toBeCloseTo(0.22, 2);
    expect(result.suppliers?.flags).toEqual([]);
    expect(result.churn?.model).toBe('unavailable');
    expect(result.churn?.note).toBe('The data covers only 1 day; churn risk needs at least 28 days of order history.');
  });
});

describe('Online Retail, all 541,909 rows (305 daily files concatenated in the test)', () => {
  const folder = datasetPath('online_retail/by-day');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.csv'))
    .sort();

  async function* concatenated(): AsyncIterable<Uint8Array> {
    const encoder = new TextEncoder();
    for (const [i, name] of files.entries()) {
      const text = readFileSync(`${folder}/${name}`, 'utf8');
      const body = i === 0 ? text : text.slice(text.indexOf('\n') + 1);
      yield encoder.encode(body.endsWith('\n') ? body : `${body}\n`);
    }
  }

  it('matches UCI totals and an independent count of the top customers', async () => {
    const aggregates = await ingest(concatenated(), { fileName: 'online_retail.csv' });
    const result = analyse(aggregates, { now: new Date('2025-01-01T00:00:00Z') });
    // Independent: papaparse over each file, revenue = Quantity × UnitPrice per CustomerID.
    const byCustomer = new Map<string, number>();
    let rows = 0;
    let total = 0;
    for (const name of files) {
      const parsed = Papa.parse<Record<string, string>>(readFileSync(`${folder}/${name}`, 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data;
      for (const row of parsed) {
        rows++;
        const value = Number(row.Quantity) * Number(row.UnitPrice);
        total += value;
        if (row.CustomerID) {
          const id = String(Number(row.CustomerID));
          byCustomer.set(id, (byCustomer.get(id) ?? 0) + value);
        }
      }
    }
    expect(rows).toBe(541_909);
    expect(total).toBeCloseTo(9_747_747.93, 1);
    expect(result.dataset.rowsRead).toBe(541_909);
    expect(result.totals.customers).toBe(4372);
    const expectedTop = [...byCustomer.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const top = result.segments?.customers.slice(0, 5).map((c) => [String(Number(c.id)), c.revenue] as const) ?? [];
    expect(top.map(([id]) => id)).toEqual(expectedTop.map(([id]) => id));
    top.forEach(([, revenue], i) => expect(revenue).toBeCloseTo(expectedTop[i][1], 2));
    expect(result.concentration?.topCustomer?.share).toBeCloseTo(
      expectedTop[0][1] / [...byCustomer.values()].filter((v) => v > 0).reduce((a, b) => a + b, 0),
      6,
    );
    expect(result.churn?.model).toBe('bg-nbd');
    expect(result.crossSell?.basis).toBe('invoice');
    expect(result.crossSell?.rules.length).toBeGreaterThan(0);
  });
});

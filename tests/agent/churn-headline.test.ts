/**
 * The write-up's churn headline names the customers whose revenue is at risk: on Online
 * Retail (the 40,000-row sample) it ended "16029 (medium, £0.00) and 12590 (medium, £0.00)
 * top the list", medium risk putting no revenue at risk. Those lines now say what the
 * customer bought in the last 12 months instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import { datasetPath, writeOnlineRetailOctNov2011 } from '../engine/helpers/datasets';
import { ingestWithSnapshot } from '../engine/query/snapshot-of';
import { narrateOffline } from './helpers';
import { scratchDir } from '../engine/helpers/scratch';

let result: AnalysisResult;
let report: string;

beforeAll(async () => {
  const file = await ingestWithSnapshot(datasetPath('online_retail/online_retail_sample_40k.xlsx'));
  result = analyse(file.aggregates);
  report = (await narrateOffline(result, 'comprehensive', null, undefined, file.snapshot)).report;
}, 60_000);

describe('the churn headline', () => {
  it('names only customers with revenue at risk, in the list order', () => {
    const churn = result.churn?.customers ?? [];
    const atRisk = churn.filter((c) => c.revenueAtRisk > 0).slice(0, 5);
    expect(atRisk.length).toBeGreaterThan(0);
    // The list's first five include medium-risk customers, which the headline once named at £0.00.
    expect(churn.slice(0, 5).some((c) => c.revenueAtRisk === 0)).toBe(true);
    const headline = report.split('\n').find((line) => line.includes('of revenue is at risk**')) ?? '';
    const named = [...headline.matchAll(/(\d+) \((high|lost|medium), /g)].map((m) => m[1]);
    expect(named).toEqual(atRisk.map((c) => c.name));
    expect(headline).not.toContain('£0.00');
  });

  it('lists a medium-risk customer with what they bought in the last 12 months, not "£0.00 at risk"', () => {
    const medium = (result.churn?.customers ?? []).find((c) => c.risk === 'medium' && c.revenue12m > 0);
    expect(medium).toBeDefined();
    const line = report.split('\n').find((l) => l.startsWith(`- ${medium?.name}: medium risk, `)) ?? '';
    const bought = (medium?.revenue12m ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(line.endsWith(`, £${bought} bought in the last 12 months`), line).toBe(true);
  });
});

// On Online Retail's October and November 2011 the headline said "1,551 customers are quieter
// than usual (medium)": 1,549 of them bought on one day only and have no usual to be quieter than.
describe('the churn headline with no revenue at risk', () => {
  it('tells the customers quieter than their rhythm from those who bought only once', async () => {
    const path = join(scratchDir('tally-churn-headline-'), 'online-retail-oct-nov-2011.csv');
    writeOnlineRetailOctNov2011(path);
    // Purchase days: lines with a customer, a positive quantity and no credit-note invoice.
    const days = new Map<string, Set<string>>();
    for (const r of Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data) {
      if (!r.CustomerID || r.InvoiceNo.startsWith('C') || !(Number(r.Quantity) > 0)) continue;
      days.set(r.CustomerID, (days.get(r.CustomerID) ?? new Set()).add(r.InvoiceDate.slice(0, 10)));
    }
    // A one-time buyer is medium once silent as long as the median repeat buyer's gap (the mean
    // gap between their first and last purchase days), counted to the file's last day.
    const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    const sets = [...days.values()].map((d) => [...d].map(dayNumber).sort((a, b) => a - b));
    const lastDay = Math.max(...sets.flat());
    const gaps = sets.filter((d) => d.length > 1).map((d) => (d[d.length - 1] - d[0]) / (d.length - 1));
    gaps.sort((a, b) => a - b);
    const medianGap = gaps.length % 2 ? gaps[gaps.length >> 1] : (gaps[gaps.length / 2 - 1] + gaps[gaps.length / 2]) / 2;
    const once = sets.filter((d) => d.length === 1 && lastDay - d[0] >= medianGap).length;
    const file = await ingestWithSnapshot(path, 'online-retail.csv');
    const analysed = analyse(file.aggregates);
    const medium = (analysed.churn?.customers ?? []).filter((c) => c.risk === 'medium').length;
    expect(once).toBeGreaterThan(medium / 2);
    const { report: written } = await narrateOffline(analysed, 'comprehensive', null, undefined, file.snapshot);
    const headline = written.split('\n').find((line) => line.includes('No revenue of the last 12 months is at risk**')) ?? '';
    expect(headline).toContain(
      `no customer is rated high or lost; ${medium - once} customers are quieter than their usual rhythm, and ${once.toLocaleString('en-US')} bought only once, longer ago than the median repeat buyer's gap (medium).`,
    );
  }, 60_000);
});

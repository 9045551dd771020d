/**
 * The write-up's churn headline names the customers whose revenue is at risk: on Online
 * Retail (the 40,000-row sample) it ended "16029 (medium, £0.00) and 12590 (medium, £0.00)
 * top the list", medium risk putting no revenue at risk. Those lines now say what the
 * customer bought in the last 12 months instead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import { datasetPath } from '../engine/helpers/datasets';
import { ingestWithSnapshot } from '../engine/query/snapshot-of';
import { narrateOffline } from './helpers';

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

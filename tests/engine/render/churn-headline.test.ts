/**
 * The executive summary's churn headline on the generated B2B file read "850 customers are
 * lost and 0 at high risk …, with 0.00 of last-12-month revenue at risk": an alarm with
 * nothing in it. The counts come from the churn list itself.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { analyse } from '../../../worker/engine/analyze';
import { findingsOf } from '../../../worker/engine/render/findings';
import { ingestWithSnapshot } from '../query/snapshot-of';
import { scratchDir } from '../helpers/scratch';

let result: AnalysisResult;

beforeAll(async () => {
  const path = join(scratchDir('tally-churn-headline-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  result = analyse((await ingestWithSnapshot(path)).aggregates);
}, 60_000);

const headlineOf = (r: AnalysisResult) => findingsOf(r).find((f) => f.question === 'Who is about to leave?')?.headline ?? '';
const withChurn = (churn: Partial<NonNullable<AnalysisResult['churn']>>): AnalysisResult => ({
  ...result,
  churn: { ...(result.churn as NonNullable<AnalysisResult['churn']>), ...churn },
});

describe('the churn headline', () => {
  it('says the flagged customers had no revenue in the last 12 months when none is at risk', () => {
    const customers = result.churn?.customers ?? [];
    const lost = customers.filter((c) => c.risk === 'lost');
    const high = customers.filter((c) => c.risk === 'high');
    expect(lost.length).toBeGreaterThan(1);
    expect([...lost, ...high].every((c) => c.revenue12m <= 0)).toBe(true);
    expect(headlineOf(result)).toMatch(
      new RegExp(
        `^${lost.length} customers are lost and ${high.length} at high risk in the churn model \\(BG/NBD\\); they had no revenue in the last 12 months \\(net of returns\\), so none is at risk\\.`,
      ),
    );
  });

  it('names the revenue at risk when there is some', () => {
    expect(headlineOf(withChurn({ revenueAtRisk: 1234.5 }))).toContain(', with 1,234.50 of last-12-month revenue at risk.');
  });

  it('says no customer is flagged when none is lost or at high risk', () => {
    const calm = withChurn({ customers: (result.churn?.customers ?? []).map((c) => ({ ...c, risk: 'low' as const })), revenueAtRisk: 0 });
    delete (calm.churn as { byRisk?: unknown }).byRisk;
    expect(headlineOf(calm)).toMatch(/^No customer is lost or at high risk in the churn model \(BG\/NBD\)\./);
  });
});

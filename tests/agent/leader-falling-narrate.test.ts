/**
 * A leading product whose sales are falling fast is no product to "protect": on the
 * generated file the action read "Protect availability of Bolt "Pro" 0mm, steel" while its
 * revenue had fallen 61.8%. Hand-checked rows: Widget 1,000 in January and 200 in October
 * (−80% for the last 6 months against the 6 before), Gadget 500 and 600, and a Nut in
 * December 2023, so that the file has the 12 months a trend needs; no costs.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../worker/engine/analyze';
import { topActions } from '../../worker/engine/render/executive-summary';
import { ingestCsv } from '../engine/query/snapshot-of';
import { askOffline, narrateOffline } from './helpers';

const SALES = `Invoice,Date,Customer,Product,Amount
0,2023-12-10,Cora,Nut,50
1,2024-01-10,Acme,Widget,1000
2,2024-02-10,Bolt,Gadget,500
3,2024-10-10,Acme,Widget,200
4,2024-11-10,Bolt,Gadget,600
`;

describe('the products action when the leading product is falling', () => {
  it('asks why it fell instead of protecting its availability', async () => {
    const result = analyse((await ingestCsv(SALES)).aggregates);
    expect(result.products?.items.map((p) => [p.name, p.revenue, p.trendPct])).toEqual([
      ['Widget', 1200, -80],
      ['Gadget', 1100, 20],
      ['Nut', 50, -100],
    ]);
    const { report } = await narrateOffline(result);
    expect(report).toContain(
      '**Action:** Find out why Widget, your leading product, fell 80.0% in the last 6 months against the 6 before.',
    );
    expect(report).not.toContain('Protect availability of Widget');
  });

  it('still protects a leading product that is not falling', async () => {
    const steady = SALES.replace('2024-10-10,Acme,Widget,200', '2024-10-10,Acme,Widget,900');
    const result = analyse((await ingestCsv(steady)).aggregates);
    const { report } = await narrateOffline(result);
    expect(report).toContain('**Action:** Protect availability of Widget.');
    expect(topActions(result).some((action) => action.startsWith('Find out why'))).toBe(false);
  });

  // Chat's "What should I focus on?" said "no urgent actions" on the generated file, whose leader had fallen 61.8%.
  it("is one of the executive summary's first actions, and chat's answer to what to focus on", async () => {
    const result = analyse((await ingestCsv(SALES)).aggregates);
    expect(topActions(result)).toContain(
      'Find out why Widget, your leading product, fell 80.0% in the last 6 months against the 6 before.',
    );
    const { answer } = await askOffline('What should I focus on?', result);
    expect(answer).toContain('. Find out why Widget, your leading product, fell 80.0% in the last 6 months against the 6 before.');
    expect(answer).not.toContain('No urgent actions');
  });
});

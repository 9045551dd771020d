/**
 * A leading product whose sales are falling fast is no product to "protect": on the
 * generated file the action read "Protect availability of Bolt "Pro" 0mm, steel" while its
 * revenue had fallen 61.8%. Hand-checked rows: Widget 12 orders of 100 from January to June
 * 2024 and one of 240 in October (−80% for the last 6 full months against the 6 before, and
 * 12 orders to 1, a fall chance explains with p ≈ 0.0016), Gadget 500 and 600, and a Nut in
 * December 2023, so that the file has the 12 months a trend needs; no costs.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../worker/engine/analyze';
import { topActions } from '../../worker/engine/render/executive-summary';
import { ingestCsv } from '../engine/query/snapshot-of';
import { askOffline, narrateOffline } from './helpers';

const WIDGET_FIRST_HALF = Array.from({ length: 12 }, (_, k) => `w${k},2024-0${1 + (k % 6)}-10,Acme,Widget,100`).join('\n');
const SALES = `Invoice,Date,Customer,Product,Amount
0,2023-12-10,Cora,Nut,50
${WIDGET_FIRST_HALF}
2,2024-02-10,Bolt,Gadget,500
3,2024-10-10,Acme,Widget,240
4,2024-12-31,Bolt,Gadget,600
`;

describe('the products action when the leading product is falling', () => {
  it('asks why it fell instead of protecting its availability', async () => {
    const result = analyse((await ingestCsv(SALES)).aggregates);
    expect(result.products?.items.map((p) => [p.name, p.revenue, p.trendPct])).toEqual([
      ['Widget', 1440, -80],
      ['Gadget', 1100, 20],
      ['Nut', 50, null],
    ]);
    const { report } = await narrateOffline(result);
    expect(report).toContain(
      '**Action:** Find out why Widget, your leading product, fell 80.0% in the last 6 full months against the 6 before.',
    );
    expect(report).not.toContain('Protect availability of Widget');
  });

  it('still protects a leading product that is not falling', async () => {
    const steady = SALES.replace('2024-10-10,Acme,Widget,240', '2024-10-10,Acme,Widget,1100');
    const result = analyse((await ingestCsv(steady)).aggregates);
    const { report } = await narrateOffline(result);
    expect(report).toContain('**Action:** Protect availability of Widget.');
    expect(topActions(result).some((action) => action.startsWith('Find out why'))).toBe(false);
  });

  // On the generated file 58 products, its leader among them, were "down 50% or more" by chance.
  it('does not ask why a leading product fell when its orders fell no more than chance explains', async () => {
    // Widget's revenue falls 80% as before, but from 2 orders to 1.
    const thin = SALES.replace(WIDGET_FIRST_HALF, 'w0,2024-01-10,Acme,Widget,600\nw1,2024-04-10,Acme,Widget,600');
    const result = analyse((await ingestCsv(thin)).aggregates);
    expect(result.products?.items[0]).toMatchObject({ name: 'Widget', trendPct: -80 });
    const { report } = await narrateOffline(result);
    expect(report).toContain('**Action:** Protect availability of Widget.');
    expect(topActions(result).some((action) => action.startsWith('Find out why'))).toBe(false);
  });

  // On Online Retail it listed five products at −100% beside none of the seven the analysis flags.
  it('says, under a ranking of falls, which products are flagged and why the others are not', async () => {
    const { answer } = await askOffline('Which products are declining?', analyse((await ingestCsv(SALES)).aggregates));
    expect(answer).toContain(
      '\n\nFlagged as fast decliners, down 50% or more with orders that fell by more than chance explains, or held at 30 or more a window in smaller orders: Widget (orders 12 → 1).',
    );
    const thin = SALES.replace(WIDGET_FIRST_HALF, 'w0,2024-01-10,Acme,Widget,600\nw1,2024-04-10,Acme,Widget,600');
    const quiet = await askOffline('Which products are declining?', analyse((await ingestCsv(thin)).aggregates));
    expect(quiet.answer).toContain('1. Widget: -80.0%');
    expect(quiet.answer).toContain(
      '\n\nNone is flagged as a fast decliner: no product fell 50% or more with its orders falling by more than chance explains.',
    );
  });

  // Chat's "What should I focus on?" said "no urgent actions" on the generated file, whose leader had fallen 61.8%.
  it("is one of the executive summary's first actions, and chat's answer to what to focus on", async () => {
    const result = analyse((await ingestCsv(SALES)).aggregates);
    expect(topActions(result)).toContain(
      'Find out why Widget, your leading product, fell 80.0% in the last 6 full months against the 6 before.',
    );
    const { answer } = await askOffline('What should I focus on?', result);
    expect(answer).toContain('. Find out why Widget, your leading product, fell 80.0% in the last 6 full months against the 6 before.');
    expect(answer).not.toContain('No urgent actions');
  });
});

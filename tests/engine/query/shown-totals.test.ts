/**
 * A ranking cut short says what the rows it shows hold together, on hand-checked rows: the
 * figures that add up across them (orders only when the rows are customers), and the margin
 * of their profit over their revenue when the margin is asked. A ranking shown whole, a
 * comparison, an average per unit and a threshold (which has its own sums) get none.
 */
import { describe, expect, it } from 'vitest';
import { markdownTableOf } from '../../../worker/engine/query';
import { queryCsv } from './snapshot-of';

// Acme: 2 orders, revenue 150, cost 90. Bolt: 1 order, revenue 100, cost 20. Cora: 1 order, 30, cost 30. Dune: 1 order, 10, cost 4.
const SALES = `Date,Invoice,Customer,Product,Amount,Cost
2024-01-05,I1,Acme,Bolts,100,60
2024-01-06,I2,Acme,Nuts,50,30
2024-01-07,I3,Bolt,Bolts,100,20
2024-01-08,I4,Cora,Nuts,30,30
2024-01-09,I5,Dune,Nuts,10,4
`;

describe('what the rows of a ranking hold together', () => {
  it('sums revenue, profit and orders of the customers shown, and their margin is profit over revenue', async () => {
    const top = await queryCsv(SALES, { measures: ['revenue', 'grossProfit', 'orders', 'marginPct'], groupBy: ['customer'], limit: 2 });
    expect(top.rows.map((r) => r[0])).toEqual(['Acme', 'Bolt']);
    // Revenue 150 + 100, profit 60 + 80, orders 2 + 1; the margin is 140 / 250, not the mean of 40% and 80%.
    expect(top.shownTotals).toEqual([
      { measure: 'revenue', kind: 'money', value: 250 },
      { measure: 'grossProfit', kind: 'money', value: 140 },
      { measure: 'orders', kind: 'count', value: 3 },
      { measure: 'marginPct', kind: 'percent', value: expect.closeTo(56, 9) },
    ]);
    expect(markdownTableOf(top)).toContain(
      'Showing 2 of 4 rows. Together, the 2 customers shown: revenue 250.00, gross profit 140.00, 3 orders, a margin of 56.0%.',
    );
  });

  it('gives the margin of the rows shown even when their revenue and profit are not asked', async () => {
    const top = await queryCsv(SALES, {
      measures: ['marginPct'],
      groupBy: ['customer'],
      sort: { by: 'marginPct', direction: 'asc' },
      limit: 2,
    });
    // Cora 0% and Acme 40%: profit 0 + 60 over revenue 30 + 150.
    expect(top.rows).toEqual([
      ['Cora', 0],
      ['Acme', 40],
    ]);
    expect(top.shownTotals).toEqual([{ measure: 'marginPct', kind: 'percent', value: expect.closeTo((60 / 180) * 100, 9) }]);
  });

  it('sums no orders of products, which share an order', async () => {
    const top = await queryCsv(SALES, { measures: ['revenue', 'orders'], groupBy: ['product'], limit: 1 });
    expect(top.shownTotals).toBeUndefined();
    const both = await queryCsv(`${SALES}2024-01-10,I6,Dune,Washers,5,1\n`, {
      measures: ['revenue', 'orders'],
      groupBy: ['product'],
      limit: 2,
    });
    expect(both.shownTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 290 }]);
  });

  it('says nothing when every row is shown, one row is, periods are compared or a threshold keeps the rows', async () => {
    const whole = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['customer'], limit: 4 });
    expect(whole.shownTotals).toBeUndefined();
    expect(markdownTableOf(whole)).not.toContain('Together');
    const one = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['customer'], limit: 1 });
    expect(one.shownTotals).toBeUndefined();
    const compared = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['customer'],
      period: { from: '2024-01-07', to: '2024-01-09' },
      compareTo: { from: '2024-01-05', to: '2024-01-06' },
      limit: 2,
    });
    expect(compared.shownTotals).toBeUndefined();
    const kept = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['customer'],
      having: { measure: 'revenue', op: '>', value: 20 },
      limit: 2,
    });
    expect(kept.shownTotals).toBeUndefined();
    expect(kept.keptTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 280 }]);
  });
});

describe('a top N of more rows than are shown', () => {
  // C1 … C60 spend 1 … 60, but C9 spends 8, as C8 does: 1,829 in all. Ranked: 60 … 10 (51
  // rows), then C8 and C9 at 8 (places 52 and 53), then 7 … 1.
  const amounts = Array.from({ length: 60 }, (_, i) => (i + 1 === 9 ? 8 : i + 1));
  const csv = `Date,Invoice,Customer,Product,Amount\n${amounts.map((amount, i) => `2024-01-05,I${i + 1},C${i + 1},Bolts,${amount}`).join('\n')}\n`;

  it('shows 50 rows and sums the top N whole', async () => {
    const top = await queryCsv(csv, { measures: ['revenue', 'revenueShare'], groupBy: ['customer'], limit: 51 });
    expect(top.rows).toHaveLength(50);
    // The top 51 are 60 … 10: all but 8 + 8 + 7 + … + 1 = 44.
    expect(top.rankedRows).toBe(51);
    expect(top.note).toContain('Showing the first 50 of the top 51 customers (60 in all).');
    expect(top.note).toContain(`The top 51 customers hold ${((100 * (1829 - 44)) / 1829).toFixed(1)}% of it together.`);
  });

  it('takes in the rows tying for the Nth place', async () => {
    // The 52nd place is C8 or C9 at 8: both are in the top 52, which leaves out 7 + … + 1 = 28.
    const top = await queryCsv(csv, { measures: ['revenue'], groupBy: ['customer'], limit: 52 });
    expect(top.rankedRows).toBe(53);
    expect(top.shownTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 1829 - 28 }]);
  });

  it('sums every row when the top N holds them all', async () => {
    const top = await queryCsv(csv, { measures: ['revenue'], groupBy: ['customer'], limit: 100 });
    expect(top.rankedRows).toBe(60);
    expect(top.note).toBe('Showing the first 50 of the top 60 customers (60 in all).');
    expect(top.shownTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 1829 }]);
  });
});

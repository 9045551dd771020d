/**
 * What a list kept by a bound holds together, and what it leaves out, on hand-checked rows:
 * revenue before returns (what was sold, returns added back), the revenue per customer and
 * the average order value of the customers kept, and how many rows the bound left out.
 *
 * Acme: orders 1 (100 + 20) and 2 (30), a credit note of −10 → revenue 140, 2 orders.
 * Bolt: order 3 (60) → revenue 60, 1 order. Cole: only a credit note (−5) → 0 orders.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Invoice,Customer,Region,Amount
2024-03-01,1,Acme,North,100
2024-03-01,1,Acme,North,20
2024-03-05,2,Acme,North,30
2024-03-06,C9,Acme,North,-10
2024-03-02,3,Bolt,South,60
2024-03-07,C10,Cole,East,-5
`;

describe('revenue before returns', () => {
  it('adds the returns back to revenue, row by row', async () => {
    const result = await queryCsv(SALES, { measures: ['grossRevenue', 'returns', 'revenue'], groupBy: ['customer'] });
    const byCustomer = Object.fromEntries(result.rows.map((row) => [row[0], row.slice(1)]));
    expect(byCustomer.Acme).toEqual([150, 10, 140]);
    expect(byCustomer.Bolt).toEqual([60, 0, 60]);
    expect(byCustomer.Cole).toEqual([0, 5, -5]);
  });
});

describe('customers kept by a bound, together', () => {
  it('gives their revenue per customer and, beside their orders, their average order value', async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders', 'averageOrderValue', 'revenuePerCustomer'],
      groupBy: ['customer'],
      having: { measure: 'orders', op: '>', value: 0 },
    });
    expect(result.totalRows).toBe(2);
    const kept = Object.fromEntries((result.keptTotals ?? []).map((t) => [t.measure, t.value]));
    // (140 + 60) over Acme's 2 orders and Bolt's 1; (140 + 60) over the 2 customers.
    expect(kept.averageOrderValue).toBeCloseTo(200 / 3, 12);
    expect(kept.revenuePerCustomer).toBe(100);
    expect(kept.orders).toBeUndefined();
  });

  it('says how many rows the bound left out, and nothing when it left out none', async () => {
    const some = await queryCsv(SALES, { measures: ['orders'], groupBy: ['region'], having: { measure: 'orders', op: '>', value: 0 } });
    expect(some.rows.map((row) => row[0]).sort()).toEqual(['North', 'South']);
    expect(some.leftOutByHaving).toBe(1);
    const none = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['region'],
      having: { measure: 'revenue', op: '>', value: -100 },
    });
    expect(none.leftOutByHaving).toBeUndefined();
  });
});

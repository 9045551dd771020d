import { describe, expect, it } from 'vitest';
import { concentrationOf } from '../../../worker/engine/analyses/concentration';
import { aggregatesFromRows } from '../helpers/aggregates-from-rows';

describe('concentrationOf', () => {
  // Revenue 50, 30, 10, 5, 5 (total 100) plus a customer whose returns exceed purchases.
  const agg = aggregatesFromRows([
    { customer: 'Big Co', amount: 50 },
    { customer: 'Mid Co', amount: 30 },
    { customer: 'C3', amount: 10 },
    { customer: 'C4', amount: 5 },
    { customer: 'C5', amount: 5 },
    { customer: 'Refunded', amount: 5 },
    { customer: 'Refunded', amount: -8 },
  ]);
  const c = concentrationOf(agg);

  it('computes shares of positive customer revenue', () => {
    expect(c?.topCustomer).toEqual({ id: 'Big Co', name: 'Big Co', revenue: 50, share: 0.5 });
    expect(c?.top10Share).toBeCloseTo(1, 12);
    expect(c?.top20PctShare).toBeCloseTo(0.5, 12); // ⌈0.2 × 5⌉ = 1 customer
    expect(c?.customersFor80Pct).toBe(2);
  });

  it('computes HHI 2500 + 900 + 100 + 25 + 25 = 3550, high per the 2023 guidelines', () => {
    expect(c?.hhi).toBeCloseTo(3550, 9);
    expect(c?.level).toBe('high');
    expect(c?.levelBasis).toContain('2023');
  });

  it('computes Gini for 5, 5, 10, 30, 50: 2·(5+10+30+120+250)/(5·100) − 6/5 = 0.46', () => {
    expect(c?.gini).toBeCloseTo(0.46, 12);
  });

  it('flags every customer above 10% as a key account, by name', () => {
    expect(c?.keyAccounts.map((a) => [a.name, a.share])).toEqual([
      ['Big Co', 0.5],
      ['Mid Co', 0.3],
    ]);
    expect(c?.flags[0]).toBe('Key-account risk: Big Co alone brings 50.0% of revenue (over 10%).');
  });

  it('draws the Lorenz curve poorest first', () => {
    expect(c?.lorenz.map(([x, y]) => [x, Number(y.toFixed(2))])).toEqual([
      [0, 0],
      [0.2, 0.05],
      [0.4, 0.1],
      [0.6, 0.2],
      [0.8, 0.5],
      [1, 1],
    ]);
  });
});

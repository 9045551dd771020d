import { describe, expect, it } from 'vitest';
import { datasetOf, totalsOf, trendOf } from '../../../worker/engine/analyses/overview';
import { ingestBytes, ingestFixture } from '../ingest/helpers';

describe('overview: totals and trend', () => {
  it('rounds money to cents and derives the margin from cost', async () => {
    const agg = await ingestFixture('returns-and-credit-notes.csv');
    expect(totalsOf(agg)).toEqual({
      revenue: 79.71,
      cost: 42,
      grossMargin: 37.71,
      grossMarginPct: 47.31,
      customers: 2,
      orders: 4,
      products: 2,
      suppliers: null,
      revenueWithoutCustomer: 6.78,
      returnsValue: 2.55,
    });
    expect(datasetOf(agg)).toBe(agg.profile);
  });

  it('gives monthly points and no YoY growth with fewer than 24 months', async () => {
    const agg = await ingestFixture('returns-and-credit-notes.csv');
    expect(trendOf(agg)).toEqual({
      monthly: [
        { month: '2010-12', revenue: 39.87, orders: 2, customers: 1 },
        { month: '2011-01', revenue: 39.84, orders: 2, customers: 2 },
      ],
      yoyGrowthPct: null,
    });
  });

  /** One row a month from January 2022, 100 a month in 2022 and 150 in 2023; a month's day as `dayOf(m)`. */
  function monthlyRows(months: number, dayOf: (m: number) => string): string[] {
    const lines = ['Customer,Date,Amount'];
    for (let m = 0; m < months; m++) {
      const year = 2022 + Math.floor(m / 12);
      lines.push(`c1,${year}-${String((m % 12) + 1).padStart(2, '0')}-${dayOf(m)},${m < 12 ? 100 : 150}`);
    }
    return lines;
  }

  it('compares the last 12 full months with the 12 before', async () => {
    // From 2022-01-01 to 2023-12-31: 24 full months, 1,800 against 1,200.
    const lines = monthlyRows(24, (m) => (m === 0 ? '01' : m === 23 ? '31' : '15'));
    const trend = trendOf(await ingestBytes(lines.join('\n'), { fileName: 'y.csv' }));
    expect(trend.monthly.length).toBe(24);
    expect(trend.yoyGrowthPct).toBe(50);
  });

  // The generated file ends on 3 January: 11 months and 3 days against 12 months read −8.0%.
  it('leaves a partial month at either end out of the growth', async () => {
    const endsEarly = [...monthlyRows(24, (m) => (m === 0 ? '01' : '15')), 'c1,2024-01-03,20'];
    // 2023 against 2022, +50%, not 2023-02 … 2024-01-03 (11 × 150 + 20) against 2022-02 … 2023-01 (11 × 100 + 150), +33.6%.
    expect(trendOf(await ingestBytes(endsEarly.join('\n'), { fileName: 'y.csv' })).yoyGrowthPct).toBe(50);
    // From 2022-01-15 to 2023-12-15 both ends are partial: 22 full months are too few.
    const midMonth = monthlyRows(24, () => '15');
    expect(trendOf(await ingestBytes(midMonth.join('\n'), { fileName: 'y.csv' })).yoyGrowthPct).toBeNull();
  });
});

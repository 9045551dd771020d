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

  it('compares the last 12 months with the 12 before', async () => {
    const lines = ['Customer,Date,Amount'];
    for (let m = 0; m < 24; m++) {
      const year = 2022 + Math.floor(m / 12);
      lines.push(`c1,${year}-${String((m % 12) + 1).padStart(2, '0')}-15,${m < 12 ? 100 : 150}`);
    }
    const trend = trendOf(await ingestBytes(lines.join('\n'), { fileName: 'y.csv' }));
    expect(trend.monthly.length).toBe(24);
    expect(trend.yoyGrowthPct).toBe(50);
  });
});

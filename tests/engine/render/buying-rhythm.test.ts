import { describe, expect, it } from 'vitest';
import { churnCustomerLine } from '../../../worker/agent/format';
import { buyingRhythm } from '../../../worker/engine/render/buying-rhythm';

describe('buyingRhythm', () => {
  it('calls one gap what it is: Online Retail 18139 bought on two consecutive days, not "usually every 1 day"', () => {
    expect(buyingRhythm({ typicalGapDays: 1, purchaseDays: 2 })).toBe('bought on 2 days, 1 day apart');
    const line = churnCustomerLine(
      { name: '18139', risk: 'low', daysSinceLastOrder: 17, typicalGapDays: 1, purchaseDays: 2, revenueAtRisk: 0 },
      (v) => v.toFixed(2),
    );
    expect(line).toBe('18139: low risk, 17 days since the last order (bought on 2 days, 1 day apart), 0.00 at risk');
    expect(line).not.toContain('usually');
  });

  it('gives the mean gap over several purchase days, rounded to whole days and never below 1', () => {
    expect(buyingRhythm({ typicalGapDays: 29.6, purchaseDays: 9 })).toBe('bought on 9 days, on average 30 days apart');
    expect(buyingRhythm({ typicalGapDays: 1.2, purchaseDays: 1_200 })).toBe('bought on 1,200 days, on average 1 day apart');
  });

  it('says nothing for one purchase day, and falls back to the gap alone for analyses stored without purchase days', () => {
    expect(buyingRhythm({ typicalGapDays: null, purchaseDays: 1 })).toBe('');
    expect(buyingRhythm({ typicalGapDays: 45 })).toBe('on average 45 days between orders');
  });
});

import { describe, expect, it } from 'vitest';
import { epochDay, isoDay } from '../../../worker/engine/aggregate/types';
import { churnOf } from '../../../worker/engine/analyses/churn';
import { churnRisk } from '../../../worker/engine/analyses/churn-risk';
import { aggregatesFromRows, type TestRow } from '../helpers/aggregates-from-rows';

describe('churnRisk rules', () => {
  it('rates repeat buyers against their own rhythm', () => {
    expect(churnRisk(100, 30, 30, null)).toBe('lost'); // 3.3× the gap
    expect(churnRisk(70, 30, 30, null)).toBe('high'); // 2.3×
    expect(churnRisk(40, 30, 30, null)).toBe('medium'); // 1.3×
    expect(churnRisk(20, 30, 30, null)).toBe('low');
  });

  it('lets a low P(alive) raise the risk', () => {
    expect(churnRisk(20, 30, 30, 0.05)).toBe('lost');
    expect(churnRisk(20, 30, 30, 0.4)).toBe('high');
    expect(churnRisk(20, 30, 30, 0.7)).toBe('medium');
  });

  // A customer whose first order was 2 days ago was rated medium and listed among revenue at risk.
  it('rates a one-time buyer low only until silent as long as the median repeat gap, then by multiples of it', () => {
    expect(churnRisk(1, null, 30, 1)).toBe('low');
    expect(churnRisk(29, null, 30, 1)).toBe('low');
    expect(churnRisk(30, null, 30, 1)).toBe('medium');
    expect(churnRisk(45, null, 30, 1)).toBe('medium');
    expect(churnRisk(50, null, 30, 1)).toBe('high');
    expect(churnRisk(100, null, 30, 1)).toBe('lost');
  });
});

describe('churnOf', () => {
  it('is unavailable, with a reason, when the file has no dates', () => {
    const churn = churnOf(aggregatesFromRows([{ customer: 'A', amount: 1 }]), -1);
    expect(churn?.model).toBe('unavailable');
    expect(churn?.note).toBe('The file has no order dates, so churn risk cannot be measured.');
  });

  it('is unavailable for a single day of data', () => {
    const churn = churnOf(aggregatesFromRows([{ customer: 'A', amount: 1, date: '2024-01-31' }]), epochDay('2024-01-31'));
    expect(churn?.note).toBe('The data covers only 1 day; churn risk needs at least 28 days of order history.');
  });

  it('falls back to the rhythm heuristic with too few repeat customers, and says so', () => {
    const rows: TestRow[] = [];
    const start = epochDay('2024-01-01');
    // Monthly buyer, still active; monthly buyer silent for 120 days; one-time buyer.
    for (let k = 0; k < 6; k++) rows.push({ customer: 'Steady', date: isoDay(start + 30 * k) ?? '', amount: 100 });
    for (let k = 0; k < 3; k++) rows.push({ customer: 'Gone', date: isoDay(start + 30 * k) ?? '', amount: 50 });
    rows.push({ customer: 'Once', date: isoDay(start + 140) ?? '', amount: 10 });
    const churn = churnOf(aggregatesFromRows(rows), start + 180);
    expect(churn?.model).toBe('heuristic');
    expect(churn?.note).toBe(
      'Only 2 of 3 customers bought on more than one day; BG/NBD needs at least 20 repeat customers among 50+, so risk follows the rhythm rules alone.',
    );
    const byId = new Map(churn?.customers.map((c) => [c.id, c]));
    // Steady: 30 days silent on a 30-day rhythm → low.
    expect(byId.get('Steady')).toMatchObject({ risk: 'low', daysSinceLastOrder: 30, typicalGapDays: 30, pAlive: null, revenueAtRisk: 0 });
    // Gone: silent 120 days on a 30-day rhythm (4×) → lost, and its 12-month revenue is at risk.
    expect(byId.get('Gone')).toMatchObject({
      risk: 'lost',
      daysSinceLastOrder: 120,
      typicalGapDays: 30,
      revenue12m: 150,
      revenueAtRisk: 150,
    });
    // Once: 40 days against the median repeat gap of 30 → 1.33× → medium, never low.
    expect(byId.get('Once')).toMatchObject({ risk: 'medium', typicalGapDays: null });
    expect(churn?.revenueAtRisk).toBe(150);
  });

  it('lists revenue at risk first, then, with none, the customers still to win back before the lost', () => {
    const rows: TestRow[] = [];
    const start = epochDay('2022-01-01');
    const asOf = epochDay('2024-12-31');
    // Old: monthly in early 2022, silent since → lost, nothing bought in the last 12 months.
    for (let k = 0; k < 3; k++) rows.push({ customer: 'Old', date: isoDay(start + 30 * k) ?? '', amount: 500 });
    // Late: monthly until 100 days ago → silent 3.3× its gap → lost, with its 12-month revenue at risk.
    for (let k = 0; k < 3; k++) rows.push({ customer: 'Late', date: isoDay(asOf - 160 + 30 * k) ?? '', amount: 100 });
    // Once: one purchase 40 days ago against the median repeat gap of 30 → medium, no revenue at risk.
    rows.push({ customer: 'Once', date: isoDay(asOf - 40) ?? '', amount: 10 });
    // Steady: monthly to the end → low.
    for (let k = 0; k < 6; k++) rows.push({ customer: 'Steady', date: isoDay(asOf - 150 + 30 * k) ?? '', amount: 100 });
    const churn = churnOf(aggregatesFromRows(rows), asOf);
    const listed = churn?.customers.map((c) => [c.id, c.risk, c.revenueAtRisk]);
    // Old was listed first when no revenue was at risk: a customer lost three years ago is no call to make.
    expect(listed).toEqual([
      ['Late', 'lost', 300],
      ['Once', 'medium', 0],
      ['Old', 'lost', 0],
      ['Steady', 'low', 0],
    ]);
  });
});

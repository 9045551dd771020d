/**
 * Sales-rep scorecards on hand-made files: every figure below is worked out by hand in
 * the comments (lines per rep, the book rule, the new-customer window, the cap at 20).
 */
import { describe, expect, it } from 'vitest';
import { customerRepsByRegion, repBookOfCustomers } from '../../../worker/engine/aggregate/rep-book';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { repScorecardsOf } from '../../../worker/engine/analyses/rep-scorecards';
import { analyse } from '../../../worker/engine/analyze';
import type { Churn, ChurnCustomer, ChurnRisk, CrossSell } from '../../../worker/engine/contract';
import { ingestBytes } from '../ingest/helpers';
import { REP_CSV } from '../fixtures/reps';

/*
 * Anna Berg: I1 100/60 (C1), I6 80/40 (C3), I8 60/45 (C4), I10 25/5 (no customer)
 *   → revenue 265, cost 150, profit 115, margin 43.40%; served C1 C3 C4.
 * Bob Stone: I2 50/30 + I3 40/20 (C1), I4 200/150 + C105 −20/−15 (C2), I7 60/30 (C4)
 *   → revenue 330, cost 215, profit 115, margin 34.85%; served C1 C2 C4.
 * Books: C1 Anna 100 vs Bob 90 → Anna; C2 → Bob; C3 → Anna; C4 60 vs 60 → Anna (name first).
 * C5 has only a blank-rep line (30): no book. Total revenue 625.
 */
const CSV = REP_CSV;
const AS_OF = epochDay('2024-12-31');

function churnOf(risks: [string, ChurnRisk, number][]): Churn {
  const customers = risks.map(([id, risk, revenueAtRisk]): ChurnCustomer => ({
    id,
    name: id,
    pAlive: null,
    expectedPurchases90d: null,
    daysSinceLastOrder: null,
    typicalGapDays: null,
    revenue12m: revenueAtRisk,
    revenueAtRisk,
    risk,
  }));
  const revenueAtRisk = customers.reduce((sum, c) => sum + c.revenueAtRisk, 0);
  return { model: 'heuristic', params: null, gammaGamma: null, note: null, revenueAtRisk, customers };
}

const CHURN = churnOf([
  ['C1', 'high', 140],
  ['C2', 'lost', 50],
  ['C3', 'low', 0],
  ['C4', 'medium', 0],
  ['C5', 'high', 30],
]);

const ref = (id: string) => ({ id, name: id });
const CROSS_SELL: CrossSell = {
  available: true,
  basis: 'invoice',
  minSupport: null,
  minConfidence: null,
  baskets: 0,
  note: null,
  rules: [],
  opportunities: [
    { customer: ref('C1'), product: ref('P2'), because: '', score: 1 },
    { customer: ref('C1'), product: ref('P3'), because: '', score: 1 },
    { customer: ref('C2'), product: ref('P2'), because: '', score: 1 },
    { customer: ref('C5'), product: ref('P2'), because: '', score: 1 },
  ],
};

describe('rep scorecards on a hand-made file', async () => {
  const agg = await ingestBytes(CSV, { fileName: 'reps.csv' });
  const s = repScorecardsOf(agg, agg.repBook, CHURN, CROSS_SELL, AS_OF);
  const [bob, anna] = s.reps;

  it('attributes revenue, cost and margin per line and ranks reps by revenue', () => {
    expect(s.available).toBe(true);
    expect(s.repColumn).toBe('SalesRep');
    expect(s.reps.map((r) => r.rep)).toEqual(['Bob Stone', 'Anna Berg']);
    expect([bob.revenue, bob.cost, bob.grossProfit, bob.grossMarginPct]).toEqual([330, 215, 115, 34.85]);
    expect([anna.revenue, anna.cost, anna.grossProfit, anna.grossMarginPct]).toEqual([265, 150, 115, 43.4]);
    expect(bob.revenueShare).toBeCloseTo(330 / 625, 12);
    expect(anna.revenueShare).toBeCloseTo(265 / 625, 12);
  });

  it('counts customers served per line and gives each customer one book (most revenue, ties by name)', () => {
    expect([bob.customersServed, anna.customersServed]).toEqual([3, 3]);
    expect([bob.bookCustomers, anna.bookCustomers]).toEqual([1, 3]);
    expect(s.unassigned).toEqual({ revenue: 30, customers: 1, revenueAtRisk: 30 });
  });

  it('counts new customers in the 12 months to the as-of month, and lost and at-risk from churn', () => {
    expect(s.newWindow).toEqual({ from: '2024-01', to: '2024-12' });
    // Anna's book: C1 (first 2023-01), C3 (2024-05), C4 (2024-06) → 2 new; Bob's C2 (2023-06) → 0.
    expect([bob.newCustomers, anna.newCustomers]).toEqual([0, 2]);
    expect([bob.lostCustomers, anna.lostCustomers]).toEqual([1, 0]);
    expect([bob.revenueAtRisk, anna.revenueAtRisk]).toEqual([50, 140]);
    expect(anna.atRisk).toEqual([{ id: 'C1', name: 'C1', risk: 'high', revenueAtRisk: 140 }]);
    expect([bob.crossSellOpportunities, anna.crossSellOpportunities]).toEqual([1, 2]);
  });

  it("measures the top customer's share of the rep's positive customer revenue", () => {
    // Bob: C2 180 of 90 + 180 + 60; Anna: C1 100 of 100 + 80 + 60 (the 25 without a customer is no customer's).
    expect(bob.topCustomer).toEqual({ id: 'C2', name: 'Bolt', revenue: 180, share: 180 / 330 });
    expect(anna.topCustomer).toEqual({ id: 'C1', name: 'Acme', revenue: 100, share: 100 / 240 });
  });

  it('leaves out what the file cannot support instead of guessing', () => {
    const none = repScorecardsOf(agg, agg.repBook, null, null, AS_OF);
    expect([none.reps[0].lostCustomers, none.reps[0].revenueAtRisk, none.reps[0].crossSellOpportunities]).toEqual([null, null, null]);
    // As of 2023-12-31 the file (from 2023-01) does not reach back before the window 2023-01 … 2023-12.
    const early = repScorecardsOf(agg, agg.repBook, CHURN, CROSS_SELL, epochDay('2023-12-31'));
    expect(early.newWindow).toBeNull();
    expect(early.reps.every((r) => r.newCustomers === null)).toBe(true);
  });

  it('says the file has no sales-rep column when it has none', async () => {
    const plain = await ingestBytes(CSV.replace(',SalesRep', ',Note'), { fileName: 'plain.csv' });
    expect(plain.repBook).toBeUndefined();
    const result = analyse(plain, { now: new Date(0) });
    expect(result.repScorecards).toMatchObject({ available: false, note: 'This file has no sales-rep column.', reps: [] });
  });

  it('has no gross profit or margin without a cost column', async () => {
    const withoutCost = CSV.split('\n').map((line) =>
      line
        .split(',')
        .filter((_, column) => column !== 6)
        .join(','),
    );
    const noCost = await ingestBytes(withoutCost.join('\n'), { fileName: 'no-cost.csv' });
    const card = repScorecardsOf(noCost, noCost.repBook, null, null, AS_OF).reps[0];
    expect([card.rep, card.revenue, card.cost, card.grossProfit, card.grossMarginPct]).toEqual(['Bob Stone', 330, null, null, null]);
  });

  it('takes the rep from a per-customer map (a joined master, or regions to managers)', () => {
    const book = repBookOfCustomers(agg.customers, { C1: 'Zed', C2: 'Zed', C3: 'Ann', C4: '  ' });
    const mapped = repScorecardsOf(agg, book, CHURN, null, AS_OF);
    // Zed: C1 190 + C2 180; Ann: C3 80; C4 (blank) and C5 (absent) unassigned: 120 + 30.
    expect(mapped.source).toBe('customer-attribute');
    expect(mapped.reps.map((r) => [r.rep, r.revenue, r.bookCustomers, r.revenueAtRisk])).toEqual([
      ['Zed', 370, 2, 190],
      ['Ann', 80, 1, 0],
    ]);
    expect(mapped.unassigned).toEqual({ revenue: 150, customers: 2, revenueAtRisk: 30 });
    const regions = { ...agg.customers, regions: ['West', 'East', 'West', null, 'North'] };
    expect(customerRepsByRegion(regions, { West: 'Anna Andreadi', East: 'Chuck Magee' })).toEqual({
      C1: 'Anna Andreadi',
      C2: 'Chuck Magee',
      C3: 'Anna Andreadi',
      C4: null,
      C5: null,
    });
  });
});

describe('the cap at 20 reps', async () => {
  // Rep 01 … Rep 23: Rep k sells 10·k to its own customer K{k}; Reps 01 and 02 also sell 1 each to Shared.
  const lines = ['Invoice,Date,CustomerID,Amount,SalesRep'];
  for (let k = 1; k <= 23; k++) lines.push(`I${k},2024-01-${String(k).padStart(2, '0')},K${k},${10 * k},Rep ${String(k).padStart(2, '0')}`);
  lines.push('S1,2024-02-01,Shared,1,Rep 01', 'S2,2024-02-02,Shared,1,Rep 02');
  const agg = await ingestBytes(lines.join('\n'), { fileName: 'many-reps.csv' });
  const s = repScorecardsOf(agg, agg.repBook, null, null, epochDay('2024-02-28'));

  it('shows the top 20 by revenue and sums the rest, counting a shared customer once', () => {
    expect(s.reps).toHaveLength(23);
    expect(s.reps.slice(0, 20).map((r) => r.rep)).toEqual(Array.from({ length: 20 }, (_, i) => `Rep ${String(23 - i).padStart(2, '0')}`));
    // Rest: Rep 03 (30), Rep 02 (20 + 1), Rep 01 (10 + 1); customers K1 K2 K3 Shared; Shared's tie goes to Rep 01.
    expect(s.rest).toMatchObject({ rep: 'Other 3 reps', reps: 3, revenue: 62, customersServed: 4, bookCustomers: 4, topCustomer: null });
    expect(s.reps.find((r) => r.rep === 'Rep 01')?.bookCustomers).toBe(2);
    expect(s.reps.find((r) => r.rep === 'Rep 02')?.bookCustomers).toBe(1);
  });
});

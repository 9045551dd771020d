/**
 * Cohort retention and NRR on hand-computed files: every expected figure below is worked
 * out by hand in the comments, from the rows as written.
 */
import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { cohortsOf, grainOf } from '../../../worker/engine/analyses/cohorts';
import type { Cohorts } from '../../../worker/engine/contract';
import { ingestBytes } from '../ingest/helpers';

const HEADER = 'Invoice,Date,Customer,Product,Quantity,Price';

function csv(lines: string[]): string {
  return [HEADER, ...lines].join('\n') + '\n';
}

function available(c: Cohorts): Extract<Cohorts, { available: true }> {
  if (!c.available) throw new Error(c.note);
  return c;
}

describe('cohorts on a one-year file (quarters: the median month wins 0 customers)', async () => {
  // A: 2024-01 100, 2024-04 50, 2024-10 80.  B: 2024-02 200, 2024-08 100.
  // C: 2024-05 40 and 2024-06 60 (one quarter, counted once), 2024-07 30, 2024-11 a return of 10.
  // D: 2024-12 70.
  const agg = await ingestBytes(
    csv([
      '1,2024-01-15,A,P1,1,100',
      '2,2024-02-20,B,P1,2,100',
      '3,2024-04-10,A,P1,1,50',
      '4,2024-05-05,C,P2,4,10',
      '5,2024-06-06,C,P2,6,10',
      '6,2024-07-07,C,P2,3,10',
      '7,2024-08-01,B,P1,1,100',
      '8,2024-10-05,A,P1,1,80',
      'C9,2024-11-11,C,P2,-1,10',
      '10,2024-12-01,D,P3,1,70',
    ]),
    { fileName: 'hand.csv' },
  );
  const c = available(cohortsOf(agg, epochDay('2024-12-31')));

  it('chooses quarters and names the rule', () => {
    expect(c.grain).toBe('quarter');
    expect(c.grainReason).toContain('median month wins 0 new customers');
    expect(c.observedThrough).toBe('2024-Q4');
  });

  it('counts each cohort and its active customers and revenue per quarter', () => {
    expect(c.cohorts.map((r) => r.cohort)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4']);
    expect(c.cohorts.map((r) => r.customers)).toEqual([2, 1, 0, 1]);
    // Q1 cohort {A, B}: Q1 both (300), Q2 A (50), Q3 B (100), Q4 A (80).
    expect(c.cohorts[0].active).toEqual([2, 1, 1, 1]);
    expect(c.cohorts[0].revenue).toEqual([300, 50, 100, 80]);
    expect(c.cohorts[0].logoRetention).toEqual([1, 0.5, 0.5, 0.5]);
    expect(c.cohorts[0].revenueRetention).toEqual([1, 50 / 300, 100 / 300, 80 / 300]);
    expect(c.cohorts[0].includesExisting).toBe(true);
    // Q2 cohort {C}: Q2 100 (two months, one customer), Q3 30, Q4 only a return: not active, −10.
    expect(c.cohorts[1].active).toEqual([1, 1, 0]);
    expect(c.cohorts[1].revenue).toEqual([100, 30, -10]);
    expect(c.cohorts[1].revenueRetention).toEqual([1, 0.3, -0.1]);
    expect(c.cohorts[2].revenueRetention).toEqual([null, null]);
    expect(c.cohorts[3].active).toEqual([1]);
    expect(c.cohorts[3].revenue).toEqual([70]);
  });

  it('averages the later cohorts, weighted by customers, and stops where only the first cohort reached', () => {
    // k0: Q2 + Q4 (2 customers, both active; revenue 170/170). k1: Q2 only: 1/1, 30/100. k2: Q2: 0/1, −10/100.
    expect(c.average).toEqual([
      { period: 0, cohorts: 2, customers: 2, logoRetention: 1, revenueRetention: 1 },
      { period: 1, cohorts: 1, customers: 1, logoRetention: 1, revenueRetention: 0.3 },
      { period: 2, cohorts: 1, customers: 1, logoRetention: 0, revenueRetention: -0.1 },
    ]);
  });

  it('says NRR needs two years', () => {
    expect(c.netRetention.available).toBe(false);
    expect(c.cohorts.every((r) => r.nrr === null && r.grr === null)).toBe(true);
  });

  it('leaves out a partial last month: as of 2024-12-15 the table ends with Q3', () => {
    const partial = available(cohortsOf(agg, epochDay('2024-12-15')));
    expect(partial.observedThrough).toBe('2024-Q3');
    expect(partial.cohorts.map((r) => r.cohort)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3']);
    expect(partial.cohorts[0].active).toEqual([2, 1, 1]);
  });

  it('gives monthly cohorts when asked', () => {
    const monthly = available(cohortsOf(agg, epochDay('2024-12-31'), 'month'));
    expect(monthly.cohorts).toHaveLength(12);
    // May cohort {C}: May 40, June 60, July 30, Aug–Oct 0, Nov −10 (a return: not active), Dec 0.
    const may = monthly.cohorts[4];
    expect(may.cohort).toBe('2024-05');
    expect(may.active).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect(may.revenue).toEqual([40, 60, 30, 0, 0, 0, -10, 0]);
  });
});

describe('NRR and GRR year over year on a two-year file', async () => {
  // Prior window 2023, current 2024. Base: J 10 → 0, E 100 → 150, F 200 → 120, G 50 → 0, H 80 → −20.
  // I starts in 2024: not in the base. ΣP = 440, ΣC = 250: NRR 250/440.
  // GRR caps each at [0, P]: 0 + 100 + 120 + 0 + 0 = 220 → 0.5.
  // Expansion 50 (E), contraction 80 (F), churned 10 + 50 + 100 (H: 80 − (−20)) = 160; 440 + 50 − 80 − 160 = 250.
  const agg = await ingestBytes(
    csv([
      '1,2023-01-02,J,P1,1,10',
      '2,2023-03-10,E,P1,1,100',
      '3,2023-06-10,F,P1,2,100',
      '4,2023-09-10,G,P1,1,50',
      '5,2023-11-10,H,P1,1,80',
      'C6,2024-01-10,H,P1,-1,20',
      '7,2024-02-10,F,P1,1,120',
      '8,2024-03-10,I,P1,1,60',
      '9,2024-05-10,E,P1,1,150',
    ]),
    { fileName: 'nrr.csv' },
  );
  const c = available(cohortsOf(agg, epochDay('2024-12-31')));

  it('computes the file-wide NRR, GRR and their parts', () => {
    const n = c.netRetention;
    if (!n.available) throw new Error(n.note);
    expect(n.prior).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    expect(n.current).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(n.customers).toBe(5);
    expect(n.retainedCustomers).toBe(2);
    expect(n.churnedCustomers).toBe(3);
    expect(n.logoRetention).toBe(0.4);
    expect(n.priorRevenue).toBe(440);
    expect(n.currentRevenue).toBe(250);
    expect(n.nrr).toBeCloseTo(250 / 440, 12);
    expect(n.grr).toBeCloseTo(0.5, 12);
    expect([n.expansion, n.contraction, n.churned]).toEqual([50, 80, 160]);
  });

  it('computes NRR and GRR per cohort', () => {
    // 2023-Q1 {J, E}: C 150 / P 110, GRR 100/110. Q2 {F}: 0.6. Q3 {G}: 0. Q4 {H}: −20/80, GRR 0. 2024-Q1 {I}: no base.
    const byCohort = Object.fromEntries(c.cohorts.map((r) => [r.cohort, [r.nrr, r.grr]]));
    expect(byCohort['2023-Q1'][0]).toBeCloseTo(150 / 110, 12);
    expect(byCohort['2023-Q1'][1]).toBeCloseTo(100 / 110, 12);
    expect(byCohort['2023-Q2']).toEqual([0.6, 0.6]);
    expect(byCohort['2023-Q3']).toEqual([0, 0]);
    expect(byCohort['2023-Q4']).toEqual([-0.25, 0]);
    expect(byCohort['2024-Q1']).toEqual([null, null]);
  });
});

describe('the grain rule', () => {
  it('uses months when the median month after the first wins at least 20 customers', () => {
    expect(grainOf([500, 20, 25, 19]).grain).toBe('month');
    expect(grainOf([500, 19, 25, 10]).grain).toBe('quarter');
    expect(grainOf([30]).grain).toBe('month');
  });
});

describe('files without what cohorts need', () => {
  it('explains that a file without dates has no cohorts', async () => {
    const agg = await ingestBytes('Customer,Amount\nA,10\nB,20\n', { fileName: 'nodates.csv' });
    const c = cohortsOf(agg, agg.lastDay);
    expect(c.available).toBe(false);
  });

  it("explains that one month of first purchases has no later month to follow a cohort into (Iowa's one day read as a cohort of 224)", async () => {
    // 20 customers, every row on 31 January 2024: January is complete at the as-of date (monthly:
    // 20 won in the median month), and it is the only month.
    const rows = Array.from({ length: 20 }, (_, i) => `${i + 1},2024-01-31,C${i + 1},P1,1,100`);
    const agg = await ingestBytes(csv(rows), { fileName: 'one-day.csv' });
    const c = cohortsOf(agg, epochDay('2024-01-31'));
    expect(c).toEqual({
      available: false,
      note: 'The file covers one month of first purchases (2024-01) and no later one, so no cohort can be followed.',
    });
  });
});

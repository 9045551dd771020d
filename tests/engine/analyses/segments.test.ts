import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { segmentFor, segmentsOf } from '../../../worker/engine/analyses/segments';
import { segmentsReport } from '../../../worker/engine/render/reports-customers';
import { aggregatesFromRows, type TestRow } from '../helpers/aggregates-from-rows';
import { analysisOf } from '../helpers/analysis-of';

describe('segmentFor (the 10-segment R×F grid)', () => {
  it.each([
    [1, 1, 'Hibernating'],
    [2, 2, 'Hibernating'],
    [1, 3, 'At Risk'],
    [2, 4, 'At Risk'],
    [1, 5, "Can't Lose Them"],
    [2, 5, "Can't Lose Them"],
    [3, 1, 'About to Sleep'],
    [3, 2, 'About to Sleep'],
    [3, 3, 'Need Attention'],
    [3, 4, 'Loyal'],
    [4, 5, 'Loyal'],
    [4, 1, 'Promising'],
    [5, 1, 'New'],
    [4, 2, 'Potential Loyalists'],
    [5, 3, 'Potential Loyalists'],
    [5, 4, 'Champions'],
    [5, 5, 'Champions'],
  ] as const)('maps R=%i F=%i to %s', (r, f, segment) => {
    expect(segmentFor(r, f)).toBe(segment);
  });

  it('covers all 25 cells', () => {
    for (let r = 1; r <= 5; r++) for (let f = 1; f <= 5; f++) expect(() => segmentFor(r, f)).not.toThrow();
  });
});

describe('segmentsOf', () => {
  // Five customers: A bought 5 times recently, E once long ago.
  const rows: TestRow[] = [];
  const plan: [string, number, string][] = [
    ['A', 5, '2024-06-28'],
    ['B', 4, '2024-06-20'],
    ['C', 3, '2024-05-01'],
    ['D', 2, '2024-03-01'],
    ['E', 1, '2024-01-01'],
  ];
  for (const [customer, orders, last] of plan) {
    for (let k = 0; k < orders; k++)
      rows.push({ customer, order: `${customer}${k}`, date: k === 0 ? last : `2023-0${k + 1}-15`, amount: 100 * orders });
  }
  const segments = segmentsOf(aggregatesFromRows(rows), epochDay('2024-06-30'));

  it('scores recency reversed, frequency and monetary by quintile', () => {
    const byId = new Map(segments?.customers.map((c) => [c.id, c]));
    expect(['A', 'B', 'C', 'D', 'E'].map((id) => [byId.get(id)?.r, byId.get(id)?.f, byId.get(id)?.m])).toEqual([
      [5, 5, 5],
      [4, 4, 4],
      [3, 3, 3],
      [2, 2, 2],
      [1, 1, 1],
    ]);
    expect(byId.get('A')?.recencyDays).toBe(2);
  });

  it('maps to segments and lists customers by revenue', () => {
    expect(segments?.customers.map((c) => [c.id, c.segment])).toEqual([
      ['A', 'Champions'],
      ['B', 'Loyal'],
      ['C', 'Need Attention'],
      ['D', 'Hibernating'],
      ['E', 'Hibernating'],
    ]);
  });

  it('summarises segments in grid order with revenue shares', () => {
    const hibernating = segments?.summary.find((s) => s.segment === 'Hibernating');
    expect(hibernating).toEqual({ segment: 'Hibernating', customers: 2, revenue: 500, revenueShare: 500 / 5500 });
    expect(segments?.summary.map((s) => s.segment)).toHaveLength(10);
  });

  it('gives ABC tiers: 2500 + 1600 + 900 = 91% of 5500 puts A, B, C at 45%, 75%… ', () => {
    // Revenue 2500, 1600, 900, 400, 100 of 5500: shares above each: 0, 45.5%, 74.5%, 90.9%, 98.2%.
    expect(segments?.customers.map((c) => c.abc)).toEqual(['A', 'A', 'A', 'B', 'C']);
  });

  it('leaves R and the segment null when the file has no dates', () => {
    const undated = segmentsOf(
      aggregatesFromRows([
        { customer: 'X', amount: 10 },
        { customer: 'Y', amount: 5 },
      ]),
      -1,
    );
    // Y is A too: the customers above it hold 10/15 = 67%, short of 80%.
    expect(undated?.customers.map((c) => [c.id, c.r, c.segment, c.abc])).toEqual([
      ['X', null, null, 'A'],
      ['Y', null, null, 'A'],
    ]);
    expect(undated?.summary).toEqual([]);
  });
});

describe('segments of a file of one day', () => {
  // Every customer bought on 2024-03-01: recency ranks would be file order alone, and called
  // Iowa's largest store "Hibernating".
  const rows: TestRow[] = ['A', 'B', 'C', 'D', 'E', 'F'].map((customer, i) => ({
    customer,
    date: '2024-03-01',
    amount: 100 * (i + 1),
  }));

  it('scores no recency and names no segment, but keeps recency in days and the ABC tiers', () => {
    const segments = segmentsOf(aggregatesFromRows(rows), epochDay('2024-03-01'));
    expect(segments?.summary).toEqual([]);
    expect(segments?.customers.map((c) => [c.id, c.r, c.segment, c.recencyDays])).toEqual([
      ['F', null, null, 0],
      ['E', null, null, 0],
      ['D', null, null, 0],
      ['C', null, null, 0],
      ['B', null, null, 0],
      ['A', null, null, 0],
    ]);
    // 2,100 in all; the revenue before each: F 0%, E 28.6%, D 52.4%, C 71.4% (A, under 80%), B 85.7% (B), A 95.2% (C).
    expect(segments?.customers.map((c) => c.abc)).toEqual(['A', 'A', 'A', 'A', 'B', 'C']);
  });

  // Iowa's report said "The file has no order dates" of a file dated 2012-01-31 throughout.
  it('says in the report that every row has one date, not that the file has none', () => {
    const report = segmentsReport(analysisOf(aggregatesFromRows(rows), '2024-03-01'));
    expect(report).toContain('Every row is dated 2024-03-01, so every customer bought equally recently and recency');
    expect(report).not.toContain('no order dates');
  });

  it('segments a file of two days as before', () => {
    const twoDays = [...rows, { customer: 'A', date: '2024-03-02', amount: 10 }];
    expect(segmentsOf(aggregatesFromRows(twoDays), epochDay('2024-03-02'))?.summary.length).toBeGreaterThan(0);
  });
});

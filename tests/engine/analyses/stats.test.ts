import { describe, expect, it } from 'vitest';
import { abcTiers, gini, hhi, hhiLevel, lorenzCurve, quintileScores } from '../../../worker/engine/analyses/stats';

describe('quintileScores', () => {
  it('gives each fifth of ten values one score, smallest first', () => {
    expect(Array.from(quintileScores([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  // Ranked in file order, customers of one order had frequency scores 1 to 4 (Online Retail's 1,448).
  it('gives equal values one score, that of the first of them (SQL RANK)', () => {
    expect(Array.from(quintileScores([7, 7, 7, 7, 7]))).toEqual([1, 1, 1, 1, 1]);
    // Ranks 0, 0, 0, 3, 4, 5, 5, 7, 8, 9 of ten: ⌊5k/10⌋ + 1.
    expect(Array.from(quintileScores([1, 1, 1, 2, 3, 4, 4, 5, 6, 7]))).toEqual([1, 1, 1, 2, 3, 3, 3, 4, 5, 5]);
  });

  it('gives equal recencies one score too, the most recent highest', () => {
    // Reversed, a rank counts the larger values: 400s 0 (→ 1), 365s 2 (→ 2), 200 4 and 90 5 (→ 3),
    // 30 6 and the two 2s 7 (→ 4), 0 9 (→ 5).
    expect(Array.from(quintileScores([400, 400, 200, 90, 30, 2, 2, 0, 365, 365], true))).toEqual([1, 1, 3, 3, 4, 4, 4, 5, 2, 2]);
  });

  it('scores small values highest when reversed (recency)', () => {
    expect(Array.from(quintileScores([1, 100, 50, 10, 1000], true))).toEqual([5, 2, 3, 4, 1]);
  });
});

describe('abcTiers', () => {
  it('puts items in A until 80% is reached, B until 95%, C the rest', () => {
    // Shares held by the items ranked above, largest first: 0%, 50%, 80%, 90%, 95%.
    expect(abcTiers([10, 50, 30, 5, 5])).toEqual(['B', 'A', 'A', 'B', 'C']);
  });

  it('makes the item that crosses 80% an A, so one whale with 85% is A', () => {
    expect(abcTiers([70, 20, 10])).toEqual(['A', 'A', 'B']);
    expect(abcTiers([85, 10, 5])).toEqual(['A', 'B', 'C']);
  });

  it('always puts non-positive values in C', () => {
    expect(abcTiers([100, 0, -5])).toEqual(['A', 'C', 'C']);
  });
});

describe('hhi', () => {
  it('is 10,000 for a monopoly', () => {
    expect(hhi([1])).toBe(10_000);
  });

  it('is Σ(100·share)²: 50/30/20 gives 2,500 + 900 + 400 = 3,800', () => {
    expect(hhi([0.5, 0.3, 0.2])).toBeCloseTo(3800, 9);
  });

  it('reads levels off the 2023 Merger Guidelines: > 1,800 high, 1,000–1,800 moderate', () => {
    expect(hhiLevel(1801)).toBe('high');
    expect(hhiLevel(1800)).toBe('moderate');
    expect(hhiLevel(1000)).toBe('moderate');
    expect(hhiLevel(999)).toBe('low');
  });
});

describe('gini', () => {
  it('is 0 when everyone has the same', () => {
    expect(gini([5, 5, 5, 5])).toBe(0);
  });

  it('is (n−1)/n when one holds everything', () => {
    expect(gini([0, 0, 0, 12])).toBeCloseTo(0.75, 12);
  });

  it('is 0.25 for 1, 2, 3, 4 (2·30/(4·10) − 5/4)', () => {
    expect(gini([4, 1, 3, 2])).toBeCloseTo(0.25, 12);
  });
});

describe('lorenzCurve', () => {
  it('runs from (0,0) through cumulative shares, poorest first, to (1,1)', () => {
    expect(lorenzCurve([4, 1, 3, 2])).toEqual([
      [0, 0],
      [0.25, 0.1],
      [0.5, 0.3],
      [0.75, 0.6],
      [1, 1],
    ]);
  });

  it('samples at most maxPoints points, exact at each one', () => {
    const values = Array.from({ length: 1000 }, () => 1);
    const curve = lorenzCurve(values, 11);
    expect(curve).toHaveLength(11);
    expect(curve[5][0]).toBe(0.5);
    expect(curve[5][1]).toBe(0.5);
  });
});

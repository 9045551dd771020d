/**
 * When a cohort keeps more or fewer customers than the average, or as many as chance
 * allows. The generated file's write-up praised "Customers won in 2024-06 (29) keep 3% after
 * 6 months, above your 2% average": one customer where the average gives 0.6. Every case is
 * worked out by hand from n (the cohort's customers), p (the average) and the count kept.
 */
import { describe, expect, it } from 'vitest';
import { relationOf } from '../../../worker/engine/render/cohort-findings';

describe('a cohort against the average retention', () => {
  it.each([
    // 1 of 29 against 2%: 0.58 expected, 2·√(29·0.02·0.98) = 1.51 allowed, 0.42 off.
    ['one customer of 29 against 2% is chance', 29, 1 / 29, 0.02, 'in line with'],
    // 620 of 1,000 against 71%: 710 expected, 2·√(1000·0.71·0.29) = 28.7 allowed, 90 short.
    ['620 of 1,000 against 71% is below', 1000, 0.62, 0.71, 'below'],
    // 32 of 200 against 10%: 20 expected, 2·√(200·0.1·0.9) = 8.49 allowed, 12 over.
    ['32 of 200 against 10% is above', 200, 0.16, 0.1, 'above'],
    // 26 of 200 against 10%: 6 over, within 8.49.
    ['26 of 200 against 10% is chance', 200, 0.13, 0.1, 'in line with'],
    // 0 of 12 against 5%: 0.6 expected, the one-customer floor (2·√0.57 = 1.51) allows it.
    ['none of 12 against 5% is chance', 12, 0, 0.05, 'in line with'],
    // 10 of 40 against 60%: 24 expected, 2·√(40·0.6·0.4) = 6.2 allowed, 14 short.
    ['10 of 40 against 60% is below', 40, 0.25, 0.6, 'below'],
  ] as const)('%s', (_, customers, retention, average, relation) => {
    expect(relationOf({ customers, retention, average })).toBe(relation);
  });
});

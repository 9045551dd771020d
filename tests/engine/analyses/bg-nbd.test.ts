import { describe, expect, it } from 'vitest';
import {
  bgNbdLogLikelihood,
  conditionalExpectedPurchases,
  expectedPurchasesUpTo,
  fitBgNbd,
  probabilityAlive,
} from '../../../worker/engine/analyses/bg-nbd';
import { numericColumns } from '../helpers/datasets';

/** Fader, Hardie & Lee (2005) / lifetimes' published CDNOW values (datasets/README.md). */
const PAPER = { r: 0.242593, alpha: 4.413532, a: 0.792886, b: 2.425752 };

describe('BG/NBD on the CDNOW calibration summary (weeks)', () => {
  const cdnow = numericColumns('cdnow/cdnow_customers_summary.csv');
  const data = { x: cdnow.frequency, tx: cdnow.recency, T: cdnow.T };
  const fitted = fitBgNbd(data);

  it('reads all 2,357 customers', () => {
    expect(data.x.length).toBe(2357);
  });

  it.each(['r', 'alpha', 'a', 'b'] as const)('fits %s within 0.5% of the paper', (name) => {
    expect(Math.abs(fitted[name] / PAPER[name] - 1)).toBeLessThan(0.005);
  });

  it('reaches the published log-likelihood −9582.43', () => {
    expect(fitted.logLikelihood).toBeCloseTo(-9582.43, 2);
    expect(bgNbdLogLikelihood(PAPER, data)).toBeCloseTo(-9582.43, 2);
  });

  it('gives 1.226 expected purchases for x = 2, tₓ = 30.43, T = 38.86 over t = 39', () => {
    expect(Math.abs(conditionalExpectedPurchases(fitted, 39, 2, 30.43, 38.86) - 1.226)).toBeLessThan(0.001);
  });

  it('matches lifetimes expected_number_of_purchases_up_to_time to 3 decimals', () => {
    const times = [0.1429, 1, 3, 31.8571, 32, 78];
    const expected = [0.0078, 0.0532, 0.1506, 1.0405, 1.0437, 1.8576];
    times.forEach((t, i) => expect(expectedPurchasesUpTo(fitted, t)).toBeCloseTo(expected[i], 3));
  });
});

describe('P(alive)', () => {
  it('is 1 for a customer with no repeat purchase', () => {
    expect(probabilityAlive(PAPER, 0, 0, 38.86)).toBe(1);
  });

  it('follows equation (8): 1 / (1 + a/(b+x−1) · ((α+T)/(α+tₓ))^(r+x))', () => {
    const ratio = Math.pow((PAPER.alpha + 38.86) / (PAPER.alpha + 30.43), PAPER.r + 2);
    const expected = 1 / (1 + (PAPER.a / (PAPER.b + 1)) * ratio);
    expect(probabilityAlive(PAPER, 2, 30.43, 38.86)).toBeCloseTo(expected, 12);
  });

  it('falls as the time since the last purchase grows', () => {
    expect(probabilityAlive(PAPER, 5, 10, 38)).toBeLessThan(probabilityAlive(PAPER, 5, 30, 38));
  });
});

import { describe, expect, it } from 'vitest';
import { conditionalExpectedSpend, fitGammaGamma, gammaGammaLogLikelihood } from '../../../worker/engine/analyses/gamma-gamma';
import { numericColumns } from '../helpers/datasets';

describe('Gamma-Gamma on CDNOW customers with a repeat purchase', () => {
  const cdnow = numericColumns('cdnow/cdnow_customers_summary_with_transactions.csv');
  const keep = Array.from(cdnow.x, (x, i) => (x > 0 ? i : -1)).filter((i) => i >= 0);
  const x = Float64Array.from(keep, (i) => cdnow.x[i]);
  const m = Float64Array.from(keep, (i) => cdnow.zbar[i]);
  const fitted = fitGammaGamma(x, m);

  it('uses the 946 customers with frequency > 0', () => {
    expect(x.length).toBe(946);
  });

  // lifetimes checks these with numpy's assert_almost_equal(decimal=2): |actual − desired| < 1.5e-2.
  it('fits p = 6.25, q = 3.74, v = 15.44 (lifetimes test_estimation, 2 decimals)', () => {
    expect(Math.abs(fitted.p - 6.25)).toBeLessThan(0.015);
    expect(Math.abs(fitted.q - 3.74)).toBeLessThan(0.015);
    expect(Math.abs(fitted.v - 15.44)).toBeLessThan(0.015);
  });

  it('reaches the maximum: its log-likelihood is at least that of the rounded published parameters', () => {
    expect(fitted.logLikelihood).toBeGreaterThanOrEqual(gammaGammaLogLikelihood({ p: 6.25, q: 3.74, v: 15.44 }, x, m));
  });

  it("shrinks a customer's mean spend toward the population mean p·v/(q−1)", () => {
    const populationMean = (fitted.p * fitted.v) / (fitted.q - 1);
    const spend = conditionalExpectedSpend(fitted, 1, 100);
    expect(spend).toBeLessThan(100);
    expect(spend).toBeGreaterThan(populationMean);
    expect(conditionalExpectedSpend(fitted, 1, 100)).toBeCloseTo((fitted.p * (fitted.v + 100)) / (fitted.p + fitted.q - 1), 12);
  });
});

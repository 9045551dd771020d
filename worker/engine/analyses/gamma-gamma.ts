/**
 * The Gamma-Gamma spend model: Fader, Hardie & Lee (2005), "RFM and CLV: Using Iso-value
 * Curves for Customer Base Analysis", Journal of Marketing Research 42(4), appendix.
 * A customer's transaction values are Gamma(p, ν) with ν ~ Gamma(q, γ); the package
 * `lifetimes` calls γ "v". Fitted on customers with at least one repeat purchase.
 */
import { lnGamma } from './special-functions';
import { minimize } from './optimize';

export interface GammaGammaParams {
  p: number;
  q: number;
  v: number;
}

/** Log-likelihood of mean spends `m` over `x` transactions (x > 0 for every entry). */
export function gammaGammaLogLikelihood(params: GammaGammaParams, x: ArrayLike<number>, m: ArrayLike<number>): number {
  return summedLogLikelihood(params, prepared(x, m));
}

/** Per-customer logs and the distinct x values, computed once per fit rather than per step. */
interface Prepared {
  x: ArrayLike<number>;
  m: ArrayLike<number>;
  logX: Float64Array;
  logM: Float64Array;
  xIndex: Int32Array;
  distinctX: number[];
}

function prepared(x: ArrayLike<number>, m: ArrayLike<number>): Prepared {
  const distinctX = [...new Set(Array.from(x))].sort((u, v) => u - v);
  const position = new Map(distinctX.map((value, j) => [value, j]));
  return {
    x,
    m,
    logX: Float64Array.from(x, Math.log),
    logM: Float64Array.from(m, Math.log),
    xIndex: Int32Array.from(x, (value) => position.get(value) ?? 0),
    distinctX,
  };
}

function summedLogLikelihood({ p, q, v }: GammaGammaParams, data: Prepared): number {
  // ln Γ(px + q) − ln Γ(px) depends on x only: once per distinct x.
  const gammaTerms = data.distinctX.map((x) => lnGamma(p * x + q) - lnGamma(p * x));
  const base = -lnGamma(q) + q * Math.log(v);
  let total = 0;
  for (let i = 0; i < data.x.length; i++) {
    const px = p * data.x[i];
    total +=
      base + gammaTerms[data.xIndex[i]] + (px - 1) * data.logM[i] + px * data.logX[i] - (px + q) * Math.log(data.x[i] * data.m[i] + v);
  }
  return total;
}

/** Maximum-likelihood Gamma-Gamma parameters, in log-parameter space from p = q = v = 1. */
export function fitGammaGamma(x: ArrayLike<number>, m: ArrayLike<number>): GammaGammaParams & { logLikelihood: number } {
  const toParams = (w: number[]): GammaGammaParams => ({ p: Math.exp(w[0]), q: Math.exp(w[1]), v: Math.exp(w[2]) });
  const n = Math.max(1, x.length);
  const data = prepared(x, m);
  const result = minimize((w) => -summedLogLikelihood(toParams(w), data) / n, [0, 0, 0], {
    tolerance: 1e-12,
    xTolerance: 1e-6,
    step: 0.5,
    restarts: 4,
    bound: 25,
  });
  const params = toParams(result.x);
  return { ...params, logLikelihood: summedLogLikelihood(params, data) };
}

/** E[mean spend | x transactions averaging m]: the population mean shrunk toward m as x grows. */
export function conditionalExpectedSpend(params: GammaGammaParams, x: number, m: number): number {
  const { p, q, v } = params;
  return (p * (v + x * m)) / (p * x + q - 1);
}

/**
 * The BG/NBD customer-base model: Fader, Hardie & Lee (2005), "Counting Your Customers
 * the Easy Way: An Alternative to the Pareto/NBD Model", Marketing Science 24(2).
 *
 * Per customer: x repeat purchases, tₓ the time of the last purchase and T the time
 * observed, both measured from the first purchase. The formulas below are the paper's
 * equations (3) log-likelihood, (10) conditional expectation and (8) P(alive), written
 * the way the `lifetimes` package writes them so that results match its published tests.
 */
import { hyp2f1, lnGamma } from './special-functions';
import { minimize } from './optimize';

export interface BgNbdParams {
  r: number;
  alpha: number;
  a: number;
  b: number;
}

/** Per-customer repeat-purchase summaries, all in the same time unit. */
export interface RepeatSummary {
  x: ArrayLike<number>;
  tx: ArrayLike<number>;
  T: ArrayLike<number>;
}

/** Identical (x, tₓ, T) rows collapsed with a weight: the likelihood only needs each once. */
interface GroupedSummary {
  x: Float64Array;
  tx: Float64Array;
  T: Float64Array;
  weight: Float64Array;
  /** Index into `distinctX` for each group, so Γ terms are computed once per x. */
  xIndex: Int32Array;
  distinctX: Float64Array;
  /**
   * The same for T and tₓ, so ln(α + T) and ln(α + tₓ) are computed once per distinct
   * value: customers who started (or last bought) on the same day share them, and these
   * logs were most of the likelihood's cost.
   */
  tIndex: Int32Array;
  distinctT: Float64Array;
  txIndex: Int32Array;
  distinctTx: Float64Array;
}

/** The distinct values, ascending, and each value's position among them. */
function indexed(values: readonly number[]): { index: Int32Array; distinct: Float64Array } {
  const distinct = [...new Set(values)].sort((p, q) => p - q);
  const position = new Map(distinct.map((value, i) => [value, i]));
  return { index: Int32Array.from(values, (value) => position.get(value) ?? 0), distinct: Float64Array.from(distinct) };
}

function grouped(data: RepeatSummary): GroupedSummary {
  const keys = new Map<string, number>();
  const xs: number[] = [];
  const txs: number[] = [];
  const ts: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < data.x.length; i++) {
    const key = `${data.x[i]} ${data.tx[i]} ${data.T[i]}`;
    const at = keys.get(key);
    if (at !== undefined) {
      weights[at]++;
      continue;
    }
    keys.set(key, xs.length);
    xs.push(data.x[i]);
    txs.push(data.tx[i]);
    ts.push(data.T[i]);
    weights.push(1);
  }
  const byX = indexed(xs);
  const byT = indexed(ts);
  const byTx = indexed(txs);
  return {
    x: Float64Array.from(xs),
    tx: Float64Array.from(txs),
    T: Float64Array.from(ts),
    weight: Float64Array.from(weights),
    xIndex: byX.index,
    distinctX: byX.distinct,
    tIndex: byT.index,
    distinctT: byT.distinct,
    txIndex: byTx.index,
    distinctTx: byTx.distinct,
  };
}

function groupedLogLikelihood(p: BgNbdParams, g: GroupedSummary): number {
  const { r, alpha, a, b } = p;
  const k = g.distinctX.length;
  // Everything that depends on x only: ln Γ(r+x) − ln Γ(r) + r ln α + ln B(a, b+x) − ln B(a, b).
  const constantByX = new Float64Array(k);
  const logA4ByX = new Float64Array(k);
  const base = -lnGamma(r) + r * Math.log(alpha) + lnGamma(a + b) - lnGamma(b);
  for (let j = 0; j < k; j++) {
    const x = g.distinctX[j];
    constantByX[j] = base + lnGamma(r + x) + lnGamma(b + x) - lnGamma(a + b + x);
    logA4ByX[j] = x > 0 ? Math.log(a) - Math.log(b + x - 1) : Number.NEGATIVE_INFINITY;
  }
  const logAlphaT = logsOfSums(alpha, g.distinctT);
  const logAlphaTx = logsOfSums(alpha, g.distinctTx);
  let total = 0;
  for (let i = 0; i < g.x.length; i++) {
    const x = g.x[i];
    const j = g.xIndex[i];
    const lnA3 = -(r + x) * logAlphaT[g.tIndex[i]];
    let mixture = lnA3;
    if (x > 0) {
      const lnA4 = logA4ByX[j] - (r + x) * logAlphaTx[g.txIndex[i]];
      // ln(e^lnA3 + e^lnA4), factored by the larger term: its own exponential is e⁰ = 1
      // exactly, so one exp is enough and the sum is bit for bit the two-exp one.
      mixture = lnA3 >= lnA4 ? lnA3 + Math.log(1 + Math.exp(lnA4 - lnA3)) : lnA4 + Math.log(Math.exp(lnA3 - lnA4) + 1);
    }
    total += g.weight[i] * (constantByX[j] + mixture);
  }
  return total;
}

/** ln(α + v) for each v. */
function logsOfSums(alpha: number, values: Float64Array): Float64Array {
  const logs = new Float64Array(values.length);
  for (let k = 0; k < values.length; k++) logs[k] = Math.log(alpha + values[k]);
  return logs;
}

/** The BG/NBD log-likelihood of the whole sample (sum over customers). */
export function bgNbdLogLikelihood(params: BgNbdParams, data: RepeatSummary): number {
  return groupedLogLikelihood(params, grouped(data));
}

/** Optional settings for `fitBgNbd`. */
export interface BgNbdFitOptions {
  /** Convergence in the objective (mean log-likelihood per customer) and in log-parameters. */
  tolerance?: number;
  xTolerance?: number;
  /** Nelder–Mead restarts from the best point (default 4), and evaluations per run. */
  restarts?: number;
  maxEvaluations?: number;
}

/**
 * Maximum-likelihood BG/NBD parameters. Maximises in log-parameter space (all four are
 * positive) with restarted Nelder–Mead, starting from r = a = b = 1 and α = mean T.
 */
export function fitBgNbd(data: RepeatSummary, options: BgNbdFitOptions = {}): BgNbdParams & { logLikelihood: number } {
  const g = grouped(data);
  let meanT = 0;
  for (let i = 0; i < data.T.length; i++) meanT += data.T[i] / data.T.length;
  const toParams = (v: number[]): BgNbdParams => ({ r: Math.exp(v[0]), alpha: Math.exp(v[1]), a: Math.exp(v[2]), b: Math.exp(v[3]) });
  // Scaled by n so the tolerance means the same for 500 or 500,000 customers.
  const n = data.x.length;
  const objective = (v: number[]): number => -groupedLogLikelihood(toParams(v), g) / n;
  const result = minimize(objective, [0, Math.log(Math.max(meanT, 1e-3)), 0, 0], {
    tolerance: options.tolerance ?? 1e-12,
    xTolerance: options.xTolerance ?? 1e-6,
    step: 0.5,
    restarts: options.restarts ?? 4,
    ...(options.maxEvaluations ? { maxEvaluations: options.maxEvaluations } : {}),
    bound: 25,
  });
  const params = toParams(result.x);
  return { ...params, logLikelihood: groupedLogLikelihood(params, g) };
}

/** P(alive | x, tₓ, T): the paper's equation (8); 1 for customers with no repeat purchase. */
export function probabilityAlive(p: BgNbdParams, x: number, tx: number, T: number): number {
  if (x <= 0) return 1;
  const ratio = Math.exp((p.r + x) * (Math.log(p.alpha + T) - Math.log(p.alpha + tx)));
  return 1 / (1 + (p.a / (p.b + x - 1)) * ratio);
}

/**
 * P(no purchase in (tₓ, T] | still active): how likely the silence seen so far is for a
 * customer who has not dropped out, under their own purchase rate.
 *
 * Derivation. While active, a customer buys as a Poisson process with rate λ, and across
 * customers λ ~ Gamma(r, α). The question is how surprising the silence is, so λ must be
 * judged on the evidence *before* the silence: x repeat purchases in (0, tₓ] give the
 * posterior λ ~ Gamma(r + x, α + tₓ). (Using Gamma(r + x, α + T) would count the silence
 * twice: once as evidence of a low rate, then again as the event being scored, and would
 * make every silence look ordinary.) The observation ends at T, so the silence is
 * censored: we know only that it has lasted at least s = T − tₓ, and the event scored is
 * "no purchase in a window of length s". For a Poisson process P(none in s | λ) = e^(−λs),
 * and integrating over the Gamma posterior gives
 *
 *   ∫ e^(−λs) Gamma(λ; r + x, α + tₓ) dλ = ((α + tₓ) / (α + tₓ + s))^(r + x) = ((α + tₓ) / (α + T))^(r + x).
 *
 * This is the likelihood ratio inside P(alive), equation (8): P(alive) = 1 / (1 + δ / S)
 * with δ = a / (b + x − 1), so the two numbers are consistent by construction. For a
 * customer who is in fact active with a known rate, S is uniform on (0, 1) at a random
 * moment, so "S ≤ 1%" flags 1% of active customers. One-time buyers (x = 0, tₓ = 0) get
 * the population's prior Gamma(r, α): S = (α / (α + T))^r.
 */
export function silenceProbability(p: BgNbdParams, x: number, tx: number, T: number): number {
  return Math.exp((p.r + x) * (Math.log(p.alpha + tx) - Math.log(p.alpha + T)));
}

/** E[Y(t) | x, tₓ, T]: expected purchases in the next t time units, equation (10). */
export function conditionalExpectedPurchases(p: BgNbdParams, t: number, x: number, tx: number, T: number): number {
  const { r, alpha, a, b } = p;
  const z = t / (alpha + T + t);
  const head = (a + b + x - 1) / (a - 1);
  const tail = 1 - Math.pow((alpha + T) / (alpha + T + t), r + x) * hyp2f1(r + x, b + x, a + b + x - 1, z);
  const denominator = x > 0 ? 1 + (a / (b + x - 1)) * Math.pow((alpha + T) / (alpha + tx), r + x) : 1;
  return (head * tail) / denominator;
}

/** E[X(t)]: expected purchases of a new customer in a period of length t, equation (9). */
export function expectedPurchasesUpTo(p: BgNbdParams, t: number): number {
  const { r, alpha, a, b } = p;
  const head = (a + b - 1) / (a - 1);
  return head * (1 - Math.pow(alpha / (alpha + t), r) * hyp2f1(r, b, a + b - 1, t / (alpha + t)));
}

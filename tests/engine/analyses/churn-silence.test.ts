/**
 * The silence probability, P(no purchase in (tₓ, T] | still active), against hand-computed
 * closed forms and against a numerical integration of e^(−λs) over the Gamma(r + x, α + tₓ)
 * posterior done here, independently of the engine's formula.
 */
import { describe, expect, it } from 'vitest';
import { probabilityAlive, silenceProbability } from '../../../worker/engine/analyses/bg-nbd';
import { classifyWithModel, modelChurnRisk, oneTimePAlive, riskScore } from '../../../worker/engine/analyses/churn-risk';

/** Γ(shape) for the two shapes used below, by hand: Γ(6) = 5! and Γ(2.5) = 1.5 · 0.5 · √π. */
const GAMMA_FUNCTION: Record<number, number> = { 6: 120, 2.5: 0.75 * Math.sqrt(Math.PI) };

/** ∫₀^∞ e^(−λs) Gamma(λ; shape, rate) dλ by Simpson's rule on [0, 40 / rate]. */
function integrated(shape: number, rate: number, s: number): number {
  const upper = 40 / rate;
  const steps = 200_000;
  const h = upper / steps;
  const density = (l: number): number => (Math.pow(rate, shape) * Math.pow(l, shape - 1) * Math.exp(-rate * l)) / GAMMA_FUNCTION[shape];
  let sum = 0;
  for (let k = 0; k <= steps; k++) {
    const l = k * h;
    const weight = k === 0 || k === steps ? 1 : k % 2 ? 4 : 2;
    sum += weight * Math.exp(-l * s) * density(l);
  }
  return (sum * h) / 3;
}

describe('silenceProbability', () => {
  it('is ((α + tₓ) / (α + T))^(r + x): r = 2, α = 3, x = 4, tₓ = 5, T = 8 gives (8/11)⁶', () => {
    const p = { r: 2, alpha: 3, a: 0.5, b: 2 };
    expect(silenceProbability(p, 4, 5, 8)).toBeCloseTo(262_144 / 1_771_561, 14);
    // Posterior Gamma(6, rate 8), window s = T − tₓ = 3.
    expect(integrated(6, 8, 3)).toBeCloseTo(262_144 / 1_771_561, 9);
  });

  it('handles a non-integer shape: r = 0.5, α = 4, x = 2, tₓ = 6, T = 16 gives (10/20)^2.5', () => {
    const p = { r: 0.5, alpha: 4, a: 0.5, b: 2 };
    expect(silenceProbability(p, 2, 6, 16)).toBeCloseTo(Math.pow(0.5, 2.5), 14);
    expect(integrated(2.5, 10, 10)).toBeCloseTo(Math.pow(0.5, 2.5), 9);
  });

  it('is 1 right after a purchase and uses the population prior for one-time buyers', () => {
    const p = { r: 0.2426, alpha: 4.4136, a: 0.7929, b: 2.4259 };
    expect(silenceProbability(p, 5, 20, 20)).toBe(1);
    expect(silenceProbability(p, 0, 0, 30)).toBeCloseTo(Math.pow(4.4136 / 34.4136, 0.2426), 14);
  });

  it('is the likelihood ratio inside P(alive): P(alive) = 1 / (1 + (a / (b + x − 1)) / S)', () => {
    const p = { r: 0.2426, alpha: 4.4136, a: 0.7929, b: 2.4259 };
    const s = silenceProbability(p, 2, 30.43, 38.86);
    expect(probabilityAlive(p, 2, 30.43, 38.86)).toBeCloseTo(1 / (1 + 0.7929 / 3.4259 / s), 14);
  });
});

describe('risk classes from the score', () => {
  it('cuts high at a score of 1%, medium at 20%, and needs P(alive) < 50% and 90 silent days for lost (a 30-day buyer)', () => {
    expect(riskScore(0.02, 0.5)).toBe(0.01);
    expect(modelChurnRisk(0.02, 0.5, 30, 30)).toBe('high');
    expect(modelChurnRisk(0.0201, 0.5, 30, 30)).toBe('medium');
    expect(modelChurnRisk(0.4, 0.5, 30, 30)).toBe('medium');
    expect(modelChurnRisk(0.41, 0.5, 30, 30)).toBe('low');
    expect(modelChurnRisk(0.41, 0.5, 30, null)).toBe('medium');
    expect(modelChurnRisk(0.001, 0.49, 90, 30)).toBe('lost');
    expect(modelChurnRisk(0.001, 0.49, 89, 30)).toBe('high');
    expect(modelChurnRisk(0.001, 0.5, 200, 30)).toBe('high');
  });

  it('calls a high-risk customer silent for a year lost even when the fit gives them P(alive) near 100% (Superstore: 1,165 days)', () => {
    expect(modelChurnRisk(0.005, 1, 1165, 30)).toBe('lost');
    expect(modelChurnRisk(0.005, 1, 365, null)).toBe('lost');
    expect(modelChurnRisk(0.005, 1, 364, 30)).toBe('high');
    // A year's silence alone is not enough: it must also be unusual for the customer.
    expect(modelChurnRisk(0.3, 1, 400, 300)).toBe('low');
  });

  // Online Retail's customer 16000, whose one order was 2 days before the as-of date, was
  // rated medium and listed 4th among the most revenue at risk.
  it('rates a one-time buyer with a score above 20% low until silent as long as the median repeat gap (here 40 days)', () => {
    expect(modelChurnRisk(0.9, 0.9, 2, null, 40)).toBe('low');
    expect(modelChurnRisk(0.9, 0.9, 39, null, 40)).toBe('low');
    expect(modelChurnRisk(0.9, 0.9, 40, null, 40)).toBe('medium');
    // A low score is medium or high whenever it comes.
    expect(modelChurnRisk(0.1, 0.9, 20, null, 40)).toBe('medium');
    expect(modelChurnRisk(0.01, 0.9, 20, null, 40)).toBe('high');
  });

  it('calls anyone silent a year lost, whatever the score, unless their own gap is over half that silence', () => {
    // Online Retail's two-sheet subset: a one-time buyer silent 373 days scored "medium".
    expect(modelChurnRisk(0.212, 1, 373, null)).toBe('lost');
    expect(modelChurnRisk(0.212, 1, 364, null)).toBe('medium');
    expect(modelChurnRisk(0.5, 1, 365, 182.5)).toBe('lost');
    expect(modelChurnRisk(0.5, 1, 365, 183)).toBe('low');
  });

  it('lets a one-time buyer drop out after the first order: P(alive) = S / (S + a / b)', () => {
    expect(oneTimePAlive(0.3, 1, 3)).toBeCloseTo(0.3 / (0.3 + 1 / 3), 14);
  });

  it('does not alarm on a 10-day buyer after 20 quiet days, as the 2× gap rule did', () => {
    // 40 orders in 400 days (x = 39), last one 20 days ago; weak prior r = 0.5, α = 5 weeks.
    const p = { r: 0.5, alpha: 5, a: 0.5, b: 20 };
    const rated = classifyWithModel(p, 39, 400 / 7, 420 / 7, 20);
    // S = ((5 + 57.14) / (5 + 60))^39.5 ≈ 0.14: an active customer is this quiet one time in seven.
    expect(rated.silence).toBeCloseTo(Math.pow((5 + 400 / 7) / (5 + 420 / 7), 39.5), 14);
    expect(rated.risk).toBe('medium');
    // The same customer silent for 70 days: S ≈ 1e-3, P(alive) still high → high, not lost.
    expect(classifyWithModel(p, 39, 400 / 7, 470 / 7, 70).risk).toBe('high');
  });
});

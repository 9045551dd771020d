/**
 * The churn-risk rules. With a fitted BG/NBD model the class comes from probabilities:
 * how likely the customer's silence is if they are still active (`silenceProbability` in
 * `bg-nbd.ts`) and how likely they are to be active at all (P(alive)). Without a model it
 * falls back to comparing the silence with the customer's own rhythm.
 * Kept apart from the model so the report can print exactly the rules the code applies.
 */
import type { ChurnRisk } from '../contract';
import { probabilityAlive, silenceProbability, type BgNbdParams } from './bg-nbd';

/** High risk: the combined score is at most this (1%: see `CHURN_RISK_RULES`). */
export const HIGH_RISK_SCORE = 0.01;
/** Medium risk: the combined score is at most this. */
export const MEDIUM_RISK_SCORE = 0.2;
/** Lost needs the high rule, P(alive) below this (more likely stopped than not) … */
export const LOST_P_ALIVE = 0.5;
/** … and at least this many days of silence, so a weekly buyer is never "lost" after a month. */
export const LOST_MIN_SILENCE_DAYS = 90;
/**
 * A high-risk customer silent this long is lost whatever P(alive) says. When the fit finds
 * almost no dropout (Online Retail and Superstore: a ≈ 0) P(alive) stays near 100% for
 * everyone, and an owner read "high risk, P(alive) 100%" for a customer silent 1,165 days;
 * a full year without an order has missed every season, including the yearly orders.
 */
export const LOST_AFTER_DAYS = 365;

/** The model is fitted in weeks, the unit of Fader, Hardie & Lee's CDNOW results (shared by the churn analysis and its backtest). */
export const DAYS_PER_UNIT = 7;

/** Model-based rules in words, for the report and the analyst. */
export const CHURN_RISK_RULES: { risk: ChurnRisk; rule: string }[] = [
  {
    risk: 'lost',
    rule:
      `silent ${LOST_AFTER_DAYS} days or more and not on a rhythm that slow (silent at least twice their typical gap; every one-time buyer), whatever the model's dropout estimate; ` +
      `or meets the high rule with P(alive) below ${LOST_P_ALIVE * 100}% (more likely stopped than not) and at least ${LOST_MIN_SILENCE_DAYS} days of silence`,
  },
  {
    risk: 'high',
    rule: `risk score at most ${HIGH_RISK_SCORE * 100}%: the model gives at most a 1% chance that this is a still-active customer in an ordinary quiet spell`,
  },
  {
    risk: 'medium',
    rule: `risk score at most ${MEDIUM_RISK_SCORE * 100}%: quieter than usual for them; every one-time buyer not lost or high once silent as long as the median repeat buyer's gap`,
  },
  {
    risk: 'low',
    rule: "repeat buyers with a risk score above 20%: their silence is ordinary for their own buying rate; one-time buyers not yet silent as long as the median repeat buyer's gap",
  },
];

/** How the score is built, in words. */
export const CHURN_SCORE_RULE =
  "Risk score = P(alive) × silence probability, where the silence probability is the chance that a customer who is still active would go this long without an order, given their own purchase rate as the model estimates it from their orders up to the last one. For an active customer the silence probability is spread evenly between 0 and 1, so a 1% threshold flags about 1 in 100 active customers by chance; a 2× 'typical gap' rule flagged about 1 in 7 weekly buyers.";

/** One-time buyers have no rate of their own; the population's fitted rate stands in. */
export const ONE_TIME_BUYER_RULE =
  "One-time buyers have no buying rate of their own, so their silence probability uses the population's purchase-rate distribution, and their P(alive) for the score allows dropping out right after the first order (BG/NBD itself reports P(alive) = 1 for them). They are rated low only until they have been silent as long as the median repeat buyer's gap: a customer whose first order was last week is not yet due a second.";

/** Without a fitted model: the rhythm rules. */
export const HEURISTIC_RULES: { risk: ChurnRisk; rule: string }[] = [
  { risk: 'lost', rule: 'silent for more than 3× their typical gap between orders' },
  { risk: 'high', rule: 'silent for more than 2× their typical gap' },
  {
    risk: 'medium',
    rule: "silent for more than 1.25× their typical gap; every one-time buyer not lost or high once silent as long as the median repeat buyer's gap",
  },
  { risk: 'low', rule: 'repeat buyers within their rhythm' },
];

/** A rhythm shorter than a week is treated as weekly, so daily buyers are not "lost" after 4 days. */
export const MIN_RHYTHM_DAYS = 7;

/** The heuristic's rule for one-time buyers. */
export const HEURISTIC_ONE_TIME_RULE =
  "One-time buyers are measured against the median repeat buyer's gap: lost beyond 3×, high beyond 1.5×, medium from 1×, and low before it (not yet due a second order).";

/**
 * Risk class from the model. `silence` is P(silent this long | active), `pAlive` the
 * probability the customer is active (for one-time buyers: with dropout allowed after the
 * first order), `gapDays` their typical gap between orders (null: they bought on one day),
 * `populationGapDays` the median repeat buyer's gap, before which a one-time buyer is not yet
 * due a second order (0: every one-time buyer is at least medium, as the backtest, which tests
 * only high and lost, leaves it).
 */
export function modelChurnRisk(
  silence: number,
  pAlive: number,
  daysSinceLast: number,
  gapDays: number | null,
  populationGapDays = 0,
): ChurnRisk {
  // A year of silence is checked first: on a small file the fit can leave a one-time buyer
  // silent 373 days, or a 37-day buyer silent 334 days, at "medium" (Online Retail's
  // two-sheet subset), which no owner reads as anything but a customer who has gone.
  if (silentForAYear(daysSinceLast, gapDays)) return 'lost';
  const score = riskScore(silence, pAlive);
  if (score <= HIGH_RISK_SCORE) return pAlive < LOST_P_ALIVE && daysSinceLast >= LOST_MIN_SILENCE_DAYS ? 'lost' : 'high';
  if (score <= MEDIUM_RISK_SCORE) return 'medium';
  // A one-time buyer has no rhythm of their own to be within: medium once silent as long as
  // the median repeat buyer's gap. Before it they are new, not at risk: Online Retail's
  // customer whose only order was 2 days before the as-of date was listed among revenue at risk.
  return gapDays === null && daysSinceLast >= populationGapDays ? 'medium' : 'low';
}

/** Silent a full year, and not a customer whose own rhythm is that slow (a biennial buyer). */
function silentForAYear(daysSinceLast: number, gapDays: number | null): boolean {
  return daysSinceLast >= LOST_AFTER_DAYS && (gapDays === null || daysSinceLast >= 2 * gapDays);
}

/**
 * A customer's silence probability and class under fitted BG/NBD parameters; x, tₓ and T
 * in the model's time unit, `daysSinceLast` in days (for the absolute "lost" rule),
 * `populationGapDays` as `modelChurnRisk` takes it.
 */
export function classifyWithModel(
  params: BgNbdParams,
  x: number,
  tx: number,
  T: number,
  daysSinceLast: number,
  populationGapDays = 0,
): { silence: number; pAlive: number; risk: ChurnRisk } {
  const silence = silenceProbability(params, x, tx, T);
  const pAlive = x > 0 ? probabilityAlive(params, x, tx, T) : oneTimePAlive(silence, params.a, params.b);
  const gapDays = x > 0 ? (tx * DAYS_PER_UNIT) / x : null;
  return { silence, pAlive, risk: modelChurnRisk(silence, pAlive, daysSinceLast, gapDays, populationGapDays) };
}

/** The combined score the classes are cut from: P(alive) × P(silent this long | active). */
export function riskScore(silence: number, pAlive: number): number {
  return silence * pAlive;
}

/**
 * P(alive) of a one-time buyer for the score: BG/NBD's dropout probability after the first
 * order (a / (a + b), the population's) applied to equation (8)'s form with x = 0:
 * 1 / (1 + (a / b) / S).
 */
export function oneTimePAlive(silence: number, a: number, b: number): number {
  return silence / (silence + a / b);
}

/**
 * Heuristic class for a customer when no model could be fitted. `gapDays` is their typical
 * gap (null for one-time buyers), `populationGapDays` the median gap of repeat buyers;
 * a known `pAlive` can only raise the class (the model path uses `modelChurnRisk`).
 */
export function churnRisk(
  daysSinceLast: number,
  gapDays: number | null,
  populationGapDays: number,
  pAlive: number | null = null,
): ChurnRisk {
  if (gapDays === null) {
    const ratio = daysSinceLast / Math.max(populationGapDays, MIN_RHYTHM_DAYS);
    if (ratio > 3) return 'lost';
    if (ratio > 1.5) return 'high';
    return ratio >= 1 ? 'medium' : 'low';
  }
  const ratio = daysSinceLast / Math.max(gapDays, MIN_RHYTHM_DAYS);
  const alive = pAlive ?? 1;
  if (ratio > 3 || alive < 0.1) return 'lost';
  if (ratio > 2 || alive < 0.5) return 'high';
  if (ratio > 1.25 || alive < 0.8) return 'medium';
  return 'low';
}

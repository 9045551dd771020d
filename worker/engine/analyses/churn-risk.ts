/**
 * The churn-risk rules: how a customer's silence compares with their own buying rhythm.
 * Kept apart from the model so the report can print exactly the rules the code applies.
 */
import type { ChurnRisk } from '../contract';

/** A rhythm shorter than a week is treated as weekly, so daily buyers are not "lost" after 4 days. */
export const MIN_RHYTHM_DAYS = 7;

/** Rules in words, for the report and the analyst. */
export const CHURN_RISK_RULES: { risk: ChurnRisk; rule: string }[] = [
  { risk: 'lost', rule: 'silent for more than 3× their typical gap between orders, or P(alive) below 10%' },
  { risk: 'high', rule: 'silent for more than 2× their typical gap, or P(alive) below 50%' },
  { risk: 'medium', rule: 'silent for more than 1.25× their typical gap, or P(alive) below 80%; every one-time buyer not lost or high' },
  { risk: 'low', rule: 'repeat buyers within their rhythm and P(alive) at least 80%' },
];

/** One-time buyers have no rhythm of their own; the median repeat buyer's gap stands in. */
export const ONE_TIME_BUYER_RULE =
  "One-time buyers are measured against the median repeat buyer's gap: lost beyond 3×, high beyond 1.5×, otherwise medium — never low, although BG/NBD gives them P(alive) = 1.";

/**
 * Risk class for a customer. `gapDays` is their typical gap (null for one-time buyers),
 * `populationGapDays` the median gap of repeat buyers, `pAlive` null without a model.
 */
export function churnRisk(daysSinceLast: number, gapDays: number | null, populationGapDays: number, pAlive: number | null): ChurnRisk {
  if (gapDays === null) {
    const ratio = daysSinceLast / Math.max(populationGapDays, MIN_RHYTHM_DAYS);
    if (ratio > 3) return 'lost';
    if (ratio > 1.5) return 'high';
    return 'medium';
  }
  const ratio = daysSinceLast / Math.max(gapDays, MIN_RHYTHM_DAYS);
  const alive = pAlive ?? 1;
  if (ratio > 3 || alive < 0.1) return 'lost';
  if (ratio > 2 || alive < 0.5) return 'high';
  if (ratio > 1.25 || alive < 0.8) return 'medium';
  return 'low';
}

/** What the churn backtest says of the call list, where it found the model weaker than a plain rule. */
import type { Churn } from '../contract-churn';
import { fixed } from './format';

/**
 * A caveat to follow the call list, with its leading space, or nothing: where the backtest's
 * lift is below 1. CDNOW as of 1997-09-30 said "Call these 12 customers first" while its own
 * backtest found the model's flags less often right (precision 75.9%) than the same number of
 * customers silent longest (95.4%), lift 0.80×.
 */
export function callListCaveat(churn: Pick<Churn, 'backtest'> | null): string {
  const b = churn?.backtest;
  if (!b?.available || b.lift === null || b.lift >= 1) return '';
  return ` The churn backtest found the model's flags less often right than picking the customers silent longest (lift ${fixed(b.lift, 2)}×): check each one's history before calling.`;
}

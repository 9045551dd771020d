/**
 * The churn backtest as the analyst tools report it (inside `get_churn_risk`): how the
 * churn list would have done on the file's own last window, with the one-sentence
 * verdict the reports print. Figures only; no text from the file.
 */
import type { ChurnBacktest } from '../../engine/contract';
import { backtestHeadline } from '../../engine/render/churn-backtest-report';
import { pct, round } from './tool-kit';

/** The tool's view of `churn.backtest`. */
export function backtestSummary(backtest: ChurnBacktest | undefined) {
  // An analysis stored before the backtest existed has none, and no reason to give.
  if (!backtest) return { available: false as const, reason: null };
  if (!backtest.available) return { available: false as const, reason: backtest.note };
  const share = (value: number | null) => (value === null ? null : pct(value));
  return {
    available: true as const,
    verdict: backtestHeadline(backtest),
    cutoff: backtest.cutoff,
    holdoutEnd: backtest.holdoutEnd,
    holdoutDays: backtest.holdoutDays,
    customersTested: backtest.customers,
    didNotOrder: backtest.nonBuyers,
    flaggedHighOrLost: backtest.flagged,
    flaggedAndDidNotOrder: backtest.flaggedWithoutPurchase,
    precisionPct: share(backtest.precision),
    recallPct: share(backtest.recall),
    naiveRecencyPrecisionPct: share(backtest.naive.precision),
    liftOverNaive: backtest.lift === null ? null : round(backtest.lift, 2),
    predictedRepeatPurchases: round(backtest.predictedRepeatPurchases, 1),
    actualRepeatPurchases: backtest.actualRepeatPurchases,
  };
}

/**
 * "How accurate is the churn list?": the offline analyst's intent and answer, and the
 * reliability lines the churn section of the narrative adds. Every figure comes from the
 * `get_churn_risk` tool's `backtest` (the engine's churn backtest).
 */
import { formatNumber, plural } from '../format';
import { getChurnRisk } from '../tools';
import type { backtestSummary } from '../tools/churn-backtest-summary';
import type { SectionRunner } from './sections';
import { tooFewFlagged } from '../../engine/render/churn-backtest-report';

/** Questions about how far the churn list can be trusted. */
export const CHURN_ACCURACY =
  /\b(how (accurate|reliable|good|trustworthy|right)|accuracy|reliab(le|ility)|trust|precision|recall|backtest|track record|calibrat|false (alarm|positive)s?)\b.*\b(churn|at.?risk|risk list|call list|list|flag|prediction|model)|\b(churn|risk|call) (list|model|prediction)s?\b.*\b(accurate|reliable|trust|right|wrong|precision|backtest)/;

/** The tool's backtest as returned by `get_churn_risk`. */
type BacktestView = ReturnType<typeof backtestSummary>;

/** A short clause for the churn headline, or '' without a backtest. */
export function reliabilityClause(backtest: BacktestView): string {
  if (!backtest.available || backtest.flaggedHighOrLost === 0) return '';
  // "1 of 1 customer … did not order" read as a track record: a handful tells nothing.
  if (tooFewFlagged({ flagged: backtest.flaggedHighOrLost })) return '';
  return ` On your last ${backtest.holdoutDays} days, ${formatNumber(backtest.flaggedAndDidNotOrder)} of ${plural(backtest.flaggedHighOrLost, 'customer')} the list would have flagged did not order.`;
}

/** The detail lines on the list's reliability: the verdict, or why there is no backtest. */
export function reliabilityLines(backtest: BacktestView): string[] {
  if (backtest.available) {
    const lift =
      backtest.liftOverNaive === null || tooFewFlagged({ flagged: backtest.flaggedHighOrLost })
        ? ''
        : // "1×" read as a typo (CDNOW: 96.1% against 96.5%).
          backtest.liftOverNaive === 1
          ? " The model's precision is the same as picking the customers silent longest."
          : ` The model's precision is ${backtest.liftOverNaive}× that of picking the customers silent longest.`;
    return [`How reliable the list is: ${backtest.verdict ?? ''}${lift}`];
  }
  return backtest.reason === null ? [] : [`How reliable the list is: not tested. ${backtest.reason}`];
}

/** The chat answer to "how accurate is the churn list?". */
export async function answerChurnAccuracy(runner: SectionRunner): Promise<string> {
  const churn = await runner.call(getChurnRisk, { limit: 5 }, 'Checking how the churn list did on your own data.');
  if (!churn) return 'The churn list is not available for this file, so its accuracy cannot be tested; the tool result above says why.';
  const b = churn.backtest;
  if (!b.available)
    return `The churn list could not be tested on this file: ${b.reason ?? 'this analysis was made before the test existed; run it again.'}`;
  return [
    b.verdict ?? '',
    '',
    `- Tested on ${plural(b.customersTested, 'customer')} who had ordered by ${b.cutoff}; ${b.didNotOrder} of them did not order in the ${b.holdoutDays} days to ${b.holdoutEnd}.`,
    `- "High or lost" as a "will not order" flag: precision ${b.precisionPct ?? 'n/a'}%, recall ${b.recallPct ?? 'n/a'}%.`,
    `- Picking the same number of customers by longest silence: precision ${b.naiveRecencyPrecisionPct ?? 'n/a'}%${b.liftOverNaive === null ? '' : ` (the model's lift over it: ${b.liftOverNaive}×)`}.`,
    `- Repeat purchases in the window: the model predicted ${b.predictedRepeatPurchases}, there were ${b.actualRepeatPurchases}.`,
  ].join('\n');
}

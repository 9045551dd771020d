/**
 * How reliable the churn list is on this file, in words and tables: the backtest section of
 * `churn.md`, and the one sentence the analyst and the chat quote. Every figure comes from
 * `churn.backtest` (engine/analyses/churn-backtest.ts).
 */
import type { ChurnBacktest } from '../contract';
import { count, fixed, plural, share } from './format';
import { blocks, bullets, md, table } from './markdown';

/**
 * Below this many flagged customers a backtest's precision says little (Online Retail's
 * sample: "1 of 1 customer the list would have flagged did not order", precision 100%):
 * the figures are printed, with the warning, and no verdict is drawn from them. At 20 and a
 * precision of 90%, one customer more or less moves it by 5 points.
 */
export const MIN_BACKTEST_FLAGGED = 20;

/** Whether the backtest flagged too few customers to judge the list by. */
export function tooFewFlagged(backtest: { flagged: number }): boolean {
  return backtest.flagged > 0 && backtest.flagged < MIN_BACKTEST_FLAGGED;
}

/**
 * One sentence on the list's track record, e.g. "On your last 90 days, 8 of 10 customers
 * the list would have flagged high or lost did not order." Null when there is no backtest.
 */
export function backtestHeadline(backtest: ChurnBacktest | undefined): string | null {
  if (!backtest?.available) return null;
  const window = `On your last ${count(backtest.holdoutDays)} days (${backtest.cutoff} to ${backtest.holdoutEnd})`;
  if (backtest.flagged === 0) {
    return `${window}, the list refitted without those days flagged no customer high or lost; ${count(backtest.nonBuyers)} of ${plural(backtest.customers, 'customer')} did not order.`;
  }
  const naive =
    backtest.naive.precision !== null
      ? ` Picking the same number of customers by longest silence alone would have been right for ${count(backtest.naive.flaggedWithoutPurchase)} of ${count(backtest.naive.flagged)}.`
      : '';
  if (tooFewFlagged(backtest))
    return `${window}, the list would have flagged only ${plural(backtest.flagged, 'customer')} high or lost (${count(backtest.flaggedWithoutPurchase)} of them did not order): too few to tell how reliable it is.`;
  return (
    `${window}, ${count(backtest.flaggedWithoutPurchase)} of ${plural(backtest.flagged, 'customer')} the list would have flagged high or lost did not order ` +
    `(precision ${share(backtest.precision, 0)}), and they were ${share(backtest.recall, 0)} of the ${plural(backtest.nonBuyers, 'customer')} who did not order.${naive}`
  );
}

/** The "How reliable is this list?" section of churn.md. */
export function backtestSection(backtest: ChurnBacktest | undefined): string {
  if (!backtest) return '';
  if (!backtest.available) return blocks('## How reliable is this list?', `No backtest: ${md(backtest.note)}`);
  const b = backtest;
  const ratio = b.predictedRepeatPurchases > 0 ? b.actualRepeatPurchases / b.predictedRepeatPurchases : null;
  return blocks(
    '## How reliable is this list?',
    `Backtest: the model was refitted on the orders up to ${b.cutoff} only (r = ${fixed(b.params.r, 4)}, α = ${fixed(b.params.alpha, 4)}, a = ${fixed(b.params.a, 4)}, b = ${fixed(b.params.b, 4)}, in weeks), ` +
      `every customer who had bought by then was rated with the rules above, and the ratings were compared with who actually ordered in the ${count(b.holdoutDays)} days to ${b.holdoutEnd}.`,
    md(backtestHeadline(b) ?? ''),
    bullets([
      `Customers tested: ${count(b.customers)}; did not order in the window: ${count(b.nonBuyers)} (${share(b.customers ? b.nonBuyers / b.customers : null)}).`,
      `"High or lost" as a "will not order" flag: precision ${share(b.precision)}, recall ${share(b.recall)}.`,
      `Naive rule (${md(b.naive.rule)}): precision ${share(b.naive.precision)}, recall ${share(b.naive.recall)}; lift of the model over it ${fixed(b.lift, 2)}×.`,
      `Repeat purchases in the window: predicted ${fixed(b.predictedRepeatPurchases, 1)}, actual ${count(b.actualRepeatPurchases)}` +
        (ratio === null ? '.' : ` (actual / predicted = ${fixed(ratio, 2)}).`),
    ]),
    b.note ? md(b.note) : null,
    "Calibration: customers grouped by their P(alive) at the cut-off. An active customer does not always order within the window, so the comparable prediction is the model's P(orders in the window), which combines P(alive) with the customer's purchase rate.",
    table(
      ['P(alive)', 'Customers', 'Mean P(alive)', 'Predicted share ordering', 'Actual share ordering'],
      b.calibration.map((bin) => [
        `${share(bin.from, 0)}–${share(bin.to, 0)}`,
        count(bin.customers),
        share(bin.meanPAlive),
        share(bin.predictedBuyShare),
        share(bin.actualBuyShare),
      ]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
  );
}

/**
 * The churn backtest's calibration chart: per P(alive) bin at the cut-off, the model's
 * predicted share of customers ordering in the holdout window against the share who did.
 * Points on the dashed diagonal mean the model's probabilities held on this file.
 */
import type { AnalysisResult } from '../contract';
import type { Chart } from './charts';
import { share } from './format';
import { lines, PALETTE, shareAxes } from './svg';

/** The chart, or null when the file has no backtest. */
export function churnCalibrationChart(result: AnalysisResult): Chart | null {
  const backtest = result.churn?.backtest;
  if (!backtest?.available) return null;
  const points = backtest.calibration
    .filter((bin) => bin.customers > 0 && bin.predictedBuyShare !== null && bin.actualBuyShare !== null)
    .map((bin): [number, number] => [bin.predictedBuyShare ?? 0, bin.actualBuyShare ?? 0]);
  if (points.length === 0) return null;
  points.sort((p, q) => p[0] - q[0]);
  const title = `Churn backtest: predicted vs actual ordering, last ${backtest.holdoutDays} days`;
  const description =
    `The model refitted on orders up to ${backtest.cutoff}, customers grouped in ${points.length} P(alive) bins: ` +
    points.map(([p, a]) => `predicted ${share(p, 0)}, actual ${share(a, 0)}`).join('; ') +
    '. The dashed line is perfect calibration.';
  const svg = lines({ id: 'churn-calibration', title, description }, shareAxes('Predicted share ordering in the window', 'Actual share'), [
    { points, color: PALETTE.primary, label: 'Model, by P(alive) bin' },
    {
      points: [
        [0, 0],
        [1, 1],
      ],
      color: PALETTE.muted,
      label: 'Perfect calibration',
      dashed: true,
    },
  ]);
  return { name: 'churn-calibration.svg', title, svg };
}

/**
 * The churn backtest: how well would the churn list have worked on this very file? Refit
 * BG/NBD on the data up to a cut-off H days before the as-of date, rate every customer as
 * the churn list would have then, and compare with who actually bought in the last H days.
 */
import { isoDay, type Aggregates } from '../aggregate/types';
import type { CalibrationBin, ChurnBacktest } from '../contract';
import { conditionalExpectedPurchases, fitBgNbd, probabilityAlive, type BgNbdParams } from './bg-nbd';
import { classifyWithModel, DAYS_PER_UNIT } from './churn-risk';

/** Days per model time unit (weeks, as in `churn.ts`). */
/** The holdout window: 90 days, or a quarter of the span when that is shorter. */
export const BACKTEST_HOLDOUT_DAYS = 90;
/** The file must cover at least this many days (six months) for a backtest. */
export const MIN_BACKTEST_SPAN_DAYS = 183;
const MIN_CUSTOMERS = 50;
const MIN_REPEAT_CUSTOMERS = 20;
/**
 * The refit uses a systematic sample of at most this many customers (every customer is
 * still scored): CDNOW's published parameters come from 2,357 customers, and the refit
 * must stay under a quarter of the analysis time at 1M rows (see README, Churn backtest).
 */
const MAX_FIT_CUSTOMERS = 2_500;
const CALIBRATION_BINS = 5;

export interface BacktestOptions {
  /** Last day of the calibration period (epoch day); default asOf − H. */
  cutoffDay?: number;
  /** Fixed BG/NBD parameters (weeks) instead of a refit, e.g. published ones. */
  params?: BgNbdParams;
}

/** Per-customer state at the cut-off, from the (customer, day) pairs. */
interface CutoffSummary {
  /** Customer indexes with a purchase on or before the cut-off. */
  customers: number[];
  x: Float64Array;
  tx: Float64Array;
  T: Float64Array;
  daysSinceLast: Int32Array;
  /** Distinct purchase days in the holdout window. */
  holdoutPurchases: Int32Array;
}

function summariseAtCutoff(agg: Aggregates, pairs: NonNullable<Aggregates['customerDays']>, cutoff: number, end: number): CutoffSummary {
  const n = agg.customers.count;
  const daysBefore = new Int32Array(n);
  const lastBefore = new Int32Array(n).fill(-1);
  const after = new Int32Array(n);
  for (let k = 0; k < pairs.customer.length; k++) {
    const i = pairs.customer[k];
    const day = pairs.day[k];
    if (day <= cutoff) {
      daysBefore[i]++;
      if (day > lastBefore[i]) lastBefore[i] = day;
    } else if (day <= end) after[i]++;
  }
  const customers: number[] = [];
  for (let i = 0; i < n; i++) if (daysBefore[i] > 0) customers.push(i);
  const first = agg.customers.firstDay;
  return {
    customers,
    x: Float64Array.from(customers, (i) => daysBefore[i] - 1),
    tx: Float64Array.from(customers, (i) => (lastBefore[i] - first[i]) / DAYS_PER_UNIT),
    T: Float64Array.from(customers, (i) => (cutoff - first[i]) / DAYS_PER_UNIT),
    daysSinceLast: Int32Array.from(customers, (i) => cutoff - lastBefore[i]),
    holdoutPurchases: Int32Array.from(customers, (i) => after[i]),
  };
}

function systematic(values: Float64Array, max: number): Float64Array {
  if (values.length <= max) return values;
  return Float64Array.from({ length: max }, (_, k) => values[Math.floor((k * values.length) / max)]);
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The backtest, or the reason there is none. */
export function backtestOf(agg: Aggregates, asOfDay: number, options: BacktestOptions = {}): ChurnBacktest {
  if (!agg.hasDates || asOfDay < 0)
    return { available: false, note: 'The file has no order dates, so the churn list cannot be tested against what happened.' };
  const pairs = agg.customerDays;
  if (!pairs)
    return {
      available: false,
      note: 'The file has no purchase history per customer, so the churn list cannot be tested against what happened.',
    };
  const covered = asOfDay - agg.firstDay + 1;
  const holdout = options.cutoffDay !== undefined ? asOfDay - options.cutoffDay : Math.min(BACKTEST_HOLDOUT_DAYS, Math.floor(covered / 4));
  if (options.cutoffDay === undefined && (covered < MIN_BACKTEST_SPAN_DAYS || covered < 2 * holdout)) {
    return {
      available: false,
      note:
        `The data covers only ${covered.toLocaleString('en-US')} day${covered === 1 ? '' : 's'}; testing the churn list needs at least 6 months ` +
        `(${MIN_BACKTEST_SPAN_DAYS} days), so the model can be refitted without the last ${BACKTEST_HOLDOUT_DAYS} days and checked against them.`,
    };
  }
  const cutoff = asOfDay - holdout;
  const s = summariseAtCutoff(agg, pairs, cutoff, asOfDay);
  const repeat = s.x.reduce((count, value) => count + (value > 0 ? 1 : 0), 0);
  if (!options.params && (s.customers.length < MIN_CUSTOMERS || repeat < MIN_REPEAT_CUSTOMERS)) {
    return {
      available: false,
      note: `Before the last ${holdout} days only ${repeat} of ${s.customers.length} customers had bought on more than one day; the model needs at least ${MIN_REPEAT_CUSTOMERS} repeat customers among ${MIN_CUSTOMERS}+ to be tested.`,
    };
  }
  const params =
    options.params ??
    fitBgNbd(
      { x: systematic(s.x, MAX_FIT_CUSTOMERS), tx: systematic(s.tx, MAX_FIT_CUSTOMERS), T: systematic(s.T, MAX_FIT_CUSTOMERS) },
      // Predictions for the window move far less than 0.1% when the log-parameters move by
      // 1e-4; a tighter tolerance only spends time crawling along the flat a–b ridge that
      // files with almost no dropout have (measured at 1M rows: about 7 s → 2 s).
      { tolerance: 1e-10, xTolerance: 1e-4, restarts: 1, maxEvaluations: 800 },
    );
  if (![params.r, params.alpha, params.a, params.b].every(Number.isFinite)) {
    return {
      available: false,
      note: 'The model could not be refitted on the data before the holdout window, so the churn list cannot be tested.',
    };
  }

  const windowUnits = holdout / DAYS_PER_UNIT;
  const n = s.customers.length;
  const flaggedIndex: number[] = [];
  const bins = Array.from({ length: CALIBRATION_BINS }, () => ({ customers: 0, pAlive: 0, predicted: 0, bought: 0 }));
  let nonBuyers = 0;
  let flaggedWithoutPurchase = 0;
  let predictedRepeat = 0;
  let actualRepeat = 0;
  for (let k = 0; k < n; k++) {
    const bought = s.holdoutPurchases[k] > 0;
    if (!bought) nonBuyers++;
    const { risk } = classifyWithModel(params, s.x[k], s.tx[k], s.T[k], s.daysSinceLast[k]);
    if (risk === 'high' || risk === 'lost') {
      flaggedIndex.push(k);
      if (!bought) flaggedWithoutPurchase++;
    }
    const pAlive = probabilityAlive(params, s.x[k], s.tx[k], s.T[k]);
    // P(no purchase in the window) = P(dead) + P(alive) × E[e^(−λt)] under Gamma(r + x, α + T).
    const quiet = Math.exp((params.r + s.x[k]) * (Math.log(params.alpha + s.T[k]) - Math.log(params.alpha + s.T[k] + windowUnits)));
    const bin = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(pAlive * CALIBRATION_BINS))];
    bin.customers++;
    bin.pAlive += pAlive;
    bin.predicted += 1 - (1 - pAlive + pAlive * quiet);
    if (bought) bin.bought++;
    predictedRepeat += conditionalExpectedPurchases(params, windowUnits, s.x[k], s.tx[k], s.T[k]);
    actualRepeat += s.holdoutPurchases[k];
  }

  // The naive rule: the same number of customers, longest silence first.
  const byRecency = Array.from({ length: n }, (_, k) => k).sort((p, q) => s.daysSinceLast[q] - s.daysSinceLast[p] || p - q);
  const naiveFlagged = byRecency.slice(0, flaggedIndex.length);
  const naiveWithout = naiveFlagged.reduce((count, k) => count + (s.holdoutPurchases[k] > 0 ? 0 : 1), 0);
  const precision = ratio(flaggedWithoutPurchase, flaggedIndex.length);
  const naivePrecision = ratio(naiveWithout, naiveFlagged.length);
  const calibration: CalibrationBin[] = bins.map((bin, b) => ({
    from: b / CALIBRATION_BINS,
    to: (b + 1) / CALIBRATION_BINS,
    customers: bin.customers,
    meanPAlive: ratio(bin.pAlive, bin.customers),
    predictedBuyShare: ratio(bin.predicted, bin.customers),
    actualBuyShare: ratio(bin.bought, bin.customers),
  }));
  return {
    available: true,
    note: flaggedIndex.length === 0 ? 'No customer was rated high or lost at the cut-off, so precision and lift cannot be measured.' : null,
    cutoff: isoDay(cutoff) ?? '',
    holdoutEnd: isoDay(asOfDay) ?? '',
    holdoutDays: holdout,
    params: { r: params.r, alpha: params.alpha, a: params.a, b: params.b, timeUnit: 'weeks' },
    customers: n,
    nonBuyers,
    flagged: flaggedIndex.length,
    flaggedWithoutPurchase,
    precision,
    recall: ratio(flaggedWithoutPurchase, nonBuyers),
    naive: {
      rule: `the ${naiveFlagged.length.toLocaleString('en-US')} customers silent longest at the cut-off`,
      flagged: naiveFlagged.length,
      flaggedWithoutPurchase: naiveWithout,
      precision: naivePrecision,
      recall: ratio(naiveWithout, nonBuyers),
    },
    lift: precision !== null && naivePrecision !== null && naivePrecision > 0 ? precision / naivePrecision : null,
    calibration,
    predictedRepeatPurchases: predictedRepeat,
    actualRepeatPurchases: actualRepeat,
  };
}

/**
 * Question 3 — who is about to leave? A BG/NBD model fitted by maximum likelihood on each
 * customer's (x, tₓ, T), Gamma-Gamma expected spend and 12-month CLV, and risk classes
 * that compare each customer's silence with their own rhythm (see `churn-risk.ts`).
 * Falls back to the rhythm rules alone when the data cannot support a fit.
 */
import { churnByRisk, churnCallList } from './churn-summary';
import type { Aggregates } from '../aggregate/types';
import type { Churn, ChurnBacktest, ChurnCustomer, ChurnRisk } from '../contract';
import { conditionalExpectedPurchases, fitBgNbd, probabilityAlive, type BgNbdParams } from './bg-nbd';
import { monthOfDay, revenueInMonths } from './calendar';
import { classifyWithModel, churnRisk, DAYS_PER_UNIT } from './churn-risk';
import { backtestOf } from './churn-backtest';
import { conditionalExpectedSpend, fitGammaGamma, type GammaGammaParams } from './gamma-gamma';

/** BG/NBD needs enough repeat buyers to separate purchase rate from dropout. */
export const MIN_CUSTOMERS_FOR_FIT = 50;
export const MIN_REPEAT_CUSTOMERS_FOR_FIT = 20;
/** Churn needs history: a file spanning less than this many days gets no churn analysis. */
export const MIN_SPAN_DAYS = 28;
/**
 * Above this many customers the models are fitted on a systematic sample (every k-th
 * customer in file order): the likelihood costs O(customers) per optimizer step, and
 * 10,000 customers already pin the four parameters down far below their standard errors.
 */
export const MAX_FIT_CUSTOMERS = 10_000;
/** When no customer has bought twice, assume a quarterly rhythm for one-time buyers. */
const DEFAULT_GAP_DAYS = 90;

/**
 * Among customers with the same revenue at risk (above all none: nothing bought in the
 * last 12 months, or medium risk), those still to be won back come first: a list led by
 * customers lost three years ago is no call list.
 */
const RISK_ORDER: Record<ChurnRisk, number> = { high: 0, medium: 1, lost: 2, low: 3 };

function unavailable(note: string, backtest: ChurnBacktest): Churn {
  return { model: 'unavailable', params: null, gammaGamma: null, note, revenueAtRisk: 0, customers: [], backtest };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Churn risk per customer; `model: 'unavailable'` with a note when the file has no usable dates. */
export function churnOf(agg: Aggregates, asOfDay: number): Churn | null {
  const c = agg.customers;
  if (c.count === 0) return null;
  if (!agg.hasDates || asOfDay < 0)
    return unavailable('The file has no order dates, so churn risk cannot be measured.', backtestOf(agg, asOfDay));
  const span = asOfDay - agg.firstDay;
  if (span < MIN_SPAN_DAYS) {
    return unavailable(
      `The data covers only ${span + 1} day${span === 0 ? '' : 's'}; churn risk needs at least ${MIN_SPAN_DAYS} days of order history.`,
      backtestOf(agg, asOfDay),
    );
  }

  // Customers with at least one purchase on or before the as-of date.
  const active: number[] = [];
  for (let i = 0; i < c.count; i++) if (c.purchaseDays[i] > 0 && c.firstDay[i] >= 0 && c.firstDay[i] <= asOfDay) active.push(i);
  const x = Float64Array.from(active, (i) => c.purchaseDays[i] - 1);
  const tx = Float64Array.from(active, (i) => (Math.min(c.lastDay[i], asOfDay) - c.firstDay[i]) / DAYS_PER_UNIT);
  const T = Float64Array.from(active, (i) => (asOfDay - c.firstDay[i]) / DAYS_PER_UNIT);
  const repeatCount = x.reduce((count, value) => count + (value > 0 ? 1 : 0), 0);

  let params: (BgNbdParams & { logLikelihood: number }) | null = null;
  let note: string | null = null;
  if (active.length >= MIN_CUSTOMERS_FOR_FIT && repeatCount >= MIN_REPEAT_CUSTOMERS_FOR_FIT) {
    const sample = systematicSample(active.length, MAX_FIT_CUSTOMERS);
    const fitted = fitBgNbd({ x: pick(x, sample), tx: pick(tx, sample), T: pick(T, sample) });
    if (sample.length < active.length) {
      note = `BG/NBD and Gamma-Gamma were fitted on a systematic sample of ${sample.length.toLocaleString('en-US')} of ${active.length.toLocaleString('en-US')} customers; every customer is scored.`;
    }
    if ([fitted.r, fitted.alpha, fitted.a, fitted.b, fitted.logLikelihood].every(Number.isFinite)) params = fitted;
    else note = 'The BG/NBD fit did not converge, so risk follows the rhythm rules alone.';
  } else {
    note =
      `Only ${repeatCount} of ${active.length} customers bought on more than one day; BG/NBD needs at least ` +
      `${MIN_REPEAT_CUSTOMERS_FOR_FIT} repeat customers among ${MIN_CUSTOMERS_FOR_FIT}+, so risk follows the rhythm rules alone.`;
  }
  const spendModel = params ? fitSpend(agg, active, x, systematicSample(active.length, MAX_FIT_CUSTOMERS)) : null;

  const asOfMonth = monthOfDay(asOfDay);
  const revenue12m = revenueInMonths(agg.customerMonths, c.count, asOfMonth - 11, asOfMonth);
  const gaps: (number | null)[] = Array.from(x, (repeats, k) => (repeats > 0 ? (tx[k] * DAYS_PER_UNIT) / repeats : null));
  const repeatGaps = gaps.filter((gap): gap is number => gap !== null);
  const populationGap = median(repeatGaps) ?? DEFAULT_GAP_DAYS;
  const horizon90 = 90 / DAYS_PER_UNIT;
  const horizon365 = 365 / DAYS_PER_UNIT;

  const customers: ChurnCustomer[] = active.map((i, k) => {
    const daysSinceLastOrder = asOfDay - Math.min(c.lastDay[i], asOfDay);
    const pAlive = params ? probabilityAlive(params, x[k], tx[k], T[k]) : null;
    const scored = params ? classifyWithModel(params, x[k], tx[k], T[k], daysSinceLastOrder, populationGap) : null;
    const risk = scored ? scored.risk : churnRisk(daysSinceLastOrder, gaps[k], populationGap);
    const expectedSpend = spendModel ? conditionalExpectedSpend(spendModel, x[k], c.revenue[i] / c.purchaseDays[i]) : null;
    const expected12m = params ? conditionalExpectedPurchases(params, horizon365, x[k], tx[k], T[k]) : null;
    return {
      id: c.ids[i],
      name: c.names[i],
      pAlive,
      silenceProbability: scored ? scored.silence : null,
      expectedPurchases90d: params ? conditionalExpectedPurchases(params, horizon90, x[k], tx[k], T[k]) : null,
      daysSinceLastOrder,
      // Rounded for display; the risk class above used the exact gap.
      typicalGapDays: gaps[k] === null ? null : Math.round(gaps[k] * 10) / 10,
      purchaseDays: c.purchaseDays[i],
      revenue12m: revenue12m[i],
      // Revenue at risk: the last 12 months' revenue of customers rated high or lost.
      revenueAtRisk: risk === 'high' || risk === 'lost' ? Math.max(0, revenue12m[i]) : 0,
      risk,
      expectedSpend,
      clv12m: expectedSpend !== null && expected12m !== null ? expected12m * expectedSpend : null,
    };
  });
  // Among equals (lost customers who bought nothing in the last 12 months), the most they
  // ever bought first: Superstore's 71 lost customers came in file order, the win-back list's top.
  const lifetime = new Map(customers.map((customer, k) => [customer, c.revenue[active[k]]]));
  customers.sort(
    (p, q) =>
      q.revenueAtRisk - p.revenueAtRisk ||
      RISK_ORDER[p.risk] - RISK_ORDER[q.risk] ||
      q.revenue12m - p.revenue12m ||
      (lifetime.get(q) as number) - (lifetime.get(p) as number),
  );

  return {
    model: params ? 'bg-nbd' : 'heuristic',
    params: params
      ? { r: params.r, alpha: params.alpha, a: params.a, b: params.b, timeUnit: 'weeks', logLikelihood: params.logLikelihood }
      : null,
    gammaGamma: spendModel,
    note,
    // Rounded to the cent at the edge, like the totals, so every surface quotes one value.
    revenueAtRisk: Math.round(customers.reduce((sum, customer) => sum + customer.revenueAtRisk, 0) * 100) / 100,
    customers,
    byRisk: churnByRisk(customers),
    callList: churnCallList(customers),
    backtest: backtestOf(agg, asOfDay),
    repeatGap: repeatGaps.length > 0 ? { medianDays: populationGap, customers: repeatGaps.length } : null,
    clv12mTotal: clvTotalOf(customers),
  };
}

/** The customers' predicted 12-month spend, summed to the cent; null when no customer has one. */
function clvTotalOf(customers: readonly ChurnCustomer[]): { value: number; customers: number } | null {
  const scored = customers.filter((customer) => typeof customer.clv12m === 'number');
  if (scored.length === 0) return null;
  const value = scored.reduce((sum, customer) => sum + (customer.clv12m as number), 0);
  return { value: Math.round(value * 100) / 100, customers: scored.length };
}

/** Indexes 0..n−1, or every (n / max)-th one when n > max. */
function systematicSample(n: number, max: number): Int32Array {
  if (n <= max) return Int32Array.from({ length: n }, (_, k) => k);
  return Int32Array.from({ length: max }, (_, k) => Math.floor((k * n) / max));
}

function pick(values: Float64Array, sample: Int32Array): Float64Array {
  return sample.length === values.length ? values : Float64Array.from(sample, (k) => values[k]);
}

/**
 * Gamma-Gamma on repeat customers with positive spend. The mean spend per purchase day
 * includes the first purchase (the aggregates do not keep it apart); the model needs
 * q > 1 for a finite expected spend, so a fit with q ≤ 1 is dropped.
 */
function fitSpend(agg: Aggregates, active: number[], x: Float64Array, sample: Int32Array): GammaGammaParams | null {
  const c = agg.customers;
  const xs: number[] = [];
  const means: number[] = [];
  sample.forEach((k) => {
    const i = active[k];
    const mean = c.revenue[i] / c.purchaseDays[i];
    if (x[k] > 0 && mean > 0) {
      xs.push(x[k]);
      means.push(mean);
    }
  });
  if (xs.length < MIN_REPEAT_CUSTOMERS_FOR_FIT) return null;
  const fitted = fitGammaGamma(xs, means);
  if (![fitted.p, fitted.q, fitted.v].every(Number.isFinite) || fitted.q <= 1) return null;
  return { p: fitted.p, q: fitted.q, v: fitted.v };
}

/**
 * Net and gross revenue retention year over year (issue 16 part 1).
 *
 * Windows are calendar months, because the aggregates keep revenue per customer and
 * month: `current` is the 12 complete months ending with the last complete month at the
 * as-of date, `prior` the 12 months before it. The base is every customer with positive
 * net revenue in `prior`. With P and C a base customer's net revenue in the two windows:
 *
 *   NRR = Σ C / Σ P                       (starting revenue + expansion − contraction − churn) / starting revenue
 *   GRR = Σ min(max(C, 0), P) / Σ P       the same without expansion: each customer capped at P
 *
 * the standard SaaS definitions (see README "Cohort retention"), with trailing-12-month
 * revenue standing in for ARR, as a transactional customer has no contract.
 */
import type { Aggregates } from '../aggregate/types';
import type { NetRetention } from '../contract';
import { firstCompleteMonth, monthEndIso, monthStartIso } from './cohort-calendar';

const cents = (v: number): number => Math.round(v * 100) / 100;

/** Each customer's net revenue in the prior and the current window. */
export interface WindowRevenue {
  prior: Float64Array;
  current: Float64Array;
  priorFrom: number;
  currentTo: number;
}

/** The two windows' revenue per customer, or a reason when the file is too short for them. */
export function windowRevenueOf(agg: Aggregates, lastMonth: number): WindowRevenue | string {
  const currentTo = lastMonth;
  const priorFrom = lastMonth - 23;
  const firstMonth = firstCompleteMonth(agg.firstDay);
  if (priorFrom < firstMonth) {
    return `NRR needs 24 complete months (the 12 ending ${monthEndIso(lastMonth)} and the 12 before); the file's complete months start ${monthStartIso(firstMonth)}.`;
  }
  const prior = new Float64Array(agg.customers.count);
  const current = new Float64Array(agg.customers.count);
  const { a, b, revenue } = agg.customerMonths;
  for (let k = 0; k < a.length; k++) {
    const month = b[k];
    if (month < priorFrom || month > currentTo) continue;
    if (month <= currentTo - 12) prior[a[k]] += revenue[k];
    else current[a[k]] += revenue[k];
  }
  return { prior, current, priorFrom, currentTo };
}

/** Running sums of one retention base (all customers, or one cohort's). */
export class RetentionSums {
  customers = 0;
  retainedCustomers = 0;
  churnedCustomers = 0;
  priorRevenue = 0;
  currentRevenue = 0;
  capped = 0;
  expansion = 0;
  contraction = 0;
  churned = 0;

  /** Adds one customer; customers without positive prior revenue are not in the base. */
  add(p: number, c: number): void {
    if (!(p > 0)) return;
    this.customers++;
    this.priorRevenue += p;
    this.currentRevenue += c;
    this.capped += Math.min(Math.max(c, 0), p);
    if (c > p) this.expansion += c - p;
    if (c > 0) {
      this.retainedCustomers++;
      if (c < p) this.contraction += p - c;
    } else {
      this.churnedCustomers++;
      this.churned += p - c;
    }
  }

  get nrr(): number | null {
    return this.priorRevenue > 0 ? this.currentRevenue / this.priorRevenue : null;
  }

  get grr(): number | null {
    return this.priorRevenue > 0 ? this.capped / this.priorRevenue : null;
  }
}

/** The contract's `netRetention` from the file-wide sums. */
export function netRetentionOf(windows: WindowRevenue | string): NetRetention {
  if (typeof windows === 'string') return { available: false, note: windows };
  const sums = new RetentionSums();
  for (let c = 0; c < windows.prior.length; c++) sums.add(windows.prior[c], windows.current[c]);
  if (sums.customers === 0) return { available: false, note: 'No customer had positive revenue in the prior 12 months.' };
  return {
    available: true,
    prior: { from: monthStartIso(windows.priorFrom), to: monthEndIso(windows.priorFrom + 11) },
    current: { from: monthStartIso(windows.currentTo - 11), to: monthEndIso(windows.currentTo) },
    customers: sums.customers,
    retainedCustomers: sums.retainedCustomers,
    logoRetention: sums.retainedCustomers / sums.customers,
    priorRevenue: cents(sums.priorRevenue),
    currentRevenue: cents(sums.currentRevenue),
    expansion: cents(sums.expansion),
    contraction: cents(sums.contraction),
    churned: cents(sums.churned),
    churnedCustomers: sums.churnedCustomers,
    nrr: sums.nrr ?? 0,
    grr: sums.grr ?? 0,
  };
}
